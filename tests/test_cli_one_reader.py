"""Command line: one reader per file format, the same rules for every file."""

import json
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

FLAGS = ("--y-true", "y_true", "--y-pred", "y_pred")


def _records(capsys, *arguments):
    status = main(["report", *map(str, arguments), "--format", "json"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return json.loads(captured.out)


def _reports(capsys, path, *options):
    """The measures and the classes of the per-class report."""
    measures = _records(capsys, path, *FLAGS, *options)
    per_class = _records(capsys, path, *FLAGS, *options, "--per-class")
    values = {row["measure"]: row["value"] for row in measures}
    return values, [row["class"] for row in per_class]


# Each: the CSV, options, the accuracy and the classes the one set of rules reads.
# Beyond the rows an engine samples to guess a column's type.
LATE_TEXT = "y_true,y_pred\n" + "1,1\n" * 30000 + "x,x\n"
CASES = {
    "a space after the comma is not part of the class": (
        "y_true,y_pred\ncat, cat\ndog,dog\ncat,dog\n",
        ("--reject-label", "none"),
        2 / 3,
        ["cat", "dog"],
    ),
    "a nan prediction is a rejection": (
        "y_true,y_pred\na,a\nb,nan\nb,b\n",
        ("--reject-label", "nan"),
        2 / 3,
        ["a", "b", "rejected"],
    ),
    "01 and 1 are one number": (
        "y_true,y_pred\n01,1\n1,1\n2,2\n",
        ("--reject-label", "none"),
        1.0,
        [1, 2],
    ),
    "yes and no stay words": (
        "y_true,y_pred\nyes,yes\nno,yes\n",
        ("--reject-label", "none"),
        0.5,
        ["no", "yes"],
    ),
    "inf is a word": (
        "y_true,y_pred\n1,inf\n2,2\n",
        ("--reject-label", "none"),
        0.5,
        ["1", "2", "inf"],
    ),
    "a column that turns to text late": (
        LATE_TEXT,
        ("--reject-label", "none"),
        1.0,
        ["1", "x"],
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_one_reader_reads_a_csv_by_the_same_rules(case, tmp_path, capsys):
    text, options, accuracy, classes = CASES[case]
    path = tmp_path / "labels.csv"
    path.write_text(text)
    values, names = _reports(capsys, path, *options)
    assert values["accuracy"] == pytest.approx(accuracy)
    averages = ["macro avg", "weighted avg"]
    assert names == [*classes, *averages]


def _parquet(tmp_path, **columns):
    pytest.importorskip("pyarrow")
    path = tmp_path / "table.parquet"
    pd.DataFrame(columns).to_parquet(path)
    return path


def test_plot_reads_parquet(tmp_path, capsys):
    path = _parquet(tmp_path, y_true=[0, 0, 1, 1, 2], y_pred=[0, -1, 1, 0, 2])
    assert main(["plot", str(path), "--output", str(tmp_path / "figures")]) == 0, (
        capsys.readouterr().err
    )
    assert (tmp_path / "figures" / "entropy_triangle.png").stat().st_size > 0


def test_threshold_rejects_below_it(tmp_path, capsys):
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 3, 200)
    y_pred = np.where(rng.random(200) < 0.7, y_true, (y_true + 1) % 3)
    confidence = rng.random(200).round(3)
    scored = tmp_path / "scored.csv"
    pd.DataFrame({"y_true": y_true, "y_pred": y_pred, "c": confidence}).to_csv(
        scored, index=False
    )
    decided = tmp_path / "decided.csv"
    rejected = np.where(confidence < 0.4, -1, y_pred)
    pd.DataFrame({"y_true": y_true, "y_pred": rejected}).to_csv(decided, index=False)
    expected = _records(capsys, decided)
    assert _records(capsys, scored, "--confidence", "c", "--threshold", "0.4") == (
        expected
    )
    parquet = _parquet(tmp_path, y_true=y_true, y_pred=y_pred, c=confidence)
    assert _records(capsys, parquet, "--confidence", "c", "--threshold", "0.4") == (
        expected
    )


def test_one_threshold_needs_no_trailing_comma(tmp_path, capsys):
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,0.9\n1,0,0.5\n1,1,0.8\n")
    options = ("--confidence", "c", "--format", "html")
    for thresholds in ("0.75", "0.75,"):
        status = main(["report", str(path), *options, "--thresholds", thresholds])
        assert status == 0, capsys.readouterr().err
        assert "at 1 confidence thresholds" in capsys.readouterr().out


def test_one_negative_integer_is_a_threshold_not_a_count(tmp_path, capsys):
    # Margins and log-probabilities are negative: "-3" is one edge, as "-3.0".
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,-5\n1,1,-1\n0,1,-4\n1,1,2\n")
    options = ("--confidence", "c", "--format", "html")
    for thresholds in ("-3", " -3 ", "-3.0"):
        status = main(["report", str(path), *options, f"--thresholds={thresholds}"])
        assert status == 0, capsys.readouterr().err
        assert "at 1 confidence thresholds" in capsys.readouterr().out


def test_the_html_page_names_the_threshold_as_html_report(tmp_path, capsys):
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,0.9\n1,0,0.5\n1,1,0.8\n")
    options = ("--confidence", "c", "--threshold", "0.75", "--format", "html")
    assert main(["report", str(path), *options]) == 0
    page = capsys.readouterr().out
    expected = im.report.html_report(
        [0, 1, 1],
        [0, 0, 1],
        confidence=[0.9, 0.5, 0.8],
        threshold=0.75,
        figures=False,
        n_resamples=0,
    )
    sentence = "rejects below confidence 0.75"
    assert sentence in page
    assert sentence in expected


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--threshold", "0.5"), "--threshold needs --confidence COL"),
        (
            ("--confidence", "c", "--threshold", "0.5", "--reject-label", "none"),
            "--threshold rejects predictions; give the label that marks them",
        ),
        (
            ("--confidence", "c", "--weight", "y_true", "--thresholds", "0"),
            "--thresholds must be at least 1",
        ),
    ],
)
def test_threshold_errors_speak_in_flags(options, message, tmp_path, capsys):
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,0.9\n1,0,0.5\n")
    assert main(["report", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert message in err
    for spelling in ("reject_label", "sample_weight", "labels=", "threshold="):
        assert spelling not in err


def test_decimal_labels_give_json(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    # Whole Decimals are classes (one that is not whole is a score, refused).
    labels = [Decimal("1.0"), Decimal("2.0"), Decimal("1.0")]
    path = _parquet(tmp_path, y_true=labels, y_pred=labels)
    records = _records(capsys, path, "--reject-label", "none", "--per-class")
    assert [row["class"] for row in records][:2] == ["1.0", "2.0"]


@pytest.mark.parametrize(("marker", "option"), [(np.inf, "inf"), (-1.0, "-1.0")])
def test_a_float_reject_label_of_a_parquet_column(marker, option, tmp_path, capsys):
    path = _parquet(tmp_path, y_true=[0.0, 1.0, 1.0], y_pred=[0.0, marker, 1.0])
    values, names = _reports(capsys, path, "--reject-label", option)
    assert values["reject_rate"] == pytest.approx(1 / 3)
    assert names == [0, 1, "rejected", "macro avg", "weighted avg"]


@pytest.mark.parametrize("name", ["rejected", "macro avg", "weighted avg"])
def test_a_class_named_like_a_report_row_is_refused_clearly(name, tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text(f"y_true,y_pred\n{name},{name}\nb,-1\nb,b\n")
    status = main(["report", str(path), "--per-class"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert len(err) == 1
    assert f"A class is named {name!r}" in err[0]


@pytest.mark.parametrize(
    ("columns", "options"),
    [
        ({"y_true": [0, -1, 1], "y_pred": [0, 1, 1]}, ()),
        (
            {"y_true": [0, 1, 1], "y_pred": [0, -1, 1], "c": [0.1, 0.2, 0.3]},
            ("--confidence", "c"),
        ),
        (
            {"y_true": [0, 1, 1], "y_pred": [0, 1, 1], "w": [1, -1, 1]},
            ("--weight", "w"),
        ),
    ],
)
def test_errors_of_the_counting_speak_in_flags(columns, options, tmp_path, capsys):
    path = _parquet(tmp_path, **columns)
    assert main(["report", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"infometrics: error: {path}: ")
    for spelling in ("reject_label", "sample_weight", "y_true ", "y_pred "):
        assert spelling not in err


@pytest.mark.parametrize("width", [80, 100, 160])
def test_the_text_table_fits_the_terminal(width, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", str(width))
    path = tmp_path / "matrix.csv"
    path.write_text("74,6,10\n0,9,1\n")
    assert main(["report", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= width
    # The descriptions, left-aligned, come after every other column.
    first = next(line for line in lines if " ni1 " in line)
    described = lines[lines.index(first) + (width < 160)]
    assert described.rstrip().endswith("I / H(T)")
