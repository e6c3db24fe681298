"""Invariants 1 and 2: integer weights are repetitions; the weight scale is free."""

from fractions import Fraction

import numpy as np
import pytest

import infometrics as im
from infometrics.measures import compute_measures

from .cases import (
    SIZES,
    make_case,
    reference_matrix,
    reference_risk_coverage,
    repeated,
    with_weights,
)
from .checks import assert_same_outputs, battery_params
from .registry import (
    CLEAR_REFUSALS,
    E_AURC_KEYS,
    ENTRIES,
    INT64_REFUSALS,
    MEASURES,
    SCALE_EXEMPT,
    SEES_REJECTIONS,
    entries_taking,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)

WEIGHTED = entries_taking("labels", "weights")
# Outputs that are weighted counts themselves, and scale with the weights.
COUNT_KEYS = ("matrix", "counts", "merged", "plus", "summed", "support")
SCALES = {
    "2**10": 2.0**10,
    "2**-30": 2.0**-30,
    "1e100": 1e100,
    "1e-100": 1e-100,
}


@pytest.fixture(scope="module", params=list(SIZES))
def case(request):
    n_samples, n_classes = SIZES[request.param]
    return make_case(seed=0, n_samples=n_samples, n_classes=n_classes)


@pytest.fixture(scope="module")
def outputs(case):
    """Each entry's numbers on the weighted case, computed once."""
    return {}


def run_cached(outputs, name, case):
    if name not in outputs:
        outputs[name] = ENTRIES[name].run(case)
    return outputs[name]


def _e_aurc_of(case):
    return im.curves.e_aurc(
        case.y_true, case.y_pred_full, case.confidence, sample_weight=case.sample_weight
    )


@pytest.mark.parametrize(("name", "variant"), battery_params("1-repetition", WEIGHTED))
def test_integer_weights_are_repetitions(name, variant, case, outputs):
    weighted = run_cached(outputs, name, case)
    repetition = ENTRIES[name].run(repeated(case))
    if name in E_AURC_KEYS:
        key = E_AURC_KEYS[name]
        assert_same_outputs(weighted, repetition, rtol=1e-12, skip=(key,))
        # Each side is e_aurc of its own samples (up to the scorers' sign).
        assert abs(weighted[key][0]) > 0
        assert abs(repetition[key][0]) > 0
        return
    if name == "html_report":
        # The page prints e_aurc with 4 decimals: only that cell may differ,
        # and each side shows e_aurc of its own samples.
        left, right = weighted["numbers"], repetition["numbers"]
        assert left.shape == right.shape
        differ = ~np.isclose(left, right, rtol=1e-12, atol=0, equal_nan=True)
        # Weights are no sample counts: the weighted page leaves out the
        # adjusted and jackknife_se columns of its last table (the measures:
        # value, adjusted, jackknife_se per row); the values stay equal.
        from_end = np.arange(left.size)[::-1]
        sample_based = (from_end % 3 < 2) & (from_end < 3 * len(im.measures.MEASURES))
        left_out = differ & sample_based & np.isnan(left)
        assert left_out.any()
        differ &= ~left_out
        np.testing.assert_array_equal(left[differ], round(_e_aurc_of(case), 4))
        np.testing.assert_array_equal(
            right[differ], round(_e_aurc_of(repeated(case)), 4)
        )
        assert differ.sum() <= 1
        return
    assert_same_outputs(weighted, repetition, rtol=1e-12)


def test_e_aurc_oracle_ranks_weighted_samples(case):
    """The E-AURC oracle with weights, in exact fractions: aurc minus the area of the
    best ranking of the weighted samples (every correct one first, errors by
    increasing weight, each sample one step)."""
    weights = [Fraction(w) for w in case.sample_weight]
    wrong = np.asarray(case.y_true) != np.asarray(case.y_pred_full)
    correct = sum(w for w, bad in zip(weights, wrong, strict=True) if not bad)
    total = sum(weights)
    accepted, errors, oracle = correct, Fraction(0), Fraction(0)
    for w in sorted(w for w, bad in zip(weights, wrong, strict=True) if bad):
        accepted, errors = accepted + w, errors + w
        oracle += w * errors / accepted
    area = im.curves.aurc(
        case.y_true, case.y_pred_full, case.confidence, sample_weight=case.sample_weight
    )
    assert _e_aurc_of(case) == pytest.approx(area - float(oracle / total), rel=1e-12)


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "2-scale",
        [n for n in entries_taking("weights") if n not in SCALE_EXEMPT]
        + [n for n in entries_taking("matrix") if n not in SCALE_EXEMPT],
        list(SCALES),
    ),
)
def test_weight_scale_changes_nothing(name, variant, case, outputs):
    factor = SCALES[variant]
    scaled_case = with_weights(case, case.sample_weight * factor)
    weights = scaled_case.sample_weight
    if name in CLEAR_REFUSALS and not np.array_equal(weights, np.round(weights)):
        with pytest.raises(ValueError, match=CLEAR_REFUSALS[name]):
            ENTRIES[name].run(scaled_case)
        return
    if name in INT64_REFUSALS and weights.sum() > 2.0**63 - 1:
        with pytest.raises(ValueError, match=INT64_REFUSALS[name]):
            ENTRIES[name].run(scaled_case)
        return
    scaled = ENTRIES[name].run(scaled_case)
    reference = run_cached(outputs, name, case)
    exact = variant.startswith("2**")
    for key, value in scaled.items():
        expected = reference[key]
        if any(part in key for part in COUNT_KEYS):
            expected = expected * factor
        if not exact and key.endswith("_on_points"):
            # A requested value that is exactly a curve point can land one
            # rounding either side of it once the weights are scaled inexactly.
            continue
        np.testing.assert_allclose(
            value, expected, rtol=1e-12 if exact else 1e-9, err_msg=key
        )


# Invariant 2, second half: weights over 16 decades against the direct matrix
# of every point, computed in exact fractions.
CURVE_ENTRIES = [
    "risk_coverage_curve",
    "reject_curve",
    "reject_curve_from_predictions",
    "confidence_binned_counts",
    "reject_curve[dask]",
    "RejectCurveDisplay",
    "RiskCoverageDisplay",
]


def _spread_weights(case, decades, seed=1):
    """Weights over ``decades``, the heaviest on the least confident samples.

    The first points of a curve then accept a sliver of the total weight: a
    sweep that subtracts from totals loses those digits.
    """
    rng = np.random.default_rng(seed)
    spread = (case.confidence.max() - case.confidence) / np.ptp(case.confidence)
    exponent = decades * (spread - 0.5) + rng.uniform(-0.5, 0.5, case.n_samples)
    return with_weights(case, 10.0**exponent)


def _points(coverage, risk):
    """Distinct points with something accepted, by increasing coverage.

    Thresholds that accept the same samples (below the classifier's own
    rejections, say) give one point.
    """
    coverage, risk = np.asarray(coverage), np.asarray(risk)
    keep = coverage > 0
    coverage, first = np.unique(coverage[keep], return_index=True)
    return coverage, risk[keep][first]


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("2-direct", CURVE_ENTRIES, ["16 decades", "integer"]),
)
def test_every_curve_point_is_the_direct_matrix(name, variant, case):
    spread = case if variant == "integer" else _spread_weights(case, 16)
    result = ENTRIES[name].run(spread)
    codes_pred = (
        spread.codes_pred if name in SEES_REJECTIONS else spread.codes_pred_full
    )
    reference = reference_risk_coverage(
        spread.codes_true, codes_pred, spread.confidence, spread.sample_weight
    )
    expected_coverage = np.array([float(c) for c, _, _, _ in reference])
    expected_risk = np.array([float(r) for _, r, _, _ in reference])
    coverage, risk = _points(result["coverage"], result["selective_risk"])
    expected_coverage, expected_risk = _points(expected_coverage, expected_risk)
    np.testing.assert_allclose(coverage, expected_coverage, rtol=1e-9, atol=0)
    np.testing.assert_allclose(risk, expected_risk, rtol=1e-9, atol=0)


# The requested values are floats: a point is compared as the float nearest
# its exact fraction, which is what a correct float implementation reaches.
REJECT_CURVES = [
    name
    for name in CURVE_ENTRIES
    if name != "risk_coverage_curve" and name != "RiskCoverageDisplay"
]


def _direct_point(case, codes_pred, threshold):
    """Rates and measures of the matrix at one threshold, built by a loop."""
    accepted = (case.confidence >= threshold) & (codes_pred >= 0)
    decided = np.where(accepted, codes_pred, -1)
    exact = reference_matrix(case.codes_true, decided, case.sample_weight)
    matrix = np.array([[float(c) for c in row] for row in exact])
    total = sum(sum(row) for row in exact)
    rejected = sum(row[-1] for row in exact)
    errors = sum(
        row[j] for i, row in enumerate(exact) for j in range(len(row) - 1) if i != j
    )
    values = compute_measures(matrix, list(MEASURES), replace_undefined_by=np.nan)
    values = {f"measures.{k}": float(v) for k, v in values.items()}
    values["reject_rate"] = float(rejected / total)
    values["error_rate"] = float(errors / total)
    return values


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("2-direct", REJECT_CURVES, ["measures 16 decades"]),
)
def test_every_reject_curve_point_is_the_direct_matrix(name, variant, case):
    spread = _spread_weights(case, 16)
    result = ENTRIES[name].run(spread)
    codes_pred = (
        spread.codes_pred if name in SEES_REJECTIONS else spread.codes_pred_full
    )
    for index, threshold in enumerate(result["thresholds"]):
        expected = _direct_point(spread, codes_pred, threshold)
        for key, value in expected.items():
            # A measure near 0 (I of 1e-8 bits here) is as exact as the core
            # makes it from the rounded cells: about 1e-8 relative.
            rtol = 1e-7 if key.startswith("measures.") else 1e-9
            np.testing.assert_allclose(
                result[key][index],
                value,
                rtol=rtol,
                atol=0,
                err_msg=f"{key} at threshold {threshold}",
            )


def _first_group_at_coverage(points, requested):
    for coverage, risk, _, _ in sorted(points, key=lambda p: p[0]):
        if float(coverage) >= requested:
            return float(risk)
    raise AssertionError("no group reaches the coverage")


def _largest_coverage_at_risk(points, requested):
    reachable = [c for c, r, _, _ in points if r is not None and float(r) <= requested]
    return float(max(reachable)) if reachable else 0.0


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "1-tie-on-request",
        ["selective_risk_at_coverage", "coverage_at_risk"],
        ["weighted", "repeated"],
    ),
)
def test_a_tie_group_on_the_requested_value(name, variant, case):
    """The requested coverage (risk) is exactly a tie group's value.

    The first group at or beyond a coverage; the largest coverage within a risk.
    """
    run_case = case if variant == "weighted" else repeated(case)
    points = reference_risk_coverage(
        case.codes_true, case.codes_pred_full, case.confidence, case.sample_weight
    )
    result = ENTRIES[name].run(run_case)
    if name == "selective_risk_at_coverage":
        grid, got = case.coverage_grid, result["selective_risk_on_points"]
        expected = [_first_group_at_coverage(points, c) for c in grid[: len(got)]]
    else:
        grid, got = case.risk_grid, result["coverage_on_points"]
        expected = [_largest_coverage_at_risk(points, r) for r in grid[: len(got)]]
    np.testing.assert_allclose(got, expected, rtol=1e-12)
