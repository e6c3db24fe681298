"""Scorers: scoring="ni2" everywhere in scikit-learn, estimator-aware, weighted."""

import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import sklearn
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import get_scorer, get_scorer_names
from sklearn.model_selection import (
    GridSearchCV,
    RandomizedSearchCV,
    StratifiedKFold,
    cross_val_score,
    cross_validate,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import infometrics as im
from infometrics.measures import compute_measures

DOCUMENTED_NAMES = [
    *(f"ni{k}" for k in range(1, 25)),
    "info_completeness",
    "neg_false_info_ratio",
    "neg_info_error",
    "triangle_mi",
    "neg_triangle_vi",
    "neg_triangle_dh",
    "ema",
    "nit",
]


@pytest.fixture(scope="module")
def iris():
    X, y = load_iris(return_X_y=True)
    return X, y


def abstaining_pipeline(threshold=0.8):
    return make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(LogisticRegression(C=0.05), threshold=threshold),
    )


AREA_NAMES = ["neg_aurc", "neg_e_aurc", "neg_augrc"]
# The measures adjusted for chance (higher is better for every one).
ADJUSTED_NAMES = [
    *(f"adjusted_ni{k}" for k in (1, 2, 3, 4, 5, 6, 8, 9)),
    "adjusted_info_completeness",
    "adjusted_false_info_ratio",
    "adjusted_info_error",
    "adjusted_triangle_mi",
    "adjusted_triangle_vi",
]


def test_every_spec_name_is_registered_and_listed():
    names = DOCUMENTED_NAMES + AREA_NAMES + ADJUSTED_NAMES
    assert im.get_scorer_names() == names
    assert set(names) <= set(get_scorer_names())
    for name in DOCUMENTED_NAMES + ADJUSTED_NAMES:
        assert isinstance(get_scorer(name), im.scoring.InformationScorer)
    for name in AREA_NAMES:
        assert isinstance(get_scorer(name), im.scoring.RiskCoverageScorer)
        assert isinstance(im.get_scorer(name), im.scoring.RiskCoverageScorer)


def test_registration_is_idempotent():
    before = list(get_scorer_names())
    assert im.scoring.register_scorers()
    assert im.scoring.register_scorers()
    assert get_scorer_names() == before


@pytest.mark.parametrize("name", DOCUMENTED_NAMES)
def test_scorer_value_equals_the_measure_of_the_same_predictions(iris, name):
    X, y = iris
    model = abstaining_pipeline().fit(X, y)
    predictions = model.predict(X)
    assert (predictions == -1).any()
    matrix = im.augmented_confusion_matrix(y, predictions, labels=model.classes_)
    spec = im.measures.MEASURES[name.removeprefix("neg_")]
    expected = compute_measures(matrix, [spec.name], replace_undefined_by=np.nan)[
        spec.name
    ]
    scorer = im.make_ni_scorer(name, replace_undefined_by=np.nan)
    got = scorer(model, X, y)
    sign = 1 if spec.higher_is_better else -1
    np.testing.assert_allclose(got, sign * expected)
    if name == "ni2":
        assert got == pytest.approx(im.ni_score(y, predictions))


def test_plain_classifier_cannot_reject_and_abstainer_reads_its_own_label(iris):
    X, y = iris
    plain = LogisticRegression(max_iter=500).fit(X, y)
    predictions = plain.predict(X)
    square = im.augmented_confusion_matrix(y, predictions, reject_label=None)
    assert im.make_ni_scorer("ni1")(plain, X, y) == pytest.approx(im.ni(square, "ni1"))

    y_text = np.array(["setosa", "versicolor", "virginica"])[y]
    model = make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(
            LogisticRegression(C=0.05), threshold=0.8, reject_label="unsure"
        ),
    ).fit(X, y_text)
    predictions = model.predict(X)
    assert (predictions == "unsure").any()
    expected = im.ni_score(y_text, predictions, reject_label="unsure")
    assert im.get_scorer("ni2")(model, X, y_text) == pytest.approx(expected)


def test_rows_follow_the_estimators_classes_when_a_fold_lacks_a_class(iris):
    X, y = iris
    model = DecisionTreeClassifier(random_state=0).fit(X[y != 2], y[y != 2])
    # The test fold holds class 2, which the model never saw: it is kept.
    value = im.make_ni_scorer("ni1")(model, X, y)
    predictions = model.predict(X)
    expected = im.ni_score(y, predictions, labels=[0, 1, 2], reject_label=None)
    assert value == pytest.approx(expected)
    # Class order follows classes_, not the sorted labels.
    y_named = np.array(["c", "b", "a"])[y]
    model = DecisionTreeClassifier(random_state=0).fit(X, y_named)
    scorer = im.make_multi_measure_scorer(["ni2", "kappa"])
    assert scorer(model, X, y_named)["ni2"] == pytest.approx(1.0)


def test_scoring_strings_in_every_entry_point(iris):
    X, y = iris
    cv = StratifiedKFold(3, shuffle=True, random_state=0)
    scores = cross_val_score(abstaining_pipeline(), X, y, scoring="ni2", cv=cv)
    assert scores.shape == (3,)
    assert np.all((scores > 0) & (scores <= 1))

    results = cross_validate(
        abstaining_pipeline(),
        X,
        y,
        cv=cv,
        scoring=["ni2", "neg_false_info_ratio", "accuracy"],
    )
    assert np.all(results["test_neg_false_info_ratio"] <= 0)

    results = cross_validate(
        abstaining_pipeline(),
        X,
        y,
        cv=cv,
        scoring={"info": "ni2", "triangle": "triangle_mi"},
    )
    assert set(results) >= {"test_info", "test_triangle"}

    search = GridSearchCV(
        abstaining_pipeline(),
        {"rejectoptionclassifier__threshold": [0.0, 0.6, 0.99]},
        scoring=["ni2", "info_completeness"],
        refit="ni2",
        cv=cv,
    ).fit(X, y)
    assert search.best_params_["rejectoptionclassifier__threshold"] < 0.99
    assert search.best_score_ == pytest.approx(
        search.cv_results_["mean_test_ni2"][search.best_index_]
    )

    search = RandomizedSearchCV(
        abstaining_pipeline(),
        {"rejectoptionclassifier__estimator__C": [0.01, 0.1, 1.0]},
        n_iter=2,
        scoring="ni2",
        cv=cv,
        random_state=0,
    ).fit(X, y)
    assert 0 < search.best_score_ <= 1


def test_scoring_string_with_parallel_workers(iris):
    X, y = iris
    scores = cross_val_score(abstaining_pipeline(), X, y, scoring="ni2", cv=3, n_jobs=2)
    serial = cross_val_score(abstaining_pipeline(), X, y, scoring="ni2", cv=3)
    np.testing.assert_allclose(scores, serial)


def test_multi_measure_scorer_with_refit(iris):
    X, y = iris
    scorer = im.make_multi_measure_scorer(["ni2", "false_info_ratio", "triangle_mi"])
    search = GridSearchCV(
        abstaining_pipeline(),
        {"rejectoptionclassifier__threshold": [0.0, 0.7]},
        scoring=scorer,
        refit="ni2",
        cv=3,
    ).fit(X, y)
    for key in (
        "mean_test_ni2",
        "mean_test_neg_false_info_ratio",
        "mean_test_triangle_mi",
    ):
        assert key in search.cv_results_
    single = cross_val_score(
        abstaining_pipeline(0.7), X, y, scoring="neg_false_info_ratio", cv=3
    )
    assert search.cv_results_["mean_test_neg_false_info_ratio"][1] == pytest.approx(
        single.mean()
    )


def weighted_data(iris):
    X, y = iris
    weights = np.where(y == 2, 5.0, 1.0)
    return X, y, weights


def test_sample_weight_reaches_the_scorer_with_routing_off(iris):
    X, y, weights = weighted_data(iris)
    model = abstaining_pipeline().fit(X, y)
    weighted = im.get_scorer("ni2")(model, X, y, sample_weight=weights)
    assert weighted == pytest.approx(
        im.ni_score(y, model.predict(X), sample_weight=weights)
    )
    assert weighted != pytest.approx(im.get_scorer("ni2")(model, X, y))

    def search(**fit_params):
        return GridSearchCV(
            make_pipeline(StandardScaler(), DecisionTreeClassifier(random_state=0)),
            {"decisiontreeclassifier__max_depth": [1, 2]},
            scoring="ni2",
            cv=3,
        ).fit(X, y, **fit_params)

    assert not np.allclose(
        search().cv_results_["mean_test_score"],
        search(decisiontreeclassifier__sample_weight=weights).cv_results_[
            "mean_test_score"
        ],
    )


def test_sample_weight_reaches_the_scorer_with_routing_on(iris):
    X, y, weights = weighted_data(iris)
    with sklearn.config_context(enable_metadata_routing=True):
        scorer = im.make_ni_scorer("ni2").set_score_request(sample_weight=True)
        tree = DecisionTreeClassifier(max_depth=1, random_state=0).set_fit_request(
            sample_weight=False
        )
        weighted = cross_validate(
            tree, X, y, cv=3, scoring=scorer, params={"sample_weight": weights}
        )["test_score"]
        unweighted = cross_validate(tree, X, y, cv=3, scoring=scorer)["test_score"]
    folds = StratifiedKFold(3).split(X, y)
    expected = []
    for train, test in folds:
        model = DecisionTreeClassifier(max_depth=1, random_state=0).fit(
            X[train], y[train]
        )
        expected.append(
            im.ni_score(
                y[test],
                model.predict(X[test]),
                reject_label=None,
                sample_weight=weights[test],
            )
        )
    np.testing.assert_allclose(weighted, expected)
    assert not np.allclose(weighted, unweighted)


def test_scorers_pickle_and_repr():
    scorer = im.make_ni_scorer("neg_info_error", reject_label="r", labels=["a", "b"])
    clone = pickle.loads(pickle.dumps(scorer))
    assert repr(clone) == repr(scorer)
    assert "reject_label='r'" in repr(scorer)
    multi = pickle.loads(pickle.dumps(im.make_multi_measure_scorer()))
    assert multi.measures == [
        "ni2",
        "info_completeness",
        "false_info_ratio",
        "triangle_mi",
    ]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: im.get_scorer("accuracy"), "not an infometrics scorer name"),
        (lambda: im.make_ni_scorer("ni99"), "Unknown measure"),
        (lambda: im.make_ni_scorer("neg_ni2"), "Unknown measure"),
        (lambda: im.make_multi_measure_scorer([]), "at least one measure"),
    ],
)
def test_scorer_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_scorer_rejects_unknown_metadata(iris):
    X, y = iris
    model = DecisionTreeClassifier().fit(X, y)
    # scikit-learn's own refusal, as for its scorers: with routing off a
    # scorer takes only sample_weight.
    with pytest.raises(ValueError, match="extra keyword arguments"):
        im.get_scorer("ni2")(model, X, y, groups=y)


def run_python(code):
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_nested_search_in_fresh_workers_needs_the_scorer_object():
    """A string reaching a fresh worker that never imported infometrics fails
    (documented in the user guide); the object form works."""
    result = run_python(
        """
        import infometrics
        from sklearn.datasets import load_iris
        from sklearn.model_selection import GridSearchCV, cross_val_score
        from sklearn.tree import DecisionTreeClassifier
        from sklearn.utils._param_validation import InvalidParameterError
        X, y = load_iris(return_X_y=True)
        search = GridSearchCV(
            DecisionTreeClassifier(random_state=0), {"max_depth": [1, 2]},
            scoring="ni2", cv=2,
        )
        try:
            cross_val_score(search, X, y, cv=2, n_jobs=2, error_score="raise")
        except InvalidParameterError as error:
            assert "'scoring' parameter" in str(error), error
            print("string refused in a fresh worker")
        search.set_params(scoring=infometrics.get_scorer("ni2"))
        by_object = cross_val_score(search, X, y, cv=2, n_jobs=2, error_score="raise")
        serial = cross_val_score(search, X, y, cv=2)
        assert (by_object == serial).all(), (by_object, serial)
        print("object works")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == [
        "string refused in a fresh worker",
        "object works",
    ]


@pytest.mark.parametrize(
    "break_internals",
    [
        # The registry dict became read-only.
        "internals._SCORERS = types.MappingProxyType(dict(internals._SCORERS))",
        # A captured name set became immutable.
        "constraint = [c for c in cross_val_score._skl_parameter_constraints"
        "['scoring'] if hasattr(c, 'options')][0]; "
        "constraint.options = frozenset(constraint.options)",
    ],
)
def test_degraded_registration_warns_and_keeps_scorer_objects(break_internals):
    result = run_python(
        f"""
        import types
        import warnings
        import sklearn.metrics._scorer as internals
        from sklearn.datasets import load_iris
        from sklearn.model_selection import cross_val_score
        from sklearn.tree import DecisionTreeClassifier
        {break_internals}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import infometrics
        names = [w.category.__name__ for w in caught]
        assert names == ["ScorerRegistrationWarning"], names
        assert "get_scorer" in str(caught[0].message)
        X, y = load_iris(return_X_y=True)
        scores = cross_val_score(DecisionTreeClassifier(), X, y,
                                 scoring=infometrics.get_scorer("ni2"), cv=3)
        print("ok", len(scores))
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok 3"


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [("NI2", "'ni2'\\?"), ("ni_2", "'ni2' or"), ("neg_arc", "'neg_aurc'")],
)
def test_a_misspelt_scorer_name_names_the_close_match(name, suggestion):
    with pytest.raises(ValueError, match=f"did you mean {suggestion}") as raised:
        im.get_scorer(name)
    assert "ni1" not in str(raised.value)  # not the list of every name


@pytest.mark.parametrize("name", im.get_scorer_names())
def test_every_scorer_is_the_class_make_scorer_returns(name):
    # scikit-learn's own scorer protocol, whatever the installed version.
    from sklearn.metrics import accuracy_score, make_scorer

    assert isinstance(im.get_scorer(name), type(make_scorer(accuracy_score)))
