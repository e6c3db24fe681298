"""The console script, run in subprocesses on good and bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

SCRIPT = Path(sys.executable).parent / "infometrics"
M5 = [[74, 6, 10], [0, 9, 1]]


def run(*args, cwd=None):
    command = (
        [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "infometrics"]
    )
    return subprocess.run(
        [*command, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=300,
    )


@pytest.fixture
def matrix_csv(tmp_path):
    path = tmp_path / "matrix.csv"
    path.write_text("74,6,10\n0,9,1\n")
    return path


@pytest.fixture
def labels_csv(tmp_path):
    path = tmp_path / "labels.csv"
    frame = pd.DataFrame(
        {
            "truth": ["cat", "cat", "dog", "dog", "dog", "bird"],
            "guess": ["cat", "?", "dog", "cat", "dog", "bird"],
        }
    )
    frame.to_csv(path, index=False)
    return path


def test_console_script_is_installed():
    assert SCRIPT.exists(), (
        "pip install should put the infometrics script beside python"
    )


def test_report_of_a_matrix_as_json_equals_the_core(matrix_csv):
    result = run("report", matrix_csv, "--format", "json")
    assert result.returncode == 0, result.stderr
    records = {row["measure"]: row for row in json.loads(result.stdout)}
    assert records["ni2"]["value"] == pytest.approx(im.ni(M5, "ni2"))
    assert records["false_info_ratio"]["higher_is_better"] is False
    assert records["f1"]["family"] == "conventional"


def test_report_of_a_matrix_with_header_and_names(tmp_path):
    path = tmp_path / "named.csv"
    path.write_text("class,pos,neg,rejected\npos,74,6,10\nneg,0,9,1\n")
    result = run("report", path, "--format", "csv")
    assert result.returncode == 0, result.stderr
    table = pd.read_csv(pd.io.common.StringIO(result.stdout))
    value = table.set_index("measure").loc["ni2", "value"]
    assert value == pytest.approx(im.ni(M5, "ni2"))


def test_report_of_labels_with_a_string_reject_label(labels_csv):
    result = run(
        "report",
        labels_csv,
        "--y-true",
        "truth",
        "--y-pred",
        "guess",
        "--reject-label",
        "?",
        "--format",
        "csv",
    )
    assert result.returncode == 0, result.stderr
    expected = im.ni_score(
        ["cat", "cat", "dog", "dog", "dog", "bird"],
        ["cat", "?", "dog", "cat", "dog", "bird"],
        reject_label="?",
    )
    table = pd.read_csv(pd.io.common.StringIO(result.stdout)).set_index("measure")
    assert table.loc["ni2", "value"] == pytest.approx(expected)


def test_table_format_and_per_class(labels_csv):
    result = run(
        "report",
        labels_csv,
        "--y-true",
        "truth",
        "--y-pred",
        "guess",
        "--reject-label",
        "?",
    )
    assert result.returncode == 0, result.stderr
    assert "normalized information" in result.stdout
    assert "ni24" in result.stdout
    per_class = run(
        "report",
        labels_csv,
        "--y-true",
        "truth",
        "--y-pred",
        "guess",
        "--reject-label",
        "?",
        "--per-class",
    )
    assert per_class.returncode == 0, per_class.stderr
    assert "rejected" in per_class.stdout
    assert "H(S|T=class)" in per_class.stdout


def test_plot_writes_both_figures(matrix_csv, tmp_path):
    output = tmp_path / "figures"
    result = run("plot", matrix_csv, "--output", output)
    assert result.returncode == 0, result.stderr
    for name in ("entropy_triangle.png", "information_coverage.png"):
        assert (output / name).stat().st_size > 10_000


def test_demo_writes_report_and_figures(tmp_path):
    result = run("demo", "--output", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert 'scoring="ni2"' in result.stdout
    assert "Reading:" in result.stdout
    files = {p.name for p in (tmp_path / "out").iterdir()}
    assert files == {
        "comparison.csv",
        "report_tuned.csv",
        "per_class_tuned.csv",
        "entropy_triangle.png",
        "information_coverage.png",
        "reject_curve.png",
        "confusion_matrix.png",
        "risk_coverage.png",
    }
    comparison = pd.read_csv(tmp_path / "out" / "comparison.csv", index_col=0)
    assert "tuned reject option" in comparison.index
    assert {"ni2", "rank_ni2"} <= set(comparison.columns)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["report", "missing.csv"], "missing.csv: no such file"),
        (["report", "{matrix}", "--format", "xml"], "invalid choice: 'xml'"),
        (["nonsense"], "invalid choice: 'nonsense'"),
        ([], "required: command"),
        (["report", "{words}"], "not a number"),
        (["report", "{negative}"], "negative values"),
        (
            ["report", "{labels}", "--kind", "labels"],
            "--y-true y_true, --y-pred y_pred: no such column",
        ),
        (
            [
                "report",
                "{labels}",
                "--y-true",
                "truth",
                "--y-pred",
                "guess",
                "--reject-label",
                "cat",
                "--kind",
                "labels",
            ],
            "column truth holds the reject label 'cat'",
        ),
        (
            ["report", "{int_labels}", "--reject-label", "abc"],
            "--reject-label 'abc' is not a number but the labels are numbers",
        ),
        (["report", "{empty}"], "not a readable CSV"),
        (["report", "{ragged}"], "must have shape"),
    ],
)
def test_bad_input_gives_one_line_on_stderr(
    arguments, message, tmp_path, matrix_csv, labels_csv, capsys, monkeypatch
):
    # In-process through the same main() the script calls; the subprocess
    # test below checks the real script's exit status and stderr.
    files = {
        "matrix": matrix_csv,
        "labels": labels_csv,
        "words": tmp_path / "words.csv",
        "negative": tmp_path / "negative.csv",
        "int_labels": tmp_path / "int_labels.csv",
        "empty": tmp_path / "empty.csv",
        "ragged": tmp_path / "ragged.csv",
    }
    files["words"].write_text("a,b\nc,d\n")
    files["negative"].write_text("1,-2,0\n3,4,0\n")
    files["int_labels"].write_text("y_true,y_pred\n0,1\n1,1\n")
    files["empty"].write_text("")
    files["ragged"].write_text("1,2,3,4\n5,6,7,8\n")
    arguments = [a.format(**files) for a in arguments]
    monkeypatch.chdir(tmp_path)
    assert main(arguments) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("infometrics: error: ")
    assert message in lines[0]


@pytest.mark.parametrize(
    "arguments", [["report", "missing.csv"], ["report", "x.csv", "--format", "xml"]]
)
def test_the_script_exits_2_with_one_line_and_no_traceback(arguments, tmp_path):
    result = run(*arguments, cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("infometrics: error: ")


def test_version_and_format_help():
    version = run("--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"infometrics {im.__version__}"
    help_text = run("report", "--help")
    assert help_text.returncode == 0
    for word in ("table:", "csv:", "json:"):
        assert word in " ".join(help_text.stdout.split())


def test_permuted_predictions_warn_in_one_line_and_in_the_note(tmp_path):
    shifted = tmp_path / "shifted.csv"
    shifted.write_text("0,10,0\n0,0,10\n10,0,0\n")
    result = run("report", shifted, "--per-class", "--format", "csv")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(
        "infometrics: warning: Relabelling the predictions 0 -> 2, 1 -> 0, 2 -> 1 "
        "would raise the accuracy from 0.000 to 1.000."
    )
    table = pd.read_csv(pd.io.common.StringIO(result.stdout), index_col=0)
    assert table["note"].tolist()[:3] == [
        "predictions look like class 2",
        "predictions look like class 0",
        "predictions look like class 1",
    ]
    assert table.loc[["macro avg", "weighted avg"], "note"].isna().all()
    assert table["true_support"].tolist() == [10, 10, 10, 30, 30]


def test_no_warning_leaks_from_reports_of_degenerate_input(tmp_path, capsys):
    # One true class: most measures are undefined; the table shows NaN and
    # nothing is printed on stderr (no warnings.catch_warnings needed).
    degenerate = tmp_path / "degenerate.csv"
    degenerate.write_text("5,0,0\n0,0,0\n")
    for extra in ([], ["--per-class"]):
        assert main(["report", str(degenerate), *extra]) == 0
        captured = capsys.readouterr()
        assert captured.err == ""
        assert "NaN" in captured.out


def test_report_reads_standard_input():
    command = (
        [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "infometrics"]
    )
    result = subprocess.run(
        [*command, "report", "-", "--format", "json"],
        input="74,6,10\n0,9,1\n",
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    records = {r["measure"]: r["value"] for r in json.loads(result.stdout)}
    assert records["ni2"] == pytest.approx(im.ni(M5, "ni2"), rel=1e-12)
    assert "standard input" in " ".join(run("report", "--help").stdout.split())
