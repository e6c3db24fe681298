"""Reject curves at every distinct threshold against full re-evaluation."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im
from infometrics.measures import MEASURES, compute_measures

UNDEFINED = -7.0  # a value no measure takes: undefined points must agree too


def matrices_at_thresholds(true, predicted, confidence, weights, n_classes, thresholds):
    """The augmented matrix at every threshold, each built from scratch."""
    stack = []
    for threshold in thresholds:
        rejected = (confidence < threshold) | (predicted == n_classes)
        column = np.where(rejected, n_classes, predicted)
        counts = np.bincount(
            true * (n_classes + 1) + column,
            weights=weights,
            minlength=n_classes * (n_classes + 1),
        )
        stack.append(counts.reshape(n_classes, n_classes + 1))
    return np.array(stack)


def swept_curve(true, predicted, confidence, weights, n_classes, names):
    """The curve at every distinct threshold, through the public API (column
    ``n_classes`` of ``predicted`` is a rejection)."""
    return im.curves.reject_curve_from_predictions(
        true,
        np.where(predicted == n_classes, -1, predicted),
        confidence,
        labels=np.arange(n_classes),
        reject_label=-1,
        thresholds=None,
        measures=names,
        sample_weight=weights,
        replace_undefined_by=UNDEFINED,
    )


def measure_names(n_classes):
    return [
        name
        for name, spec in MEASURES.items()
        if not (spec.binary_only and n_classes != 2)
    ]


def random_problem(seed):
    """Heavy ties, weights (integer, float, zero), some predictions rejected up
    front, classes that vanish from the accepted set along the sweep."""
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(1, 6))
    n = int(rng.integers(1, 80))
    true = rng.integers(0, n_classes, n)
    outputs = n_classes + (seed % 2)  # odd seeds: some predictions rejected
    predicted = np.where(rng.random(n) < 0.5, true, rng.integers(0, outputs, n))
    confidence = rng.integers(0, int(rng.integers(1, 8)), n) / 4.0
    kind = seed % 4
    if kind == 0:
        weights = np.ones(n)
    elif kind == 1:
        weights = rng.integers(0, 3, n).astype(float)
    elif kind == 2:
        weights = rng.random(n) * 10.0 ** rng.integers(-3, 4)
    else:
        weights = np.where(rng.random(n) < 0.3, 0.0, rng.random(n))
    return true, predicted, confidence, weights, n_classes


@pytest.mark.parametrize("seed", range(48))
def test_every_measure_equals_the_full_re_evaluation_at_every_threshold(seed):
    true, predicted, confidence, weights, n_classes = random_problem(seed)
    names = measure_names(n_classes)
    sweep = swept_curve(true, predicted, confidence, weights, n_classes, names)
    swept = sweep.measures
    stack = matrices_at_thresholds(
        true, predicted, confidence, weights, n_classes, sweep.thresholds
    )
    direct = compute_measures(stack, names, replace_undefined_by=UNDEFINED)
    assert (
        len(sweep.thresholds) == len(np.unique(confidence[predicted < n_classes])) + 1
    )
    for name in names:
        np.testing.assert_allclose(
            swept[name], direct[name], rtol=1e-10, atol=1e-12, err_msg=name
        )


@pytest.mark.parametrize("seed", range(3))
def test_many_samples_no_drift(seed):
    """10^4 steps with float weights: the running sums stay at rounding level."""
    rng = np.random.default_rng(seed)
    n, n_classes = 10_000, 4
    true = rng.integers(0, n_classes, n)
    predicted = np.where(rng.random(n) < 0.7, true, rng.integers(0, n_classes, n))
    confidence = rng.random(n)
    weights = rng.random(n)
    names = measure_names(n_classes)
    sweep = swept_curve(true, predicted, confidence, weights, n_classes, names)
    swept = sweep.measures
    points = np.unique(np.r_[0, 1, rng.integers(0, n + 1, 25), n - 1, n])
    stack = matrices_at_thresholds(
        true, predicted, confidence, weights, n_classes, sweep.thresholds[points]
    )
    direct = compute_measures(stack, names, replace_undefined_by=UNDEFINED)
    for name in names:
        np.testing.assert_allclose(
            swept[name][points], direct[name], rtol=1e-9, atol=1e-11, err_msg=name
        )


def test_a_class_that_leaves_the_accepted_set_is_exactly_empty():
    # Class 1 is only ever predicted with low confidence: once those samples are
    # rejected, column 1 is exactly 0 (PPV-like ratios become undefined, never
    # a quotient of rounding residues).
    weights = np.array([0.1, 0.2, 0.3, 0.7, 0.1, 0.9])
    true = np.array([0, 1, 1, 0, 1, 0])
    predicted = np.array([0, 1, 1, 1, 0, 0])
    confidence = np.array([0.9, 0.1, 0.2, 0.3, 0.8, 0.7])
    curve = im.curves.reject_curve_from_predictions(
        true,
        predicted,
        confidence,
        measures=["precision", "ni2", "accepted_accuracy"],
        sample_weight=weights,
        replace_undefined_by=UNDEFINED,
    )
    stack = matrices_at_thresholds(
        true, predicted, confidence, weights, 2, curve.thresholds
    )
    assert np.all(stack[3:, :, 1] == 0)
    direct = compute_measures(
        stack, ["precision", "ni2", "accepted_accuracy"], replace_undefined_by=UNDEFINED
    )
    for name, values in direct.items():
        np.testing.assert_allclose(curve.measures[name], values, rtol=1e-12)
    assert curve.measures["precision"][-1] == UNDEFINED


def block_reference(y_true, y_score, classes, names, weights):
    """The previous implementation: full re-evaluation of the stack of matrices
    of every distinct threshold, accumulated block by block (kept as the
    reference for the sweep)."""
    n_classes = len(classes)
    predicted = y_score.argmax(axis=1)
    confidence = y_score.max(axis=1)
    order = np.argsort(confidence, kind="stable")
    ranked = confidence[order]
    codes = (y_true * n_classes + predicted)[order]
    ranked_weights = weights[order]
    cut_points = ranked[np.concatenate([[0], np.flatnonzero(np.diff(ranked)) + 1])]
    thresholds = np.append(cut_points, np.inf)
    starts = np.searchsorted(ranked, thresholds, side="left")
    base = np.bincount(
        codes, weights=ranked_weights, minlength=n_classes * n_classes
    ).reshape(n_classes, n_classes)
    onehot = np.zeros((len(codes), n_classes * n_classes))
    onehot[np.arange(len(codes)), codes] = ranked_weights
    cumulative = np.vstack([np.zeros(n_classes * n_classes), np.cumsum(onehot, axis=0)])
    rejected = cumulative[starts].reshape(-1, n_classes, n_classes)
    accepted = np.maximum(base[None] - rejected, 0.0)
    stack = np.concatenate([accepted, rejected.sum(axis=2)[:, :, None]], axis=2)
    return thresholds, compute_measures(stack, names, replace_undefined_by=np.nan)


def test_reject_curve_equals_the_previous_block_implementation():
    rng = np.random.default_rng(0)
    n, n_classes = 600, 4
    y_true = rng.integers(0, n_classes, n)
    logits = rng.normal(size=(n, n_classes)) + 1.5 * np.eye(n_classes)[y_true]
    # Rounded probabilities: many ties.
    proba = np.round(np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True), 2)
    weights = rng.integers(1, 4, n).astype(float)
    names = ["ni2", "ni7", "info_completeness", "false_info_ratio", "kappa", "ema"]
    curve = im.curves.reject_curve(
        y_true,
        proba,
        labels=np.arange(n_classes),
        measures=names,
        sample_weight=weights,
    )
    thresholds, expected = block_reference(
        y_true, proba, np.arange(n_classes), names, weights
    )
    np.testing.assert_array_equal(curve.thresholds, thresholds)
    for name in names:
        np.testing.assert_allclose(curve.measures[name], expected[name], atol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_risk_columns_are_the_risk_coverage_curve(seed):
    rng = np.random.default_rng(seed)
    n = 300
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 3, n))
    confidence = rng.integers(0, 30, n) / 30
    weights = rng.random(n) if seed % 2 else None
    curve = im.curves.reject_curve_from_predictions(
        y_true, y_pred, confidence, sample_weight=weights, measures="ni2"
    )
    reference = im.curves.risk_coverage_curve(
        y_true, y_pred, confidence, sample_weight=weights
    )
    np.testing.assert_array_equal(curve.thresholds[-2::-1], reference.thresholds)
    # The reject curve's error rate is the generalized risk.
    for name, reference_name in (
        ("coverage", "coverage"),
        ("selective_risk", "selective_risk"),
        ("error_rate", "generalized_risk"),
    ):
        np.testing.assert_allclose(
            getattr(curve, name)[-2::-1],
            getattr(reference, reference_name),
            rtol=1e-12,
        )
    assert curve.coverage[-1] == 0
    assert np.isnan(curve.selective_risk[-1])
    np.testing.assert_allclose(curve.coverage + curve.reject_rate, 1.0)
    accepted = curve.coverage > 0
    np.testing.assert_allclose(
        curve.selective_risk[accepted], 1 - curve.accepted_accuracy[accepted]
    )


def test_reject_curve_and_from_predictions_agree():
    rng = np.random.default_rng(4)
    n = 400
    y = rng.integers(0, 3, n)
    proba = rng.dirichlet(np.ones(3), n)
    labels = np.array(["a", "b", "c"])
    names = ["ni2", "kappa", "triangle_vi"]
    from_scores = im.curves.reject_curve(
        labels[y], proba, labels=labels, measures=names
    )
    from_predictions = im.curves.reject_curve_from_predictions(
        labels[y],
        labels[proba.argmax(axis=1)],
        proba.max(axis=1),
        labels=labels,
        reject_label=None,
        measures=names,
    )
    np.testing.assert_array_equal(from_scores.thresholds, from_predictions.thresholds)
    for name in names:
        np.testing.assert_allclose(
            from_scores.measures[name], from_predictions.measures[name], atol=1e-13
        )
    np.testing.assert_allclose(from_scores.reject_rate, from_predictions.reject_rate)


def test_predictions_rejected_up_front_stay_rejected():
    y_true = np.array([0, 1, 1, 0, 1])
    y_pred = np.array([0, 1, -1, -1, 0])
    confidence = np.array([0.9, 0.8, 0.99, 0.95, 0.5])
    curve = im.curves.reject_curve_from_predictions(
        y_true, y_pred, confidence, measures="ni2"
    )
    # Only the three predictions that are classes define thresholds.
    np.testing.assert_array_equal(curve.thresholds, [0.5, 0.8, 0.9, np.inf])
    np.testing.assert_allclose(curve.reject_rate, [0.4, 0.6, 0.8, 1.0])
    expected = [
        im.ni_score(y_true, np.where(confidence >= t, y_pred, -1), measure="ni2")
        for t in curve.thresholds[:-1]
    ]
    np.testing.assert_allclose(curve.measures["ni2"][:-1], expected)


def test_warns_once_per_measure_with_the_call_totals():
    rng = np.random.default_rng(1)
    n = 200
    y = rng.integers(0, 3, n)
    proba = rng.dirichlet(np.ones(3), n)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        curve = im.curves.reject_curve(
            y,
            proba,
            measures=["ni2", "ni7", "accepted_accuracy"],
            replace_undefined_by="warn",
        )
    messages = [
        str(w.message)
        for w in caught
        if issubclass(w.category, im.exceptions.UndefinedMeasureWarning)
    ]
    n_points = len(curve.thresholds)
    # Everything rejected at the last point: accepted accuracy undefined once.
    assert len([m for m in messages if m.startswith("accepted_accuracy")]) == 1
    for message in messages:
        assert f"of {n_points} matrices" in message
    assert len(messages) == len({m.split(" ")[0] for m in messages})
    assert np.isnan(curve.measures["accepted_accuracy"][-1])


def test_zero_weight_samples_are_thresholds_but_take_no_step():
    y_true = np.array([0, 1, 1, 0])
    y_pred = np.array([0, 1, 0, 0])
    confidence = np.array([0.1, 0.2, 0.3, 0.4])
    weights = np.array([1.0, 0.0, 1.0, 1.0])
    curve = im.curves.reject_curve_from_predictions(
        y_true, y_pred, confidence, sample_weight=weights, measures="accepted_accuracy"
    )
    np.testing.assert_array_equal(curve.thresholds, [0.1, 0.2, 0.3, 0.4, np.inf])
    np.testing.assert_allclose(curve.reject_rate, [0, 1 / 3, 1 / 3, 2 / 3, 1])
    np.testing.assert_allclose(
        curve.measures["accepted_accuracy"], [2 / 3, 0.5, 0.5, 1.0, np.nan]
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 3).flatmap(
        lambda m: st.tuples(
            st.just(m),
            st.lists(
                st.tuples(
                    st.integers(0, m - 1),
                    st.integers(0, m),  # m: rejected up front
                    st.integers(0, 3),
                    st.sampled_from([0.0, 0.5, 1.0, 3.0]),
                ),
                min_size=1,
                max_size=12,
            ),
        )
    )
)
def test_tiny_problems(problem):
    n_classes, rows = problem
    true, predicted, level, weights = (
        np.array(column) for column in zip(*rows, strict=True)
    )
    confidence = level / 3.0
    weights = weights.astype(float)
    names = measure_names(n_classes)
    if not weights.sum() > 0:
        with pytest.raises(ValueError, match="nothing to count"):
            swept_curve(true, predicted, confidence, weights, n_classes, names)
        return
    sweep = swept_curve(true, predicted, confidence, weights, n_classes, names)
    swept = sweep.measures
    stack = matrices_at_thresholds(
        true, predicted, confidence, weights, n_classes, sweep.thresholds
    )
    direct = compute_measures(stack, names, replace_undefined_by=UNDEFINED)
    for name in names:
        np.testing.assert_allclose(
            swept[name], direct[name], rtol=1e-10, atol=1e-12, err_msg=name
        )


TWO_CLASSES = {
    "y_true": np.array([0, 1, 0, 1]),
    "y_score": np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]]),
}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"y_true": np.array([]), "y_score": np.zeros((0, 2))}, "empty"),
        ({"labels": [0, 0]}, "duplicates"),
        ({"labels": [0.0, np.nan]}, "NaN"),
        ({"y_true": np.array([0, 1, np.nan, 1])}, "NaN"),
        ({"y_score": np.array([["a", "b"]] * 4)}, "numbers"),
        ({"thresholds": 10**12}, "GB"),
        ({"thresholds": True}, "thresholds must be"),
        ({"thresholds": np.array(["0.5"])}, "thresholds must be"),
        ({"measures": [3]}, "Unknown measure"),
        ({"y_true": np.array([[0, 1, 0, 1]])}, "1-d"),
    ],
)
def test_reject_curve_bad_input(kwargs, message):
    arguments = {**TWO_CLASSES, **kwargs}
    y_true = arguments.pop("y_true")
    y_score = arguments.pop("y_score")
    with pytest.raises(ValueError, match=message):
        im.curves.reject_curve(y_true, y_score, **arguments)


def test_a_bare_measure_name_is_one_measure():
    curve = im.curves.reject_curve(**TWO_CLASSES, measures="ni2")
    assert list(curve.measures) == ["ni2"]


def test_best_on_an_all_nan_curve_is_a_clear_error():
    # One true class: NI2 is undefined at every point.
    curve = im.curves.reject_curve(
        np.zeros(4, dtype=int), TWO_CLASSES["y_score"], labels=[0, 1], measures="ni2"
    )
    assert np.all(np.isnan(curve.measures["ni2"]))
    with pytest.raises(ValueError, match="undefined"):
        curve.best("ni2")
    with pytest.raises(ValueError, match="has no 'ni3'"):
        curve.best("ni3")
    _, _, value = im.curves.reject_curve(**TWO_CLASSES).best("false_info_ratio")
    assert value == np.nanmin(
        im.curves.reject_curve(**TWO_CLASSES).measures["false_info_ratio"]
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (([0, 1], [0, 1], [0.5, np.nan]), "NaN"),
        (([0, 1], [0, 1], [0.5]), "one value per sample"),
        (([0, 1], [0, 1], ["a", "b"]), "numeric"),
        (([0, 1], [0, 1, 1], [0.1, 0.2]), "different lengths"),
        (([], [], []), "empty"),
    ],
)
def test_from_predictions_bad_input(arguments, message):
    with pytest.raises(ValueError, match=message):
        im.curves.reject_curve_from_predictions(*arguments)


def test_plus_inf_confidences_the_last_point_still_rejects_everything():
    # No float threshold rejects +inf under "below the threshold": the last
    # point rejects every sample all the same, its threshold inf repeating
    # the one before (documented), and no threshold is NaN.
    confidence = np.array([np.inf, 0.5, -np.inf, 0.2])
    curve = im.curves.reject_curve_from_predictions(
        [0, 1, 0, 1], [0, 1, 1, 1], confidence, measures="ni2"
    )
    np.testing.assert_array_equal(curve.thresholds, [-np.inf, 0.2, 0.5, np.inf, np.inf])
    np.testing.assert_array_equal(curve.reject_rate, [0, 0.25, 0.5, 0.75, 1])
    assert curve.coverage[-1] == 0


def test_all_zero_weights_are_refused_by_every_curve():
    # Once returned a curve whose last point (reject everything) had reject
    # rate 0: all-zero weights leave no total to take rates of.
    y_true = [0, 1, 1]
    proba = np.array([[0.8, 0.2], [0.4, 0.6], [0.1, 0.9]])
    zeros = [0.0, 0.0, 0.0]
    binned = im.counting.confidence_binned_counts(
        y_true, proba, thresholds=[0.5], sample_weight=zeros
    )
    for build in (
        lambda: im.curves.reject_curve(y_true, proba, sample_weight=zeros),
        binned.reject_curve,
        lambda: im.curves.reject_curve_from_predictions(
            y_true, [0, 1, 1], [0.8, 0.6, 0.9], sample_weight=zeros
        ),
        lambda: im.curves.aurc(y_true, [0, 1, 1], [0.8, 0.6, 0.9], sample_weight=zeros),
    ):
        with pytest.raises(ValueError, match="nothing to count"):
            build()
