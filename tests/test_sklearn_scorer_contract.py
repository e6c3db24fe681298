"""scikit-learn's own scorer and threshold-tuning tests pass with infometrics imported.

``sklearn/metrics/tests/test_score_objects.py`` ships with scikit-learn and
parametrises many of its tests over ``get_scorer_names()``, which then
include the infometrics names. It runs here in a subprocess (about 5-15 s,
the whole file) with a plugin that imports infometrics first, as a user's
``conftest.py`` would. The only failures allowed are the KeyErrors of that
file's own dicts keyed by scikit-learn's scorer names (it has no estimator
for a name it does not know); any other failure is a break of the scorer
contract. ``sklearn/model_selection/tests/test_classification_threshold.py``
runs the same way, and must pass whole.
"""

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np
import pytest
import sklearn
from sklearn.datasets import load_iris
from sklearn.exceptions import UnsetMetadataPassedError
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import make_scorer
from sklearn.model_selection import (
    GroupKFold,
    StratifiedKFold,
    TunedThresholdClassifierCV,
    cross_validate,
)

import infometrics as im

SCORE_OBJECTS_TESTS = (
    Path(sklearn.__file__).parent / "metrics" / "tests" / "test_score_objects.py"
)
THRESHOLD_TESTS = (
    Path(sklearn.__file__).parent
    / "model_selection"
    / "tests"
    / "test_classification_threshold.py"
)
SOURCE = Path(im.__file__).parents[1]


def run_score_objects_tests(
    tmp_path, *, with_infometrics=True, names=(), tests=SCORE_OBJECTS_TESTS
):
    """Run scikit-learn's file (or some of its tests); failures and test names.

    Returns ``({test name: failure message}, {every test name})``.
    """
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "import_infometrics_plugin.py").write_text(
        "import infometrics  # noqa: F401\n" if with_infometrics else ""
    )
    report = tmp_path / "report.xml"
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SOURCE), str(tmp_path)]),
        "PYTHONDONTWRITEBYTECODE": "1",  # never write into site-packages
    }
    targets = [f"{tests}::{name}" for name in names] or [str(tests)]
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(tmp_path / "pytest.ini"),
            "--rootdir",
            str(tmp_path),
            "-p",
            "no:cacheprovider",
            "-p",
            "import_infometrics_plugin",
            "-q",
            "--tb=no",
            f"--junitxml={report}",
            *targets,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment,
        timeout=600,
    )
    if not with_infometrics and not report.exists():
        return {}, set()  # the tests exist only with infometrics' names
    assert report.exists(), completed.stdout[-3000:] + completed.stderr[-3000:]
    failures, names = {}, set()
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        names.add(case.get("name"))
        for outcome in ("failure", "error"):
            for element in case.findall(outcome):
                failures[case.get("name")] = element.get("message", "")
    return failures, names


def is_lookup_of_an_infometrics_name(message):
    """A KeyError of the test file's own dicts, for one of our scorer names."""
    return any(
        message.startswith(f"KeyError: {name!r}") for name in im.get_scorer_names()
    )


@pytest.mark.skipif(
    not SCORE_OBJECTS_TESTS.exists(),
    reason="this scikit-learn installation ships without its tests",
)
def test_scikit_learns_scorer_tests_pass_with_infometrics_imported(tmp_path):
    failures, names = run_score_objects_tests(tmp_path)
    # The plugin did import infometrics: its names were parametrised over.
    assert "test_scorer_set_score_request_raises[ni2]" in names
    assert "test_scorer_metadata_request[neg_aurc]" in names
    unexpected = {
        name: message
        for name, message in failures.items()
        if not is_lookup_of_an_infometrics_name(message)
    }
    if unexpected:  # allowed if they fail without infometrics too
        without, _ = run_score_objects_tests(
            tmp_path, with_infometrics=False, names=sorted(unexpected)
        )
        unexpected = {n: m for n, m in unexpected.items() if n not in without}
    assert unexpected == {}


@pytest.mark.skipif(
    not THRESHOLD_TESTS.exists(),
    reason="this scikit-learn installation ships without its tests",
)
def test_scikit_learns_threshold_tuning_tests_pass_with_infometrics_imported(
    tmp_path,
):
    failures, names = run_score_objects_tests(tmp_path, tests=THRESHOLD_TESTS)
    assert len(names) > 50
    assert failures == {}


def test_the_allowed_failures_are_only_lookups_of_infometrics_names():
    # The filter above must not let a real failure through.
    assert is_lookup_of_an_infometrics_name("KeyError: 'ni2'")
    assert is_lookup_of_an_infometrics_name("KeyError: 'neg_aurc'")
    assert not is_lookup_of_an_infometrics_name("KeyError: 'accuracy'")
    assert not is_lookup_of_an_infometrics_name(
        "Failed: DID NOT RAISE <class 'RuntimeError'>"
    )
    assert not is_lookup_of_an_infometrics_name("AttributeError: _score_func")


def a_metric_with_weights(y_true, y_pred, sample_weight=None):
    return float(np.average(y_true == y_pred, weights=sample_weight))


@pytest.mark.parametrize("name", im.get_scorer_names())
def test_set_score_request_raises_with_routing_off(name):
    scorer = im.get_scorer(name)
    with pytest.raises(RuntimeError, match="only available when metadata routing"):
        scorer.set_score_request(sample_weight=False)
    # Nothing was recorded: the default request is scikit-learn's own for a
    # metric that takes sample_weight ("not set" from scikit-learn 1.9 on).
    with sklearn.config_context(enable_metadata_routing=True):
        default = make_scorer(a_metric_with_weights).get_metadata_routing()
        assert scorer.get_metadata_routing().score.requests == default.score.requests


@pytest.mark.parametrize(
    "scorer",
    [im.make_ni_scorer("ni2"), im.scoring.make_risk_coverage_scorer("aurc")],
    ids=repr,
)
def test_score_requests_follow_scikit_learns_protocol(scorer):
    with sklearn.config_context(enable_metadata_routing=True):
        assert scorer.set_score_request(sample_weight=False) is scorer
        request = scorer.get_metadata_routing()
        assert request.score.requests == {"sample_weight": False}
        # A copy: changing what a router got does not change the scorer.
        request.score.add_request(param="sample_weight", alias=True)
        assert scorer.get_metadata_routing().score.requests == {"sample_weight": False}


def test_sample_weight_false_with_routing_on_is_honoured():
    X, y = load_iris(return_X_y=True)
    weights = np.random.default_rng(0).integers(1, 5, len(y)).astype(float)
    with sklearn.config_context(enable_metadata_routing=True):
        ignoring = im.make_ni_scorer("ni2").set_score_request(sample_weight=False)
        model = LogisticRegression(C=0.02).set_fit_request(sample_weight=True)
        scores = cross_validate(
            model, X, y, cv=3, scoring=ignoring, params={"sample_weight": weights}
        )["test_score"]
    unweighted, weighted = [], []
    for train, test in StratifiedKFold(3).split(X, y):
        fitted = LogisticRegression(C=0.02).fit(
            X[train], y[train], sample_weight=weights[train]
        )
        y_pred = fitted.predict(X[test])
        unweighted.append(im.ni_score(y[test], y_pred, reject_label=None))
        weighted.append(
            im.ni_score(y[test], y_pred, reject_label=None, sample_weight=weights[test])
        )
    np.testing.assert_allclose(scores, unweighted, rtol=1e-12)
    assert not np.allclose(scores, weighted)


@pytest.mark.parametrize("name", ["neg_aurc", "neg_e_aurc", "neg_augrc"])
def test_an_area_cannot_tune_a_decision_threshold(name):
    X, y = load_iris(return_X_y=True)
    keep = y > 0
    with pytest.raises(ValueError, match="cannot score one decision threshold"):
        TunedThresholdClassifierCV(LogisticRegression(), scoring=name, cv=2).fit(
            X[keep], y[keep]
        )


def test_a_multi_measure_scorer_cannot_tune_a_decision_threshold():
    X, y = load_iris(return_X_y=True)
    keep = y > 0
    scorer = im.make_multi_measure_scorer(["ni2", "info_completeness"])
    with pytest.raises(ValueError, match=r"gives several scores.*scoring='ni2'"):
        TunedThresholdClassifierCV(LogisticRegression(), scoring=scorer, cv=2).fit(
            X[keep], y[keep]
        )


# -- metadata routing: RejectOptionClassifierCV as TunedThresholdClassifierCV


def binary_weighted():
    X, y = load_iris(return_X_y=True)
    keep = y > 0
    weights = np.random.default_rng(0).integers(1, 5, keep.sum()).astype(float)
    return X[keep], y[keep], weights


def tuner(kind, scoring):
    model = LogisticRegression(C=0.5).set_fit_request(sample_weight=True)
    if kind == "sklearn":
        return TunedThresholdClassifierCV(model, scoring=scoring, cv=3)
    return im.RejectOptionClassifierCV(model, scoring=scoring, cv=3)


def outcome(call):
    """UnsetMetadataPassedError if ``call()`` raises it, else None."""
    try:
        call()
    except UnsetMetadataPassedError as error:
        return type(error)
    return None


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
@pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true")
@pytest.mark.parametrize("scoring", ["balanced_accuracy", "ni2"])
def test_an_unrequested_sample_weight_does_what_the_threshold_tuner_does(scoring):
    # scikit-learn >= 1.9 raises UnsetMetadataPassedError (the scorer could
    # take sample_weight but did not request it); older versions route none.
    X, y, weights = binary_weighted()
    with sklearn.config_context(enable_metadata_routing=True):
        theirs, ours = (
            outcome(
                lambda kind=kind: tuner(kind, scoring).fit(X, y, sample_weight=weights)
            )
            for kind in ("sklearn", "infometrics")
        )
    assert ours is theirs


# An accuracy-like metric is best rejecting nothing: the reject tuner says so.
@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
@pytest.mark.parametrize("kind", ["sklearn", "infometrics"])
@pytest.mark.parametrize("request_weights", [True, False])
def test_a_requested_sample_weight_reaches_the_scorer_as_in_the_threshold_tuner(
    kind, request_weights
):
    X, y, weights = binary_weighted()
    with sklearn.config_context(enable_metadata_routing=True):
        seen = []

        def recording(y_true, y_pred, sample_weight=None):
            seen.append(sample_weight is not None)
            return np.mean(y_true == y_pred)

        scorer = make_scorer(recording).set_score_request(sample_weight=request_weights)
        tuner(kind, scorer).fit(X, y, sample_weight=weights)
        routing = tuner(kind, scorer).get_metadata_routing()
    assert seen
    assert set(seen) == {request_weights}
    assert routing.consumes("fit", ["sample_weight"]) == {"sample_weight"}


def test_with_routing_off_the_reject_tuner_weighs_its_objective_as_before():
    X, y, weights = binary_weighted()
    model = LogisticRegression(C=0.5)
    weighted = im.RejectOptionClassifierCV(model, cv=3).fit(X, y, sample_weight=weights)
    plain = im.RejectOptionClassifierCV(model, cv=3).fit(X, y)
    repeated = im.RejectOptionClassifierCV(model, cv=3).fit(X, y, sample_weight=weights)
    assert weighted.best_score_ == repeated.best_score_
    assert weighted.best_score_ != plain.best_score_


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.DegenerateThresholdWarning")
@pytest.mark.filterwarnings("ignore:y_pred contains classes not in y_true")
@pytest.mark.parametrize("kind", ["sklearn", "infometrics"])
def test_groups_reach_a_group_splitter_as_in_the_threshold_tuner(kind):
    # With routing on, fit(..., groups=g) reaches GroupKFold's split in both
    # tuners; the folds then keep each group whole.
    X, y, _ = binary_weighted()
    groups = np.arange(len(y)) % 5
    model = LogisticRegression(C=0.5)
    cv = GroupKFold(n_splits=3)
    with sklearn.config_context(enable_metadata_routing=True):
        make = (
            TunedThresholdClassifierCV
            if kind == "sklearn"
            else im.RejectOptionClassifierCV
        )
        make(model, scoring="balanced_accuracy", cv=cv).fit(X, y, groups=groups)
        routing = make(model, scoring="balanced_accuracy", cv=cv).get_metadata_routing()
        assert routing.consumes("fit", ["groups"]) == {"groups"}
        # Without the groups a group splitter cannot split.
        with pytest.raises(ValueError, match="groups"):
            make(model, scoring="balanced_accuracy", cv=cv).fit(X, y)
