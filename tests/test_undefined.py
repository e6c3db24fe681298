"""Degenerate and singular cases and the replace_undefined_by option."""

import warnings

import numpy as np
import pytest

import infometrics as im

ONE_TRUE_CLASS = [[6, 3, 1], [0, 0, 0]]


def test_one_true_class_makes_measures_dividing_by_h_true_undefined():
    with pytest.warns(
        im.exceptions.UndefinedMeasureWarning, match=r"NI2 is undefined.*H\(T\) = 0"
    ):
        assert np.isnan(im.ni(ONE_TRUE_CLASS, "ni2"))
    values = im.all_measures(ONE_TRUE_CLASS, replace_undefined_by=np.nan)
    for name in ("ni1", "ni2", "ni4", "ni6", "ni9"):
        assert np.isnan(values[name]), name
    # Normalised by something that is not 0: no information transferred, 0.
    for name in ("ni3", "ni5", "ni7", "ni8"):
        assert values[name] == 0.0, name
    # An infinite cross-entropy gives the limit 0, not undefined.
    assert values["ni21"] == 0.0


def test_no_information_transferred_is_zero_even_with_a_zero_normaliser():
    """All predictions in one column: I = 0 and H(Y) = 0, NI3 is 0."""
    values = im.all_measures([[5, 0, 0], [7, 0, 0]], replace_undefined_by=np.nan)
    for name in [f"ni{k}" for k in range(1, 10)]:
        assert values[name] == 0.0, name


def test_replace_undefined_by_returns_the_value_silently():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert im.ni(ONE_TRUE_CLASS, "ni1", replace_undefined_by=0.5) == 0.5
        assert np.isnan(im.ni(ONE_TRUE_CLASS, "ni1", replace_undefined_by=np.nan))


def test_one_warning_per_measure_for_a_stack_names_the_count():
    stack = np.array([ONE_TRUE_CLASS, [[6, 3, 1], [1, 5, 0]], ONE_TRUE_CLASS])
    with pytest.warns(im.exceptions.UndefinedMeasureWarning) as record:
        values = im.ni(stack, "ni1")
    assert len(record) == 1
    assert "for 2 of 3 matrices" in str(record[0].message)
    assert np.isnan(values[[0, 2]]).all()
    assert np.isfinite(values[1])


def test_warning_points_at_the_callers_line():
    with pytest.warns(im.exceptions.UndefinedMeasureWarning) as record:
        im.ni_score([0, 0], [0, 1])
    assert record[0].filename == __file__


def test_singular_divergences_are_undefined_and_identical_marginals_give_ni20_one():
    rejected = [[90, 0, 0], [0, 9, 1]]
    with pytest.warns(im.exceptions.UndefinedMeasureWarning, match="singular"):
        assert np.isnan(im.ni(rejected, "ni17"))
    # KL(t||y) = KL(y||t) = 0: the limit D20 = 0, NI20 = 1 (the paper prints "S").
    assert im.ni([[89, 1, 0], [1, 9, 0]], "ni20") == 1.0


def test_empty_matrix_is_undefined_everywhere():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = im.all_measures(np.zeros((2, 3)))
    assert all(np.isnan(v) for v in values.values())
    assert len(caught) == 24
    assert all("holds no samples" in str(w.message) for w in caught)


def test_results_are_clipped_to_the_unit_interval():
    perfect = [[3, 0, 0, 0], [0, 7, 0, 0], [0, 0, 11, 0]]
    values = im.all_measures(perfect)
    assert all(v == 1.0 for v in values.values())
    zero = im.ni([[5, 5, 0], [5, 5, 0]], "ni1")
    assert zero == 0.0
    assert not np.signbit(zero)


def test_coverage_and_triangle_undefined_cases():
    with pytest.warns(im.exceptions.UndefinedMeasureWarning) as record:
        coverage = im.information_coverage(ONE_TRUE_CLASS)
    assert [str(w.message).split(" ")[0] for w in record] == [
        "f(T;S)",
        "r(S|T)",
        "S_I/H(T)",
    ]
    assert np.isnan(coverage.completeness)
    assert np.isnan(coverage.output_entropy_per_true_class[1])  # empty row
    with pytest.warns(im.exceptions.UndefinedMeasureWarning, match="single row"):
        triangle = im.entropy_triangle([[3, 4]])
    assert np.isnan(triangle.x.mutual_info)
    assert triangle.delta_h + triangle.mutual_info + triangle.variation_info == (
        pytest.approx(1.0)
    )


def test_conventional_undefined_cases():
    with pytest.warns(im.exceptions.UndefinedMeasureWarning) as record:
        measures = im.conventional_measures([[0, 0, 4], [0, 0, 2]])
    assert any("every sample was rejected" in str(w.message) for w in record)
    assert np.isnan(measures["accepted_accuracy"])
    no_information = im.conventional_measures(
        [[5, 0], [5, 0]], replace_undefined_by=-1.0
    )
    assert no_information["xi"] == np.inf
    assert no_information["precision"] == -1.0


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([1, 2, 3], "at least 2 dimensions"),
        ([[1, 2, 3, 4], [1, 2, 3, 4]], "must have shape"),
        ([[1, 2], [3, 4], [5, 6]], "must have shape"),
        ([[1, -2, 0], [3, 4, 0]], "negative"),
        ([[1, np.nan, 0], [3, 4, 0]], "NaN or infinite"),
        ([[1, np.inf], [3, 4]], "NaN or infinite"),
        ([["a", "b"], ["c", "d"]], "holds strings"),
        (np.zeros((0, 1)), "no rows"),
    ],
)
def test_invalid_confusion_matrix_raises(matrix, message):
    for function in (
        im.ni,
        im.all_measures,
        im.information_coverage,
        im.entropy_triangle,
        im.conventional_measures,
        im.measures.error_bounds,
    ):
        with pytest.raises(ValueError, match=message):
            function(matrix)


@pytest.mark.parametrize("bad", ["nan", "zero", None, True, [0.0]])
def test_invalid_replace_undefined_by_raises(bad):
    with pytest.raises(ValueError, match="replace_undefined_by must be"):
        im.ni([[1, 0], [0, 1]], replace_undefined_by=bad)


@pytest.mark.parametrize("bad", ["ni0", "ni25", "accuracy", 2, None])
def test_unknown_measure_raises(bad):
    with pytest.raises(ValueError, match="Unknown measure"):
        im.ni([[1, 0], [0, 1]], bad)


def test_measure_name_is_case_insensitive():
    assert im.ni([[1, 0], [0, 1]], "NI2") == 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((5, 0, 1), "true_class"),
        ((0, 3, 1), "from_column"),
        ((0, 0, -1), "to_column"),
        ((0.5, 0, 1), "true_class"),
    ],
)
def test_sensitivity_rejects_bad_indices(args, message):
    with pytest.raises(ValueError, match=message):
        im.measures.mutual_info_sensitivity([[5, 1, 0], [1, 5, 0]], *args)


@pytest.mark.parametrize("bad", [2, -1, "pos", 0.5, [1], None])
def test_conventional_rejects_a_pos_label_that_is_not_a_label(bad):
    with pytest.raises(ValueError, match="pos_label"):
        im.conventional_measures([[5, 1, 0], [1, 5, 0]], pos_label=bad)
    with pytest.raises(ValueError, match="pos_label"):
        im.conventional_measures_score([0, 1, 1], [0, 1, -1], pos_label=bad)


def test_pos_label_is_a_label_value_not_a_row_index():
    from sklearn.metrics import f1_score, precision_score, recall_score

    y_true = ["cat", "dog", "dog", "cat", "dog", "dog"]
    y_pred = ["cat", "dog", "cat", "cat", "dog", "cat"]
    for pos_label in ("cat", "dog"):
        got = im.conventional_measures_score(
            y_true, y_pred, reject_label=None, pos_label=pos_label
        )
        for name, metric in [
            ("precision", precision_score),
            ("recall", recall_score),
            ("f1", f1_score),
        ]:
            expected = metric(y_true, y_pred, pos_label=pos_label)
            assert got[name] == pytest.approx(expected, rel=1e-12)
    # A labelled table is read by its labels: label 1 is its first row here.
    pd = pytest.importorskip("pandas")
    table = pd.DataFrame([[4, 1, 0], [2, 3, 1]], index=[1, 0], columns=[1, 0, -1])
    by_label = im.conventional_measures(table, pos_label=1)
    by_row = im.conventional_measures([[4, 1, 0], [2, 3, 1]], pos_label=0)
    assert by_label["precision"] == by_row["precision"] == pytest.approx(4 / 6)
    with pytest.raises(ValueError, match="pos_label=2 is not one of"):
        im.conventional_measures(table, pos_label=2)
    # Labels of mixed types are compared as they are, never as their text.
    mixed = pd.DataFrame([[4, 1], [2, 3]], index=[10, "x"], columns=[10, "x"])
    precision = im.conventional_measures(mixed, pos_label=10)["precision"]
    assert precision == pytest.approx(4 / 6)
    with pytest.raises(ValueError, match="pos_label='10' is not one of"):
        im.conventional_measures(mixed, pos_label="10")
