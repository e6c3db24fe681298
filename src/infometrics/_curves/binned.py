"""Confidence-binned confusion counts: reject curves of data of any size (SPEC §12).

A reject curve at thresholds ``t_0 < ... < t_{k-1}`` only needs, for every
sample, its cell (true class, predicted class) and how many thresholds its
confidence reaches. Counting samples per (confidence bin, true, predicted)
gives an additive table -- batches, chunks and workers sum -- from which the
curve is exact at every threshold: point ``j`` rejects the samples whose
confidence is below ``t_j``, i.e. bins ``0 ... j``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.collections import import_dask, is_dask_collection
from .._counting.labels import check_sample_weight, encode_labels
from .._measures.registry import check_measure, compute_measures
from .curve import RejectCurve, fraction
from .exact_sums import key_sums, range_sums
from .scores import confidence_and_prediction, quantile_thresholds

# Matrices of the curve evaluated at once (bounds memory for many thresholds).
_BLOCK_CELLS = 1 << 22


@dataclass(frozen=True, eq=False)
class ConfidenceBinnedCounts:
    """Confusion counts per confidence bin, true class and predicted class.

    Bin ``b`` holds the samples whose confidence reaches exactly ``b`` of the
    thresholds: bin 0 is below ``thresholds[0]``, bin ``j`` is in
    ``[thresholds[j-1], thresholds[j])`` and the last bin is at or above
    ``thresholds[-1]``. Counts of disjoint samples with the same thresholds
    and classes add up (``a + b``, ``sum([...])``).

    Attributes
    ----------
    thresholds : ndarray of shape (k,)
        Ascending, distinct, finite confidence thresholds (the bin edges).
    classes : ndarray of shape (m,)
        Row (true) and column (predicted) order.
    counts : ndarray of shape (k + 1, m, m)
        Sample counts (or summed weights) per bin, true class and predicted
        class.
    confidence : {"max", "margin"}
        How the scores became a confidence.

    See Also
    --------
    confidence_binned_counts : Builds it from labels and scores.
    reject_curve : The exact curve of samples in memory.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import confidence_binned_counts
    >>> proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    >>> binned = confidence_binned_counts(
    ...     [0, 0, 1, 1], proba, thresholds=[0.65, 0.85]
    ... )
    >>> binned.counts.sum(axis=(1, 2))  # samples per confidence bin
    array([1, 2, 1])
    >>> binned.reject_curve(measures=["ni2"]).reject_rate
    array([0.25, 0.75, 1.  ])
    """

    thresholds: np.ndarray
    classes: np.ndarray
    counts: np.ndarray
    confidence: str = "max"

    def __add__(self, other):
        if not isinstance(other, ConfidenceBinnedCounts):
            return NotImplemented
        if not (
            np.array_equal(self.thresholds, other.thresholds)
            and len(self.classes) == len(other.classes)
            and np.array_equal(self.classes, other.classes)
            and self.confidence == other.confidence
        ):
            raise ValueError(
                "Binned counts add up only with the same thresholds, classes and "
                "confidence; build both with the same thresholds=[...] and classes=."
            )
        return ConfidenceBinnedCounts(
            self.thresholds, self.classes, self.counts + other.counts, self.confidence
        )

    def __radd__(self, other):
        # sum([a, b, c]) starts from 0.
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    def __repr__(self):
        return (
            f"ConfidenceBinnedCounts({len(self.thresholds)} thresholds, "
            f"{len(self.classes)} classes, total {self.counts.sum():.6g})"
        )

    def reject_curve(
        self,
        measures=("ni2", "info_completeness", "false_info_ratio"),
        *,
        replace_undefined_by: float | Literal["warn"] = np.nan,
    ) -> RejectCurve:
        """The reject curve at the thresholds, exact at every one of them.

        Parameters
        ----------
        measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
            Registry names of the measures to evaluate at every point.
        replace_undefined_by : "warn" or float, default=nan
            Value of undefined measures at a point (e.g. everything rejected).

        Returns
        -------
        curve : RejectCurve
            Point ``j`` rejects the samples whose confidence is below
            ``thresholds[j]``; a last point (threshold ``inf``) rejects
            everything. The same curve as :func:`reject_curve` with
            ``thresholds=`` these thresholds on the samples themselves.
        """
        if isinstance(measures, str):
            measures = [measures]
        names = [check_measure(name).name for name in measures]
        n_classes = len(self.classes)
        counts = np.asarray(self.counts, dtype=float)
        n_bins = counts.shape[0]
        thresholds = np.append(self.thresholds, np.inf)
        n_points = len(thresholds)
        # Point j rejects bins 0..j (the last point, inf, every bin) and
        # accepts the bins after j: both sides as exact sums over the bins,
        # never one as the total minus the other (which can undershoot 0).
        by_cell = counts.reshape(n_bins, -1).T.ravel()  # cell-major bins
        cell_start = np.repeat(np.arange(n_classes * n_classes) * n_bins, n_points)
        point = np.tile(np.arange(n_points), n_classes * n_classes)
        cell_end = cell_start + n_bins
        rejected_cells = range_sums(by_cell, cell_start, cell_start + point + 1)
        accepted_cells = range_sums(by_cell, cell_start + point + 1, cell_end)
        rejected_by_point = rejected_cells.reshape(n_classes, n_classes, -1)
        rejected_by_point = np.moveaxis(rejected_by_point, -1, 0)
        accepted_by_point = np.moveaxis(
            accepted_cells.reshape(n_classes, n_classes, -1), -1, 0
        )
        # Totals per point from the same bins, in one exact sum each.
        bin_major = counts.reshape(-1)
        diagonal = np.eye(n_classes, dtype=bool).ravel()
        per_bin = n_classes * n_classes
        split = (np.arange(n_points) + 1) * per_bin
        end = np.full(n_points, n_bins * per_bin)
        correct_by_bin = np.where(np.tile(diagonal, n_bins), bin_major, 0.0)
        wrong_by_bin = np.where(np.tile(diagonal, n_bins), 0.0, bin_major)
        total = float(range_sums(bin_major, [0], [n_bins * per_bin])[0])
        rejected_total = range_sums(bin_major, np.zeros(n_points, int), split)
        accepted_total = range_sums(bin_major, split, end)
        correct = range_sums(correct_by_bin, split, end)
        errors = range_sums(wrong_by_bin, split, end)
        outputs = {name: np.empty(n_points) for name in names}
        block = max(1, _BLOCK_CELLS // max(n_classes * n_classes, 1))
        for start in range(0, n_points, block):
            rejected = rejected_by_point[start : start + block]
            accepted = accepted_by_point[start : start + block]
            stack = np.concatenate([accepted, rejected.sum(axis=2)[:, :, None]], axis=2)
            window = slice(start, start + len(stack))
            values = compute_measures(
                stack, names, replace_undefined_by=replace_undefined_by
            )
            for name, value in values.items():
                outputs[name][window] = value
        safe_total = total if total > 0 else 1.0
        anything_accepted = accepted_total > 0
        accepted_accuracy = np.divide(
            correct,
            accepted_total,
            out=np.full(n_points, np.nan),
            where=anything_accepted,
        )
        selective_risk = np.divide(
            errors,
            accepted_total,
            out=np.full(n_points, np.nan),
            where=anything_accepted,
        )
        return RejectCurve(
            thresholds=thresholds,
            reject_rate=fraction(rejected_total / safe_total),
            error_rate=fraction(errors / safe_total),
            accepted_accuracy=fraction(accepted_accuracy),
            measures=outputs,
            classes=self.classes,
            coverage=fraction(accepted_total / safe_total),
            selective_risk=fraction(selective_risk),
            generalized_risk=fraction(errors / safe_total),
        )


def _bin_chunk(y_true, scores, weights, thresholds, classes, confidence):
    """Counts (bins x true x predicted) of one chunk of samples."""
    n_classes = len(classes)
    n_cells = (len(thresholds) + 1) * n_classes * n_classes
    if len(y_true) == 0:
        return np.zeros(n_cells, dtype=np.int64 if weights is None else float)
    scores = np.asarray(scores, dtype=np.float64)
    if not np.all(np.isfinite(scores)):
        raise ValueError("y_score contains NaN or infinite values.")
    predicted, confidences = confidence_and_prediction(scores, confidence)
    true_index = encode_labels(y_true, classes)
    bins = np.searchsorted(thresholds, confidences, side="right")
    codes = (bins * n_classes + true_index) * n_classes + predicted
    if weights is None:
        return np.bincount(codes, minlength=n_cells)
    # Each cell's weight summed exactly, whatever the spread of the weights.
    return key_sums(codes, check_sample_weight(weights, len(true_index)), n_cells)


def _check_scores(scores, n_samples):
    if scores.ndim not in (1, 2) or (
        not np.isnan(n_samples)
        and not np.isnan(scores.shape[0])
        and scores.shape[0] != n_samples
    ):
        raise ValueError(
            "y_score must have shape (n_samples, n_classes) or (n_samples,) with "
            f"one row per label in y_true; got {scores.shape} for {n_samples} labels."
        )
    return 2 if scores.ndim == 1 else scores.shape[1]


def _check_classes(classes, n_columns):
    classes = np.asarray(classes)
    if classes.ndim != 1 or len(classes) != n_columns:
        raise ValueError(
            f"classes has {classes.size} entries but y_score has {n_columns} columns."
        )
    if len(pd.unique(classes)) != len(classes):
        raise ValueError(f"classes contains duplicates: {classes.tolist()!r}.")
    return classes


def _check_binning_thresholds(thresholds):
    if thresholds is None:
        raise ValueError(
            "Binned counts need thresholds: an int k (k thresholds at quantiles of "
            "the confidence) or the thresholds themselves. Every distinct "
            "confidence value of data that does not fit in memory would need a "
            "global sort."
        )
    if isinstance(thresholds, (int, np.integer)) and not isinstance(thresholds, bool):
        if thresholds < 1:
            raise ValueError(f"thresholds must be at least 1; got {thresholds}.")
        return int(thresholds)
    values = np.asarray(thresholds, dtype=float)
    if values.ndim != 1 or values.size == 0 or not np.all(np.isfinite(values)):
        raise ValueError(
            "thresholds must be a positive int or a 1-d array of finite values; "
            f"got {thresholds!r}."
        )
    return np.unique(values)


def confidence_binned_counts(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    thresholds: int | ArrayLike,
    classes: ArrayLike | None = None,
    confidence: Literal["max", "margin"] = "max",
    sample_weight: ArrayLike | None = None,
) -> ConfidenceBinnedCounts:
    """Confusion counts per confidence bin, for reject curves of any data size.

    Takes labels and scores in memory or as Dask collections (counted chunk
    by chunk on the active scheduler, nothing gathered on one worker). The
    result adds up over batches with the same thresholds, and its
    :meth:`~ConfidenceBinnedCounts.reject_curve` is exact at every threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities (or decision values with
        ``confidence="margin"``), columns in the order of ``classes``. A 1-d
        array is the score of the second class, as for :func:`reject_curve`:
        a probability with ``confidence="max"``, a decision function with
        ``confidence="margin"``.
    thresholds : int or array-like
        The bin edges. An int ``k``: ``k`` thresholds at evenly spaced
        quantiles of the confidence (for Dask input estimated in one pass
        with Dask's approximate percentiles, then counted in a second pass).
        An array: those thresholds -- pass the same to every batch whose
        counts you will add.
    classes : array-like of shape (n_classes,), default=None
        The class of each column (an estimator's ``classes_``). By default
        the sorted labels of ``y_true``, which must then show every class.
    confidence : {"max", "margin"}, default="max"
        How the scores become a confidence (as for :func:`reject_curve`).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    binned : ConfidenceBinnedCounts
        Thresholds, classes and the ``(k + 1, m, m)`` counts.

    See Also
    --------
    reject_curve : Every distinct threshold, for samples in memory; takes Dask
        collections too (through these counts).

    Notes
    -----
    The table has ``(k + 1) m^2`` cells: thousands of thresholds are cheap
    for tens of classes; for hundreds of classes use fewer thresholds.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import confidence_binned_counts
    >>> rng = np.random.default_rng(0)
    >>> proba = rng.dirichlet([1, 1, 1], size=200)
    >>> y_true = rng.integers(0, 3, 200)
    >>> edges = [0.5, 0.7]
    >>> first = confidence_binned_counts(y_true[:100], proba[:100], thresholds=edges)
    >>> second = confidence_binned_counts(y_true[100:], proba[100:], thresholds=edges)
    >>> whole = confidence_binned_counts(y_true, proba, thresholds=edges)
    >>> bool(((first + second).counts == whole.counts).all())
    True
    """
    if confidence not in ("max", "margin"):
        raise ValueError(f"confidence must be 'max' or 'margin'; got {confidence!r}.")
    thresholds = _check_binning_thresholds(thresholds)
    if is_dask_collection(y_true, y_score, sample_weight):
        return _dask_binned_counts(
            y_true, y_score, thresholds, classes, confidence, sample_weight
        )
    y_true_array = np.asarray(y_true)
    scores = np.asarray(y_score)
    n_columns = _check_scores(scores, y_true_array.shape[0])
    if classes is None:
        classes = np.unique(y_true_array)
        if len(classes) != n_columns:
            raise ValueError(
                f"y_true shows {len(classes)} classes but y_score has {n_columns} "
                "columns; pass classes= (the estimator's classes_)."
            )
    classes = _check_classes(classes, n_columns)
    if isinstance(thresholds, int):
        scores_float = np.asarray(scores, dtype=np.float64)
        if not np.all(np.isfinite(scores_float)):
            raise ValueError("y_score contains NaN or infinite values.")
        _, confidences = confidence_and_prediction(scores_float, confidence)
        thresholds = quantile_thresholds(confidences, thresholds)
    flat = _bin_chunk(
        y_true_array, scores, sample_weight, thresholds, classes, confidence
    )
    n_classes = len(classes)
    return ConfidenceBinnedCounts(
        thresholds,
        classes,
        flat.reshape(len(thresholds) + 1, n_classes, n_classes),
        confidence,
    )


def _dask_confidence(scores, confidence):
    return confidence_and_prediction(np.asarray(scores, dtype=np.float64), confidence)[
        1
    ]


def _unique_chunk(y):
    return pd.unique(np.asarray(y) if not hasattr(y, "to_numpy") else y.to_numpy())


def _union(*parts):
    return pd.unique(np.concatenate([np.asarray(part, dtype=object) for part in parts]))


def _dask_binned_counts(y_true, y_score, thresholds, classes, confidence, weights):
    dask = import_dask()
    import dask.array as da

    from .._counting.dask_counts import series_to_dask_array

    scores = y_score
    if is_dask_collection(scores) and hasattr(scores, "to_dask_array"):
        scores = scores.to_dask_array(lengths=True)
    if not is_dask_collection(scores):
        scores = da.from_array(np.asarray(scores))
    if scores.ndim == 2:
        scores = scores.rechunk({1: -1})
    y_true_array = y_true
    if is_dask_collection(y_true_array) and hasattr(y_true_array, "to_dask_array"):
        y_true_array = series_to_dask_array(y_true_array)
    n_samples = (
        y_true_array.shape[0] if hasattr(y_true_array, "shape") else len(y_true_array)
    )
    n_columns = _check_scores(scores, n_samples)
    row_chunks = scores.chunks[0]
    if any(np.isnan(size) for size in row_chunks):
        scores = scores.compute_chunk_sizes()
        row_chunks = scores.chunks[0]
    y_true_array = (
        y_true_array.rechunk((row_chunks,))
        if is_dask_collection(y_true_array)
        else da.from_array(np.asarray(y_true_array), chunks=(row_chunks,))
    )
    if y_true_array.ndim != 1:
        raise ValueError("y_true must be 1-d, one label per sample.")
    if weights is not None:
        if is_dask_collection(weights) and hasattr(weights, "to_dask_array"):
            weights = series_to_dask_array(weights)
        weights = (
            weights.rechunk((row_chunks,))
            if is_dask_collection(weights)
            else da.from_array(np.asarray(weights), chunks=(row_chunks,))
        )
    # First pass (only what is not given): the classes, the quantiles.
    todo = {}
    if classes is None:
        uniques = [
            dask.delayed(_unique_chunk)(chunk) for chunk in y_true_array.to_delayed()
        ]
        todo["classes"] = dask.delayed(_union)(*uniques)
    if isinstance(thresholds, int):
        confidences = scores.map_blocks(
            _dask_confidence,
            confidence,
            drop_axis=1 if scores.ndim == 2 else None,
            dtype=np.float64,
        )
        todo["quantiles"] = da.percentile(
            confidences, np.linspace(0, 100, thresholds), method="linear"
        )
        # Dask's percentiles are merged from the chunks' and only approximate;
        # the ends must be exact, or the first point would reject samples
        # (and the curve lose its point that rejects nothing).
        todo["smallest"] = confidences.min()
        todo["largest"] = confidences.max()
    if todo:
        found = dict(zip(todo, dask.compute(*todo.values()), strict=True))
        if "classes" in found:
            classes = np.sort(np.asarray(list(found["classes"])))
            if len(classes) != n_columns:
                raise ValueError(
                    f"y_true shows {len(classes)} classes but y_score has "
                    f"{n_columns} columns; pass classes= (the estimator's classes_)."
                )
        if "quantiles" in found:
            smallest, largest = float(found["smallest"]), float(found["largest"])
            quantiles = np.asarray(found["quantiles"], dtype=float)
            quantiles = np.clip(quantiles, smallest, largest)
            quantiles[0], quantiles[-1] = smallest, largest
            thresholds = np.unique(quantiles)
    classes = _check_classes(classes, n_columns)
    # Second pass: the binned counts, chunk by chunk, summed in a tree.
    chunk_count = dask.delayed(_bin_chunk, pure=True)
    score_blocks = scores.to_delayed().ravel()
    true_blocks = y_true_array.to_delayed().ravel()
    weight_blocks = (
        [None] * len(true_blocks) if weights is None else weights.to_delayed().ravel()
    )
    parts = [
        chunk_count(labels, block, weight, thresholds, classes, confidence)
        for labels, block, weight in zip(
            true_blocks, score_blocks, weight_blocks, strict=True
        )
    ]
    add = dask.delayed(_sum_arrays, pure=True)
    while len(parts) > 1:
        parts = [add(*parts[start : start + 8]) for start in range(0, len(parts), 8)]
    (flat,) = dask.compute(parts[0])
    n_classes = len(classes)
    return ConfidenceBinnedCounts(
        thresholds,
        classes,
        flat.reshape(len(thresholds) + 1, n_classes, n_classes),
        confidence,
    )


def _sum_arrays(*arrays):
    total = arrays[0].copy()
    for array in arrays[1:]:
        total += array
    return total


def dask_reject_curve(
    y_true,
    y_score,
    *,
    classes,
    measures,
    confidence,
    thresholds,
    sample_weight,
    replace_undefined_by,
):
    """:func:`reject_curve` for Dask collections, through binned counts."""
    if thresholds is None:
        raise ValueError(
            "reject_curve of Dask collections needs thresholds=k (k thresholds "
            "at quantiles of the confidence, estimated in one pass) or "
            "thresholds=[...]: every distinct confidence value would need a "
            "global sort of data that may not fit in memory."
        )
    binned = confidence_binned_counts(
        y_true,
        y_score,
        thresholds=thresholds,
        classes=classes,
        confidence=confidence,
        sample_weight=sample_weight,
    )
    return binned.reject_curve(measures, replace_undefined_by=replace_undefined_by)
