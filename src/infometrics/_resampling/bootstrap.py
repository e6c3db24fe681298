"""Bootstrap confidence intervals and paired comparisons (vectorised stacks).

Resampling the samples with replacement only matters through the counts it
produces, so the resamples are drawn at the level of the counts:

* without weights, a resample's confusion matrix is a multinomial draw of the
  ``n`` samples over the matrix cells (and a paired resample of two
  classifiers a multinomial draw over the joint ``(true, prediction A,
  prediction B)`` table) -- ``O(n_resamples x cells)``, independent of ``n``;
* with weights, a resample's cell totals are ``sum_g w_g K_g`` over the groups
  of samples sharing a cell and a weight, ``K`` a multinomial draw over the
  groups -- exact, and as cheap as above when weights take few values;
  otherwise the sample indices are drawn (``O(n_resamples x n)``, vectorised
  over blocks of resamples).

Every path is the ordinary nonparametric bootstrap, exactly; the resamples are
evaluated as stacks with :func:`compute_measures`, block by block so memory
stays bounded.
"""

from __future__ import annotations

import numbers
import time
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_sample_weight
from .._counting.labels import encode_labels
from .._measures.registry import check_measure, compute_measures
from .._measures.validation import check_confusion_matrix
from .intervals import BootstrapInterval, _intervals
from .resamplers import _GroupResampler, _resampler, _unchanged

# Entries (resamples x cells, or resamples x samples) drawn at once; bounds
# memory to a few hundred MB whatever the number of resamples.
_BLOCK_ENTRIES = 1 << 24


# --------------------------------------------------------------------------
# Validation


def _check_measure_names(measures):
    """Registry names; a bare string is one name, not a sequence of letters."""
    if isinstance(measures, str):
        measures = [measures]
    try:
        names = list(measures)
    except TypeError:
        raise TypeError(
            "measures must be a measure name or a list of names, e.g. 'ni2' or "
            f"['ni2', 'info_completeness']; got {type(measures).__name__}."
        ) from None
    if not names:
        raise ValueError("measures is empty; name at least one measure, e.g. 'ni2'.")
    return [check_measure(name).name for name in names]


def _check_resampling(n_resamples, confidence_level):
    if (
        isinstance(n_resamples, bool)
        or not isinstance(n_resamples, numbers.Integral)
        or n_resamples < 1
    ):
        raise ValueError(
            f"n_resamples must be a positive integer, e.g. 1000; got {n_resamples!r}."
        )
    if isinstance(confidence_level, bool) or not isinstance(
        confidence_level, numbers.Real
    ):
        raise TypeError(
            "confidence_level must be a number in (0, 1), e.g. 0.95; got "
            f"{type(confidence_level).__name__} {confidence_level!r}."
        )
    if not 0 < confidence_level < 1:
        raise ValueError(
            f"confidence_level must be in (0, 1), e.g. 0.95; got {confidence_level!r}."
        )


def _check_verbose(verbose):
    if isinstance(verbose, bool):
        return int(verbose)
    if not isinstance(verbose, numbers.Integral) or verbose < 0:
        raise ValueError(
            f"verbose must be a non-negative integer (0 = silent); got {verbose!r}."
        )
    return int(verbose)


class _Progress:
    """Progress messages on stdout when ``verbose > 0`` (scikit-learn style)."""

    def __init__(self, verbose, caller):
        self.verbose = _check_verbose(verbose)
        self.caller = caller
        self.start = time.perf_counter()

    def __call__(self, message, *, level=1):
        if self.verbose >= level:
            elapsed = time.perf_counter() - self.start
            print(f"[{self.caller}] {message} ({elapsed:.1f}s)", flush=True)


# --------------------------------------------------------------------------
# Evaluating resampled counts (drawn by the resamplers of .resamplers)


def _blocks(n_resamples, entries_per_resample):
    block = max(1, _BLOCK_ENTRIES // max(int(entries_per_resample), 1))
    for start in range(0, n_resamples, block):
        yield start, min(block, n_resamples - start)


def _resampled_measures(resampler, shapes, names, n_resamples, rng, progress):
    """Measures on every resample: ``{output index: {name: (n_resamples,)}}``."""
    values = [
        {name: np.empty(n_resamples) for name in names} for _ in range(len(shapes))
    ]
    progress(f"{n_resamples} resamples, {resampler.description}")
    for start, size in _blocks(n_resamples, resampler.entries_per_resample()):
        stacks = resampler.draw(size, rng)
        for output, (stack, shape) in enumerate(zip(stacks, shapes, strict=True)):
            # C order: a matrix's measures then do not depend on the block it
            # was drawn in, to the last bit (the same sums in the same order).
            computed = compute_measures(
                np.ascontiguousarray(stack.reshape(size, *shape)),
                names,
                replace_undefined_by=np.nan,
            )
            for name in names:
                values[output][name][start : start + size] = computed[name]
        progress(f"resamples {start + size}/{n_resamples} evaluated", level=2)
    progress("done")
    return values


# --------------------------------------------------------------------------
# Public functions


# Resampled counts are int64 (NumPy's multinomial): the total must fit.
_MAX_SAMPLES = (1 << 63) - 1
# Float counts further than this (relative) from a whole number are refused.
_WHOLE_TOLERANCE = 1e-9


def _sample_counts(confusion_matrix, counts):
    """The counts of a matrix as the exact int64 sample counts to resample.

    Integer input is read exactly (``counts`` is its float64 copy, which
    rounds above 2**53); float input must hold whole numbers, up to rounding
    noise. A total beyond int64 is refused before anything is allocated.
    """
    raw = np.asarray(confusion_matrix)
    if raw.dtype.kind in "iu":
        values = [int(value) for value in raw.reshape(-1).tolist()]
    else:
        flat = counts.reshape(-1)
        whole = np.round(flat)
        # A positive count that rounds to 0 (such as weights times 1e-100) is
        # a fraction of a sample, not rounding noise of a whole number.
        if np.any(
            np.abs(flat - whole) > _WHOLE_TOLERANCE * np.maximum(1.0, whole)
        ) or np.any((whole == 0) & (flat != 0)):
            raise ValueError(
                "Multinomial resampling needs integer counts (numbers of "
                "samples); for weighted data pass the labels and sample_weight "
                "to bootstrap_measures_score instead."
            )
        values = [int(value) for value in whole.tolist()]
    total = sum(values)
    if total <= 0:
        raise ValueError("The confusion matrix is empty; there is nothing to resample.")
    if total > _MAX_SAMPLES:
        raise ValueError(
            f"The confusion matrix holds {total:.4g} samples; resampled counts are "
            f"64-bit integers, so the total must be at most 2**63 - 1 "
            f"({_MAX_SAMPLES:.4g})."
        )
    return np.array(values, dtype=np.int64)


def bootstrap_measures(
    confusion_matrix: ArrayLike,
    measures: str | list[str] | tuple[str, ...] = ("ni2",),
    *,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    random_state: int | np.random.Generator | None = None,
    verbose: int = 0,
) -> dict[str, BootstrapInterval]:
    """Bootstrap confidence intervals of measures from a confusion matrix.

    The samples behind the matrix are resampled with replacement, which for
    counts is a multinomial draw of ``n`` samples over the cells with the
    observed frequencies. All resamples are evaluated as one stack.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m)
        Integer counts.
    measures : str or sequence of str, default=("ni2",)
        Registry names (``"ni1"`` ... ``"ni24"``, ``"info_completeness"``,
        ...); a single string is one name.
    n_resamples : int, default=1000
        Number of bootstrap resamples.
    confidence_level : float, default=0.95
        Coverage of the percentile interval.
    random_state : int, Generator or None, default=None
        Seed for reproducible resamples.
    verbose : int, default=0
        0 is silent; 1 prints what is resampled and when it is done, 2 also
        every block of resamples.

    Returns
    -------
    intervals : dict of str to BootstrapInterval
        Estimate, interval and resampled distribution per measure.

    See Also
    --------
    bootstrap_measures_score : The same from labels (with sample weights).
    paired_comparison : Two classifiers on the same samples.

    Examples
    --------
    >>> from infometrics import bootstrap_measures
    >>> intervals = bootstrap_measures(
    ...     [[74, 6, 10], [0, 9, 1]], "ni2", n_resamples=500, random_state=0
    ... )
    >>> interval = intervals["ni2"]
    >>> bool(interval.low < interval.estimate < interval.high)
    True
    """
    return _bootstrap_matrix(
        confusion_matrix,
        measures,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        random_state=random_state,
        verbose=verbose,
    )


def _bootstrap_matrix(
    confusion_matrix,
    measures,
    *,
    n_resamples,
    confidence_level,
    random_state,
    verbose=0,
    notes=None,
):
    """:func:`bootstrap_measures`; with a ``notes`` list, no warnings (see
    :func:`_percentiles`): the messages are appended to it."""
    _check_resampling(n_resamples, confidence_level)
    names = _check_measure_names(measures)
    progress = _Progress(verbose, "bootstrap_measures")
    counts, _ = check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError("bootstrap_measures takes one confusion matrix, not a stack.")
    resampler = _GroupResampler(_sample_counts(confusion_matrix, counts), [_unchanged])
    rng = np.random.default_rng(random_state)
    (distributions,) = _resampled_measures(
        resampler, [counts.shape], names, n_resamples, rng, progress
    )
    point = compute_measures(counts, names, replace_undefined_by=np.nan)
    return _intervals(
        point, distributions, names, confidence_level, notes=notes, stacklevel=5
    )


def bootstrap_measures_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    measures: str | list[str] | tuple[str, ...] = ("ni2",),
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 1000,
    confidence_level: float = 0.95,
    random_state: int | np.random.Generator | None = None,
    verbose: int = 0,
) -> dict[str, BootstrapInterval]:
    """Bootstrap confidence intervals of measures, resampling the samples.

    Resampling the samples with replacement is drawn at the level of the
    counts (exactly the same distribution, at a cost that does not grow with
    the number of samples): without weights a multinomial over the confusion
    matrix cells; with weights a multinomial over the groups of samples that
    share a cell and a weight, or -- when nearly every weight is distinct --
    the sample indices themselves.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predictions (``reject_label`` = rejected).
    measures : str or sequence of str, default=("ni2",)
        Registry names; a single string is one name.
    labels : array-like, default=None
        Class order, as for :func:`augmented_confusion_matrix`.
    reject_label : scalar or None, default=-1
        The rejection label.
    sample_weight : array-like of shape (n_samples,), default=None
        A resampled sample keeps its weight.
    n_resamples : int, default=1000
        Number of bootstrap resamples.
    confidence_level : float, default=0.95
        Coverage of the percentile interval.
    random_state : int, Generator or None, default=None
        Seed for reproducible resamples.
    verbose : int, default=0
        0 is silent; 1 prints the resampling method and when it is done, 2
        also every block of resamples.

    Returns
    -------
    intervals : dict of str to BootstrapInterval
        Estimate, interval and resampled distribution per measure.

    See Also
    --------
    bootstrap_measures : The same from a confusion matrix.

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
    return _bootstrap_labels(
        y_true,
        y_pred,
        measures,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        random_state=random_state,
        verbose=verbose,
    )


def _bootstrap_labels(
    y_true,
    y_pred,
    measures,
    *,
    labels,
    reject_label,
    sample_weight,
    n_resamples,
    confidence_level,
    random_state,
    verbose=0,
    notes=None,
):
    """:func:`bootstrap_measures_score`; ``notes`` as in :func:`_bootstrap_matrix`."""
    _check_resampling(n_resamples, confidence_level)
    names = _check_measure_names(measures)
    progress = _Progress(verbose, "bootstrap_measures_score")
    matrix, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    n_cells = matrix.size
    if sample_weight is None:
        # The matrix is all the resampling needs.
        resampler = _GroupResampler(matrix.reshape(-1), [_unchanged])
    else:
        true_codes = encode_labels(y_true, classes, name="y_true")
        pred_codes = encode_labels(
            y_pred, classes, name="y_pred", reject_label=reject_label
        )
        weights = check_sample_weight(sample_weight, true_codes.size)
        cells = true_codes * matrix.shape[1] + pred_codes
        resampler = _resampler(cells, [cells], n_cells, weights)
    rng = np.random.default_rng(random_state)
    (distributions,) = _resampled_measures(
        resampler, [matrix.shape], names, n_resamples, rng, progress
    )
    point = compute_measures(matrix, names, replace_undefined_by=np.nan)
    return _intervals(
        point, distributions, names, confidence_level, notes=notes, stacklevel=5
    )
