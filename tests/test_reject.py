"""RejectOptionClassifier(CV) and reject curves."""

import pickle

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import load_breast_cancer, load_digits, load_iris
from sklearn.frozen import FrozenEstimator
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC
from sklearn.utils.estimator_checks import parametrize_with_checks

import infometrics as im
from infometrics.measures import compute_measures

ABSTAINING_CHECKS = {
    "check_classifiers_train": (
        "an abstaining classifier predicts the reject label where argmax of "
        "predict_proba is a class, by design"
    ),
    "check_classifiers_classes": (
        "the check fits string classes, and fit refuses the default integer "
        "reject_label=-1 for them rather than mix label types"
    ),
}


def expected_failures(estimator):
    return ABSTAINING_CHECKS


@parametrize_with_checks(
    [
        im.RejectOptionClassifier(LogisticRegression()),
        im.RejectOptionClassifier(LogisticRegression(), threshold=0.9),
        im.RejectOptionClassifierCV(LogisticRegression(), cv=3),
    ],
    expected_failed_checks=expected_failures,
)
# The checks fit random data, where rejecting does not help: the tuner says so.
@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def test_predict_is_the_class_or_the_reject_label(iris):
    X, y = iris
    model = im.RejectOptionClassifier(LogisticRegression(C=0.1), threshold=0.7).fit(
        X, y
    )
    probabilities = model.predict_proba(X)
    predictions = model.predict(X)
    rejected = probabilities.max(axis=1) < 0.7
    assert rejected.any()
    assert not rejected.all()
    np.testing.assert_array_equal(predictions[rejected], -1)
    np.testing.assert_array_equal(
        predictions[~rejected], model.classes_[probabilities.argmax(axis=1)][~rejected]
    )
    np.testing.assert_array_equal(
        model.predict_confidence(X), probabilities.max(axis=1)
    )
    np.testing.assert_array_equal(model.classes_, [0, 1, 2])
    assert model.score(X, y) == pytest.approx(im.ni_score(y, predictions))


def test_decision_function_margin_confidence(iris):
    X, y = iris
    model = im.RejectOptionClassifier(
        make_pipeline(StandardScaler(), LinearSVC()), threshold=1.0
    ).fit(X, y)
    decision = model.decision_function(X)
    top_two = np.sort(decision, axis=1)[:, -2:]
    np.testing.assert_allclose(
        model.predict_confidence(X), top_two[:, 1] - top_two[:, 0]
    )
    assert hasattr(model, "decision_function")
    assert not hasattr(model, "predict_proba")
    binary = im.RejectOptionClassifier(LinearSVC(), threshold=0.5).fit(
        X[y < 2], y[y < 2]
    )
    np.testing.assert_allclose(
        binary.predict_confidence(X[:5]), np.abs(binary.decision_function(X[:5]))
    )


def test_string_classes_with_a_string_reject_label(iris):
    X, y = iris
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    model = im.RejectOptionClassifier(
        GaussianNB(), threshold=0.99, reject_label="unsure"
    ).fit(X, names)
    predictions = model.predict(X)
    assert set(predictions) <= {"setosa", "versicolor", "virginica", "unsure"}
    assert (predictions == "unsure").any()


def test_prefit_estimator_with_frozen_estimator(iris):
    X, y = iris
    fitted = LogisticRegression(max_iter=1000).fit(X, y)
    model = im.RejectOptionClassifier(FrozenEstimator(fitted), threshold=0.8).fit(
        X[:10],
        y[:10],  # refitting would see only class 0
    )
    np.testing.assert_array_equal(model.classes_, [0, 1, 2])
    np.testing.assert_allclose(model.predict_proba(X), fitted.predict_proba(X))


def test_threshold_and_nested_parameters_are_searchable(iris):
    X, y = iris
    search = GridSearchCV(
        im.RejectOptionClassifier(LogisticRegression(max_iter=1000)),
        {"threshold": [0.0, 0.5, 0.99], "estimator__C": [0.01, 1.0]},
        scoring="ni2",
        cv=3,
    ).fit(X, y)
    assert search.best_params_["threshold"] in (0.0, 0.5)
    assert len(search.cv_results_["params"]) == 6


def test_pickle_round_trip(iris):
    X, y = iris
    model = im.RejectOptionClassifier(LogisticRegression(C=0.1), threshold=0.7).fit(
        X, y
    )
    restored = pickle.loads(pickle.dumps(model))
    np.testing.assert_array_equal(restored.predict(X), model.predict(X))
    tuned = im.RejectOptionClassifierCV(GaussianNB(), cv=3, per_class=False).fit(X, y)
    restored = pickle.loads(pickle.dumps(tuned))
    assert restored.best_threshold_ == tuned.best_threshold_


@pytest.mark.parametrize(
    ("params", "y", "message"),
    [
        ({"reject_label": 1}, None, "is one of the classes"),
        (
            {"reject_label": "reject"},
            None,
            "is of type str, but the classes are numbers",
        ),
        ({"reject_label": True}, None, "is a bool, which would match"),
        ({"reject_label": None}, None, "not None"),
        ({"reject_label": -1}, "names", "Pass reject_label='reject'"),
        ({"reject_label": "b"}, "names", "is one of the classes"),
        ({"threshold": "high"}, None, "threshold must be a real number"),
        ({"threshold": np.nan}, None, "threshold must be a real number"),
        ({"threshold": 1.5}, None, r"threshold 1.5 is outside \[0, 1\]"),
        ({"threshold": -0.1}, None, "would never reject a sample"),
        ({"threshold": -np.inf}, None, "would never reject a sample"),
        ({"threshold": [0.5, 0.9]}, None, "an array of length 3"),
        ({"threshold": [[0.5, 0.9, 0.9]]}, None, "an array of length 3"),
        ({"threshold": [0.5, np.nan, 0.9]}, None, "contains NaN"),
        ({"threshold": [0.5, 1.2, 0.9]}, None, "is outside"),
        ({"threshold": ["a", "b", "c"]}, None, "one real threshold per class"),
        ({"response_method": "predict"}, None, "response_method must be one of"),
        ({"response_method": "decision_function"}, None, "has no decision_function"),
    ],
)
def test_fit_refuses_bad_parameters(iris, params, y, message):
    X, labels = iris
    if y == "names":
        labels = np.array(["a", "b", "c"])[labels]
    model = im.RejectOptionClassifier(GaussianNB(), **params)
    with pytest.raises(ValueError, match=message):
        model.fit(X, labels)


def test_suggested_reject_label_avoids_the_classes(iris):
    X, y = iris
    with pytest.raises(ValueError, match="Pass reject_label=-2"):
        im.RejectOptionClassifier(GaussianNB(), reject_label=0).fit(X, y - 1)


class PredictOnlyClassifier(ClassifierMixin, BaseEstimator):
    """A classifier with no confidence at all."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.full(len(X), self.classes_[0])


def test_estimator_without_confidence_is_refused(iris):
    X, y = iris
    with pytest.raises(ValueError, match="neither predict_proba nor decision_function"):
        im.RejectOptionClassifier(PredictOnlyClassifier()).fit(X, y)


def test_cv_classifier_picks_the_curves_best_threshold_and_rejects_where_it_helps():
    X, y = load_digits(return_X_y=True)
    noisy = make_pipeline(StandardScaler(), LogisticRegression(C=0.001, max_iter=500))
    model = im.RejectOptionClassifierCV(
        noisy, cv=StratifiedKFold(4), per_class=False
    ).fit(X, y)
    curve = model.curve_
    index, threshold, value = curve.best("ni2")
    assert model.best_threshold_ == threshold
    assert model.best_score_ == value
    # Rejecting helps here: the best point rejects something and beats none.
    assert curve.reject_rate[index] > 0
    assert model.best_score_ > curve.measures["ni2"][0]
    predictions = model.predict(X)
    assert (predictions == -1).any()
    refit = clone(noisy).fit(X, y)
    np.testing.assert_allclose(model.predict_proba(X), refit.predict_proba(X))


def test_cv_classifier_minimising_the_false_information_ratio_warns(iris):
    X, y = iris
    with pytest.warns(
        im.exceptions.DegenerateThresholdWarning,
        match=r"every sample is rejected \(r\(S\|T\) = 0",
    ):
        model = im.RejectOptionClassifierCV(
            GaussianNB(), scoring="false_info_ratio", cv=3, per_class=False
        ).fit(X, y)
    assert model.best_score_ == pytest.approx(
        np.nanmin(model.curve_.measures["false_info_ratio"])
    )
    assert model.best_threshold_ == np.inf
    assert (model.predict(X) == -1).all()


def test_cv_classifier_with_sample_weight_and_bad_scoring(iris):
    X, y = iris
    weights = np.where(y == 1, 3.0, 1.0)
    model = im.RejectOptionClassifierCV(GaussianNB(), cv=3).fit(
        X, y, sample_weight=weights
    )
    assert 0 < model.best_score_ <= 1
    with pytest.raises(ValueError, match="neither a measure of infometrics"):
        im.RejectOptionClassifierCV(GaussianNB(), scoring="roc_auk").fit(X, y)


# -- reject curves


def matrix_at_threshold(y_true, proba, classes, threshold, weights=None):
    predicted = classes[proba.argmax(axis=1)]
    predictions = np.where(proba.max(axis=1) >= threshold, predicted, -1)
    return im.augmented_confusion_matrix(
        y_true, predictions, labels=classes, sample_weight=weights
    )


@pytest.mark.parametrize("seed", range(4))
def test_curve_points_equal_matrices_built_directly(seed):
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(2, 6))
    n = 400
    y_true = rng.integers(0, n_classes, n)
    logits = rng.normal(size=(n, n_classes)) + 2.0 * np.eye(n_classes)[y_true]
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    proba = np.round(proba, 2)  # ties: several samples share a threshold
    weights = rng.random(n) if seed % 2 else None
    names = [
        "ni2",
        "ni7",
        "info_completeness",
        "false_info_ratio",
        "triangle_vi",
        "kappa",
    ]
    classes = np.arange(n_classes)
    curve = im.curves.reject_curve(
        y_true, proba, labels=classes, measures=names, sample_weight=weights
    )
    assert np.all(np.diff(curve.thresholds) > 0)
    assert np.all(np.diff(curve.reject_rate) >= 0)
    assert curve.reject_rate[0] == 0
    assert curve.reject_rate[-1] == pytest.approx(1)
    for index in rng.choice(len(curve.thresholds) - 1, 15, replace=False):
        matrix = matrix_at_threshold(
            y_true, proba, classes, curve.thresholds[index], weights
        )
        expected = compute_measures(matrix, names, replace_undefined_by=np.nan)
        for name in names:
            np.testing.assert_allclose(
                curve.measures[name][index], expected[name], atol=1e-9
            )
        conventional = im.conventional_measures(matrix, replace_undefined_by=np.nan)
        assert curve.reject_rate[index] == pytest.approx(conventional["reject_rate"])
        assert curve.error_rate[index] == pytest.approx(conventional["error_rate"])
        assert curve.accepted_accuracy[index] == pytest.approx(
            conventional["accepted_accuracy"]
        )


def test_curve_with_string_classes_and_decision_margins(iris):
    X, y = iris
    names = np.array(["b", "a", "c"])[y]
    model = make_pipeline(StandardScaler(), LinearSVC()).fit(X, names)
    curve = im.curves.reject_curve(
        names,
        model.decision_function(X),
        labels=model.classes_,
        confidence_method="margin",
    )
    index, threshold, _ = curve.best("ni2")
    abstaining = im.RejectOptionClassifier(
        FrozenEstimator(model), threshold=threshold, reject_label="?"
    ).fit(X, names)
    assert abstaining.score(X, names) == pytest.approx(curve.measures["ni2"][index])


def test_normalized_area():
    y = np.array([0, 0, 1, 1])
    proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    curve = im.curves.reject_curve(y, proba, measures=["ni2"])
    values, rates = curve.measures["ni2"], curve.reject_rate
    expected = sum(
        (rates[i + 1] - rates[i]) * (values[i + 1] + values[i]) / 2
        for i in range(len(rates) - 1)
    )
    assert curve.normalized_area("ni2") == pytest.approx(expected)
    assert repr(curve) == "RejectCurve(5 points, reject rate 0 to 1, measures: ni2)"
    with pytest.raises(ValueError, match="has no 'ni3'"):
        curve.normalized_area("ni3")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"y_score": np.ones((3, 2))}, "one row per label"),
        ({"y_score": np.full((4, 2), np.nan)}, "NaN or infinite"),
        ({"confidence_method": "min"}, "confidence_method must be"),
        ({"labels": [0, 1, 2]}, "3 entries but y_score has 2"),
        ({"y_true": np.array([0, 1, 2, 1])}, "shows 3 classes"),
        ({"y_true": np.array([0, 1, 5, 1]), "labels": [0, 1]}, "not in labels"),
        ({"measures": ["auc"]}, "Unknown measure"),
        ({"sample_weight": [1, 1, 1, -1]}, "negative"),
    ],
)
def test_curve_errors(kwargs, message):
    arguments = {
        "y_true": np.array([0, 1, 0, 1]),
        "y_score": np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]]),
    }
    arguments.update(kwargs)
    y_true = arguments.pop("y_true")
    y_score = arguments.pop("y_score")
    with pytest.raises(ValueError, match=message):
        im.curves.reject_curve(y_true, y_score, **arguments)


def test_curve_at_chosen_thresholds_equals_the_full_curve_there():
    X, y = load_breast_cancer(return_X_y=True)
    proba = (
        make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y).predict_proba(X)
    )
    full = im.curves.reject_curve(y, proba)
    chosen = np.array([0.6, 0.75, 0.9, 0.99])
    partial = im.curves.reject_curve(y, proba, thresholds=chosen)
    np.testing.assert_array_equal(partial.thresholds, [*chosen, np.inf])
    for index, threshold in enumerate(chosen):
        # The same point as the full curve's first threshold at or above it.
        full_index = np.searchsorted(full.thresholds, threshold)
        matrix = matrix_at_threshold(y, proba, np.array([0, 1]), threshold)
        assert partial.measures["ni2"][index] == pytest.approx(im.ni(matrix, "ni2"))
        assert partial.reject_rate[index] == pytest.approx(full.reject_rate[full_index])
    quantiles = im.curves.reject_curve(y, proba, thresholds=20)
    assert len(quantiles.thresholds) <= 21
    assert quantiles.reject_rate[0] == 0
    assert quantiles.reject_rate[-1] == 1
    with pytest.raises(ValueError, match="at least 1"):
        im.curves.reject_curve(y, proba, thresholds=0)
    with pytest.raises(ValueError, match="thresholds must be None"):
        im.curves.reject_curve(y, proba, thresholds=[np.nan])


class _IntegerScores(ClassifierMixin, BaseEstimator):
    """Decision values that are the features themselves, int64 as given."""

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def decision_function(self, X):
        return np.asarray(X)

    def predict(self, X):
        return self.classes_[np.argmax(np.asarray(X), axis=1)]


def _int64_scores_beyond_2_53():
    # Distinct int64 margins that all round to 2**60 in float64.
    rng = np.random.default_rng(0)
    n = 60
    predicted = rng.integers(0, 3, n)
    y = np.where(rng.random(n) < 0.7, predicted, (predicted + 1) % 3)
    margin = rng.permutation(n).astype(np.int64)
    scores = np.zeros((n, 3), dtype=np.int64)
    scores[np.arange(n), predicted] = np.int64(2**60) + margin
    return scores, y, margin


def test_integer_scores_beyond_2_53_are_ranked_exactly():
    scores, y, margin = _int64_scores_beyond_2_53()
    exact = im.curves.reject_curve(
        y, scores, measures="ni2", confidence_method="margin"
    )
    ranks = scores.copy()
    ranks[ranks > 0] -= np.int64(2**60) - 1  # the same order, small values
    reference = im.curves.reject_curve(
        y, ranks, measures="ni2", confidence_method="margin"
    )
    assert len(exact.reject_rate) == len(np.unique(margin)) + 1
    np.testing.assert_array_equal(exact.reject_rate, reference.reject_rate)
    np.testing.assert_array_equal(exact.measures["ni2"], reference.measures["ni2"])
    # Integers have no inf: the last threshold is the largest plus one.
    assert int(exact.thresholds[-1]) == 2**60 + int(margin.max()) + 1


def test_tuning_on_integer_scores_beyond_2_53_keeps_their_order():
    scores, y, _ = _int64_scores_beyond_2_53()
    ranks = scores.copy()
    ranks[ranks > 0] -= np.int64(2**60) - 1

    def tuned(X, **options):
        return im.RejectOptionClassifierCV(
            _IntegerScores(),
            cv=3,
            response_method="decision_function",
            scoring="ni1",
            **options,
        ).fit(X, y)

    exact, reference = tuned(scores), tuned(ranks)
    assert isinstance(exact.best_threshold_, int)
    np.testing.assert_array_equal(exact.predict(scores), reference.predict(ranks))
    with pytest.raises(ValueError, match="per_class=True would compare"):
        tuned(scores, per_class=True)
    # A float threshold is compared with integer confidences exactly:
    # 2**60 + 2500 rounds to the threshold 2**60 + 2560 in float64.
    spread = np.where(scores > 0, np.int64(2**60) + 100 * (scores - 2**60), 0)
    fixed = im.RejectOptionClassifier(
        _IntegerScores(),
        threshold=float(2**60 + 2560),
        response_method="decision_function",
    ).fit(spread, y)
    margins = fixed.predict_confidence(spread)
    assert margins.dtype == np.int64
    expected = [m < 2**60 + 2560 for m in margins.tolist()]
    np.testing.assert_array_equal(fixed.predict(spread) == -1, expected)
