"""``scoring="ni2"`` in every scikit-learn entry point that takes ``scoring``.

``ENTRY_POINTS`` maps a name to a function ``(scoring, X, y) -> scores`` that
runs one entry point and returns the numbers it computed with ``scoring``; a
future entry point is one more line. Each runs with the registered string and
with the scorer object (``infometrics.get_scorer("ni2")``): equal results show
the string resolves to the estimator-aware scorer everywhere, whose values are
checked against direct computations in ``test_scorers.py``. Both import
orders run in fresh interpreters (the registration of names into modules that
scikit-learn imported first is the part that needs it).
"""

import inspect
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.experimental import enable_halving_search_cv  # noqa: F401
from sklearn.feature_selection import RFECV, SequentialFeatureSelector
from sklearn.inspection import permutation_importance
from sklearn.linear_model import (
    LogisticRegression,
    LogisticRegressionCV,
    RidgeClassifierCV,
)
from sklearn.metrics import check_scoring
from sklearn.model_selection import (
    GridSearchCV,
    HalvingGridSearchCV,
    HalvingRandomSearchCV,
    RandomizedSearchCV,
    StratifiedKFold,
    TunedThresholdClassifierCV,
    cross_val_score,
    cross_validate,
    learning_curve,
    validation_curve,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

CV = StratifiedKFold(3, shuffle=True, random_state=0)


def logistic():
    return make_pipeline(StandardScaler(), LogisticRegression(C=0.05))


def tree():
    return DecisionTreeClassifier(random_state=0)


def binary(X, y):
    """Versicolor against virginica: the two classes that overlap."""
    keep = y > 0
    return X[keep], y[keep]


def tuned_threshold(scoring, X, y):
    X, y = binary(X, y)
    search = TunedThresholdClassifierCV(
        logistic(), scoring=scoring, thresholds=9, cv=CV, store_cv_results=True
    ).fit(X, y)
    return np.r_[
        search.best_threshold_, search.best_score_, search.cv_results_["scores"]
    ]


def logistic_regression_cv_scores(scoring, X, y):
    """LogisticRegressionCV's fold scores, one array on every scikit-learn."""
    options = {}
    if "use_legacy_attributes" in inspect.signature(LogisticRegressionCV).parameters:
        options = {"l1_ratios": (0.0,), "use_legacy_attributes": False}
    model = LogisticRegressionCV(Cs=[0.01, 1.0], scoring=scoring, cv=CV, **options)
    scores = model.fit(X, y).scores_
    if isinstance(scores, dict):  # before scikit-learn 1.9: one array per class
        scores = np.stack(list(scores.values()))
    return np.ravel(scores)


ENTRY_POINTS = {
    "cross_val_score": lambda s, X, y: cross_val_score(
        logistic(), X, y, scoring=s, cv=CV
    ),
    "cross_validate": lambda s, X, y: cross_validate(
        logistic(), X, y, scoring=s, cv=CV
    )["test_score"],
    "GridSearchCV": lambda s, X, y: (
        GridSearchCV(tree(), {"max_depth": [1, 2]}, scoring=s, cv=CV)
        .fit(X, y)
        .cv_results_["mean_test_score"]
    ),
    "RandomizedSearchCV": lambda s, X, y: (
        RandomizedSearchCV(
            tree(), {"max_depth": [1, 2, 3]}, n_iter=2, scoring=s, cv=CV, random_state=0
        )
        .fit(X, y)
        .cv_results_["mean_test_score"]
    ),
    "HalvingGridSearchCV": lambda s, X, y: (
        HalvingGridSearchCV(
            tree(), {"max_depth": [1, 2, 3]}, scoring=s, cv=CV, random_state=0
        )
        .fit(X, y)
        .cv_results_["mean_test_score"]
    ),
    "HalvingRandomSearchCV": lambda s, X, y: (
        HalvingRandomSearchCV(
            tree(),
            {"max_depth": [1, 2, 3]},
            n_candidates=3,
            scoring=s,
            cv=CV,
            random_state=0,
        )
        .fit(X, y)
        .cv_results_["mean_test_score"]
    ),
    "TunedThresholdClassifierCV": tuned_threshold,
    "permutation_importance": lambda s, X, y: (
        permutation_importance(
            tree().fit(X, y), X, y, scoring=s, n_repeats=2, random_state=0
        ).importances_mean
    ),
    "learning_curve": lambda s, X, y: learning_curve(
        logistic(), X, y, train_sizes=[0.5, 1.0], scoring=s, cv=CV
    )[2],
    "validation_curve": lambda s, X, y: validation_curve(
        tree(), X, y, param_name="max_depth", param_range=[1, 2], scoring=s, cv=CV
    )[1],
    "RFECV": lambda s, X, y: (
        RFECV(tree(), scoring=s, cv=CV).fit(X, y).cv_results_["mean_test_score"]
    ),
    "SequentialFeatureSelector": lambda s, X, y: (
        SequentialFeatureSelector(tree(), n_features_to_select=2, scoring=s, cv=CV)
        .fit(X, y)
        .get_support()
        .astype(float)
    ),
    "LogisticRegressionCV": lambda s, X, y: logistic_regression_cv_scores(
        s, StandardScaler().fit_transform(X), y
    ),
    "RidgeClassifierCV": lambda s, X, y: np.atleast_1d(
        RidgeClassifierCV(alphas=[0.1, 10.0], scoring=s).fit(X, y).best_score_
    ),
    "check_scoring": lambda s, X, y: np.atleast_1d(
        check_scoring(tree(), scoring=s)(tree().fit(X[::2], y[::2]), X, y)
    ),
}


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


@pytest.mark.parametrize("entry_point", list(ENTRY_POINTS))
def test_scoring_string_equals_the_scorer_object(iris, entry_point):
    import infometrics as im

    X, y = iris
    run = ENTRY_POINTS[entry_point]
    by_name = np.asarray(run("ni2", X, y), dtype=float)
    by_object = np.asarray(run(im.get_scorer("ni2"), X, y), dtype=float)
    assert by_name.size > 0
    assert np.all(np.isfinite(by_name))
    np.testing.assert_allclose(by_name, by_object)


def test_tuned_threshold_scores_equal_ni2_of_the_thresholded_predictions(iris):
    """TunedThresholdClassifierCV calls the score function with labels only."""
    import infometrics as im

    X, y = binary(*iris)
    search = TunedThresholdClassifierCV(
        logistic(),
        scoring="ni2",
        thresholds=np.linspace(0.1, 0.9, 5),
        cv=CV,
        store_cv_results=True,
    ).fit(X, y)
    expected = []
    for train, test in CV.split(X, y):
        model = logistic().fit(X[train], y[train])
        probability = model.predict_proba(X[test])[:, 1]
        expected.append(
            [
                im.ni_score(
                    y[test],
                    np.where(probability >= threshold, 2, 1),
                    reject_label=None,
                )
                for threshold in search.cv_results_["thresholds"]
            ]
        )
    np.testing.assert_allclose(search.cv_results_["scores"], np.mean(expected, axis=0))
    assert search.best_score_ == pytest.approx(np.max(np.mean(expected, axis=0)))


@pytest.mark.parametrize("infometrics_first", [True, False])
def test_every_entry_point_in_both_import_orders(infometrics_first):
    sklearn_modules = (
        "import sklearn.experimental.enable_halving_search_cv, "
        "sklearn.model_selection, sklearn.inspection, sklearn.feature_selection, "
        "sklearn.linear_model, sklearn.metrics"
    )
    imports = ["import infometrics", sklearn_modules]
    if not infometrics_first:
        imports.reverse()
    code = "\n".join(imports) + textwrap.dedent(
        f"""
        import importlib.util, sys
        spec = importlib.util.spec_from_file_location(
            "entry_points", {str(Path(__file__))!r}
        )
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        from sklearn.datasets import load_iris
        X, y = load_iris(return_X_y=True)
        for name, run in module.ENTRY_POINTS.items():
            run("ni2", X, y)
            print(name)
        """
    )
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == list(ENTRY_POINTS)


def test_tuned_threshold_routes_sample_weight_to_the_scorer(iris):
    import sklearn

    import infometrics as im

    X, y = binary(*iris)
    X = StandardScaler().fit_transform(X)
    weights = np.where(y == 2, 4.0, 1.0)
    thresholds = np.linspace(0.1, 0.9, 5)
    with sklearn.config_context(enable_metadata_routing=True):
        scorer = im.make_ni_scorer("ni2").set_score_request(sample_weight=True)
        search = TunedThresholdClassifierCV(
            LogisticRegression(C=0.05).set_fit_request(sample_weight=False),
            scoring=scorer,
            thresholds=thresholds,
            cv=CV,
            store_cv_results=True,
        ).fit(X, y, sample_weight=weights)
    expected = []
    for train, test in CV.split(X, y):
        model = LogisticRegression(C=0.05).fit(X[train], y[train])
        probability = model.predict_proba(X[test])[:, 1]
        expected.append(
            [
                im.ni_score(
                    y[test],
                    np.where(probability >= threshold, 2, 1),
                    reject_label=None,
                    sample_weight=weights[test],
                )
                for threshold in thresholds
            ]
        )
    np.testing.assert_allclose(search.cv_results_["scores"], np.mean(expected, axis=0))
    # The weights change the scores, so the equality above can fail.
    unweighted = TunedThresholdClassifierCV(
        LogisticRegression(C=0.05),
        scoring="ni2",
        thresholds=thresholds,
        cv=CV,
        store_cv_results=True,
    ).fit(X, y)
    assert not np.allclose(
        unweighted.cv_results_["scores"], search.cv_results_["scores"]
    )


def test_tuned_threshold_never_picks_an_undefined_score(iris):
    """NI12 (a divergence) is undefined when every sample is predicted as one
    class; scikit-learn's argmax would pick the NaN, so it ranks last."""
    import infometrics as im

    X, y = binary(*iris)
    search = TunedThresholdClassifierCV(
        logistic(), scoring="ni12", thresholds=9, cv=CV, store_cv_results=True
    )
    with pytest.warns(im.exceptions.UndefinedMeasureWarning, match="NI12"):
        search.fit(X, y)
    scores = search.cv_results_["scores"]
    assert np.isneginf(scores).any()
    assert np.isfinite(search.best_score_)
    assert search.best_score_ == scores.max()
    assert 0 < search.best_score_ <= 1
