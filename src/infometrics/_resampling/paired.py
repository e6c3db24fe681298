"""Paired comparison of two classifiers on the same samples, by bootstrap."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._counting.label_checks import check_labels_array
from .._measures.registry import check_measure
from ..exceptions import UndefinedMeasureWarning
from .bootstrap import Resampler, label_groups, measures_of
from .intervals import _percentiles, tell


@dataclass(frozen=True)
class PairedComparison:
    """Two classifiers compared on bootstrap resamples of the same samples.

    Attributes
    ----------
    measure : str
        The registry name compared.
    estimate_a, estimate_b, estimate_difference : float
        The measure of A and of B on the data as given, and ``a - b``.
    low, high : float
        Percentile interval of the difference, as in :class:`BootstrapInterval`.
    confidence_level : float
        Coverage of ``[low, high]``.
    fraction_a_better : float
        Share of the defined resamples where A is better, ties half.
    p_value : float
        Two-sided bootstrap p-value of "no difference".
    distribution : ndarray of shape (n_resamples,)
        ``measure(A) - measure(B)`` on every resample.
    """

    measure: str
    estimate_a: float
    estimate_b: float
    estimate_difference: float
    low: float
    high: float
    confidence_level: float
    fraction_a_better: float
    p_value: float
    distribution: np.ndarray

    def __repr__(self):
        return (
            f"PairedComparison({self.measure}: A={self.estimate_a:.4f}, "
            f"B={self.estimate_b:.4f}, A-B={self.estimate_difference:.4f}, "
            f"{self.confidence_level:.0%} CI=[{self.low:.4f}, {self.high:.4f}], "
            f"A better in {self.fraction_a_better:.1%} of resamples, "
            f"p={self.p_value:.4g})"
        )


def _bootstrap_p_value(estimate, distribution):
    """Two-sided p-value of "no difference" (shifted null, Monte-Carlo corrected)."""
    defined = distribution[~np.isnan(distribution)]
    if not defined.size or not np.isfinite(estimate):
        return float("nan")
    if estimate != 0 and defined.min() == defined.max():
        # A point-mass null would make any non-zero difference significant.
        tell(
            f"The difference A - B is {defined[0]:.4g} on every resample, so the "
            "bootstrap has no spread to test 'no difference' against and "
            "p_value is NaN. Compare on more samples.",
            UndefinedMeasureWarning,
        )
        return float("nan")
    # Differences equal up to rounding count as "at least as extreme".
    tolerance = 1e-12 * max(1.0, abs(estimate))
    extreme = np.count_nonzero(np.abs(defined - estimate) >= abs(estimate) - tolerance)
    return float((extreme + 1) / (defined.size + 1))


def paired_comparison(
    y_true: ArrayLike,
    y_pred_a: ArrayLike,
    y_pred_b: ArrayLike,
    *,
    measure: str = "ni2",
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    random_state: int | np.random.Generator | None = None,
    verbose: int = 0,
) -> PairedComparison:
    """Compare two classifiers on a measure, on bootstrap resamples of the same samples.

    Both are scored on the same resamples (see the user guide, "Uncertainty").

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred_a, y_pred_b : array-like of shape (n_samples,)
        Predictions of A and B on the same samples.
    measure : str, default="ni2"
        Registry name; its direction decides what "better" means.
    labels, reject_label, sample_weight
        As for :func:`augmented_confusion_matrix`.
    n_resamples, confidence_level, random_state, verbose
        As for :func:`bootstrap_measures`.

    Returns
    -------
    comparison : PairedComparison

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics.resampling import paired_comparison
    >>> y_true = np.repeat([0, 1, 2], 100)
    >>> better = y_true.copy(); better[::10] = -1          # rejects 10%
    >>> worse = y_true.copy(); worse[::10] = (worse[::10] + 1) % 3  # errs on them
    >>> result = paired_comparison(y_true, better, worse, random_state=0)
    >>> result.fraction_a_better
    1.0
    >>> result.p_value  # 1 / (1000 + 1): no resample as extreme under the null
    0.000999
    """
    spec = check_measure(measure)
    resampler = Resampler(
        "paired_comparison", n_resamples, confidence_level, random_state, verbose
    )
    names = ("y_true", "y_pred_a", "y_pred_b")
    arrays = [
        check_labels_array(y, name)
        for y, name in zip((y_true, y_pred_a, y_pred_b), names, strict=True)
    ]
    if len({len(y) for y in arrays}) > 1:
        raise ValueError(
            "y_true, y_pred_a and y_pred_b must have the same length, one entry "
            f"per sample; got {', '.join(str(len(y)) for y in arrays)}."
        )
    matrices, group_counts, cells, group_weights = label_groups(
        arrays[0],
        list(zip(arrays[1:], names[1:], strict=True)),
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    values = resampler.measures(
        group_counts, cells, matrices, [spec.name], group_weights
    )
    # inf - inf is undefined (NaN), said with the interval's warning.
    with np.errstate(invalid="ignore"):
        distribution = values[0][spec.name] - values[1][spec.name]
    a, b = (float(measures_of(m, [spec.name])[spec.name]) for m in matrices)
    oriented = distribution if spec.higher_is_better else -distribution
    # inf against a finite value is a win; only NaN differences are left out.
    defined = oriented[~np.isnan(oriented)]
    wins = np.count_nonzero(defined > 0) + 0.5 * np.count_nonzero(defined == 0)
    name = f"{spec.name}(A) - {spec.name}(B)"
    return PairedComparison(
        spec.name,
        a,
        b,
        a - b,
        *_percentiles(distribution, resampler.confidence_level, name=name),
        resampler.confidence_level,
        float(wins / defined.size) if defined.size else float("nan"),
        _bootstrap_p_value(a - b, distribution),
        distribution,
    )
