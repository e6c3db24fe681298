"""ConfusionAccumulator: any split and order of the batches == one call."""

import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im
from infometrics import ConfusionAccumulator
from infometrics._counting.labels import confusion_matrix_and_labels


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
    expected, expected_labels = confusion_matrix_and_labels(
        np.array(y_true),
        np.array(y_pred),
        reject_label=reject,
        sample_weight=weights,
    )
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
                ConfusionAccumulator().update(["a"], ["a"], sample_weight=None)
                + ConfusionAccumulator().update([1], [1])
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
