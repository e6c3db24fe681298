"""Confidence-binned confusion counts: reject curves of data of any size.

A reject curve at thresholds ``t_0 < ... < t_{k-1}`` only needs, for every
sample, its cell (true class, predicted class) and how many thresholds its
confidence reaches. Counting samples per (confidence bin, true, predicted)
gives an additive table -- batches, chunks and workers sum -- from which the
curve is exact at every threshold: point ``j`` rejects the samples whose
confidence is below ``t_j``, i.e. bins ``0 ... j``.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.collections import import_dask, is_dask_collection
from .._counting.label_checks import check_finite_total, check_sample_weight
from .._counting.labels import encode_labels
from .binned_counts import ConfidenceBinnedCounts
from .scores import (
    check_thresholds,
    column_labels,
    confidence_and_prediction,
    native,
    quantile_thresholds,
)


def _bin_chunk(y_true, scores, weights, thresholds, classes, confidence):
    """Counts (bins x true x predicted) of one chunk of samples."""
    n_classes = len(classes)
    n_cells = (len(thresholds) + 1) * n_classes * n_classes
    if len(y_true) == 0:
        return np.zeros(n_cells, dtype=np.int64 if weights is None else float)
    scores = native(scores).astype(np.float64, copy=False)
    if not np.all(np.isfinite(scores)):
        raise ValueError("y_score contains NaN or infinite values.")
    predicted, confidences = confidence_and_prediction(scores, confidence)
    true_index = encode_labels(native(y_true), classes)
    bins = np.searchsorted(thresholds, confidences, side="right")
    codes = (bins * n_classes + true_index) * n_classes + predicted
    if weights is None:
        return np.bincount(codes, minlength=n_cells)
    # Sums of non-negative weights: each keeps its relative precision.
    weights = check_sample_weight(weights, len(true_index))
    return np.bincount(codes, weights=weights, minlength=n_cells)


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


def check_binning_thresholds(thresholds):
    """``thresholds`` of binned counts: an int ``k`` or the bin edges."""
    if thresholds is None:
        raise ValueError(
            "Binned counts need thresholds: an int k (k thresholds at quantiles of "
            "the confidence) or the thresholds themselves. Every distinct "
            "confidence value of data that does not fit in memory would need a "
            "global sort."
        )
    return check_thresholds(thresholds)


def confidence_binned_counts(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    thresholds: int | ArrayLike,
    labels: ArrayLike | None = None,
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
        ``confidence="margin"``), columns in the order of ``labels``. A 1-d
        array is the score of the second class, as for :func:`reject_curve`:
        a probability with ``confidence="max"``, a decision function with
        ``confidence="margin"``.
    thresholds : int or array-like
        The bin edges. An int ``k``: ``k`` thresholds at evenly spaced
        quantiles of the confidence (for Dask input estimated in one pass
        with Dask's approximate percentiles, then counted in a second pass).
        An array: those thresholds -- pass the same to every batch whose
        counts you will add.
    labels : array-like of shape (n_classes,), default=None
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
    >>> from infometrics.counting import confidence_binned_counts
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
    thresholds = check_binning_thresholds(thresholds)
    if is_dask_collection(y_true, y_score, sample_weight):
        return _dask_binned_counts(
            y_true, y_score, thresholds, labels, confidence, sample_weight
        )
    y_true_array = native(y_true)
    scores = native(y_score)
    n_columns = _check_scores(scores, y_true_array.shape[0])
    classes = column_labels(labels, y_true_array, n_columns, name="labels")
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
            classes = column_labels(
                None, np.asarray(list(found["classes"])), n_columns, name="classes"
            )
        if "quantiles" in found:
            smallest, largest = float(found["smallest"]), float(found["largest"])
            quantiles = np.asarray(found["quantiles"], dtype=float)
            quantiles = np.clip(quantiles, smallest, largest)
            # One threshold (k = 1) is the smallest, as np.quantile gives.
            quantiles[-1], quantiles[0] = largest, smallest
            thresholds = np.unique(quantiles)
    classes = column_labels(classes, None, n_columns, name="classes")
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
    with np.errstate(over="ignore", invalid="ignore"):
        for array in arrays[1:]:
            total += array
    # Finite weights of the chunks, but their sum beyond float64: refused,
    # as in memory.
    return check_finite_total(total)


def dask_reject_curve(
    y_true,
    y_score,
    *,
    labels,
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
        labels=labels,
        confidence=confidence,
        sample_weight=sample_weight,
    )
    return binned.reject_curve(measures, replace_undefined_by=replace_undefined_by)
