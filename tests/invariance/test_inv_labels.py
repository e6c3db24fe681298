"""Invariants 3 and 4: label dtypes and missing-value reject markers."""

import re

import numpy as np
import pandas as pd
import pytest

import infometrics as im

from .cases import (
    LABEL_KINDS,
    THRESHOLD,
    codes_of,
    make_case,
    with_labels,
    with_nan_reject,
)
from .checks import assert_same_outputs, battery_params
from .registry import ENTRIES, FixedScores, entries_taking

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)

LABELLED = entries_taking("labels")


@pytest.fixture(scope="module")
def case():
    return make_case(seed=0)


@pytest.fixture(scope="module")
def baseline():
    """Each entry's numbers on int64 labels (and on the binary int64 case)."""
    return {}


def _binary_int64(case):
    """The bool case's classes, written as int64 (no rejection in y_pred)."""
    binary = with_labels(case, "bool")
    return binary.replace(
        y_true=binary.codes_true.astype(np.int64),
        y_pred=binary.codes_pred_full.astype(np.int64),
        y_pred_full=binary.codes_pred_full.astype(np.int64),
        classes=np.array([0, 1]),
    )


def _baseline(baseline, name, case, kind):
    key = (name, kind == "bool")
    if key not in baseline:
        reference = _binary_int64(case) if kind == "bool" else case
        baseline[key] = ENTRIES[name].run(reference)
    return baseline[key]


# The CLI reads text: other dtypes write the same CSV as int64 or str. Class
# names a CSV reader could take for missing values are a CLI matter.
CSV_KINDS = {"str", "float64", "NA names"}
DTYPE_PAIRS = [
    (name, kind)
    for name in LABELLED
    for kind in LABEL_KINDS
    if kind != "int64"
    and (kind in CSV_KINDS if name.startswith("cli ") else kind != "NA names")
]


def _pairs_params(invariant, pairs):
    params = []
    for name, kind in pairs:
        params.extend(battery_params(invariant, [name], [kind]))
    return params


@pytest.mark.parametrize(("name", "variant"), _pairs_params("3-dtype", DTYPE_PAIRS))
def test_label_dtypes_give_the_same_numbers(name, variant, case, baseline):
    expected = _baseline(baseline, name, case, variant)
    result = ENTRIES[name].run(with_labels(case, variant))
    assert_same_outputs(result, expected, rtol=1e-12)


MARKERS = {
    "nan": lambda case: with_nan_reject(case, np.nan),
    "pd.NA": lambda case: with_nan_reject(case, pd.NA),
    "str+nan": lambda case: _strings_with_nan(case),
}


def _strings_with_nan(case):
    strings = with_labels(case, "object")
    y_pred = strings.y_pred.copy()
    y_pred[case.codes_pred < 0] = np.nan
    return strings.replace(y_pred=y_pred, reject_label=np.nan)


# The reject meta-estimator may refuse a missing-value marker (pd.NA) with a
# clear error: its predictions feed scikit-learn's metrics, where NaN is not
# equal to itself. Where it accepts one (np.nan), the numbers must be those
# of a numeric marker.
ESTIMATOR_REFUSAL = "cannot mark a rejection|predictions would mix types"


def _builds_a_reject_option_classifier(name):
    return name.startswith(
        (
            "RejectOptionClassifier",
            "get_scorer[",
            "make_ni_scorer",
            "make_multi_measure_scorer",
            "html_report_from_estimator",
        )
    )


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("4-marker", LABELLED, list(MARKERS))
)
def test_missing_value_reject_marker_is_a_marker(name, variant, case, baseline):
    marked = MARKERS[variant](case)
    expected = _baseline(baseline, name, case, "int64")
    if _builds_a_reject_option_classifier(name):
        # Computed like a numeric marker, or refused with the clear error.
        try:
            outputs, refusal = ENTRIES[name].run(marked), None
        except ValueError as error:
            outputs, refusal = None, str(error)
        if refusal is not None:
            assert re.search(ESTIMATOR_REFUSAL, refusal), refusal
        else:
            assert_same_outputs(outputs, expected, rtol=1e-12)
        return
    assert_same_outputs(ENTRIES[name].run(marked), expected, rtol=1e-12)


# Estimators: predictions keep the label dtype, widened (never wrapped) to
# hold the reject label.
NUMERIC_KINDS = ["uint8", "int8", "int16", "int64", "float64", "bool"]
ESTIMATORS = {
    "RejectOptionClassifier": lambda marker: im.RejectOptionClassifier(
        FixedScores(), threshold=THRESHOLD, reject_label=marker
    ),
    "RejectOptionClassifierCV": lambda marker: im.RejectOptionClassifierCV(
        FixedScores(), cv=3, reject_label=marker
    ),
}


def _check_predictions(model, case, y, marker):
    predicted = model.predict(case.X)
    rejected = np.asarray([p == marker for p in predicted.tolist()])
    accepted_values = predicted[~rejected]
    # Every accepted prediction is a class, of a dtype that holds y's values.
    assert set(accepted_values.tolist()) <= set(np.unique(y).tolist())
    if y.dtype.kind in "iuf" and predicted.dtype != object:
        assert np.can_cast(y.dtype, predicted.dtype, "safe"), predicted.dtype
    # The marker is written as itself, not wrapped into the dtype's range.
    assert all(p == marker for p in predicted[rejected].tolist())
    if type(model).__name__ == "RejectOptionClassifier":
        expected = case.confidence < THRESHOLD
        np.testing.assert_array_equal(rejected, expected)
    # score() is NI2 of these predictions, the marker read as a rejection.
    # The marker is the estimator's (-1), not the case's own (200 for uint8,
    # whose range has no -1): the predictions are widened to hold it.
    expected_score = im.ni_score(
        case.codes_true,
        codes_of(predicted, case.replace(reject_label=marker)),
        labels=range(len(case.classes)),
    )
    assert model.score(case.X, y) == pytest.approx(expected_score, rel=1e-12)


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("3-estimator-dtype", list(ESTIMATORS), NUMERIC_KINDS),
)
def test_estimator_predictions_keep_the_label_dtype(name, variant, case):
    labelled = with_labels(case, variant)
    model = ESTIMATORS[name](-1).fit(labelled.X, labelled.y_true)
    _check_predictions(model, labelled, np.asarray(labelled.y_true), -1)


OUT_OF_RANGE_MARKERS = {
    "int8, reject -200": ("int8", -200),
    "uint8, reject 300": ("uint8", 300),
}


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("3-estimator-dtype", list(ESTIMATORS), list(OUT_OF_RANGE_MARKERS)),
)
def test_a_reject_label_outside_the_dtype_widens_it(name, variant, case):
    kind, marker = OUT_OF_RANGE_MARKERS[variant]
    labelled = with_labels(case, kind)
    model = ESTIMATORS[name](marker).fit(labelled.X, labelled.y_true)
    predicted = model.predict(labelled.X)
    assert np.can_cast(np.dtype(kind), predicted.dtype, "safe"), predicted.dtype
    # Nothing but a class or the marker itself (-200 wraps to 56 in int8).
    assert set(predicted.tolist()) <= {0, 1, 2, marker}
    if name == "RejectOptionClassifier":
        rejected = case.confidence < THRESHOLD
        assert all(p == marker for p in predicted[rejected].tolist())


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "3-estimator-dtype", ["RejectOptionClassifier"], ["256 uint8 classes"]
    ),
)
def test_all_256_uint8_classes_and_a_reject_label(name, variant):
    rng = np.random.default_rng(3)
    n = 768
    y = np.arange(n).astype(np.uint8)  # every value 0..255, three times
    scores = rng.random((n, 256))
    scores[np.arange(n), y] += rng.choice([0.0, 5.0], n)  # some confident
    scores /= scores.sum(axis=1, keepdims=True)
    model = ESTIMATORS[name](-1)
    if name == "RejectOptionClassifier":
        model.set_params(threshold=0.02)
    model.fit(scores, y)
    predicted = model.predict(scores)
    confidence = model.predict_confidence(scores)
    threshold = np.min(model.threshold_) if hasattr(model, "threshold_") else 0.02
    must_reject = confidence < threshold
    assert must_reject.any()
    # Rejections read -1, never the class 255 they wrap to in uint8.
    assert all(p == -1 for p in predicted[must_reject].tolist())
    assert np.can_cast(np.uint8, predicted.dtype, "safe")
