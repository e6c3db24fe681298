"""Review of the counting front door against a slow, obviously correct reference.

The reference is a Python loop over the label pairs into a dict, with exact
integer or ``fractions.Fraction`` weights; Python compares ints and floats
exactly (``2**53 + 1 != float(2**53)``) and by value across types (``1 ==
1.0 == True``), which is the rule the package documents. Every public way of
counting (labels, batches, sums of counts, tables of each engine, Dask) must
give the reference's classes and cells.
"""

import itertools
import math
import pickle
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im

REJECTED = object()


def _python(value):
    if isinstance(value, np.generic):
        return value.item()
    if hasattr(value, "as_py"):
        return value.as_py()
    return value


def _missing(value):
    return (
        value is None
        or value is pd.NA
        or (isinstance(value, float) and math.isnan(value))
    )


def _reference(y_true, y_pred, *, labels=None, reject_label=-1, sample_weight=None):
    """``(classes, {(row, column): count})`` by a loop over the pairs."""
    marker = _python(reject_label)

    def rejected(value):
        if marker is None:
            return False
        if _missing(marker):
            return _missing(value)
        if isinstance(value, bool) or isinstance(value, str) != isinstance(marker, str):
            return False
        return value == marker

    weights = (
        [1] * len(y_true)
        if sample_weight is None
        else [Fraction(float(w)) for w in sample_weight]
    )
    cells, seen = {}, set()
    for t, p, w in zip(
        map(_python, y_true), map(_python, y_pred), weights, strict=True
    ):
        assert not _missing(t)
        assert not rejected(t)
        p = REJECTED if rejected(p) else p
        assert not _missing(p)
        cells[t, p] = cells.get((t, p), 0) + w
        seen.update([t] if p is REJECTED else [t, p])
    classes = sorted(seen) if labels is None else [_python(v) for v in labels]
    assert seen <= set(classes)
    row = {c: i for i, c in enumerate(classes)}
    matrix = {}
    for (t, p), count in cells.items():
        key = (row[t], len(classes) if p is REJECTED else row[p])
        matrix[key] = matrix.get(key, 0) + count
    return classes, {k: v for k, v in matrix.items() if v}


def _assert_reference(matrix, classes, y_true, y_pred, **options):
    expected_classes, cells = _reference(y_true, y_pred, **options)
    m = len(expected_classes)
    has_reject = options.get("reject_label", -1) is not None
    assert matrix.shape == (m, m + has_reject)
    assert [_python(c) for c in classes] == expected_classes
    found = {
        (int(i), int(j)): matrix[i, j] for i, j in zip(*np.nonzero(matrix), strict=True)
    }
    assert found.keys() == cells.keys()
    for key, count in cells.items():
        if options.get("sample_weight") is None:
            assert matrix.dtype.kind == "i"
            assert found[key] == count
        else:
            assert math.isclose(found[key], count, rel_tol=1e-12)


def _count(y_true, y_pred, **options):
    """The matrix of the front door, checked against the accumulator's."""
    matrix = im.augmented_confusion_matrix(y_true, y_pred, **options)
    accumulator = im.ConfusionAccumulator(
        labels=options.get("labels"), reject_label=options.get("reject_label", -1)
    ).update(y_true, y_pred, sample_weight=options.get("sample_weight"))
    np.testing.assert_array_equal(accumulator.confusion_matrix, matrix)
    return matrix, accumulator.labels


def _check(y_true, y_pred, **options):
    matrix, classes = _count(y_true, y_pred, **options)
    _assert_reference(matrix, classes, y_true, y_pred, **options)
    return matrix, classes


RNG = np.random.default_rng(20261124)
INTEGER_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64"]
INTEGER_DTYPES += ["uint64"]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES)
@pytest.mark.parametrize("where", ["min", "max", "zero"])
@pytest.mark.parametrize("n_classes", [1, 2, 5])
def test_integers_at_the_limits_of_their_dtype(dtype, where, n_classes):
    info = np.iinfo(dtype)
    base = {"min": int(info.min), "max": int(info.max) - n_classes + 1, "zero": 0}
    base = base[where]
    a = RNG.integers(0, n_classes, 40).tolist()
    b = RNG.integers(0, n_classes, 40).tolist()
    y_true = np.array([v + base for v in a], dtype=dtype)
    y_pred = np.array([v + base for v in b], dtype=dtype)
    _check(y_true, y_pred)
    _check(y_true, y_pred, reject_label=None)
    if n_classes > 1:
        # The largest value as the reject marker, absent from y_true.
        marker = base + n_classes - 1
        keep = y_true != marker
        _check(y_true[keep], y_pred[keep], reject_label=marker)
        if float(marker) == marker:
            # A float marker only where it is the same number (float64 rounds).
            _check(y_true[keep], y_pred[keep], reject_label=float(marker))


int_dtypes = st.sampled_from(INTEGER_DTYPES)


@st.composite
def integer_labels(draw):
    true_dtype, pred_dtype = draw(int_dtypes), draw(int_dtypes)
    n = draw(st.integers(1, 25))

    def values(dtype):
        info = np.iinfo(dtype)
        pool = draw(
            st.lists(st.integers(int(info.min), int(info.max)), min_size=1, max_size=4)
        )
        picks = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n))
        return np.array(picks, dtype=dtype)

    return values(true_dtype), values(pred_dtype)


@settings(max_examples=150, deadline=None)
@given(integer_labels(), st.sampled_from([None, -1, 0, 2**63, 2**64 - 1]))
def test_integers_of_any_two_dtypes_and_any_marker(pair, reject_label):
    y_true, y_pred = pair
    try:
        expected = _reference(y_true, y_pred, reject_label=reject_label)
    except AssertionError:
        with pytest.raises(ValueError, match="reject label"):
            im.augmented_confusion_matrix(y_true, y_pred, reject_label=reject_label)
        return
    del expected
    _check(y_true, y_pred, reject_label=reject_label)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([0, 3, 2**53, 2**53 + 1, -(2**62), 2**63 - 1]),
            st.sampled_from([0, 3, 2**53, 2**53 + 1, -(2**62), 2**63 - 1, -1]),
        ),
        min_size=1,
        max_size=12,
    ),
    st.booleans(),
)
def test_integers_beyond_two_to_the_53_against_whole_floats(pairs, float_pred):
    y_true = np.array([t for t, _ in pairs], dtype=np.int64)
    y_pred = np.array([p for _, p in pairs], dtype=np.int64)
    if float_pred:
        # float64 rounds 2**53 + 1 and 2**63 - 1: they become other classes.
        y_pred = y_pred.astype(np.float64)
    _check(y_true, y_pred)


def test_integers_spanning_more_than_two_to_the_32():
    a, b = RNG.integers(0, 6, 300), RNG.integers(-1, 6, 300)
    y_true = a * 2**33 - 2**40
    y_pred = np.where(b < 0, -1, b * 2**33 - 2**40)
    _check(y_true, y_pred)
    _check(y_true, y_pred, labels=np.unique(np.append(y_true, 7)))


def test_bools_count_as_zero_and_one():
    y_true = np.array([True, False, True, True])
    y_pred = np.array([True, True, False, True])
    _, classes = _check(y_true, y_pred, reject_label=None)
    assert classes.dtype == bool
    _check(y_true, np.array([1, -1, 0, 1]))
    _check(y_true, y_pred, labels=[1, 0])


N = 60
A, B = RNG.integers(0, 4, N), RNG.integers(0, 4, N)
REJECT = RNG.random(N) < 0.25
STRINGS_TRUE = [f"c{v}" for v in A]
STRINGS_PRED = ["rej" if r else f"c{v}" for v, r in zip(B, REJECT, strict=True)]
CATEGORIES = ["unused", "c3", "c0", "rej", "c2", "c1", "c9"]


def _string_inputs():
    pa = pytest.importorskip("pyarrow")
    string_dtype = np.dtypes.StringDType()
    yield STRINGS_TRUE, STRINGS_PRED
    yield np.array(STRINGS_TRUE), np.array(STRINGS_PRED)
    yield np.array(STRINGS_TRUE, dtype=object), np.array(STRINGS_PRED, dtype=object)
    yield (
        np.array(STRINGS_TRUE, dtype=string_dtype),
        np.array(STRINGS_PRED, dtype=string_dtype),
    )
    for dtype in ["string[pyarrow]", "string[python]", "category"]:
        yield pd.Series(STRINGS_TRUE, dtype=dtype), pd.Series(STRINGS_PRED, dtype=dtype)
    yield (
        pd.Categorical(STRINGS_TRUE, categories=CATEGORIES),
        pd.Categorical(STRINGS_PRED, categories=CATEGORIES[::-1]),
    )
    yield pa.array(STRINGS_TRUE), pa.array(STRINGS_PRED)
    yield (
        pa.array(STRINGS_TRUE).dictionary_encode(),
        pa.chunked_array([STRINGS_PRED[:7], STRINGS_PRED[7:]]),
    )
    yield pa.array(STRINGS_TRUE, pa.large_string()), np.array(STRINGS_PRED)


@pytest.mark.parametrize("index", range(11))
def test_strings_of_every_representation(index):
    y_true, y_pred = list(_string_inputs())[index]
    _check(y_true, y_pred, reject_label="rej")
    weights = RNG.integers(0, 3, N)
    weights[0] = 1
    _check(y_true, y_pred, reject_label="rej", sample_weight=weights)
    _check(
        y_true,
        y_pred,
        reject_label="rej",
        labels=["c9", "c3", "c2", "c1", "c0", "unseen"],
    )


def test_mixed_strings_and_integers_in_one_object_array():
    y_true = np.array([1, "a", 2, "b", 1], dtype=object)
    y_pred = np.array(["a", "a", 2, "rej", 1], dtype=object)
    matrix = im.augmented_confusion_matrix(
        y_true, y_pred, labels=["b", 2, "a", 1], reject_label="rej"
    )
    _assert_reference(
        matrix,
        ["b", 2, "a", 1],
        y_true,
        y_pred,
        labels=["b", 2, "a", 1],
        reject_label="rej",
    )
    with pytest.raises(ValueError, match="mix types"):
        im.augmented_confusion_matrix(y_true, y_pred, reject_label="rej")


def _missing_predictions():
    pa = pytest.importorskip("pyarrow")
    pred = [None if r else int(v) for v, r in zip(B, REJECT, strict=True)]
    yield A.astype(float), np.array([np.nan if v is None else v for v in pred])
    yield pd.Series(A, dtype="Int64"), pd.Series(pred, dtype="Int64")
    yield pd.Series(A, dtype="Float64"), pd.Series(pred, dtype="Float64")
    yield pa.array(A), pa.array(pred)
    strings = [None if v is None else f"c{v}" for v in pred]
    yield pd.Categorical(STRINGS_TRUE), pd.Categorical(strings)
    yield (
        pd.Series(STRINGS_TRUE, dtype="string[pyarrow]"),
        pd.Series(strings, dtype="string[pyarrow]"),
    )
    string_dtype = np.dtypes.StringDType(na_object=np.nan)
    yield (
        np.array(STRINGS_TRUE, dtype=string_dtype),
        np.array([np.nan if v is None else v for v in strings], dtype=string_dtype),
    )
    yield STRINGS_TRUE, strings


@pytest.mark.parametrize("index", range(8))
def test_missing_predictions_declared_rejections(index):
    y_true, y_pred = list(_missing_predictions())[index]
    _check(y_true, y_pred, reject_label=np.nan)
    with pytest.raises(ValueError, match=r"reject_label=np\.nan"):
        im.augmented_confusion_matrix(y_true, y_pred)


def test_float_labels_with_nan_or_minus_one_rejections():
    y_true = A.astype(float)
    y_pred = np.where(REJECT, -1.0, B.astype(float))
    for marker in [-1, -1.0, np.int8(-1), np.float32(-1)]:
        _check(y_true, y_pred, reject_label=marker)
    _check(y_true, np.where(REJECT, -1, B), labels=[3.0, 2.0, 1.0, 0.0, 7.0])


@pytest.mark.parametrize("n_classes", [1, 2, 1000, 3000, 10000])
@pytest.mark.parametrize("n_samples", [1, 50, 2000])
def test_many_classes(n_classes, n_samples):
    rng = np.random.default_rng(n_classes + n_samples)
    a = rng.integers(0, n_classes, n_samples)
    b = rng.integers(-1, n_classes, n_samples)
    matrix, _ = _check(a, b)
    # Spread out (ids of a hash table, not of a range) and with listed classes.
    spread = _check(a * 7919 - 5, np.where(b < 0, -1, b * 7919 - 5))[0]
    np.testing.assert_array_equal(spread, matrix)
    # The classes present (a matrix over all 10,000 would hold 10**8 cells).
    present = np.union1d(a, b[b >= 0])
    _check(a, b, labels=rng.permutation(np.append(present, [-7, -8, 2**40])))
    _check(a, b, sample_weight=rng.random(n_samples) + (n_samples == 1))


def test_weights_spanning_decades_and_zero_weights():
    weights = 10.0 ** RNG.uniform(-9, 9, N)
    weights[::3] = 0
    y_pred = np.where(REJECT, -1, B)
    _check(A, y_pred, sample_weight=weights)
    _check(A, y_pred, sample_weight=(weights > 1).astype(int) + 1)
    # A zero-weight sample still names its class, on every path.
    matrix, classes = _check([0, 1, 5], [0, 7, -1], sample_weight=[1.0, 0.0, 0.0])
    assert classes.tolist() == [0, 1, 5, 7]
    categorical, classes = _count(
        pd.Categorical(["a", "b", "e"]),
        pd.Categorical(["a", "g", "r"]),
        sample_weight=[1, 0, 0],
        reject_label="r",
    )
    assert classes.tolist() == ["a", "b", "e", "g"]
    np.testing.assert_array_equal(categorical, matrix)


def test_empty_and_single_sample_inputs():
    _check([3], [-1])
    _check([3], [3], reject_label=None)
    _check(["a"], ["b"], reject_label="r")
    for empty in ([], np.array([], dtype=np.int8), pd.Categorical([])):
        with pytest.raises(ValueError, match="empty"):
            im.augmented_confusion_matrix(empty, empty)
    with pytest.raises(ValueError, match="different lengths"):
        im.augmented_confusion_matrix(pd.Categorical(["a", "b"]), ["a"])
    assert im.ConfusionAccumulator().update([], []).confusion_matrix.shape == (0, 1)


def test_batches_merges_and_sums_equal_counting_at_once():
    y_true = np.where(A == 3, 10**12, A)
    y_pred = np.where(REJECT, -1, np.where(B == 3, 10**12, B))
    weights = RNG.integers(0, 5, N)
    weights[0] = 1
    whole = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    cuts = [0, 1, 2, 17, 17, 40, N]
    parts = [
        im.ConfusionAccumulator().update(
            y_true[lo:hi], y_pred[lo:hi], sample_weight=weights[lo:hi]
        )
        for lo, hi in itertools.pairwise(cuts)
    ]
    streamed = im.ConfusionAccumulator()
    for part_true, part_pred, part_weights in zip(
        np.split(y_true, cuts[1:-1]),
        np.split(y_pred, cuts[1:-1]),
        np.split(weights, cuts[1:-1]),
        strict=True,
    ):
        streamed.update(part_true, part_pred, sample_weight=part_weights)
    merged = im.ConfusionAccumulator()
    for part in parts[::-1]:
        merged = merged.merge(part)
    added = parts[3] + parts[0] + parts[5] + parts[1] + parts[2] + parts[4]
    for accumulator in (streamed, merged, added, pickle.loads(pickle.dumps(added))):
        np.testing.assert_allclose(accumulator.confusion_matrix, whole, rtol=0)
        assert accumulator.labels.tolist() == [0, 1, 2, 10**12]


BATCHES = [
    (np.array([-128, 127], np.int8), np.array([127, -1], np.int8)),
    (np.array([2**64 - 1, 0], np.uint64), np.array([0, 2**64 - 1], np.uint64)),
    (np.array([-(2**63), 5], np.int64), np.array([-1, -(2**63)], np.int64)),
    (np.array([1.0, 2.0]), np.array([-1.0, 2.0])),
    (np.array([2**53 + 1, 2**53], np.int64), np.array([float(2**53), 7.0])),
    (pd.Categorical([3, 4]), pd.Categorical([4, -1])),
    (np.array([True, False]), np.array([False, True])),
    (pd.Series([7, 8], dtype="Int64"), pd.Series([8, -1], dtype="Int64")),
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(range(len(BATCHES))), min_size=1, max_size=5))
def test_batches_of_different_dtypes_add_up_exactly(picks):
    accumulator = im.ConfusionAccumulator()
    total = 0
    y_true, y_pred = [], []
    for pick in picks:
        batch_true, batch_pred = BATCHES[pick]
        accumulator.update(batch_true, batch_pred)
        total = total + im.ConfusionCounts(
            *_count(batch_true, batch_pred), reject_label=-1
        )
        y_true += list(batch_true)
        y_pred += list(batch_pred)
    for counts in (accumulator, total):
        _assert_reference(counts.confusion_matrix, counts.labels, y_true, y_pred)


def test_confusion_counts_add_over_the_union_of_their_labels():
    y_pred = np.where(REJECT, -1, B)
    pieces = [
        im.ConfusionCounts(*_count(A[lo:hi], y_pred[lo:hi]))
        for lo, hi in [(0, 5), (5, 6), (6, 30), (30, N)]
    ]
    whole, classes = _count(A, y_pred)
    for total in (sum(pieces), pieces[2] + pieces[0] + pieces[3] + pieces[1]):
        np.testing.assert_array_equal(total.confusion_matrix, whole)
        assert total.labels.tolist() == classes.tolist()
    strings = im.ConfusionCounts(np.array([[1, 0]]), np.array(["a"]))
    with pytest.raises(ValueError, match="mix types"):
        pieces[0] + strings
    with pytest.raises(ValueError, match="reject label"):
        pieces[0] + im.ConfusionCounts(np.array([[1]]), np.array([0]), None)


def _tables(frame):
    yield frame
    pl = pytest.importorskip("polars")
    yield pl.from_pandas(frame)
    yield pl.from_pandas(frame).lazy()
    duckdb = pytest.importorskip("duckdb")
    yield duckdb.from_df(frame)
    yield pytest.importorskip("pyarrow").Table.from_pandas(frame)


FRAMES = {
    "int64 extremes": pd.DataFrame(
        {
            "t": np.array([-(2**63), 2**63 - 1, 0, 0], dtype=np.int64),
            "p": np.array([2**63 - 1, -1, 0, -(2**63)], dtype=np.int64),
            "w": [0.5, 2.0, 0.0, 1e9],
        }
    ),
    "uint64": pd.DataFrame(
        {
            "t": np.array([2**64 - 1, 0, 5], dtype=np.uint64),
            "p": np.array([2**64 - 1, 2**63, 5], dtype=np.uint64),
            "w": [1, 2, 3],
        }
    ),
    "int8 and uint8 weights": pd.DataFrame(
        {
            "t": np.array([-128, 127, 0] * 100, dtype=np.int8),
            "p": np.array([127, -1, -128] * 100, dtype=np.int8),
            "w": np.array([200, 200, 255] * 100, dtype=np.uint8),
        }
    ),
    "strings": pd.DataFrame(
        {"t": STRINGS_TRUE, "p": STRINGS_PRED, "w": RNG.integers(1, 4, N)}
    ),
}


@pytest.mark.parametrize("name", FRAMES)
def test_tables_of_every_engine_count_as_the_labels(name):
    frame = FRAMES[name]
    reject_label = "rej" if name == "strings" else -1
    if name == "uint64":
        reject_label = None
    for weight in (None, "w"):
        expected, classes = _count(
            frame.t,
            frame.p,
            reject_label=reject_label,
            sample_weight=None if weight is None else frame.w,
        )
        for table in _tables(frame):
            counts = im.counts_from_table(
                table,
                y_true="t",
                y_pred="p",
                sample_weight=weight,
                reject_label=reject_label,
            )
            np.testing.assert_array_equal(counts.confusion_matrix, expected)
            assert counts.labels.tolist() == classes.tolist()


def test_dask_arrays_and_columns_count_as_in_memory():
    da = pytest.importorskip("dask.array")
    dd = pytest.importorskip("dask.dataframe")
    y_true = np.where(A == 3, 2**40, A)
    y_pred = np.where(REJECT, -1, B)
    weights = RNG.random(N)
    expected = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    got = im.augmented_confusion_matrix(
        da.from_array(y_true, chunks=7),
        da.from_array(y_pred, chunks=13),
        sample_weight=da.from_array(weights, chunks=11),
    )
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    frame = dd.from_pandas(
        pd.DataFrame({"t": y_true, "p": y_pred, "w": weights}), npartitions=4
    )
    got = im.augmented_confusion_matrix(frame.t, frame.p, sample_weight=frame.w)
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    counts = im.counts_from_table(frame, y_true="t", y_pred="p", sample_weight="w")
    np.testing.assert_allclose(counts.confusion_matrix, expected, rtol=1e-12)
    # Chunks of unknown size (a boolean mask), some without a sample.
    mask = da.from_array(y_true, chunks=7) > 1
    got = im.augmented_confusion_matrix(
        da.from_array(y_true, chunks=7)[mask], da.from_array(y_pred, chunks=7)[mask]
    )
    np.testing.assert_array_equal(
        got, _check(y_true[y_true > 1], y_pred[y_true > 1])[0]
    )


@pytest.mark.parametrize("measure", ["ni1", "ni2", "ni7", "ni12", "ni24"])
def test_ni_score_of_labels_is_ni_of_their_matrix(measure):
    y_pred = np.where(REJECT, "rej", np.array(STRINGS_PRED))
    weights = 10.0 ** RNG.uniform(-3, 3, N)
    for options in ({}, {"sample_weight": weights}):
        matrix = im.augmented_confusion_matrix(
            STRINGS_TRUE, y_pred, reject_label="rej", **options
        )
        score = im.ni_score(
            STRINGS_TRUE, y_pred, measure=measure, reject_label="rej", **options
        )
        assert score == float(im.ni(matrix, measure=measure))
        assert score == im.ni_score(confusion_matrix=matrix, measure=measure)


# -- defects found in review: each asserts the right behaviour ------------------


def test_decimal_predictions_that_are_not_whole_are_refused():
    with pytest.raises(ValueError, match="continuous"):
        im.augmented_confusion_matrix(
            [Decimal("1"), Decimal("0")], [Decimal("0.5"), Decimal("1")]
        )


def test_duckdb_decimal_scores_are_refused():
    duckdb = pytest.importorskip("duckdb")
    table = duckdb.sql("select * from (values (1, 0.5), (0, 0.25)) t(t, p)")
    with pytest.raises(ValueError, match="continuous"):
        im.counts_from_table(table, y_true="t", y_pred="p")


def test_a_str_marker_with_bytes_labels_is_refused():
    with pytest.raises(ValueError, match="reject_label"):
        im.augmented_confusion_matrix([b"a", b"b"], [b"a", b"rej"], reject_label="rej")


def test_confusion_counts_refuse_duplicate_labels():
    with pytest.raises(ValueError, match="duplicate"):
        im.ConfusionCounts(np.array([[1, 0, 0], [0, 1, 0]]), np.array([1, 1]))


def test_boolean_weights_give_one_answer_in_tables_and_labels():
    frame = pd.DataFrame({"t": [0, 1, 1], "p": [0, 1, -1], "w": [True, False, True]})
    expected = im.augmented_confusion_matrix(frame.t, frame.p, sample_weight=frame.w)
    counts = im.counts_from_table(frame, y_true="t", y_pred="p", sample_weight="w")
    np.testing.assert_array_equal(counts.confusion_matrix, expected)


def test_accumulator_keeps_mixed_labels_as_given():
    y_true = np.array([1, "a", 2, "b", 1], dtype=object)
    y_pred = np.array(["a", "a", 2, "rej", 1], dtype=object)
    _check(y_true, y_pred, labels=["b", 2, "a", 1], reject_label="rej")


BEYOND_FLOAT = np.array([5, 6]), np.array([2**53 + 1, 6])


def test_a_float_marker_matches_only_its_own_value_among_large_integers():
    y_true, y_pred = BEYOND_FLOAT
    _check(y_true, y_pred, reject_label=float(2**53))


def test_a_float_marker_does_not_refuse_a_neighbouring_large_integer_class():
    y_true, y_pred = BEYOND_FLOAT
    _check(y_true, y_pred, reject_label=float(2**53), labels=[5, 6, 2**53 + 1])


def test_a_float_marker_in_a_table_matches_only_its_own_value():
    y_true, y_pred = BEYOND_FLOAT
    counts = im.counts_from_table(
        pd.DataFrame({"t": y_true, "p": y_pred}),
        y_true="t",
        y_pred="p",
        reject_label=float(2**53),
    )
    _assert_reference(
        counts.confusion_matrix,
        counts.labels,
        y_true,
        y_pred,
        reject_label=float(2**53),
    )


def test_a_bytes_marker_with_str_labels_is_refused():
    with pytest.raises(ValueError, match=r"reject_label=b'rej' is bytes.*are string"):
        im.augmented_confusion_matrix(["a", "b"], ["a", "rej"], reject_label=b"rej")
    # The marker of the labels' own kind counts the rejection.
    _check([b"a", b"b"], [b"a", b"rej"], reject_label=b"rej")


@pytest.mark.parametrize("value", [Fraction(1, 2), Decimal("-0.25"), Decimal("Inf")])
def test_every_real_number_that_is_not_whole_is_refused(value):
    with pytest.raises(ValueError, match="y_pred contains continuous"):
        im.augmented_confusion_matrix(
            np.array([1, 0], dtype=object), np.array([value, 1], dtype=object)
        )
    # Whole ones are class labels, compared by value.
    _check(
        np.array([Decimal("1.0"), 0], dtype=object),
        np.array([Fraction(4, 4), Decimal(0)], dtype=object),
    )


@pytest.mark.parametrize(
    ("labels", "reject_label", "message"),
    [
        ([1.0, np.nan], -1, "missing value"),
        ([1, None], -1, "missing value"),
        ([0, -1], -1, "contains the reject label -1"),
        (["a", "?"], "?", "contains the reject label '?'"),
    ],
)
def test_confusion_counts_follow_the_rules_of_labels(labels, reject_label, message):
    with pytest.raises(ValueError, match=message):
        im.ConfusionCounts(np.eye(2, 3, dtype=int), labels, reject_label)


def test_confusion_counts_keep_mixed_labels_as_given():
    counts = im.ConfusionCounts(np.eye(2, 3, dtype=int), ["a", 1], "?")
    assert counts.labels.tolist() == ["a", 1]
    assert (counts + counts).confusion_matrix.sum() == 4


@pytest.mark.parametrize("weights", [["1", "0", "1"], [1 + 0j, 0j, 1 + 0j]])
def test_weights_that_are_not_numbers_are_refused_alike(weights):
    frame = pd.DataFrame({"t": [0, 1, 1], "p": [0, 1, -1], "w": weights})
    message = r"sample_weight must be numeric \(booleans count as 1 and 0"
    with pytest.raises(ValueError, match=message):
        im.augmented_confusion_matrix(frame.t, frame.p, sample_weight=frame.w)
    with pytest.raises(ValueError, match=message):
        im.counts_from_table(frame, y_true="t", y_pred="p", sample_weight="w")


def test_boolean_weights_count_as_one_and_zero_in_every_engine():
    pl = pytest.importorskip("polars")
    duckdb = pytest.importorskip("duckdb")
    frame = pd.DataFrame({"t": [0, 1, 1, 0], "p": [0, 1, -1, -1]})
    frame["w"] = [True, False, True, False]
    expected = im.augmented_confusion_matrix(
        frame.t, frame.p, sample_weight=[1, 0, 1, 0]
    )
    assert expected.tolist() == [[1, 0, 0], [0, 0, 1]]
    polars = pl.from_pandas(frame)
    for table in (polars, polars.lazy(), duckdb.sql("select * from polars")):
        counts = im.counts_from_table(table, y_true="t", y_pred="p", sample_weight="w")
        np.testing.assert_array_equal(counts.confusion_matrix, expected)


def test_a_marker_beyond_float32_does_not_match_an_infinite_float32_prediction():
    y_true = np.array([1.0, 1.0, 1.0], dtype=np.float32)
    y_pred = np.array([1.0, 3.0, np.inf], dtype=np.float32)
    with pytest.raises(ValueError, match=r"y_pred contains continuous.*inf"):
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=1e300)
    _check(y_true[:2], y_pred[:2], reject_label=3.0)


@pytest.mark.parametrize(
    ("reject_label", "y_pred"),
    [
        (2**64, [0, 2**64]),  # beyond every numpy integer type
        (Decimal("NaN"), [0.0, float("nan")]),  # a missing-value marker
        (Decimal("2"), [0, 2]),
        (Fraction(2), [0, 2]),
    ],
)
def test_markers_of_every_number_type_are_read(reject_label, y_pred):
    # np.isnan refused an int beyond uint64 and a Decimal with a TypeError.
    matrix = im.augmented_confusion_matrix([0, 1], y_pred, reject_label=reject_label)
    assert matrix.tolist() == [[1, 0, 0], [0, 0, 1]]
