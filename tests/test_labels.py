"""Labels -> augmented confusion matrix: behaviour and every error path."""

import warnings

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels

import infometrics as im


def test_default_labels_are_the_sorted_union_without_the_reject_label():
    matrix = im.augmented_confusion_matrix([2, 0, 2], [0, -1, 5])
    # labels [0, 2, 5]; row 0 = true 0 (rejected), row 1 = true 2, row 2 = true 5.
    np.testing.assert_array_equal(matrix, [[0, 0, 0, 1], [1, 0, 1, 0], [0, 0, 0, 0]])
    assert matrix.dtype == np.int64


def test_reject_column_is_present_even_without_rejections():
    assert im.augmented_confusion_matrix([0, 1], [0, 1]).shape == (2, 3)


def test_no_reject_option_gives_a_square_matrix():
    matrix = im.augmented_confusion_matrix([0, 1, 1], [0, 2, 1], reject_label=None)
    np.testing.assert_array_equal(matrix, [[1, 0, 0], [0, 1, 1], [0, 0, 0]])
    # Without a reject option, -1 is an ordinary class.
    matrix = im.augmented_confusion_matrix([0, 1, 1], [0, -1, 1], reject_label=None)
    np.testing.assert_array_equal(matrix, [[0, 0, 0], [0, 1, 0], [1, 0, 1]])


def test_explicit_labels_fix_the_order_and_keep_empty_classes():
    matrix = im.augmented_confusion_matrix(
        ["b", "a"], ["a", "reject"], labels=["c", "b", "a"], reject_label="reject"
    )
    np.testing.assert_array_equal(matrix, [[0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])


@pytest.mark.parametrize(
    "converter",
    [
        lambda v: v,
        lambda v: v.astype(np.int8),
        lambda v: v.astype(np.uint16) + 3,
        lambda v: v * 10**12,  # sparse integers: hashing path
        lambda v: v.astype(float),
        lambda v: np.array([f"label {x}" for x in v]),
        lambda v: np.array([f"label {x}" for x in v], dtype=object),
        lambda v: pd.Series(v).astype("category"),
        lambda v: pd.array(v.astype(str), dtype="string"),
    ],
)
def test_every_label_type_gives_the_same_matrix(converter):
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 4, 500)
    y_pred = rng.integers(0, 4, 500)
    expected = im.augmented_confusion_matrix(y_true, y_pred, reject_label=None)
    got = im.augmented_confusion_matrix(
        converter(y_true), converter(y_pred), reject_label=None
    )
    np.testing.assert_array_equal(got, expected)


def test_string_labels_with_a_string_reject_label():
    matrix = im.augmented_confusion_matrix(
        ["x", "y", "y"], ["x", "abstain", "x"], reject_label="abstain"
    )
    np.testing.assert_array_equal(matrix, [[1, 0, 0], [1, 0, 1]])


def loop_count(y_true, y_pred, weights, classes, reject):
    """The augmented matrix by a plain loop over the samples."""
    matrix = np.zeros((len(classes), len(classes) + 1))
    for t, p, w in zip(y_true, y_pred, weights, strict=True):
        column = len(classes) if p == reject else classes.index(p)
        matrix[classes.index(t), column] += w
    return matrix


def test_integer_labels_and_the_same_labels_as_objects_agree_with_a_loop():
    # Narrow integers, the same values as Python objects and a range too wide
    # for a table of codes: every way of counting gives the loop's matrix.
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 50, 2000)
    y_pred = np.where(rng.random(2000) < 0.1, -1, rng.integers(0, 50, 2000))
    weights = rng.random(2000)
    expected = loop_count(y_true, y_pred, weights, list(range(50)), -1)
    for offset in (0, 10**12):
        shifted_true = y_true * (1 + offset)
        shifted_pred = np.where(y_pred == -1, -1, y_pred * (1 + offset))
        for convert in (np.asarray, lambda y: np.asarray(y, dtype=object)):
            matrix = im.augmented_confusion_matrix(
                convert(shifted_true), convert(shifted_pred), sample_weight=weights
            )
            np.testing.assert_allclose(matrix, expected, rtol=1e-12)


def test_wide_integer_range_is_counted():
    matrix = im.augmented_confusion_matrix([0, 10**9], [10**9, -1])
    np.testing.assert_array_equal(matrix, [[0, 1, 0], [0, 0, 1]])


def test_mixed_types_sort_fails_clearly_but_explicit_labels_work():
    with pytest.raises(ValueError, match="mix types"):
        im.augmented_confusion_matrix(np.array(["a", 1], dtype=object), ["a", "a"])
    matrix = im.augmented_confusion_matrix(
        np.array(["a", 1], dtype=object), ["a", "a"], labels=np.array(["a", 1], object)
    )
    np.testing.assert_array_equal(matrix, [[1, 0, 0], [1, 0, 0]])


# -- sample weights, in the style of scikit-learn's check_sample_weight_invariance


def weighted_matrices(y_true, y_pred, weights):
    return im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)


@pytest.fixture
def labelled_sample():
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 3, 60)
    y_pred = np.where(rng.random(60) < 0.3, rng.integers(-1, 3, 60), y_true)
    return y_true, y_pred, rng


def test_weights_none_equal_unit_weights(labelled_sample):
    y_true, y_pred, _ = labelled_sample
    np.testing.assert_allclose(
        weighted_matrices(y_true, y_pred, None),
        weighted_matrices(y_true, y_pred, np.ones(60)),
    )
    assert im.ni_score(y_true, y_pred) == pytest.approx(
        im.ni_score(y_true, y_pred, sample_weight=np.ones(60))
    )


def test_integer_weights_equal_repeated_samples(labelled_sample):
    y_true, y_pred, rng = labelled_sample
    repeats = rng.integers(0, 4, 60)

    def ni7(*args, **kwargs):
        return im.all_measures_score(*args, replace_undefined_by=np.nan, **kwargs)[
            "ni7"
        ]

    for function in (im.ni_score, ni7):
        assert function(y_true, y_pred, sample_weight=repeats) == pytest.approx(
            function(np.repeat(y_true, repeats), np.repeat(y_pred, repeats))
        )


def test_zero_weights_equal_removed_samples(labelled_sample):
    y_true, y_pred, rng = labelled_sample
    keep = rng.random(60) < 0.6
    weights = keep.astype(float)
    coverage = im.information_coverage_score(
        y_true, y_pred, sample_weight=weights, labels=[0, 1, 2]
    )
    expected = im.information_coverage_score(
        y_true[keep], y_pred[keep], labels=[0, 1, 2]
    )
    assert coverage.completeness == pytest.approx(expected.completeness)
    assert coverage.false_info_ratio == pytest.approx(expected.false_info_ratio)


def test_scaling_weights_changes_nothing(labelled_sample):
    y_true, y_pred, rng = labelled_sample
    weights = rng.random(60)
    for function in (
        im.ni_score,
        lambda *a, **k: im.conventional_measures_score(*a, **k)["macro_f1"],
        lambda *a, **k: im.entropy_triangle_score(*a, **k).variation_info,
    ):
        assert function(y_true, y_pred, sample_weight=weights * 37.5) == pytest.approx(
            function(y_true, y_pred, sample_weight=weights)
        )


# -- every error path of the labels


@pytest.mark.parametrize(
    ("y_true", "y_pred", "kwargs", "message"),
    [
        ([0, 1], [0], {}, "different lengths"),
        ([], [], {}, "empty"),
        ([0, -1], [0, 0], {}, "y_true contains the reject label"),
        (["a", "r"], ["a", "a"], {"reject_label": "r"}, "y_true contains the reject"),
        ([0.0, np.nan], [0, 1], {}, "NaN"),
        ([0, 1], [0.0, np.nan], {}, "NaN"),
        (np.array(["a", None], dtype=object), ["a", "a"], {}, "missing labels"),
        (["a", "b"], np.array([None, "a"], dtype=object), {}, "missing labels"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], {}, "must be 1-d"),
        ([0, 1], [[0], [1]], {}, r"must be 1-d.*np.ravel\(y_pred\)"),
        # A list of tuples: one label per tuple, not a column to ravel.
        ([(1, 2), (3, 4)], [(1, 2), (1, 2)], {}, "each label is a tuple"),
        ("01", "01", {}, "1-d array-like"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, -1.0]}, "negative"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, np.nan]}, "NaN or infinite"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, np.inf]}, "NaN or infinite"),
        ([0, 1], [0, 1], {"sample_weight": [1.0]}, "shape"),
        ([0, 1], [0, 1], {"sample_weight": ["a", "b"]}, "numeric"),
        ([0, 1], [0, 2], {"labels": [0, 1]}, "y_pred contains labels that are not"),
        ([0, 2], [0, 1], {"labels": [0, 1]}, "y_true contains labels that are not"),
        (
            ["a", "b"],
            ["a", "c"],
            {"labels": ["a", "b"], "reject_label": None},
            "y_pred contains labels",
        ),
        (
            ["a", "c"],
            ["a", "b"],
            {"labels": ["a", "b"], "reject_label": None},
            "y_true contains labels",
        ),
        ([0, 1], [0, 1], {"labels": [0, 0, 1]}, "duplicates"),
        ([0, 1], [0, 1], {"labels": []}, "non-empty"),
        ([0, 1], [0, 1], {"labels": [0, 1, -1]}, "labels contains the reject label"),
        ([0, np.nan], [0, 1], {"reject_label": np.nan}, "y_true contains missing"),
        ([0, 1], [0, 1], {"labels": [0.0, np.nan]}, "missing value"),
        (np.array([1 + 2j, 1j]), np.array([1j, 1j]), {}, "numbers or strings"),
    ],
)
def test_invalid_input_raises_a_clear_value_error(y_true, y_pred, kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.augmented_confusion_matrix(y_true, y_pred, **kwargs)


# -- the reject label matches by value, and must be able to match


@pytest.mark.parametrize(
    "marker", [-1, -1.0, np.float64(-1), np.int8(-1), np.int64(-1), np.float32(-1)]
)
@pytest.mark.parametrize("dtype", [np.int64, np.int8, np.float64, object])
def test_reject_label_matches_by_value_across_numeric_types(marker, dtype):
    y_true = np.array([0, 1, 1, 2], dtype=dtype)
    y_pred = np.array([0, -1, 1, -1], dtype=dtype)
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label=marker)
    np.testing.assert_array_equal(matrix, [[1, 0, 0, 0], [0, 1, 0, 1], [0, 0, 0, 1]])


def test_a_string_marker_with_numeric_labels_is_an_error():
    with pytest.raises(ValueError, match="is a string but the labels are numbers"):
        im.augmented_confusion_matrix([0, 1], [0, 1], reject_label="reject")
    with pytest.raises(ValueError, match="is a string but the labels are numbers"):
        im.augmented_confusion_matrix([0.0, 1.0], [0.0, 1.0], reject_label="-1")


def test_a_number_marker_with_string_labels_is_an_error():
    with pytest.raises(ValueError, match="is a number but the labels are strings"):
        im.augmented_confusion_matrix(["a", "b"], ["a", "b"], reject_label=0)


def test_the_default_marker_with_plain_string_labels_is_silent():
    # A classifier writing string labels and no "-1" does not reject: an
    # all-zero reject column, with no warning on every call.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        matrix = im.augmented_confusion_matrix(["a", "b"], ["a", "a"])
        im.augmented_confusion_matrix(["a", "b"], ["a", "a"], reject_label=-1.0)
        im.augmented_confusion_matrix(
            pd.Series(["a", "b"], dtype="category"), pd.Series(["a", "a"])
        )
    np.testing.assert_array_equal(matrix, [[1, 0, 0], [1, 0, 0]])


@pytest.mark.parametrize("written", ["-1", "-1.0"])
def test_the_default_marker_warns_when_predictions_hold_it_as_a_string(written):
    # Rejections read from a text file: "-1" is counted as a class, not as
    # a rejection, and the warning says which marker to pass.
    with pytest.warns(im.exceptions.RejectLabelWarning, match="reject_label=None"):
        matrix = im.augmented_confusion_matrix(["a", "b", "b"], ["a", written, "b"])
    np.testing.assert_array_equal(matrix.shape, (3, 4))
    assert issubclass(im.exceptions.RejectLabelWarning, UserWarning)
    # The fixes the warning names silence it.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fixed = im.augmented_confusion_matrix(
            ["a", "b", "b"], ["a", written, "b"], reject_label=written
        )
        square = im.augmented_confusion_matrix(["a"], [written], reject_label=None)
    np.testing.assert_array_equal(fixed, [[1, 0, 0], [0, 1, 1]])
    assert square.shape == (2, 2)


@pytest.mark.parametrize("marker", [True, np.bool_(False), 1j, [-1], (-1, -2)])
def test_markers_that_are_not_one_label_value_are_refused(marker):
    with pytest.raises(ValueError, match="reject_label"):
        im.augmented_confusion_matrix([0, 1], [0, 1], reject_label=marker)


@pytest.mark.parametrize(
    "y_pred",
    [
        np.array([0, np.nan, 1, np.nan]),
        np.array([0, None, 1, None], dtype=object),
        np.array([0, pd.NA, 1, np.nan], dtype=object),
        pd.Series([0, None, 1, None], dtype="Int64"),
        pd.array([0, None, 1, None], dtype="Int64"),
    ],
)
@pytest.mark.parametrize("marker", [np.nan, float("nan"), pd.NA])
def test_a_nan_marker_declares_missing_predictions_rejections(y_pred, marker):
    matrix = im.augmented_confusion_matrix([0, 1, 1, 0], y_pred, reject_label=marker)
    np.testing.assert_array_equal(matrix, [[1, 0, 1], [0, 1, 1]])


def test_a_nan_marker_with_string_labels_and_a_numpy_string_dtype():
    y_pred = np.array(["a", None, "b"], dtype=np.dtypes.StringDType(na_object=None))
    matrix = im.augmented_confusion_matrix(["a", "b", "b"], y_pred, reject_label=np.nan)
    np.testing.assert_array_equal(matrix, [[1, 0, 0], [0, 1, 1]])
    with pytest.raises(
        ValueError, match=r"y_pred contains missing.*reject_label=np.nan"
    ):
        im.augmented_confusion_matrix(["a", "b", "b"], y_pred, reject_label="?")


@pytest.mark.parametrize(
    "missing",
    [
        np.array(["a", None, "b"], dtype=np.dtypes.StringDType(na_object=None)),
        np.array(["a", np.nan, "b"], dtype=np.dtypes.StringDType(na_object=np.nan)),
        np.array(["a", pd.NA, "b"], dtype=object),
        np.array(["a", None, "b"], dtype=object),
        np.array(["a", np.nan, "b"], dtype=object),
        pd.Series(["a", None, "b"], dtype="string"),
        pd.Series(["a", None, "b"], dtype="category"),
        np.array([0.0, np.nan, 1.0]),
        pd.Series([0, None, 1], dtype="Int64"),
        pd.Series([0.0, None, 1.0], dtype="Float64"),
    ],
)
@pytest.mark.parametrize("where", ["y_true", "y_pred"])
def test_missing_labels_are_found_for_every_dtype(missing, where):
    other = (
        np.array(["a", "b", "b"])
        if np.asarray(missing).dtype.kind in "OT"
        and isinstance(np.asarray(missing, dtype=object)[0], str)
        else np.array([0, 1, 1])
    )
    arrays = {"y_true": other, "y_pred": other}
    arrays[where] = missing
    with pytest.raises(ValueError, match=f"{where} contains missing labels"):
        im.augmented_confusion_matrix(
            arrays["y_true"], arrays["y_pred"], reject_label=None
        )


# -- continuous values are refused, as scikit-learn refuses them


@pytest.mark.parametrize(
    ("y_true", "y_pred", "where"),
    [
        ([0, 1, 1], [0.2, 0.9, 0.51], "y_pred"),
        ([0.5, 1.0, 1.0], [0, 1, 1], "y_true"),
        ([0, 1, 1], [0.0, 1.0, np.inf], "y_pred"),
        ([0, 1, 1], np.array([0, 1, 0.5], dtype=object), "y_pred"),
        ([0, 1, 1], pd.Series([0.0, 1.0, 0.25], dtype="Float64"), "y_pred"),
    ],
)
def test_continuous_values_are_refused(y_true, y_pred, where):
    with pytest.raises(ValueError, match=f"{where} contains continuous values"):
        im.augmented_confusion_matrix(y_true, y_pred)


def test_scores_instead_of_predictions_are_refused_everywhere():
    from sklearn.linear_model import LinearRegression
    from sklearn.model_selection import cross_val_score

    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 100)
    with pytest.raises(ValueError, match="continuous"):
        im.ni_score(y, rng.random(100))
    X = rng.random((100, 3))
    with pytest.raises(ValueError, match="continuous"):
        cross_val_score(LinearRegression(), X, y, scoring="ni2", error_score="raise")


def test_whole_floats_are_labels_and_a_fractional_marker_is_allowed():
    matrix = im.augmented_confusion_matrix([0.0, 1.0], [1.0, -0.5], reject_label=-0.5)
    np.testing.assert_array_equal(matrix, [[0, 1, 0], [0, 0, 1]])


# -- classes are the labels present, whatever their weight


@pytest.mark.parametrize(
    "converter",
    [
        lambda v: v,
        lambda v: v * 10**15,
        lambda v: v.astype(float),
        lambda v: np.array([f"c{x}" for x in v]),
        lambda v: np.array([f"c{x}" for x in v], dtype=object),
    ],
)
def test_a_zero_weight_sample_still_names_its_class(converter):
    y_true = np.array([0, 1, 2, 2])
    y_pred = np.array([0, 1, 2, 3])
    weights = [1.0, 1.0, 1.0, 0.0]
    matrix, classes = counts_and_labels(
        converter(y_true), converter(y_pred), sample_weight=weights, reject_label=None
    )
    assert len(classes) == 4
    np.testing.assert_array_equal(matrix, np.diag([1.0, 1.0, 1.0, 0.0]))
    # Zero-weight samples are checked like any other.
    with pytest.raises(ValueError, match="y_pred contains labels"):
        im.augmented_confusion_matrix(
            converter(y_true),
            converter(y_pred),
            sample_weight=weights,
            labels=converter(np.array([0, 1, 2])),
            reject_label=None,
        )


def test_a_zero_weight_sample_with_the_reject_label_as_truth_is_refused():
    for y_true, y_pred in (([0, -1], [0, 0]), ([10**15, -1], [10**15, 10**15])):
        with pytest.raises(ValueError, match="y_true contains the reject label"):
            im.augmented_confusion_matrix(y_true, y_pred, sample_weight=[1.0, 0.0])


@pytest.mark.parametrize("y", [[0, 1], ["a", "b"]])
def test_all_zero_weights_are_an_error(y):
    with pytest.raises(ValueError, match="sample_weight is 0 for every sample"):
        im.augmented_confusion_matrix(y, y, sample_weight=[0, 0.0], reject_label=None)


# -- extreme integers never wrap and never size an allocation

INT64_MIN, INT64_MAX = np.iinfo(np.int64).min, np.iinfo(np.int64).max


def dict_count(y_true, y_pred, reject):
    classes = sorted(set(y_true) | (set(y_pred) - {reject}))
    matrix = np.zeros((len(classes), len(classes) + 1), dtype=np.int64)
    for t, p in zip(y_true, y_pred, strict=True):
        column = len(classes) if p == reject else classes.index(p)
        matrix[classes.index(t), column] += 1
    return matrix, classes


@pytest.mark.parametrize(
    ("y_true", "y_pred"),
    [
        ([INT64_MIN, 0], [0, 1]),
        ([INT64_MIN, INT64_MAX, 0], [INT64_MAX, INT64_MIN, -1]),
        ([INT64_MIN, INT64_MIN + 1], [INT64_MIN + 1, -1]),
        ([INT64_MAX, INT64_MAX - 1], [INT64_MAX - 1, INT64_MAX]),
        ([-(2**62), 0], [0, 0]),  # -2**62 * 4 wraps to 0 in int64
        ([-(2**61), 5], [5, -1]),
    ],
)
def test_int64_limits_give_the_right_matrix(y_true, y_pred):
    expected, classes = dict_count(y_true, y_pred, -1)
    matrix, got_classes = counts_and_labels(
        np.array(y_true, dtype=np.int64), np.array(y_pred, dtype=np.int64)
    )
    np.testing.assert_array_equal(matrix, expected)
    assert got_classes.tolist() == classes


@pytest.mark.parametrize("near", [INT64_MAX - 5, INT64_MIN + 5])
def test_a_reject_marker_at_the_int64_limits_is_a_rejection(near):
    y_true = np.array([near + 7 if near < 0 else near - 7] * 2, dtype=np.int64)
    y_pred = np.array([y_true[0], near], dtype=np.int64)
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label=near)
    np.testing.assert_array_equal(matrix, [[1, 1]])


def test_uint64_beyond_int64_and_wide_ranges_go_through_hashing():
    big = np.array([2**64 - 1, 0, 2**63], dtype=np.uint64)
    matrix, classes = counts_and_labels(big, big[::-1])
    assert classes.tolist() == [0, 2**63, 2**64 - 1]
    np.testing.assert_array_equal(matrix, [[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0]])
    wide = np.array([INT64_MIN, INT64_MAX])
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(wide, wide[::-1]), [[0, 1, 0], [1, 0, 0]]
    )


@pytest.mark.parametrize(
    "dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint64, bool]
)
@pytest.mark.parametrize("end", ["top", "bottom"])
def test_small_dtypes_at_their_limits_never_wrap(dtype, end):
    # Cell indices are computed in int64 from values at both ends of the dtype,
    # where a wrap in the dtype itself would show.
    if dtype is bool:
        y_true, y_pred = [True, False, True, True], [False, False, True, False]
    else:
        info = np.iinfo(dtype)
        edge, step = (min(int(info.max), INT64_MAX), -1)
        if end == "bottom":
            edge, step = int(info.min), 1
        y_true = [edge, edge + step, edge, edge + 2 * step]
        y_pred = [edge + step, edge, edge, edge]
    values = sorted(set(y_true) | set(y_pred))
    expected = np.zeros((len(values), len(values)), dtype=np.int64)
    for t, p in zip(y_true, y_pred, strict=True):
        expected[values.index(t), values.index(p)] += 1
    matrix, classes = counts_and_labels(
        np.array(y_true, dtype=dtype), np.array(y_pred, dtype=dtype), reject_label=None
    )
    np.testing.assert_array_equal(matrix, expected)
    assert classes.tolist() == values


@pytest.mark.parametrize(
    ("y_true", "y_pred"),
    [
        ([0, 1, 2, 1], [0, 1, -1, 2]),  # one (id x id) table
        ([5, 9, 7, 9], [5, 9, 9, -1]),  # one table, classes gathered
        ([2**62, 0, -(2**62), 0], [2**62, 0, 0, -1]),  # hashed integers
        (["a", "b", "c", "b"], ["a", "b", "-1", "c"]),  # hashed strings
    ],
)
def test_every_counting_path_returns_a_c_ordered_matrix(y_true, y_pred):
    # The measures' float sums follow the memory order, so one layout for all
    # paths keeps the same counts giving the same bits.
    reject = "-1" if isinstance(y_true[0], str) else -1
    matrix = im.augmented_confusion_matrix(
        np.array(y_true), np.array(y_pred), reject_label=reject
    )
    assert matrix.flags.c_contiguous
    square = im.augmented_confusion_matrix(
        np.array(y_true), np.array(y_true), reject_label=None
    )
    assert square.flags.c_contiguous


def test_explicit_labels_at_the_int64_limits():
    matrix = im.augmented_confusion_matrix(
        [INT64_MIN, INT64_MIN],
        [INT64_MIN, -1],
        labels=[INT64_MAX, INT64_MIN, 0],
    )
    np.testing.assert_array_equal(matrix, [[0, 0, 0, 0], [0, 1, 0, 1], [0, 0, 0, 0]])


# -- labels -> rows and columns, given the classes


def test_given_labels_place_classes_and_rejections():
    classes = np.array([3, 5, 7])
    matrix = im.augmented_confusion_matrix(
        [7, 3, 3, 5], [7, 3, -1.0, 5], labels=classes, reject_label=-1
    )
    np.testing.assert_array_equal(matrix, [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 0]])
    matrix = im.augmented_confusion_matrix(
        np.array([7, 5]), np.array([7, np.nan]), labels=classes, reject_label=np.nan
    )
    np.testing.assert_array_equal(matrix, [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    with pytest.raises(ValueError, match=r"y_pred contains labels.*\[4\]"):
        im.augmented_confusion_matrix([3, 3], [4, 3], labels=classes, reject_label=-1)
    with pytest.raises(ValueError, match="y_pred contains missing"):
        im.augmented_confusion_matrix(
            [3, 3], [np.nan, 3], labels=classes, reject_label=-1
        )


_ENCODING_DTYPES = {
    "int8": (np.int8, -128, 127),
    "uint8": (np.uint8, 0, 255),
    "int64 low": (np.int64, INT64_MIN, INT64_MIN + 40),
    "int64 high": (np.int64, INT64_MAX - 40, INT64_MAX),
    "uint64 high": (np.uint64, 2**64 - 40, 2**64 - 1),
    "uint64 near 2**63": (np.uint64, 2**63 - 20, 2**63 + 20),
    "int64 wide": (np.int64, -(10**15), 10**15),
}


@pytest.mark.parametrize("kind", sorted(_ENCODING_DTYPES))
def test_given_integer_labels_without_a_marker_place_values_exactly(kind):
    dtype, low, high = _ENCODING_DTYPES[kind]
    classes = np.array([low, low + 1, high - 1, high], dtype=dtype)
    values = classes[[3, 0, 2, 2, 1]]
    matrix = im.augmented_confusion_matrix(
        np.full(5, classes[0], dtype=dtype), values, labels=classes, reject_label=None
    )
    np.testing.assert_array_equal(matrix[0], [1, 1, 2, 1])
    assert matrix[1:].sum() == 0


@pytest.mark.parametrize(
    "kind",
    sorted(_ENCODING_DTYPES),
)
@pytest.mark.parametrize("seed", range(2))
def test_given_integer_labels_place_values_as_a_dict_lookup(kind, seed):
    dtype, low, high = _ENCODING_DTYPES[kind]
    rng = np.random.default_rng(seed)
    pool = sorted(
        {low + int(v) for v in rng.integers(0, high - low, 12, endpoint=True)}
    )
    classes = np.array(pool[: max(1, len(pool) - 2)], dtype=dtype)
    marker = pool[-1] if len(pool) > 1 else None
    keys = {value: code for code, value in enumerate(classes.tolist())}
    if marker is not None:
        keys[marker] = len(classes)
    key_list = list(keys)
    values = np.array(
        [key_list[i] for i in rng.integers(0, len(key_list), 50)], dtype=dtype
    )
    # Each prediction's truth is the first class: row 0 holds the columns.
    truth = np.full(values.shape, classes[0], dtype=dtype)
    expected = np.zeros((len(classes), len(classes) + (marker is not None)))
    for value in values.tolist():
        expected[0, keys[value]] += 1

    def count(labels, y_pred):
        return im.augmented_confusion_matrix(
            truth[: len(y_pred)], y_pred, labels=labels, reject_label=marker
        )

    np.testing.assert_array_equal(count(classes, values), expected)
    # Classes of another integer dtype name the same values.
    wider = classes.astype(object) if dtype == np.uint64 else classes.astype(np.int64)
    np.testing.assert_array_equal(count(wider, values), expected)
    # A value that is neither a class nor the marker is named, never placed.
    stray = next(value for value in range(low, high + 1) if value not in keys)
    truth = np.append(truth, truth[:1])
    with pytest.raises(ValueError, match="y_pred contains labels"):
        count(classes, np.append(values, np.array([stray], dtype=dtype)))


def test_a_list_is_read_as_an_object_array():
    # NumPy would turn a list holding a string into strings throughout:
    # NaN into the class 'nan', 1 and "1" into one class.
    nan = float("nan")
    y_true, y_pred = ["cat", "dog", "dog", "cat"], ["cat", "dog", nan, "cat"]
    as_list = im.ni_score(y_true, y_pred, reject_label=np.nan)
    as_series = im.ni_score(pd.Series(y_true), pd.Series(y_pred), reject_label=np.nan)
    assert as_list == as_series
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=np.nan),
        [[2, 0, 0], [0, 1, 1]],
    )
    with pytest.raises(ValueError, match="y_pred contains missing labels"):
        im.augmented_confusion_matrix(y_true, y_pred)
    with pytest.raises(ValueError, match="y_true contains missing labels"):
        im.augmented_confusion_matrix(["cat", nan], ["cat", "cat"])
    for y in ([1, "1"], ("1", 1)):
        with pytest.raises(ValueError, match="mix types"):
            im.augmented_confusion_matrix(y, y)
        with pytest.raises(ValueError, match="mix types"):
            im.augmented_confusion_matrix(np.array(y, dtype=object), y)


def _loop_matrix(y_true, y_pred, labels, weights, reject):
    """The augmented matrix by a plain loop over the samples."""
    position = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels) + 1))
    for t, p, w in zip(y_true, y_pred, weights, strict=True):
        matrix[position[t], len(labels) if p == reject else position[p]] += w
    return matrix


@pytest.mark.parametrize("spread", [3000, 10**6])
@pytest.mark.parametrize("weighted", [False, True])
def test_many_classes_spread_over_a_wide_range(spread, weighted):
    # Thousands of distinct values: wider than one dense (true x predicted)
    # table, each count still lands in its class's cell.
    rng = np.random.default_rng(spread)
    y_true = rng.integers(0, spread, 600) - 7
    y_pred = np.where(rng.random(600) < 0.2, -8, rng.permutation(y_true))
    weights = rng.integers(0, 4, 600) / 4 if weighted else np.ones(600)
    options = {"sample_weight": weights} if weighted else {}
    classes = np.union1d(y_true, y_pred[y_pred != -8])
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label=-8, **options)
    np.testing.assert_array_equal(
        matrix, _loop_matrix(y_true, y_pred, classes, weights, -8)
    )
    labels = np.concatenate([classes[::-1], [spread + 5, -100]])
    matrix = im.augmented_confusion_matrix(
        y_true, y_pred, reject_label=-8, labels=labels, **options
    )
    np.testing.assert_array_equal(
        matrix, _loop_matrix(y_true, y_pred, labels, weights, -8)
    )
    with pytest.raises(ValueError, match="contains labels that are not in"):
        im.augmented_confusion_matrix(
            y_true, y_pred, reject_label=-8, labels=labels[1:]
        )
    with pytest.raises(ValueError, match="y_true contains the reject label"):
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=int(y_true[0]))


@pytest.mark.parametrize("seed", range(6))
def test_reject_marker_below_the_classes_with_explicit_labels_matches_a_loop(seed):
    # The dense table spans the predicted range: labels beyond it, or in
    # another order, are gathered from it exactly, the reject column last.
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(2, 30))
    n = int(rng.integers(1, 400))
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.2, -1, rng.integers(0, n_classes, n))
    labels = rng.permutation(np.arange(n_classes + 2))
    expected = np.zeros((len(labels), len(labels) + 1), dtype=np.int64)
    row = {label: i for i, label in enumerate(labels.tolist())}
    for t, p in zip(y_true.tolist(), y_pred.tolist(), strict=True):
        expected[row[t], len(labels) if p == -1 else row[p]] += 1
    got = im.augmented_confusion_matrix(y_true, y_pred, labels=labels)
    np.testing.assert_array_equal(got, expected)
    assert got.flags.c_contiguous
