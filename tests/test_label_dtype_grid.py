"""Invariants 3-5 of the label rules over one grid: the same labels in every dtype,
with a value or a missing-value reject marker, give the matrix a dict-counting
loop gives -- in one call, through the accumulator (batches with different
label sets, an all-zero-weight batch, merges), through Dask chunks and
partitions, and in the bootstrap."""

import itertools

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels

import infometrics as im
from infometrics import ConfusionAccumulator

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
dask = pytest.importorskip("dask")
pytest.importorskip("pyarrow")

# Codes: true class 0 or 1; a prediction 0, 1 or 2 (= rejected).
TRUE_CODES = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1])
PRED_CODES = np.array([0, 2, 1, 1, 1, 0, 2, 1, 0, 1, 2, 1])
WEIGHTS = np.array([2, 1, 3, 1, 1, 4, 2, 1, 0, 0, 0, 0], dtype=float)
# Batches: only class 0 / classes 1 and 0 / all-zero weights.
BATCHES = [slice(0, 1), slice(1, 8), slice(8, 12)]


def _reference(weights):
    """The 2 x 3 augmented matrix by a loop over (true, predicted) pairs."""
    counts = {}
    for true, predicted, weight in zip(TRUE_CODES, PRED_CODES, weights, strict=True):
        counts[true, predicted] = counts.get((true, predicted), 0) + weight
    return np.array(
        [[counts.get((t, p), 0) for p in range(3)] for t in range(2)], dtype=float
    )


def _string_dtype(**options):
    string_dtype = getattr(np.dtypes, "StringDType", None)
    if string_dtype is None:
        pytest.skip("NumPy has no StringDType")
    return string_dtype(**options)


# kind -> (class labels, value marker or None, make(values, missing)), where
# ``values`` are Python labels (None = a missing prediction) and ``missing``
# says whether they hold a missing value.
def _numpy(dtype):
    def make(values, missing):
        if missing:
            nullable = {
                np.uint8: "UInt8",
                np.int8: "Int8",
                np.int16: "Int16",
                np.int64: "Int64",
                np.float64: "Float64",
                np.bool_: "boolean",
            }[dtype]
            return pd.array(values, dtype=nullable)
        return np.array(values, dtype=dtype)

    return make


def _float_nan(values, missing):
    return np.array([np.nan if v is None else v for v in values], dtype=float)


KINDS = {
    "uint8": ([0, 1], 255, _numpy(np.uint8)),
    "int8": ([0, 1], -1, _numpy(np.int8)),
    "int16": ([300, 301], -1, _numpy(np.int16)),
    "int64": ([0, 1], -1, _numpy(np.int64)),
    "bool": ([False, True], None, _numpy(np.bool_)),
    "float": ([0.0, 1.0], -1.0, _numpy(np.float64)),
    "float nan": ([0.0, 1.0], None, _float_nan),
    "str": (["a", "b"], "rej", lambda v, m: np.array(v)),
    "object": (["a", "b"], "rej", lambda v, m: np.array(v, dtype=object)),
    "categorical": (["a", "b"], "rej", lambda v, m: pd.Categorical(v)),
    "string[pyarrow]": (
        ["a", "b"],
        "rej",
        lambda v, m: pd.array(v, dtype="string[pyarrow]"),
    ),
    "StringDType": (
        ["a", "b"],
        "rej",
        lambda v, m: np.array(
            v, dtype=_string_dtype(**({"na_object": None} if m else {}))
        ),
    ),
}
MARKERS = ["value", "nan", "pd.NA"]
CASES = [
    (kind, marker)
    for kind, marker in itertools.product(KINDS, MARKERS)
    if not (marker == "value" and KINDS[kind][1] is None)
    and not (marker != "value" and kind == "str")  # a str array holds no missing
]


def _case(kind, marker):
    """y_true, y_pred (in ``kind``), reject_label, and the labels' maker."""
    classes, value_marker, make = KINDS[kind]
    missing = marker != "value"
    reject = {"value": value_marker, "nan": np.nan, "pd.NA": pd.NA}[marker]
    rejected = None if missing else value_marker

    def labels(codes, *, prediction):
        values = [
            rejected if code == 2 else classes[code] for code in np.asarray(codes)
        ]
        return make(values, prediction and missing and 2 in codes)

    return labels, reject


def _slice(labels, part):
    return labels(TRUE_CODES[part], prediction=False), labels(
        PRED_CODES[part], prediction=True
    )


@pytest.fixture(autouse=True)
def _synchronous_scheduler():
    with dask.config.set(scheduler="synchronous"):
        yield


@pytest.mark.parametrize(("kind", "marker"), CASES)
@pytest.mark.parametrize("weighted", [False, True])
def test_every_counting_path_gives_the_loop_matrix(kind, marker, weighted):
    labels, reject = _case(kind, marker)
    weights = WEIGHTS if weighted else None
    expected = _reference(WEIGHTS if weighted else np.ones(TRUE_CODES.size))
    y_true, y_pred = _slice(labels, slice(None))
    matrix, classes = counts_and_labels(
        y_true, y_pred, reject_label=reject, sample_weight=weights
    )
    np.testing.assert_array_equal(matrix, expected)
    assert matrix.dtype == (np.float64 if weighted else np.int64)
    assert [str(c) for c in classes] == [str(c) for c in KINDS[kind][0]]

    # Batches with different label sets, one of them all-zero weights.
    accumulator = ConfusionAccumulator(reject_label=reject)
    parts = []
    for part in BATCHES:
        batch = _slice(labels, part)
        batch_weights = None if weights is None else weights[part]
        accumulator.update(*batch, sample_weight=batch_weights)
        parts.append(
            ConfusionAccumulator(reject_label=reject).update(
                *batch, sample_weight=batch_weights
            )
        )
    for total in (accumulator, sum(parts), parts[2] + (parts[1] + parts[0])):
        np.testing.assert_array_equal(total.confusion_matrix, expected)
        assert [str(c) for c in total.labels] == [str(c) for c in classes]

    # Dask: arrays in uneven chunks, and dataframe columns in partitions (one
    # of them all-zero weights). Unweighted Dask input is test_dask.py's.
    if not weighted:
        return
    lazy = _dask_inputs(y_true, y_pred, weights)
    for lazy_true, lazy_pred, lazy_weights in lazy:
        np.testing.assert_array_equal(
            im.augmented_confusion_matrix(
                lazy_true, lazy_pred, reject_label=reject, sample_weight=lazy_weights
            ),
            expected,
        )
        streamed = ConfusionAccumulator(reject_label=reject).update(
            lazy_true, lazy_pred, sample_weight=lazy_weights
        )
        np.testing.assert_array_equal(streamed.confusion_matrix, expected)


def _dask_inputs(y_true, y_pred, weights):
    chunks = ((1, 7, 4),)
    series = [
        dd.from_pandas(pd.Series(values), npartitions=3, sort=False)
        for values in (y_true, y_pred)
    ]
    lazy_weights = None if weights is None else pd.Series(weights)
    inputs = [(*series, None if weights is None else dd.from_pandas(lazy_weights, 2))]
    if isinstance(y_true, np.ndarray) and isinstance(y_pred, np.ndarray):
        arrays = [da.from_array(values, chunks=chunks) for values in (y_true, y_pred)]
        inputs.append((*arrays, weights))
    return inputs


@pytest.mark.parametrize(("kind", "marker"), CASES)
def test_bootstrap_and_paired_comparison_are_label_dtype_blind(kind, marker):
    labels, reject = _case(kind, marker)
    y_true, y_pred = _slice(labels, slice(None))
    # The int64 labels with the numeric marker: the reference resamples.
    reference_labels, _ = _case("int64", "value")
    ref_true, ref_pred = _slice(reference_labels, slice(None))
    options = {"n_resamples": 30, "random_state": 0, "sample_weight": WEIGHTS + 1}
    with np.errstate(all="ignore"):
        got = im.resampling.bootstrap_measures_from_predictions(
            y_true, y_pred, "accuracy", reject_label=reject, **options
        )["accuracy"]
        expected = im.resampling.bootstrap_measures_from_predictions(
            ref_true, ref_pred, "accuracy", **options
        )["accuracy"]
    np.testing.assert_array_equal(got.distribution, expected.distribution)
    paired = im.resampling.paired_comparison(
        y_true, y_pred, y_true, measure="accuracy", reject_label=reject, **options
    )
    expected_paired = im.resampling.paired_comparison(
        ref_true, ref_pred, ref_true, measure="accuracy", **options
    )
    np.testing.assert_array_equal(paired.distribution, expected_paired.distribution)
