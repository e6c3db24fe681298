"""counts_from_table against the in-memory path on generated tables.

Small tables (0 to 30 rows) of the label kinds people pass -- integers near
their limits, whole floats, strings (empty, unicode), booleans, categoricals,
nullable integers -- with nulls, NaN, the reject label on either side, weights
of every sort and confidences with ties and infinities, counted by pandas,
Polars (eager and lazy), PyArrow and DuckDB. Each engine must give what the
in-memory functions give on the same rows: the same matrix (values and dtype),
the same labels (values and dtype) and the same warnings, or the same error.
"""

import importlib.util
import re
import warnings

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from infometrics import ConfusionAccumulator, ConfusionCounts, counts_from_table
from infometrics.counting import ConfidenceBinnedCounts

pytestmark = [
    pytest.mark.skipif(
        not all(importlib.util.find_spec(module) for module in ("polars", "duckdb")),
        reason="the engines of this test are optional",
    ),
    # Generated tables may hold NaN or a huge weight: the reference's own
    # arithmetic warnings are not what is compared.
    pytest.mark.filterwarnings("ignore::RuntimeWarning"),
]

_INT8 = [-128, -1, 0, 1, 127]
_INT64 = [-(2**63), -1, 0, 1, 2**53 + 1, 2**63 - 1]
_UINT64 = [0, 1, 2**63, 2**64 - 1]
_FLOATS = [-1.0, 0.0, -0.0, 1.0, 2.0, 1e300, 0.5, np.inf]
_STRINGS = ["", "a", "b", "é", "日本", "?", "-1"]

LABEL_POOLS = {
    "int8": (_INT8, np.int8),
    "int64": (_INT64, np.int64),
    "uint64": (_UINT64, np.uint64),
    "float": (_FLOATS, np.float64),
    "string": (_STRINGS, object),
    "bool": ([False, True], bool),
    "category": (_STRINGS, "category"),
    "Int64": (_INT64, "Int64"),
}
REJECT_LABELS = {
    "int8": [-1, None, np.nan, 127, -1.0],
    "int64": [-1, None, np.nan, 2**63 - 1],
    "uint64": [-1, None, np.nan, 2**64 - 1],
    "float": [-1, None, np.nan, 0.5, np.inf],
    "string": ["?", None, np.nan, "", -1],
    "bool": [None, np.nan, -1],
    "category": ["?", None, "é", -1],
    "Int64": [-1, None, np.nan, 2**53 + 1],
}
WEIGHTS = [0.0, 0.25, 1.0, 3.0, 5e-324, 1e-300, 1e300, -1.0, np.nan, np.inf]
# Finite weights whose sum overflows float64.
HUGE_WEIGHT = 1e308
WEIGHTS.append(HUGE_WEIGHT)
CONFIDENCES = [0.1, 0.5, 0.5, 0.9, 1.0, -np.inf, np.inf, np.nan]


def _column(kind, values):
    dtype = LABEL_POOLS[kind][1]
    if dtype == "category":
        present = [value for value in values if value is not None]
        return pd.Categorical(values, categories=sorted(set(present)))
    if any(value is None for value in values):
        if dtype == "Int64":
            return pd.array(values, dtype="Int64")
        if dtype == np.float64:
            return np.array([np.nan if v is None else v for v in values])
        return pd.array(values, dtype=object) if dtype is object else values
    if dtype == "Int64":
        return pd.array(values, dtype="Int64")
    return np.array(values, dtype=dtype)


@st.composite
def tables(draw):
    """A pandas frame with columns t, p (and w, c) and the options to pass."""
    kind = draw(st.sampled_from(sorted(LABEL_POOLS)))
    pool = LABEL_POOLS[kind][0]
    n = draw(st.integers(0, 30))
    nullable = LABEL_POOLS[kind][1] in (object, "Int64", "category", np.float64)
    value = st.sampled_from(pool)
    if nullable and draw(st.booleans()):
        value = st.one_of(value, st.none())
    true = draw(st.lists(value, min_size=n, max_size=n))
    pred_kind = kind
    if kind in ("int8", "int64", "uint64") and draw(st.booleans()):
        # Whole-number floats predicted for integer classes (a model's output
        # cast to float): the two columns' types differ.
        pred_kind, value = "float", st.sampled_from([-1.0, 0.0, 1.0, 127.0, 0.5])
    pred = draw(st.lists(value, min_size=n, max_size=n))
    frame = pd.DataFrame({"t": _column(kind, true), "p": _column(pred_kind, pred)})
    options = {"reject_label": draw(st.sampled_from(REJECT_LABELS[kind]))}
    if draw(st.booleans()):
        if draw(st.booleans()):
            weights = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
            frame["w"] = np.array(weights, dtype=np.int64)
        else:
            weights = st.sampled_from(WEIGHTS)
            frame["w"] = draw(st.lists(weights, min_size=n, max_size=n))
        options["sample_weight"] = "w"
    if n and draw(st.booleans()):
        present = sorted({v for v in true + pred if v is not None}, key=repr)
        labels = draw(st.permutations(present)) if present else list(pool[:2])
        if draw(st.booleans()) and len(labels) > 1:
            labels = labels[1:]  # a label of the data missing from labels
        options["labels"] = labels
    if draw(st.booleans()):
        dtype = draw(st.sampled_from([np.float64, np.float32]))
        scores = st.sampled_from(CONFIDENCES)
        values = draw(st.lists(scores, min_size=n, max_size=n))
        frame["c"] = np.array(values, dtype=dtype)
        options["confidence"] = "c"
        options["thresholds"] = draw(
            st.one_of(
                st.integers(1, 4),
                st.lists(st.sampled_from([0.0, 0.5, 0.7, 1.0]), min_size=1),
            )
        )
    return frame, options


def _to_polars(frame):
    import polars as pl

    return pl.from_pandas(frame)


def _to_duckdb(frame):
    import duckdb

    connection = duckdb.connect()
    connection.register("source", frame)
    return connection.sql("select * from source")


def _to_arrow(frame):
    import pyarrow as pa

    return pa.Table.from_pandas(frame, preserve_index=False)


def _to_ibis(frame):
    import ibis

    # From Arrow: ibis reads a pandas option that pandas 3 deprecates.
    return ibis.memtable(_to_arrow(frame))


ENGINES = {
    "pandas": lambda frame: frame,
    "polars": _to_polars,
    "polars-lazy": lambda frame: _to_polars(frame).lazy(),
    "pyarrow": _to_arrow,
    "duckdb": _to_duckdb,
    "ibis": _to_ibis,
}

# The gist of an error: the first of these that its message contains.
_GISTS = [
    "labels contains",
    "are empty",
    "NaN or infinite",
    "negative values",
    "0 for every sample",
    "overflow",
    "labels contains the reject label",
    "contains missing labels",
    "contains the reject label",
    "continuous values",
    "not in labels=",
    "confidence contains NaN",
    "before rejection",
    "every confidence is infinite",
    "cannot be sorted",
    "is a number but",
    "is a string but",
]

# The arguments are checked before the table is read (not after a pass over
# 10^9 rows): such an error may come before an error about the rows.
_ARGUMENT_ERRORS = {"labels contains"}


def _gist(error):
    message = str(error)
    for gist in _GISTS:
        if gist in message:
            # Which array an error is about belongs to its gist.
            holder = re.match(r"(y_true|y_pred)", message)
            return (gist, holder.group(1) if holder else None)
    return ("other", message)


def _call(function):
    """``(result, error gist, warning categories)`` of ``function()``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result, error = function(), None
        except ValueError as exc:
            result, error = None, _gist(exc)
    categories = sorted(
        {w.category.__name__ for w in caught if w.category is not RuntimeWarning}
    )
    return result, error, categories


def _reference_matrix(frame, options):
    weights = frame["w"] if "sample_weight" in options else None
    return counts_and_labels(
        frame["t"],
        frame["p"],
        labels=options.get("labels"),
        reject_label=options["reject_label"],
        sample_weight=weights,
    )


def _reference_binned(frame, options, thresholds):
    """The binned counts at ``thresholds``, with the in-memory path's checks."""
    weights = frame["w"] if "sample_weight" in options else None
    if weights is not None or not len(frame):
        _reference_matrix(frame, options)  # empty, the weights: errors first
    confidences = frame["c"].to_numpy(dtype=np.float64)
    if np.isnan(confidences).any():
        raise ValueError("confidence contains NaN or missing values")
    if isinstance(options["thresholds"], int) and not np.isfinite(confidences).any():
        raise ValueError("thresholds=k: every confidence is infinite")
    _, classes = _reference_matrix(frame, options)
    reject = options["reject_label"]
    bins = np.searchsorted(thresholds, confidences, side="right")
    stack = []
    for b in range(len(thresholds) + 1):
        # Each bin's labels counted in memory, on the classes of the whole.
        inside = bins == b
        part = ConfusionAccumulator(labels=classes, reject_label=reject).update(
            frame["t"][inside],
            frame["p"][inside],
            sample_weight=None if weights is None else weights[inside],
        )
        matrix = part.confusion_matrix
        if reject is not None:
            if matrix[:, -1].any():
                raise ValueError(
                    "With confidence, y_pred holds the predictions before rejection"
                )
            matrix = matrix[:, :-1]
        stack.append(matrix)
    counts = np.array(stack, dtype=np.int64 if weights is None else np.float64)
    return classes, counts


def _assert_same_binned(frame, options, binned):
    assert isinstance(binned, ConfidenceBinnedCounts)
    thresholds = binned.thresholds
    if isinstance(options["thresholds"], int):
        finite = frame["c"].to_numpy(dtype=np.float64)
        finite = finite[np.isfinite(finite)]
        # k = 1: the minimum alone (nothing rejected); more: the maximum last.
        assert thresholds[0] == finite.min()
        last = finite.max() if options["thresholds"] > 1 else finite.min()
        assert thresholds[-1] == last
    else:
        np.testing.assert_array_equal(thresholds, np.unique(options["thresholds"]))
    classes, counts = _reference_binned(frame, options, thresholds)
    assert binned.classes.tolist() == classes.tolist()
    assert binned.classes.dtype == classes.dtype
    assert binned.counts.dtype == counts.dtype
    np.testing.assert_allclose(binned.counts, counts, rtol=1e-12, atol=0)


def _compare(frame, options, engine):
    table = ENGINES[engine](frame)
    result, error, categories = _call(
        lambda: counts_from_table(table, y_true="t", y_pred="p", **options)
    )
    binned = "confidence" in options
    if binned and result is not None:
        _, expected_error, expected_categories = _call(
            lambda: _assert_same_binned(frame, options, result)
        )
        assert expected_error is None, (engine, expected_error, result)
        return
    reference = _reference_binned if binned else _reference_matrix
    arguments = (frame, options, np.unique(np.asarray(options.get("thresholds", 0))))
    expected, expected_error, expected_categories = _call(
        lambda: reference(*arguments[: 3 if binned else 2])
    )
    if binned and error is not None and expected_error is not None:
        # The binned counts check confidences, weights and labels in passes
        # whose order differs with thresholds=k: any of the row's errors.
        assert error[0] != "other", (engine, error, expected_error)
        return
    if error is not None and error[0] in _ARGUMENT_ERRORS:
        # Refused before the table is read: the reference refuses too, maybe
        # first for something in the rows.
        assert expected_error is not None, (engine, error, expected)
        return
    assert (error, categories) == (expected_error, expected_categories), (
        engine,
        result,
        expected,
    )
    if error is not None:
        return
    matrix, labels = expected
    assert isinstance(result, ConfusionCounts)
    assert result.labels.tolist() == labels.tolist(), (engine, result, labels)
    assert result.labels.dtype == labels.dtype, (engine, result, labels)
    assert result.confusion_matrix.dtype == matrix.dtype, (engine, result, matrix)
    np.testing.assert_allclose(result.confusion_matrix, matrix, rtol=1e-12, atol=0)


@pytest.mark.parametrize("engine", list(ENGINES))
@settings(
    max_examples=60,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(case=tables())
def test_engines_give_the_in_memory_counts(engine, case):
    frame, options = case
    _compare(frame, options, engine)


# -- regressions found by the property above -------------------------------------


def _counts(table, **options):
    return counts_from_table(table, y_true="t", y_pred="p", **options)


@pytest.mark.parametrize("engine", ["pyarrow", "duckdb"])
def test_missing_dictionary_labels_are_refused(engine):
    # Arrow's to_numpy turns a dictionary's null into its first category: the
    # missing label was counted as "x", [[2]].
    frame = pd.DataFrame({"t": pd.Categorical(["x", None]), "p": ["x", "x"]})
    with pytest.raises(ValueError, match="y_true contains missing labels"):
        _counts(ENGINES[engine](frame), reject_label=None)
    every_missing = pd.DataFrame({"t": pd.Categorical([None]), "p": ["x"]})
    with pytest.raises(ValueError, match="y_true contains missing labels"):
        _counts(ENGINES[engine](every_missing), reject_label=None)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_large_integers_next_to_missing_predictions_stay_exact(engine):
    # A null among integer keys made them floats: 2**62 + 1 became 2**62, a
    # second class, and the sample was counted in its row.
    label = 2**62 + 1
    frame = pd.DataFrame(
        {"t": [label, label], "p": pd.array([label, None], dtype="Int64")}
    )
    counts = _counts(ENGINES[engine](frame), reject_label=np.nan)
    assert counts.labels.tolist() == [label]
    assert counts.confusion_matrix.tolist() == [[1, 1]]


@pytest.mark.parametrize("engine", list(ENGINES))
def test_one_quantile_threshold_is_the_minimum(engine):
    # As the in-memory path: the one threshold rejects nothing (it was the
    # maximum, which rejected every sample but the most confident).
    frame = pd.DataFrame(
        {"t": [0, 1, 0, 1], "p": [0, 1, 1, 0], "c": [0.1, 0.2, 0.3, 0.4]}
    )
    binned = _counts(ENGINES[engine](frame), confidence="c", thresholds=1)
    assert binned.thresholds.tolist() == [0.1]
    assert binned.counts.sum(axis=(1, 2)).tolist() == [0, 4]


@pytest.mark.parametrize("engine", list(ENGINES))
def test_uint64_labels_beyond_int64_with_quantile_thresholds(engine):
    # pyarrow refused (ArrowInvalid) the comparison with the default marker
    # -1 and overflowed on the marker 2**64 - 1.
    frame = pd.DataFrame(
        {
            "t": np.array([2**63, 2**63], dtype=np.uint64),
            "p": np.array([2**63, 2**64 - 1], dtype=np.uint64),
            "c": [0.2, 0.8],
        }
    )
    table = ENGINES[engine](frame)
    binned = _counts(table, confidence="c", thresholds=2)
    assert binned.classes.tolist() == [2**63, 2**64 - 1]
    assert binned.counts.sum() == 2
    with pytest.raises(ValueError, match="predictions before rejection"):
        _counts(table, confidence="c", thresholds=2, reject_label=2**64 - 1)


@pytest.mark.parametrize("engine", ["polars", "pyarrow", "duckdb"])
def test_columns_of_the_null_type(engine):
    # An empty table, or a column of nulls only, has no type to read: it was
    # refused as "dtype Unknown" instead of as empty or missing.
    empty = pd.DataFrame(
        {"t": pd.Series([], dtype=object), "p": pd.Series([], dtype=object)}
    )
    with pytest.raises(ValueError, match="are empty"):
        _counts(ENGINES[engine](empty), reject_label="?")
    import pyarrow as pa

    nulls = pa.table({"t": [1, 2], "p": pa.nulls(2)})
    if engine == "polars":
        import polars as pl

        nulls = pl.from_arrow(nulls)
    elif engine == "duckdb":
        import duckdb

        nulls = duckdb.from_arrow(nulls)
    counts = _counts(nulls, reject_label=np.nan)
    assert counts.confusion_matrix.tolist() == [[0, 0, 1], [0, 0, 1]]
    with pytest.raises(ValueError, match="y_pred contains missing labels"):
        _counts(nulls)


@pytest.mark.parametrize("engine", list(ENGINES))
def test_weight_errors_come_before_continuous_labels(engine):
    # The in-memory path's order: all-zero weights before continuous labels.
    frame = pd.DataFrame({"t": [0.5], "p": [-1.0], "w": [0.0]})
    with pytest.raises(ValueError, match="0 for every sample"):
        _counts(ENGINES[engine](frame), sample_weight="w")


@pytest.mark.parametrize("engine", list(ENGINES))
def test_weight_sums_that_overflow_are_refused(engine):
    # Each weight is finite; their sum is not: refused, and not as "NaN or
    # infinite values", which the column does not hold.
    frame = pd.DataFrame({"t": [1, 1], "p": [1, 1], "w": [1e308, 1e308], "c": 0.5})
    table = ENGINES[engine](frame)
    with pytest.raises(ValueError, match="sums overflow float64"):
        _counts(table, sample_weight="w")
    with pytest.raises(ValueError, match="sums overflow float64"):
        _counts(table, sample_weight="w", confidence="c", thresholds=[0.1])
