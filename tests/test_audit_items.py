"""The findings of the adversarial audit: a test per finding, through the public API.

Each finding was a place where two implementations of one step met and gave
different numbers, a leak of global state, or an unclear crash. Each test here
asserts the right answer, computed independently (by hand, with exact
fractions or with scikit-learn), or a clear error whose message names what is
wrong. The command line runs as ``python -m infometrics`` does: in this
process, or in a child process where the working directory or the state of
other threads matters.
"""

import contextlib
import io
import json
import runpy
import subprocess
import sys
import traceback
import warnings
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import f1_score

import infometrics as im

NAN = float("nan")


def _cli(*args):
    """Run ``python -m infometrics ARGS`` here; return (exit code, stdout, stderr).

    An exception escaping the command line comes back as a traceback in stderr,
    as a user would see it.
    """
    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["infometrics", *map(str, args)]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_module("infometrics", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        code = (
            stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        )
        if isinstance(stop.code, str):
            err.write(stop.code)
    except Exception:
        code = 1
        err.write("Traceback (most recent call last):\n" + traceback.format_exc())
    finally:
        sys.argv = argv
    return code, out.getvalue(), err.getvalue()


def _cli_json(*args):
    """The records of ``report ... --format json``, failing with the CLI's stderr."""
    code, out, err = _cli("report", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def _measures(*args):
    return {row["measure"]: row["value"] for row in _cli_json(*args)}


def _classes(*args):
    return [row["class"] for row in _cli_json(*args, "--per-class")]


def _assert_clear_cli_error(done, *key_words):
    """A refusal a user can act on: non-zero exit, no traceback, the key words."""
    code, _, err = done
    assert code != 0
    assert "Traceback" not in err, err
    for word in key_words:
        assert word.lower() in err.lower(), err


# 1. bootstrap_measures on a labelled DataFrame reads it by name in the resamples too.


def test_bootstrap_labelled_dataframe_reads_by_name():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 300)
    p = y.copy()
    errors = rng.random(300) < 0.15
    p[errors] = (p[errors] + 1) % 3
    p[rng.random(300) < 0.1] = -1
    table = pd.crosstab(pd.Series(y, name="t"), pd.Series(p, name="p"))
    assert table.columns.tolist() == [-1, 0, 1, 2]  # the reject column first
    # By hand: the classes in order, the reject column last.
    matrix = table[[0, 1, 2, -1]].to_numpy()
    expected = im.ni(matrix, measure="ni2")
    result = im.resampling.bootstrap_measures(
        table, measures=["ni2"], n_resamples=300, random_state=0
    )["ni2"]
    same_draws = im.resampling.bootstrap_measures(
        matrix, measures=["ni2"], n_resamples=300, random_state=0
    )["ni2"]
    assert result.estimate == pytest.approx(expected, abs=1e-15)
    assert result.low <= expected <= result.high
    assert (result.low, result.high) == pytest.approx(
        (same_draws.low, same_draws.high), abs=1e-12
    )


# 2. Lists are read as object arrays: NaN, missing true labels, mixed types.


def test_list_with_nan_reject_marker_reads_as_object_array():
    y_true = ["cat", "dog", "dog", "cat"]
    y_pred = ["cat", "dog", NAN, "cat"]
    # By hand: cat -> cat twice, dog -> dog once, dog -> rejected once.
    expected = np.array([[2, 0, 0], [0, 1, 1]])
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(y_true, y_pred, reject_label=np.nan), expected
    )
    from_list = im.ni_score(y_true, y_pred, reject_label=np.nan)
    from_series = im.ni_score(pd.Series(y_true), pd.Series(y_pred), reject_label=np.nan)
    assert from_list == from_series == im.ni(expected)
    assert from_list < 1.0


def test_list_with_nan_true_label_is_refused():
    with pytest.raises(ValueError, match="y_true contains missing labels"):
        im.augmented_confusion_matrix(
            ["cat", NAN, "dog", "cat"], ["cat", "dog", "dog", "cat"], reject_label=None
        )


def test_list_mixing_int_and_str_is_refused():
    with pytest.raises(ValueError, match="mix types"):
        im.augmented_confusion_matrix(
            [1, "1", 1, "1"], [1, "1", "1", 1], reject_label=None
        )


# 3. NaN confidences through DuckDB and Ibis; --reject-label nan on a float column.


@pytest.fixture
def parquet_with_nan_confidence(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    table = {
        "y_true": [0, 1, 0, 1, 0, 1],
        "y_pred": [0, 1, 1, 1, 0, 0],
        "conf": [0.9, NAN, 0.8, 0.7, NAN, 0.6],
    }
    path = tmp_path / "scores.parquet"
    # Written by pyarrow itself: float statistics that leave NaN out.
    pq.write_table(pa.table(table), path)
    return path


def _read_with_duckdb(path):
    return pytest.importorskip("duckdb").read_parquet(str(path))


def _read_with_ibis(path):
    ibis = pytest.importorskip("ibis")
    pytest.importorskip("duckdb")
    return ibis.duckdb.connect().read_parquet(str(path))


# ibis 12 calls a method DuckDB 2 deprecates when it reads a file.
@pytest.mark.filterwarnings("ignore:fetch_arrow_table:DeprecationWarning")
@pytest.mark.parametrize("read", [_read_with_duckdb, _read_with_ibis])
def test_parquet_nan_confidence_is_refused(parquet_with_nan_confidence, read):
    table = read(parquet_with_nan_confidence)
    with pytest.raises(ValueError, match="confidence contains NaN"):
        im.counts_from_table(
            table,
            y_true="y_true",
            y_pred="y_pred",
            confidence="conf",
            thresholds=[0.75],
        )


def test_cli_parquet_nan_confidence_is_refused(parquet_with_nan_confidence):
    done = _cli(
        "report",
        parquet_with_nan_confidence,
        *FLAGS,
        "--confidence",
        "conf",
    )
    _assert_clear_cli_error(done, "NaN")


def test_cli_reject_label_nan_on_float_prediction_column(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "float_pred.parquet"
    table = {"y_true": [0, 1, 0, 1], "y_pred": [0.0, NAN, 0.0, 1.0]}
    # Written by pyarrow itself: float statistics that leave NaN out.
    pq.write_table(pa.table(table), path)
    measures = _measures(path, *FLAGS, "--reject-label", "nan")
    # By hand: [[2, 0, 0], [0, 1, 1]]: one rejection, three correct of four.
    assert measures["reject_rate"] == 0.25
    assert measures["correct_rate"] == 0.75


# 4. One CSV reader: spaces, nan, leading zeros and words read as documented.


def _csv(tmp_path, text, name="data.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


FLAGS = ("--y-true", "y_true", "--y-pred", "y_pred")


def test_cli_space_after_comma(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\ncat, cat\ndog, dog\ncat, dog\n")
    # Spaces around a cell are not part of the label: two of three correct.
    assert _measures(path, *FLAGS)["correct_rate"] == pytest.approx(2 / 3)
    assert _classes(path, *FLAGS)[:2] == ["cat", "dog"]


def test_cli_nan_cell_is_missing_not_a_class(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\na,a\nb,nan\na,b\nb,b\n")
    # With --reject-label nan the nan cell is the rejection, never a class 'nan'.
    measures = _measures(path, *FLAGS, "--reject-label", "nan")
    assert measures["reject_rate"] == 0.25
    assert measures["correct_rate"] == 0.5
    assert "nan" not in _classes(path, *FLAGS, "--reject-label", "nan")


def test_cli_leading_zero_numbers_are_one_class(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\n01,1\n1,01\n2,2\n")
    # A numeric column reads 01 as 1 (as pandas and scikit-learn do): all correct.
    assert _classes(path, *FLAGS)[:2] == [1, 2]
    assert _measures(path, *FLAGS)["correct_rate"] == 1.0


def test_cli_yes_no_stay_names(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\nyes,yes\nno,yes\nno,no\n")
    assert _classes(path, *FLAGS)[:2] == ["no", "yes"]
    assert _measures(path, *FLAGS)["correct_rate"] == pytest.approx(2 / 3)


def test_cli_inf_is_a_number_not_a_date(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\ninf,inf\ninf,inf\n")
    assert str(_classes(path, *FLAGS)[0]) == "inf"
    assert _measures(path, *FLAGS)["correct_rate"] == 1.0


def test_cli_column_turning_to_text_after_many_rows(tmp_path):
    # More rows of numbers than a type-sniffing sample holds, then a text cell.
    rows = ["1,1"] * 25_000 + ["2,x", "x,x"]
    path = _csv(tmp_path, "y_true,y_pred\n" + "\n".join(rows) + "\n")
    classes = _classes(path, *FLAGS)
    assert sorted(map(str, classes[:3])) == ["1", "2", "x"]
    assert _measures(path, *FLAGS)["correct_rate"] == pytest.approx(25_001 / 25_002)


# 5. labels= reorders a labelled matrix, never renames it.


def _labelled_counts():
    frame = pd.DataFrame(
        {"t": [1, 1, 1, 2, 2, 3, 3, 3, 3], "p": [1, 1, 2, 2, -1, 3, 3, 1, -1]}
    )
    return frame, im.counts_from_table(frame, y_true="t", y_pred="p")


def test_per_class_report_labels_reorder_counts():
    frame, counts = _labelled_counts()
    reordered = im.report.per_class_report(
        confusion_matrix=counts, labels=[3, 2, 1], averages=False
    )
    from_labels = im.report.per_class_report(frame["t"], frame["p"], averages=False)
    assert reordered.index[:3].tolist() == [3, 2, 1]
    pd.testing.assert_frame_equal(
        reordered.loc[[1, 2, 3]], from_labels.loc[[1, 2, 3]], check_index_type=False
    )
    # By hand: class 1 has 3 true samples, 2 predicted right; class 3 has 4.
    assert reordered.loc[1, "recall"] == pytest.approx(2 / 3)
    assert reordered.loc[3, "recall"] == pytest.approx(2 / 4)


def test_information_report_labels_reorder_counts():
    frame, counts = _labelled_counts()
    reordered = im.report.information_report(confusion_matrix=counts, labels=[3, 2, 1])
    from_labels = im.report.information_report(frame["t"], frame["p"], labels=[3, 2, 1])
    pd.testing.assert_frame_equal(reordered, from_labels)


def test_html_report_labels_reorder_counts():
    frame, counts = _labelled_counts()
    options = {
        "labels": [3, 2, 1],
        "figures": False,
        "n_resamples": 20,
        "random_state": 0,
    }
    page = im.report.html_report(confusion_matrix=counts, **options)
    assert page == im.report.html_report(frame["t"], frame["p"], **options)


# 6. paired_comparison: each classifier's matrix holds its own classes only.


def test_paired_comparison_does_not_pool_classes_of_the_other_classifier():
    y = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2])
    a = np.array([0, 0, 1, 1, 1, 2, 2, 2, 0])
    b = np.array([0, 3, 0, 1, 3, 1, 2, 3, 2])  # class 3: only B predicts it
    alone = {
        "macro_f1": lambda p: f1_score(y, p, average="macro", zero_division=0),
        "triangle_mi": lambda p: im.entropy_triangle_score(y, p).mutual_info,
        "ni2": lambda p: im.ni_score(y, p),
    }
    for measure, score in alone.items():
        result = im.resampling.paired_comparison(
            y, a, b, measure=measure, n_resamples=20, random_state=0
        )
        assert result.estimate_a == pytest.approx(score(a), abs=1e-12), measure
        assert result.estimate_b == pytest.approx(score(b), abs=1e-12), measure


# 7. One macro F1: conventional_measures and per_class_report agree.


def test_macro_f1_with_an_unseen_class_agrees_everywhere():
    # Class 2 has neither true nor predicted samples.
    matrix = np.array([[3, 1, 0, 1], [2, 2, 0, 0], [0, 0, 0, 0]])
    y = np.array([0, 0, 0, 0, 0, 1, 1, 1, 1])
    p = np.array([0, 0, 0, 1, -1, 0, 0, 1, 1])
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(y, p, labels=[0, 1, 2]), matrix
    )
    # scikit-learn's convention: an unseen listed class scores F1 = 0; rejections
    # count as misses of their true class.
    expected = f1_score(y, p, labels=[0, 1, 2], average="macro", zero_division=0)
    from_measures = im.conventional_measures(matrix)["macro_f1"]
    per_class = im.report.per_class_report(confusion_matrix=matrix)
    assert from_measures == pytest.approx(expected, abs=1e-12)
    assert per_class.loc["macro avg", "f1"] == pytest.approx(expected, abs=1e-12)


# 8. An empty reject column is not an output: label path = square matrix.


def test_triangle_scorer_equals_triangle_score_without_rejections():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(1)
    X = rng.normal(size=(120, 3))
    y = (X[:, 0] + 0.8 * rng.normal(size=120) > 0).astype(int)
    model = LogisticRegression().fit(X, y)
    scorer_value = im.get_scorer("triangle_mi")(model, X, y)
    direct = im.entropy_triangle_score(y, model.predict(X)).mutual_info
    square = im.entropy_triangle(
        im.augmented_confusion_matrix(y, model.predict(X))[:, :2]
    )
    assert scorer_value == pytest.approx(direct, abs=1e-15)
    assert direct == pytest.approx(square.mutual_info, abs=1e-15)


# 9. meta_measure_audit leaves the warnings machinery of other threads alone.


# Each check runs in a child process: on Python 3.11 a race on the shared list
# of filters can end in a segmentation fault (the list swapped by catch_warnings
# in the audit thread while another thread walks it), which must not take the
# session down. The child starts an audit in a thread, then does its part.
_AUDIT_IN_A_THREAD = """
import re, threading, time, warnings
import infometrics as im

finished = threading.Event()


def audit():
    try:
        im.meta.meta_measure_audit(
            ["accuracy_score", "f1_macro", "balanced_accuracy", "matthews_corrcoef"],
            max_samples=3, max_split_samples=4, n_random=1, max_samples_3class=2,
        )
    finally:
        finished.set()


worker = threading.Thread(target=audit)
"""

_FILTER_RACE = """
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("ignore")
    warnings.filterwarnings("always", message="from the main thread")
    before = list(warnings.filters)
    worker.start()
    raised = 0
    while not finished.is_set():
        warnings.warn("from the main thread", UserWarning, stacklevel=1)
        raised += 1
        time.sleep(0.002)
    worker.join()
    seen = sum(str(w.message) == "from the main thread" for w in caught)
    print(raised, seen, warnings.filters == before)
"""

_FILTER_WATCH = """
def runs_python(pattern):
    return not (pattern is None or isinstance(pattern, (str, re.Pattern)))


original = warnings.filters
snapshot = list(original)
worker.start()
changed_in_place = python_checks = looks = 0
while not finished.is_set():
    looks += 1
    changed_in_place += original != snapshot
    python_checks += any(runs_python(f[1]) or runs_python(f[3])
                         for f in warnings.filters)
worker.join()
print(looks, changed_in_place, python_checks)
"""


def _output_beside_an_audit(script):
    """What ``script`` prints while an audit runs in another thread."""
    done = subprocess.run(
        [sys.executable, "-c", _AUDIT_IN_A_THREAD + script],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def test_meta_measure_audit_does_not_swallow_other_threads_warnings():
    # The old audit held catch_warnings() + simplefilter("ignore") around its
    # loop: the other thread's warnings were lost and an ignore filter could stay.
    raised, seen, unchanged = _output_beside_an_audit(_FILTER_RACE)
    assert int(raised) > 0
    assert seen == raised
    assert unchanged == "True"


def test_meta_measure_audit_never_changes_a_filter_list_another_thread_may_walk():
    # A thread walking warnings.filters while the audit inserted into (or removed
    # from) that same list skipped the filter after the changed position, and a
    # filter whose check ran Python code let a thread switch happen mid-walk; on
    # Python 3.11 a list swapped meanwhile can even be freed under the walker.
    # The audit must replace the list (as catch_warnings does) and add only plain
    # filters.
    looks, changed_in_place, python_checks = map(
        int, _output_beside_an_audit(_FILTER_WATCH)
    )
    assert looks > 0
    assert changed_in_place == 0
    assert python_checks == 0


# 10. The rest: clear results or clear errors.


@pytest.mark.parametrize("name", ["rejected", "macro avg", "weighted avg"])
def test_class_named_like_an_added_row_is_refused(name):
    # With a rejection, so that the tables have a "rejected" row.
    y_true, y_pred = [name, "a", "a", name], [name, "a", "?", name]
    with pytest.raises(ValueError, match=f"named '{name}'"):
        im.report.per_class_report(y_true, y_pred, reject_label="?")
    with pytest.raises(ValueError, match=f"named '{name}'"):
        im.report.html_report(y_true, y_pred, reject_label="?", figures=False)


def test_cli_class_named_rejected_is_refused(tmp_path):
    path = _csv(tmp_path, "y_true,y_pred\nrejected,rejected\na,a\na,-1\n")
    _assert_clear_cli_error(_cli("report", path, "--per-class"), "named 'rejected'")


def test_thresholds_k_with_an_outlying_confidence_are_quantiles():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 1000)
    scores = rng.random((1000, 2))
    scores[0, 0] = 1e6  # one outlier
    coverage = im.curves.reject_curve(y, scores, thresholds=10).coverage
    assert coverage[0] == 1.0
    assert coverage[-1] == 0.0
    # About a tenth of the samples per step, not every threshold in the tail.
    assert np.max(-np.diff(coverage)) < 0.2


def test_thresholds_k_of_an_outlying_confidence_in_a_table():
    rng = np.random.default_rng(0)
    confidence = rng.random(1000)
    confidence[0] = 1e6
    frame = pd.DataFrame({"t": rng.integers(0, 2, 1000), "p": 0, "c": confidence})
    binned = im.counts_from_table(
        frame, y_true="t", y_pred="p", confidence="c", thresholds=10
    )
    accepted = binned.counts[:, :, :-1].sum(axis=(1, 2)) / 1000
    assert np.max(np.abs(np.diff(accepted))) < 0.2


@pytest.mark.parametrize("n_samples", [1, 3])
def test_paired_comparison_on_tiny_samples(n_samples):
    y = [0, 1, 0][:n_samples]
    b = [1, 0, 1][:n_samples]  # A = y: right on every sample, B wrong on every one
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = im.resampling.paired_comparison(
            y, y, b, measure="correct_rate", n_resamples=200, random_state=0
        )
    assert not [w for w in caught if w.category is RuntimeWarning]
    assert result.estimate_difference == 1.0
    # Every resample gives the same difference: no spread to test against, so no
    # p-value (not 1 / (n_resamples + 1), which would claim significance).
    assert np.isnan(result.p_value)
    assert any(
        issubclass(w.category, im.exceptions.UndefinedMeasureWarning) for w in caught
    )


def test_cli_decimal_labels_json(tmp_path):
    pytest.importorskip("pyarrow")
    path = tmp_path / "decimal.parquet"
    pd.DataFrame(
        {
            "y_true": [Decimal("1.0"), Decimal("2.0"), Decimal("1.0")],
            "y_pred": [Decimal("1.0"), Decimal("2.0"), Decimal("2.0")],
        }
    ).to_parquet(path)
    rows = _cli_json(path, *FLAGS, "--per-class")
    # Decimal class names are written as their text; by hand: 1.0 -> 1.0 once,
    # 1.0 -> 2.0 once, 2.0 -> 2.0 once. (A Decimal that is not whole is a
    # score, refused as continuous.)
    assert [row["class"] for row in rows[:2]] == ["1.0", "2.0"]
    assert [row["recall"] for row in rows[:2]] == [0.5, 1.0]


def test_tuple_labels_in_reports():
    y = np.empty(3, dtype=object)
    y[:] = [(1, 2), (3, 4), (1, 2)]
    p = np.empty(3, dtype=object)
    p[:] = [(1, 2), (1, 2), (1, 2)]
    table = im.report.per_class_report(y, p, reject_label=None, averages=False)
    assert table.index[:2].tolist() == [(1, 2), (3, 4)]
    assert table.loc[[(1, 2)], "recall"].item() == 1.0
    assert "(3, 4)" in im.report.html_report(y, p, reject_label=None, figures=False)
    # A list of tuples is a 2-d array: refused with the way out.
    with pytest.raises(ValueError, match="1-d object array"):
        im.report.per_class_report([(1, 2), (3, 4)], [(1, 2), (1, 2)])


def test_big_endian_arrays_count_like_native_ones():
    y = np.array([0, 1, 0, 1, 1])
    scores = np.array([[0.9, 0.1], [0.2, 0.8], [0.4, 0.6], [0.7, 0.3], [0.45, 0.55]])
    native = im.counting.confidence_binned_counts(y, scores, thresholds=[0.6, 0.75])
    swapped = im.counting.confidence_binned_counts(
        y.astype(">i8"), scores.astype(">f8"), thresholds=[0.6, 0.75]
    )
    np.testing.assert_array_equal(swapped.counts, native.counts)
    frame = pd.DataFrame(
        {"t": y.astype(">i8"), "p": scores.argmax(1).astype(">i8"), "c": scores.max(1)}
    )
    frame["c"] = frame["c"].to_numpy().astype(">f8")
    from_table = im.counts_from_table(
        frame, y_true="t", y_pred="p", confidence="c", thresholds=[0.6, 0.75]
    )
    np.testing.assert_array_equal(from_table.counts, native.counts)


def test_reject_curve_duplicate_object_classes_refused():
    y = np.array(["a", "b", "a"], dtype=object)
    with pytest.raises(ValueError, match="duplicates"):
        im.curves.reject_curve(
            y,
            np.array([[0.9, 0.1], [0.2, 0.8], [0.4, 0.6]]),
            labels=np.array(["a", "a"], dtype=object),
        )


def test_thresholds_k_over_the_whole_float_range():
    y = [0, 1, 0, 1]
    scores = np.array([[1e308, 0.0], [0.0, 1e-308], [-1e308, 0.0], [0.0, 5.0]])
    curve = im.curves.reject_curve(y, scores, thresholds=3)
    # Exact coverages: four distinct confidences, each threshold keeps some.
    assert curve.coverage[0] == 1.0
    assert curve.coverage[-1] == 0.0
    assert np.all(np.diff(curve.coverage) <= 0)
    assert set(curve.coverage) <= {Fraction(k, 4) for k in range(5)}
    confidence = [1e308, 1e-308, -1e308, 5.0]
    frame = pd.DataFrame({"t": y, "p": [0, 1, 1, 1], "c": confidence})
    binned = im.counts_from_table(
        frame, y_true="t", y_pred="p", confidence="c", thresholds=3
    )
    assert np.all(np.isfinite(binned.thresholds))
    assert binned.counts.sum() == 4  # every sample in one bin


def test_decimal_object_column_in_pandas_engine():
    frame = pd.DataFrame(
        {
            "t": [Decimal("1"), Decimal("2"), Decimal("1")],
            "p": [Decimal("1"), Decimal("2"), Decimal("2")],
        }
    )
    # Decimals are hashable labels: the table is counted as the same values are
    # in memory (the old engine refused the column without saying how to fix it).
    counts = im.counts_from_table(frame, y_true="t", y_pred="p")
    labels = [Decimal("1"), Decimal("2")]
    expected = im.augmented_confusion_matrix(
        list(frame["t"]), list(frame["p"]), labels=labels
    )
    np.testing.assert_array_equal(np.asarray(counts), expected)
    np.testing.assert_array_equal(expected, [[1, 1, 0], [0, 1, 0]])
    assert list(counts.labels) == labels


def test_cli_audit_imports_a_module_from_the_working_directory(tmp_path):
    (tmp_path / "mymod.py").write_text(
        "def f(C):\n    return float(C.trace() / C.sum())\n"
    )
    # -P: no working directory on sys.path, as the installed console script runs.
    done = subprocess.run(
        [
            sys.executable,
            "-P",
            "-m",
            "infometrics",
            "audit",
            "mymod:f",
            *("--max-samples", "3", "--max-split-samples", "4"),
            *("--n-random", "2", "--max-samples-3class", "2"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].split()[:2] == ["f", "holds"]


def test_cli_single_threshold_without_trailing_comma(tmp_path):
    path = _csv(
        tmp_path,
        "y_true,y_pred,c\n0,0,0.9\n1,1,0.8\n0,1,0.6\n1,1,0.7\n0,0,0.95\n",
    )
    options = (*FLAGS, "--confidence", "c", "--format", "json")
    one = _cli("report", path, *options, "--thresholds", "0.75")
    with_comma = _cli("report", path, *options, "--thresholds", "0.75,")
    assert one[0] == 0, one[2]
    assert one == with_comma


@pytest.mark.parametrize(
    ("text", "extra", "key_words"),
    [
        ("y_true,y_pred\n1,1\n,2\n1,2\n", (), ("y_true", "empty")),
        ("y_true,y_pred,w\n1,1,1\n2,2,-1\n1,2,1\n", ("--weight", "w"), ("--weight",)),
        ("y_true,y_pred\n1,1\n2,2\n", ("--reject-label", "abc"), ("--reject-label",)),
    ],
)
def test_cli_errors_speak_command_line_not_python(tmp_path, text, extra, key_words):
    path = _csv(tmp_path, text)
    done = _cli("report", path, "--y-true", "y_true", "--y-pred", "y_pred", *extra)
    _assert_clear_cli_error(done, *key_words)
    for python_word in ("reject_label=", "labels=[", "sample_weight", "pd.NA", "None"):
        assert python_word not in done[2], done[2]
