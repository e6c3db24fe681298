"""Every input file of the command line, read one way into labelled counts.

A CSV is read as text (a table of labels by :mod:`.label_table`'s rules, its
classes coded as integers and counted by ``counts_from_table``; counts are a
confusion matrix, read by name when it names its rows and columns); a Parquet
file keeps its types and is counted where it is read, by DuckDB, in one
streaming ``GROUP BY``. With ``--confidence`` the counts are binned too.
"""

import contextlib
import io
import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import UsageError
from .label_table import _number, numeric_column, read_label_columns

# Confidence thresholds of the binned counts unless --thresholds says otherwise.
DEFAULT_THRESHOLDS = 100
_PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")


def add_input_arguments(parser):
    """The input file and its columns (``report`` and ``plot``)."""
    parser.add_argument(
        "file",
        help="a CSV or Parquet file: a table of true and predicted labels, or "
        "(CSV) a confusion matrix (rows true classes, columns predicted classes "
        "and a last reject column; optional header row and class-name column); "
        "'-' reads a CSV from standard input; a glob such as 'part-*.parquet' "
        "reads several Parquet files",
    )
    parser.add_argument(
        "--kind",
        choices=["auto", "matrix", "labels"],
        default="auto",
        help="what a CSV holds (default: auto-detect)",
    )
    for flag, alias, default, what in (
        ("--y-true", "--true-column", "y_true", "true"),
        ("--y-pred", "--pred-column", "y_pred", "predicted"),
    ):
        parser.add_argument(
            flag,
            alias,
            metavar="COL",
            default=default,
            help=f"column of {what} labels (default {default}; {alias} is the "
            "same option)",
        )
    parser.add_argument(
        "--reject-label",
        default="-1",
        help="prediction meaning 'rejected' (default -1); 'nan' for empty "
        "predictions; 'none' for a classifier without a reject option. Empty "
        "cells and nan are missing; NA, None, null are names like any other",
    )
    parser.add_argument(
        "--weight", metavar="COL", help="column of non-negative sample weights"
    )
    parser.add_argument(
        "--confidence",
        metavar="COL",
        help="column of the classifier's confidence (higher = more sure); "
        "--y-pred then holds the predictions before rejection, and the HTML "
        "page adds the reject and risk-coverage curves",
    )
    parser.add_argument(
        "--threshold",
        metavar="T",
        type=float,
        help="with --confidence: the tables describe the classifier that "
        "rejects the predictions whose confidence is below T",
    )
    parser.add_argument(
        "--thresholds",
        metavar="K|T1,T2,...",
        help="with --confidence: K thresholds at approximate quantiles of the "
        f"confidence (default {DEFAULT_THRESHOLDS}), or the thresholds themselves",
    )


def _thresholds(text):
    """``--thresholds``: an integer K, or one or more numbers."""
    if text is None:
        return DEFAULT_THRESHOLDS
    try:
        if text.strip().isdigit():
            value = int(text)
            if value < 1:
                raise ValueError
            return value
        values = [float(part) for part in text.split(",") if part.strip()]
        if not values:
            raise ValueError
        return values
    except ValueError:
        raise UsageError(
            f"--thresholds {text!r}: give a positive integer K or numbers "
            "separated by commas"
        ) from None


def _check_options(args):
    if args.confidence is None:
        for option in ("threshold", "thresholds"):
            if getattr(args, option) is not None:
                raise UsageError(f"--{option} needs --confidence COL")
    if args.threshold is not None and args.reject_label.strip().lower() == "none":
        raise UsageError(
            "--threshold rejects predictions; give the label that marks them "
            "with --reject-label (not none)"
        )


def _check_columns(path, wanted, header):
    """Refuse a column the file does not have, naming the columns it has."""
    missing = sorted({column for column in wanted if column is not None} - set(header))
    if missing:
        raise UsageError(
            f"{path}: no column {', '.join(missing)} (columns: {', '.join(header)}); "
            "name the label columns with --y-true COL and --y-pred COL"
        )


def read_counts(args):
    """``(counts, class labels, binned or None)`` of the file, validated once;
    every problem with the input, also one the core finds, names the file."""
    _check_options(args)
    glob = any(character in args.file for character in "*?[")
    if glob or args.file.lower().endswith(_PARQUET_SUFFIXES):
        return _parquet_counts(args, glob=glob)
    text, path = _read_text(args.file)
    cells = _read_cells(text, path)
    columns = {args.y_true, args.y_pred}
    header = cells[0].tolist()
    kind = args.kind
    if kind == "auto":
        kind = "labels" if columns <= set(header) else "matrix"
        all_text = not np.vectorize(_is_number, otypes=[bool])(cells[0]).any()
        if kind == "matrix" and all_text and columns & set(header):
            _check_columns(path, columns, header)
        if kind == "matrix" and args.confidence is not None:
            kind = "labels"  # a confidence column belongs to a table of labels
    if kind == "matrix":
        if args.confidence is not None or args.weight is not None:
            raise UsageError(
                f"{path}: --weight and --confidence name columns of a table of "
                "labels, not of a confusion matrix"
            )
        from .._from_labels.scores import counts_and_labels

        matrix, names = _read_matrix(path, cells, header_hint=args.kind == "auto")
        try:
            counts = counts_and_labels(
                None, None, matrix, labels=names, reject_label=None, sample_weight=None
            )
        except ValueError as exc:
            raise UsageError(f"{path}: {exc}") from None
        return (*counts, None)
    _check_columns(path, (*columns, args.weight, args.confidence), header)
    classes, true_codes, pred_codes = read_label_columns(
        cells, path, args.y_true, args.y_pred, args.reject_label
    )
    frame = {args.y_true: true_codes, args.y_pred: pred_codes}
    for column in (args.weight, args.confidence):
        if column is not None:
            frame[column] = numeric_column(cells, path, column)
    reject = None if args.reject_label.strip().lower() == "none" else -1
    counts, codes, binned = _count(pd.DataFrame(frame), args, reject, path)
    # Back from the codes to the classes they stand for.
    names = np.empty(len(classes), dtype=object)  # exact, big integers too
    names[:] = classes
    if binned is not None:
        from dataclasses import replace

        binned = replace(binned, classes=names[np.asarray(binned.classes)])
    return counts, names[np.asarray(codes)], binned


def _count(table, args, reject, path):
    """``(counts, classes, binned or None)`` of ``counts_from_table`` on the
    table, binned by confidence if asked."""
    import narwhals.stable.v2 as nw

    from .._engines.tables import counts_from_table

    options = {
        "y_true": args.y_true,
        "y_pred": args.y_pred,
        "sample_weight": args.weight,
        "reject_label": reject,
    }
    try:
        with _progress_on_stderr():
            if args.confidence is None:
                counts = counts_from_table(table, **options)
                return counts.confusion_matrix, counts.labels, None
            binned = counts_from_table(
                table,
                confidence=args.confidence,
                thresholds=_thresholds(args.thresholds),
                **options,
            )
            if args.threshold is not None:
                # The predictions below the threshold become rejections.
                frame = nw.from_native(table)
                column = nw.col(args.y_pred)
                decided = frame.with_columns(
                    nw.when(nw.col(args.confidence) < args.threshold)
                    .then(nw.lit(reject))
                    .otherwise(column)
                    .alias(args.y_pred)
                )
                counts = counts_from_table(
                    nw.to_native(decided), labels=binned.classes, **options
                )
                return counts.confusion_matrix, counts.labels, binned
    except ValueError as exc:
        raise UsageError(f"{path}: {_in_flags(str(exc))}") from None
    # The classifier that accepts everything: every bin, no rejection (a zero
    # reject column if the predictions can be rejected).
    accepted = binned.counts.sum(axis=0)
    accepted = np.pad(accepted, [(0, 0), (0, int(reject is not None))])
    return accepted, binned.classes, binned


def _in_flags(message):
    """A message of the Python API in the command line's words."""
    for python, flag in (
        ("reject_label=None", "--reject-label none"),
        ("reject_label", "--reject-label"),
        ("sample_weight", "--weight"),
        ("thresholds", "--thresholds"),
        ("y_true", "--y-true"),
        ("y_pred", "--y-pred"),
    ):
        message = message.replace(python, flag)
    return message


def _connect():
    try:
        import duckdb
    except ImportError:
        raise ImportError(
            "reading Parquet files needs DuckDB: pip install duckdb"
        ) from None
    connection = duckdb.connect()
    # Rows need no order for a GROUP BY; DuckDB then streams with less memory.
    connection.execute("SET preserve_insertion_order = false")
    if sys.stderr.isatty():
        connection.execute("SET enable_progress_bar = true")
    return connection


@contextlib.contextmanager
def _progress_on_stderr():
    """DuckDB's progress bar moved from fd 1 to stderr: stdout keeps the report."""
    if not sys.stderr.isatty():
        yield
        return
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _reject_label(text, dtype):
    """``--reject-label`` as a value of the prediction column's type."""
    special = {"none": None, "nan": np.nan}
    if text.lower() in special or not dtype.is_numeric():
        return special.get(text.lower(), text)
    try:
        value = float(text)
    except ValueError:
        raise UsageError(
            f"--reject-label {text!r} is not a number, but the labels are numbers"
        ) from None
    # A whole number (-1.0 too) is an int, the same marker as in the Python API.
    return _number(text.strip()) if np.isfinite(value) else value


def _parquet_counts(args, *, glob):
    import narwhals.stable.v2 as nw

    if not glob:
        _existing_file(args.file)
    connection = _connect()
    try:
        relation = connection.read_parquet(args.file)
    except Exception as exc:  # DuckDB's errors name the problem
        detail = (str(exc).strip().splitlines() or [""])[0]
        raise UsageError(f"{args.file}: cannot be read ({detail})") from None
    schema = nw.from_native(relation).collect_schema()
    _check_columns(
        args.file, (args.y_true, args.y_pred, args.weight, args.confidence), schema
    )
    reject = _reject_label(args.reject_label, schema[args.y_pred])
    return _count(relation, args, reject, args.file)


def _is_number(text):
    try:
        float(text)
    except (TypeError, ValueError):
        return False
    return True


def _existing_file(name):
    """The path of an input file that exists, or a clear error."""
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{path}: is a directory; pass a file (or a Parquet glob)")
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    return path


def _read_text(name):
    """``(text, path)`` of a CSV file, or of standard input for ``-``."""
    if name == "-":
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else None
        path = Path("<stdin>")
        if data is None:
            return sys.stdin.read(), path
    else:
        path = _existing_file(name)
        data = path.read_bytes()
    if data[:4] == b"PAR1":
        raise UsageError(
            f"{path}: is a Parquet file; name it with a .parquet suffix to read it"
        )
    try:
        return data.decode("utf-8-sig"), path
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a readable CSV (not UTF-8 text)") from None


def _read_cells(text, path):
    """Every cell of comma-separated ``text`` as a stripped string ("" if empty)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and not any("," in line for line in lines):
        for separator, name in ((";", "semicolons"), ("\t", "tabs")):
            if any(separator in line for line in lines):
                raise UsageError(
                    f"{path}: the values are separated by {name}; infometrics reads "
                    "comma-separated files (save it as CSV with commas)"
                )
    try:
        table = pd.read_csv(
            io.StringIO(text),
            header=None,
            dtype=str,
            keep_default_na=False,
            skip_blank_lines=True,
        )
    except pd.errors.EmptyDataError:
        raise UsageError(f"{path}: not a readable CSV (the file is empty)") from None
    except pd.errors.ParserError as exc:
        detail = str(exc).strip().splitlines()[-1]
        raise UsageError(f"{path}: not a readable CSV ({detail})") from None
    cells = table.fillna("").to_numpy(dtype=object)
    cells = np.vectorize(str.strip, otypes=[object])(cells) if cells.size else cells
    if not (cells != "").any():
        raise UsageError(f"{path}: the file holds no counts")
    return cells


def _split_names(cells):
    """``(counts cells, row names or None, column names or None)``: a header row
    or name column only when all text; pandas' ``to_csv()`` layout (empty
    corner cell) as written."""
    numeric = np.vectorize(_is_number, otypes=[bool])(cells)
    n_rows, n_columns = cells.shape
    if n_rows > 1 and n_columns > 1 and cells[0, 0] == "":
        return cells[1:, 1:], cells[1:, 0].tolist(), cells[0, 1:].tolist()
    header = None
    if n_rows > 1 and not numeric[0].any():
        header = cells[0].tolist()  # a header row of column names
        cells, numeric = cells[1:], numeric[1:]
    names = None
    if cells.shape[1] > 1 and not numeric[:, 0].any():
        names = cells[:, 0].tolist()
        cells, numeric = cells[:, 1:], numeric[:, 1:]
        if header is not None:
            header = header[1:]  # the corner cell names the names column
    return cells, names, header


def _read_matrix(path, cells, *, header_hint):
    """A confusion matrix: an array, or a DataFrame read by name."""
    from .._measures.validation import labelled_counts

    # Rows and columns with no value at all (e.g. a trailing comma) are no data.
    cells = cells[(cells != "").any(axis=1)]
    cells = cells[:, (cells != "").any(axis=0)]
    counts_cells, row_names, column_names = _split_names(cells)
    hint = (
        "; for a table of labels, name its columns with --y-true and --y-pred "
        f"(columns: {', '.join(cells[0].tolist())})"
        if header_hint and not any(map(_is_number, cells[0]))
        else ""
    )
    row_offset = cells.shape[0] - counts_cells.shape[0]
    column_offset = cells.shape[1] - counts_cells.shape[1]
    matrix = np.empty(counts_cells.shape)
    for (row, column), text in np.ndenumerate(counts_cells):
        where = f"row {row + row_offset + 1}, column {column + column_offset + 1}"
        if text == "":
            raise UsageError(f"{path}: {where} is empty; every count is needed")
        try:
            value = float(text)
        except ValueError:
            raise UsageError(
                f"{path}: {where} is {text!r}, not a number (a header row or a "
                "class-name column is recognised only when all of its cells are "
                f"names){hint}"
            ) from None
        if np.isnan(value):
            raise UsageError(f"{path}: {where} is {text!r}; counts must be numbers")
        if np.isinf(value):
            raise UsageError(
                f"{path}: {where} is {text!r}, too large for a count (beyond "
                "the largest float, about 1.8e308)"
            )
        matrix[row, column] = value
    n_rows, n_columns = matrix.shape
    if hint and n_columns not in (n_rows, n_rows + 1):
        raise UsageError(
            f"{path}: {n_rows} rows and {n_columns} columns of counts are not a "
            "confusion matrix (m rows, m or m + 1 columns)" + hint
        )
    if column_names is None:
        return matrix, row_names
    if row_names is None:
        # A header without class-name column names the rows, in its order.
        return matrix, column_names[:n_rows]
    try:
        # Read by name: the header names the rows' classes in any order, plus
        # at most one reject column (whatever its name), moved last.
        return labelled_counts(
            pd.DataFrame(matrix, index=row_names, columns=column_names),
            any_reject_name=True,
        )
    except ValueError as exc:
        raise UsageError(
            f"{path}: {str(exc).split(' Rename them')[0]} Rename them to match, "
            "or remove the header row to read the counts by position"
        ) from None
