"""Confusion matrices with row and column names are read by name, never by position."""

import dataclasses
import re
import warnings

import numpy as np
import pandas as pd
import pytest

import infometrics as im


def _labelled(counts, names, rng, *, reject_name="rejected"):
    """``counts`` (rows and columns in ``names`` order) as a DataFrame whose
    rows and columns are both shuffled, each its own way."""
    n_classes = len(names)
    columns = list(names) + ([reject_name] if counts.shape[1] > n_classes else [])
    table = pd.DataFrame(counts, index=list(names), columns=columns)
    rows = rng.permutation(n_classes)
    shuffled_columns = rng.permutation(len(columns))
    return table.iloc[rows, shuffled_columns]


def _in_row_order(table, n_classes):
    """The reference: a loop that looks every cell up by its names."""
    rows = list(table.index)
    extra = [name for name in table.columns if name not in rows]
    counts = np.zeros((n_classes, n_classes + len(extra)))
    for i, true in enumerate(rows):
        for j, predicted in enumerate(rows + extra):
            counts[i, j] = table.loc[true, predicted]
    return counts, rows


def _conventional(matrix, pos_label=1):
    return im.conventional_measures(matrix, pos_label=pos_label)


def _without_date(page):
    """An HTML page without the minute it was made in (it may turn between calls)."""
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "", page)


def _assert_same(result, expected):
    """Equal, NaN where NaN (results are dicts, floats or dataclasses)."""
    if dataclasses.is_dataclass(result):
        result, expected = dataclasses.asdict(result), dataclasses.asdict(expected)
    np.testing.assert_equal(result, expected)


NAME_SETS = [["cat", "dog", "bird"], [3, 1, 2, 0], ["b", "a"], [10, "x", 2.5, "10"]]


@pytest.mark.parametrize("names", NAME_SETS, ids=str)
@pytest.mark.parametrize("with_reject", [True, False])
def test_every_count_level_entry_reads_a_dataframe_by_name(names, with_reject):
    rng = np.random.default_rng(len(names) + with_reject)
    n_classes = len(names)
    for _ in range(3):
        counts = rng.integers(0, 30, (n_classes, n_classes + with_reject)).astype(float)
        counts[np.diag_indices(n_classes)] += 40  # labels right: no note
        table = _labelled(counts, names, rng)
        reference, rows = _in_row_order(table, n_classes)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
            for entry in (
                im.ni,
                im.all_measures,
                _conventional,
                im.information_coverage,
                im.entropy_triangle,
            ):
                # A two-class table names its positive class by label.
                options = {"pos_label": rows[1]} if entry is _conventional else {}
                _assert_same(entry(table, **options), entry(reference))
            pd.testing.assert_frame_equal(
                im.report.information_report(confusion_matrix=table),
                im.report.information_report(confusion_matrix=reference),
            )
            per_class = im.report.per_class_report(confusion_matrix=table)
            expected = im.report.per_class_report(
                confusion_matrix=reference, labels=rows
            )
            pd.testing.assert_frame_equal(per_class, expected)
            compared = im.report.compare({"A": table, "B": reference}, ranks=False)
            pd.testing.assert_series_equal(
                compared.loc["A"], compared.loc["B"], check_names=False
            )
            page = im.report.html_report(
                confusion_matrix=table, figures=False, random_state=0
            )
            assert _without_date(page) == _without_date(
                im.report.html_report(
                    confusion_matrix=reference,
                    labels=rows,
                    figures=False,
                    random_state=0,
                )
            )


def test_the_issue_example_accuracy_is_read_by_name():
    table = pd.DataFrame(
        [[50, 3, 2], [4, 40, 6]], index=["a", "b"], columns=["a", "b", "rejected"]
    )
    swapped = table[["b", "rejected", "a"]]  # columns in another order
    accuracy = im.conventional_measures(swapped, pos_label="b")["correct_rate"]
    assert accuracy == pytest.approx(90 / 105)
    assert accuracy == im.conventional_measures(table.to_numpy())["correct_rate"]


def test_labels_choose_the_order_of_a_labelled_table():
    table = pd.DataFrame(
        [[1, 9, 0], [7, 2, 1]], index=["x", "y"], columns=["y", "x", "reject"]
    )
    per_class = im.report.per_class_report(
        confusion_matrix=table, labels=["y", "x"], averages=False
    )
    assert per_class.index.tolist() == ["y", "x", "rejected"]
    assert per_class["true_support"].tolist() == [10, 10, 0]
    assert per_class.loc["x", "recall"] == pytest.approx(9 / 10)
    assert per_class.loc["y", "recall"] == pytest.approx(7 / 10)
    with pytest.raises(ValueError, match="not the row names"):
        im.report.information_report(confusion_matrix=table, labels=["x", "z"])


@pytest.mark.parametrize(
    ("index", "columns", "message"),
    [
        (["a", "b"], ["a", "c", "rejected"], "same classes as its"),
        (["a", "b"], ["a", "x", "y"], "same classes as its"),
        (["a", "a"], ["a", "b", "r"], "more than once"),
        (["a", "b"], [0, 1, 2], "same classes as its"),
    ],
)
def test_names_that_do_not_match_are_refused(index, columns, message):
    table = pd.DataFrame([[1, 2, 3], [4, 5, 6]], index=index, columns=columns)
    with pytest.raises(ValueError, match=message):
        im.ni(table)
    with pytest.raises(ValueError, match=message):
        im.report.information_report(confusion_matrix=table)


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.UndefinedMeasureWarning")
def test_an_unnamed_dataframe_is_read_as_its_positions():
    counts = np.array([[5, 1, 2], [0, 7, 1]])
    _assert_same(im.all_measures(pd.DataFrame(counts)), im.all_measures(counts))
    square = counts[:, :2]
    _assert_same(im.all_measures(pd.DataFrame(square)), im.all_measures(square))
    # As for an array, labels name the rows.
    frame = pd.DataFrame(counts)
    per_class = im.report.per_class_report(
        confusion_matrix=frame, labels=["a", "b"], averages=False
    )
    assert per_class.index.tolist() == ["a", "b", "rejected"]


def test_an_extra_column_named_like_a_class_is_not_taken_as_the_rejections():
    # pd.crosstab of a classifier that predicts a class never true: the extra
    # column is a class, and read as the rejections it made NI2 0.349 and a
    # reject rate of 1/6 where the labels give 0.637 and 0.
    y_true = ["a"] * 4 + ["b"] * 2
    y_pred = ["a", "a", "a", "b", "b", "c"]
    table = pd.crosstab(pd.Series(y_true), pd.Series(y_pred))
    with pytest.raises(ValueError, match="add an all-zero row for it"):
        im.ni(table)
    with pytest.raises(ValueError, match="name it 'rejected'"):
        im.conventional_measures(table)
    # With its row, the table is what the labels count.
    full = table.reindex(["a", "b", "c"], fill_value=0)
    assert im.ni(full) == pytest.approx(im.ni_score(y_true, y_pred, reject_label=None))
    # Named as the rejections, the column is the reject column.
    for name in ("rejected", "reject", -1, "-1"):
        rejected = table.rename(columns={"c": name})
        measures = im.conventional_measures(rejected, pos_label="b")
        assert measures["reject_rate"] == pytest.approx(1 / 6)


def test_the_registry_reads_the_positive_class_by_label_as_the_reports_do():
    # Label 1 is the first row here: the registry's precision, recall and F1
    # are those of label 1 (scikit-learn's pos_label=1), not of the second row.
    table = pd.DataFrame([[4, 1, 0], [2, 3, 1]], index=[1, 0], columns=[1, 0, -1])
    binary = ["precision", "recall", "f1"]
    got = im.measures.compute_measures(table, binary)
    expected = im.conventional_measures(table)
    assert got == {name: expected[name] for name in binary}
    assert got["precision"] == pytest.approx(4 / 6)
    assert got["recall"] == pytest.approx(4 / 5)
    report = im.report.information_report(confusion_matrix=table)
    assert report.droplevel("family").loc[binary, "value"].tolist() == [
        got[name] for name in binary
    ]
    # Other labels: pos_label names the positive class, and must be one.
    named = pd.DataFrame([[4, 1], [2, 3]], index=["a", "b"], columns=["a", "b"])
    for label, precision in (("a", 4 / 6), ("b", 3 / 4)):
        values = im.measures.compute_measures(named, binary, pos_label=label)
        assert values["precision"] == pytest.approx(precision)
    with pytest.raises(ValueError, match=r"pos_label=1 is not one of .*'a', 'b'"):
        im.measures.compute_measures(named, ["f1"])
    # A measure with no positive class needs none.
    assert im.measures.compute_measures(named, ["ni2"]) == {"ni2": im.ni(named)}


@pytest.mark.parametrize(
    ("labels", "match"),
    [(["x", "x"], "duplicates"), (["x", None], "missing"), ([1, np.nan], "missing")],
)
@pytest.mark.parametrize(
    "entry",
    [
        lambda m, labels: im.ni_score(confusion_matrix=m, labels=labels),
        lambda m, labels: im.report.information_report(
            confusion_matrix=m, labels=labels
        ),
        lambda m, labels: im.report.per_class_report(confusion_matrix=m, labels=labels),
    ],
)
def test_names_of_a_bare_matrix_follow_the_rules_of_labels(entry, labels, match):
    # Two rows named alike would be one class read as two; labels= of y_true
    # and y_pred refuses them, and so does a bare matrix.
    with pytest.raises(ValueError, match=match):
        entry(np.array([[5, 1, 0], [2, 6, 1]]), labels)
