"""Labels -> augmented confusion matrix (SPEC §2): behaviour and every error path."""

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics._counting import labels as _labels


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


def test_integer_fast_path_and_hashing_path_agree():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 50, 2000)
    y_pred = np.where(rng.random(2000) < 0.1, -1, rng.integers(0, 50, 2000))
    weights = rng.random(2000)
    fast = _labels._codes_from_integers(y_true, y_pred, weights, None, -1)
    hashed = _labels._codes_by_hashing(y_true, y_pred, weights, None, -1)
    np.testing.assert_allclose(fast[0], hashed[0])
    np.testing.assert_array_equal(fast[1], hashed[1])


def test_wide_integer_range_falls_back_to_hashing():
    assert (
        _labels._codes_from_integers(
            np.array([0, 10**9]), np.array([0, 10**9]), None, None, -1
        )
        is None
    )
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


# -- every error path of SPEC §2


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
        ([0, 1], [[0], [1]], {}, "must be 1-d"),
        ("01", "01", {}, "1-d array-like"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, -1.0]}, "negative"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, np.nan]}, "NaN or infinite"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, np.inf]}, "NaN or infinite"),
        ([0, 1], [0, 1], {"sample_weight": [1.0]}, "shape"),
        ([0, 1], [0, 1], {"sample_weight": ["a", "b"]}, "numeric"),
        ([0, 1], [0, 2], {"labels": [0, 1]}, "y_pred contains labels that are not"),
        ([0, 2], [0, 1], {"labels": [0, 1]}, "y_true contains labels that are not"),
        (["a", "b"], ["a", "c"], {"labels": ["a", "b"]}, "y_pred contains labels"),
        (["a", "c"], ["a", "b"], {"labels": ["a", "b"]}, "y_true contains labels"),
        ([0, 1], [0, 1], {"labels": [0, 0, 1]}, "duplicates"),
        ([0, 1], [0, 1], {"labels": []}, "non-empty"),
        ([0, 1], [0, 1], {"labels": [0, 1, -1]}, "labels contains the reject label"),
        ([0, 1], [0, 1], {"reject_label": np.nan}, "missing value"),
        ([0, 1], [0, 1], {"labels": [0.0, np.nan]}, "missing value"),
        (np.array([1 + 2j, 1j]), np.array([1j, 1j]), {}, "numbers or strings"),
    ],
)
def test_invalid_input_raises_a_clear_value_error(y_true, y_pred, kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.augmented_confusion_matrix(y_true, y_pred, **kwargs)
