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

import warnings
from typing import Any

import narwhals.stable.v2 as nw
import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.counts import ConfusionCounts
from .._counting.label_checks import (
    _check_explicit_labels,
    _check_not_continuous,
    _check_sample_weight,
    _raise_missing,
    reject_marker,
)
from .._counting.labels import encode_labels
from .._curves.binned import ConfidenceBinnedCounts, _check_binning_thresholds

# Cells of the histogram from which ``thresholds=k`` picks its quantiles.
_QUANTILE_HISTOGRAM_BINS = 1 << 16

_TRUE, _PRED, _WEIGHT, _BIN = (
    "__infometrics_true",
    "__infometrics_pred",
    "__infometrics_weight",
    "__infometrics_bin",
)
_ROWS, _TOTAL = "__infometrics_rows", "__infometrics_total"
_BAD_WEIGHT, _NEGATIVE_WEIGHT, _MISSING_CONFIDENCE = (
    "__infometrics_bad_weight",
    "__infometrics_negative_weight",
    "__infometrics_missing_confidence",
)


# -- the table ------------------------------------------------------------------


def _as_frame(table):
    """The narwhals frame of ``table`` (eager or lazy), refused with a hint."""
    if isinstance(table, (nw.DataFrame, nw.LazyFrame)):
        return table
    try:
        with warnings.catch_warnings():
            # narwhals announces that its Dask support moves to a plug-in
            # package; it works as it is, and the user can do nothing about it.
            warnings.filterwarnings(
                "ignore", message="Dask support is moving", category=FutureWarning
            )
            return nw.from_native(table)
    except TypeError:
        raise TypeError(
            "table must be a dataframe or table of an engine narwhals supports "
            "(pandas, Polars, PyArrow, DuckDB, PySpark, Ibis, Dask, ...); got "
            f"{type(table).__name__}. For label arrays in memory use "
            "augmented_confusion_matrix(y_true, y_pred)."
        ) from None


def _collect(frame):
    """An eager narwhals frame of an (aggregated, small) frame."""
    return frame.collect() if isinstance(frame, nw.LazyFrame) else frame


def _check_columns(schema, columns):
    for option, name in columns.items():
        if name is None:
            continue
        if not isinstance(name, str):
            raise TypeError(
                f"{option} must be the name of a column (a str); got "
                f"{type(name).__name__}."
            )
        if name not in schema:
            raise ValueError(
                f"{option}={name!r} is not a column of the table; its columns are "
                f"{list(schema)!r}."
            )


def _is_label_dtype(dtype):
    return (
        dtype.is_numeric()
        or dtype == nw.String
        or dtype == nw.Boolean
        or dtype == nw.Categorical
        or dtype == nw.Enum
    )


def _missing(expression, dtype):
    """Per row: the label is missing (null, or NaN in a float column)."""
    if dtype.is_float():
        return expression.is_null() | expression.is_nan()
    return expression.is_null()


def _count(condition):
    return condition.cast(nw.Int64).sum()


def _not_whole(expression, marker):
    """Per row: a float label that is not a whole number (nor the marker)."""
    present = ~(expression.is_null() | expression.is_nan())
    whole = expression.is_finite() & (expression.round(0) == expression)
    condition = present & ~whole
    if marker.kind == "number" and np.isfinite(marker.value):
        condition = condition & (expression != float(marker.value))
    return condition


def _first_value(frame, column, condition):
    """One value of ``column`` where ``condition`` holds (an example for errors)."""
    example = _collect(frame.filter(condition).select(column).head(1))
    return example[column].to_numpy()[0]


def _check_dtypes(schema, *, y_true, y_pred, weight, confidence):
    """Refuse columns of the wrong type; the label columns and their dtypes."""
    label_columns = {
        "y_true": (y_true, schema[y_true]),
        "y_pred": (y_pred, schema[y_pred]),
    }
    for name, (column, dtype) in label_columns.items():
        if not _is_label_dtype(dtype):
            raise ValueError(
                f"{name} (column {column!r}) must hold numbers or strings; got "
                f"dtype {dtype}."
            )
    if weight is not None and not schema[weight].is_numeric():
        raise ValueError(f"sample_weight must be numeric; got dtype {schema[weight]}.")
    if confidence is not None and not schema[confidence].is_numeric():
        raise ValueError(
            "confidence must be numeric (higher = more sure); got dtype "
            f"{schema[confidence]}."
        )
    return label_columns


def _row_flags(weight, confidence):
    """Per row, 1 where a weight or a confidence is invalid (0 elsewhere).

    Summed, over the table or per group, they find invalid rows; computed
    per row first so that every engine aggregates plain columns.
    """
    conditions = {}
    if weight is not None:
        expression = nw.col(weight).cast(nw.Float64)
        conditions[_BAD_WEIGHT] = expression.is_null() | ~expression.is_finite()
        conditions[_NEGATIVE_WEIGHT] = expression < 0
    if confidence is not None:
        expression = nw.col(confidence).cast(nw.Float64)
        conditions[_MISSING_CONFIDENCE] = expression.is_null() | expression.is_nan()
    return {
        name: condition.cast(nw.Int64).alias(name)
        for name, condition in conditions.items()
    }


def _row_checks(weight, confidence):
    """The flags of :func:`_row_flags` summed over the table."""
    return [flag.sum() for flag in _row_flags(weight, confidence).values()]


def _raise_invalid_weights(found):
    """The in-memory path's weight errors (its own messages), if any."""
    if found.get(_BAD_WEIGHT):
        _check_sample_weight(np.array([np.nan]), 1)
    if found.get(_NEGATIVE_WEIGHT):
        _check_sample_weight(np.array([-1.0]), 1)


def _raise_missing_confidence(found):
    if found.get(_MISSING_CONFIDENCE):
        raise ValueError(
            "confidence contains NaN or missing values; every sample needs a "
            "confidence to be ranked. Drop those samples or give them -inf "
            "(rejected first)."
        )


def _raise_empty():
    raise ValueError(
        "y_true and y_pred are empty; at least one sample is needed to build a "
        "confusion matrix."
    )


def _check_float_labels(frame, label_columns, *, weight, confidence, marker):
    """A first pass for float label columns: missing and continuous labels.

    Grouping a column of continuous values would bring back one row per
    value, so they are refused before. (Missing integer, string or boolean
    labels come back as a null key of the grouping and are refused there.)
    """
    checks = [nw.len().alias(_ROWS), *_row_checks(weight, None)]
    for name, (column, dtype) in label_columns.items():
        expression = nw.col(column)
        checks.append(_count(_missing(expression, dtype)).alias(f"missing {name}"))
        if dtype.is_float():
            checks.append(
                _count(_not_whole(expression, marker)).alias(f"continuous {name}")
            )
    aggregates = _collect(frame.select(*checks)).to_dict(as_series=False)
    found = {key: values[0] for key, values in aggregates.items()}
    # The in-memory path's order: empty, weights, missing labels (true, then
    # predicted), continuous values.
    if not found[_ROWS]:
        _raise_empty()
    _raise_invalid_weights(found)
    if found["missing y_true"]:
        _raise_missing("y_true", marker)
    if found["missing y_pred"] and marker.kind != "missing":
        _raise_missing("y_pred", marker)
    for name, (column, _) in label_columns.items():
        if found.get(f"continuous {name}"):
            value = _first_value(frame, column, _not_whole(nw.col(column), marker))
            _check_not_continuous(
                np.array([value]), lambda _, holder=name: holder, marker
            )


def _label_values(series):
    """Grouped keys as the NumPy array the in-memory path would be given."""
    values = series.to_numpy()
    if values.dtype.kind in "UST":
        return values.astype(object)
    if values.dtype.kind == "O":
        items = values.tolist()
        if all(isinstance(item, str) for item in items):
            return values
        if all(
            isinstance(item, (int, float, np.number)) and not isinstance(item, bool)
            for item in items
        ):
            converted = np.array(items)
            if converted.dtype.kind in "iuf":
                return converted
    return values


def _bin_expression(expression, thresholds, low, high):
    """The number of ``thresholds`` that ``expression`` reaches, as a tree of cases.

    Bins ``low .. high``: a balanced tree of comparisons, so an engine that
    evaluates cases lazily makes about log2(k) comparisons per row.
    """
    if low == high:
        return nw.lit(low, dtype=nw.Int64)
    middle = (low + high + 1) // 2
    return (
        nw.when(expression >= float(thresholds[middle - 1]))
        .then(_bin_expression(expression, thresholds, middle, high))
        .otherwise(_bin_expression(expression, thresholds, low, middle - 1))
    )


def _histogram_quantiles(frame, confidence, k):
    """``k`` confidence thresholds at evenly spaced quantiles, from a histogram.

    One aggregate pass for the range, one GROUP BY over
    ``_QUANTILE_HISTOGRAM_BINS`` equal-width cells, then linear interpolation
    inside the cell holding each quantile: within one cell width of the
    exact quantile (``np.quantile``'s linear rule).
    """
    expression = nw.col(confidence).cast(nw.Float64)
    finite = expression.is_finite()
    bounds = _collect(
        frame.select(
            nw.len().alias(_ROWS),
            *_row_checks(None, confidence),
            nw.when(finite).then(expression).min().alias("low"),
            nw.when(finite).then(expression).max().alias("high"),
        )
    ).to_dict(as_series=False)
    if not bounds[_ROWS][0]:
        _raise_empty()
    _raise_missing_confidence({key: values[0] for key, values in bounds.items()})
    n_rows = int(bounds[_ROWS][0])
    low, high = bounds["low"][0], bounds["high"][0]
    if low is None or high is None or not (np.isfinite(low) and np.isfinite(high)):
        raise ValueError(
            "thresholds=k needs finite confidences to place quantiles; every "
            "confidence is infinite. Pass thresholds=[...] instead."
        )
    low, high = float(low), float(high)
    n_cells = _QUANTILE_HISTOGRAM_BINS
    if high == low:
        return np.array([low])
    width = (high - low) / n_cells
    # Infinite confidences go to the first or last cell.
    scaled = ((expression - low) / width).clip(0, n_cells - 1)
    cell = scaled.floor().cast(nw.Int64)
    histogram = _collect(
        frame.select(cell.alias(_BIN)).group_by(_BIN).agg(nw.len().alias(_ROWS))
    )
    cells = histogram[_BIN].to_numpy().astype(np.int64)
    counts = np.zeros(n_cells, dtype=np.float64)
    np.add.at(counts, cells, histogram[_ROWS].to_numpy().astype(np.float64))
    cumulative = np.cumsum(counts)

    def value_at_rank(rank):
        # The cell holding the value of this rank (0-based, ascending), and
        # the cell's values taken as spread evenly across it: within one cell
        # width of the value itself.
        index = min(int(np.searchsorted(cumulative, rank, side="right")), n_cells - 1)
        before = cumulative[index - 1] if index else 0.0
        inside = counts[index]
        fraction = (rank - before + 0.5) / inside if inside else 0.5
        return low + width * (index + min(max(fraction, 0.0), 1.0))

    thresholds = []
    for position in np.linspace(0, 1, k) * (n_rows - 1):
        # np.quantile's linear rule between the values of the two ranks.
        below = np.floor(position)
        lower, upper = value_at_rank(below), value_at_rank(min(below + 1, n_rows - 1))
        thresholds.append(lower + (position - below) * (upper - lower))
    thresholds[0], thresholds[-1] = low, high
    return np.unique(np.asarray(thresholds, dtype=float))


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
        int ``k`` for ``k`` thresholds at approximately evenly spaced
        quantiles of the confidence (estimated in the engine from a
        65 536-cell histogram, within one cell width of the exact quantiles;
        the counts are exact at whichever thresholds result).
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
    must not be grouped), ``thresholds=k`` two (the range, the histogram). Summed
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
        labels = _check_explicit_labels(labels, marker)
    label_columns = _check_dtypes(
        schema,
        y_true=y_true,
        y_pred=y_pred,
        weight=sample_weight,
        confidence=confidence,
    )
    if any(dtype.is_float() for _, dtype in label_columns.values()):
        _check_float_labels(
            frame,
            label_columns,
            weight=sample_weight,
            confidence=confidence,
            marker=marker,
        )
    if isinstance(thresholds, int):
        thresholds = _histogram_quantiles(frame, confidence, thresholds)
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
        raise ValueError(
            f"With confidence, y_pred holds the predictions before rejection "
            f"(every prediction a class, none {reject!r}): the binned counts "
            "describe every threshold. Pass the column of predicted classes."
        )
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
