"""counts_from_table: every engine gives exactly the in-memory counts.

Each table is built from one pandas DataFrame, so the reference is the
in-memory path on the very same rows. Weights are multiples of 1/4, so that
their sums are exact in any order and the weighted counts compare exactly too.
PySpark is tested in ``test_engines_spark.py`` (one session for its module).
"""

import importlib.util

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels

import infometrics
from infometrics import ConfusionCounts, counts_from_table, ni
from infometrics.counting import confidence_binned_counts
from infometrics.exceptions import RejectLabelWarning
from infometrics.report import html_report, information_report


def _has(module):
    return importlib.util.find_spec(module) is not None


def _to_polars(frame):
    import polars as pl

    return pl.from_pandas(frame)


def _to_polars_lazy(frame):
    return _to_polars(frame).lazy()


def _to_arrow(frame):
    import pyarrow as pa

    return pa.Table.from_pandas(frame, preserve_index=False)


def _to_duckdb(frame):
    import duckdb

    connection = duckdb.connect()
    connection.register("source", frame)
    # A relation of the registered table: counted by DuckDB, not in pandas.
    return connection.sql("select * from source")


def _to_dask(frame):
    import dask.dataframe as dd

    return dd.from_pandas(frame, npartitions=3)


def _to_ibis(frame):
    import ibis

    # From Arrow: ibis 12 reads a pandas option that pandas 3 deprecates.
    return ibis.memtable(_to_arrow(frame))


ENGINES = {
    "pandas": (None, lambda frame: frame),
    "polars": ("polars", _to_polars),
    "polars-lazy": ("polars", _to_polars_lazy),
    "pyarrow": ("pyarrow", _to_arrow),
    "duckdb": ("duckdb", _to_duckdb),
    "dask": ("dask", _to_dask),
    "ibis": ("ibis", _to_ibis),
}


@pytest.fixture(params=list(ENGINES))
def engine(request):
    module, convert = ENGINES[request.param]
    if module is not None and not _has(module):
        pytest.skip(f"{module} is not installed (an optional engine)")
    return convert


def _labels(kind, rng, n, n_classes):
    """True and predicted labels of one kind, and the reject label."""
    codes_true = rng.integers(0, n_classes, n)
    codes_pred = rng.integers(-1, n_classes, n)  # -1: rejected
    if kind == "int":
        return codes_true, codes_pred, -1
    if kind == "float":
        return codes_true * 2.0, np.where(codes_pred < 0, -1.0, codes_pred * 2.0), -1
    if kind in ("str", "category"):
        names = np.array([f"class {code}" for code in range(n_classes)] + ["?"])
        true, pred = names[codes_true], names[codes_pred]  # -1 -> "?"
        if kind == "category":
            categories = list(names)
            return (
                pd.Categorical(true, categories=categories),
                pd.Categorical(pred, categories=categories),
                "?",
            )
        return true.astype(object), pred.astype(object), "?"
    if kind == "bool":
        return codes_true % 2 == 0, codes_pred % 2 == 0, None
    raise AssertionError(kind)


LABEL_KINDS = ["int", "float", "str", "category", "bool"]


def _frame(kind, seed, n=400, n_classes=4):
    rng = np.random.default_rng(seed)
    true, pred, reject = _labels(kind, rng, n, n_classes)
    frame = pd.DataFrame(
        {
            "truth": true,
            "prediction": pred,
            "weight": rng.integers(0, 8, n) / 4,
            "score": rng.random(n),
        }
    )
    return frame, reject


def _reference(frame, reject, *, weighted=False, labels=None):
    return counts_and_labels(
        frame["truth"],
        frame["prediction"],
        labels=labels,
        reject_label=reject,
        sample_weight=frame["weight"].to_numpy() if weighted else None,
    )


def _assert_same(counts, reference):
    matrix, labels = reference
    assert isinstance(counts, ConfusionCounts)
    assert counts.confusion_matrix.dtype == matrix.dtype
    np.testing.assert_array_equal(counts.confusion_matrix, matrix)
    assert counts.labels.tolist() == np.asarray(labels).tolist()


@pytest.mark.parametrize(
    ("kind", "weighted"),
    # Weights are summed the same way whatever the labels: two kinds suffice.
    [(kind, False) for kind in LABEL_KINDS] + [("int", True), ("str", True)],
)
def test_engine_counts_equal_the_in_memory_path(engine, kind, weighted):
    frame, reject = _frame(kind, seed=hash((kind, weighted)) % 1000)
    counts = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        sample_weight="weight" if weighted else None,
        reject_label=reject,
    )
    _assert_same(counts, _reference(frame, reject, weighted=weighted))


def test_whole_floats_beyond_int64_and_an_infinite_marker(engine):
    """Whole float labels of any size are classes, and -inf a rejection."""
    frame = pd.DataFrame(
        {
            "truth": [1e300, 0.0, -(2.0**70), 0.0],
            "prediction": [1e300, -np.inf, 0.0, 0.0],
        }
    )
    counts = counts_from_table(
        engine(frame), y_true="truth", y_pred="prediction", reject_label=-np.inf
    )
    _assert_same(counts, _reference(frame, -np.inf, weighted=False))


@pytest.mark.parametrize("kind", ["int", "str"])
def test_explicit_labels_with_an_absent_class(engine, kind):
    frame, reject = _frame(kind, seed=3, n_classes=3)
    labels = ["class 2", "class 0", "class 1", "never"] if kind == "str" else None
    if kind == "int":
        labels = [2, 0, 1, 7]
    counts = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        labels=labels,
        reject_label=reject,
    )
    _assert_same(counts, _reference(frame, reject, labels=labels))
    assert not counts.confusion_matrix[-1].any()  # the absent class's row


def test_degenerate_tables(engine):
    # One row; everything rejected; a class named only by a zero-weight row.
    cases = [
        pd.DataFrame({"truth": [3], "prediction": [3], "weight": [1.0]}),
        pd.DataFrame({"truth": [0, 1, 1], "prediction": [-1, -1, -1], "weight": 1.0}),
        pd.DataFrame(
            {"truth": [0, 5, 1], "prediction": [0, 5, 1], "weight": [1, 0, 2.5]}
        ),
    ]
    for frame in cases:
        for weighted in (False, True):
            counts = counts_from_table(
                engine(frame),
                y_true="truth",
                y_pred="prediction",
                sample_weight="weight" if weighted else None,
            )
            _assert_same(counts, _reference(frame, -1, weighted=weighted))


def test_random_tables_against_a_loop(engine):
    # Many classes, sparse pairs: the plain loop over rows is the reference.
    rng = np.random.default_rng(7)
    for _ in range(3):
        n, n_classes = int(rng.integers(1, 300)), int(rng.integers(1, 30))
        frame = pd.DataFrame(
            {
                "truth": rng.integers(0, n_classes, n),
                "prediction": rng.integers(-1, n_classes, n),
            }
        )
        counts = counts_from_table(engine(frame), y_true="truth", y_pred="prediction")
        classes = sorted(set(frame["truth"]) | set(frame["prediction"]) - {-1})
        expected = np.zeros((len(classes), len(classes) + 1), dtype=np.int64)
        for true, pred in zip(frame["truth"], frame["prediction"], strict=True):
            column = len(classes) if pred == -1 else classes.index(pred)
            expected[classes.index(true), column] += 1
        assert counts.labels.tolist() == classes
        np.testing.assert_array_equal(counts.confusion_matrix, expected)


@pytest.mark.parametrize("kind", ["int", "str"])
@pytest.mark.parametrize("weighted", [False, True])
def test_binned_counts_equal_the_in_memory_binned_counts(engine, kind, weighted):
    frame, _ = _frame(kind, seed=11)
    frame = frame[frame["prediction"] != ("?" if kind == "str" else -1)]
    thresholds = [0.1, 0.25, 0.5, 0.9]
    binned = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        sample_weight="weight" if weighted else None,
        confidence="score",
        thresholds=thresholds,
        reject_label="?" if kind == "str" else -1,
    )
    # In memory: predictions as one-hot scores would lose the confidence, so
    # the reference counts (bin, true, predicted) with a loop.
    classes = np.asarray(binned.classes).tolist()
    expected = np.zeros((len(thresholds) + 1, len(classes), len(classes)))
    for true, pred, score, weight in frame[
        ["truth", "prediction", "score", "weight"]
    ].itertuples(index=False):
        position = np.searchsorted(thresholds, score, side="right")
        expected[position, classes.index(true), classes.index(pred)] += (
            weight if weighted else 1
        )
    assert classes == sorted(set(frame["truth"]) | set(frame["prediction"]))
    np.testing.assert_array_equal(binned.thresholds, thresholds)
    np.testing.assert_array_equal(binned.counts, expected)
    assert binned.counts.dtype.kind == ("f" if weighted else "i")


def test_binned_counts_match_confidence_binned_counts_of_scores(engine):
    # With probabilities whose maximum is the confidence and whose argmax is
    # the prediction, the in-memory binned counts are the reference.
    rng = np.random.default_rng(5)
    n = 300
    proba = rng.dirichlet([1, 1, 1], size=n)
    y_true = rng.integers(0, 3, n)
    frame = pd.DataFrame(
        {
            "truth": y_true,
            "prediction": proba.argmax(axis=1),
            "score": proba.max(axis=1),
        }
    )
    thresholds = [0.4, 0.5, 0.7]
    binned = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=thresholds,
    )
    reference = confidence_binned_counts(y_true, proba, thresholds=thresholds)
    np.testing.assert_array_equal(binned.counts, reference.counts)
    curve = binned.reject_curve(measures=["ni2"])
    expected = reference.reject_curve(measures=["ni2"])
    np.testing.assert_array_equal(curve.reject_rate, expected.reject_rate)
    np.testing.assert_array_equal(curve.measures["ni2"], expected.measures["ni2"])


def test_quantile_thresholds_are_the_quantiles_despite_an_outlier(engine):
    # One outlying confidence must not pull every quantile into the tail
    # (Dask estimates quantiles partition by partition: within 5%).
    rng = np.random.default_rng(3)
    score = rng.random(1000)
    score[0] = 1e12
    frame = pd.DataFrame(
        {"truth": rng.integers(0, 2, 1000), "prediction": rng.integers(0, 2, 1000)}
    ).assign(score=score)
    binned = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=11,
    )
    levels = (score[:, None] < binned.thresholds).mean(0)
    np.testing.assert_allclose(
        levels, [*np.linspace(0, 1, 11)[:10].tolist(), 0.999], atol=0.05
    )


def test_quantile_thresholds_are_near_the_exact_quantiles(engine):
    rng = np.random.default_rng(2)
    frame = pd.DataFrame(
        {
            "truth": rng.integers(0, 3, 2000),
            "prediction": rng.integers(0, 3, 2000),
            "score": rng.beta(5, 2, 2000),
        }
    )
    binned = counts_from_table(
        engine(frame),
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=5,
    )
    exact = np.quantile(frame["score"], np.linspace(0, 1, 5))
    if engine is ENGINES["dask"][1]:
        # Dask estimates quantiles partition by partition: each threshold
        # is the quantile of a level within 2% of the one asked for.
        levels = (frame["score"].to_numpy()[:, None] < binned.thresholds).mean(0)
        np.testing.assert_allclose(levels, np.linspace(0, 1, 5), atol=0.02)
    else:
        np.testing.assert_allclose(binned.thresholds, exact, rtol=1e-12)
    assert binned.counts.sum() == len(frame)
    # The counts are exact at the thresholds chosen.
    bins = np.searchsorted(binned.thresholds, frame["score"], side="right")
    np.testing.assert_array_equal(
        binned.counts.sum(axis=(1, 2)),
        np.bincount(bins, minlength=len(binned.thresholds) + 1),
    )


# -- The label rules in the engine: the same errors, the same messages ----------------


def _in_memory_error(frame, **options):
    with pytest.raises(ValueError, match=r".") as error:
        counts_and_labels(
            frame["truth"],
            frame["prediction"],
            sample_weight=frame["weight"].to_numpy() if "weight" in frame else None,
            **options,
        )
    return str(error.value)


ERROR_CASES = {
    # As in memory, weights whose total overflows are refused before the
    # labels are read (here a missing truth and a continuous prediction).
    "weight total beyond float64 beside missing float labels": (
        pd.DataFrame(
            {
                "truth": [np.nan, 2.0, 0.0],
                "prediction": [0.5, 2.0, 0.0],
                "weight": [1.0, 1e308, 1e308],
            }
        ),
        {},
    ),
    # An infinite marker is a prediction, not a continuous value: the example
    # of the error is the truth's 0.5, as in memory (it was the marker).
    "continuous truth beside an infinite marker": (
        pd.DataFrame({"truth": [-1.0, np.inf, 0.5], "prediction": [-1.0, -1.0, 0.5]}),
        {"reject_label": np.inf},
    ),
    "missing truth": (
        pd.DataFrame({"truth": [0.0, np.nan, 1.0], "prediction": [0, 1, 1]}),
        {},
    ),
    "missing prediction": (
        pd.DataFrame({"truth": ["a", "b", "a"], "prediction": ["a", None, "b"]}),
        {"reject_label": "?"},
    ),
    "reject label in truth": (
        pd.DataFrame({"truth": [0, -1, 1], "prediction": [0, 1, -1]}),
        {},
    ),
    "continuous prediction": (
        pd.DataFrame({"truth": [0, 1, 1], "prediction": [0.0, 0.5, 1.0]}),
        {},
    ),
    "negative weight": (
        pd.DataFrame({"truth": [0, 1], "prediction": [0, 1], "weight": [1.0, -2.0]}),
        {},
    ),
    "infinite weight": (
        pd.DataFrame({"truth": [0, 1], "prediction": [0, 1], "weight": [np.inf, 1.0]}),
        {},
    ),
    "all-zero weights": (
        pd.DataFrame({"truth": [0, 1], "prediction": [0, 1], "weight": [0.0, 0.0]}),
        {},
    ),
    "label outside labels": (
        pd.DataFrame({"truth": ["a", "b"], "prediction": ["a", "c"]}),
        {"labels": ["a", "b"], "reject_label": "?"},
    ),
    "string marker with numbers": (
        pd.DataFrame({"truth": [0, 1], "prediction": [0, 1]}),
        {"reject_label": "?"},
    ),
    "numbers against strings": (
        pd.DataFrame({"truth": [0, 1], "prediction": ["0", "1"]}),
        {"reject_label": None},
    ),
    "empty": (
        pd.DataFrame(
            {
                "truth": np.array([], dtype=np.int64),
                "prediction": np.array([], dtype=np.int64),
            }
        ),
        {},
    ),
}


@pytest.mark.parametrize("case", list(ERROR_CASES))
def test_engine_errors_are_the_in_memory_errors(engine, case):
    frame, options = ERROR_CASES[case]
    expected = _in_memory_error(frame, **options)
    with pytest.raises(ValueError, match=r".") as error:
        counts_from_table(
            engine(frame),
            y_true="truth",
            y_pred="prediction",
            sample_weight="weight" if "weight" in frame else None,
            **options,
        )
    assert str(error.value) == expected


def test_default_reject_label_with_strings_warns_as_in_memory(engine):
    # Only when the predictions hold the marker written as a string.
    frame = pd.DataFrame({"truth": ["a", "b"], "prediction": ["a", "-1"]})
    with pytest.warns(RejectLabelWarning, match="counted as a class"):
        counts = counts_from_table(engine(frame), y_true="truth", y_pred="prediction")
    with pytest.warns(RejectLabelWarning, match="counted as a class"):
        expected = _reference(frame, -1)
    _assert_same(counts, expected)


def test_missing_predictions_declared_rejections(engine):
    frame = pd.DataFrame({"truth": [0.0, 1.0, 1.0], "prediction": [0.0, np.nan, 1.0]})
    counts = counts_from_table(
        engine(frame), y_true="truth", y_pred="prediction", reject_label=np.nan
    )
    _assert_same(counts, _reference(frame, np.nan))


def test_column_and_option_errors(engine):
    frame = pd.DataFrame({"truth": [0, 1], "prediction": [0, 1], "score": [0.5, 0.7]})
    table = engine(frame)
    with pytest.raises(ValueError, match="y_pred='pred' is not a column"):
        counts_from_table(table, y_true="truth", y_pred="pred")
    with pytest.raises(ValueError, match=r"need both confidence= .* and thresholds="):
        counts_from_table(
            table, y_true="truth", y_pred="prediction", confidence="score"
        )
    with pytest.raises(ValueError, match="confidence must be numeric"):
        counts_from_table(
            engine(frame.assign(score=["a", "b"])),
            y_true="truth",
            y_pred="prediction",
            confidence="score",
            thresholds=[0.5],
        )
    with pytest.raises(ValueError, match="confidence contains NaN"):
        counts_from_table(
            engine(frame.assign(score=[0.5, np.nan])),
            y_true="truth",
            y_pred="prediction",
            confidence="score",
            thresholds=[0.5],
        )
    with pytest.raises(ValueError, match="predictions before rejection"):
        counts_from_table(
            engine(frame.assign(prediction=[0, -1])),
            y_true="truth",
            y_pred="prediction",
            confidence="score",
            thresholds=[0.5],
        )


def test_not_a_table():
    with pytest.raises(TypeError, match="must be a dataframe or table"):
        counts_from_table([[0, 1]], y_true="a", y_pred="b")
    with pytest.raises(TypeError, match="y_true must be the name of a column"):
        counts_from_table(pd.DataFrame({"a": [1]}), y_true=0, y_pred="a")


# -- only aggregates come back to Python --------------------------------------


@pytest.mark.skipif(not _has("polars"), reason="polars is not installed")
def test_only_aggregates_are_collected(monkeypatch):
    import polars as pl

    collected = []
    collect = pl.LazyFrame.collect

    def recording_collect(frame, *args, **kwargs):
        result = collect(frame, *args, **kwargs)
        collected.append(len(result))
        return result

    # Every collection by the engine, in the entry point and in its aggregates.
    monkeypatch.setattr(pl.LazyFrame, "collect", recording_collect)
    n = 200_000
    table = pl.LazyFrame(
        {
            "truth": pl.int_range(n, eager=True) % 5,
            "prediction": pl.int_range(n, eager=True) % 7 - 1,
            "score": (pl.int_range(n, eager=True) % 1000) / 1000,
        }
    )
    counts_from_table(table, y_true="truth", y_pred="prediction")
    # Integer labels: one GROUP BY, one row per distinct pair (5 x 7).
    assert collected == [35]
    collected.clear()
    counts_from_table(
        table.with_columns(pl.col("prediction").cast(pl.Float64)),
        y_true="truth",
        y_pred="prediction",
    )
    # Float labels: one row of checks (continuous values?) first.
    assert collected == [1, 35]
    collected.clear()
    counts_from_table(
        table.filter(pl.col("prediction") >= 0),
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=3,
    )
    assert max(collected) <= 2**16  # the quantile histogram's cells at most


@pytest.mark.skipif(not _has("polars"), reason="polars is not installed")
@pytest.mark.parametrize(
    ("prediction", "reject_label"),
    [
        ([0, -1, 1], -1),
        ([0.0, -1.0, 1.0], -1),
        (["a", "?", "b"], "?"),
        ([0.0, None, 1.0], np.nan),
        ([0.0, float("nan"), 1.0], np.nan),
        (["a", None, "b"], np.nan),
    ],
)
def test_rejected_predictions_are_refused_with_binned_counts(prediction, reject_label):
    """With thresholds=k as with explicit thresholds: y_pred must be classes."""
    import polars as pl

    truth = ["a", "b", "b"] if isinstance(prediction[0], str) else [0, 1, 1]
    # Polars keeps float("nan") a NaN and None a null.
    table = pl.LazyFrame(
        {"truth": truth, "prediction": prediction, "score": [0.2, 0.5, 0.9]}
    )
    for thresholds in (5, [0.5]):
        with pytest.raises(ValueError, match="predictions before rejection"):
            counts_from_table(
                table,
                y_true="truth",
                y_pred="prediction",
                confidence="score",
                thresholds=thresholds,
                reject_label=reject_label,
            )


@pytest.mark.skipif(not _has("polars"), reason="polars is not installed")
@pytest.mark.parametrize(
    ("columns", "options"),
    [
        ({"truth": [0, 1, 1], "weight": [1.0, -1.0, 1.0]}, {"sample_weight": "weight"}),
        ({"truth": [-1, 1, 1]}, {}),
        ({"truth": [None, 1, 1]}, {}),
        ({"truth": [0, 1, 1], "prediction": [5, -1, 1]}, {"labels": [0, 1]}),
    ],
)
def test_rejected_predictions_beside_other_errors_give_the_same_error(columns, options):
    """With thresholds=k as with explicit thresholds: the row's first problem."""
    import polars as pl

    table = pl.DataFrame({"prediction": [0, -1, 1], "score": [0.1, 0.6, 0.9]} | columns)
    messages = []
    for thresholds in (2, [0.5]):
        with pytest.raises(ValueError, match=r".") as error:
            counts_from_table(
                table,
                y_true="truth",
                y_pred="prediction",
                confidence="score",
                thresholds=thresholds,
                **options,
            )
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert "before rejection" not in messages[0]


# -- the result goes everywhere a matrix goes ---------------------------------


def test_counts_work_in_count_level_functions_and_reports():
    frame = pd.DataFrame(
        {"truth": ["x", "y", "y", "x"], "prediction": ["x", "y", "x", "-"]}
    )
    counts = counts_from_table(
        frame, y_true="truth", y_pred="prediction", reject_label="-"
    )
    matrix = counts.confusion_matrix
    assert ni(counts) == ni(matrix)
    assert infometrics.all_measures(
        counts, replace_undefined_by=0.0
    ) == infometrics.all_measures(matrix, replace_undefined_by=0.0)
    report = information_report(confusion_matrix=counts)
    assert report.equals(information_report(confusion_matrix=matrix, labels=["x", "y"]))
    per_class = infometrics.report.per_class_report(confusion_matrix=counts)
    assert per_class.index.tolist()[:2] == ["x", "y"]
    page = html_report(confusion_matrix=counts, figures=False)
    assert ">x<" in page
    assert ">y<" in page
    # Four samples: some resamples hold one true class, where NI2 is undefined.
    with pytest.warns(
        infometrics.exceptions.UndefinedMeasureWarning, match="resamples"
    ):
        intervals = infometrics.resampling.bootstrap_measures(
            counts, n_resamples=20, random_state=0
        )
    assert intervals["ni2"].estimate == ni(matrix)
    array = np.asarray(counts)
    array[0, 0] = 99  # a copy: the counts stay as they were
    np.testing.assert_array_equal(counts.confusion_matrix, matrix)
    np.testing.assert_array_equal(np.asarray(counts, dtype=float), matrix)
    # copy=False is honoured (NumPy 2's protocol), or refused when impossible.
    assert np.shares_memory(np.asarray(counts, copy=False), counts.confusion_matrix)
    with pytest.raises(ValueError, match="needs a copy"):
        np.asarray(counts, dtype=float, copy=False)
    doubled = counts + counts
    np.testing.assert_array_equal(doubled.confusion_matrix, 2 * matrix)
    np.testing.assert_array_equal(sum([counts, counts]).confusion_matrix, 2 * matrix)
    other = ConfusionCounts(np.array([[1, 0]]), np.array(["z"]), reject_label="-")
    merged = counts + other
    assert merged.labels.tolist() == ["x", "y", "z"]
    np.testing.assert_array_equal(merged.confusion_matrix[2], [0, 0, 1, 0])
    with pytest.raises(ValueError, match="same reject label"):
        counts + ConfusionCounts(np.array([[1, 0]]), np.array(["z"]), reject_label="?")


# ibis 12 calls a method DuckDB 2 deprecates when it reads a file.
@pytest.mark.filterwarnings("ignore:fetch_arrow_table:DeprecationWarning")
@pytest.mark.parametrize("reader", ["duckdb", "ibis"])
def test_nan_in_a_parquet_file_is_missing_in_every_engine(tmp_path, reader):
    # DuckDB answers isnan from the file's statistics, which leave NaN out.
    pytest.importorskip(reader)
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = str(tmp_path / "scores.parquet")
    pq.write_table(
        pa.table(
            {
                "truth": [0, 1, 1, 0, 1],
                "prediction": [0.0, np.nan, 1.0, 0.0, 1.0],
                "score": [0.9, np.nan, 0.3, 0.5, 0.7],
            }
        ),
        path,
    )
    if reader == "duckdb":
        import duckdb

        table = duckdb.read_parquet(path)
    else:
        import ibis

        table = ibis.read_parquet(path)
    with pytest.raises(ValueError, match="confidence contains NaN"):
        counts_from_table(
            table, y_true="truth", y_pred="truth", confidence="score", thresholds=3
        )
    counts = counts_from_table(
        table, y_true="truth", y_pred="prediction", reject_label=np.nan
    )
    np.testing.assert_array_equal(counts.confusion_matrix, [[2, 0, 0], [0, 2, 1]])
    with pytest.raises(ValueError, match="y_pred contains missing labels"):
        counts_from_table(table, y_true="truth", y_pred="prediction")


@pytest.mark.parametrize("engine_name", ["pandas", "dask"])
def test_big_endian_columns_are_counted(engine_name):
    module, convert = ENGINES[engine_name]
    if module is not None:
        pytest.importorskip(module)
    frame = pd.DataFrame(
        {
            "truth": np.array([1, 2, 2, 1], dtype=">i4"),
            "prediction": np.array([1, -1, 2, 2], dtype=">i8"),
            "weight": np.array([1.0, 2.0, 0.5, 1.0], dtype=">f8"),
            "score": np.array([0.1, 0.4, 0.3, 0.2], dtype=">f4"),
        }
    )
    counts = counts_from_table(
        convert(frame), y_true="truth", y_pred="prediction", sample_weight="weight"
    )
    expected = infometrics.augmented_confusion_matrix(
        frame["truth"].to_numpy(),
        frame["prediction"].to_numpy(),
        sample_weight=frame["weight"].to_numpy(),
    )
    np.testing.assert_array_equal(counts.confusion_matrix, expected)
    binned = counts_from_table(
        convert(frame.assign(prediction=frame["truth"])),
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=[0.25],
    )
    assert binned.counts.sum() == 4


def test_an_object_column_of_decimals_is_counted_as_in_memory():
    from decimal import Decimal

    truth = [Decimal(1), Decimal(2), Decimal(2), Decimal("3.0")]
    prediction = [Decimal(1), Decimal(-1), Decimal(1), Decimal(2)]
    frame = pd.DataFrame({"truth": truth, "prediction": prediction})
    counts = counts_from_table(frame, y_true="truth", y_pred="prediction")
    assert counts.labels.tolist() == [Decimal(1), Decimal(2), Decimal(3)]
    np.testing.assert_array_equal(
        counts.confusion_matrix,
        infometrics.augmented_confusion_matrix(frame["truth"], frame["prediction"]),
    )
    np.testing.assert_array_equal(
        counts.confusion_matrix, [[1, 0, 0, 0], [1, 0, 0, 1], [0, 1, 0, 0]]
    )
    # A Decimal that is not whole is a score, refused as a float 1.5 is.
    frame.loc[3, "truth"] = Decimal("1.5")
    refused = r"y_true contains continuous values \(e\.g\. Decimal\('1\.5'\)\)"
    with pytest.raises(ValueError, match=refused):
        counts_from_table(frame, y_true="truth", y_pred="prediction")
    with pytest.raises(ValueError, match=refused):
        infometrics.augmented_confusion_matrix(frame["truth"], frame["prediction"])
    frame.loc[0, "truth"] = None
    with pytest.raises(ValueError, match="y_true contains missing labels"):
        counts_from_table(frame, y_true="truth", y_pred="prediction")


def test_a_column_of_dates_is_refused_with_how_to_convert():
    frame = pd.DataFrame(
        {"truth": pd.to_datetime(["2024-01-01", "2024-01-02"]), "prediction": [1, 2]}
    )
    with pytest.raises(ValueError, match=r"must hold numbers or strings.*Convert"):
        counts_from_table(frame, y_true="truth", y_pred="prediction")
