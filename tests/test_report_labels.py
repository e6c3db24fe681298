"""Reports: labels= reorders the classes, never renames them; one macro F1."""

import re

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score, precision_score, recall_score

import infometrics as im

Y_TRUE = [1, 1, 1, 2, 2, 3, 3, 3, 3]
Y_PRED = [1, 1, 2, 2, -1, 3, 3, 1, 3]


def _counts():
    table = pd.DataFrame({"t": Y_TRUE, "p": Y_PRED})
    return im.counts_from_table(table, y_true="t", y_pred="p")


def _per_class_html(page):
    return re.search(r'<table class="per-class">.*?</table>', page, re.S).group(0)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_labels_reorder_counts_that_carry_their_classes():
    counts, order = _counts(), [3, 2, 1]
    expected = im.report.per_class_report(Y_TRUE, Y_PRED, labels=order)
    reordered = im.report.per_class_report(confusion_matrix=counts, labels=order)
    pd.testing.assert_frame_equal(reordered, expected)
    # Class 1 keeps its own numbers: 2 of its 3 samples recalled.
    assert reordered.loc[1, "recall"] == pytest.approx(2 / 3)
    assert reordered.index.tolist()[:3] == order
    pd.testing.assert_frame_equal(
        im.report.information_report(confusion_matrix=counts, labels=order),
        im.report.information_report(Y_TRUE, Y_PRED, labels=order),
    )
    options = {"labels": order, "figures": False, "n_resamples": 0}
    assert _per_class_html(
        im.report.html_report(confusion_matrix=counts, **options)
    ) == _per_class_html(im.report.html_report(Y_TRUE, Y_PRED, **options))


def test_labels_that_are_not_the_classes_of_the_counts_are_refused():
    with pytest.raises(ValueError, match="not the row names"):
        im.report.per_class_report(confusion_matrix=_counts(), labels=[1, 2, 4])


def test_macro_f1_is_one_number_in_the_registry_and_the_report():
    # Class 2 has neither true nor predicted samples.
    matrix = [[5, 1, 0, 1], [0, 0, 0, 0], [2, 0, 3, 0]]
    registry = im.conventional_measures(matrix)["macro_f1"]
    report = im.report.per_class_report(confusion_matrix=matrix).loc["macro avg", "f1"]
    assert report == registry
    # scikit-learn's convention: the class listed but never seen counts as 0.
    y_true = [0] * 7 + [2] * 5
    y_pred = [0] * 5 + [1, -1] + [0, 0, 2, 2, 2]
    sklearn = f1_score(
        y_true, y_pred, labels=[0, 1, 2], average="macro", zero_division=0
    )
    assert registry == pytest.approx(sklearn)


@pytest.mark.parametrize("name", ["rejected", "macro avg", "weighted avg"])
def test_a_class_named_like_an_added_row_is_refused(name):
    y_true, y_pred = [name, name, "b"], [name, "-1", "b"]
    with pytest.raises(ValueError, match=f"A class is named '{name}'"):
        im.report.per_class_report(y_true, y_pred, reject_label="-1")
    with pytest.raises(ValueError, match="rename the class"):
        im.report.html_report(y_true, y_pred, reject_label="-1", figures=False)


def test_a_class_named_rejected_is_fine_without_a_reject_column():
    table = im.report.per_class_report(
        ["rejected", "b"], ["rejected", "b"], averages=False, reject_label=None
    )
    assert table.index.tolist() == ["b", "rejected"]
    page = im.report.html_report(
        ["rejected", "b"], ["rejected", "b"], reject_label=None, figures=False
    )
    assert "<th>rejected</th>" in _per_class_html(page)


def test_a_class_named_rejected_is_one_rule_for_the_table_and_the_page():
    # An empty reject column (nothing rejected, reject_label=-1) still names
    # a row "rejected": the table and the page refuse the class alike.
    y = ["rejected", "b", "b"]
    with pytest.raises(ValueError, match="never rejected with reject_label=None"):
        im.report.per_class_report(y, y)
    with pytest.raises(ValueError, match="A class is named 'rejected'"):
        im.report.html_report(y, y, figures=False, n_resamples=0)


def _objects(values):
    array = np.empty(len(values), dtype=object)
    array[:] = values
    return array


def test_tuple_labels_are_classes():
    y_true = _objects([(0, 1), (0, 1), (1, 2), (1, 2)])
    y_pred = _objects([(0, 1), (1, 2), (1, 2), (1, 2)])
    table = im.report.per_class_report(y_true, y_pred, reject_label=None)
    assert table.index.tolist() == [(0, 1), (1, 2), "macro avg", "weighted avg"]
    assert table.loc[[(0, 1)], "recall"].item() == 0.5
    page = im.report.html_report(y_true, y_pred, reject_label=None, figures=False)
    assert "(0, 1)" in _per_class_html(page)


def test_undefined_measures_get_no_rank():
    table = im.report.compare(
        {"A": [[5, 0, 0], [0, 5, 0]], "B": [[0, 0, 5], [0, 0, 5]]},
        measures=["accepted_accuracy"],
    )
    assert np.isnan(table.loc["B", "accepted_accuracy"])
    assert table.loc["A", "rank_accepted_accuracy"] == 1
    assert table.loc["B", "rank_accepted_accuracy"] is pd.NA


def test_a_page_without_rejections_shows_no_reject_ui():
    # The reject-rate card, the matrix's reject column, the per-class row.
    marks = ("<dt>reject rate</dt>", "num reject", "<th>rejected</th>")
    page = im.report.html_report(
        [0, 1, 1, 0], [0, 1, 0, 0], figures=False, n_resamples=0
    )
    assert not [mark for mark in marks if mark in page]
    rejecting = im.report.html_report([0, 1, 1, 0], [0, 1, -1, 0], figures=False)
    assert [mark for mark in marks if mark in rejecting] == list(marks)


def test_a_page_from_a_fitted_estimator():
    from sklearn.datasets import load_iris
    from sklearn.linear_model import LogisticRegression

    X, y = load_iris(return_X_y=True)
    model = im.RejectOptionClassifier(LogisticRegression(max_iter=500), threshold=0.8)
    model.fit(X, y)
    options = {"figures": False, "n_resamples": 0}
    page = im.report.html_report_from_estimator(model, X, y, **options)
    # The tables describe the estimator's own predictions.
    expected = im.report.html_report(y, model.predict(X), **options)
    assert _per_class_html(page) == _per_class_html(expected)
    assert "rejects below confidence 0.8" in page
    assert "Selective classification" in page
    # Named as the Displays name the same estimator (it was "classifier").
    display = im.plotting.RejectCurveDisplay.from_estimator(model, X, y)
    assert display.name == "RejectOptionClassifier(LogisticRegression)"
    assert f"{display.name} · rejects below" in page
    with pytest.raises(ValueError, match="fitted RejectOptionClassifier"):
        im.report.html_report_from_estimator(model.estimator_, X, y)


def test_a_page_from_per_class_thresholds():
    from sklearn.datasets import load_iris
    from sklearn.linear_model import LogisticRegression

    X, y = load_iris(return_X_y=True)
    model = im.RejectOptionClassifierCV(
        LogisticRegression(max_iter=500), per_class=True, cv=3
    ).fit(X, y)
    options = {"figures": False, "n_resamples": 0}
    page = im.report.html_report_from_estimator(model, X, y, **options)
    expected = im.report.html_report(y, model.predict(X), **options)
    assert _per_class_html(page) == _per_class_html(expected)
    assert "per-class confidence thresholds" in page


def test_binary_precision_recall_f1_follow_pos_label_whatever_the_row_order():
    # The reports' two-class precision, recall and F1 are those of
    # conventional_measures_score (pos_label=1, scikit-learn's default):
    # labels=[1, 0] puts class 1 in row 0 but does not make class 0 positive.
    y_true = [0, 0, 0, 1, 1, 1, 1, 0]
    y_pred = [0, 1, 1, 1, 1, 0, 1, 0]
    expected = {
        "precision": precision_score(y_true, y_pred),
        "recall": recall_score(y_true, y_pred),
        "f1": f1_score(y_true, y_pred),
    }
    in_order = im.report.information_report(y_true, y_pred).droplevel("family")
    for labels in ([0, 1], [1, 0]):
        scores = im.conventional_measures_score(y_true, y_pred, labels=labels)
        report = im.report.information_report(y_true, y_pred, labels=labels)
        report = report.droplevel("family")
        table = im.report.compare(
            {"a": (y_true, y_pred)}, labels=labels, measures=list(expected)
        )
        for name, value in expected.items():
            assert scores[name] == pytest.approx(value, abs=1e-15)
            assert report.loc[name, "value"] == scores[name]
            assert table.loc["a", name] == scores[name]
        pd.testing.assert_frame_equal(report, in_order)
