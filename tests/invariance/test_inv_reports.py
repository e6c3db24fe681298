"""Invariants on the report and estimator surfaces that need their own cases.

- 3: a confusion matrix with class names is read by name (columns in another
  order than the rows give the same numbers, or a clear error);
- 1: the HTML page's selective table on tie groups that land exactly on its
  coverages;
- 2 and 7: the permuted-labels note survives the float maximum and does not
  fire on noise;
- 6: estimator decisions follow the classifier's own scores (SVC one-vs-one
  decision values) and a tuning that says "reject nothing" rejects nothing.
"""

import contextlib
import io
import re
import tempfile
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.datasets import load_iris, make_classification
from sklearn.svm import SVC

import infometrics as im
from infometrics.cli import main as cli_main

from .cases import make_case, repeated
from .checks import battery_params
from .registry import FixedScores, html_numbers

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)

CLASSES = ["ant", "bee", "cat"]
COUNTS = np.array([[30, 2, 1, 3], [4, 25, 2, 1], [1, 3, 28, 2]])


def _frame(rows, columns):
    """The matrix labelled by class, rows and columns in the given orders."""
    full = pd.DataFrame(COUNTS, index=CLASSES, columns=[*CLASSES, "rejected"])
    return full.loc[rows, [*columns, "rejected"]]


def _cli_numbers(frame):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "matrix.csv"
        frame.to_csv(path)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli_main(
                ["report", str(path), "--kind", "matrix", "--format", "csv"]
            )
    if status != 0:
        raise ValueError(err.getvalue())
    return pd.read_csv(io.StringIO(out.getvalue()))["value"].to_numpy(dtype=float)


MATRIX_READERS = {
    "all_measures_score": lambda m: im.all_measures_score(
        confusion_matrix=m, replace_undefined_by=np.nan
    ),
    "conventional_measures_score": lambda m: im.conventional_measures_score(
        confusion_matrix=m, replace_undefined_by=np.nan
    ),
    "information_coverage_score": lambda m: (
        im.information_coverage_score(confusion_matrix=m).completeness
    ),
    "information_report": lambda m: im.report.information_report(confusion_matrix=m)[
        "value"
    ],
    "per_class_report": lambda m: im.report.per_class_report(confusion_matrix=m),
    "html_report": lambda m: html_numbers(
        im.report.html_report(confusion_matrix=m, figures=False)
    ),
    "compare": lambda m: im.report.compare({"m": m})[
        ["ni2", "correct_rate", "reject_rate"]
    ],
    "conventional_measures": lambda m: im.conventional_measures(
        m, replace_undefined_by=np.nan
    ),
    "cli report csv": _cli_numbers,
}


def _numbers(value):
    if isinstance(value, dict):
        return np.array([float(v) for v in value.values()])
    if isinstance(value, pd.DataFrame | pd.Series):
        return (
            value.select_dtypes("number").to_numpy(dtype=float).ravel()
            if isinstance(value, pd.DataFrame)
            else value.to_numpy(dtype=float)
        )
    return np.atleast_1d(np.asarray(value, dtype=float))


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("3-labelled-matrix", list(MATRIX_READERS), ["columns reordered"]),
)
def test_a_labelled_matrix_is_read_by_name(name, variant):
    expected = _numbers(MATRIX_READERS[name](_frame(CLASSES, CLASSES)))
    reordered = _frame(CLASSES, ["cat", "ant", "bee"])
    try:
        result = _numbers(MATRIX_READERS[name](reordered))
    except ValueError as error:
        refusal = str(error)
    else:
        refusal = None
    if refusal is not None:
        # Refusing is allowed when it names the mismatch.
        assert re.search("order|name|match", refusal), refusal
        return
    np.testing.assert_allclose(result, expected, rtol=1e-12)


def _tie_case():
    """Tie groups whose weights end exactly at coverages 0.5, 0.8 and 0.9."""
    case = make_case(seed=0, n_samples=10)
    confidence = np.array([0.9, 0.9, 0.8, 0.8, 0.8, 0.7, 0.7, 0.7, 0.6, 0.5])
    weights = np.array([3, 1, 1, 2, 3, 2, 3, 1, 2, 2], dtype=float)  # total 20
    y_true = np.array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0])
    y_pred = np.array([0, 1, 1, 0, 1, 0, 0, 2, 2, 1])
    return case.replace(
        codes_true=y_true,
        codes_pred_full=y_pred,
        y_true=y_true,
        y_pred=y_pred,
        y_pred_full=y_pred,
        confidence=confidence,
        sample_weight=weights,
        y_score=np.eye(3)[y_pred] * confidence[:, None],
    )


_ROW = re.compile(
    r"<tr><th>((?:risk at coverage|coverage at risk)[^<]*)</th>"
    r'<td class="num[^"]*">([^<]*)</td>'
)


def _selective_rows(case):
    page = im.report.html_report(
        case.y_true,
        case.y_pred_full,
        confidence=case.confidence,
        sample_weight=case.sample_weight,
        figures=False,
    )
    return dict(_ROW.findall(page))


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("1-tie-on-request", ["html_report"], ["weighted"]),
)
def test_the_html_selective_table_on_tie_groups(name, variant):
    case = _tie_case()
    weighted = _selective_rows(case)
    assert any(key.startswith("risk at coverage 0.5") for key in weighted)
    assert weighted == _selective_rows(repeated(case))


SWAPPED = np.array([[1, 30, 0], [29, 2, 0]])


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("2-scale", ["compare"], ["permuted note at float maximum"]),
)
def test_the_permuted_labels_note_survives_the_float_maximum(name, variant):
    scale = np.finfo(float).max / SWAPPED.sum()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.PermutedLabelsWarning)
        small = im.report.compare({"m": SWAPPED})
        huge = im.report.compare({"m": SWAPPED * scale})
    assert small["note"].iloc[0]
    assert "note" in huge.columns
    assert huge["note"].iloc[0] == small["note"].iloc[0]


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "7-range",
        ["compare", "information_report"],
        ["random 10-class: no permuted warning"],
    ),
)
def test_no_permuted_labels_warning_on_noise(name, variant):
    rng = np.random.default_rng(0)
    y_true, y_pred = rng.integers(0, 10, 2000), rng.integers(0, 10, 2000)
    with warnings.catch_warnings():
        warnings.simplefilter("error", im.exceptions.PermutedLabelsWarning)
        if name == "compare":
            im.report.compare({"random": (y_true, y_pred)})
        else:
            im.report.information_report(y_true, y_pred)


def _svc_data(n_classes):
    if n_classes == 3:
        return load_iris(return_X_y=True)
    return make_classification(
        n_samples=120, n_features=6, n_informative=4, n_classes=4, random_state=0
    )


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "6-decisions",
        ["RejectOptionClassifier"],
        ["SVC ovo 3 classes", "SVC ovo 4 classes"],
    ),
)
def test_one_vs_one_decision_values_are_not_class_scores(name, variant):
    X, y = _svc_data(int(variant.split()[2]))
    svc = SVC(decision_function_shape="ovo").fit(X, y)
    model = im.RejectOptionClassifier(
        SVC(decision_function_shape="ovo"),
        threshold=0.0,
        response_method="decision_function",
    )
    # One-vs-one columns are pairwise votes, never to be misread as class
    # scores (scikit-learn's SVC docs: decision_function_shape).
    # No per-class margin can be read from them, so a clear refusal at fit
    # (naming decision_function_shape='ovr' or predict_proba) is a right
    # answer too; only wrong classes or an unclear error fail.
    try:
        model.fit(X, y)
        refusal = None
    except ValueError as error:
        refusal = str(error)
    if refusal is not None:
        assert re.search("decision_function_shape='ovr'", refusal), refusal
        return
    predicted = model.predict(X)
    accepted = predicted != -1
    np.testing.assert_array_equal(predicted[accepted], svc.predict(X)[accepted])


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("6-decisions", ["RejectOptionClassifierCV"], ["accuracy"]),
)
def test_a_tuning_that_says_reject_nothing_rejects_nothing(name, variant):
    case = make_case(seed=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = im.RejectOptionClassifierCV(
            FixedScores(), cv=3, scoring="accuracy"
        ).fit(case.X, case.y_true)
    says_nothing = any(
        issubclass(w.category, im.exceptions.DegenerateThresholdWarning)
        and "no sample is rejected" in str(w.message)
        for w in caught
    )
    # scikit-learn's accuracy counts a rejection as an error: best rejecting none.
    assert says_nothing
    assert not np.any(model.predict(case.X) == -1)
    # Nor on new samples less confident than any seen in training.
    unsure = np.array([[0.4, 0.3, 0.3], [0.3, 0.4, 0.3], [0.34, 0.33, 0.33]])
    assert not np.any(model.predict(unsure) == -1)
