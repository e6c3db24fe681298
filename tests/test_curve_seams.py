"""The curves at their seams: weights as repetitions and at any
scale, confidences under any increasing transform, ranges, 1-d scores, Dask.

Every check compares against a slow, obviously correct reference: samples
repeated ``w`` times for integer weights, or the augmented matrix built
from scratch at every threshold with exact (``math.fsum``) cell sums.
"""

import itertools
import math
import warnings

import numpy as np
import pytest

import infometrics as im
from infometrics.measures import MEASURES, compute_measures

SELECTIVE_AREAS = (im.curves.aurc, im.curves.e_aurc, im.curves.augrc)
UNDEFINED = -7.0  # a value no measure takes: undefined points must agree too


def integer_problem(seed, *, n_classes=3, n_levels=4):
    """Few confidence levels (heavy ties) and small integer weights."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 12))
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, n_classes, n))
    confidence = rng.integers(0, n_levels, n) / n_levels
    weights = rng.integers(1, 6, n)
    return y_true, y_pred, confidence, weights


def repeated(weights, *arrays):
    return [np.repeat(np.asarray(array), weights) for array in arrays]


def selective_targets(y_true, y_pred, confidence):
    """Every coverage and risk the curve reaches: targets landing exactly on
    a tie group, where a rounded comparison goes wrong."""
    curve = im.curves.risk_coverage_curve(y_true, y_pred, confidence)
    return sorted(set(curve.coverage.tolist())), sorted(
        set(curve.selective_risk.tolist()) | {0.0, 1.0}
    )


def selective_values(y_true, y_pred, confidence, weights, coverages, risks):
    return (
        [
            im.curves.selective_risk_at_coverage(
                y_true, y_pred, confidence, coverage=c, sample_weight=weights
            )
            for c in coverages
        ],
        [
            im.curves.coverage_at_risk(
                y_true, y_pred, confidence, risk=r, sample_weight=weights
            )
            for r in risks
        ],
    )


# -- 1. Integer weights are repetitions; the scale of the weights is free ----


@pytest.mark.parametrize("seed", range(40))
def test_selective_targets_on_a_tie_group_match_repetition(seed):
    y_true, y_pred, confidence, weights = integer_problem(seed)
    copies = repeated(weights, y_true, y_pred, confidence)
    coverages, risks = selective_targets(*copies)
    expected = selective_values(*copies, None, coverages, risks)
    assert (
        selective_values(y_true, y_pred, confidence, weights, coverages, risks)
        == expected
    )
    # A power of two changes no bit of any comparison.
    for k in (-70, -1, 3, 60):
        scaled = np.ldexp(weights.astype(float), k)
        assert (
            selective_values(y_true, y_pred, confidence, scaled, coverages, risks)
            == expected
        )
    curve = im.curves.risk_coverage_curve(
        y_true, y_pred, confidence, sample_weight=weights
    )
    direct = im.curves.risk_coverage_curve(*copies)
    for got, want in zip(curve, direct, strict=True):
        np.testing.assert_array_equal(got, want)
    for area in (im.curves.aurc, im.curves.augrc):
        assert area(y_true, y_pred, confidence, sample_weight=weights) == pytest.approx(
            area(*copies), rel=1e-15, abs=1e-300
        )


def test_coverage_at_risk_reaches_a_group_whose_risk_is_the_target():
    # The most confident group (weights 4 + 6 of 15, one error of weight 6)
    # has coverage 2/3 and risk 0.6 exactly; weights divided by their
    # maximum made its risk round above 0.6, and the answer 0.0.
    y_true = [1, 1, 0]
    y_pred = [0, 1, 1]
    confidence = [0.5, 1.0, 1.0]
    weights = [5, 4, 6]
    assert (
        im.curves.coverage_at_risk(
            y_true, y_pred, confidence, risk=0.6, sample_weight=weights
        )
        == 2 / 3
    )
    assert (
        im.curves.selective_risk_at_coverage(
            y_true, y_pred, confidence, coverage=2 / 3, sample_weight=weights
        )
        == 0.6
    )
    copies = repeated(weights, y_true, y_pred, confidence)
    assert im.curves.coverage_at_risk(*copies, risk=0.6) == 2 / 3


@pytest.mark.parametrize("scale", [1e-100, 1e100])
def test_selective_values_at_extreme_scales(scale):
    for seed in range(10):
        y_true, y_pred, confidence, weights = integer_problem(seed)
        # Powers of two times the scale: every product is exact.
        weights = 2.0 ** (weights - 1)
        scaled = weights * scale
        coverages, risks = selective_targets(
            *repeated(weights.astype(int), y_true, y_pred, confidence)
        )
        # Between the reached values the decisions cannot depend on rounding
        # (at 1e100 the weights are no longer integers of one grid, so the
        # values themselves may move by a unit in the last place).
        middles = lambda values: [  # noqa: E731
            (a + b) / 2 for a, b in itertools.pairwise(values)
        ]
        got = selective_values(
            y_true, y_pred, confidence, scaled, middles(coverages), middles(risks)
        )
        expected = selective_values(
            y_true, y_pred, confidence, weights, middles(coverages), middles(risks)
        )
        for got_part, expected_part in zip(got, expected, strict=True):
            np.testing.assert_allclose(got_part, expected_part, rtol=1e-15)
        for area in SELECTIVE_AREAS:
            assert area(
                y_true, y_pred, confidence, sample_weight=scaled
            ) == pytest.approx(
                area(y_true, y_pred, confidence, sample_weight=weights), rel=1e-14
            )


# -- 2. Weights that span 16 decades: the direct matrix at every point -------


def direct_matrices(true, predicted, confidence, weights, n_classes, thresholds):
    """The augmented matrix at every threshold, exact cell sums; the last
    point rejects everything."""
    stack = []
    for k, threshold in enumerate(thresholds):
        last = k == len(thresholds) - 1
        rejected = last | (confidence < threshold) | (predicted == n_classes)
        column = np.where(rejected, n_classes, predicted)
        matrix = np.zeros((n_classes, n_classes + 1))
        for i in range(n_classes):
            for j in range(n_classes + 1):
                matrix[i, j] = math.fsum(weights[(true == i) & (column == j)])
        stack.append(matrix)
    return np.array(stack)


def wide_problem(seed, n_classes):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 50))
    true = rng.integers(0, n_classes, n)
    predicted = np.where(rng.random(n) < 0.6, true, rng.integers(0, n_classes, n))
    confidence = rng.integers(0, 8, n) / 8
    weights = 10.0 ** rng.uniform(-16, 0, n)
    if seed % 2:
        # Heavy samples rejected first: what is left is light.
        weights = np.where(confidence < 0.5, weights * 1e8, weights * 1e-8)
    return true, predicted, confidence, weights


@pytest.mark.parametrize("seed", range(18))
def test_weights_spanning_16_decades_give_the_direct_matrix(seed):
    n_classes = 2 + seed % 2
    true, predicted, confidence, weights = wide_problem(seed, n_classes)
    if seed % 3 == 0:
        # Some predictions rejected up front (they stay rejected).
        predicted = np.where(np.arange(len(true)) % 4 == 0, -1, predicted)
    names = [
        name
        for name, spec in MEASURES.items()
        if not (spec.binary_only and n_classes != 2)
    ]
    curve = im.curves.reject_curve_from_predictions(
        true,
        predicted,
        confidence,
        labels=np.arange(n_classes),
        measures=names,
        sample_weight=weights,
        replace_undefined_by=UNDEFINED,
    )
    columns = np.where(predicted == -1, n_classes, predicted)
    stack = direct_matrices(
        true, columns, confidence, weights, n_classes, curve.thresholds
    )
    total = math.fsum(weights)
    accepted_cells = stack[:, :, :-1]
    diagonal = np.eye(n_classes, dtype=bool)
    accepted = np.array([math.fsum(cells.ravel()) for cells in accepted_cells])
    correct = np.array([math.fsum(cells[diagonal]) for cells in accepted_cells])
    wrong = np.array([math.fsum(cells[~diagonal]) for cells in accepted_cells])
    # Ratios of sums: correct to the last digits.
    np.testing.assert_allclose(curve.coverage, accepted / total, rtol=1e-14)
    np.testing.assert_allclose(
        curve.reject_rate, stack[:, :, -1].sum(axis=1) / total, rtol=1e-14
    )
    np.testing.assert_allclose(curve.error_rate, wrong / total, rtol=1e-14, atol=1e-300)
    with np.errstate(invalid="ignore", divide="ignore"):
        np.testing.assert_allclose(
            curve.accepted_accuracy, correct / accepted, rtol=1e-14
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = compute_measures(stack, names, replace_undefined_by=UNDEFINED)
    for name in names:
        np.testing.assert_allclose(
            curve.measures[name], expected[name], rtol=1e-9, atol=1e-12, err_msg=name
        )


def test_risk_coverage_curve_with_weights_spanning_16_decades():
    for seed in range(10):
        true, predicted, confidence, weights = wide_problem(seed, 3)
        curve = im.curves.risk_coverage_curve(
            true, predicted, confidence, sample_weight=weights
        )
        total = math.fsum(weights)
        for g, tau in enumerate(curve.thresholds):
            accepted = confidence >= tau
            wrong = accepted & (true != predicted)
            assert curve.coverage[g] == pytest.approx(
                math.fsum(weights[accepted]) / total, rel=1e-15
            )
            assert curve.selective_risk[g] == pytest.approx(
                math.fsum(weights[wrong]) / math.fsum(weights[accepted]),
                rel=1e-14,
                abs=1e-300,
            )


# -- 3. Confidences: any strictly increasing transform -----------------------


def transforms(confidence):
    """Strictly increasing transforms of ``confidence``, as (name, values)."""
    levels = np.unique(confidence)
    ranks = np.searchsorted(levels, confidence)
    infinite = np.select(
        [confidence == levels[0], confidence == levels[-1]],
        [-np.inf, np.inf],
        confidence,
    )
    return [
        ("affine", 3.0 * confidence - 7.0),
        ("plus and minus inf at the ends", infinite),
        ("int64 beyond 2**53", ranks.astype(np.int64) + 2**60),
        ("uint64 near the top", np.uint64(2**64 - 64) + ranks.astype(np.uint64)),
        ("int8", ranks.astype(np.int8) - 100),
    ]


def curve_values(curve):
    return {
        "reject_rate": curve.reject_rate,
        "coverage": curve.coverage,
        "selective_risk": curve.selective_risk,
        "accepted_accuracy": curve.accepted_accuracy,
        **curve.measures,
    }


@pytest.mark.parametrize("seed", range(8))
def test_increasing_transforms_leave_curves_areas_and_choices_unchanged(seed):
    y_true, y_pred, confidence, weights = integer_problem(seed, n_levels=6)
    # The risk-coverage curve takes the predictions before rejection.
    before = y_pred
    # Two predictions rejected up front on odd seeds.
    if seed % 2:
        y_pred = y_pred.copy()
        y_pred[:2] = -1
    kwargs = {"labels": [0, 1, 2], "measures": ["ni2", "accuracy"]}
    base = im.curves.reject_curve_from_predictions(
        y_true, y_pred, confidence, sample_weight=weights, **kwargs
    )
    base_rc = im.curves.risk_coverage_curve(
        y_true, before, confidence, sample_weight=weights
    )
    base_k = im.curves.reject_curve_from_predictions(
        y_true, y_pred, confidence, thresholds=3, sample_weight=weights, **kwargs
    )
    for name, values in transforms(confidence):
        curve = im.curves.reject_curve_from_predictions(
            y_true, y_pred, values, sample_weight=weights, **kwargs
        )
        for key, expected in curve_values(base).items():
            np.testing.assert_array_equal(curve_values(curve)[key], expected, name)
        assert curve.best("ni2")[0] == base.best("ni2")[0]
        # The thresholds are the transformed values, exactly, in their dtype.
        movable = values[y_pred != -1]
        np.testing.assert_array_equal(curve.thresholds[:-1], np.unique(movable))
        assert curve.thresholds.dtype.kind == np.asarray(values).dtype.kind or (
            values.dtype.kind in "iu" and curve.thresholds.dtype.kind in "iu"
        )
        assert not np.isnan(curve.thresholds.astype(float)).any()
        # The last point rejects everything, also samples of confidence +inf.
        assert curve.reject_rate[-1] == 1.0
        assert curve.coverage[-1] == 0.0
        if values.dtype.kind in "iu":
            assert int(curve.thresholds[-1]) > int(values.max())
        quantiles = im.curves.reject_curve_from_predictions(
            y_true, y_pred, values, thresholds=3, sample_weight=weights, **kwargs
        )
        np.testing.assert_array_equal(quantiles.reject_rate, base_k.reject_rate, name)
        assert not np.isnan(quantiles.thresholds.astype(float)).any()
        assert quantiles.reject_rate[-1] == 1.0
        rc = im.curves.risk_coverage_curve(
            y_true, before, values, sample_weight=weights
        )
        np.testing.assert_array_equal(rc.coverage, base_rc.coverage, name)
        np.testing.assert_array_equal(rc.selective_risk, base_rc.selective_risk)
        np.testing.assert_array_equal(rc.thresholds, np.unique(values)[::-1])
        for area in SELECTIVE_AREAS:
            assert area(y_true, before, values, sample_weight=weights) == area(
                y_true, before, confidence, sample_weight=weights
            ), (name, area.__name__)


def test_integer_confidences_beyond_2_53_are_not_merged():
    confidence = np.array([2**60, 2**60 + 1, 2**60 + 2, 5], dtype=np.int64)
    curve = im.curves.reject_curve_from_predictions(
        [0, 1, 0, 1], [0, 1, 1, 1], confidence, measures="ni2"
    )
    assert curve.thresholds.tolist() == [5, 2**60, 2**60 + 1, 2**60 + 2, 2**60 + 3]
    np.testing.assert_array_equal(curve.reject_rate, [0, 0.25, 0.5, 0.75, 1])
    # A float threshold against integers is compared in the integers:
    # 2**53 + 3 < 2**53 + 4, although as a float it is 2**53 + 4.
    chosen = im.curves.reject_curve_from_predictions(
        [0, 1, 0, 1],
        [0, 1, 1, 1],
        np.array([2**53 + 3, 2**53 + 5, 0, 1], dtype=np.int64),
        measures="ni2",
        thresholds=[2.0**53 + 4, 0.5],
    )
    np.testing.assert_array_equal(chosen.reject_rate, [0.25, 0.75, 1.0])


def test_infinite_confidences_with_chosen_thresholds_end_rejecting_everything():
    confidence = [np.inf, -np.inf, 0.5, np.inf]
    curve = im.curves.reject_curve_from_predictions(
        [0, 1, 0, 1], [0, 1, 1, 1], confidence, measures="ni2", thresholds=[0.0, 1.0]
    )
    np.testing.assert_array_equal(curve.reject_rate, [0.25, 0.5, 1.0])
    assert curve.thresholds.tolist() == [0.0, 1.0, np.inf]
    every = im.curves.reject_curve_from_predictions(
        [0, 1, 0, 1], [0, 1, 1, 1], confidence, measures="ni2"
    )
    np.testing.assert_array_equal(every.reject_rate, [0.0, 0.25, 0.5, 1.0])


# -- 4. Ranges ---------------------------------------------------------------


def assert_fractions(values, name):
    values = np.asarray(values, dtype=float)
    finite = values[~np.isnan(values)]
    assert np.all((finite >= 0.0) & (finite <= 1.0)), (name, finite.min(), finite.max())
    assert not np.any(np.signbit(finite) & (finite == 0.0)), f"{name} has -0.0"


@pytest.mark.parametrize("seed", range(6))
def test_rates_coverages_and_risks_lie_in_the_unit_interval(seed):
    rng = np.random.default_rng(seed)
    n = 3000
    y_true = rng.integers(0, 3, n)
    proba = rng.dirichlet([0.3, 0.3, 0.3], n)
    weights = rng.random(n) * 10.0 ** rng.integers(-3, 4, n)
    fields = ("reject_rate", "error_rate", "accepted_accuracy", "coverage")
    fields += ("selective_risk",)
    curves = {
        "reject_curve": im.curves.reject_curve(
            y_true, proba, sample_weight=weights, measures="ni2"
        ),
        "from_predictions": im.curves.reject_curve_from_predictions(
            y_true,
            proba.argmax(axis=1),
            proba.max(axis=1),
            sample_weight=weights,
            measures="ni2",
        ),
        "binned": im.counting.confidence_binned_counts(
            y_true, proba, thresholds=50, sample_weight=weights
        ).reject_curve("ni2"),
    }
    for kind, curve in curves.items():
        for field in fields:
            assert_fractions(getattr(curve, field), f"{kind}.{field}")
        assert curve.reject_rate[-1] == 1.0
    rc = im.curves.risk_coverage_curve(
        y_true, proba.argmax(axis=1), proba.max(axis=1), sample_weight=weights
    )
    for field in ("coverage", "selective_risk", "generalized_risk"):
        assert_fractions(getattr(rc, field), f"risk_coverage_curve.{field}")
    assert rc.coverage[-1] == 1.0


def test_binned_curve_never_undershoots_zero():
    # One heavy and many light samples: total - rejected used to leave
    # rounding where nothing light is accepted.
    rng = np.random.default_rng(3)
    n = 500
    y_true = rng.integers(0, 2, n)
    proba = rng.dirichlet([1, 1], n)
    weights = np.where(np.arange(n) == 0, 1e12, rng.random(n) * 1e-3)
    binned = im.counting.confidence_binned_counts(
        y_true, proba, thresholds=20, sample_weight=weights
    )
    curve = binned.reject_curve("ni2")
    for field in ("reject_rate", "error_rate", "coverage"):
        assert_fractions(getattr(curve, field), field)
    counts = binned.counts
    total = math.fsum(counts.ravel())
    for j in range(len(curve.thresholds)):
        accepted = math.fsum(counts[j + 1 :].ravel())
        assert curve.coverage[j] == pytest.approx(accepted / total, rel=1e-15)


# -- 5. A 1-d y_score is scikit-learn's score of the positive class -----------


def test_one_dimensional_probability_is_the_positive_class():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 2, 60)
    positive = rng.random(60)
    both = np.column_stack([1.0 - positive, positive])
    for confidence in ("max", "margin"):
        if confidence == "margin":
            continue  # a 1-d score with "margin" is a decision function
        one = im.curves.reject_curve(y_true, positive, measures="ni2")
        two = im.curves.reject_curve(y_true, both, measures="ni2")
        for key, values in curve_values(two).items():
            np.testing.assert_array_equal(curve_values(one)[key], values, key)
        np.testing.assert_array_equal(one.thresholds, two.thresholds)
    binned_one = im.counting.confidence_binned_counts(
        y_true, positive, thresholds=[0.7, 0.9]
    )
    binned_two = im.counting.confidence_binned_counts(
        y_true, both, thresholds=[0.7, 0.9]
    )
    np.testing.assert_array_equal(binned_one.counts, binned_two.counts)


def test_one_dimensional_decision_function_needs_margin():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 2, 40)
    decision = rng.normal(size=40)
    with pytest.raises(ValueError, match="confidence_method='margin'"):
        im.curves.reject_curve(y_true, decision)
    with pytest.raises(ValueError, match="confidence_method='margin'"):
        im.counting.confidence_binned_counts(y_true, decision, thresholds=2)
    curve = im.curves.reject_curve(
        y_true, decision, confidence_method="margin", measures="ni2"
    )
    np.testing.assert_array_equal(curve.thresholds[:-1], np.unique(np.abs(decision)))
    expected_wrong = (decision > 0).astype(int) != y_true
    assert curve.error_rate[0] == pytest.approx(expected_wrong.mean())


def test_display_from_predictions_reads_a_1d_probability():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    y_true = np.array([0, 1, 1, 0, 1])
    positive = np.array([0.2, 0.9, 0.4, 0.3, 0.8])
    display = im.plotting.RejectCurveDisplay.from_predictions(y_true, positive)
    expected = im.curves.reject_curve(y_true, np.column_stack([1 - positive, positive]))
    np.testing.assert_array_equal(display.curve.reject_rate, expected.reject_rate)
    with pytest.raises(ValueError, match="outside \\[0, 1\\]"):
        im.plotting.RejectCurveDisplay.from_predictions(y_true, positive * 4 - 2)
    plt.close("all")


# -- 6. Dask: quantile thresholds keep the point that rejects nothing --------


@pytest.mark.parametrize("chunks", [37, 100, 333])
def test_dask_quantile_curve_starts_by_rejecting_nothing(chunks):
    da = pytest.importorskip("dask.array")
    dask = pytest.importorskip("dask")
    rng = np.random.default_rng(0)
    n = 1000
    proba = rng.dirichlet([1, 1, 1], n)
    y_true = rng.integers(0, 3, n)
    with dask.config.set(scheduler="synchronous"):
        curve = im.curves.reject_curve(
            da.from_array(y_true, chunks=chunks),
            da.from_array(proba, chunks=(chunks, 3)),
            thresholds=5,
            measures="ni2",
        )
    assert curve.reject_rate[0] == 0.0
    assert curve.thresholds[0] == proba.max(axis=1).min()
    assert curve.thresholds[-2] == proba.max(axis=1).max()
    assert curve.reject_rate[-1] == 1.0
    # Exact counts at whatever thresholds the estimate gave.
    exact = im.curves.reject_curve(
        y_true, proba, thresholds=curve.thresholds[:-1], measures="ni2"
    )
    np.testing.assert_array_equal(curve.reject_rate, exact.reject_rate)


def test_dask_one_quantile_threshold_is_the_smallest_as_in_memory():
    """k = 1: np.quantile's one threshold is the minimum, which rejects nothing."""
    da = pytest.importorskip("dask.array")
    dask = pytest.importorskip("dask")
    proba = np.array([[0.9, 0.1], [0.35, 0.65], [0.2, 0.8], [0.6, 0.4]])
    y_true = np.array([0, 1, 1, 1])
    with dask.config.set(scheduler="synchronous"):
        binned = im.counting.confidence_binned_counts(
            da.from_array(y_true, chunks=2),
            da.from_array(proba, chunks=(2, 2)),
            thresholds=1,
        )
    in_memory = im.counting.confidence_binned_counts(y_true, proba, thresholds=1)
    np.testing.assert_array_equal(binned.thresholds, in_memory.thresholds)
    np.testing.assert_array_equal(binned.thresholds, [0.6])
    np.testing.assert_array_equal(binned.counts, in_memory.counts)


# -- Counts of weights spanning the whole float range, against fractions ----


def _fraction_sum(values):
    from fractions import Fraction

    return sum((Fraction(float(value)) for value in values), Fraction(0))


@pytest.mark.parametrize("seed", range(6))
def test_curve_counts_of_weights_spanning_600_decades_against_fractions(seed):
    # Every count of every point is a sum of non-negative weights: within n
    # units in the last place of the exact sum, exactly 0 when it is 0.
    from fractions import Fraction

    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    span = [(-16, 1), (-300, 300), (-1074 // 3, 3)][seed % 3]
    weights = rng.random(n) * 10.0 ** rng.integers(*span, n)
    true = rng.integers(0, 2, n)
    predicted = np.where(rng.random(n) < 0.7, true, 1 - true)
    confidence = rng.integers(0, 6, n) / 6
    curve = im.curves.reject_curve_from_predictions(
        true,
        predicted,
        confidence,
        labels=[0, 1],
        reject_label=None,
        thresholds=None,
        measures="ni2",
        sample_weight=weights,
    )
    bound = Fraction(n) * Fraction(2) ** -52
    total = _fraction_sum(weights)
    for k, threshold in enumerate(curve.thresholds):
        accepted = (
            confidence >= threshold
            if k < len(curve.thresholds) - 1
            else (np.zeros(n, dtype=bool))
        )
        wrong = accepted & (true != predicted)
        for got, mask, whole in (
            (curve.coverage[k], accepted, total),
            (curve.error_rate[k], wrong, total),
            (curve.selective_risk[k], wrong, _fraction_sum(weights[accepted])),
        ):
            exact_part = _fraction_sum(weights[mask])
            if whole == 0:
                assert np.isnan(got)
                continue
            exact = exact_part / whole
            if exact == 0:
                assert got == 0.0
            else:
                assert abs(Fraction(float(got)) - exact) <= 3 * bound * exact


def test_curves_rank_floats_as_numpys_stable_argsort():
    # Signed zeros, subnormals and infinities rank as their order says: the
    # curve of the floats is the curve of their ranks.
    rng = np.random.default_rng(0)
    values = rng.choice(
        [-np.inf, -2.5, -1e-300, -0.0, 0.0, 5e-324, 1e-300, 0.5, 3.0, np.inf], 400
    )
    values = np.concatenate([values, rng.normal(size=200)])
    true = rng.integers(0, 3, values.size)
    predicted = np.where(
        rng.random(values.size) < 0.6, true, rng.integers(0, 3, values.size)
    )
    kwargs = {"labels": [0, 1, 2], "measures": "ni2", "thresholds": None}
    curve = im.curves.reject_curve_from_predictions(true, predicted, values, **kwargs)
    ranks = np.unique(values, return_inverse=True)[1]
    by_rank = im.curves.reject_curve_from_predictions(true, predicted, ranks, **kwargs)
    for field in ("reject_rate", "error_rate", "accepted_accuracy"):
        np.testing.assert_array_equal(getattr(curve, field), getattr(by_rank, field))
    np.testing.assert_array_equal(curve.measures["ni2"], by_rank.measures["ni2"])


def test_binned_counts_of_weights_spanning_16_decades_are_exact_cell_sums():
    rng = np.random.default_rng(5)
    n = 400
    y_true = rng.integers(0, 2, n)
    proba = rng.dirichlet([1, 1], n)
    weights = 10.0 ** rng.uniform(-16, 0, n)
    edges = [0.6, 0.8]
    binned = im.counting.confidence_binned_counts(
        y_true, proba, thresholds=edges, sample_weight=weights
    )
    bins = np.searchsorted(edges, proba.max(axis=1), side="right")
    predicted = proba.argmax(axis=1)
    for b, i, j in np.ndindex(binned.counts.shape):
        cell = (bins == b) & (y_true == i) & (predicted == j)
        # A sum of non-negative weights: within n units in the last place
        # of the exact sum (fsum's).
        assert binned.counts[b, i, j] == pytest.approx(
            math.fsum(weights[cell]), rel=max(1, cell.sum()) * 2.3e-16, abs=0.0
        )


def test_a_curve_of_many_blocks_gives_each_points_matrix_bits():
    # Twenty classes and 3,000 distinct confidences: the points are built and
    # evaluated in several bounded blocks; every point must give the bits of
    # its own matrix, counted here directly (integer counts are exact).
    rng = np.random.default_rng(1)
    m, n = 20, 3000
    true = rng.integers(0, m, n)
    predicted = np.where(rng.random(n) < 0.6, true, rng.integers(0, m, n))
    confidence = rng.permutation(n) / n
    names = ["ni2", "ni3", "false_info_ratio"]
    curve = im.curves.reject_curve_from_predictions(
        true,
        predicted,
        confidence,
        labels=np.arange(m),
        reject_label=None,
        measures=names,
        thresholds=None,
    )
    assert len(curve.thresholds) > n
    stack = []
    for k, threshold in enumerate(curve.thresholds):
        last = k == len(curve.thresholds) - 1
        column = np.where(~last & (confidence >= threshold), predicted, m)
        cells = np.bincount(true * (m + 1) + column, minlength=m * (m + 1))
        stack.append(cells.reshape(m, m + 1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = compute_measures(np.array(stack), names)
    for name in names:
        np.testing.assert_array_equal(curve.measures[name], expected[name], name)


@pytest.mark.parametrize("thresholds", [[[0.5]], [np.nan], [0.2, np.inf]])
def test_thresholds_not_a_1d_array_of_finite_values_are_refused(thresholds):
    y_true, proba = [0, 1, 1], [[0.9, 0.1], [0.4, 0.6], [0.3, 0.7]]
    with pytest.raises(ValueError, match="1-d array of finite values"):
        im.curves.reject_curve(y_true, proba, thresholds=thresholds)


def test_integer_decision_values_give_the_curve_of_their_floats():
    y_true = np.array([0, 1, 1, 0, 1])
    decision = np.array([-3, 2, 5, -1, 0], dtype=np.int64)
    exact, floats = (
        im.curves.reject_curve(
            y_true, d, confidence_method="margin", measures=["ni2"], thresholds=None
        )
        for d in (decision, decision.astype(float))
    )
    # |d| ranked in int64; the last point is the largest plus one, not inf.
    assert exact.thresholds.dtype == np.int64
    np.testing.assert_array_equal(exact.thresholds, [0, 1, 2, 3, 5, 6])
    np.testing.assert_array_equal(floats.thresholds[:-1], exact.thresholds[:-1])
    np.testing.assert_array_equal(exact.measures["ni2"], floats.measures["ni2"])
    np.testing.assert_array_equal(exact.reject_rate, floats.reject_rate)


def test_integer_margins_beyond_int64_stay_exact():
    # 2**63 + 5 - 0 does not fit int64: the margins are uint64, exactly.
    scores = np.array([[2**63 + 5, 0], [0, 5], [7, 3]], dtype=np.uint64)
    curve = im.curves.reject_curve(
        [0, 1, 0], scores, confidence_method="margin", thresholds=None
    )
    assert curve.thresholds.dtype == np.uint64
    assert curve.thresholds.tolist() == [4, 5, 2**63 + 5, 2**63 + 6]
    np.testing.assert_array_equal(curve.reject_rate, [0, 1 / 3, 2 / 3, 1])


def test_the_largest_uint64_confidence_with_integer_thresholds_is_refused():
    confidence = np.array([2**64 - 1, 0], dtype=np.uint64)
    with pytest.raises(ValueError, match="largest uint64 value"):
        im.curves.reject_curve_from_predictions(
            [0, 1], [0, 1], confidence, thresholds=np.array([1], dtype=np.uint64)
        )


def test_one_class_margin_is_infinitely_sure():
    # A single column has no runner-up: every prediction is certain, and only
    # the last point (which rejects everything) rejects it.
    curve = im.curves.reject_curve(
        [0, 0], np.array([[0.3], [0.9]]), labels=[0], confidence_method="margin"
    )
    np.testing.assert_array_equal(curve.thresholds, [np.inf, np.inf])
    np.testing.assert_array_equal(curve.reject_rate, [0.0, 1.0])


def test_quantile_thresholds_when_the_classifier_rejected_everything():
    curve = im.curves.reject_curve_from_predictions(
        [0, 1], [-1, -1], [0.5, 0.6], thresholds=10, measures="ni2"
    )
    np.testing.assert_array_equal(curve.thresholds, [np.inf])
    np.testing.assert_array_equal(curve.reject_rate, [1.0])


def test_boolean_confidences_rank_as_zero_and_one():
    y_true, y_pred = [0, 1, 1, 0], [0, 1, 0, 0]
    confidence = np.array([True, False, True, True])
    got = im.curves.risk_coverage_curve(y_true, y_pred, confidence)
    expected = im.curves.risk_coverage_curve(y_true, y_pred, confidence.astype(int))
    for left, right in zip(got, expected, strict=True):
        np.testing.assert_array_equal(left, right)
    assert got.thresholds.tolist() == [1, 0]


def test_normalized_area_of_a_measure_defined_at_one_point():
    # Tied confidences: two points, ni11 undefined once everything is rejected.
    curve = im.curves.reject_curve_from_predictions(
        [0, 1], [0, 1], [0.5, 0.5], measures="ni11"
    )
    assert np.isnan(curve.measures["ni11"][-1])
    assert curve.normalized_area("ni11") == curve.measures["ni11"][0] == 1.0
    # One true class: ni2 (normalised by H(T) = 0) is undefined at every point.
    undefined = im.curves.reject_curve(
        [0, 0], [[0.8, 0.2], [0.5, 0.5]], labels=[0, 1], measures="ni2"
    )
    assert np.isnan(undefined.measures["ni2"]).all()
    assert np.isnan(undefined.normalized_area("ni2"))


@pytest.mark.parametrize(
    "curve",
    [
        lambda t, p, c: im.curves.reject_curve_from_predictions(t, p, c),
        lambda t, p, c: im.curves.risk_coverage_curve(t, p, c),
    ],
)
def test_numbers_against_strings_are_refused_by_every_curve_of_predictions(curve):
    # Every prediction would count as an error: one rule for the curves that
    # read predicted labels.
    with pytest.raises(ValueError, match="numbers against strings"):
        curve([0, 1, 1, 0], ["0", "1", "1", "0"], [0.9, 0.8, 0.7, 0.6])
