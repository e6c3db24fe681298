"""The demo: progress as it works, full column names, a computed reading.

This module imports the private demo module, and must: ``infometrics demo``
fits and tunes classifiers for many seconds, so its reading of a held-out
comparison (which sentence for which outcome) is checked on constructed
outcomes through the demo's own functions, and its run with few repeats.
"""

import io
import re

import numpy as np
import pytest

from infometrics import augmented_confusion_matrix
from infometrics._cli import demo
from infometrics.measures import compute_measures


@pytest.fixture(scope="module")
def short_demo():
    output = io.StringIO()
    result = demo.run_demo(stream=output)
    return result, output.getvalue()


def test_demo_files_leave_the_users_figures_and_neutralise_csv(tmp_path, monkeypatch):
    plt = pytest.importorskip("matplotlib.pyplot")
    # A classifier's name that a spreadsheet would run as a formula.
    monkeypatch.setattr(demo, "NEVER", "=cmd")
    users = plt.figure()
    before = plt.get_fignums()
    demo.run_demo(stream=io.StringIO(), output=tmp_path)
    assert plt.get_fignums() == before  # the user's figure stays open
    plt.close(users)
    assert "\n'=cmd," in (tmp_path / "comparison.csv").read_text()


def test_demo_prints_progress_table_and_reading(short_demo):
    result, text = short_demo
    for step in ("[1/4]", "[2/4]", "[3/4]", "[4/4]"):
        assert step in text
    assert 'scoring="ni2"' in text
    assert "RejectOptionClassifierCV" in text
    assert text.count(" done (") == 3  # three timed steps
    # Steps shorter than a second keep two significant digits, never "0.0 s".
    assert "(0.0 s)" not in text
    assert re.search(r" done \(\d+(\.\d+)? s\)", text)
    header = next(
        line for line in text.splitlines() if line.strip().startswith("classifier")
    )
    # Full column names, none cut to fit.
    assert header.split() == ["classifier", *demo.TABLE_MEASURES]
    assert "Reading:" in text
    reading = " ".join(text.split("Reading:")[1].split())
    assert reading == result["reading"]


def test_demo_numbers_are_the_measures_of_its_predictions(short_demo):
    result, text = short_demo
    first = result["split"]
    matrices = result["matrices"]
    assert set(matrices) == {demo.NEVER, demo.TUNED}
    for name, y_pred in first["predictions"].items():
        np.testing.assert_array_equal(
            matrices[name], augmented_confusion_matrix(first["y_test"], y_pred)
        )
        assert matrices[name].shape == (2, 3)
        row = next(line for line in text.splitlines() if line.strip().startswith(name))
        values = compute_measures(matrices[name], demo.TABLE_MEASURES)
        printed = [float(v) for v in row.split()[-len(demo.TABLE_MEASURES) :]]
        np.testing.assert_allclose(
            printed, [values[m] for m in demo.TABLE_MEASURES], atol=5e-5
        )
    assert matrices[demo.NEVER][:, -1].sum() == 0
    assert first["n_rejected"] == matrices[demo.TUNED][:, -1].sum()
    ni2 = {name: compute_measures(m, ["ni2"])["ni2"] for name, m in matrices.items()}
    assert first["difference"] == pytest.approx(ni2[demo.TUNED] - ni2[demo.NEVER])
    assert first["low"] <= first["difference"] <= first["high"]
    wrong = first["predictions"][demo.NEVER] != first["y_test"]
    rejected = first["predictions"][demo.TUNED] == -1
    assert first["rejected_wrong"] == np.sum(wrong & rejected)


def _split(difference, low, high, *, n_rejected=10, rejected_wrong=5):
    return {
        "ni2_never": 0.8,
        "ni2_tuned": 0.8 + difference,
        "difference": difference,
        "low": low,
        "high": high,
        "n_test": 100,
        "n_rejected": n_rejected,
        "rejected_wrong": rejected_wrong,
        "accepted_wrong": 4,
    }


def test_reading_says_when_rejection_helps():
    reading = demo._reading(_split(0.05, 0.01, 0.09))
    assert "NI2 rose from 0.8000 to 0.8500" in reading
    assert "excludes zero: here the reject option clearly helps" in reading
    # 5 of 10 rejected wrong against 4 of 90 accepted.
    assert "gets 5 wrong (50%), against 4.4% of the samples" in reading
    assert "it abstains where the model errs" in reading
    assert "another draw of the data may tell otherwise" in reading


def test_reading_says_when_rejection_hurts_or_cannot_tell():
    reading = demo._reading(_split(-0.04, -0.07, -0.01))
    assert "NI2 fell from" in reading
    assert "lies below zero: here the reject option clearly hurts" in reading
    assert "helps" not in reading
    reading = demo._reading(_split(0.01, -0.04, 0.06))
    assert "it includes zero: 100 test samples cannot settle" in reading
    # Abstentions that hit no more errors than the accepted samples do.
    reading = demo._reading(_split(0.01, -0.01, 0.03, rejected_wrong=0))
    assert "do not single out the model's errors" in reading


def test_reading_when_nothing_is_rejected():
    reading = demo._reading(_split(0.0, 0.0, 0.0, n_rejected=0, rejected_wrong=0))
    assert "rejects no test sample, so both classifiers make the same" in reading
    assert "stayed the same, from" in reading


def test_demo_without_matplotlib_writes_the_tables(tmp_path, monkeypatch):
    def no_matplotlib(*args):
        raise ImportError("no module named matplotlib")

    monkeypatch.setattr(demo, "_figures", no_matplotlib)
    output = io.StringIO()
    result = demo.run_demo(stream=output, output=tmp_path)
    assert "Figures skipped: no module named matplotlib" in output.getvalue()
    names = ["comparison.csv", "report_tuned.csv", "per_class_tuned.csv"]
    assert [path.name for path in result["files"]] == names
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(names)
