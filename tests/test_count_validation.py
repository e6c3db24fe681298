"""Count-level validation: inputs that are not counts are refused, real numbers read."""

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from measure_helpers import every_measure

import infometrics as im

COUNT_FUNCTIONS = [
    lambda c: im.ni(c, "ni2"),
    im.all_measures,
    im.information_coverage,
    im.entropy_triangle,
    im.conventional_measures,
    lambda c: im.measures.compute_measures(c, ["ni2", "kappa"]),
    # The label-level functions pass counts on: refused alike.
    lambda c: im.ni_score(confusion_matrix=c),
    lambda c: im.conventional_measures_score(confusion_matrix=c),
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
        ([[1, 2, 0], [3, 4]], "list that cannot be converted"),
        ([[10**400, 1], [1, 1]], "entries cannot be read as counts"),
    ],
)
@pytest.mark.parametrize("function", COUNT_FUNCTIONS)
def test_values_that_are_not_counts_are_refused(matrix, message, function):
    with pytest.raises(ValueError, match=message):
        function(matrix)


def assert_same_measures(got, expected):
    for name, value in expected.items():
        np.testing.assert_array_equal(got[name], value, err_msg=name)


def test_a_masked_array_without_masked_entries_is_its_data():
    data = np.array([[5, 1, 2], [0, 7, 1]])
    masked = np.ma.array(data, mask=np.zeros_like(data, dtype=bool))
    assert im.ni(masked, "ni2") == im.ni(data, "ni2")
    # Every measure, the reject rate included: the last column is still read
    # as the reject column.
    assert_same_measures(every_measure(np.ma.array(data)), every_measure(data))
    assert every_measure(np.ma.array(data))["reject_rate"] == 3 / 16


def test_object_arrays_of_real_numbers_are_counts():
    big = [[10**300, 10**299, 0], [0, 10**300, 10**298]]
    as_float = np.array(big, dtype=float)
    assert_same_measures(every_measure(big), every_measure(as_float))
    assert np.isfinite(every_measure(big)["ni2"])
    fractions = np.array([[Fraction(1, 2), 1], [1, 1]], dtype=object)
    assert_same_measures(
        every_measure(fractions), every_measure(np.array([[0.5, 1], [1, 1]]))
    )


def test_label_level_functions_refuse_counts_that_are_not_an_array():
    with pytest.raises(ValueError, match="list that cannot be converted"):
        im.ni_score(confusion_matrix=[[1, 2, 0], [3, 4]])


@pytest.mark.parametrize("reject_name", [-1.0, np.nan])
def test_a_float_reject_column_name_is_the_rejections(reject_name):
    table = pd.DataFrame([[5, 1, 2], [0, 7, 1]], index=[0.5, 1.5])
    table.columns = [0.5, 1.5, reject_name]
    assert im.conventional_measures(table, pos_label=1.5)["reject_rate"] == 3 / 16


def test_fano_bound_of_a_single_class_is_minus_infinity():
    # With one class there is nothing to get wrong: log2 m = 0.
    assert im.measures.error_bounds([[5, 2]]).lower == -np.inf
