"""One evaluator: a matrix's measures do not depend on where it is computed.

A matrix gives the same bits alone, inside any stack and as a point of a
reject curve; an all-zero reject column is not an output (Valverde-Albacete &
Pelaez-Moreno's triangle then counts the m predicted classes), so such a
matrix gives exactly what its square part gives on every path.
"""

import warnings

import numpy as np
import pytest
from measure_helpers import every_measure
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression

import infometrics as im

UNDEFINED = -1.0  # no measure takes it: undefined values must agree too


def random_stack(rng, n_matrices, n_classes, n_columns, kind):
    shape = (n_matrices, n_classes, n_columns)
    if kind == "integers":
        return rng.integers(0, 40, shape).astype(float)
    if kind == "sparse":
        return rng.integers(0, 3, shape) * rng.integers(0, 2, shape).astype(float)
    # Weights spanning hundreds of decades.
    return rng.random(shape) * 10.0 ** rng.integers(-150, 150, shape)


@pytest.mark.parametrize("seed", range(6))
def test_a_matrix_gives_the_same_bits_alone_and_inside_any_stack(seed):
    rng = np.random.default_rng(seed)
    n_classes = [2, 3, 5][seed % 3]
    n_columns = n_classes + seed % 2
    kind = ["integers", "sparse", "wide"][seed % 3]
    # Stacks of up to 600 matrices: more cells than any small-matrix branch.
    n_matrices = int(rng.integers(400, 600))
    stack = random_stack(rng, n_matrices, n_classes, n_columns, kind)
    shaped = (
        stack.reshape(2, n_matrices // 2, n_classes, n_columns)
        if (n_matrices % 2 == 0)
        else stack
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # kappa's warnings on degenerate stacks
        together = every_measure(shaped, replace_undefined_by=UNDEFINED)
        for index in rng.choice(n_matrices, 12, replace=False):
            alone = every_measure(stack[index], replace_undefined_by=UNDEFINED)
            for name, value in alone.items():
                in_stack = together[name].reshape(-1)[index]
                assert value.tobytes() == in_stack.tobytes(), (name, index)
    assert set(together) == {
        name
        for name, spec in im.measures.MEASURES.items()
        if n_classes == 2 or not spec.binary_only
    }


def test_a_large_matrix_gives_the_same_bits_alone_and_inside_a_stack():
    # 70 classes: more cells than the per-cell form of I is always taken for.
    rng = np.random.default_rng(1)
    stack = rng.integers(0, 9, (3, 70, 71)).astype(float)
    stack[1] = np.diag(np.arange(1, 71.0)) @ np.ones((70, 71))  # independent
    together = im.all_measures(stack, replace_undefined_by=UNDEFINED)
    for index in range(3):
        alone = im.all_measures(stack[index], replace_undefined_by=UNDEFINED)
        for name, value in alone.items():
            assert value == together[name][index], name


@pytest.mark.parametrize("seed", range(8))
def test_an_empty_reject_column_gives_the_square_matrix_on_every_measure(seed):
    rng = np.random.default_rng(seed)
    n_classes = 1 + seed % 4
    kind = ["integers", "sparse", "wide"][seed % 3]
    square = random_stack(rng, 5, n_classes, n_classes, kind)
    square[0] = 0.0
    augmented = np.concatenate([square, np.zeros((5, n_classes, 1))], axis=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for index in range(5):
            expected = every_measure(square[index], replace_undefined_by=UNDEFINED)
            got = every_measure(augmented[index], replace_undefined_by=UNDEFINED)
            for name in expected:
                assert got[name].tobytes() == expected[name].tobytes(), name
        stacked = every_measure(augmented, replace_undefined_by=UNDEFINED)
        for name, values in every_measure(
            square, replace_undefined_by=UNDEFINED
        ).items():
            np.testing.assert_array_equal(stacked[name], values, name)


def test_triangle_of_a_classifier_that_never_rejects_is_one_number_on_every_path():
    X, y = make_classification(200, n_classes=3, n_informative=4, random_state=0)
    model = LogisticRegression(max_iter=500).fit(X, y)
    predicted = model.predict(X)
    expected = im.entropy_triangle_score(y, predicted, reject_label=None).mutual_info
    # A reject marker declared but never used: the same triangle.
    assert im.entropy_triangle_score(y, predicted).mutual_info == expected
    assert im.get_scorer("triangle_mi")(model, X, y) == expected
    matrix = im.augmented_confusion_matrix(y, predicted)
    assert im.entropy_triangle(matrix).mutual_info == expected
    assert im.entropy_triangle(matrix[:, :-1]).mutual_info == expected


def test_the_first_point_of_a_reject_curve_is_the_square_matrix():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 3, 300)
    proba = rng.dirichlet(np.ones(3), 300)
    names = [
        name for name, spec in im.measures.MEASURES.items() if not spec.binary_only
    ]
    curve = im.curves.reject_curve(
        y_true, proba, measures=names, replace_undefined_by=UNDEFINED
    )
    square = im.augmented_confusion_matrix(
        y_true, proba.argmax(axis=1), labels=[0, 1, 2], reject_label=None
    )
    expected = every_measure(square, replace_undefined_by=UNDEFINED)
    for name in names:
        assert curve.measures[name][0] == expected[name], name


def test_curve_points_give_the_same_bits_as_their_matrices():
    # Integer weights: every point's matrix is exact, so its measures are the
    # bits of the matrix evaluated alone.
    rng = np.random.default_rng(4)
    n = 500
    y_true = rng.integers(0, 3, n)
    predicted = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, 3, n))
    confidence = rng.integers(0, 40, n) / 40
    weights = rng.integers(0, 4, n).astype(float)
    names = ["ni2", "ni7", "info_completeness", "triangle_mi", "kappa"]
    curve = im.curves.reject_curve_from_predictions(
        y_true,
        predicted,
        confidence,
        reject_label=None,
        thresholds=None,
        measures=names,
        sample_weight=weights,
        replace_undefined_by=UNDEFINED,
    )
    for k, threshold in enumerate(curve.thresholds[:-1]):
        accepted = confidence >= threshold
        column = np.where(accepted, predicted, 3)
        matrix = np.zeros((3, 4))
        np.add.at(matrix, (y_true, column), weights)
        expected = every_measure(matrix, replace_undefined_by=UNDEFINED)
        for name in names:
            assert curve.measures[name][k] == expected[name], (name, k)


def test_default_curve_has_a_bounded_number_of_exact_points():
    rng = np.random.default_rng(5)
    n = 20_000
    y_true = rng.integers(0, 3, n)
    predicted = np.where(rng.random(n) < 0.7, y_true, rng.integers(0, 3, n))
    confidence = rng.random(n)
    curve = im.curves.reject_curve_from_predictions(
        y_true, predicted, confidence, measures="ni2", reject_label=None
    )
    assert len(curve.thresholds) <= 1001
    # Evenly spaced in coverage, each point exact.
    assert np.abs(np.diff(curve.coverage[:-1])).max() < 2e-3
    every = im.curves.reject_curve_from_predictions(
        y_true,
        predicted,
        confidence,
        measures="ni2",
        reject_label=None,
        thresholds=None,
    )
    assert len(every.thresholds) == n + 1
    positions = np.searchsorted(every.thresholds, curve.thresholds)
    np.testing.assert_array_equal(
        every.measures["ni2"][positions], curve.measures["ni2"]
    )
    np.testing.assert_array_equal(every.coverage[positions], curve.coverage)


def test_reject_curve_refuses_duplicate_object_labels():
    y_true = np.array(["a", "b", "a", "b"], dtype=object)
    proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    with pytest.raises(ValueError, match="duplicates"):
        im.curves.reject_curve(y_true, proba, labels=np.array(["a", "a"], dtype=object))
    with pytest.raises(ValueError, match="NaN"):
        im.curves.reject_curve(
            y_true, proba, labels=np.array(["a", None], dtype=object)
        )


def test_reject_curve_takes_labels_in_the_order_of_the_columns():
    y_true = np.array(["b", "a", "b", "a"])
    proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    curve = im.curves.reject_curve(y_true, proba, labels=["b", "a"], measures="ni2")
    assert list(curve.classes) == ["b", "a"]
    assert curve.accepted_accuracy[0] == 0.75


def test_big_endian_inputs_give_the_native_results():
    rng = np.random.default_rng(6)
    y_true = rng.integers(0, 3, 100)
    proba = rng.dirichlet(np.ones(3), 100)
    native = im.counting.confidence_binned_counts(y_true, proba, thresholds=[0.5, 0.7])
    swapped = im.counting.confidence_binned_counts(
        y_true.astype(">i8"),
        proba.astype(">f8"),
        thresholds=[0.5, 0.7],
        labels=np.array([0, 1, 2], dtype=">i8"),
    )
    np.testing.assert_array_equal(swapped.counts, native.counts)
    curve = im.curves.reject_curve(
        y_true.astype(">i8"), proba.astype(">f8"), measures="ni2"
    )
    expected = im.curves.reject_curve(y_true, proba, measures="ni2")
    np.testing.assert_array_equal(curve.measures["ni2"], expected.measures["ni2"])


def test_margins_beyond_the_float_range_are_refused():
    big = np.finfo(float).max
    scores = np.array([[big, -big], [-big, big], [0.0, 1.0], [1.0, 0.0]])
    with pytest.raises(ValueError, match="float range"):
        im.curves.reject_curve(
            [0, 1, 1, 0], scores, confidence_method="margin", thresholds=2
        )


def test_confidences_spanning_the_float_range_with_quantile_thresholds():
    tiny, big = np.finfo(float).tiny, np.finfo(float).max
    confidence = np.array([-big, big, 0.0, 1.0, tiny, -tiny, big, -big])
    y_true = np.array([0, 1, 0, 1, 1, 0, 0, 1])
    for k in (1, 2, 3, 7, 100):
        curve = im.curves.reject_curve_from_predictions(
            y_true, y_true, confidence, thresholds=k, measures="ni2"
        )
        assert curve.reject_rate[0] == 0.0
        assert curve.reject_rate[-1] == 1.0
        assert np.all(np.isfinite(curve.thresholds[:-1]))


@pytest.mark.parametrize("measure", [[], ["ni1"], ("ni1", "ni2"), {"ni1"}])
def test_ni_refuses_a_list_of_measures(measure):
    # One measure per call; compute_measures computes several.
    with pytest.raises(ValueError, match="compute_measures"):
        im.ni([[90, 0, 0], [1, 9, 0]], measure)
