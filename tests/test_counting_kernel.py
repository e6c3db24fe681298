"""The blocked integer kernel against a dictionary count, on every code path.

This module imports the private kernel, and must: its block boundaries (2**16
labels), the dense-table budget and the small-table switch are crossed here
with small blocks and budgets set per test. Through the public API each would
need 10**5 labels or more per case; the public counts of the same labels are
checked in test_labels.py and test_label_dtype_grid.py.
"""

from collections import Counter

import numpy as np
import pytest

from infometrics._counting import kernel
from infometrics._counting.kernel import dense_pair_table


def reference(y_true, y_pred, weights=None):
    """Dictionary of (true, pred) -> total weight, Python ints as keys."""
    totals = Counter()
    weights = np.ones(len(y_true)) if weights is None else weights
    for t, p, w in zip(y_true.tolist(), y_pred.tolist(), weights.tolist(), strict=True):
        totals[int(t), int(p)] += w
    return totals


def as_dict(result):
    table, present, true_low, pred_low = result
    cells = {}
    for i, j in zip(*np.nonzero(present), strict=True):
        cells[int(true_low) + int(i), int(pred_low) + int(j)] = table[i, j]
    return cells


@pytest.fixture(params=[3, 7, 1 << 16], ids=["block3", "block7", "block64k"])
def block(request, monkeypatch):
    monkeypatch.setattr(kernel, "_BLOCK", request.param)
    return request.param


@pytest.mark.parametrize("n_classes", [2, 5, 40])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_matches_a_dictionary_count(block, n_classes, weighted, seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    low = int(rng.integers(-5, 5))
    y_true = rng.integers(low, low + n_classes, n)
    y_pred = rng.integers(low - 1, low + n_classes, n)
    weights = rng.random(n) * (rng.random(n) < 0.8) if weighted else None
    result = dense_pair_table(y_true, y_pred, weights, max_cells=10**6)
    expected = reference(y_true, y_pred, weights)
    got = as_dict(result)
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, rel=1e-12, abs=0)
    # The table spans exactly the value ranges.
    table, _, true_low, pred_low = result
    assert true_low == y_true.min()
    assert pred_low == y_pred.min()
    assert table.shape == (np.ptp(y_true) + 1, np.ptp(y_pred) + 1)


@pytest.mark.parametrize("order", ["sorted", "reversed", "spike_last"])
def test_ranges_that_widen_block_after_block(block, order):
    # Sorted labels widen the range in every block: the kernel must still
    # count exactly (and redo its blocks at most once).
    rng = np.random.default_rng(1)
    y_true = np.sort(rng.integers(0, 30, 200))
    y_pred = np.sort(rng.integers(0, 30, 200))
    if order == "reversed":
        y_true, y_pred = y_true[::-1].copy(), y_pred[::-1].copy()
    elif order == "spike_last":
        y_true[-1], y_pred[-1] = 1000, -1000
    assert as_dict(dense_pair_table(y_true, y_pred, max_cells=10**7)) == reference(
        y_true, y_pred
    )


@pytest.mark.parametrize(
    "dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint64, bool]
)
def test_small_dtypes_never_wrap(block, dtype):
    info = np.iinfo(dtype) if dtype is not bool else None
    if info is None:
        y_true = np.array([True, False, True, True])
        y_pred = np.array([False, False, True, False])
    else:
        # Values at both ends of the dtype (separately: a table spanning the
        # whole int64 range would be refused), where a wrap would show.
        top = min(int(info.max), 2**63 - 1)
        bottom = int(info.min)
        y_true = np.array([top, top - 1, top, top, bottom, bottom + 1], dtype=dtype)
        y_pred = np.array([top - 2, top, top, top - 1, bottom, bottom], dtype=dtype)
        y_true, y_pred = y_true[:4], y_pred[:4]
        low_true, low_pred = y_true.copy(), y_pred.copy()
        low_true[:] = [bottom, bottom + 1, bottom, bottom + 2]
        low_pred[:] = [bottom + 1, bottom, bottom, bottom]
        result = dense_pair_table(low_true, low_pred, max_cells=100)
        assert as_dict(result) == reference(
            low_true.astype(object), low_pred.astype(object)
        )
    result = dense_pair_table(y_true, y_pred, max_cells=100)
    assert as_dict(result) == reference(y_true.astype(object), y_pred.astype(object))


def test_extreme_int64_values_index_exactly(block):
    big = np.iinfo(np.int64).max
    small = np.iinfo(np.int64).min
    y_true = np.array([big, big - 1, big, big - 2], dtype=np.int64)
    y_pred = np.array([small + 1, small, small, small + 1], dtype=np.int64)
    assert as_dict(dense_pair_table(y_true, y_pred, max_cells=100)) == reference(
        y_true, y_pred
    )


def test_refuses_a_table_over_the_budget(block):
    y_true = np.array([0, 1, 2, 10**9])
    y_pred = np.array([0, 1, 2, 3])
    assert dense_pair_table(y_true, y_pred, max_cells=10**6) is None
    # A budget reached only by a late block is refused too.
    y_true = np.r_[np.zeros(100, np.int64), 10**9]
    assert dense_pair_table(y_true, np.zeros(101, np.int64), max_cells=10**6) is None


def test_unweighted_present_is_the_table():
    table, present, _, _ = dense_pair_table(
        np.array([0, 1]), np.array([1, 1]), max_cells=10
    )
    np.testing.assert_array_equal(present, table)
    table, present, _, _ = dense_pair_table(
        np.array([0, 1]), np.array([1, 1]), np.array([0.0, 2.0]), max_cells=10
    )
    np.testing.assert_array_equal(present, [[1], [1]])
    np.testing.assert_array_equal(table, [[0.0], [2.0]])


@pytest.mark.parametrize(
    ("y_true", "y_pred"),
    [
        ([0, 1, 2, 1], [0, 1, -1, 2]),  # dense integer table, sliced
        ([5, 9, 7, 9], [5, 9, 9, -1]),  # dense table, gathered
        ([2**62, 0, -(2**62), 0], [2**62, 0, 0, -1]),  # hashed integers
        (["a", "b", "c", "b"], ["a", "b", "-1", "c"]),  # hashed strings
    ],
)
def test_every_counting_path_returns_a_c_ordered_matrix(y_true, y_pred):
    # The measures' float sums follow the memory order, so one layout for all
    # paths keeps the same counts giving the same bits.
    import infometrics as im

    reject = "-1" if isinstance(y_true[0], str) else -1
    matrix = im.augmented_confusion_matrix(
        np.array(y_true), np.array(y_pred), reject_label=reject
    )
    assert matrix.flags.c_contiguous
    square = im.augmented_confusion_matrix(
        np.array(y_true), np.array(y_true), reject_label=None
    )
    assert square.flags.c_contiguous
