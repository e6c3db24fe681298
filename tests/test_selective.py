"""Risk-coverage curves, AURC, E-AURC, AUGRC against slow references."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im


def reference_curve(y_true, y_pred, confidence, weights):
    """One point per distinct confidence, by brute force over the samples.

    Exact (``Fraction``) when the weights are integers; ``None`` for the
    selective risk of a point where nothing of positive weight is accepted.
    """
    n = len(y_true)
    total = sum(Fraction(w) for w in weights)
    points = []
    for tau in sorted(set(confidence), reverse=True):
        accepted = [k for k in range(n) if confidence[k] >= tau]
        weight = sum(Fraction(weights[k]) for k in accepted)
        errors = sum(Fraction(weights[k]) for k in accepted if y_true[k] != y_pred[k])
        risk = errors / weight if weight > 0 else None
        points.append((tau, weight / total, risk, errors / total))
    return points


def reference_areas(points):
    """``sum_g (c_g - c_{g-1}) R_g`` and the same with the generalized risk."""
    area = generalized = Fraction(0)
    previous = Fraction(0)
    for _, coverage, risk, generalized_risk in points:
        if coverage > previous:
            area += (coverage - previous) * risk
            generalized += (coverage - previous) * generalized_risk
        previous = coverage
    return area, generalized


def random_problem(rng, n, *, n_levels, weighted, zero_weights=False):
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, 3, n))
    # Few confidence levels: heavy ties.
    confidence = rng.integers(0, n_levels, n) / n_levels
    weights = rng.integers(0 if zero_weights else 1, 4, n) if weighted else np.ones(n)
    if weights.sum() == 0:
        weights[0] = 1
    return y_true, y_pred, confidence, weights.astype(int)


PROBLEMS = [
    random_problem(
        np.random.default_rng(seed),
        n,
        n_levels=levels,
        weighted=weighted,
        zero_weights=zero,
    )
    for seed, (n, levels, weighted, zero) in enumerate(
        itertools.product((1, 2, 7, 40), (1, 3, 50), (False, True), (False, True))
    )
    if weighted or not zero
]


@pytest.mark.parametrize("problem", PROBLEMS)
def test_curve_and_areas_match_the_brute_force_reference(problem):
    y_true, y_pred, confidence, weights = problem
    points = reference_curve(y_true, y_pred, confidence.tolist(), weights.tolist())
    curve = im.curves.risk_coverage_curve(
        y_true, y_pred, confidence, sample_weight=weights
    )
    np.testing.assert_array_equal(curve.thresholds, [p[0] for p in points])
    np.testing.assert_allclose(curve.coverage, [float(p[1]) for p in points])
    expected_risk = [np.nan if p[2] is None else float(p[2]) for p in points]
    np.testing.assert_allclose(curve.selective_risk, expected_risk)
    np.testing.assert_allclose(curve.generalized_risk, [float(p[3]) for p in points])
    area, generalized = reference_areas(points)
    kwargs = {"sample_weight": weights}
    assert im.curves.aurc(y_true, y_pred, confidence, **kwargs) == pytest.approx(
        float(area), abs=1e-14
    )
    assert im.curves.augrc(y_true, y_pred, confidence, **kwargs) == pytest.approx(
        float(generalized), abs=1e-14
    )
    assert np.all(np.diff(curve.thresholds) < 0)
    assert curve.coverage[-1] == 1.0


@pytest.mark.parametrize("problem", PROBLEMS)
def test_risk_at_coverage_and_coverage_at_risk_match_the_reference(problem):
    y_true, y_pred, confidence, weights = problem
    points = reference_curve(y_true, y_pred, confidence.tolist(), weights.tolist())
    for target in (Fraction(1, 10), Fraction(1, 3), Fraction(1, 2), Fraction(1)):
        expected = next(p[2] for p in points if p[1] >= target)
        got = im.curves.selective_risk_at_coverage(
            y_true, y_pred, confidence, coverage=float(target), sample_weight=weights
        )
        assert got == pytest.approx(float(expected), abs=1e-14)
    for limit in (0, Fraction(1, 4), Fraction(1, 2), 1):
        safe = [p[1] for p in points if p[2] is not None and p[2] <= limit]
        got = im.curves.coverage_at_risk(
            y_true, y_pred, confidence, risk=float(limit), sample_weight=weights
        )
        assert got == pytest.approx(float(max(safe, default=0)), abs=1e-14)


def test_float_weights_match_the_reference_and_repetition():
    rng = np.random.default_rng(7)
    y_true, y_pred, confidence, _ = random_problem(rng, 60, n_levels=8, weighted=False)
    weights = rng.random(60)
    points = reference_curve(y_true, y_pred, confidence.tolist(), weights.tolist())
    area, generalized = reference_areas(points)
    assert im.curves.aurc(
        y_true, y_pred, confidence, sample_weight=weights
    ) == pytest.approx(float(area), rel=1e-12)
    assert im.curves.augrc(
        y_true, y_pred, confidence, sample_weight=weights
    ) == pytest.approx(float(generalized), rel=1e-12)
    # Integer weights are repetitions of the samples (tied copies enter
    # together). Not for e_aurc: its oracle ranks samples, and copies of one
    # sample could be ranked apart (see the e_aurc docstring).
    counts = rng.integers(0, 4, 60)
    counts[0] = 1
    repeated = [np.repeat(a, counts) for a in (y_true, y_pred, confidence)]
    for function in (im.curves.aurc, im.curves.augrc):
        assert function(
            y_true, y_pred, confidence, sample_weight=counts
        ) == pytest.approx(function(*repeated), abs=1e-14)
    # Every area depends on the weights only relatively.
    for function in (im.curves.aurc, im.curves.e_aurc, im.curves.augrc):
        assert function(
            y_true, y_pred, confidence, sample_weight=weights * 1e3
        ) == pytest.approx(
            function(y_true, y_pred, confidence, sample_weight=weights), rel=1e-12
        )


def test_geifman_el_yaniv_anchor_mean_of_top_k_risks():
    """No ties, unit weights: AURC = (1/n) sum_k risk(top k)."""
    rng = np.random.default_rng(3)
    n = 200
    y_true = rng.integers(0, 4, n)
    y_pred = np.where(rng.random(n) < 0.7, y_true, (y_true + 1) % 4)
    confidence = rng.permutation(n).astype(float)
    wrong = (y_true != y_pred)[np.argsort(-confidence)]
    top_k_risks = np.cumsum(wrong) / np.arange(1, n + 1)
    assert im.curves.aurc(y_true, y_pred, confidence) == pytest.approx(
        top_k_risks.mean(), abs=1e-14
    )


def test_oracle_ranking_has_zero_excess_and_the_known_area():
    rng = np.random.default_rng(11)
    n = 100_000
    y_true = rng.integers(0, 2, n)
    y_pred = np.where(rng.random(n) < 0.8, y_true, 1 - y_true)
    wrong = y_true != y_pred
    # Every correct sample above every error, no ties.
    confidence = rng.permutation(n) + np.where(wrong, 0, n)
    assert im.curves.e_aurc(y_true, y_pred, confidence) == pytest.approx(0.0, abs=1e-15)
    # Geifman et al. (2019): the oracle's area tends to r + (1 - r) ln(1 - r).
    r = wrong.mean()
    optimum = r + (1 - r) * np.log(1 - r)
    assert im.curves.aurc(y_true, y_pred, confidence) == pytest.approx(
        optimum, abs=1e-4
    )
    # The worst ranking is above it.
    assert im.curves.e_aurc(y_true, y_pred, -confidence) > 0.3


def test_oracle_is_the_minimum_over_every_ranking_with_ties_and_weights():
    """Brute force: every weak ordering of 4 weighted samples."""
    rng = np.random.default_rng(5)
    rankings = [np.array(levels) for levels in itertools.product(range(4), repeat=4)]
    for wrong in ([0, 1, 1, 0], [1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 1, 0]):
        y_true = np.zeros(4, dtype=int)
        y_pred = np.array(wrong)
        weights = rng.integers(1, 6, 4) * rng.random()
        areas = [
            im.curves.aurc(y_true, y_pred, levels, sample_weight=weights)
            for levels in rankings
        ]
        excess = [
            im.curves.e_aurc(y_true, y_pred, levels, sample_weight=weights)
            for levels in rankings
        ]
        assert min(excess) == pytest.approx(0.0, abs=1e-15)
        # e_aurc = aurc - min over every ranking.
        np.testing.assert_allclose(np.array(areas) - min(areas), excess, atol=1e-15)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.integers(0, 5),
            st.floats(0, 10, allow_nan=False, allow_subnormal=False),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_invariants(rows):
    wrong = np.array([row[0] for row in rows])
    confidence = np.array([row[1] for row in rows], dtype=float)
    weights = np.array([row[2] for row in rows])
    if not weights.sum() > 0:
        weights[0] = 1.0
    y_true = np.zeros(len(rows), dtype=int)
    y_pred = wrong.astype(int)
    kwargs = {"sample_weight": weights}
    area = im.curves.aurc(y_true, y_pred, confidence, **kwargs)
    excess = im.curves.e_aurc(y_true, y_pred, confidence, **kwargs)
    generalized = im.curves.augrc(y_true, y_pred, confidence, **kwargs)
    assert 0 <= generalized <= area + 1e-12
    assert area <= 1 + 1e-12
    assert 0 <= excess <= area + 1e-12
    # Only the order of the confidences matters, and weights only relatively.
    transformed = np.exp(confidence) * 3 - 1
    scaled = {"sample_weight": weights * 4.0}
    assert im.curves.aurc(y_true, y_pred, transformed, **scaled) == pytest.approx(
        area, abs=1e-12
    )
    curve = im.curves.risk_coverage_curve(y_true, y_pred, confidence, **kwargs)
    assert np.all(np.diff(curve.coverage) >= 0)
    assert curve.coverage[-1] == 1.0
    risk = curve.selective_risk[np.isfinite(curve.selective_risk)]
    assert np.all((risk >= 0) & (risk <= 1))


@pytest.mark.parametrize("scale", [1e-300, 1e300])
def test_extreme_weights_give_the_well_scaled_values(scale):
    y_true, y_pred, confidence, weights = PROBLEMS[-1]
    for function in (im.curves.aurc, im.curves.e_aurc, im.curves.augrc):
        assert function(
            y_true, y_pred, confidence, sample_weight=weights * scale
        ) == pytest.approx(
            function(y_true, y_pred, confidence, sample_weight=weights), rel=1e-12
        )


def test_string_labels_and_infinite_confidence():
    curve = im.curves.risk_coverage_curve(
        ["a", "b", "b"], ["a", "a", "b"], [np.inf, -np.inf, 0.5]
    )
    np.testing.assert_array_equal(curve.thresholds, [np.inf, 0.5, -np.inf])
    np.testing.assert_allclose(curve.selective_risk, [0, 0, 1 / 3])


def test_zero_weight_head_gives_nan_risk_but_finite_areas():
    curve = im.curves.risk_coverage_curve(
        [0, 0, 1], [1, 0, 1], [0.9, 0.5, 0.1], sample_weight=[0, 1, 1]
    )
    assert np.isnan(curve.selective_risk[0])
    np.testing.assert_allclose(curve.coverage, [0, 0.5, 1])
    assert (
        im.curves.aurc([0, 0, 1], [1, 0, 1], [0.9, 0.5, 0.1], sample_weight=[0, 1, 1])
        == 0
    )
    assert (
        im.curves.selective_risk_at_coverage(
            [0, 0, 1],
            [1, 0, 1],
            [0.9, 0.5, 0.1],
            coverage=1e-9,
            sample_weight=[0, 1, 1],
        )
        == 0
    )


def test_result_unpacks_like_roc_curve():
    coverage, risk, generalized, thresholds = im.curves.risk_coverage_curve(
        [0, 1], [0, 0], [0.2, 0.8]
    )
    np.testing.assert_array_equal(thresholds, [0.8, 0.2])
    np.testing.assert_array_equal(risk, [1.0, 0.5])
    np.testing.assert_array_equal(generalized, [0.5, 0.5])
    np.testing.assert_array_equal(coverage, [0.5, 1.0])


GOOD = ([0, 1, 1], [0, 1, 0], [0.3, 0.2, 0.1])


@pytest.mark.parametrize(
    ("arguments", "kwargs", "message"),
    [
        (([0, 1], [0, 1, 1], [0.1, 0.2]), {}, "different lengths"),
        (([], [], []), {}, "empty"),
        (([0, 1], [0, 1], [0.1]), {}, r"shape \(2,\)"),
        (([0, 1], [0, 1], [[0.1, 0.9], [0.2, 0.8]]), {}, "row maximum"),
        (([0, 1], [0, 1], [0.1, np.nan]), {}, "NaN"),
        (([0, 1], [0, 1], ["a", "b"]), {}, "numeric"),
        (([0, 1], [0, 1], 0.5), {}, "1-d array-like"),
        (([0, 1], ["0", "1"], [0.1, 0.2]), {}, "numbers against strings"),
        ((np.array([0.0, np.nan]), [0, 1], [0.1, 0.2]), {}, "NaN"),
        (GOOD, {"sample_weight": [1, -1, 1]}, "negative"),
        (GOOD, {"sample_weight": [0, 0, 0]}, "nothing to count"),
        (GOOD, {"sample_weight": [1, 1]}, "shape"),
        (GOOD, {"sample_weight": [1, np.nan, 1]}, "NaN"),
    ],
)
def test_bad_input_is_a_clear_error(arguments, kwargs, message):
    for function in (
        im.curves.risk_coverage_curve,
        im.curves.aurc,
        im.curves.e_aurc,
        im.curves.augrc,
    ):
        with pytest.raises(ValueError, match=message):
            function(*arguments, **kwargs)


def test_a_rejection_in_y_pred_is_refused_not_counted_as_an_error():
    # The curve sweeps the rejections itself: a marked prediction used to count
    # as a wrong class (risks [0, 0, 0, 0.25, 0.4] here).
    y_true, confidence = [0, 0, 1, 1, 1], [0.9, 0.2, 0.8, 0.7, 0.6]
    y_pred = [0, -1, 1, 1, 0]
    curves = im.curves
    for function, target in [
        (curves.risk_coverage_curve, {}),
        (curves.aurc, {}),
        (curves.e_aurc, {}),
        (curves.augrc, {}),
        (curves.selective_risk_at_coverage, {"coverage": 0.5}),
        (curves.coverage_at_risk, {"risk": 0.1}),
    ]:
        with pytest.raises(ValueError, match=r"y_pred before rejection.*none -1"):
            function(y_true, y_pred, confidence, **target)
        with pytest.raises(ValueError, match="none 'no'"):
            function(["a", "b"], ["a", "no"], [0.5, 0.4], reject_label="no", **target)
        # reject_label=None: -1 is a wrong class like any other.
        as_class = function(y_true, y_pred, confidence, reject_label=None, **target)
        other = function(y_true, [0, 2, 1, 1, 0], confidence, **target)
        np.testing.assert_array_equal(
            np.asarray(as_class, float), np.asarray(other, float)
        )


@pytest.mark.parametrize("coverage", [0, -0.1, 1.5, np.nan])
def test_coverage_out_of_range(coverage):
    with pytest.raises(ValueError, match=r"coverage must be in \(0, 1\]"):
        im.curves.selective_risk_at_coverage(*GOOD, coverage=coverage)


@pytest.mark.parametrize("risk", [-0.1, 1.5, np.nan])
def test_risk_out_of_range(risk):
    with pytest.raises(ValueError, match=r"risk must be in \[0, 1\]"):
        im.curves.coverage_at_risk(*GOOD, risk=risk)


@pytest.mark.parametrize("value", [True, "0.5", None, [0.5]])
def test_targets_must_be_numbers(value):
    with pytest.raises(TypeError, match="must be a number"):
        im.curves.selective_risk_at_coverage(*GOOD, coverage=value)
    with pytest.raises(TypeError, match="must be a number"):
        im.curves.coverage_at_risk(*GOOD, risk=value)


def test_labels_are_read_by_the_counting_rules():
    # A list mixing 1 and "1" is refused as by augmented_confusion_matrix,
    # not compared element by element.
    y_true, y_pred, confidence = [1, "1", 2], ["1", 1, 2], [0.3, 0.2, 0.1]
    with pytest.raises(ValueError, match="mix types"):
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=None)
    for function in (
        im.curves.risk_coverage_curve,
        im.curves.aurc,
        im.curves.e_aurc,
        im.curves.augrc,
    ):
        with pytest.raises(ValueError, match="mix types"):
            function(y_true, y_pred, confidence)
    # Labels of one kind give the errors the matrix counts.
    matrix = im.augmented_confusion_matrix(["a", "b", "b"], ["a", "c", "b"])
    errors = matrix[:, :-1].sum() - np.trace(matrix[:, :-1])
    curve = im.curves.risk_coverage_curve(["a", "b", "b"], ["a", "c", "b"], [3, 2, 1])
    assert curve.generalized_risk[-1] == errors / 3


def test_boolean_truth_against_integer_predictions_counts_as_the_matrix_does():
    # The counting reads True as 1 and False as 0 when integers meet bools; the
    # selective functions read the labels by the same rule, not refuse them.
    y_true, y_pred = [True, False, True, True], [1, 0, 0, 1]
    confidence = [0.9, 0.8, 0.7, 0.6]
    matrix = im.augmented_confusion_matrix(
        np.array(y_true), np.array(y_pred), reject_label=None
    )
    np.testing.assert_array_equal(matrix, [[1, 0], [1, 2]])
    as_integers = [int(value) for value in y_true]
    for function in (
        im.curves.aurc,
        im.curves.e_aurc,
        im.curves.augrc,
    ):
        assert function(y_true, y_pred, confidence) == function(
            as_integers, y_pred, confidence
        )
    curve = im.curves.risk_coverage_curve(y_true, y_pred, confidence)
    np.testing.assert_array_equal(curve.selective_risk, [0, 0, 1 / 3, 1 / 4])
