"""Command line: names read by name, text read as text, errors in its own words."""

import io
import itertools

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

# Python spellings that must never reach a command-line user.
PYTHON_SPELLINGS = ("reject_label=", "np.", "labels=", "sample_weight", "to_numpy")

SAME_CLASSES = "columns must name the same classes as its rows"


def _run(capsys, *arguments):
    status = main([str(argument) for argument in arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _csv_report(capsys, path, *options):
    status, out, err = _run(capsys, "report", path, "--format", "csv", *options)
    assert status == 0, err
    table = pd.read_csv(io.StringIO(out), keep_default_na=False)
    if "class" in table:
        # The per-class table's average rows (tested in test_report_reading)
        # are not classes.
        averages = table["class"].isin(["macro avg", "weighted avg"])
        assert averages.sum() == 2
        table = table[~averages].reset_index(drop=True)
    return table


def _values(table):
    """The value column as floats (an undefined value is an empty cell)."""
    return pd.to_numeric(table["value"].replace("", np.nan)).to_numpy()


def _correct_rate(table):
    return float(table.set_index("measure").loc["correct_rate", "value"])


# --- a matrix with a header and class names is read by name -----------------


@pytest.mark.parametrize("corner", ["", "true"])
def test_a_matrix_with_names_on_both_sides_is_read_by_name(corner, tmp_path, capsys):
    # The example: columns in another order than the rows.
    counts = pd.DataFrame(
        [[50, 3, 2], [4, 40, 6]], index=["a", "b"], columns=["a", "b", "rejected"]
    )
    for columns in itertools.permutations(counts.columns):
        for rows in (["a", "b"], ["b", "a"]):
            table = counts.loc[rows, list(columns)]
            path = tmp_path / "m.csv"
            lines = [",".join([corner, *columns])]
            lines += [",".join([row, *map(str, table.loc[row])]) for row in rows]
            path.write_text("\n".join(lines) + "\n")
            report = _csv_report(capsys, path)
            assert _correct_rate(report) == pytest.approx(90 / 105)
            per_class = _csv_report(capsys, path, "--per-class")
            assert per_class["class"].tolist() == [*rows, "rejected"]
            expected = counts.loc[rows, [*rows, "rejected"]].to_numpy()
            assert per_class["true_support"].tolist()[:2] == expected.sum(1).tolist()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (",a,c,rejected\na,1,2,3\nb,4,5,6\n", SAME_CLASSES),
        (",a,x,y\na,1,2,3\nb,4,5,6\n", SAME_CLASSES),
        (",a,b,r\na,1,2,3\na,4,5,6\n", "names 'a' more than once"),
        (",a,a,r\na,1,2,3\nb,4,5,6\n", "names 'a' more than once"),
    ],
)
def test_names_that_do_not_match_are_refused(text, message, tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text(text)
    status, _, err = _run(capsys, "report", path)
    assert status == 2
    assert err.startswith(f"infometrics: error: {path}: ")
    assert message in err


def test_a_header_alone_names_the_classes(tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text("cat,dog,rejected\n74,6,10\n0,9,1\n")
    per_class = _csv_report(capsys, path, "--per-class")
    assert per_class["class"].tolist() == ["cat", "dog", "rejected"]
    assert per_class["true_support"].tolist() == [90, 10, 0]


# --- tables of labels --------------------------------------------------------


def test_nan_reject_label_with_string_labels(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\ncat,cat\ndog,\ndog,dog\ncat,dog\ndog,nan\n")
    report = _csv_report(capsys, path, "--reject-label", "nan")
    expected = im.report.information_report(
        ["cat", "dog", "dog", "cat", "dog"],
        ["cat", "?", "dog", "dog", "?"],
        reject_label="?",
    )
    assert _values(report) == pytest.approx(expected["value"].to_numpy(), nan_ok=True)


def test_spaces_around_the_header_names_are_not_part_of_them(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("y_true , y_pred \na,a\nb,a\n")
    per_class = _csv_report(capsys, path, "--per-class", "--reject-label", "none")
    assert per_class["true_support"].tolist() == [1, 1]


def test_na_none_and_null_are_class_names(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    names = ["NA", "None", "null", "N/A", "NULL"]
    y_true = names * 2
    y_pred = names[1:] + names[:1] + names
    rows = [f"{t},{p}" for t, p in zip(y_true, y_pred, strict=True)]
    path.write_text("y_true,y_pred\n" + "\n".join(rows) + "\n")
    per_class = _csv_report(capsys, path, "--per-class", "--reject-label", "none")
    assert per_class["class"].tolist() == sorted(names)
    expected = im.report.per_class_report(
        y_true, y_pred, reject_label=None, averages=False
    )
    assert per_class["recall"].tolist() == pytest.approx(expected["recall"].tolist())


def test_numbers_are_read_as_numbers_exactly(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    big = 2**63 + 1  # beyond int64 and not a float
    path.write_text(f"y_true,y_pred\n2,2.0\n10,10\n{big},{big}\n{big},-1\n")
    per_class = _csv_report(capsys, path, "--per-class")
    assert per_class["class"].tolist() == ["2", "10", str(big), "rejected"]
    assert per_class["recall"].tolist()[:3] == ["1.0", "1.0", "0.5"]


# --- every input error names its file and speaks the command line ------------

BAD_INPUTS = [
    ("y_true,y_pred\ncat,dog\ndog,\n", (), "add --reject-label nan"),
    ("y_true,y_pred\ncat,dog\n,dog\n", (), "column y_true is empty"),
    ("y_true,y_pred\ncat,dog\ndog,dog\n", ("--reject-label", "cat"), "reject label"),
    ("y_true,y_pred\n1,2\n2,2\n", ("--reject-label", "x"), "--reject-label none"),
    ("y_true,y_pred\n1,2.5\n2,2\n", (), "not a class label"),
    ("y_true,y_pred\n", (), "no rows"),
    ("y_true,y_pred,y_pred\na,a,b\nb,b,a\n", (), "has 2 columns 'y_pred'"),
    ("1,-2,0\n3,4,0\n", (), "negative"),
    ("1,2,3,4\n5,6,7,8\n", (), "shape"),
    ("0,0,0\n0,0,0\n", (), ""),
    ("a,b\nc,d\n", (), "not a number"),
    (",a,b\nb,1,2\nc,3,4\n", (), SAME_CLASSES),
]


@pytest.mark.parametrize(("text", "options", "message"), BAD_INPUTS)
def test_input_errors_name_the_file_in_command_line_words(
    text, options, message, tmp_path, capsys
):
    path = tmp_path / "input.csv"
    path.write_text(text)
    status, _, err = _run(capsys, "report", path, *options)
    if status == 0:  # an all-zero matrix is a valid (if empty) report
        assert message == ""
        return
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"infometrics: error: {path}: ")
    assert message in lines[0]
    for spelling in PYTHON_SPELLINGS:
        assert spelling not in err


def test_the_default_reject_label_with_text_labels_says_so(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\ncat,reject\ndog,dog\n")
    status, _, err = _run(capsys, "report", path)
    assert status == 0
    assert err.startswith(f"infometrics: warning: {path}: no prediction is -1")
    for spelling in PYTHON_SPELLINGS:
        assert spelling not in err


# --- CSV output cannot run as a spreadsheet formula --------------------------


def test_report_csv_neutralises_class_names_but_not_numbers(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    names = ["=HYPERLINK(1)", "+1+2", "-cmd", "@SUM(A1)"]
    rows = [f'"{t}","{p}"' for t, p in zip(names, names[1:] + names[:1], strict=True)]
    rows += [f'"{t}","{t}"' for t in names]
    path.write_text("y_true,y_pred\n" + "\n".join(rows) + "\n")
    options = ["--per-class", "--format", "csv", "--reject-label", "none"]
    status, out, err = _run(capsys, "report", path, *options)
    assert status == 0, err
    table = pd.read_csv(io.StringIO(out), keep_default_na=False)
    assert table["class"].tolist() == [
        *("'" + name for name in sorted(names)),
        "macro avg",
        "weighted avg",
    ]
    # Every cell of the output that starts with a formula character is quoted.
    for line in out.splitlines():
        for cell in line.split(","):
            assert not cell.startswith(("=", "+", "@")), line
    measures = _csv_report(capsys, path, "--reject-label", "none")
    # Numbers stay numbers, negative ones too (Holt's 0-1 loss is -accuracy).
    assert np.isfinite(_values(measures)).sum() > 30
    assert (_values(measures) < 0).any()


def test_plot_draws_a_mathtext_name_and_leaves_the_users_figures(tmp_path, capsys):
    plt = pytest.importorskip("matplotlib.pyplot")
    path = tmp_path / "m.csv"
    path.write_text("74,6,10\n0,9,1\n")
    users = plt.figure()
    before = plt.get_fignums()
    status, _, err = _run(
        capsys, "plot", path, "--name", "$5 to $10 $^$", "--output", tmp_path / "f"
    )
    assert plt.get_fignums() == before  # none closed, none left open
    plt.close(users)
    assert status == 0, err
    assert (tmp_path / "f" / "entropy_triangle.png").exists()
    assert (tmp_path / "f" / "information_coverage.png").exists()


def test_plain_text_labels_raise_no_reject_label_warning(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\ncat,dog\ndog,dog\n")
    status, _, err = _run(capsys, "report", path)
    assert status == 0
    assert err == ""
