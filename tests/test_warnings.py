"""Every public warning is reported at the caller's line, not inside the package.

Each test calls a public function that warns, from this file, and checks the
file the warning names (``warnings.warn``'s ``stacklevel``).
"""

import warnings

import numpy as np
import pandas as pd
import pytest
from public_names import PUBLIC
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression

import infometrics as im


def caught(category, call):
    """The warnings of ``category`` emitted by ``call()``."""
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        call()
    found = [record for record in records if issubclass(record.category, category)]
    assert found, f"no {category.__name__}"
    return found


def labels_and_rejections():
    y_true = np.array([0, 0, 1, 1, 2, 2] * 5)
    return y_true, (y_true + 1) % 3


CALLS = {
    "RejectLabelWarning, strings": (
        im.exceptions.RejectLabelWarning,
        lambda: im.augmented_confusion_matrix(["a", "b"], ["a", "-1"]),
    ),
    "RejectLabelWarning, categoricals": (
        im.exceptions.RejectLabelWarning,
        lambda: im.augmented_confusion_matrix(
            pd.Categorical(["a", "b"]), pd.Categorical(["a", "-1"])
        ),
    ),
    "RejectLabelWarning, ni_score": (
        im.exceptions.RejectLabelWarning,
        lambda: im.ni_score(["a", "b"], ["a", "-1"]),
    ),
    "UndefinedMeasureWarning, ni": (
        im.exceptions.UndefinedMeasureWarning,
        lambda: im.ni([[5, 0], [0, 0]], measure="ni1"),
    ),
    "UndefinedMeasureWarning, ni_score": (
        im.exceptions.UndefinedMeasureWarning,
        lambda: im.ni_score([0, 0], [0, 0], measure="ni1"),
    ),
    "UndefinedMeasureWarning, all_measures": (
        im.exceptions.UndefinedMeasureWarning,
        lambda: im.all_measures([[5, 0], [0, 0]]),
    ),
    "UndefinedMeasureWarning, bootstrap": (
        im.exceptions.UndefinedMeasureWarning,
        lambda: im.resampling.bootstrap_measures(
            [[5, 0], [0, 0]], "ni1", n_resamples=20, random_state=0
        ),
    ),
    "PermutedLabelsWarning, information_report": (
        im.exceptions.PermutedLabelsWarning,
        lambda: im.report.information_report(
            *labels_and_rejections(), reject_label=None
        ),
    ),
    "PermutedLabelsWarning, compare": (
        im.exceptions.PermutedLabelsWarning,
        lambda: im.report.compare({"a": labels_and_rejections()}, reject_label=None),
    ),
    "DegenerateThresholdWarning": (
        im.exceptions.DegenerateThresholdWarning,
        lambda: im.RejectOptionClassifierCV(
            LogisticRegression(max_iter=500), scoring="false_info_ratio", cv=2
        ).fit(*load_iris(return_X_y=True)),
    ),
}


@pytest.mark.parametrize("path", list(CALLS))
def test_a_public_warning_points_at_the_callers_line(path):
    category, call = CALLS[path]
    for record in caught(category, call):
        assert record.filename == __file__


def test_a_scorer_registration_failure_points_at_the_caller(monkeypatch):
    from sklearn.metrics import _scorer  # the registry the warning is about

    monkeypatch.setattr(_scorer, "_SCORERS", tuple(_scorer._SCORERS))
    records = caught(
        im.exceptions.ScorerRegistrationWarning, im.scoring.register_scorers
    )
    assert records[0].filename == __file__
    message = str(records[0].message)
    assert "'ni2'" in message
    assert "infometrics.get_scorer('ni2')" in message


def test_a_scorer_registration_failure_returns_false(monkeypatch):
    from sklearn.metrics import _scorer

    monkeypatch.setattr(_scorer, "_SCORERS", tuple(_scorer._SCORERS))
    with pytest.warns(im.exceptions.ScorerRegistrationWarning):
        assert im.scoring.register_scorers() is False
    monkeypatch.undo()
    assert im.scoring.register_scorers() is True


def test_every_public_warning_lives_in_the_exceptions_module():
    import infometrics.exceptions

    # Every warning class of every public namespace is one of the module's.
    public = {
        name
        for name, obj in PUBLIC.items()
        if isinstance(obj, type) and issubclass(obj, Warning)
    }
    assert public == set(infometrics.exceptions.__all__)
    for name in public:
        assert PUBLIC[name] is getattr(infometrics.exceptions, name)
