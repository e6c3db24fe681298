"""Confidence-binned confusion counts: additive tables of exact reject curves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.collections import import_dask, is_dask_collection
from .._counting.dask_counts import as_dask_array, tree_sum
from .._counting.label_checks import check_complete_labels, check_sample_weight
from .._counting.labels import encode_labels
from .._counting.merging import SumsFromZero, checked_sum
from .._measures.registry import check_measures
from .curve import DEFAULT_MEASURES, RejectCurve
from .scores import (
    check_confidence_method,
    check_score_shape,
    check_scores,
    check_thresholds,
    column_labels,
    confidence_and_prediction,
    native,
    quantile_thresholds,
)
from .stacks import ThresholdStacks


@dataclass(frozen=True, eq=False)
class ConfidenceBinnedCounts(SumsFromZero):
    """Confusion counts per confidence bin, true class and predicted class.

    Bin ``b``: confidence reaches exactly ``b`` thresholds. Counts add up.

    Attributes
    ----------
    thresholds : ndarray of shape (k,)
        Ascending, distinct, finite bin edges.
    classes : ndarray of shape (m,)
        Row (true) and column (predicted) order.
    counts : ndarray of shape (k + 1, m, m)
        Counts (or summed weights) per bin, true and predicted class.
    confidence_method : {"max", "margin"}
        How the scores became a confidence.
    """

    thresholds: np.ndarray
    classes: np.ndarray
    counts: np.ndarray
    confidence_method: str = "max"

    def __post_init__(self):
        # Also built by hand (counts kept from a streaming job): the shape and
        # values confidence_binned_counts gives, or a clear error.
        edges, counts = np.asarray(self.thresholds), np.asarray(self.counts)
        k, m = edges.size, len(self.classes)
        if (
            edges.ndim != 1
            or edges.dtype.kind not in "iuf"
            or (not np.all(np.isfinite(edges)) or np.any(np.diff(edges) <= 0))
        ):
            raise ValueError(
                "thresholds must be a 1-d array of ascending, distinct, finite "
                f"bin edges; got {self.thresholds!r}."
            )
        if (
            counts.shape != (k + 1, m, m)
            or counts.dtype.kind not in "iuf"
            or (not np.all(np.isfinite(counts)) or np.any(counts < 0))
        ):
            raise ValueError(
                f"counts must be finite and non-negative, of shape {(k + 1, m, m)} "
                f"for {k} thresholds and {m} classes; got shape {counts.shape}."
            )
        check_confidence_method(self.confidence_method)

    def __add__(self, other):
        if not isinstance(other, ConfidenceBinnedCounts):
            return NotImplemented
        if not (
            np.array_equal(self.thresholds, other.thresholds)
            and np.array_equal(self.classes, other.classes)
            and self.confidence_method == other.confidence_method
        ):
            raise ValueError(
                "Binned counts add up only with the same thresholds, classes and "
                "confidence_method; build both with the same thresholds=[...], labels= "
                "and confidence_method=."
            )
        return ConfidenceBinnedCounts(
            self.thresholds,
            self.classes,
            checked_sum(self.counts, other.counts),
            self.confidence_method,
        )

    def __repr__(self):
        return (
            f"ConfidenceBinnedCounts({len(self.thresholds)} thresholds, "
            f"{len(self.classes)} classes, total {self.counts.sum():.6g})"
        )

    def reject_curve(
        self,
        measures=DEFAULT_MEASURES,
        *,
        replace_undefined_by: float | Literal["warn"] = np.nan,
    ) -> RejectCurve:
        """The reject curve at the thresholds, exact at every one of them.

        Parameters
        ----------
        measures, replace_undefined_by
            As for :func:`reject_curve`.

        Returns
        -------
        curve : RejectCurve
        """
        names = [spec.name for spec in check_measures(measures)]
        return binned_curve(self, names, replace_undefined_by)


def binned_curve(binned, names, replace_undefined_by):
    """The reject curve of binned counts, for checked measure ``names``."""
    counts = np.asarray(binned.counts, dtype=float).reshape(len(binned.counts), -1)
    # Each non-empty (bin b, cell) is one entry, accepted before point b.
    bins, cells = np.nonzero(counts)
    thresholds = np.append(binned.thresholds, np.inf)
    stacks = ThresholdStacks(
        cells, counts[bins, cells], bins, len(thresholds), len(binned.classes)
    )
    return RejectCurve.from_stacks(
        stacks, thresholds, binned.classes, names, replace_undefined_by
    )


def check_binning_thresholds(thresholds):
    """``thresholds`` of binned counts: an int ``k`` or the bin edges."""
    if thresholds is None:
        raise ValueError(
            "Binned counts (and curves of Dask collections) need thresholds: an "
            "int k (k thresholds at quantiles of the confidence) or the "
            "thresholds themselves. Every distinct confidence value of data "
            "that may not fit in memory would need a global sort."
        )
    return check_thresholds(thresholds)


def _binned(true_index, predicted, confidences, weights, thresholds, m):
    """Counts (bins x true x predicted) of coded samples."""
    bins = np.searchsorted(thresholds, confidences, side="right")
    codes = (bins * m + true_index) * m + predicted
    if weights is not None:
        weights = check_sample_weight(weights, len(codes))
    counts = np.bincount(codes, weights, (len(thresholds) + 1) * m * m)
    # Float also for no entries (np.bincount then gives integers).
    counts = counts if weights is None else counts.astype(float)
    return counts.reshape(len(thresholds) + 1, m, m)


def _bin_chunk(y_true, scores, weights, thresholds, classes, confidence_method):
    """:func:`_binned` of one chunk of labels and scores (Dask)."""
    scores = native(scores).astype(np.float64, copy=False)
    if not np.all(np.isfinite(scores)):
        raise ValueError("y_score contains NaN or infinite values.")
    true_index = encode_labels(native(y_true), classes)
    return _binned(
        true_index,
        *confidence_and_prediction(scores, confidence_method),
        weights,
        thresholds,
        len(classes),
    )


def confidence_binned_counts(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    thresholds: int | ArrayLike,
    labels: ArrayLike | None = None,
    confidence_method: Literal["max", "margin"] = "max",
    sample_weight: ArrayLike | None = None,
) -> ConfidenceBinnedCounts:
    """Confusion counts per confidence bin, for reject curves of any data size.

    Parameters
    ----------
    y_true, y_score, labels, confidence_method, sample_weight
        As for :func:`reject_curve`.
    thresholds : int or array-like
        The bin edges (the same for every batch to add), or an int ``k`` for
        ``k`` quantiles of the confidence (approximate for Dask).

    Returns
    -------
    binned : ConfidenceBinnedCounts

    Examples
    --------
    >>> from infometrics.counting import confidence_binned_counts
    >>> proba = [[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]]
    >>> options = dict(thresholds=[0.65], labels=[0, 1])
    >>> first = confidence_binned_counts([0, 0], proba[:2], **options)
    >>> second = confidence_binned_counts([1, 1], proba[2:], **options)
    >>> (first + second).reject_curve(measures=["ni2"]).reject_rate
    array([0.25, 1.  ])
    """
    thresholds = check_binning_thresholds(thresholds)
    if is_dask_collection(y_true, y_score, sample_weight):
        check_confidence_method(confidence_method)
        return _dask_binned_counts(
            y_true, y_score, thresholds, labels, confidence_method, sample_weight
        )
    y_true = check_complete_labels(y_true, "y_true")
    classes, predicted, confidences = check_scores(
        y_true, y_score, labels, confidence_method
    )
    # Bins of float64 confidences, as every chunk of a Dask collection has.
    confidences = confidences.astype(np.float64, copy=False)
    if isinstance(thresholds, int):
        thresholds = quantile_thresholds(confidences, thresholds)
    true = encode_labels(y_true, classes)
    counts = _binned(
        true, predicted, confidences, sample_weight, thresholds, len(classes)
    )
    return ConfidenceBinnedCounts(thresholds, classes, counts, confidence_method)


def _dask_confidence(scores, confidence_method):
    scores = np.asarray(scores, dtype=np.float64)
    return confidence_and_prediction(scores, confidence_method)[1]


def _union(*parts):
    return pd.unique(np.concatenate([np.asarray(part, dtype=object) for part in parts]))


def _dask_binned_counts(
    y_true, y_score, thresholds, classes, confidence_method, weights
):
    dask = import_dask()
    import dask.array as da

    scores = as_dask_array(y_score, "y_score")
    if scores.ndim == 2:
        scores = scores.rechunk({1: -1})
    y_true_array = as_dask_array(y_true, "y_true")
    # Chunk sizes are known (as_dask_array), so are the lengths.
    check_score_shape(scores, y_true_array.shape[0])
    n_columns = 2 if scores.ndim == 1 else scores.shape[1]
    chunks = (scores.chunks[0],)
    y_true_array = y_true_array.rechunk(chunks)
    if weights is not None:
        weights = as_dask_array(weights, "sample_weight", chunks).rechunk(chunks)
    # First pass, for what is not given: the classes, the quantiles.
    todo = {}
    if classes is None:
        uniques = [
            dask.delayed(pd.unique)(chunk) for chunk in y_true_array.to_delayed()
        ]
        todo["classes"] = dask.delayed(_union)(*uniques)
    if isinstance(thresholds, int):
        confidences = scores.map_blocks(
            _dask_confidence,
            confidence_method,
            drop_axis=1 if scores.ndim == 2 else None,
            dtype=np.float64,
        )
        todo["quantiles"] = da.percentile(
            confidences, np.linspace(0, 100, thresholds), method="linear"
        )
        # Dask's percentiles are approximate; the ends must be exact.
        todo["smallest"] = confidences.min()
        todo["largest"] = confidences.max()
    found = dict(zip(todo, dask.compute(*todo.values()), strict=True)) if todo else {}
    if "quantiles" in found:
        smallest, largest = float(found["smallest"]), float(found["largest"])
        quantiles = np.clip(np.asarray(found["quantiles"], float), smallest, largest)
        # One threshold (k = 1) is the smallest, as np.quantile gives.
        quantiles[-1], quantiles[0] = largest, smallest
        thresholds = np.unique(quantiles)
    discovered = np.asarray(list(found.get("classes", [])))
    classes = column_labels(classes, discovered, n_columns)
    # Second pass: the binned counts, chunk by chunk, summed in a tree.
    chunk_count = dask.delayed(_bin_chunk, pure=True)
    score_blocks = scores.to_delayed().ravel()
    true_blocks = y_true_array.to_delayed().ravel()
    weight_blocks = (
        [None] * len(true_blocks) if weights is None else weights.to_delayed().ravel()
    )
    parts = [
        chunk_count(labels, block, weight, thresholds, classes, confidence_method)
        for labels, block, weight in zip(
            true_blocks, score_blocks, weight_blocks, strict=True
        )
    ]
    (counts,) = dask.compute(tree_sum(parts, checked_sum))
    return ConfidenceBinnedCounts(thresholds, classes, counts, confidence_method)
