"""Reject-option estimators: label dtypes, the scores they read, the reject label.

Predictions keep the caller's label dtype, widened (never wrapped) to hold the
reject label; per-class scores are read only when they have one column per
class. References are plain Python loops over objects.
"""

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from invariance.registry import FixedScores
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score, get_scorer, make_scorer
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

import infometrics as im

CV = StratifiedKFold(3)


def reference_predictions(classes, index, accepted, reject_label):
    """Python objects: the class where accepted, the reject label elsewhere."""
    return [
        classes.tolist()[i] if keep else reject_label
        for i, keep in zip(index.tolist(), accepted.tolist(), strict=True)
    ]


CLASS_ARRAYS = [
    np.array([0, 1, 255], dtype=np.uint8),
    np.array([-128, 0, 127], dtype=np.int8),
    np.array([0, 7, 2**16 - 1], dtype=np.uint16),
    np.array([-(2**62), 0, 2**62], dtype=np.int64),
    np.array([1, 2**53 + 1, 2**63 - 1], dtype=np.uint64),
    np.array([1, 2**63, 2**64 - 1], dtype=np.uint64),
    # Float classes must hold whole numbers: scikit-learn refuses others as a
    # continuous target.
    np.array([0.0, 1.0, 2.0], dtype=np.float32),
    np.array([-3.0, 0.0, 2.0**60]),
    np.array([False, True]),
    np.array(["a", "bb", "ccc"]),
    np.array(["a", "b"], dtype=object),
    np.array(["x", "yy"], dtype=np.dtypes.StringDType()),
]
REJECT_LABELS = [-1, -1.0, -0.5, 256, 2**40, -(2**63), 2**64, "reject", "r"]


def fitted(classes, reject_label):
    """A reject option on fixed scores, fitted on every class."""
    y = classes[np.arange(2 * len(classes)) % len(classes)]
    X = np.eye(len(classes))[np.arange(len(y)) % len(classes)]
    return im.RejectOptionClassifier(
        FixedScores(), threshold=0.5, reject_label=reject_label
    ).fit(X, y)


def accepted_by_fit(classes, reject_label):
    """Whether fit takes this reject label with these classes."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fitted(classes, reject_label)
    except ValueError:
        return False
    return True


CASES = [
    pytest.param(classes, reject_label, id=f"{classes.dtype}-{reject_label!r}")
    for classes in CLASS_ARRAYS
    for reject_label in REJECT_LABELS
    if accepted_by_fit(classes, reject_label)
]


@pytest.mark.parametrize(("classes", "reject_label"), CASES)
def test_predictions_hold_every_class_and_the_reject_label_exactly(
    classes, reject_label
):
    rng = np.random.default_rng(0)
    index = rng.integers(0, len(classes), 50)
    accepted = rng.random(50) < 0.6
    # Scores: the predicted class's above the threshold where accepted.
    X = np.zeros((50, len(classes)))
    X[np.arange(50), index] = np.where(accepted, 0.9, 0.3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        predictions = fitted(classes, reject_label).predict(X)
    expected = reference_predictions(classes, index, accepted, reject_label)
    assert predictions.tolist() == expected  # by value: nothing wrapped or rounded
    dtype = predictions.dtype
    holders = holding_dtypes(classes, reject_label)
    if classes.dtype.kind in "biufO":
        # numpy's promotion, which keeps every value of the caller's dtype
        # (uint64 classes that fit: int64); object only when no numpy dtype
        # holds every value exactly.
        widths = [d.itemsize for d in holders if d.itemsize >= classes.itemsize]
        if dtype.kind == "O":
            assert not widths
        else:
            whole = classes.dtype.kind in "iu" and float(reject_label).is_integer()
            value = int(reject_label) if whole else reject_label
            promoted = np.result_type(classes.dtype, np.min_scalar_type(value))
            if promoted == np.float16:  # at least float32
                promoted = np.dtype(np.float32)
            # The fallbacks where the promotion rounds: int64 for integers,
            # float64 for floats.
            allowed = {promoted, np.dtype(np.int64 if whole else np.float64)}
            assert dtype in allowed
            assert dtype.kind in ("iu" if whole else "iuf")
    else:  # strings: a string dtype of the same kind
        assert dtype.kind == classes.dtype.kind


INTEGER_DTYPES = [
    np.dtype(f"{sign}int{bits}") for sign in ("u", "") for bits in (8, 16, 32, 64)
]
FLOAT_DTYPES = [np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)]


def held(dtype, value):
    """Whether ``dtype`` stores ``value`` exactly (Python arithmetic)."""
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return float(value).is_integer() and info.min <= int(value) <= info.max
    with np.errstate(over="ignore"):
        stored = dtype.type(value)
    return bool(np.isfinite(stored)) and float(stored) == value


def holding_dtypes(classes, reject_label):
    """Numeric dtypes holding every class and the reject label exactly.

    Integer classes with a whole reject label stay integers; boolean and
    object classes have none (their values would change type).
    """
    kind = classes.dtype.kind
    if kind not in "iuf":
        return []
    values = [*classes.tolist(), reject_label]
    whole = float(reject_label).is_integer()
    candidates = INTEGER_DTYPES if kind in "iu" and whole else FLOAT_DTYPES
    return [d for d in candidates if all(held(d, value) for value in values)]


@pytest.mark.parametrize(
    ("dtype", "reject_label", "expected"),
    [
        (np.uint8, -1, np.int16),
        (np.uint8, 256, np.uint16),
        (np.int8, -1, np.int8),  # holds it: the caller's dtype
        (np.int8, 200, np.int16),
        (np.int16, -1, np.int16),
        (np.uint64, -1, np.int64),  # every class below 2**63
        (np.float32, -1, np.float32),
        (np.int64, -1, np.int64),
    ],
)
def test_the_callers_dtype_is_kept_or_widened(dtype, reject_label, expected):
    X, y = make_classification(120, n_classes=3, n_informative=4, random_state=0)
    model = im.RejectOptionClassifier(
        LogisticRegression(), threshold=0.9, reject_label=reject_label
    ).fit(X, y.astype(dtype))
    predictions = model.predict(X)
    assert predictions.dtype == np.dtype(expected)
    assert set(predictions.tolist()) <= {0, 1, 2, reject_label}
    assert reject_label in predictions.tolist()
    proba = model.predict_proba(X)
    rejected = proba.max(axis=1) < 0.9
    np.testing.assert_array_equal(predictions == reject_label, rejected)


def test_256_uint8_classes_keep_their_rejections():
    # Every class 0..255 is taken: -1 does not fit uint8 and used to become
    # 255, scoring every rejection as a prediction of class 255.
    y = np.repeat(np.arange(256), 2).astype(np.uint8)
    X = y.reshape(-1, 1).astype(float)
    thresholds = np.zeros(256)
    thresholds[-1] = np.inf  # reject every prediction of class 255
    model = im.RejectOptionClassifier(
        KNeighborsClassifier(1), threshold=thresholds
    ).fit(X, y)
    predictions = model.predict(X)
    assert predictions.dtype == np.int16
    assert (predictions[y == 255] == -1).all()
    assert (predictions[y != 255] == y[y != 255]).all()
    matrix = im.augmented_confusion_matrix(
        y, predictions, labels=model.classes_, reject_label=-1
    )
    assert matrix[255, -1] == 2
    assert matrix[255, 255] == 0
    assert model.score(X, y) < 1.0


def test_boolean_classes_predict_booleans_and_score():
    X, y = make_classification(120, random_state=0)
    y = y == 1
    model = im.RejectOptionClassifier(LogisticRegression(), threshold=0.9).fit(X, y)
    predictions = model.predict(X)
    assert predictions.dtype == object
    rejected = model.predict_proba(X).max(axis=1) < 0.9
    assert rejected.any()
    assert not rejected.all()
    assert [(type(v), v) for v in predictions[rejected]] == [(int, -1)] * rejected.sum()
    kept = predictions[~rejected].tolist()
    assert all(type(value) is bool for value in kept)
    assert kept == model.estimator_.predict(X)[~rejected].tolist()
    # score() is NI2 of exactly these predictions.
    codes = np.where(rejected, -1, predictions.astype(object) == True)  # noqa: E712
    expected = im.ni_score(y.astype(int), codes.astype(int), labels=[0, 1])
    assert model.score(X, y) == pytest.approx(expected, rel=1e-12)
    assert model.score(X, y) == pytest.approx(
        im.get_scorer("ni2")(model, X, y), rel=1e-12
    )


def test_boolean_classes_tune_out_of_fold():
    X, y = make_classification(150, random_state=0)
    model = im.RejectOptionClassifierCV(LogisticRegression(), cv=CV).fit(X, y == 1)
    predictions = model.predict(X)
    assert predictions.dtype == object
    assert {type(v) for v in predictions.tolist()} <= {bool, int}
    assert np.isfinite(model.score(X, y == 1))


@pytest.mark.parametrize("n_classes", [3, 4, 5])
@pytest.mark.parametrize("cv", [False, True])
def test_one_vs_one_decision_columns_are_refused(n_classes, cv):
    X, y = make_classification(90, n_classes=n_classes, n_informative=5, random_state=0)
    svc = make_pipeline(StandardScaler(), SVC(decision_function_shape="ovo"))
    model = (
        im.RejectOptionClassifierCV(svc, cv=CV)
        if cv
        else im.RejectOptionClassifier(svc, threshold=0.1)
    )
    with pytest.raises(ValueError, match="decision_function_shape='ovr'"):
        model.fit(X, y)
    # Set to "ovo" after fit: refused at prediction too, never misread.
    model = im.RejectOptionClassifier(SVC(), threshold=0.0).fit(X, y)
    model.estimator_.decision_function_shape = "ovo"
    with pytest.raises(ValueError, match="one decision column per pair of classes"):
        model.predict(X)
    with pytest.raises(ValueError, match="one decision column per pair of classes"):
        im.get_scorer("neg_aurc")(model.estimator_, X, y)


def test_one_vs_one_with_two_classes_and_one_vs_rest_are_read():
    X, y = make_classification(90, random_state=0)
    model = im.RejectOptionClassifier(
        SVC(decision_function_shape="ovo"), threshold=0.0
    ).fit(X, y)
    np.testing.assert_array_equal(model.predict(X), model.estimator_.predict(X))
    X, y = make_classification(90, n_classes=4, n_informative=5, random_state=0)
    model = im.RejectOptionClassifier(SVC(), threshold=0.0).fit(X, y)
    top = model.estimator_.decision_function(X).argmax(axis=1)
    np.testing.assert_array_equal(model.predict(X), model.classes_[top])


class WrongWidth(LogisticRegression):
    """A classifier whose decision function has a column too many."""

    def decision_function(self, X):
        scores = super().decision_function(X)
        return np.column_stack([scores, scores[:, :1]])


def test_scores_without_one_column_per_class_are_refused():
    X, y = make_classification(90, n_classes=3, n_informative=4, random_state=0)
    model = im.RejectOptionClassifier(
        WrongWidth(), threshold=0.0, response_method="decision_function"
    ).fit(X, y)
    with pytest.raises(ValueError, match=r"shape \(90, 4\).*one column per class"):
        model.predict(X)


def test_no_warning_and_the_reject_label_reaches_the_scorer_for_small_dtypes():
    X, y = make_classification(150, n_classes=3, n_informative=4, random_state=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        scores = cross_val_score(
            im.RejectOptionClassifier(LogisticRegression(), threshold=0.8),
            X,
            y.astype(np.uint8),
            cv=CV,
            scoring="ni2",
        )
        reference = cross_val_score(
            im.RejectOptionClassifier(LogisticRegression(), threshold=0.8),
            X,
            y,
            cv=CV,
            scoring="ni2",
        )
    np.testing.assert_array_equal(scores, reference)


ARRAY_API_SCRIPT = """
import numpy as np
import sklearn
import array_api_strict as xp
from sklearn.datasets import make_classification
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.model_selection import cross_val_score
import infometrics as im

X, y = make_classification(200, n_classes=3, n_informative=4, random_state=0)
reference = im.RejectOptionClassifier(LinearDiscriminantAnalysis(), threshold=0.8)
expected = reference.fit(X, y).predict(X)
expected_cv = im.RejectOptionClassifierCV(LinearDiscriminantAnalysis()).fit(X, y)
with sklearn.config_context(array_api_dispatch=True):
    Xs, ys = xp.asarray(X), xp.asarray(y)
    model = im.RejectOptionClassifier(LinearDiscriminantAnalysis(), threshold=0.8)
    predictions = model.fit(Xs, ys).predict(Xs)
    assert isinstance(predictions, type(Xs)), type(predictions)
    np.testing.assert_array_equal(np.asarray(predictions), expected)
    assert (np.asarray(predictions) == -1).any()
    np.testing.assert_allclose(model.score(Xs, ys), reference.score(X, y))
    tuned = im.RejectOptionClassifierCV(LinearDiscriminantAnalysis()).fit(Xs, ys)
    np.testing.assert_allclose(tuned.best_threshold_, expected_cv.best_threshold_)
    np.testing.assert_array_equal(
        np.asarray(tuned.predict(Xs)), expected_cv.predict(X)
    )
    scores = cross_val_score(model, Xs, ys, scoring="ni2", cv=3)
    np.testing.assert_allclose(
        scores, cross_val_score(reference, X, y, scoring="ni2", cv=3)
    )
print("ok")
"""


def test_array_api_inputs_give_the_numpy_results():
    # scipy reads SCIPY_ARRAY_API when imported: a fresh interpreter.
    pytest.importorskip("array_api_strict")
    # scikit-learn dispatches the array API only with SciPy >= 1.14 (the
    # pinned-minimum CI pass runs SciPy 1.13).
    pytest.importorskip("scipy", minversion="1.14")
    # scikit-learn < 1.8 fails in its own cross-validation indexing of
    # array_api_strict arrays (_safe_split: "Only integer dtypes are allowed
    # in indexing"); 1.6 also needs the separate array-api-compat package.
    pytest.importorskip("sklearn", minversion="1.8")
    completed = subprocess.run(
        [sys.executable, "-c", ARRAY_API_SCRIPT],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "SCIPY_ARRAY_API": "1",
            "PYTHONPATH": str(Path(im.__file__).parents[1]),
        },
        timeout=300,
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.strip() == "ok"


# -- scikit-learn's binary metrics meet the reject label


def binary_data():
    return make_classification(150, random_state=0)


@pytest.mark.parametrize("in_pipeline", [False, True])
def test_a_binary_metric_fails_as_scikit_learn_makes_it_and_predict_stays_silent(
    in_pipeline,
):
    # predict does not depend on its caller: scikit-learn's own outcome (nan
    # in every fold, with its FitFailed/score warning), and no warning of ours.
    X, y = binary_data()
    model = im.RejectOptionClassifier(LogisticRegression(), threshold=0.9)
    if in_pipeline:
        model = make_pipeline(StandardScaler(), model)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = cross_val_score(model, X, y, cv=CV, scoring="f1")
    assert np.isnan(scores).all()
    assert not [w for w in caught if w.category.__module__.startswith("infometrics")]


def test_the_advised_scorer_scores_the_positive_class_with_rejections_as_missed():
    X, y = binary_data()
    model = im.RejectOptionClassifier(LogisticRegression(), threshold=0.9)
    scorer = make_scorer(f1_score, labels=[1], average="micro")
    scores = cross_val_score(model, X, y, cv=CV, scoring=scorer)  # no warning
    expected = []
    for train, test in CV.split(X, y):
        predictions = model.fit(X[train], y[train]).predict(X[test])
        assert (predictions == -1).any()
        hits = sum(p == t == 1 for p, t in zip(predictions, y[test], strict=True))
        predicted_positive = sum(p == 1 for p in predictions)
        true_positive = sum(t == 1 for t in y[test])
        expected.append(2 * hits / (predicted_positive + true_positive))
    np.testing.assert_allclose(scores, expected, rtol=1e-12)


@pytest.mark.parametrize("scoring", ["ni2", "f1_macro", "accuracy", "neg_aurc"])
def test_other_scorings_and_plain_predictions_do_not_warn(scoring):
    X, y = binary_data()
    model = im.RejectOptionClassifier(LogisticRegression(), threshold=0.9)
    cross_val_score(model, X, y, cv=CV, scoring=scoring)  # warnings are errors
    assert (model.fit(X, y).predict(X) == -1).any()  # no scorer: no warning


def test_tuning_for_a_binary_metric_is_refused_with_the_fix():
    X, y = binary_data()
    # scoring="f1" is this package's F1 (a rejection is not recalled); a
    # scikit-learn scorer of f1_score is binary-only.
    for scorer in (get_scorer("f1"), make_scorer(f1_score, pos_label=0)):
        with pytest.raises(ValueError, match=r"binary metric \(f1_score.*'ni2'"):
            im.RejectOptionClassifierCV(
                LogisticRegression(), scoring=scorer, cv=CV
            ).fit(X, y)
    # The advised scorer tunes (its plateaus may warn: not the point here).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.DegenerateThresholdWarning)
        tuned = im.RejectOptionClassifierCV(
            LogisticRegression(),
            scoring=make_scorer(f1_score, labels=[1], average="micro"),
            cv=CV,
        ).fit(X, y)
    assert 0 <= tuned.best_threshold_ <= 1


# -- NaN, the missing-value marker, as the reject label


@pytest.mark.parametrize(
    ("classes", "dtype"),
    [
        (np.array([0, 1, 2]), np.float64),
        (np.array([0, 1, 2], dtype=np.uint8), np.float32),
        (np.array([1.0, 2.0, 3.0], dtype=np.float32), np.float32),
        (np.array(["a", "b", "c"]), object),
        (np.array([2**62, 2**62 + 1, 2**62 + 2]), object),  # float64 rounds
    ],
    ids=lambda value: str(getattr(value, "dtype", value)),
)
def test_nan_reject_label_marks_rejections_for_any_classes(classes, dtype):
    X, codes = make_classification(150, n_classes=3, n_informative=4, random_state=0)
    y = classes[codes]
    model = im.RejectOptionClassifier(
        LogisticRegression(), threshold=0.8, reject_label=np.nan
    ).fit(X, y)
    predictions = model.predict(X)
    assert predictions.dtype == np.dtype(dtype)
    rejected = model.predict_proba(X).max(axis=1) < 0.8
    assert rejected.any()
    values = predictions.tolist()
    assert [v != v for v in values] == rejected.tolist()  # NaN exactly there
    kept = [v for v, r in zip(values, rejected, strict=True) if not r]
    assert kept == model.estimator_.predict(X)[~rejected].tolist()
    # Scored with NaN as the marker, by score() and by the scorers.
    expected = im.ni_score(
        codes,
        np.where(rejected, -1, np.searchsorted(classes, model.estimator_.predict(X))),
        labels=[0, 1, 2],
    )
    assert model.score(X, y) == pytest.approx(expected, rel=1e-12)
    assert im.get_scorer("ni2")(model, X, y) == pytest.approx(expected, rel=1e-12)


def test_nan_reject_label_tunes_out_of_fold():
    X, y = make_classification(150, n_classes=3, n_informative=4, random_state=0)
    tuned = im.RejectOptionClassifierCV(
        LogisticRegression(), cv=CV, reject_label=np.nan, per_class=False
    ).fit(X, y)
    reference = im.RejectOptionClassifierCV(
        LogisticRegression(), cv=CV, per_class=False
    ).fit(X, y)
    assert tuned.best_threshold_ == reference.best_threshold_
    np.testing.assert_array_equal(
        np.isnan(tuned.predict(X)), reference.predict(X) == -1
    )


def test_reject_label_checks_for_every_label_kind():
    strings = np.array(["a", "b"], dtype=np.dtypes.StringDType())
    with pytest.raises(ValueError, match="but the classes are strings"):
        fitted(strings, -1)
    fitted(strings, "reject")
    fitted(strings, np.nan)  # the missing-value marker
    fitted(np.array([0, 1]), 2**64)  # used to crash in np.isnan
    with pytest.raises(ValueError, match="is one of the classes"):
        fitted(np.array([0, 1]), 1.0)


def test_the_reject_label_is_read_by_the_countings_rule():
    # The estimators read the reject label by a rule of their own, which
    # disagreed with the counting's that scores their predictions.
    numbers = np.array([0, 1, 2])
    # A complex label was fitted and written; score() then refused it.
    with pytest.raises(ValueError, match="is complex; labels are real numbers"):
        fitted(numbers, 1j)
    with pytest.raises(ValueError, match="is bytes but the labels are string"):
        fitted(np.array(["a", "b"]), b"r")
    # pd.NA, to the counting a missing-value marker as NaN is, was refused.
    index = np.array([0, 1, 2, 0, 1, 2])
    X = np.zeros((6, 3))
    X[np.arange(6), index] = [0.9, 0.3, 0.9, 0.3, 0.9, 0.9]
    by_na, by_nan = fitted(numbers, pd.NA), fitted(numbers, np.nan)
    predicted = by_na.predict(X).tolist()
    assert [p is pd.NA for p in predicted] == [False, True, False, True, False, False]
    assert by_na.score(X, numbers[index]) == by_nan.score(X, numbers[index])
    strings = np.array(["a", "b"], dtype=np.dtypes.StringDType())
    assert fitted(strings, pd.NA).predict(X[:, :2]).dtype.na_object is pd.NA


def test_the_label_cases_cover_every_kind_of_class():
    # Every class array takes at least one reject label.
    taken = {id(classes) for classes, _ in (case.values for case in CASES)}
    assert taken == {id(classes) for classes in CLASS_ARRAYS}
    assert len(CASES) >= 60


@pytest.mark.parametrize("reject_label", ["reject", np.nan])
@pytest.mark.parametrize(
    "model", [im.RejectOptionClassifier, im.RejectOptionClassifierCV]
)
def test_string_dtype_labels_are_fitted_and_predicted_in_their_dtype(
    model, reject_label
):
    # scikit-learn's check_array (and LogisticRegression) raise a TypeError
    # on StringDType y: the estimators fit on the same strings as objects and
    # predict in the caller's StringDType.
    X, codes = make_classification(120, n_classes=3, n_informative=4, random_state=0)
    strings = np.array(["a", "bb", "c"])[codes]
    y = strings.astype(np.dtypes.StringDType())
    options = {"reject_label": reject_label}
    if model is im.RejectOptionClassifierCV:
        options["cv"] = CV
    fitted = model(LogisticRegression(), **options).fit(X, y)
    reference = model(LogisticRegression(), **options).fit(X, strings.astype(object))
    predicted = fitted.predict(X)
    assert isinstance(predicted.dtype, np.dtypes.StringDType)
    expected = reference.predict(X)
    assert predicted.tolist() == pytest.approx(expected.tolist(), nan_ok=True)
    assert fitted.score(X, y) == reference.score(X, strings.astype(object))


def test_string_dtype_labels_with_a_missing_value_are_refused_clearly():
    y = np.array(["a", None, "b", "a"], dtype=np.dtypes.StringDType(na_object=None))
    with pytest.raises(ValueError, match="y holds a missing value"):
        im.RejectOptionClassifier(LogisticRegression(), reject_label="r").fit(
            np.zeros((4, 1)), y
        )


def test_an_int_reject_label_beyond_uint64_fits_predicts_and_scores():
    # np.isnan(2**64) raised a TypeError in the counting's reader of the
    # reject label, so score() crashed after fit and predict had worked.
    from sklearn.linear_model import LogisticRegression

    X = np.random.default_rng(0).normal(size=(60, 3))
    y = (X[:, 0] > 0).astype(int)
    model = im.RejectOptionClassifier(
        LogisticRegression(), threshold=0.7, reject_label=2**64
    ).fit(X, y)
    predictions = model.predict(X)
    rejected = np.array([p == 2**64 for p in predictions])
    assert rejected.any()
    assert not rejected.all()
    assert model.score(X, y) == im.ni_score(y, predictions, reject_label=2**64)
