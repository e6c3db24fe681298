"""Per-class thresholds, any scoring for the tuner, degenerate ends, verbosity."""

import warnings

import numpy as np
import pytest
from invariance.registry import FixedScores
from sklearn.datasets import load_digits, load_iris, make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import balanced_accuracy_score, f1_score, make_scorer
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

import infometrics as im
from infometrics.measures import compute_measures

CV = StratifiedKFold(3)
# scikit-learn's metrics see the reject label as an unknown class, and say so.
SKLEARN_SEES_REJECTIONS = pytest.mark.filterwarnings(
    "ignore:y_pred contains classes not in y_true:UserWarning"
)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    return X[:600], y[:600]


def noisy():
    return make_pipeline(StandardScaler(), LogisticRegression(C=0.002, max_iter=300))


def out_of_fold(estimator, X, y):
    proba = cross_val_predict(estimator, X, y, cv=CV, method="predict_proba")
    return proba.argmax(axis=1), proba.max(axis=1)


def abstain(classes, predicted, confidence, threshold):
    threshold = np.broadcast_to(np.asarray(threshold, dtype=float), len(classes))
    return np.where(confidence >= threshold[predicted], classes[predicted], -1)


# -- RejectOptionClassifier with one threshold per class


def test_per_class_threshold_applies_the_predicted_classs_threshold(iris):
    X, y = iris
    thresholds = np.array([0.0, 0.95, 0.7])
    model = im.RejectOptionClassifier(GaussianNB(), threshold=thresholds).fit(X, y)
    proba = model.predict_proba(X)
    expected = []
    for row in proba:  # a loop, sample by sample
        k = int(np.argmax(row))
        expected.append(k if row[k] >= thresholds[k] else -1)
    np.testing.assert_array_equal(model.predict(X), expected)
    assert len(set(model.predict(X))) == 4  # every class, and rejections
    # The threshold is read at prediction time and checked there too.
    model.set_params(threshold=[0.5, 0.5])
    with pytest.raises(ValueError, match="an array of length 3"):
        model.predict(X)


def test_margin_thresholds_may_exceed_one_but_not_be_negative(iris):
    X, y = iris
    model = im.RejectOptionClassifier(LinearSVC(C=0.1), threshold=2.0).fit(X, y)
    decision = model.decision_function(X)
    top_two = np.sort(decision, axis=1)[:, -2:]
    rejected = model.predict(X) == -1
    np.testing.assert_array_equal(rejected, top_two[:, 1] - top_two[:, 0] < 2.0)
    with pytest.raises(ValueError, match=r"outside \[0, inf\]"):
        im.RejectOptionClassifier(LinearSVC(), threshold=[0.1, -1.0, 0.2]).fit(X, y)
    everything = im.RejectOptionClassifier(GaussianNB(), threshold=np.inf).fit(X, y)
    assert (everything.predict(X) == -1).all()


def test_per_class_thresholds_are_searchable(iris):
    X, y = iris
    candidates = [[0.0, 0.0, 0.0], [0.0, 0.99, 0.99], [0.99, 0.99, 0.99]]
    search = GridSearchCV(
        im.RejectOptionClassifier(GaussianNB()),
        {"threshold": candidates},
        scoring="ni2",
        cv=CV,
    ).fit(X, y)
    assert search.best_params_["threshold"] in candidates
    assert search.cv_results_["mean_test_score"].shape == (3,)
    # Rejecting nearly everything loses information: never the best.
    assert search.best_params_["threshold"] != candidates[2]


# -- the tuner: any scoring


def test_per_class_auto_follows_classes_and_rarest_class(digits):
    # "auto": per class with more than two classes and >= 30 samples of the
    # rarest; otherwise one global threshold, as per_class=False gives.
    X, y = digits
    auto = im.RejectOptionClassifierCV(noisy(), cv=CV).fit(X, y)
    explicit = im.RejectOptionClassifierCV(noisy(), cv=CV, per_class=True).fit(X, y)
    assert auto.per_class_ is True
    np.testing.assert_array_equal(auto.best_threshold_, explicit.best_threshold_)
    for kept in (29, 30):  # class 9 keeps this many samples
        rare = np.flatnonzero(y == 9)[kept:]
        X_rare, y_rare = np.delete(X, rare, axis=0), np.delete(y, rare)
        auto = im.RejectOptionClassifierCV(noisy(), cv=CV).fit(X_rare, y_rare)
        assert auto.per_class_ is (kept == 30)
    glob = im.RejectOptionClassifierCV(noisy(), cv=CV, per_class=False)
    rare = np.flatnonzero(y == 9)[29:]
    X_rare, y_rare = np.delete(X, rare, axis=0), np.delete(y, rare)
    auto = im.RejectOptionClassifierCV(noisy(), cv=CV).fit(X_rare, y_rare)
    assert np.ndim(auto.best_threshold_) == 0
    assert auto.best_threshold_ == glob.fit(X_rare, y_rare).best_threshold_
    binary = y < 5
    auto = im.RejectOptionClassifierCV(noisy(), cv=CV).fit(X, binary)
    assert auto.per_class_ is False


@SKLEARN_SEES_REJECTIONS
@pytest.mark.parametrize(
    ("scoring", "metric", "rejecting_pays"),
    [
        ("balanced_accuracy", balanced_accuracy_score, False),
        # scikit-learn's macro average counts the reject label as a class.
        ("f1_macro", lambda t, p: f1_score(t, p, average="macro"), False),
        # Precision on the accepted samples, recall on all: rejecting can pay.
        (make_scorer(f1_score, average="micro", labels=[0, 1, 2]), None, True),
    ],
)
def test_any_scikit_learn_scoring_is_tuned_on_a_grid(
    iris, scoring, metric, rejecting_pays
):
    X, y = iris
    model = im.RejectOptionClassifierCV(
        GaussianNB(), scoring=scoring, cv=CV, thresholds=20, per_class=False
    )
    if rejecting_pays:
        model.fit(X, y)  # warnings are errors: none
    else:
        with pytest.warns(
            im.exceptions.DegenerateThresholdWarning, match="no sample is rejected"
        ):
            model.fit(X, y)
    predicted, confidence = out_of_fold(GaussianNB(), X, y)
    thresholds = model.cv_results_["thresholds"]
    assert len(thresholds) <= 21
    assert thresholds[-1] == np.inf
    metric = metric or (lambda t, p: f1_score(t, p, average="micro", labels=[0, 1, 2]))
    direct = [
        metric(y, abstain(model.classes_, predicted, confidence, t)) for t in thresholds
    ]
    np.testing.assert_allclose(model.cv_results_["scores"], direct)
    assert model.best_score_ == pytest.approx(max(direct))
    best = thresholds[int(np.argmax(direct))]
    if rejecting_pays:
        assert model.best_threshold_ == best
    else:  # "rejects nothing" out of fold: nothing on any data either
        assert best <= confidence.min()
        assert model.best_threshold_ == 0.0


def test_a_scorer_object_on_the_grid_equals_the_one_sort_sweep(digits):
    X, y = digits
    grid = np.linspace(0.05, 0.6, 12)
    fast = im.RejectOptionClassifierCV(
        noisy(), scoring="ni2", cv=CV, thresholds=grid, per_class=False
    )
    # An explicit reject label makes the scorer go through the generic path.
    generic = im.RejectOptionClassifierCV(
        noisy(),
        scoring=im.make_ni_scorer("ni2", reject_label=-1),
        cv=CV,
        per_class=False,
        thresholds=grid,
    )
    fast.fit(X, y)
    generic.fit(X, y)
    np.testing.assert_allclose(
        generic.cv_results_["scores"], fast.cv_results_["scores"]
    )
    assert generic.best_threshold_ == fast.best_threshold_
    by_object = im.RejectOptionClassifierCV(
        noisy(), scoring=im.make_ni_scorer("ni1"), cv=CV
    ).fit(X, y)
    by_name = im.RejectOptionClassifierCV(noisy(), scoring="ni1", cv=CV).fit(X, y)
    np.testing.assert_array_equal(by_object.best_threshold_, by_name.best_threshold_)
    assert by_object.best_score_ == by_name.best_score_


@SKLEARN_SEES_REJECTIONS
def test_sample_weight_reaches_a_scikit_learn_scorer(digits):
    X, y = digits
    weights = np.where(y == 3, 5.0, 1.0)
    model = im.RejectOptionClassifierCV(
        GaussianNB(),
        scoring="balanced_accuracy",
        cv=CV,
        thresholds=[0.5, 0.9],
        per_class=False,
    )
    with pytest.warns(im.exceptions.DegenerateThresholdWarning):
        model.fit(X, y, sample_weight=weights)
    proba = cross_val_predict(
        GaussianNB(),
        X,
        y,
        cv=CV,
        method="predict_proba",
        params={"sample_weight": weights},
    )
    direct = [
        balanced_accuracy_score(
            y,
            abstain(model.classes_, proba.argmax(1), proba.max(1), t),
            sample_weight=weights,
        )
        for t in model.cv_results_["thresholds"]
    ]
    np.testing.assert_allclose(model.cv_results_["scores"], direct)


# -- degenerate ends


def test_a_plateau_and_accepting_everything_warn(iris):
    X, y = iris
    # Log-loss reads the probabilities, which no threshold changes: a plateau.
    with pytest.warns(im.exceptions.DegenerateThresholdWarning) as caught:
        model = im.RejectOptionClassifierCV(
            GaussianNB(), scoring="neg_log_loss", cv=CV, thresholds=5, per_class=False
        ).fit(X, y)
    messages = " ".join(str(w.message) for w in caught)
    assert "plateau" in messages
    assert "best when no sample is rejected" in messages
    assert "count a rejection as an error" in messages
    assert model.cv_results_["reject_rate"][0] == 0
    assert model.best_threshold_ == 0.0  # rejects nothing, on any data


@pytest.mark.parametrize("per_class", [False, True])
def test_when_the_warning_says_reject_nothing_nothing_is_rejected(per_class):
    # Out of fold, rejecting never raises accuracy; new data less confident
    # than any out-of-fold sample must not be rejected either.
    X, y = make_classification(
        300, n_classes=3, n_informative=4, class_sep=2.0, random_state=0
    )
    with pytest.warns(im.exceptions.DegenerateThresholdWarning) as caught:
        model = im.RejectOptionClassifierCV(
            LogisticRegression(), scoring="accuracy", per_class=per_class, cv=CV
        ).fit(X, y)
    assert any("no sample is rejected" in str(w.message) for w in caught)
    # Points on segments between samples cross the decision boundaries.
    rng = np.random.default_rng(0)
    i, j = rng.integers(0, len(y), (2, 2000))
    mix = rng.random((2000, 1))
    X_new = mix * X[i] + (1 - mix) * X[j]
    confidence = model.predict_confidence(X_new)
    out_of_fold_confidence = out_of_fold(LogisticRegression(), X, y)[1]
    assert confidence.min() < out_of_fold_confidence.min()  # the case that failed
    assert (model.predict(X_new) != -1).all()
    assert (model.predict(X) != -1).all()
    np.testing.assert_array_equal(model.best_threshold_, 0.0)
    np.testing.assert_array_equal(model.equivalent_reject_cost_, 1.0)


def test_rejecting_that_helps_does_not_warn(digits):
    X, y = digits
    model = im.RejectOptionClassifierCV(noisy(), cv=CV).fit(X, y)  # errors as warnings
    assert (
        0 < model.cv_results_["reject_rate"][np.argmax(model.cv_results_["scores"])] < 1
    )


# -- per-class tuning


def objective_direct(y, classes, predicted, confidence, thresholds, measure="ni2"):
    predictions = abstain(classes, predicted, confidence, thresholds)
    return im.ni_score(y, predictions, measure=measure, labels=classes)


def test_per_class_tuning_against_a_direct_computation(digits):
    X, y = digits
    model = im.RejectOptionClassifierCV(noisy(), cv=CV, per_class=True).fit(X, y)
    classes = model.classes_
    thresholds = model.best_threshold_
    assert thresholds.shape == (len(classes),)
    predicted, confidence = out_of_fold(noisy(), X, y)
    best = objective_direct(y, classes, predicted, confidence, thresholds)
    assert model.best_score_ == pytest.approx(best, rel=1e-12)
    glob = im.RejectOptionClassifierCV(noisy(), cv=CV, per_class=False).fit(X, y)
    assert model.best_score_ > glob.best_score_  # per-class thresholds help here
    assert 1 <= model.n_rounds_ <= 20
    # A local optimum: no single class's threshold, alone, does better.
    for k in range(len(classes)):
        for candidate in [*np.unique(confidence[predicted == k]), np.inf]:
            trial = thresholds.copy()
            trial[k] = candidate
            value = objective_direct(y, classes, predicted, confidence, trial)
            assert value <= best + 1e-9 * max(1.0, abs(best))
    np.testing.assert_allclose(model.equivalent_reject_cost_, 1 - thresholds)
    # The refitted model applies each predicted class's threshold.
    proba = model.predict_proba(X)
    np.testing.assert_array_equal(
        model.predict(X),
        abstain(classes, proba.argmax(1), proba.max(1), thresholds),
    )


@pytest.mark.parametrize("seed", range(10))
def test_per_class_thresholds_are_a_local_optimum_with_ties_and_weights(seed):
    """Ties, weights (zeros too), classes that vanish from the accepted set,
    lower-is-better measures: the tuned thresholds score as the direct
    computation says, and no single class's threshold alone does better."""
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(20, 60)), int(rng.integers(2, 5))
    classes = np.arange(m)
    y = np.concatenate([classes, rng.integers(0, m, n - m)])
    predicted = np.where(rng.random(n) < 0.6, y, rng.integers(0, m, n))
    confidence = rng.integers(1, 6, n) / 5.0  # heavy ties
    weights = rng.choice([0.0, 0.5, 1.0, 3.0], n)
    weights[:m] = 1.0
    # Class scores whose maximum is the confidence, on the predicted class;
    # out of fold they are the same scores.
    X = np.zeros((n, m))
    X[np.arange(n), predicted] = confidence
    measure = str(rng.choice(["ni2", "false_info_ratio", "triangle_mi", "ni13"]))
    sign = 1.0 if im.measures.MEASURES[measure].higher_is_better else -1.0
    with warnings.catch_warnings():
        # Rejecting all or nothing may be best here; that is warned, and fine.
        warnings.simplefilter("ignore", im.exceptions.DegenerateThresholdWarning)
        model = im.RejectOptionClassifierCV(
            FixedScores(), cv=CV, per_class=True, scoring=im.make_ni_scorer(measure)
        ).fit(X, y, sample_weight=weights)
    thresholds = model.best_threshold_

    def direct(trial):
        predictions = abstain(classes, predicted, confidence, trial)
        matrix = im.augmented_confusion_matrix(
            y, predictions, labels=classes, sample_weight=weights
        )
        value = compute_measures(matrix, [measure], replace_undefined_by=np.nan)
        return sign * value[measure]

    best = direct(thresholds)
    assert model.best_score_ == pytest.approx(best, rel=1e-12, abs=1e-12)
    for k in range(m):
        for candidate in [*np.unique(confidence[predicted == k]), np.inf]:
            trial = np.array(thresholds, dtype=float)
            trial[k] = candidate
            assert direct(trial) <= best + 1e-9 * max(1.0, abs(best))


def test_decision_margins_have_no_equivalent_cost(iris):
    X, y = iris
    model = im.RejectOptionClassifierCV(
        make_pipeline(StandardScaler(), LinearSVC(C=0.01)), cv=CV, per_class=True
    ).fit(X, y)
    assert np.isnan(model.equivalent_reject_cost_).all()
    assert model.equivalent_reject_cost_.shape == (3,)


# -- bad parameters


class DictScorer:
    def __call__(self, estimator, X, y):
        return {"a": 1.0}


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"per_class": "yes"}, ValueError, "per_class must be True, False or 'auto'"),
        ({"thresholds": "all"}, ValueError, "thresholds must be 'auto'"),
        ({"thresholds": 0}, ValueError, "at least 1"),
        ({"thresholds": [0.5, np.nan]}, ValueError, "finite values"),
        ({"scoring": 3}, TypeError, "scoring must be a measure name"),
        ({"scoring": "roc_auk"}, ValueError, "neither a measure of infometrics"),
        (
            {"scoring": im.make_multi_measure_scorer()},
            TypeError,
            "multi-measure scorer gives several",
        ),
        ({"scoring": DictScorer()}, TypeError, "returned a dict"),
        (
            {"scoring": im.make_ni_scorer("ni2", replace_undefined_by="zero")},
            ValueError,
            "replace_undefined_by must be 'warn'",
        ),
    ],
)
def test_tuner_refuses_bad_parameters(iris, params, error, message):
    X, y = iris
    with pytest.raises(error, match=message):
        im.RejectOptionClassifierCV(GaussianNB(), cv=CV, **params).fit(X, y)


class UndefinedProbabilities(GaussianNB):
    """A classifier whose probabilities are NaN or infinite."""

    def __init__(self, value=np.nan):
        super().__init__()
        self.value = value

    def predict_proba(self, X):
        return np.full((len(X), len(self.classes_)), self.value)


@pytest.mark.parametrize("value", [np.nan, np.inf])
@pytest.mark.parametrize("scoring", ["ni2", "balanced_accuracy"])
def test_tuner_refuses_scores_that_rank_nothing(iris, value, scoring):
    X, y = iris
    model = im.RejectOptionClassifierCV(
        UndefinedProbabilities(value), scoring=scoring, cv=CV
    )
    with pytest.raises(ValueError, match="NaN or infinite"):
        model.fit(X, y)


@SKLEARN_SEES_REJECTIONS
@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
def test_per_class_thresholds_of_a_scikit_learn_scorer_give_its_best_score(iris):
    X, y = iris
    model = im.RejectOptionClassifierCV(
        GaussianNB(), scoring="balanced_accuracy", per_class=True, thresholds=8, cv=CV
    ).fit(X, y)
    # The reference: the scorer's metric on the abstaining out-of-fold
    # predictions at the chosen thresholds, built by hand.
    proba = cross_val_predict(GaussianNB(), X, y, cv=CV, method="predict_proba")
    predicted = proba.argmax(axis=1)
    kept = proba.max(axis=1) >= model.best_threshold_[predicted]
    expected = balanced_accuracy_score(y, np.where(kept, predicted, -1))
    assert model.best_threshold_.shape == (3,)
    assert model.best_score_ == pytest.approx(expected, rel=1e-12)
    assert model.best_score_ >= model.cv_results_["scores"].max()


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
def test_an_adjusted_scorer_is_tuned_adjusted(iris):
    # It was read as its plain measure: the tuner maximised the plug-in NI2.
    X, y = iris
    model = im.RejectOptionClassifierCV(
        GaussianNB(),
        scoring=im.make_ni_scorer("ni2", adjusted=True),
        per_class=False,
        thresholds=8,
        cv=CV,
    ).fit(X, y)
    proba = cross_val_predict(GaussianNB(), X, y, cv=CV, method="predict_proba")
    predicted = proba.argmax(axis=1)
    kept = proba.max(axis=1) >= model.best_threshold_
    matrix = im.augmented_confusion_matrix(
        y, np.where(kept, predicted, -1), labels=[0, 1, 2]
    )
    expected = im.measures.adjusted_measures(matrix, ["ni2"])["ni2"]
    assert model.best_score_ == pytest.approx(expected, rel=1e-12)


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
@pytest.mark.parametrize("replacement", [0.0, 2.0])
def test_an_undefined_point_scores_the_scorers_replacement(iris, replacement):
    # accepted_accuracy is 0/0 where every sample is rejected; the tuner
    # ranked that point last whatever the scorer's replace_undefined_by said.
    X, y = iris
    grid = np.linspace(0.4, 0.9, 6)
    options = {"per_class": False, "thresholds": grid, "cv": CV}
    tuned = im.RejectOptionClassifierCV(
        GaussianNB(),
        scoring=im.make_ni_scorer(
            "accepted_accuracy", replace_undefined_by=replacement
        ),
        **options,
    ).fit(X, y)
    # The reference: the scorer itself on the abstaining out-of-fold
    # predictions (an explicit reject label takes the scorer's path).
    called = im.RejectOptionClassifierCV(
        GaussianNB(),
        scoring=im.make_ni_scorer(
            "accepted_accuracy", reject_label=-1, replace_undefined_by=replacement
        ),
        **options,
    ).fit(X, y)
    scores = tuned.cv_results_["scores"]
    assert tuned.cv_results_["reject_rate"][-1] == 1.0
    assert scores[-1] == replacement
    np.testing.assert_allclose(scores, called.cv_results_["scores"], rtol=1e-12)
    assert tuned.best_threshold_ == called.best_threshold_
    assert tuned.best_score_ == pytest.approx(max(replacement, scores[:-1].max()))
    # Above every defined accuracy, the replacement makes rejecting all best.
    assert (tuned.best_threshold_ == np.inf) == (replacement > 1)
