"""Bootstrap confidence intervals and paired comparisons (vectorised stacks)."""

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._counting.labels import (
    check_sample_weight,
    confusion_matrix_and_labels,
    encode_labels,
)
from .._measures.registry import check_measure, compute_measures
from .._measures.validation import check_confusion_matrix

# Resampled cells (or sample indices) drawn at once; bounds memory.
_BLOCK_ENTRIES = 1 << 24


@dataclass(frozen=True)
class BootstrapInterval:
    """A point estimate with a percentile bootstrap confidence interval.

    Attributes
    ----------
    estimate : float
        The measure on the data as given.
    low, high : float
        Bounds of the interval (``nan``-resamples ignored).
    confidence_level : float
        E.g. 0.95.
    distribution : ndarray of shape (n_resamples,)
        The measure on every resample (``nan`` where undefined).
    """

    estimate: float
    low: float
    high: float
    confidence_level: float
    distribution: np.ndarray

    def __repr__(self):
        return (
            f"BootstrapInterval(estimate={self.estimate:.4f}, "
            f"{self.confidence_level:.0%} CI=[{self.low:.4f}, {self.high:.4f}])"
        )


def _check_resampling(n_resamples, confidence_level):
    if not isinstance(n_resamples, (int, np.integer)) or n_resamples < 1:
        raise ValueError(
            f"n_resamples must be a positive integer; got {n_resamples!r}."
        )
    if not 0 < confidence_level < 1:
        raise ValueError(
            f"confidence_level must be in (0, 1), e.g. 0.95; got {confidence_level!r}."
        )


def _multinomial_stack(counts, n_resamples, rng):
    """Resampled matrices: multinomial draws of the total over the cells."""
    flat = counts.reshape(-1)
    total = flat.sum()
    if total <= 0:
        raise ValueError("The confusion matrix is empty; there is nothing to resample.")
    if not np.allclose(flat, np.round(flat)):
        raise ValueError(
            "Multinomial resampling needs integer counts; for weighted data pass the "
            "labels and sample_weight to resample samples instead."
        )
    draws = rng.multinomial(round(total), flat / total, size=n_resamples)
    return draws.reshape(n_resamples, *counts.shape).astype(float)


def _resampled_cell_counts(code_arrays, weights, n_cells, n_resamples, rng):
    """Weighted cell counts of ``n_resamples`` resamples of the samples.

    The same resampled sample indices serve every array of ``code_arrays`` (two
    classifiers on the same samples stay paired). Returns one array of shape
    (n_resamples, n_cells) per code array.
    """
    n_samples = len(weights)
    results = [np.empty((n_resamples, n_cells)) for _ in code_arrays]
    block = max(1, _BLOCK_ENTRIES // max(n_samples, 1))
    for start in range(0, n_resamples, block):
        size = min(block, n_resamples - start)
        picks = rng.integers(0, n_samples, size=(size, n_samples))
        offsets = np.arange(size)[:, None] * n_cells
        picked_weights = weights[picks].ravel()
        for codes, result in zip(code_arrays, results, strict=True):
            result[start : start + size] = np.bincount(
                (codes[picks] + offsets).ravel(),
                weights=picked_weights,
                minlength=size * n_cells,
            ).reshape(size, n_cells)
    return results


def _intervals(point, stack, names, confidence_level):
    values = compute_measures(stack, names, replace_undefined_by=np.nan)
    alpha = (1.0 - confidence_level) / 2.0
    result = {}
    for name in names:
        distribution = np.asarray(values[name], dtype=float)
        finite = distribution[np.isfinite(distribution)]
        low, high = (
            np.quantile(finite, [alpha, 1 - alpha]) if finite.size else (np.nan,) * 2
        )
        result[name] = BootstrapInterval(
            estimate=float(point[name]),
            low=float(low),
            high=float(high),
            confidence_level=confidence_level,
            distribution=distribution,
        )
    return result


def bootstrap_measures(
    confusion_matrix: ArrayLike,
    measures=("ni2",),
    *,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    random_state: int | np.random.Generator | None = None,
) -> dict[str, BootstrapInterval]:
    """Bootstrap confidence intervals of measures from a confusion matrix.

    The samples behind the matrix are resampled with replacement, which for
    counts is a multinomial draw of ``n`` samples over the cells with the
    observed frequencies. All resamples are evaluated as one stack.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m)
        Integer counts.
    measures : sequence of str, default=("ni2",)
        Registry names (``"ni1"`` ... ``"ni24"``, ``"info_completeness"``, ...).
    n_resamples : int, default=1000
        Number of bootstrap resamples.
    confidence_level : float, default=0.95
        Coverage of the percentile interval.
    random_state : int, Generator or None, default=None
        Seed for reproducible resamples.

    Returns
    -------
    intervals : dict of str to BootstrapInterval
        Estimate, interval and resampled distribution per measure.

    See Also
    --------
    bootstrap_measures_score : The same from labels (resampling samples).
    paired_comparison : Two classifiers on the same samples.

    Examples
    --------
    >>> from infometrics import bootstrap_measures
    >>> intervals = bootstrap_measures(
    ...     [[74, 6, 10], [0, 9, 1]], ["ni2"], n_resamples=500, random_state=0
    ... )
    >>> interval = intervals["ni2"]
    >>> bool(interval.low < interval.estimate < interval.high)
    True
    """
    _check_resampling(n_resamples, confidence_level)
    names = [check_measure(name).name for name in measures]
    counts, _ = check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError("bootstrap_measures takes one confusion matrix, not a stack.")
    rng = np.random.default_rng(random_state)
    stack = _multinomial_stack(counts, n_resamples, rng)
    point = compute_measures(counts, names, replace_undefined_by=np.nan)
    return _intervals(point, stack, names, confidence_level)


def _label_codes(y_true, y_pred, labels, reject_label, sample_weight):
    matrix, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    true_codes = encode_labels(y_true, classes)
    pred_codes = _prediction_codes(y_pred, classes, reject_label)
    return matrix, true_codes * matrix.shape[1] + pred_codes


def _prediction_codes(y_pred, classes, reject_label):
    y_pred = np.asarray(y_pred)
    if reject_label is None:
        return encode_labels(y_pred, classes, name="y_pred")
    rejected = y_pred == reject_label
    codes = np.full(len(y_pred), len(classes))
    if (~rejected).any():
        codes[~rejected] = encode_labels(y_pred[~rejected], classes, name="y_pred")
    return codes


def bootstrap_measures_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    measures=("ni2",),
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    random_state: int | np.random.Generator | None = None,
) -> dict[str, BootstrapInterval]:
    """Bootstrap confidence intervals of measures, resampling the samples.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predictions (``reject_label`` = rejected).
    measures : sequence of str, default=("ni2",)
        Registry names.
    labels : array-like, default=None
        Class order, as for :func:`augmented_confusion_matrix`.
    reject_label : scalar or None, default=-1
        The rejection label.
    sample_weight : array-like of shape (n_samples,), default=None
        A resampled sample keeps its weight.
    n_resamples : int, default=1000
    confidence_level : float, default=0.95
    random_state : int, Generator or None, default=None

    Returns
    -------
    intervals : dict of str to BootstrapInterval

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import bootstrap_measures_score
    >>> rng = np.random.default_rng(0)
    >>> y_true = rng.integers(0, 3, 300)
    >>> y_pred = np.where(rng.random(300) < 0.8, y_true, -1)
    >>> result = bootstrap_measures_score(y_true, y_pred, random_state=0)
    >>> result["ni2"].high - result["ni2"].low < 0.2
    True
    """
    _check_resampling(n_resamples, confidence_level)
    names = [check_measure(name).name for name in measures]
    matrix, codes = _label_codes(y_true, y_pred, labels, reject_label, sample_weight)
    weights = check_sample_weight(sample_weight, len(codes))
    rng = np.random.default_rng(random_state)
    (cells,) = _resampled_cell_counts([codes], weights, matrix.size, n_resamples, rng)
    stack = cells.reshape(n_resamples, *matrix.shape)
    point = compute_measures(matrix, names, replace_undefined_by=np.nan)
    return _intervals(point, stack, names, confidence_level)


@dataclass(frozen=True)
class PairedComparison:
    """Two classifiers compared on bootstrap resamples of the same samples.

    Attributes
    ----------
    measure : str
    estimate_a, estimate_b : float
        The measure of each classifier on the data as given.
    prob_a_better : float
        Fraction of resamples where A is better than B (ties count half), in
        the measure's own direction.
    p_value : float
        Monte-Carlo p-value of "A is not better than B": the fraction of
        resamples where A is not better, ``(count + 1) / (n_resamples + 1)``.
    difference : ndarray of shape (n_resamples,)
        ``measure(A) - measure(B)`` on every resample.
    """

    measure: str
    estimate_a: float
    estimate_b: float
    prob_a_better: float
    p_value: float
    difference: np.ndarray

    def __repr__(self):
        return (
            f"PairedComparison({self.measure}: A={self.estimate_a:.4f}, "
            f"B={self.estimate_b:.4f}, P(A better)={self.prob_a_better:.3f}, "
            f"p={self.p_value:.4f})"
        )


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
    random_state: int | np.random.Generator | None = None,
) -> PairedComparison:
    """Probability that classifier A beats B on a measure, on the same samples.

    Both classifiers are scored on the same bootstrap resamples of the test
    samples (Holt et al.'s Monte-Carlo idea), so the comparison accounts for
    their correlation.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_pred_a, y_pred_b : array-like of shape (n_samples,)
        Predictions of A and B on the same samples.
    measure : str, default="ni2"
        Registry name; its direction decides what "better" means.
    labels : array-like, default=None
    reject_label : scalar or None, default=-1
    sample_weight : array-like of shape (n_samples,), default=None
    n_resamples : int, default=1000
    random_state : int, Generator or None, default=None

    Returns
    -------
    comparison : PairedComparison

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import paired_comparison
    >>> y_true = np.repeat([0, 1, 2], 100)
    >>> better = y_true.copy(); better[::10] = -1          # rejects 10%
    >>> worse = y_true.copy(); worse[::10] = (worse[::10] + 1) % 3  # errs on them
    >>> result = paired_comparison(y_true, better, worse, random_state=0)
    >>> result.prob_a_better
    1.0
    """
    spec = check_measure(measure)
    _check_resampling(n_resamples, 0.5)
    if labels is None:
        classes = np.unique(
            np.concatenate(
                [np.asarray(y_true), np.asarray(y_pred_a), np.asarray(y_pred_b)]
            )
        )
        if reject_label is not None:
            classes = classes[classes != reject_label]
        labels = classes
    matrix_a, codes_a = _label_codes(
        y_true, y_pred_a, labels, reject_label, sample_weight
    )
    matrix_b, codes_b = _label_codes(
        y_true, y_pred_b, labels, reject_label, sample_weight
    )
    weights = check_sample_weight(sample_weight, len(codes_a))
    rng = np.random.default_rng(random_state)
    cells_a, cells_b = _resampled_cell_counts(
        [codes_a, codes_b], weights, matrix_a.size, n_resamples, rng
    )
    stack_a = cells_a.reshape(n_resamples, *matrix_a.shape)
    stack_b = cells_b.reshape(n_resamples, *matrix_b.shape)
    values_a = compute_measures(stack_a, [spec.name], replace_undefined_by=np.nan)
    values_b = compute_measures(stack_b, [spec.name], replace_undefined_by=np.nan)
    difference = values_a[spec.name] - values_b[spec.name]
    oriented = difference if spec.higher_is_better else -difference
    finite = oriented[np.isfinite(oriented)]
    wins = np.count_nonzero(finite > 0) + 0.5 * np.count_nonzero(finite == 0)
    not_better = np.count_nonzero(finite <= 0)
    point_a = compute_measures(matrix_a, [spec.name], replace_undefined_by=np.nan)
    point_b = compute_measures(matrix_b, [spec.name], replace_undefined_by=np.nan)
    return PairedComparison(
        measure=spec.name,
        estimate_a=float(point_a[spec.name]),
        estimate_b=float(point_b[spec.name]),
        prob_a_better=float(wins / finite.size) if finite.size else float("nan"),
        p_value=float((not_better + 1) / (finite.size + 1)),
        difference=difference,
    )
