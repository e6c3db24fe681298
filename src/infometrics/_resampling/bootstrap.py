"""Bootstrap intervals: multinomial draws over groups of interchangeable samples."""

from __future__ import annotations

import numbers
import time
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_fraction, check_sample_weight
from .._counting.labels import encode_labels
from .._measures.quantities import MatrixQuantities
from .._measures.registry import check_measures, evaluate_measures
from .._measures.validation import check_confusion_matrix, labelled_counts
from .intervals import BootstrapInterval, _percentiles

# Entries (resamples x groups) drawn at once: bounded memory.
_BLOCK_ENTRIES = 1 << 24


class Resampler:
    """The checked options of one resampling call, and its evaluation."""

    def __init__(self, caller, n_resamples, confidence_level, random_state, verbose):
        if isinstance(n_resamples, bool) or not (
            isinstance(n_resamples, numbers.Integral) and n_resamples >= 1
        ):
            raise ValueError(
                "n_resamples must be a positive integer, e.g. 1000; got "
                f"{n_resamples!r}."
            )
        level = check_fraction(confidence_level, "confidence_level", "(0, 1)")
        if not isinstance(verbose, numbers.Integral) or verbose < 0:
            raise ValueError(
                f"verbose must be a non-negative integer (0 = silent); got {verbose!r}."
            )
        try:
            # Seeds as scikit-learn takes them, drawn with NumPy's Generator.
            self.rng = np.random.default_rng(random_state)
        except (TypeError, ValueError):
            raise ValueError(
                "random_state must be None, an int or a numpy Generator; got "
                f"{random_state!r}."
            ) from None
        self.caller, self.verbose = caller, int(verbose)
        self.n_resamples, self.confidence_level = n_resamples, level
        self.start = time.perf_counter()

    def tell(self, message, *, level=1):
        """Print ``message`` when ``verbose >= level`` (scikit-learn style)."""
        if self.verbose >= level:
            elapsed = time.perf_counter() - self.start
            print(f"[{self.caller}] {message} ({elapsed:.1f}s)", flush=True)

    def measures(self, group_counts, cells, matrices, names, weights=None):
        """Per matrix ``t`` (group ``g`` in its cell ``cells[t][g]``): resamples."""
        n_resamples = self.n_resamples
        total = int(group_counts.sum())
        probabilities = group_counts / total
        values = [{name: np.empty(n_resamples) for name in names} for _ in cells]
        block = max(1, _BLOCK_ENTRIES // group_counts.size)
        self.tell(
            f"{n_resamples} resamples, multinomial over {group_counts.size} groups"
        )
        for start in range(0, n_resamples, block):
            size = min(block, n_resamples - start)
            draws = self.rng.multinomial(total, probabilities, size=size)
            draws = draws if weights is None else draws * weights
            rows = np.arange(size)[:, None]
            for table, table_cells, matrix in zip(values, cells, matrices, strict=True):
                # Each resample's groups summed into its cells, in group order.
                k = matrix.size
                stack = np.bincount(
                    (rows * k + table_cells).ravel(), draws.ravel(), size * k
                )
                computed = measures_of(stack.reshape(size, *matrix.shape), names)
                for name in names:
                    table[name][start : start + size] = computed[name]
            self.tell(f"resamples {start + size}/{n_resamples} evaluated", level=2)
        self.tell("done")
        return values

    def intervals(self, matrix, group_counts, cells, names, weights=None):
        """The interval of every measure of ``matrix``, resampling its groups."""
        (distributions,) = self.measures(
            group_counts, [cells], [matrix], names, weights
        )
        estimates, level = measures_of(matrix, names), self.confidence_level
        return {
            name: BootstrapInterval(
                float(estimates[name]),
                *_percentiles(distributions[name], level, name=name),
                level,
                distributions[name],
            )
            for name in names
        }


def measures_of(counts, names):
    """The measures of validated float counts (one matrix or a stack)."""
    return evaluate_measures(
        MatrixQuantities(counts), names, replace_undefined_by=np.nan
    )


def label_groups(y_true, predictions, *, labels, reject_label, sample_weight):
    """``(matrices, group_counts, cells per matrix, group_weights)``; a group's
    samples share their cells and weight (groups sorted: order-free draws)."""
    matrices, parts = [], []
    for y_pred, name in predictions:
        matrix, classes = confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
        matrices.append(np.asarray(matrix, dtype=np.float64))
        if sample_weight is None and len(predictions) == 1:
            # The matrix is all the resampling needs.
            flat = matrix.reshape(-1).astype(np.int64)
            cells = np.flatnonzero(flat)
            return matrices, flat[cells], [cells], None
        predicted = encode_labels(y_pred, classes, name=name, reject_label=reject_label)
        parts.append(encode_labels(y_true, classes) * matrix.shape[1] + predicted)
    sizes = [matrix.size for matrix in matrices]
    if sample_weight is not None:
        weight_codes, distinct = _sorted_codes(
            check_sample_weight(sample_weight, len(parts[0]))
        )
        parts.append(weight_codes)
        sizes.append(len(distinct))
    ids, bound = parts[0], sizes[0]
    for part, size in zip(parts[1:], sizes[1:], strict=True):
        if bound * size >= 1 << 62:  # keep the joint code in int64
            ids, uniques = _sorted_codes(ids)
            bound = len(uniques)
        ids, bound = ids * size + part, bound * size
    ids, uniques = _sorted_codes(ids)
    group_counts = np.bincount(ids, minlength=len(uniques))
    for index, part in enumerate(parts):
        # The value every sample of a group shares, per group.
        parts[index] = np.empty(len(uniques), part.dtype)
        parts[index][ids] = part
    group_weights = None if sample_weight is None else distinct[parts.pop()]
    return matrices, group_counts, parts, group_weights


def _sorted_codes(values):
    """``(codes 0..k-1 in sorted order, the distinct values)``."""
    if values.dtype.kind in "iu" and values.max() < 4 * values.size + (1 << 20):
        present = np.bincount(values) > 0
        return np.cumsum(present)[values] - 1, np.flatnonzero(present)
    codes, uniques = pd.factorize(values)
    order = np.argsort(uniques, kind="stable")
    ranks = np.empty_like(order)
    ranks[order] = np.arange(order.size)
    return ranks[codes], uniques[order]


# Resampled counts are int64 (NumPy's multinomial): the total must fit.
_MAX_SAMPLES = (1 << 63) - 1


def _sample_counts(confusion_matrix, counts):
    """The exact int64 sample counts of a matrix (floats whole up to noise)."""
    raw = np.asarray(confusion_matrix).reshape(-1)
    whole = np.round(counts.reshape(-1))
    # A positive count that rounds to 0 is a fraction of a sample, not noise.
    if raw.dtype.kind not in "iu" and (
        np.any(np.abs(counts.reshape(-1) - whole) > 1e-9 * np.maximum(1.0, whole))
        or np.any((whole == 0) & (raw != 0))
    ):
        raise ValueError(
            "Multinomial resampling needs integer counts (numbers of "
            "samples); for weighted data pass the labels and sample_weight "
            "to bootstrap_measures_from_predictions instead."
        )
    values = [int(v) for v in (raw if raw.dtype.kind in "iu" else whole).tolist()]
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

    See the user guide, "Uncertainty".

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m)
        Integer counts.
    measures : str or sequence of str, default=("ni2",)
        Registry names.
    n_resamples : int, default=1000
        Number of bootstrap resamples.
    confidence_level : float, default=0.95
        Coverage of the percentile interval.
    random_state : int, Generator or None, default=None
        Seed for reproducible resamples.
    verbose : int, default=0
        0 is silent; 1 prints the groups and the end, 2 every block.

    Returns
    -------
    intervals : dict of str to BootstrapInterval

    Examples
    --------
    >>> from infometrics.resampling import bootstrap_measures
    >>> interval = bootstrap_measures([[74, 6, 10], [0, 9, 1]], random_state=0)["ni2"]
    >>> bool(interval.low < interval.estimate < interval.high)
    True
    """
    resampler = Resampler(
        "bootstrap_measures", n_resamples, confidence_level, random_state, verbose
    )
    names = [spec.name for spec in check_measures(measures)]
    # Read by name as every count-level function: resampled cells = estimated.
    values, _ = labelled_counts(confusion_matrix)
    counts, _ = check_confusion_matrix(values)
    if counts.ndim != 2:
        raise ValueError("bootstrap_measures takes one confusion matrix, not a stack.")
    sample_counts = _sample_counts(values, counts)
    occupied = np.flatnonzero(sample_counts)
    return resampler.intervals(counts, sample_counts[occupied], occupied, names)


def bootstrap_measures_from_predictions(
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

    A resampled sample keeps its weight.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predictions (``reject_label`` = rejected).
    measures, n_resamples, confidence_level, random_state, verbose
        As for :func:`bootstrap_measures`.
    labels, reject_label, sample_weight
        As for :func:`augmented_confusion_matrix`.

    Returns
    -------
    intervals : dict of str to BootstrapInterval

    Examples
    --------
    >>> from infometrics.resampling import bootstrap_measures_from_predictions
    >>> y_true, y_pred = [0, 0, 1, 1, 1, 0] * 10, [0, -1, 1, 1, 0, 0] * 10
    >>> result = bootstrap_measures_from_predictions(y_true, y_pred, random_state=0)
    >>> bool(result["ni2"].low < result["ni2"].estimate < result["ni2"].high)
    True
    """
    resampler = Resampler(
        "bootstrap_measures_from_predictions",
        n_resamples,
        confidence_level,
        random_state,
        verbose,
    )
    names = [spec.name for spec in check_measures(measures)]
    (matrix,), group_counts, (cells,), group_weights = label_groups(
        y_true,
        [(y_pred, "y_pred")],
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    return resampler.intervals(matrix, group_counts, cells, names, group_weights)
