"""Command-line input: files are read as written, or refused clearly."""

import json
import math

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

M5 = [[74, 6, 10], [0, 9, 1]]


def report(path, capsys, *options):
    """(exit status, stdout, stderr) of ``infometrics report path``, in process."""
    status = main(["report", str(path), "--format", "csv", *options])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def ni2_of(stdout):
    table = pd.read_csv(pd.io.common.StringIO(stdout)).set_index("measure")
    return table.loc["ni2", "value"]


def assert_one_line_error(status, stdout, stderr, message):
    assert status == 2
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("infometrics: error: ")
    assert message in lines[0], lines[0]
    assert "Traceback" not in stderr


@pytest.mark.parametrize(
    "text",
    [
        "74,6,10\n0,9,1\n",
        "class,pos,neg,rejected\npos,74,6,10\nneg,0,9,1\n",
        "pos,neg,rejected\n74,6,10\n0,9,1\n",
        "pos,74,6,10\nneg,0,9,1\n",
        " 74 , 6 , 10 \n\n0, 9, 1\n\n",
        "74,6,10,\n0,9,1,\n",
        "\ufeff74,6,10\r\n0,9,1\r\n",
    ],
)
def test_matrix_layouts_are_read_as_written(text, tmp_path, capsys):
    path = tmp_path / "m.csv"
    path.write_text(text, encoding="utf-8")
    status, out, err = report(path, capsys)
    assert status == 0, err
    assert ni2_of(out) == pytest.approx(im.ni(M5, "ni2"), rel=1e-12)


@pytest.mark.parametrize(
    "frame",
    [
        pd.DataFrame(M5),
        pd.DataFrame(M5, index=["pos", "neg"], columns=["pos", "neg", "rejected"]),
        pd.DataFrame(np.array(M5, dtype=float)),
    ],
)
def test_pandas_default_to_csv_reads_as_written(frame, tmp_path, capsys):
    path = tmp_path / "frame.csv"
    frame.to_csv(path)
    status, out, err = report(path, capsys)
    assert status == 0, err
    assert ni2_of(out) == pytest.approx(im.ni(M5, "ni2"), rel=1e-12)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # One text cell never turns a data row into a header or a column into names.
        ("a,6,10\n0,9,1\n", "row 1, column 1 is 'a', not a number"),
        ("74,6,10\nx,9,1\n", "row 2, column 1 is 'x', not a number"),
        ("74,b,10\n0,9,1\n", "row 1, column 2 is 'b', not a number"),
        ("p,n,r\n74,6,10\n0,x,1\n", "row 3, column 2 is 'x'"),
        ("p,n,r\nq,6,10\n0,9,1\n", "row 2, column 1 is 'q'"),
        (",\n,\n", "holds no counts"),
        ("\n\n", "not a readable CSV"),
        ("", "not a readable CSV"),
        ("74;6;10\n0;9;1\n", "separated by semicolons"),
        ("74\t6\t10\n0\t9\t1\n", "separated by tabs"),
        ("74,6,10\n0,9,1e400\n", "too large for a count"),
        ("74,6,10\n0,9,nan\n", "counts must be numbers"),
        ("74,6,10\n0,,1\n", "row 2, column 2 is empty"),
        ("74,6,10\n0,9,1,5\n", "not a readable CSV"),
        ("74,-6,10\n0,9,1\n", "negative"),
        ("1,2,3,4\n5,6,7,8\n", "must have shape"),
        ("truth,guess\ncat,dog\ndog,dog\n", "--y-true"),
        ("truth,guess\n1,1\n0,1\n1,1\n", "--y-true"),
        ("y_true,guess\ncat,dog\n", "--y-pred y_pred: no such column"),
    ],
)
def test_malformed_files_give_one_clear_line(text, message, tmp_path, capsys):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert_one_line_error(*report(path, capsys), message)


def test_a_directory_and_a_missing_file_are_named(tmp_path, capsys):
    assert_one_line_error(*report(tmp_path, capsys), "is a directory")
    assert_one_line_error(*report(tmp_path / "nope.csv", capsys), "no such file")


def test_not_utf8_is_refused_clearly(tmp_path, capsys):
    path = tmp_path / "latin.csv"
    path.write_bytes("caf\xe9,1\n".encode("latin-1"))
    assert_one_line_error(*report(path, capsys), "not UTF-8")


def test_counts_beyond_int64_are_read_exactly_as_floats(tmp_path, capsys):
    path = tmp_path / "big.csv"
    path.write_text("7.4e19,6e18,1e19\n0,9e18,1e18\n")
    status, out, err = report(path, capsys)
    assert status == 0, err
    assert ni2_of(out) == pytest.approx(im.ni(M5, "ni2"), rel=1e-9)


def test_a_nan_reject_label_reads_empty_predictions_as_rejections(tmp_path, capsys):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\n0,0\n1,\n1,1\n0,1\n")
    status, out, err = report(path, capsys, "--reject-label", "nan")
    assert status == 0, err
    expected = im.ni([[1, 1, 0], [0, 1, 1]], "ni2")
    assert ni2_of(out) == pytest.approx(expected)
    # Without it, the empty prediction is a missing label, not a guess.
    assert_one_line_error(*report(path, capsys), "add --reject-label nan")


def test_json_tells_infinite_from_undefined(tmp_path, capsys):
    path = tmp_path / "m.csv"
    # No information transferred: xi is infinite; one true class: NI1 undefined.
    path.write_text("5,5,0\n5,5,0\n")
    assert main(["report", str(path), "--format", "json"]) == 0
    text = capsys.readouterr().out
    records = {row["measure"]: row["value"] for row in json.loads(text)}
    expected = im.conventional_measures([[5, 5, 0], [5, 5, 0]])["xi"]
    assert math.isinf(expected)
    assert records["xi"] == "Infinity"
    assert float(records["xi"]) == math.inf
    path.write_text("5,5,0\n0,0,0\n")
    assert main(["report", str(path), "--format", "json"]) == 0
    records = {
        row["measure"]: row["value"] for row in json.loads(capsys.readouterr().out)
    }
    assert records["ni1"] is None
    # Strict JSON: no bare NaN or Infinity tokens.
    json.loads(text, parse_constant=lambda token: pytest.fail(token))


def test_demo_checks_its_output_before_working(tmp_path, capsys):
    # Checked first: the demo would print its progress ("[1/4]") otherwise.
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    assert main(["demo", "--output", str(a_file)]) == 2
    captured = capsys.readouterr()
    assert "cannot create the folder" in captured.err
    assert captured.out == ""
    assert main(["demo", "--output", str(a_file / "below")]) == 2
    captured = capsys.readouterr()
    assert "cannot create the folder" in captured.err
    assert captured.out == ""


def test_a_dash_reads_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("74,6,10\n0,9,1\n"))
    status, out, err = report("-", capsys)
    assert status == 0, err
    assert ni2_of(out) == pytest.approx(im.ni(M5, "ni2"), rel=1e-12)
    monkeypatch.setattr("sys.stdin", io.StringIO("74;6;10\n"))
    assert_one_line_error(*report("-", capsys), "<stdin>: the values are separated")


@pytest.mark.parametrize("option", ["--weight", "--confidence"])
def test_a_missing_weight_or_confidence_column_is_named_as_the_label_columns_are(
    option, tmp_path, capsys
):
    path = tmp_path / "labels.csv"
    path.write_text("y_true,y_pred\ncat,dog\ndog,dog\n")
    status = main(["report", str(path), option, "w"])
    assert status == 2
    err = capsys.readouterr().err
    assert f"{option} w: no such column; the columns are y_true, y_pred" in err


# --- paths the rest of the suite did not reach ---------------------------------


def test_thresholds_as_a_count(tmp_path, capsys):
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,0.9\n1,0,0.5\n1,1,0.8\n0,1,0.3\n")
    options = ["--confidence", "c", "--format", "html", "--thresholds", "2"]
    assert main(["report", str(path), *options]) == 0
    assert "at 2 confidence thresholds" in capsys.readouterr().out
    status, out, err = report(path, capsys, "--confidence", "c", "--thresholds", ",")
    assert_one_line_error(status, out, err, "give a positive integer K or numbers")


@pytest.mark.parametrize(
    ("text", "options", "message"),
    [
        # A confusion matrix has no columns to name.
        (
            "4,1,0\n1,4,0\n",
            ("--kind", "matrix", "--confidence", "c"),
            "--weight and --confidence name columns of a table of labels",
        ),
        # A confusion matrix with its class names has no such column either.
        (
            ",a,b\na,4,1\nb,1,4\n",
            ("--confidence", "c"),
            "--weight and --confidence name columns of a table of labels",
        ),
        # A file with the confidence column is a table of labels: its columns
        # are named.
        (
            "a,b,c\n1,2,3\n",
            ("--confidence", "c"),
            "--y-true y_true, --y-pred y_pred: no such column; the columns are a, b, c",
        ),
        ("y_true,y_pred,w\n0,0,1\n1,1,abc\n", ("--weight", "w"), "row 3: column w"),
    ],
)
def test_columns_of_a_table_of_labels_only(text, options, message, tmp_path, capsys):
    path = tmp_path / "t.csv"
    path.write_text(text)
    assert_one_line_error(*report(path, capsys, *options), message)


def test_a_folder_or_an_unreadable_parquet_file_is_refused(tmp_path, capsys):
    assert_one_line_error(*report(tmp_path, capsys), "is a directory; pass a file")
    pytest.importorskip("duckdb")
    path = tmp_path / "bad.parquet"
    path.write_text("not parquet")
    assert_one_line_error(*report(path, capsys), "bad.parquet: cannot be read (")


def test_relabelled_predictions_are_a_warning_line(tmp_path, capsys):
    path = tmp_path / "swapped.csv"
    path.write_text("0,5\n5,0\n")
    status, out, err = report(path, capsys)
    assert status == 0
    assert err.startswith("infometrics: warning: Relabelling the predictions 0 -> 1")
    assert len(err.strip().splitlines()) == 1
    assert "accuracy" in out


def test_plot_refuses_confidence_options_it_would_not_draw(tmp_path, capsys):
    path = tmp_path / "scored.csv"
    path.write_text("y_true,y_pred,c\n0,0,0.9\n1,0,0.5\n1,1,0.8\n0,1,0.3\n")
    folder = tmp_path / "figures"
    for options in (["--confidence", "c"], ["--confidence", "c", "--thresholds", "3"]):
        assert main(["plot", str(path), "--output", str(folder), *options]) == 2
        err = capsys.readouterr().err
        assert "with --confidence give --threshold T, not --thresholds" in err
    assert not folder.exists()
    # The classifier that rejects below a threshold is one classifier to draw.
    options = ["--confidence", "c", "--threshold", "0.6"]
    assert main(["plot", str(path), "--output", str(folder), *options]) == 0
    assert (folder / "entropy_triangle.png").is_file()
