"""Counts of a table by a GROUP BY in its engine (narwhals), then the in-memory path."""

from __future__ import annotations

import warnings
from typing import Any

import narwhals.stable.v2 as nw
import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.counts import ConfusionCounts
from .._counting.encoded import typed_labels
from .._counting.label_checks import (
    check_explicit_labels,
    check_finite_total,
    check_not_continuous,
    check_optional_sample_weight,
    raise_empty,
    raise_missing_labels,
    raise_non_numeric_weights,
    raise_zero_weights,
    reject_marker,
)
from .._counting.labels import encode_labels
from .._curves.binned import ConfidenceBinnedCounts, check_binning_thresholds
from .._curves.scores import (
    raise_missing_confidence,
    raise_non_numeric_confidence,
    raise_rejected_predictions,
)
from .._warnings import WARNINGS_FILTERS_LOCK

# Object columns (e.g. Decimal) count as the in-memory path's object arrays.
_LABEL_DTYPES = (nw.Object, nw.String, nw.Boolean, nw.Categorical, nw.Enum)

# Weights are summed times this power of two in the checks: no overflow.
_TOTAL_SCALE = 2.0**-64

_TRUE, _PRED, _WEIGHT, _BIN, _ROWS, _TOTAL, _MISSING_CONFIDENCE = (
    f"__infometrics_{name}"
    for name in ("true", "pred", "weight", "bin", "rows", "total", "missing")
)


def _as_frame(table):
    try:
        with WARNINGS_FILTERS_LOCK, warnings.catch_warnings():
            # narwhals' notice that Dask support moves to a plug-in: not the user's.
            warnings.filterwarnings(
                "ignore", message="Dask support is moving", category=FutureWarning
            )
            frame = nw.from_native(table)
            if frame.implementation.is_pandas_like() or frame.implementation.is_dask():
                frame = nw.from_native(_native_byte_order(frame.to_native()))
            return frame
    except TypeError:
        raise TypeError(
            "table must be a dataframe or table of an engine narwhals supports "
            "(pandas, Polars, PyArrow, DuckDB, PySpark, Ibis, Dask, ...); got "
            f"{type(table).__name__}. For label arrays in memory use "
            "augmented_confusion_matrix(y_true, y_pred)."
        ) from None


def _native_byte_order(table):
    """A pandas or Dask frame with big-endian columns in native byte order."""
    swapped = {
        name: dtype.newbyteorder("=")
        for name, dtype in table.dtypes.items()
        if isinstance(dtype, np.dtype) and not dtype.isnative
    }
    if not swapped:
        return table
    if hasattr(table, "map_partitions"):
        # Dask's own astype of a big-endian column fails with pandas < 3.
        return table.map_partitions(lambda part: part.astype(swapped))
    return table.astype(swapped)


def _collect(frame):
    return frame.collect() if isinstance(frame, nw.LazyFrame) else frame


def _aggregates(frame, *expressions):
    """The one row of a select of aggregates, as ``{name: value}``."""
    row = _collect(frame.select(*expressions)).to_dict(as_series=False)
    return {name: values[0] for name, values in row.items()}


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


def _is_nan(expression):
    """Per row: NaN (DuckDB's isnan reads Parquet statistics; x - x does not)."""
    unordered = (expression - expression) != 0.0
    infinite = (expression == float("inf")) | (expression == float("-inf"))
    return expression.is_nan() | (unordered & ~infinite)


def _missing(expression, dtype):
    missing = expression.is_null()
    return missing | _is_nan(expression) if dtype.is_float() else missing


def _count(condition):
    return condition.cast(nw.Int64).sum()


def _not_whole(expression, marker):
    present = ~(expression.is_null() | _is_nan(expression))
    # Not round(): Ibis casts it to int64, which fails on inf and beyond 2**63.
    whole = expression.is_finite() & ((expression % 1.0) == 0.0)
    condition = present & ~whole
    if marker.kind == "number":
        condition = condition & (expression != float(marker.value))
    return condition


def _type_null_columns(frame, schema, columns):
    """Label columns of the null type (all missing, or empty) typed as strings."""
    untyped = [
        column for column in dict.fromkeys(columns) if schema[column] == nw.Unknown
    ]
    if not untyped:
        return frame, schema
    present = _aggregates(
        frame, *(nw.col(column).count().alias(column) for column in untyped)
    )
    if any(present.values()):
        return frame, schema
    frame = frame.with_columns(*(nw.col(column).cast(nw.String) for column in untyped))
    return frame, dict(frame.collect_schema())


def _check_dtypes(schema, y_true, y_pred, weight, confidence):
    label_columns = {
        "y_true": (y_true, schema[y_true]),
        "y_pred": (y_pred, schema[y_pred]),
    }
    for name, (column, dtype) in label_columns.items():
        if not (dtype.is_numeric() or dtype in _LABEL_DTYPES):
            raise ValueError(
                f"{name} (column {column!r}) must hold numbers or strings; got "
                f"dtype {dtype}. Convert the column to numbers or strings "
                "first (e.g. with .cast or .astype)."
            )
    if weight is not None and not (
        schema[weight].is_numeric() or schema[weight] == nw.Boolean
    ):
        raise_non_numeric_weights(schema[weight])
    if confidence is not None and not schema[confidence].is_numeric():
        raise_non_numeric_confidence(schema[confidence])
    return label_columns


def _missing_confidence(confidence):
    missing = _missing(nw.col(confidence).cast(nw.Float64), nw.Float64)
    return missing.cast(nw.Int64).alias(_MISSING_CONFIDENCE)


def _check_rows_first(frame, label_columns, *, weight, marker):
    """Refuse bad rows before the GROUP BY, with the in-memory messages."""
    checks = {_ROWS: nw.len()}
    if weight is not None:
        w = nw.col(weight).cast(nw.Float64)
        checks |= {
            "invalid": _count(w.is_null() | ~w.is_finite() | _is_nan(w)),
            "negative": _count(w < 0),
            "positive": _count(w > 0),
            # Scaled by 2**-64, the sum cannot overflow in the engine.
            "total": (w * _TOTAL_SCALE).sum(),
        }
    for name, (column, dtype) in label_columns.items():
        checks[f"missing {name}"] = _count(_missing(nw.col(column), dtype))
        if dtype.is_float():
            checks[f"continuous {name}"] = _count(_not_whole(nw.col(column), marker))
    found = _aggregates(frame, *(check.alias(name) for name, check in checks.items()))
    if not found[_ROWS]:
        raise_empty()
    if weight is not None:
        # Stand-ins that draw the in-memory messages, in its order.
        stand_in = [np.nan if found["invalid"] else 0.0, -(found["negative"] or 0)]
        check_optional_sample_weight(np.array(stand_in, dtype=float), 2)
        check_finite_total(np.array([float(found["total"] or 0.0) / _TOTAL_SCALE]))
        if not found["positive"]:
            raise_zero_weights()
    if found["missing y_true"]:
        raise_missing_labels("y_true", marker)
    if found["missing y_pred"] and marker.kind != "missing":
        raise_missing_labels("y_pred", marker)
    for name, (column, _) in label_columns.items():
        if found.get(f"continuous {name}"):
            example = frame.filter(_not_whole(nw.col(column), marker)).select(column)
            value = _collect(example.head(1))[column].to_numpy()[:1]
            check_not_continuous(value, lambda _, holder=name: holder, marker)


def _label_values(series):
    """Grouped keys as the NumPy array the in-memory path would be given."""
    # to_numpy reads an Arrow dictionary's null, or one among integers, wrongly.
    dtype = series.dtype
    nullable = dtype.is_integer() or dtype == nw.Boolean
    if dtype in (nw.Categorical, nw.Enum) or (nullable and series.null_count()):
        values = np.empty(len(series), dtype=object)
        values[:] = series.to_list()
        return typed_labels(values)
    return typed_labels(series.to_numpy())


def _bin_expression(expression, thresholds, low, high):
    """How many ``thresholds`` ``expression`` reaches, as a balanced tree of cases."""
    if low == high:
        return nw.lit(low, dtype=nw.Int64)
    middle = (low + high + 1) // 2
    return (
        nw.when(expression >= float(thresholds[middle - 1]))
        .then(_bin_expression(expression, thresholds, middle, high))
        .otherwise(_bin_expression(expression, thresholds, low, middle - 1))
    )


def _engine_quantiles(frame, confidence, k):
    """``k`` thresholds at evenly spaced linear quantiles."""
    expression = nw.col(confidence).cast(nw.Float64)
    finite = expression.is_finite() & ~_is_nan(expression)
    bounds = _aggregates(
        frame,
        nw.len().alias(_ROWS),
        _missing_confidence(confidence).sum(),
        nw.when(finite).then(expression).min().alias("low"),
        nw.when(finite).then(expression).max().alias("high"),
    )
    if not bounds[_ROWS]:
        raise_empty()
    if bounds[_MISSING_CONFIDENCE]:
        raise_missing_confidence()
    low, high = bounds["low"], bounds["high"]
    if low is None or high is None or not (np.isfinite(low) and np.isfinite(high)):
        raise ValueError(
            "thresholds=k needs finite confidences to place quantiles; every "
            "confidence is infinite. Pass thresholds=[...] instead."
        )
    low, high = float(low), float(high)
    if high == low or k <= 2:
        return np.unique([low, high][:k])
    levels = np.linspace(0, 1, k)[1:-1].tolist()
    if frame.implementation.is_dask():
        # narwhals has no quantiles of a partitioned Dask frame; Dask estimates them.
        column = frame.select(expression.alias(_BIN)).to_native()[_BIN]
        inner = column.quantile(levels).compute().to_numpy(dtype=float).tolist()
    else:
        quantiles = (
            expression.quantile(level, interpolation="linear").alias(f"q{i}")
            for i, level in enumerate(levels)
        )
        found = _aggregates(frame, *quantiles).values()
        inner = [np.nan if value is None else float(value) for value in found]
    thresholds = np.array([low, *inner, high])
    # inf - inf interpolates to NaN: such a quantile lies at a bound.
    thresholds = np.where(np.isnan(thresholds), high, thresholds)
    return np.unique(np.clip(thresholds, low, high))


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

    A ``GROUP BY`` runs in the table's engine; the result is what
    :func:`augmented_confusion_matrix` (or :func:`confidence_binned_counts`)
    gives on the same rows. See the user guide, "Data at scale".

    Parameters
    ----------
    table : dataframe or table
        A table of any engine narwhals supports (pandas, Polars, DuckDB, ...).
    y_true, y_pred, sample_weight : str
        The columns of true labels, predicted labels and weights.
    confidence : str, default=None
        The column of confidences; with ``thresholds``, counts per bin of the
        predictions before rejection.
    thresholds : int or array-like, default=None
        The bin edges, or ``k`` for ``k`` quantiles of the finite confidences.
    labels, reject_label
        As in :func:`augmented_confusion_matrix`.

    Returns
    -------
    counts : ConfusionCounts or ConfidenceBinnedCounts
        The augmented matrix with its labels, or the counts per bin.

    See Also
    --------
    ConfusionAccumulator : Counts accumulated from batches of labels.

    Examples
    --------
    >>> import pandas as pd
    >>> from infometrics import counts_from_table
    >>> table = pd.DataFrame({"truth": ["cat", "dog"], "pred": ["cat", "?"]})
    >>> counts = counts_from_table(table, y_true="truth", y_pred="pred",
    ...                            reject_label="?")
    >>> counts.confusion_matrix
    array([[1, 0, 0],
           [0, 0, 1]])
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
        thresholds = check_binning_thresholds(thresholds)
    marker = reject_marker(reject_label)
    if labels is not None:
        labels = check_explicit_labels(labels, marker)
    frame, schema = _type_null_columns(frame, schema, (y_true, y_pred))
    label_columns = _check_dtypes(schema, y_true, y_pred, sample_weight, confidence)
    # Weights are checked first: sums per group could overflow in the GROUP BY.
    if sample_weight is not None or any(
        dtype.is_float() for _, dtype in label_columns.values()
    ):
        _check_rows_first(frame, label_columns, weight=sample_weight, marker=marker)
    if isinstance(thresholds, int):
        thresholds = _engine_quantiles(frame, confidence, thresholds)
    # Missing labels come back as null keys, missing confidences as a sum.
    columns = [nw.col(y_true).alias(_TRUE), nw.col(y_pred).alias(_PRED)]
    keys = [_TRUE, _PRED]
    aggregates = [nw.len().alias(_ROWS)]
    if sample_weight is not None:
        columns.append(nw.col(sample_weight).cast(nw.Float64).alias(_WEIGHT))
        aggregates.append(nw.col(_WEIGHT).sum().alias(_TOTAL))
    if confidence is not None:
        score = nw.col(confidence).cast(nw.Float64)
        columns.append(
            _bin_expression(score, thresholds, 0, len(thresholds)).alias(_BIN)
        )
        columns.append(_missing_confidence(confidence))
        keys.append(_BIN)
        aggregates.append(nw.col(_MISSING_CONFIDENCE).sum())
    grouped = _collect(
        frame.select(*columns).group_by(*keys, drop_null_keys=False).agg(*aggregates)
    )
    if confidence is not None and grouped[_MISSING_CONFIDENCE].to_numpy().any():
        raise_missing_confidence()
    true_keys = _label_values(grouped[_TRUE])
    pred_keys = _label_values(grouped[_PRED])
    totals = check_finite_total(
        grouped[_ROWS if sample_weight is None else _TOTAL].to_numpy().astype(float)
    )
    matrix, classes = confusion_matrix_and_labels(
        true_keys,
        pred_keys,
        labels=labels,
        reject_label=reject_label,
        sample_weight=totals,
    )
    if confidence is None:
        if sample_weight is None:
            # Counts below 2**53 are exact in float64.
            matrix = np.rint(matrix).astype(np.int64)
        return ConfusionCounts(matrix, np.asarray(classes), reject_label)
    m = len(classes)
    pred_codes = encode_labels(
        pred_keys, classes, name="y_pred", reject_label=reject_label
    )
    if (pred_codes == m).any():
        raise_rejected_predictions(reject_label)
    bins = grouped[_BIN].to_numpy().astype(np.int64)
    cells = (bins * m + encode_labels(true_keys, classes)) * m + pred_codes
    counts = np.bincount(cells, weights=totals, minlength=(len(thresholds) + 1) * m * m)
    if sample_weight is None:
        counts = np.rint(counts).astype(np.int64)
    return ConfidenceBinnedCounts(
        np.asarray(thresholds, dtype=float),
        np.asarray(classes),
        counts.reshape(-1, m, m),
    )
