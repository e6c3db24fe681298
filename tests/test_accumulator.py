"""ConfusionAccumulator: any split and order of the batches == one call."""

import copy
import itertools
import os
import pickle
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im
from infometrics import ConfusionAccumulator


@st.composite
def _batched_labels(draw):
    kind = draw(st.sampled_from(["int", "str", "sparse"]))
    n = draw(st.integers(1, 40))
    values = {
        "int": st.integers(0, 4),
        "str": st.sampled_from(["ant", "bee", "cat", "dog"]),
        # Far-apart integers (the hashing path); negative extremes are the
        # labels module's own tests.
        "sparse": st.sampled_from([3, 2**40, 10**12]),
    }[kind]
    reject = "?" if kind == "str" else -1
    y_true = draw(st.lists(values, min_size=n, max_size=n))
    y_pred = draw(st.lists(st.one_of(values, st.just(reject)), min_size=n, max_size=n))
    weighted = draw(st.booleans())
    weights = (
        draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)) if weighted else None
    )
    cuts = sorted(draw(st.lists(st.integers(0, n), max_size=5)))
    order = draw(st.permutations(range(len(cuts) + 1)))
    return y_true, y_pred, weights, reject, [0, *cuts, n], order


def _batches(y_true, y_pred, weights, bounds, order):
    pieces = [
        (
            np.array(y_true[start:stop]),
            np.array(y_pred[start:stop]),
            None if weights is None else np.array(weights[start:stop], dtype=float),
        )
        for start, stop in itertools.pairwise(bounds)
    ]
    return [pieces[index] for index in order]


@settings(max_examples=60, deadline=None)
@given(_batched_labels())
def test_any_split_and_order_equals_one_call(case):
    y_true, y_pred, weights, reject, bounds, order = case
    # All-zero weights are a valid (empty) total of batches: the matrix of
    # unit weights, zeroed, on the same labels.
    empty = weights is not None and not np.any(weights)
    expected, expected_labels = counts_and_labels(
        np.array(y_true),
        np.array(y_pred),
        reject_label=reject,
        sample_weight=np.ones(len(y_true)) if empty else weights,
    )
    if empty:
        expected = np.zeros_like(expected, dtype=float)
    batches = _batches(y_true, y_pred, weights, bounds, order)
    accumulator = ConfusionAccumulator(reject_label=reject)
    for batch_true, batch_pred, batch_weight in batches:
        accumulator.update(batch_true, batch_pred, sample_weight=batch_weight)
    np.testing.assert_array_equal(accumulator.confusion_matrix, expected)
    assert accumulator.labels.tolist() == expected_labels.tolist()
    # Merging accumulators of the batches (in any grouping) is the same.
    parts = [
        ConfusionAccumulator(reject_label=reject).update(t, p, sample_weight=w)
        for t, p, w in batches
    ]
    merged = sum(parts)
    np.testing.assert_array_equal(merged.confusion_matrix, expected)
    assert merged.labels.tolist() == expected_labels.tolist()
    if len(parts) > 1:
        halves = sum(parts[: len(parts) // 2]) + sum(parts[len(parts) // 2 :])
        np.testing.assert_array_equal(halves.confusion_matrix, expected)
    # Fixed labels up front: the same matrix, whatever the batches showed.
    if not expected_labels.size:
        return
    fixed = ConfusionAccumulator(labels=expected_labels, reject_label=reject)
    for batch_true, batch_pred, batch_weight in batches:
        fixed.update(batch_true, batch_pred, sample_weight=batch_weight)
    np.testing.assert_array_equal(fixed.confusion_matrix, expected)


def test_types_counts_and_pickling():
    accumulator = ConfusionAccumulator(reject_label=None)
    assert accumulator.confusion_matrix.shape == (0, 0)
    assert accumulator.labels.size == 0
    accumulator.update(["b", "a"], ["b", "b"])
    matrix = accumulator.confusion_matrix
    assert matrix.dtype == np.int64
    np.testing.assert_array_equal(matrix, [[0, 1], [0, 1]])
    accumulator.update(["c"], ["a"], sample_weight=[2.5])
    assert accumulator.confusion_matrix.dtype == np.float64
    assert accumulator.labels.tolist() == ["a", "b", "c"]
    np.testing.assert_array_equal(
        accumulator.confusion_matrix, [[0, 1, 0], [0, 1, 0], [2.5, 0, 0]]
    )
    restored = pickle.loads(pickle.dumps(accumulator))
    np.testing.assert_array_equal(
        restored.confusion_matrix, accumulator.confusion_matrix
    )
    assert restored.labels.tolist() == ["a", "b", "c"]
    restored.update(["d"], ["d"])
    assert accumulator.labels.tolist() == ["a", "b", "c"]  # independent copies
    assert "total weight 4.5" in repr(accumulator)
    # The properties are copies: editing them changes nothing inside.
    accumulator.confusion_matrix[0, 0] = 99
    assert accumulator.confusion_matrix[0, 0] == 0
    # An empty batch changes nothing.
    assert accumulator.update([], []) is accumulator
    assert accumulator.confusion_matrix.sum() == 4.5


def test_merge_leaves_its_inputs_alone():
    a = ConfusionAccumulator().update([0, 1], [0, -1])
    b = ConfusionAccumulator().update([2], [1])
    total = a + b
    assert a.labels.tolist() == [0, 1]
    assert b.labels.tolist() == [1, 2]
    np.testing.assert_array_equal(
        total.confusion_matrix,
        im.augmented_confusion_matrix([0, 1, 2], [0, -1, 1]),
    )
    fixed = ConfusionAccumulator(labels=[0, 1, 2])
    assert fixed.confusion_matrix.shape == (3, 4)
    assert not fixed.confusion_matrix.any()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: ConfusionAccumulator().update([0, 1], [0]),
            ValueError,
            "different lengths",
        ),
        (
            lambda: ConfusionAccumulator().update([0, -1], [0, 0]),
            ValueError,
            "reject label",
        ),
        (
            lambda: ConfusionAccumulator().update(
                [0, 1], [0, 1], sample_weight=[1, -1]
            ),
            ValueError,
            "negative",
        ),
        (
            lambda: ConfusionAccumulator(labels=[0, 1]).update([0, 2], [0, 1]),
            ValueError,
            "not in labels",
        ),
        (
            lambda: ConfusionAccumulator().update([[0, 1]], [[0, 1]]),
            ValueError,
            "1-d",
        ),
        (
            lambda: ConfusionAccumulator().update([0, np.nan], [0, 1]),
            ValueError,
            "NaN|missing",
        ),
        (
            lambda: ConfusionAccumulator(labels=[0, 0, 1]),
            ValueError,
            "duplicates",
        ),
        (lambda: ConfusionAccumulator(labels=[]), ValueError, "non-empty"),
        (
            lambda: ConfusionAccumulator(labels=[0, -1]),
            ValueError,
            "reject label",
        ),
        (
            lambda: (
                ConfusionAccumulator(reject_label=None).update(["a"], ["a"])
                + ConfusionAccumulator(reject_label=None).update([1], [1])
            ),
            ValueError,
            "cannot be sorted|mix",
        ),
        (
            lambda: ConfusionAccumulator().merge(
                ConfusionAccumulator(reject_label=None)
            ),
            ValueError,
            "different reject labels",
        ),
        (
            lambda: ConfusionAccumulator().merge(ConfusionAccumulator(labels=[0, 1])),
            ValueError,
            "different fixed labels",
        ),
        (
            lambda: ConfusionAccumulator(labels=[0, 1]).merge(
                ConfusionAccumulator(labels=[0, 2])
            ),
            ValueError,
            "different fixed labels",
        ),
        (
            lambda: ConfusionAccumulator().merge(np.zeros((2, 3))),
            TypeError,
            "Only another ConfusionAccumulator",
        ),
        (lambda: ConfusionAccumulator() + 1, TypeError, "unsupported operand"),
    ],
)
def test_accumulator_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_failed_update_changes_nothing():
    accumulator = ConfusionAccumulator().update([0, 1], [0, 1])
    with pytest.raises(ValueError, match="reject label"):
        accumulator.update([-1, 1], [0, 1])
    np.testing.assert_array_equal(accumulator.confusion_matrix, [[1, 0, 0], [0, 1, 0]])


def _dict_counts(y_true, y_pred, weights=None):
    """{(true, predicted): total weight} by a loop over Python values."""
    counts = {}
    weights = [1] * len(y_true) if weights is None else weights
    for true, predicted, weight in zip(y_true, y_pred, weights, strict=True):
        key = (true.item() if hasattr(true, "item") else true, predicted)
        key = (key[0], predicted.item() if hasattr(predicted, "item") else predicted)
        counts[key] = counts.get(key, 0) + weight
    return counts


def _matrix_as_dict(matrix, labels, reject):
    """The nonzero cells of an augmented matrix as {(true, predicted): count}."""
    columns = [*labels.tolist(), reject]
    return {
        (labels[i].item() if hasattr(labels[i], "item") else labels[i], columns[j]): (
            matrix[i, j].item()
        )
        for i, j in zip(*np.nonzero(matrix), strict=True)
    }


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # int64 above 2**53 met by floats: float64 would merge 2**53 + 1 into 2**53.
        (
            np.array([2**53, 2**53 + 1, 2**53 + 2], dtype=np.int64),
            np.array([1.0, 2.0**53]),
        ),
        # uint64 above 2**63 met by int64: both would become float64.
        (
            np.array([2**63, 2**63 + 1, 2**64 - 1], dtype=np.uint64),
            np.array([-5, 7, 2**62], dtype=np.int64),
        ),
        (
            np.array([2**63 - 1, 2**63 - 2], dtype=np.int64),
            np.array([2**63 + 5], dtype=np.uint64),
        ),
        (np.array([True, False]), np.array([2**60], dtype=np.int64)),
    ],
)
def test_merging_wide_integers_with_other_dtypes_loses_no_label(first, second):
    parts = [
        ConfusionAccumulator().update(first, first[::-1]),
        ConfusionAccumulator().update(second, second),
    ]
    expected = _dict_counts(
        [*first.tolist(), *second.tolist()], [*first[::-1].tolist(), *second.tolist()]
    )
    for merged in (parts[0] + parts[1], parts[1] + parts[0], sum(parts)):
        assert _matrix_as_dict(merged.confusion_matrix, merged.labels, -1) == expected
        assert merged.confusion_matrix.sum() == first.size + second.size
    # Batch by batch into one accumulator: the same.
    streamed = ConfusionAccumulator().update(first, first[::-1]).update(second, second)
    assert _matrix_as_dict(streamed.confusion_matrix, streamed.labels, -1) == expected


def test_same_labels_of_other_dtypes_merge_as_one_class():
    merged = ConfusionAccumulator().update(
        [0, 1], [1, 1]
    ) + ConfusionAccumulator().update(np.array([1.0, 0.0]), np.array([1.0, -1.0]))
    assert merged.labels.tolist() == [0, 1]
    np.testing.assert_array_equal(merged.confusion_matrix, [[0, 1, 1], [0, 2, 0]])


@pytest.mark.parametrize("reject", [np.nan, float("nan"), pd.NA])
def test_missing_value_reject_markers_merge(reject):
    y_true = np.array([0, 1, 1, 0, 2, 1])
    y_pred = np.array([0, np.nan, 1, 1, np.nan, 2], dtype=object)
    weights = np.array([1.0, 2.0, 0.5, 1.0, 3.0, 1.0])
    expected = im.augmented_confusion_matrix(
        y_true, y_pred, reject_label=np.nan, sample_weight=weights
    )
    first = ConfusionAccumulator(reject_label=reject).update(
        y_true[:3], y_pred[:3], sample_weight=weights[:3]
    )
    second = ConfusionAccumulator(reject_label=np.nan).update(
        y_true[3:], y_pred[3:], sample_weight=weights[3:]
    )
    for merged in (first + second, second + first, sum([first, second])):
        np.testing.assert_array_equal(merged.confusion_matrix, expected)
    restored = pickle.loads(pickle.dumps(first))
    np.testing.assert_array_equal((restored + second).confusion_matrix, expected)
    fixed = [
        ConfusionAccumulator(labels=[0, 1, 2], reject_label=np.nan).update(t, p)
        for t, p in ((y_true[:3], y_pred[:3]), (y_true[3:], y_pred[3:]))
    ]
    np.testing.assert_array_equal(
        sum(fixed).confusion_matrix,
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=np.nan),
    )
    # A missing-value marker is not a numeric one.
    with pytest.raises(ValueError, match="different reject labels"):
        first + ConfusionAccumulator(reject_label=-1)


def test_an_empty_batch_is_validated_like_any_other():
    accumulator = ConfusionAccumulator().update([0, 1], [0, 1])
    with pytest.raises(ValueError, match=r"shape \(0,\)"):
        accumulator.update([], [], sample_weight=[1.0])
    with pytest.raises(ValueError, match="numeric"):
        accumulator.update([], [], sample_weight=np.array([], dtype=object))
    # Empty weights for an empty batch: nothing to count, nothing changes.
    assert accumulator.update([], [], sample_weight=[]) is accumulator
    np.testing.assert_array_equal(accumulator.confusion_matrix, [[1, 0, 0], [0, 1, 0]])


def test_fixed_labels_of_other_dtypes_merge_when_they_name_the_same_classes():
    ints = ConfusionAccumulator(labels=[0, 1]).update([0, 1], [1, 1])
    floats = ConfusionAccumulator(labels=[0.0, 1.0]).update([1.0], [-1.0])
    np.testing.assert_array_equal(
        (ints + floats).confusion_matrix, [[0, 1, 0], [0, 1, 1]]
    )
    with pytest.raises(ValueError, match="different fixed labels"):
        ConfusionAccumulator(labels=np.array([2**53 + 1], dtype=np.int64)).merge(
            ConfusionAccumulator(labels=[2.0**53])
        )


def test_an_invalid_reject_label_is_refused_up_front():
    with pytest.raises(ValueError, match="bool"):
        ConfusionAccumulator(reject_label=True)


def test_bool_batches_merge_with_integer_batches():
    # The union is int64 (as one call on both gives): True must find row 1,
    # never a -1 position that would add its counts to the last row.
    bools = ConfusionAccumulator().update(
        np.array([True, False]), np.array([True, True])
    )
    ints = ConfusionAccumulator().update(np.array([0, 2]), np.array([0, -1]))
    expected = im.augmented_confusion_matrix(
        np.array([1, 0, 0, 2]), np.array([1, 1, 0, -1])
    )
    for merged in (bools + ints, ints + bools):
        assert merged.labels.tolist() == [0, 1, 2]
        np.testing.assert_array_equal(merged.confusion_matrix, expected)
    assert bools.labels.dtype == bool


_NUMERIC_BATCH_KINDS = {
    "bool": lambda rng, n: rng.random(n) < 0.5,
    "uint8": lambda rng, n: rng.integers(0, 4, n).astype(np.uint8),
    "int8": lambda rng, n: rng.integers(-2, 3, n).astype(np.int8),
    "float": lambda rng, n: rng.integers(-1, 3, n).astype(float),
    "int64 above 2**53": lambda rng, n: 2**53 + rng.integers(-2, 3, n).astype(np.int64),
    "float near 2**53": lambda rng, n: 2.0**53 + 2.0 * rng.integers(-1, 2, n),
    "uint64 above 2**63": lambda rng, n: (
        np.uint64(2**63) + rng.integers(0, 3, n).astype(np.uint64)
    ),
    "int64 extremes": lambda rng, n: rng.choice(
        np.array([-(2**63), 2**63 - 1, 0, 1], dtype=np.int64), n
    ),
}


@pytest.mark.parametrize("seed", range(25))
def test_random_mixes_of_numeric_batch_dtypes_match_a_dict_count(seed):
    rng = np.random.default_rng(seed)
    kinds = sorted(_NUMERIC_BATCH_KINDS)
    batches = []
    for _ in range(int(rng.integers(2, 5))):
        kind = kinds[int(rng.integers(len(kinds)))]
        n = int(rng.integers(1, 6))
        y_true = _NUMERIC_BATCH_KINDS[kind](rng, n)
        y_pred = _NUMERIC_BATCH_KINDS[kind](rng, n)
        # Rejections where the dtype can hold -1, the marker.
        if y_pred.dtype.kind in "if" and y_pred.dtype != np.uint64:
            y_pred = np.where(rng.random(n) < 0.3, y_pred.dtype.type(-1), y_pred)
        y_true = np.where(y_true == -1, y_true.dtype.type(0), y_true)
        weights = rng.integers(0, 3, n).astype(float) if seed % 2 else None
        batches.append((y_true, y_pred, weights))
    # Reference: Python values as dict keys (1 == 1.0 == True, 2**53 + 1 !=
    # 2.0**53), the reject column keyed by -1.
    expected = {}
    for y_true, y_pred, weights in batches:
        counted = _dict_counts(y_true.tolist(), y_pred.tolist(), weights)
        for key, value in counted.items():
            expected[key] = expected.get(key, 0) + value
    expected = {key: value for key, value in expected.items() if value}
    streamed = ConfusionAccumulator()
    parts = []
    for y_true, y_pred, weights in batches:
        streamed.update(y_true, y_pred, sample_weight=weights)
        parts.append(
            ConfusionAccumulator().update(y_true, y_pred, sample_weight=weights)
        )
    for total in (streamed, sum(parts), sum(parts[::-1])):
        assert _matrix_as_dict(total.confusion_matrix, total.labels, -1) == expected
        labels = total.labels.tolist()
        assert labels == sorted(labels)
        assert len(set(labels)) == len(labels)


def test_counts_of_tables_add_with_either_missing_value_marker():
    # np.nan and pd.NA both declare missing predictions rejections: one
    # marker for ConfusionCounts as for the accumulator (one shared rule).
    # One class: a hit and a rejection (shape (1, 2)).
    nan_counts = im.ConfusionCounts(np.array([[1, 1]]), np.array([0]), np.nan)
    na_counts = im.ConfusionCounts(np.array([[1, 1]]), np.array([0]), pd.NA)
    np.testing.assert_array_equal((nan_counts + na_counts).confusion_matrix, [[2, 2]])
    numeric = im.ConfusionCounts(np.array([[1, 1]]), np.array([0]), -1)
    with pytest.raises(ValueError, match="same reject label"):
        nan_counts + numeric


def test_copies_sums_and_merges_do_not_share_the_counts_being_updated():
    # Updates add into the accumulator's own matrix in place.
    accumulator = ConfusionAccumulator().update([0, 1], [0, 1])
    others = (sum([accumulator]), copy.copy(accumulator), accumulator + accumulator)
    accumulator.update([1], [0]).update([0], [-1])
    np.testing.assert_array_equal(accumulator.confusion_matrix, [[1, 0, 1], [1, 1, 0]])
    for other, scale in zip(others, (1, 1, 2), strict=True):
        np.testing.assert_array_equal(
            other.confusion_matrix, scale * np.array([[1, 0, 0], [0, 1, 0]])
        )


@pytest.mark.parametrize("labels", [None, [0, 1]])
def test_an_update_overflowing_float64_is_refused_and_changes_nothing(labels):
    accumulator = ConfusionAccumulator(labels=labels)
    accumulator.update([0, 1], [0, 1], sample_weight=[1e308, 1.0])
    before = accumulator.confusion_matrix
    # Another cell: each cell is finite, their total is not.
    with pytest.raises(ValueError, match="overflow float64"):
        accumulator.update([1], [-1], sample_weight=[1e308])
    np.testing.assert_array_equal(accumulator.confusion_matrix, before)


@pytest.mark.parametrize("fixed", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_thousands_of_classes_in_batches_equal_one_call(fixed, weighted):
    # Later batches hold classes already seen (added in place), earlier
    # ones new classes (the rows re-sorted).
    rng = np.random.default_rng(7)
    n_classes, n = 2000, 6000
    y_true = rng.integers(0, n_classes, n) * 3
    y_pred = np.where(rng.random(n) < 0.2, -1, rng.integers(0, n_classes, n) * 3)
    weights = rng.integers(0, 4, n).astype(float) if weighted else None
    expected, expected_labels = counts_and_labels(y_true, y_pred, sample_weight=weights)
    accumulator = ConfusionAccumulator(labels=expected_labels if fixed else None)
    for part in np.array_split(np.arange(n), 6):
        accumulator.update(
            y_true[part], y_pred[part], None if weights is None else weights[part]
        )
    np.testing.assert_array_equal(accumulator.confusion_matrix, expected)
    assert accumulator.confusion_matrix.dtype == expected.dtype
    np.testing.assert_array_equal(accumulator.labels, expected_labels)


@pytest.mark.skipif(
    not os.path.exists("/proc/self/status"), reason="reads the peak RSS from /proc"
)
def test_fixed_labels_are_checked_without_a_table_of_their_square():
    # 10,000 labels: counting them against themselves would fill a
    # 10,000 x 10,001 int64 table (800 MB); the accumulator's own zeros are
    # not touched until counts arrive. VmHWM is the process's own peak
    # (ru_maxrss can carry a parent's over fork and exec).
    code = (
        "import numpy as np, infometrics as im; "
        "im.ConfusionAccumulator(labels=np.arange(10_000)); "
        "print(next(line.split()[1] for line in open('/proc/self/status') "
        "if line.startswith('VmHWM')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert int(result.stdout) < 400_000, result.stdout  # kilobytes
