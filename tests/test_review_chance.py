"""Review of the chance-adjusted measures against brute-force references.

The expectation of the mutual information under the permutation model (both
margins fixed) is summed exactly, cell by cell, over the hypergeometric law of
each cell (Vinh, Epps and Bailey, JMLR 11 (2010), eq. 24a), in mpmath at 50
digits; on square tables the adjusted ``ni5``, ``ni6``, ``ni8`` and ``ni9``
are scikit-learn's ``adjusted_mutual_info_score`` with the matching
``average_method``.
"""

import dataclasses
import math

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import adjusted_mutual_info_score

import infometrics as im

mpmath.mp.dps = 50


def _entropy(counts, n):
    return -sum(
        mpmath.mpf(c) / n * mpmath.log(mpmath.mpf(c) / n, 2) for c in counts if c
    )


def _cell_terms(a, b, n):
    """E[(n_ij / n) log2(n n_ij / (a b))] over the hypergeometric law of n_ij."""
    total = mpmath.mpf(0)
    for k in range(max(1, a + b - n), min(a, b) + 1):
        probability = (
            mpmath.binomial(a, k)
            * mpmath.binomial(n - a, b - k)
            / mpmath.binomial(n, b)
        )
        total += (
            probability * mpmath.mpf(k) / n * mpmath.log(mpmath.mpf(n) * k / (a * b), 2)
        )
    return total


def _reference(matrix, name):
    """Adjusted ni1/ni2/ni3/ni5/ni6/ni8/ni9 by the exact expectation."""
    matrix = np.asarray(matrix, dtype=np.int64)
    n = int(matrix.sum())
    rows, columns = matrix.sum(axis=1).tolist(), matrix.sum(axis=0).tolist()
    m = matrix.shape[0]
    h_t, h_y = _entropy(rows, n), _entropy(columns, n)

    def information(cells_of_column):
        observed = sum(
            mpmath.mpf(int(matrix[i, j]))
            / n
            * mpmath.log(mpmath.mpf(n) * int(matrix[i, j]) / (rows[i] * columns[j]), 2)
            for i in range(m)
            for j in cells_of_column
            if matrix[i, j]
        )
        expected = sum(
            _cell_terms(rows[i], columns[j], n)
            for i in range(m)
            for j in cells_of_column
            if rows[i] and columns[j]
        )
        return observed, expected

    all_columns = range(matrix.shape[1])
    if name == "ni2":
        value, expected = information(range(m))
        return float((value - expected) / (h_t - expected))
    value, expected = information(all_columns)
    scale = {
        "ni1": h_t,
        "ni3": h_y,
        "ni5": (h_t + h_y) / 2,
        "ni6": mpmath.sqrt(h_t * h_y),
        "ni8": max(h_t, h_y),
        "ni9": min(h_t, h_y),
    }[name]
    return float((value - expected) / (scale - expected))


MATRICES = [
    [[3, 1, 1], [0, 2, 2]],
    [[5, 0, 1], [1, 4, 0]],
    [[2, 1, 0, 1], [0, 3, 1, 0], [1, 0, 2, 2]],
    [[7, 2, 0, 3], [1, 6, 2, 0], [0, 1, 5, 4]],
    [[2, 0, 1], [0, 1, 1]],
    [[10, 0], [0, 3]],
    [[4, 1, 0], [2, 3, 1], [0, 2, 5]],
]


@pytest.mark.parametrize("matrix", MATRICES)
@pytest.mark.parametrize("name", ["ni1", "ni2", "ni3", "ni5", "ni6", "ni8", "ni9"])
def test_adjusted_measures_match_the_exact_hypergeometric_expectation(matrix, name):
    got = im.measures.adjusted_measures(matrix, [name])[name]
    assert got == pytest.approx(_reference(matrix, name), rel=1e-9, abs=1e-12)


def _labels_of(matrix):
    y_true, y_pred = [], []
    for i, row in enumerate(matrix):
        for j, count in enumerate(row):
            y_true += [i] * count
            y_pred += [j] * count
    return y_true, y_pred


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda m: st.lists(
            st.lists(st.integers(0, 6), min_size=m, max_size=m), min_size=m, max_size=m
        )
    )
)
def test_adjusted_measures_on_square_tables_are_sklearns_ami(rows):
    matrix = np.array(rows)
    # Both margins need two outcomes for the adjusted measure to be defined.
    if (matrix.sum(axis=1) > 0).sum() < 2 or (matrix.sum(axis=0) > 0).sum() < 2:
        return
    y_true, y_pred = _labels_of(matrix)
    got = im.measures.adjusted_measures(matrix, ["ni5", "ni6", "ni8", "ni9"])
    for name, method in [
        ("ni5", "arithmetic"),
        ("ni6", "geometric"),
        ("ni8", "max"),
        ("ni9", "min"),
    ]:
        expected = adjusted_mutual_info_score(y_true, y_pred, average_method=method)
        assert math.isclose(got[name], expected, rel_tol=1e-7, abs_tol=1e-9), (
            name,
            got[name],
            expected,
        )


def test_adjusted_measures_of_a_stack_are_those_of_each_matrix():
    stack = np.array([MATRICES[0], MATRICES[1]])
    got = im.measures.adjusted_measures(stack, ["ni1", "ni2"])
    for k in range(2):
        for name in ("ni1", "ni2"):
            assert got[name][k] == pytest.approx(_reference(stack[k], name), rel=1e-9)


SQUARE = np.array([[4, 1, 0], [2, 3, 1], [0, 2, 5]])
ADJUSTABLE = ["ni1", "ni2", "ni3", "ni5", "ni6", "ni8", "ni9"]


def test_an_all_zero_reject_column_changes_no_adjusted_measure():
    augmented = np.hstack([SQUARE, np.zeros((3, 1), dtype=int)])
    square = im.measures.adjusted_measures(SQUARE, ADJUSTABLE)
    for name, value in im.measures.adjusted_measures(augmented, ADJUSTABLE).items():
        assert value == pytest.approx(square[name], rel=1e-15, abs=0)


def _square_and_augmented(m):
    """A square matrix (a stack of two for m = 9) and it with an empty reject
    column."""
    rng = np.random.default_rng(m)
    square = SQUARE if m == 3 else rng.integers(0, 6, size=(m, m))
    if m == 9:
        square = np.stack([square, rng.integers(0, 3, size=(m, m))])
    return square, np.concatenate([square, np.zeros((*square.shape[:-1], 1))], -1)


@pytest.mark.parametrize("m", [3, 7, 9])
def test_an_all_zero_reject_column_gives_the_same_adjusted_bits(m):
    square, augmented = _square_and_augmented(m)
    alone = im.measures.adjusted_measures(
        square, ADJUSTABLE, replace_undefined_by=np.nan
    )
    padded = im.measures.adjusted_measures(
        augmented, ADJUSTABLE, replace_undefined_by=np.nan
    )
    assert padded.keys() == alone.keys()
    for name, value in padded.items():
        np.testing.assert_array_equal(value, alone[name], name)


@pytest.mark.parametrize("m", [3, 7, 9])
def test_an_all_zero_reject_column_gives_the_same_jackknife_bits(m):
    """Every measure's three results."""
    square, augmented = _square_and_augmented(m)
    alone = im.measures.jackknife_measures(square, replace_undefined_by=np.nan)
    padded = im.measures.jackknife_measures(augmented, replace_undefined_by=np.nan)
    assert padded.keys() == alone.keys()
    for name, estimate in padded.items():
        np.testing.assert_array_equal(
            dataclasses.astuple(estimate), dataclasses.astuple(alone[name]), name
        )


def test_adjusted_measures_refuse_weighted_counts():
    with pytest.raises(ValueError, match="nteger"):
        im.measures.adjusted_measures([[1.5, 0.5, 0.0], [0.0, 1.0, 1.0]])
