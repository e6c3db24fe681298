"""Counts of a table computed where it lives: GROUP BY in the engine (SPEC §12).

Every measure is a function of counts, and the counts of a table are a
``GROUP BY y_true, y_pred`` (plus a confidence bin for curves). Here that
aggregate runs in the engine that holds the table -- pandas, Polars (eager or
lazy), PyArrow, DuckDB, PySpark, Ibis or Dask -- through ``narwhals``, one
implementation for all of them. Only aggregates come back to Python: one row
per distinct (true, predicted[, bin]) combination, with per-group counts of
invalid weights and confidences.

The distinct combinations then go through the in-memory path
(:func:`~infometrics._counting.labels.confusion_matrix_and_labels`) as
weighted samples, so the label order, the reject label, explicit ``labels``
and every error message are the in-memory path's own; a missing label comes
back as a null key and is refused there. Continuous values in a float label
column are refused by a first aggregate pass, before they could be grouped.
"""

from __future__ import annotations

from typing import Any

import narwhals.stable.v2 as nw
import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.counts import ConfusionCounts
from .._counting.label_checks import (
    check_explicit_labels,
    check_finite_total,
    reject_marker,
)
from .._counting.labels import encode_labels
from .._curves.binned import ConfidenceBinnedCounts, _check_binning_thresholds
from .aggregates import (
    _BAD_WEIGHT,
    _BIN,
    _MISSING_CONFIDENCE,
    _NEGATIVE_WEIGHT,
    _PRED,
    _ROWS,
    _TOTAL,
    _TRUE,
    _WEIGHT,
    _as_frame,
    _bin_expression,
    _check_columns,
    _check_dtypes,
    _check_rows_first,
    _collect,
    _engine_quantiles,
    _label_values,
    _raise_empty,
    _raise_invalid_weights,
    _raise_missing_confidence,
    _row_flags,
    _type_null_columns,
    raise_rejected_predictions,
    rejected_predictions,
)


def counts_from_table(
    table: Any,
    *,
    y_true: str,
    y_pred: str,
    sample_weight: str | None = None,
    confidence: str | None = None,
    thresholds: int | ArrayLike | None = None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
) -> ConfusionCounts | ConfidenceBinnedCounts:
    """Confusion counts of a table, computed in the engine that holds it.

    The counts are a ``GROUP BY`` of the truth and prediction columns (and a
    confidence bin), run by the table's own engine: pandas, Polars (eager
    or lazy), PyArrow, DuckDB, PySpark, Ibis, Dask, or any other engine
    that ``narwhals`` supports. No row is brought into Python; only the
    aggregates are. The result is what :func:`augmented_confusion_matrix`
    (or :func:`confidence_binned_counts`) gives on the same rows.

    Parameters
    ----------
    table : dataframe or table
        A pandas, Polars (``DataFrame`` or ``LazyFrame``, e.g. from
        ``pl.scan_parquet``), PyArrow, DuckDB (a relation, e.g.
        ``duckdb.read_parquet(...)``), PySpark, Ibis or Dask table.
    y_true : str
        The column of true labels.
    y_pred : str
        The column of predicted labels; ``reject_label`` marks a rejection.
    sample_weight : str, default=None
        The column of non-negative, finite sample weights; the counts are
        then summed weights.
    confidence : str, default=None
        The column of the classifier's confidence in each prediction
        (higher = more sure). With ``thresholds``: the counts per
        confidence bin, from which reject curves are exact at every
        threshold. ``y_pred`` then holds the predictions before rejection.
    thresholds : int or array-like, default=None
        With ``confidence``, the bin edges: the thresholds themselves, or an
        int ``k`` for ``k`` thresholds at evenly spaced quantiles of the
        confidence, from the engine's quantile aggregate with linear
        interpolation (exact in pandas, Polars, PyArrow, DuckDB and Ibis;
        approximate in Dask and Spark, which estimate quantiles); the first
        and last are the smallest and largest finite confidence. The counts
        are exact at whichever thresholds result.
    labels : array-like of shape (m,), default=None
        The classes in row order; by default the sorted labels of both
        columns, the reject label excluded. Every label in the table must be
        listed (or be the reject label).
    reject_label : scalar or None, default=-1
        As for :func:`augmented_confusion_matrix`; ``None``: no reject
        option, a square matrix.

    Returns
    -------
    counts : ConfusionCounts or ConfidenceBinnedCounts
        Without ``confidence``: the augmented matrix and its labels, usable
        as the matrix of every count-level function and, with its labels,
        of the reports. With ``confidence``: the ``(k + 1, m, m)`` counts
        per confidence bin, true and predicted class.

    Raises
    ------
    ValueError
        As :func:`augmented_confusion_matrix`, with the same messages: an
        empty table, missing labels (unless declared rejections), the reject
        label among the true labels, continuous predictions, negative,
        missing or non-finite weights, a label outside ``labels``; and for a
        column that is not in the table.
    TypeError
        If ``table`` is not a table of an engine ``narwhals`` supports.

    See Also
    --------
    augmented_confusion_matrix : The same counts from arrays in memory.
    confidence_binned_counts : The binned counts from arrays (or Dask).
    ConfusionAccumulator : Counts accumulated from batches of labels.

    Notes
    -----
    One pass over the table: a ``GROUP BY`` whose result has one row per
    distinct (true, predicted) pair -- per confidence bin with
    ``confidence`` -- with the counts of negative, non-finite or missing
    weights and missing confidences per group. A float label column costs a
    first pass (counts of missing and continuous values: continuous values
    must not be grouped), ``thresholds=k`` two (the range, the quantiles). Summed
    weights are added in the engine's order, so they equal the in-memory
    sums exactly when every partial sum is exact (e.g. integer weights) and
    to rounding otherwise.

    Examples
    --------
    >>> import pandas as pd
    >>> from infometrics import counts_from_table
    >>> table = pd.DataFrame(
    ...     {"truth": ["cat", "dog", "dog"], "pred": ["cat", "?", "cat"],
    ...      "score": [0.9, 0.4, 0.7]}
    ... )
    >>> counts = counts_from_table(table, y_true="truth", y_pred="pred",
    ...                            reject_label="?")
    >>> counts.labels
    array(['cat', 'dog'], dtype=object)
    >>> counts.confusion_matrix
    array([[1, 0, 0],
           [1, 0, 1]])

    With a confidence column and thresholds, the counts per confidence bin:

    >>> table["pred"] = ["cat", "dog", "cat"]
    >>> binned = counts_from_table(table, y_true="truth", y_pred="pred",
    ...                            confidence="score", thresholds=[0.5, 0.8],
    ...                            reject_label=None)
    >>> binned.counts.sum(axis=(1, 2))  # samples per confidence bin
    array([1, 1, 1])
    """
    frame = _as_frame(table)
    schema = dict(frame.collect_schema())
    _check_columns(
        schema,
        {
            "y_true": y_true,
            "y_pred": y_pred,
            "sample_weight": sample_weight,
            "confidence": confidence,
        },
    )
    if (confidence is None) != (thresholds is None):
        raise ValueError(
            "Binned counts need both confidence= (the column) and thresholds= "
            "(an int k or the thresholds); for the confusion matrix pass neither."
        )
    if thresholds is not None:
        thresholds = _check_binning_thresholds(thresholds)
    marker = reject_marker(reject_label)
    if labels is not None:
        labels = check_explicit_labels(labels, marker)
    frame, schema = _type_null_columns(frame, schema, (y_true, y_pred))
    label_columns = _check_dtypes(
        schema,
        y_true=y_true,
        y_pred=y_pred,
        weight=sample_weight,
        confidence=confidence,
    )
    # Weights are checked before the GROUP BY too: their sums per group could
    # overflow there (and pandas or Dask would warn before the refusal).
    if sample_weight is not None or any(
        dtype.is_float() for _, dtype in label_columns.values()
    ):
        _check_rows_first(
            frame,
            label_columns,
            weight=sample_weight,
            confidence=confidence,
            marker=marker,
        )
    if isinstance(thresholds, int):
        thresholds = _engine_quantiles(
            frame,
            confidence,
            thresholds,
            rejected=rejected_predictions(y_pred, schema[y_pred], marker)
            if marker.rejects
            else None,
        )
    # One GROUP BY: the counts, and the checks of the rows as aggregates per
    # group (missing labels come back as null keys).
    flags = _row_flags(sample_weight, confidence)
    columns = [
        nw.col(y_true).alias(_TRUE),
        nw.col(y_pred).alias(_PRED),
        *flags.values(),
    ]
    keys = [_TRUE, _PRED]
    aggregates = [nw.len().alias(_ROWS), *(nw.col(name).sum() for name in flags)]
    if sample_weight is not None:
        columns.append(nw.col(sample_weight).cast(nw.Float64).alias(_WEIGHT))
        aggregates.append(nw.col(_WEIGHT).sum().alias(_TOTAL))
    if confidence is not None:
        score = nw.col(confidence).cast(nw.Float64)
        columns.append(
            _bin_expression(score, thresholds, 0, len(thresholds)).alias(_BIN)
        )
        keys.append(_BIN)
    grouped = _collect(
        frame.select(*columns).group_by(*keys, drop_null_keys=False).agg(*aggregates)
    )
    if len(grouped) == 0:
        _raise_empty()
    found = {
        name: int(grouped[name].to_numpy().sum())
        for name in (_BAD_WEIGHT, _NEGATIVE_WEIGHT, _MISSING_CONFIDENCE)
        if name in grouped.columns
    }
    _raise_invalid_weights(found)
    _raise_missing_confidence(found)
    true_keys = _label_values(grouped[_TRUE])
    pred_keys = _label_values(grouped[_PRED])
    occurrences = grouped[_ROWS].to_numpy().astype(np.float64)
    totals = (
        occurrences
        if sample_weight is None
        else grouped[_TOTAL].to_numpy().astype(np.float64)
    )
    # Finite weights (checked), but a group's sum or the total beyond float64.
    check_finite_total(totals)
    if confidence is None:
        matrix, classes = confusion_matrix_and_labels(
            true_keys,
            pred_keys,
            labels=labels,
            reject_label=marker.value if marker.rejects else None,
            sample_weight=totals,
        )
        if sample_weight is None:
            # Counts below 2**53 are exact in float64.
            matrix = np.rint(matrix).astype(np.int64)
        return ConfusionCounts(matrix, np.asarray(classes), reject_label)
    return _binned(
        true_keys,
        pred_keys,
        grouped[_BIN].to_numpy().astype(np.int64),
        totals,
        integer=sample_weight is None,
        thresholds=np.asarray(thresholds, dtype=float),
        labels=labels,
        marker=marker,
    )


def _binned(true_keys, pred_keys, bins, totals, *, integer, thresholds, labels, marker):
    """The (bin, true, predicted) counts of the grouped keys."""
    reject = marker.value if marker.rejects else None
    # The in-memory path finds the classes and checks every label rule.
    _, classes = confusion_matrix_and_labels(
        true_keys, pred_keys, labels=labels, reject_label=reject, sample_weight=totals
    )
    n_classes = len(classes)
    pred_codes = encode_labels(pred_keys, classes, name="y_pred", reject_label=reject)
    if (pred_codes == n_classes).any():
        raise_rejected_predictions(reject)
    true_codes = encode_labels(true_keys, classes, name="y_true")
    n_bins = len(thresholds) + 1
    cells = (bins * n_classes + true_codes) * n_classes + pred_codes
    counts = np.bincount(cells, weights=totals, minlength=n_bins * n_classes**2)
    if integer:
        counts = np.rint(counts).astype(np.int64)
    return ConfidenceBinnedCounts(
        thresholds,
        np.asarray(classes),
        counts.reshape(n_bins, n_classes, n_classes),
    )
