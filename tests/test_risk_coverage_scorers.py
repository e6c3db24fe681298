"""neg_aurc, neg_e_aurc, neg_augrc: areas read from the estimator's confidence."""

import pickle

import numpy as np
import pytest
import sklearn
from sklearn.datasets import load_iris
from sklearn.frozen import FrozenEstimator
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer
from sklearn.model_selection import (
    GridSearchCV,
    StratifiedKFold,
    TunedThresholdClassifierCV,
    cross_val_score,
    cross_validate,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

import infometrics as im

AREAS = {
    "neg_aurc": im.curves.aurc,
    "neg_e_aurc": im.curves.e_aurc,
    "neg_augrc": im.curves.augrc,
}
CV = StratifiedKFold(3, shuffle=True, random_state=0)


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def margin(decision):
    top_two = np.sort(decision, axis=1)[:, -2:]
    return top_two[:, 1] - top_two[:, 0]


@pytest.mark.parametrize("name", list(AREAS))
def test_area_of_a_probabilistic_classifier(iris, name):
    X, y = iris
    model = LogisticRegression(C=0.02).fit(X, y)
    proba = model.predict_proba(X)
    expected = AREAS[name](y, model.classes_[proba.argmax(1)], proba.max(1))
    assert expected > 0
    assert get_scorer(name)(model, X, y) == -expected


@pytest.mark.parametrize("name", list(AREAS))
def test_area_of_a_classifier_with_decision_margins(iris, name):
    X, y = iris
    model = LinearSVC(C=0.01).fit(X, y)
    decision = model.decision_function(X)
    expected = AREAS[name](y, decision.argmax(1), margin(decision))
    assert get_scorer(name)(model, X, y) == pytest.approx(-expected)


def test_an_abstainer_in_a_pipeline_ranks_by_its_own_confidence(iris):
    X, y = iris
    y_text = np.array(["a", "b", "c"])[y]
    abstainer = im.RejectOptionClassifier(
        LinearSVC(C=0.01), threshold=0.3, reject_label="?"
    )
    model = make_pipeline(StandardScaler(), abstainer).fit(X, y_text)
    assert (model.predict(X) == "?").any()
    confidence = model[-1].predict_confidence(model[:-1].transform(X))
    # Predictions before rejection: a rejection is not an error here.
    before = model[-1].estimator_.predict(model[:-1].transform(X))
    for name, area in AREAS.items():
        expected = area(y_text, before, confidence)
        assert im.get_scorer(name)(model, X, y_text) == pytest.approx(-expected)
    # The margin, not the probability a plain classifier would be ranked by.
    proba_model = make_pipeline(
        StandardScaler(), im.RejectOptionClassifier(LogisticRegression(C=0.02))
    ).fit(X, y)
    search = GridSearchCV(
        proba_model, {"rejectoptionclassifier__threshold": [0.5]}, cv=2
    ).fit(X, y)
    proba = proba_model.predict_proba(X)
    assert im.get_scorer("neg_aurc")(search, X, y) == pytest.approx(
        -im.curves.aurc(y, proba.argmax(1), proba.max(1))
    )


def test_a_frozen_pipeline_is_read_like_the_pipeline(iris):
    X, y = iris
    # Its own confidence, the margin, not the probability of the pipeline.
    abstainer = im.RejectOptionClassifier(
        LogisticRegression(C=0.02), threshold=0.3, response_method="decision_function"
    )
    model = make_pipeline(StandardScaler(), abstainer).fit(X, y)
    for name in AREAS:
        scorer = im.get_scorer(name)
        assert scorer(FrozenEstimator(model), X, y) == scorer(model, X, y)


def test_sample_weight_and_entry_points(iris):
    X, y = iris
    weights = np.where(y == 2, 3.0, 1.0)
    model = LogisticRegression(C=0.02).fit(X, y)
    proba = model.predict_proba(X)
    weighted = im.get_scorer("neg_augrc")(model, X, y, sample_weight=weights)
    expected = im.curves.augrc(y, proba.argmax(1), proba.max(1), sample_weight=weights)
    assert weighted == pytest.approx(-expected)
    scores = cross_validate(
        LogisticRegression(C=0.02),
        X,
        y,
        cv=CV,
        scoring=["ni2", "neg_aurc", "neg_e_aurc", "neg_augrc"],
    )
    assert (scores["test_neg_e_aurc"] <= 0).all()
    assert (scores["test_neg_aurc"] <= scores["test_neg_e_aurc"]).all()
    search = GridSearchCV(
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 3]},
        scoring="neg_aurc",
        cv=CV,
    ).fit(X, y)
    assert search.best_params_ == {"max_depth": 3}
    with sklearn.config_context(enable_metadata_routing=True):
        scorer = im.scoring.make_risk_coverage_scorer("aurc").set_score_request(
            sample_weight=True
        )
        routed = cross_val_score(
            LogisticRegression(C=0.02).set_fit_request(sample_weight=False),
            X,
            y,
            cv=CV,
            scoring=scorer,
            params={"sample_weight": weights},
        )
    direct = []
    for train, test in CV.split(X, y):
        fold = LogisticRegression(C=0.02).fit(X[train], y[train])
        p = fold.predict_proba(X[test])
        direct.append(
            -im.curves.aurc(y[test], p.argmax(1), p.max(1), sample_weight=weights[test])
        )
    np.testing.assert_allclose(routed, direct)


def test_area_scorer_errors_say_what_is_wrong(iris):
    X, y = iris
    with pytest.raises(ValueError, match="area must be one of"):
        im.scoring.make_risk_coverage_scorer("auroc")
    with pytest.raises(ValueError, match="response_method must be one of"):
        im.scoring.make_risk_coverage_scorer("aurc", response_method="predict")
    with pytest.raises(ValueError, match="no confidence to rank"):
        im.scoring.make_risk_coverage_scorer(
            "aurc", response_method="decision_function"
        )(DecisionTreeClassifier().fit(X, y), X, y)
    with pytest.raises(ValueError, match="extra keyword arguments"):
        im.get_scorer("neg_aurc")(DecisionTreeClassifier().fit(X, y), X, y, groups=y)
    # A score function of labels cannot give an area: a clear message.
    keep = y > 0
    with pytest.raises(ValueError, match="cannot score one decision threshold"):
        TunedThresholdClassifierCV(LogisticRegression(), scoring="neg_aurc").fit(
            X[keep], y[keep]
        )


def test_area_scorers_pickle_and_repr():
    scorer = im.scoring.make_risk_coverage_scorer(
        "e_aurc", response_method="predict_proba"
    )
    restored = pickle.loads(pickle.dumps(scorer))
    assert repr(restored) == repr(scorer)
    assert repr(scorer) == (
        "make_risk_coverage_scorer('e_aurc', response_method='predict_proba')"
    )


def test_a_class_minus_one_is_a_class_not_a_rejection(iris):
    X, y = iris
    y = np.array([-1, 1, 2])[y]
    model = LogisticRegression(max_iter=1000).fit(X, y)
    proba = model.predict_proba(X)
    y_pred = model.classes_[proba.argmax(1)]
    for name, area in AREAS.items():
        expected = area(y, y_pred, proba.max(1), reject_label=None)
        assert get_scorer(name)(model, X, y) == pytest.approx(-expected)
