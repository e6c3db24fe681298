"""``infometrics report FILE --y-true COL --y-pred COL``: Parquet and CSV via DuckDB."""

import json
import re
import sys

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

duckdb = pytest.importorskip("duckdb", reason="the command reads tables with DuckDB")
pytest.importorskip("pyarrow", reason="the tests write Parquet with pyarrow")


@pytest.fixture
def predictions():
    rng = np.random.default_rng(0)
    n = 500
    truth = rng.choice(["cat", "dog", "owl"], n)
    pred = np.where(rng.random(n) < 0.7, truth, rng.choice(["cat", "dog", "owl"], n))
    return pd.DataFrame(
        {
            "truth": truth,
            "pred": pred,
            "weight": rng.integers(1, 4, n).astype(float),
            # Five distinct confidences: bins at these thresholds are the
            # tie groups of the exact curve.
            "score": rng.choice([0.3, 0.5, 0.7, 0.8, 0.95], n),
        }
    )


def _report(capsys, *arguments):
    status = main(["report", *map(str, arguments)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _records(text):
    return {row["measure"]: row["value"] for row in json.loads(text)}


def test_parquet_report_equals_the_in_memory_report(predictions, tmp_path, capsys):
    path = tmp_path / "predictions.parquet"
    predictions.assign(
        pred=np.where(np.arange(len(predictions)) % 9 == 0, "?", predictions["pred"])
    ).to_parquet(path)
    status, out, err = _report(
        capsys,
        path,
        "--y-true",
        "truth",
        "--y-pred",
        "pred",
        "--reject-label",
        "?",
        "--format",
        "json",
    )
    assert status == 0, err
    table = pd.read_parquet(path)
    expected = im.report.information_report(
        table["truth"], table["pred"], reject_label="?"
    )
    values = _records(out)
    for measure, value in expected["value"].droplevel(0).items():
        if np.isnan(value):
            assert values[measure] is None
        else:
            assert values[measure] == pytest.approx(value, rel=1e-12, abs=0)


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_weighted_report_of_csv_and_parquet(predictions, tmp_path, capsys, suffix):
    path = tmp_path / f"predictions.{suffix}"
    if suffix == "csv":
        predictions.to_csv(path, index=False)
    else:
        predictions.to_parquet(path)
    status, out, err = _report(
        capsys,
        path,
        "--y-true",
        "truth",
        "--y-pred",
        "pred",
        "--weight",
        "weight",
        "--format",
        "json",
        "--per-class",
    )
    assert status == 0, err
    matrix = im.augmented_confusion_matrix(
        predictions["truth"],
        predictions["pred"],
        sample_weight=predictions["weight"],
        reject_label="-1",
    )
    rows = json.loads(out)
    assert [row["class"] for row in rows][:3] == ["cat", "dog", "owl"]
    expected = im.report.per_class_report(
        confusion_matrix=matrix, labels=["cat", "dog", "owl"]
    )
    for column in ("true_support", "predicted_support", "precision", "recall"):
        values = [row[column] for row in rows[:3]]
        np.testing.assert_array_equal(values, expected[column].to_numpy()[:3])


def test_binned_counts_give_the_risk_coverage_curve_at_the_tie_groups(predictions):
    thresholds = [0.3, 0.5, 0.7, 0.8, 0.95]
    binned = im.counts_from_table(
        predictions,
        y_true="truth",
        y_pred="pred",
        confidence="score",
        thresholds=thresholds,
        reject_label=None,
    )
    # Accepted at threshold k: the bins above it (confidence >= threshold k).
    totals = binned.counts.sum(axis=(1, 2))
    wrong = totals - np.trace(binned.counts, axis1=1, axis2=2)
    accepted = np.cumsum(totals[::-1])[::-1][1:]
    accepted_wrong = np.cumsum(wrong[::-1])[::-1][1:]
    # The curve runs from the highest threshold down.
    coverage = (accepted / totals.sum())[::-1]
    selective_risk = (accepted_wrong / accepted)[::-1]
    generalized_risk = (accepted_wrong / totals.sum())[::-1]
    edges = binned.thresholds[::-1]
    curve = im.curves.risk_coverage_curve(
        predictions["truth"], predictions["pred"], predictions["score"]
    )
    np.testing.assert_allclose(coverage, curve.coverage, rtol=1e-15)
    np.testing.assert_allclose(selective_risk, curve.selective_risk, rtol=1e-15)
    np.testing.assert_allclose(generalized_risk, curve.generalized_risk, rtol=1e-15)
    np.testing.assert_array_equal(edges, curve.thresholds)


def test_html_with_confidence_has_the_selective_section(predictions, tmp_path, capsys):
    path = tmp_path / "predictions.parquet"
    predictions.to_parquet(path)
    status, out, err = _report(
        capsys,
        path,
        "--y-true",
        "truth",
        "--y-pred",
        "pred",
        "--confidence",
        "score",
        "--thresholds",
        "0.3,0.5,0.7,0.8,0.95",
        "--format",
        "html",
    )
    assert status == 0, err
    assert "<h2>Selective classification</h2>" in out
    assert "Risk–coverage curve of classifier" in out
    aurc = im.curves.aurc(
        predictions["truth"], predictions["pred"], predictions["score"]
    )
    assert f"{aurc:.4f}" in out  # exact here: the bins are the tie groups
    # So is every reading of the table at the bin edges.
    rows = dict(
        re.findall(r'<tr><th>([^<]*)</th><td class="num[^"]*">([^<]*)</td>', out)
    )
    data = (predictions["truth"], predictions["pred"], predictions["score"])
    expected = {
        "AUGRC at the thresholds": im.curves.augrc(*data),
        **{
            f"risk at coverage {c:g}": im.curves.selective_risk_at_coverage(
                *data, coverage=c
            )
            for c in (0.5, 0.8, 0.9, 1.0)
        },
        **{
            f"coverage at risk {r:g}": im.curves.coverage_at_risk(*data, risk=r)
            for r in (0.01, 0.05, 0.1)
        },
    }
    assert {name: rows[name] for name in expected} == {
        name: f"{value:.4f}" for name, value in expected.items()
    }
    # The descriptions say where a binned reading is taken.
    assert "error rate at the first bin edge that accepts at least 50%" in out
    assert "error rate with every prediction accepted" in out
    # Without --confidence: no such section (as html_report without it).
    status, out, err = _report(
        capsys, path, "--y-true", "truth", "--y-pred", "pred", "--format", "html"
    )
    assert status == 0, err
    assert "Selective classification" not in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--y-true", "truth"], "--y-pred y_pred: no such column"),
        (
            ["--y-true", "truth", "--y-pred", "nope"],
            "--y-pred nope: no such column; the columns are truth",
        ),
        (
            ["--y-true", "truth", "--y-pred", "pred", "--thresholds", "4"],
            "--thresholds needs --confidence",
        ),
        (
            ["--y-true", "truth", "--y-pred", "pred", "--weight", "truth"],
            "--weight must be numeric",
        ),
        (
            [
                "--y-true",
                "truth",
                "--y-pred",
                "pred",
                "--confidence",
                "score",
                "--thresholds",
                "x",
            ],
            "--thresholds 'x': give a positive integer K",
        ),
    ],
)
def test_errors_are_one_line(predictions, tmp_path, capsys, arguments, message):
    path = tmp_path / "predictions.parquet"
    predictions.to_parquet(path)
    status, out, err = _report(capsys, path, *arguments)
    assert status == 2
    assert out == ""
    assert err.startswith("infometrics: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_missing_file_and_missing_duckdb(tmp_path, capsys, monkeypatch):
    status, _, err = _report(
        capsys, tmp_path / "absent.parquet", "--y-true", "a", "--y-pred", "b"
    )
    assert status == 2
    assert "absent.parquet: no such file" in err
    path = tmp_path / "table.parquet"
    pd.DataFrame({"a": [0], "b": [0]}).to_parquet(path)
    monkeypatch.setitem(sys.modules, "duckdb", None)
    status, _, err = _report(capsys, path, "--y-true", "a", "--y-pred", "b")
    assert status == 2
    assert "pip install duckdb" in err


def test_a_parquet_file_without_column_options_asks_for_them(tmp_path, capsys):
    path = tmp_path / "table.parquet"
    pd.DataFrame({"a": [0], "b": [0]}).to_parquet(path)
    status, _, err = _report(capsys, path)
    assert status == 2
    assert (
        "--y-true y_true, --y-pred y_pred: no such column; the columns are a, b" in err
    )


def test_a_whole_float_reject_label_matches_integer_labels(tmp_path, capsys):
    # -1.0 is the marker -1, as in the Python API (it was refused as "not an
    # integer"); a non-number is still refused.
    path = tmp_path / "labels.parquet"
    pd.DataFrame({"t": [1, 2, 2, 1], "p": [1, -1, 2, 2]}).to_parquet(path)
    columns = (str(path), "--y-true", "t", "--y-pred", "p", "--format", "json")
    assert main(["report", *columns, "--reject-label", "-1.0"]) == 0
    as_float = capsys.readouterr().out
    assert main(["report", *columns, "--reject-label", "-1"]) == 0
    assert as_float == capsys.readouterr().out
    assert main(["report", *columns, "--reject-label", "x"]) != 0
    assert "is not a number" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("frame", "options", "message"),
    [
        (
            {"y_true": [0, 1], "y_pred": [0.0, np.nan]},
            (),
            "If a missing prediction means the classifier abstained, pass "
            "--reject-label nan.",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "c": [0.9, np.nan]},
            ("--confidence", "c"),
            ": --confidence contains NaN",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "w": [1.0, 2.0]},
            ("--weight", "nope"),
            ": --weight nope: no such column; the columns are y_true, y_pred, w",
        ),
    ],
)
def test_errors_name_the_flags(frame, options, message, tmp_path, capsys):
    path = tmp_path / "table.parquet"
    pd.DataFrame(frame).to_parquet(path)
    status, _, err = _report(capsys, path, *options)
    assert status == 2
    assert message in err


def test_weighted_counts_get_no_interval(predictions, tmp_path, capsys):
    # The command line keeps only the summed counts: it cannot resample the
    # weighted samples as html_report(sample_weight=...) does, so it shows none.
    path = tmp_path / "predictions.parquet"
    predictions.to_parquet(path)
    columns = ("--y-true", "truth", "--y-pred", "pred", "--weight", "weight")
    status, out, err = _report(capsys, path, *columns, "--format", "html")
    assert status == 0, err
    assert 'class="interval"' not in out
    assert "No intervals: the counts are weighted" in out
    assert "n_resamples" not in out  # no such command-line option
    assert "<dt>total weight</dt>" in out  # not "samples"
