"""Counts where the data lives: Parquet of up to 10^9 rows, per engine.

Run:  python benchmarks/bench_engines.py [--rows N] [--classes 10]
      [--paths duckdb polars spark dask numpy sklearn] [--data DIR] [--keep]

1. Writes ``--rows`` rows (default 10^9: true label, predicted label with
   rejections, float32 confidence) to one Parquet file, generated chunk by
   chunk -- never held in memory (about 5 GB at 10^9 rows).
2. Counts the file, each path in a fresh subprocess, and reports rows per
   second and the peak resident memory of the process *and its children*
   (Spark's JVM), sampled every 20 ms:

   - the augmented matrix (``counts_from_table``) through DuckDB
     (``duckdb.read_parquet``), Polars (``pl.scan_parquet``) and PySpark
     (``local[2]``), and the confidence-binned counts at 10 fixed thresholds
     (the curve's counts) through the same engines;
   - the Dask path of ``augmented_confusion_matrix`` (``dd.read_parquet``
     columns, counted chunk by chunk in Python);
   - numpy in memory: ``augmented_confusion_matrix`` and the bare idiom
     ``np.bincount(y_true * k + y_pred)`` on the first ``--numpy-rows`` rows
     (default 10^8, what fits beside the others on a shared machine; the
     arrays are read before the clock starts);
   - ``sklearn.metrics.confusion_matrix`` on the first ``--sklearn-rows``
     rows (default 10^7).

Every full-file path must give the same matrix; the script checks it. SPEC §8
targets on two cores: matrix >= 150 M rows/s and binned counts >= 50 M rows/s
through DuckDB, peak memory independent of the number of rows.
"""

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

CHUNK = 10_000_000
ROW_GROUP = 1_000_000
THRESHOLDS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]


# -- the data -----------------------------------------------------------------


def write_parquet(path, n_rows, n_classes, seed=0):
    """``n_rows`` rows written chunk by chunk (at most one chunk in memory)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    schema = pa.schema(
        [("y_true", pa.int64()), ("y_pred", pa.int64()), ("score", pa.float32())]
    )
    with pq.ParquetWriter(path, schema, compression="snappy") as writer:
        for start in range(0, n_rows, CHUNK):
            size = min(CHUNK, n_rows - start)
            y_true = rng.integers(0, n_classes, size)
            score = rng.random(size, dtype=np.float32)
            # More confident predictions are more often right.
            right = rng.random(size, dtype=np.float32) < 0.3 + 0.7 * score
            wrong = rng.integers(-1, n_classes, size)
            y_pred = np.where(right, y_true, wrong)
            table = pa.table({"y_true": y_true, "y_pred": y_pred, "score": score})
            writer.write_table(table, row_group_size=ROW_GROUP)


# -- one path, in its own process ---------------------------------------------


class TreeMemory:
    """Peak resident memory of this process and its children, in MB."""

    def __init__(self, interval=0.02):
        import psutil

        self._process = psutil.Process()
        self._stop = threading.Event()
        self.peak = 0
        self._thread = threading.Thread(
            target=self._sample, args=(interval,), daemon=True
        )
        self._thread.start()

    def _rss(self):
        total = 0
        for process in [self._process, *self._process.children(recursive=True)]:
            with contextlib.suppress(Exception):  # a child that just ended
                total += process.memory_info().rss
        return total

    def _sample(self, interval):
        while True:
            self.peak = max(self.peak, self._rss())
            if self._stop.wait(interval):
                return

    def stop(self):
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self._rss())
        return self.peak / 2**20


def _spark_session():
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("bench-engines")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.memory", "2g")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    return session


def _table(engine, path):
    if engine == "duckdb":
        import duckdb

        return duckdb.read_parquet(str(path))
    if engine == "polars":
        import polars as pl

        return pl.scan_parquet(path)
    if engine == "spark":
        session = _spark_session()
        # The JVM compiles its first query's code: warm it up off the clock.
        from infometrics import counts_from_table

        warm = session.createDataFrame(
            [(0, 0, 0.5)], "y_true long, y_pred long, score float"
        )
        counts_from_table(warm, y_true="y_true", y_pred="y_pred")
        counts_from_table(
            warm,
            y_true="y_true",
            y_pred="y_pred",
            confidence="score",
            thresholds=THRESHOLDS,
            reject_label=None,
        )
        return session.read.parquet(str(path))
    raise ValueError(engine)


def _read_columns(path, n_rows):
    import pyarrow.parquet as pq

    parts = {"y_true": [], "y_pred": [], "score": []}
    seen = 0
    for batch in pq.ParquetFile(path).iter_batches(batch_size=CHUNK):
        for name in parts:
            parts[name].append(batch.column(name).to_numpy())
        seen += batch.num_rows
        if seen >= n_rows:
            break
    return {name: np.concatenate(chunks)[:n_rows] for name, chunks in parts.items()}


def run_path(name, path, n_rows, n_classes):
    """Measure one path; returns a dict (printed as JSON by the subprocess)."""
    import infometrics as im

    engine, _, what = name.partition(":")
    result = {"path": name}
    if engine in ("duckdb", "polars", "spark"):
        table = _table(engine, path)  # Spark's session starts before the clock
        memory = TreeMemory()
        start = time.perf_counter()
        if what == "binned":
            counts = im.counts_from_table(
                table,
                y_true="y_true",
                y_pred="y_pred",
                confidence="score",
                thresholds=THRESHOLDS,
                reject_label=None,
            )
            matrix = counts.counts.sum(axis=0)
        else:
            matrix = im.counts_from_table(
                table, y_true="y_true", y_pred="y_pred"
            ).confusion_matrix
        seconds = time.perf_counter() - start
        result.update(rows=n_rows, seconds=seconds, peak_mb=memory.stop())
    elif engine == "dask":
        import dask
        import dask.dataframe as dd

        dask.config.set(scheduler="threads", num_workers=2)
        # Ten row groups (10^7 rows) per partition: the file is one file.
        frame = dd.read_parquet(
            str(path), columns=["y_true", "y_pred"], split_row_groups=10
        )
        memory = TreeMemory()
        start = time.perf_counter()
        matrix = im.augmented_confusion_matrix(frame["y_true"], frame["y_pred"])
        seconds = time.perf_counter() - start
        result.update(rows=n_rows, seconds=seconds, peak_mb=memory.stop())
    elif engine in ("numpy", "idiom", "sklearn"):
        columns = _read_columns(path, n_rows)
        y_true, y_pred = columns["y_true"], columns["y_pred"]
        memory = TreeMemory()
        start = time.perf_counter()
        if engine == "numpy":
            matrix = im.augmented_confusion_matrix(y_true, y_pred)
        elif engine == "idiom":
            # The bare idiom (rejections shifted to code k): the physical limit.
            codes = np.bincount(y_true * (n_classes + 1) + (y_pred + 1))
            matrix = codes
        else:
            from sklearn.metrics import confusion_matrix

            matrix = confusion_matrix(y_true, y_pred)
        seconds = time.perf_counter() - start
        result.update(rows=len(y_true), seconds=seconds, peak_mb=memory.stop())
    else:
        raise ValueError(name)
    result["matrix"] = np.asarray(matrix).tolist()
    return result


def _child(name, path, n_rows, n_classes):
    """Run one path in a fresh interpreter (its own peak memory)."""
    command = [
        sys.executable,
        __file__,
        "--_path",
        name,
        "--_file",
        str(path),
        "--rows",
        str(n_rows),
        "--classes",
        str(n_classes),
    ]
    completed = subprocess.run(
        command, capture_output=True, text=True, check=False, timeout=6 * 3600
    )
    for line in completed.stdout.splitlines()[::-1]:
        if line.startswith("{"):
            return json.loads(line)
    return {"path": name, "error": (completed.stderr.strip().splitlines() or ["?"])[-1]}


def _as_augmented(name, matrix):
    """The augmented matrix of a path's result, to compare the paths.

    Binned counts are taken with ``reject_label=None`` (the predictions
    before rejection): -1 is a class there, the first row and column.
    """
    if not name.endswith(":binned"):
        return matrix
    return np.concatenate([matrix[1:, 1:], matrix[1:, :1]], axis=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e9)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--numpy-rows", type=float, default=1e8)
    parser.add_argument("--sklearn-rows", type=float, default=1e7)
    parser.add_argument(
        "--paths",
        nargs="+",
        default=["duckdb", "polars", "spark", "dask", "numpy", "sklearn"],
        choices=["duckdb", "polars", "spark", "dask", "numpy", "sklearn"],
    )
    parser.add_argument("--data", help="folder for the Parquet file (default: a temp)")
    parser.add_argument("--keep", action="store_true", help="keep the Parquet file")
    parser.add_argument("--_path", help=argparse.SUPPRESS)
    parser.add_argument("--_file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    n_rows, n_classes = int(args.rows), args.classes
    if args._path:
        print(json.dumps(run_path(args._path, args._file, n_rows, n_classes)))
        return
    folder = Path(args.data or tempfile.mkdtemp(prefix="bench-engines-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"predictions-{n_rows}-{n_classes}.parquet"
    if not path.exists():
        start = time.perf_counter()
        write_parquet(path, n_rows, n_classes)
        print(
            f"wrote {n_rows:.3g} rows to {path} ({path.stat().st_size / 2**30:.2f} "
            f"GB) in {time.perf_counter() - start:.0f} s"
        )
    plan = []
    for engine in ("duckdb", "polars", "spark"):
        if engine in args.paths:
            plan += [(f"{engine}:matrix", n_rows), (f"{engine}:binned", n_rows)]
    if "dask" in args.paths:
        plan.append(("dask:matrix", n_rows))
    if "numpy" in args.paths:
        in_memory = min(n_rows, int(args.numpy_rows))
        plan += [("numpy:matrix", in_memory), ("idiom:matrix", in_memory)]
    if "sklearn" in args.paths:
        plan.append(("sklearn:matrix", min(n_rows, int(args.sklearn_rows))))
    header = ("path", "rows", "seconds", "M rows/s", "peak MB")
    print("\n{:<18s} {:>10s} {:>9s} {:>9s} {:>8s}".format(*header))
    reference = None
    try:
        for name, rows in plan:
            result = _child(name, path, rows, n_classes)
            if "error" in result:
                print(f"{name:<18s} failed: {result['error']}")
                continue
            rate = result["rows"] / result["seconds"] / 1e6
            print(
                f"{name:<18s} {result['rows']:>10.3g} {result['seconds']:>9.2f} "
                f"{rate:>9.1f} {result['peak_mb']:>8.0f}",
                flush=True,
            )
            if result["rows"] == n_rows and not name.startswith(("idiom", "sklearn")):
                matrix = _as_augmented(name, np.asarray(result["matrix"]))
                if reference is None:
                    reference = matrix
                elif not np.array_equal(matrix, reference):
                    print(f"  !! {name} differs from the first full-file matrix")
    finally:
        if not args.keep and args.data is None:
            path.unlink(missing_ok=True)
            os.rmdir(folder)


if __name__ == "__main__":
    main()
