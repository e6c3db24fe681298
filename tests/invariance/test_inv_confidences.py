"""Invariants 6 and 7: confidences count by their order only; values stay in range."""

import numpy as np
import pytest

import infometrics as im

from .cases import make_case, with_confidence, with_weights
from .checks import assert_same_outputs, battery_params
from .registry import ENTRIES, FixedScores, entries_taking

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)


@pytest.fixture(scope="module")
def case():
    return make_case(seed=0)


def _rank_map(targets_of):
    """A strictly increasing map of the case's score values.

    ``targets_of(k)`` gives the increasing images of the ``k`` distinct values
    that occur among the scores and confidences.
    """

    def transform(values):
        base = make_case(seed=0)
        known = np.unique(np.concatenate([base.y_score.ravel(), [base.threshold]]))
        targets = targets_of(len(known))
        index = np.searchsorted(known, values)
        assert np.array_equal(known[index], values), "a value outside the case"
        return targets[index]

    return transform


def _with_infinities(k):
    return np.concatenate([[-np.inf], np.linspace(-3.0, 3.0, k - 2), [np.inf]])


def _int64_beyond_2_53(k):
    # Distinct in int64, all the same float64 (2**60 + i rounds to 2**60).
    return np.int64(2**60) + np.arange(k, dtype=np.int64)


TRANSFORMS = {
    "affine": lambda values: 3.0 * values - 7.0,
    "cube": lambda values: (values - 0.3) ** 3,
    "+-inf": _rank_map(_with_infinities),
    "int64 beyond 2**53": _rank_map(_int64_beyond_2_53),
}
CONFIDENCE_ENTRIES = entries_taking("confidence")
# Entries that take class scores (probabilities or decision values) rather
# than one confidence may refuse infinite scores, clearly.
SCORE_MATRICES = {
    "reject_curve",
    "RejectCurveDisplay",
    "RejectOptionClassifierCV",
    "confidence_binned_counts",
}


def _refuses_infinite_scores(name, variant):
    return name in SCORE_MATRICES and "inf" in variant and "int64" not in variant


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("6-transform", CONFIDENCE_ENTRIES, list(TRANSFORMS)),
)
def test_increasing_transforms_of_confidences_change_nothing(name, variant, case):
    if _refuses_infinite_scores(name, variant):
        with pytest.raises(ValueError, match="infinite"):
            ENTRIES[name].run(with_confidence(case, TRANSFORMS[variant]))
        return
    expected = ENTRIES[name].run(case)
    result = ENTRIES[name].run(with_confidence(case, TRANSFORMS[variant]))
    # Thresholds are confidences: they move with the transform.
    assert_same_outputs(result, expected, rtol=1e-12, skip=("thresholds",))


def _curves(case):
    """Every public curve of the case, by name, each built only when asked for.

    Lazily: ``reject_curve`` refuses infinite class scores (clearly, as the
    SCORE_MATRICES entries may), and that refusal must not stop the check of
    a curve built from one confidence, which takes ±inf.
    """
    weights = case.sample_weight
    return {
        "risk_coverage_curve": lambda: im.curves.risk_coverage_curve(
            case.y_true, case.y_pred_full, case.confidence, sample_weight=weights
        ),
        "reject_curve": lambda: im.curves.reject_curve(
            case.y_true, case.y_score, measures="ni2", sample_weight=weights
        ),
        "reject_curve_from_predictions": lambda: (
            im.curves.reject_curve_from_predictions(
                case.y_true,
                case.y_pred,
                case.confidence,
                measures="ni2",
                sample_weight=weights,
            )
        ),
        "confidence_binned_counts": lambda: im.counting.confidence_binned_counts(
            case.y_true,
            case.y_score,
            thresholds=np.unique(case.confidence),
            sample_weight=weights,
        ).reject_curve("ni2"),
    }


CURVES = list(_curves(make_case(seed=0)))


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("6-curve-end", CURVES, list(TRANSFORMS))
)
def test_no_nan_threshold_and_the_last_point_rejects_everything(name, variant, case):
    if _refuses_infinite_scores(name, variant):
        # "infinite" (reject_curve's scores) or "finite values" (the binned
        # counts' thresholds, here the ±inf confidences): both clear refusals.
        with pytest.raises(ValueError, match="finite"):
            _curves(with_confidence(case, TRANSFORMS[variant]))[name]()
        return
    transformed = with_confidence(case, TRANSFORMS[variant])
    curve = _curves(transformed)[name]()
    thresholds = np.asarray(curve.thresholds, dtype=float)
    assert not np.isnan(thresholds).any(), thresholds
    if name == "risk_coverage_curve":
        # Points at the distinct confidences only: the last accepts everything.
        assert curve.coverage[-1] == 1
        assert len(curve.coverage) == len(np.unique(case.confidence))
    else:
        assert curve.reject_rate[-1] == 1
        assert curve.coverage[-1] == 0
        last = np.asarray(curve.thresholds)[-1]
        if np.asarray(curve.thresholds).dtype.kind in "iu":
            # Integers have no inf: the last threshold is above every
            # confidence, compared exactly.
            assert int(last) > int(np.max(transformed.confidence))
        else:
            assert np.isposinf(last)
        # The thresholds strictly decrease the accepted set.
        assert np.all(np.diff(curve.reject_rate) >= 0)


def _margin_scores(case, transform):
    """Decision values whose top-minus-runner-up margin is the transformed confidence.

    The predicted class scores ``transform(confidence)`` (shifted positive),
    the others 0: the margin the meta-estimator reads is the transformed
    confidence itself.
    """
    confidence = transform(case.confidence)
    if confidence.dtype.kind == "f":
        finite = confidence[np.isfinite(confidence)]
        confidence = confidence - finite.min() + 1.0
    scores = np.zeros(case.y_score.shape, dtype=confidence.dtype)
    scores[np.arange(case.n_samples), case.codes_pred_full] = confidence
    return scores


MARGIN_TRANSFORMS = {
    "affine": TRANSFORMS["affine"],
    "+inf": _rank_map(
        lambda k: np.concatenate([np.linspace(1.0, 3.0, k - 1), [np.inf]])
    ),
    "int64 beyond 2**53": TRANSFORMS["int64 beyond 2**53"],
}


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "6-transform", ["RejectOptionClassifierCV"], list(MARGIN_TRANSFORMS)
    ),
)
def test_tuned_decisions_follow_the_order_of_the_confidences(name, variant, case):
    identity = _margin_scores(case, lambda values: values)
    transformed = _margin_scores(case, MARGIN_TRANSFORMS[variant])

    def decisions(X):
        # NI1 prefers a real threshold on this case (NI2 would reject nothing).
        model = im.RejectOptionClassifierCV(
            FixedScores(), cv=3, response_method="decision_function", scoring="ni1"
        ).fit(X, case.y_true)
        return model.predict(X)

    expected = decisions(identity)
    assert (expected == -1).any()
    if _refuses_infinite_scores(name, variant):
        with pytest.raises(ValueError, match="infinite"):
            decisions(transformed)
        return
    np.testing.assert_array_equal(decisions(transformed), expected)


# Invariant 7: ranges -------------------------------------------------------

UNIT_KEYS = {
    "coverage",
    "reject_rate",
    "error_rate",
    "accepted_accuracy",
    "selective_risk",
    "generalized_risk",
    "selective_risk_on_points",
    "selective_risk_between",
    "coverage_on_points",
    "coverage_between",
    "area",
}
NON_NEGATIVE_KEYS = {"counts", "matrix", "merged", "plus", "summed"}


def _expected_range(key):
    last = key.rsplit(".", 1)[-1]
    if last in UNIT_KEYS:
        return "unit interval"
    if last in NON_NEGATIVE_KEYS or key in NON_NEGATIVE_KEYS:
        return "non-negative"
    if key.startswith(("measures.", "m.")) and last in im.measures.MEASURES:
        return im.measures.MEASURES[last].value_range
    return None


def _spread(case):
    rng = np.random.default_rng(5)
    spread = (case.confidence.max() - case.confidence) / np.ptp(case.confidence)
    return with_weights(
        case, 10.0 ** (16 * (spread - 0.5) + rng.uniform(-0.5, 0.5, case.n_samples))
    )


RANGE_CASES = {
    "canonical": lambda case: case,
    "16 decades of weights": _spread,
    "+-inf confidences": lambda case: with_confidence(case, TRANSFORMS["+-inf"]),
    "weights x 1e100": lambda case: with_weights(case, case.sample_weight * 1e100),
}
RANGED = sorted(
    set(entries_taking("confidence"))
    | {
        "confidence_binned_counts",
        "confidence_binned_counts[dask]",
        "reject_curve[dask]",
    }
)


# The binned entries take thresholds at the case's confidences, not
# transformed scores.
RANGE_PARAMS = [
    param
    for name in RANGED
    for variant in RANGE_CASES
    if variant != "+-inf confidences" or "confidence" in ENTRIES[name].takes
    for param in battery_params("7-range", [name], [variant])
]


@pytest.mark.parametrize(("name", "variant"), RANGE_PARAMS)
def test_rates_in_the_unit_interval_and_no_negative_zero(name, variant, case):
    if name in SCORE_MATRICES and variant == "+-inf confidences":
        with pytest.raises(ValueError, match="infinite"):
            ENTRIES[name].run(RANGE_CASES[variant](case))
        return
    outputs = ENTRIES[name].run(RANGE_CASES[variant](case))
    for key, values in outputs.items():
        values = np.asarray(values, dtype=float)
        negative_zero = (values == 0) & np.signbit(values)
        assert not negative_zero.any(), f"{key} has -0.0: {values}"
        kind = _expected_range(key)
        finite = values[np.isfinite(values)]
        if kind == "unit interval":
            outside = finite[(finite < 0) | (finite > 1)]
            assert not outside.size, f"{key} outside [0, 1]: {outside.tolist()}"
        elif kind == "non-negative":
            assert np.all(finite >= 0), f"{key}: {finite[finite < 0].tolist()}"
