"""Count-level validation (issue 8): inputs that are not counts are refused."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics._measures.validation import check_confusion_matrix

COUNT_FUNCTIONS = [
    lambda c: im.ni(c, "ni2"),
    im.all_measures,
    im.information_coverage,
    im.entropy_triangle,
    im.conventional_measures,
]


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        (np.ma.array([[1, 2, 0], [3, 4, 0]], mask=[[0, 1, 0], [0, 0, 0]]), "masked"),
        (np.array([[1 + 0j, 2, 0], [3, 4, 0]]), "complex"),
        ([["1", "2", "0"], ["3", "4", "0"]], "strings"),
        (np.array([[b"1", b"2"], [b"3", b"4"]]), "strings"),
        (np.array([["1", "2"], ["3", "4"]], dtype=np.dtypes.StringDType()), "strings"),
        (np.array([[1, 2], [3, "4"]], dtype=object), "holds '4' of type str"),
        (np.array([[1, 2], [3, None]], dtype=object), "holds None"),
        (np.array([[1, 2], [3, True]], dtype=object), "holds True"),
        ([[True, False], [False, True]], "boolean"),
        (np.zeros((2, 2), dtype="datetime64[D]"), "dtype datetime64"),
        (pd.DataFrame([["1", "2"], ["3", "4"]]), "strings|holds '1'"),
    ],
)
@pytest.mark.parametrize("function", COUNT_FUNCTIONS)
def test_values_that_are_not_counts_are_refused(matrix, message, function):
    with pytest.raises(ValueError, match=message):
        function(matrix)


def test_a_masked_array_without_masked_entries_is_its_data():
    data = np.array([[5, 1, 2], [0, 7, 1]])
    masked = np.ma.array(data, mask=np.zeros_like(data, dtype=bool))
    assert im.ni(masked, "ni2") == im.ni(data, "ni2")
    counts, has_reject = check_confusion_matrix(np.ma.array(data))
    np.testing.assert_array_equal(counts, data)
    assert has_reject


def test_object_arrays_of_real_numbers_are_counts():
    big = [[10**300, 10**299, 0], [0, 10**300, 10**298]]
    counts, _ = check_confusion_matrix(big)
    assert counts.dtype == np.float64
    np.testing.assert_allclose(counts, np.array(big, dtype=float))
    fractions = np.array([[Fraction(1, 2), 1], [1, 1]], dtype=object)
    np.testing.assert_array_equal(
        check_confusion_matrix(fractions)[0], [[0.5, 1], [1, 1]]
    )
