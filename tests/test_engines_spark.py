"""counts_from_table on PySpark in local mode: the in-memory counts, exactly.

One Spark session (``local[2]``) serves the whole module: starting one costs
about ten seconds, each query about one. CI installs a Java runtime
(``.ci/run``); elsewhere these tests are skipped when Java or pyspark is
missing, with the reason.
"""

import importlib.util
import os
import shutil

import numpy as np
import pandas as pd
import pytest
from test_engines import (
    ERROR_CASES,
    _assert_same,
    _frame,
    _in_memory_error,
    _reference,
    _to_arrow,
)

from infometrics import counts_from_table

# One worker runs every Spark test (one JVM, one session for the module).
pytestmark = pytest.mark.xdist_group("spark")

if importlib.util.find_spec("pyspark") is None:
    pytest.skip(
        "pyspark is not installed (pip install pyspark)", allow_module_level=True
    )
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip(
        "PySpark needs a Java runtime and none is on PATH (e.g. apt-get install "
        "default-jre-headless)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("infometrics-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "1")
        # Tiny tables: compiling generated code costs more than it saves.
        .config("spark.sql.codegen.wholeStage", "false")
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.memory", "512m")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def _to_spark(spark, frame):
    # Through Arrow: pyspark's pandas conversion warns about pandas 3.
    return spark.createDataFrame(_to_arrow(frame))


@pytest.mark.parametrize("kind", ["int", "float", "str", "category", "bool"])
def test_spark_counts_equal_the_in_memory_path(spark, kind):
    frame, reject = _frame(kind, seed=1)
    weighted = kind == "str"
    counts = counts_from_table(
        _to_spark(spark, frame),
        y_true="truth",
        y_pred="prediction",
        sample_weight="weight" if weighted else None,
        reject_label=reject,
    )
    _assert_same(counts, _reference(frame, reject, weighted=weighted))


def test_spark_binned_counts(spark):
    frame, _ = _frame("int", seed=2)
    frame = frame[frame["prediction"] >= 0]
    table = _to_spark(spark, frame)
    thresholds = [0.2, 0.5, 0.75]
    binned = counts_from_table(
        table,
        y_true="truth",
        y_pred="prediction",
        confidence="score",
        thresholds=thresholds,
    )
    bins = np.searchsorted(thresholds, frame["score"], side="right")
    expected = np.zeros_like(binned.counts)
    np.add.at(expected, (bins, frame["truth"], frame["prediction"]), 1)
    np.testing.assert_array_equal(binned.counts, expected)
    quantiles = counts_from_table(
        table, y_true="truth", y_pred="prediction", confidence="score", thresholds=4
    )
    exact = np.quantile(frame["score"], np.linspace(0, 1, 4))
    cell = (frame["score"].max() - frame["score"].min()) / 2**16
    np.testing.assert_allclose(quantiles.thresholds, exact, atol=cell * 1.01, rtol=0)


@pytest.mark.parametrize(
    "case",
    [
        "missing prediction",
        "reject label in truth",
        "continuous prediction",
        "negative weight",
    ],
)
def test_spark_errors_are_the_in_memory_errors(spark, case):
    frame, options = ERROR_CASES[case]
    expected = _in_memory_error(frame, **options)
    with pytest.raises(ValueError, match=r".") as error:
        counts_from_table(
            _to_spark(spark, frame),
            y_true="truth",
            y_pred="prediction",
            sample_weight="weight" if "weight" in frame else None,
            **options,
        )
    assert str(error.value) == expected


def test_spark_missing_predictions_declared_rejections(spark):
    frame = pd.DataFrame({"truth": [0.0, 1.0, 1.0], "prediction": [0.0, np.nan, 1.0]})
    counts = counts_from_table(
        _to_spark(spark, frame),
        y_true="truth",
        y_pred="prediction",
        reject_label=np.nan,
    )
    _assert_same(counts, _reference(frame, np.nan))
