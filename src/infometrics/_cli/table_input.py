"""Every input file of the command line as labelled counts: a CSV as text (labels or
a confusion matrix), Parquet by DuckDB in one streaming ``GROUP BY``."""

import io
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import UsageError, in_flag_words
from .label_table import _number, numeric_column, read_label_columns

DEFAULT_THRESHOLDS = 100
_PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")


def add_input_arguments(parser):
    parser.add_argument(
        "file",
        help="a CSV or Parquet file of true and predicted labels, or a CSV of a "
        "confusion matrix; '-' reads standard input, a glob such as "
        "'part-*.parquet' several Parquet files",
    )
    kinds = ["auto", "matrix", "labels"]
    parser.add_argument("--kind", choices=kinds, default="auto", help="of a CSV")
    for flag, what in (("true", "true"), ("pred", "predicted")):
        parser.add_argument(
            f"--y-{flag}",
            metavar="COL",
            default=f"y_{flag}",
            help=f"column of {what} labels (default y_{flag})",
        )
    parser.add_argument(
        "--reject-label",
        default="-1",
        help="prediction meaning 'rejected' (default -1); 'nan' for empty "
        "predictions; 'none' for a classifier without a reject option",
    )
    parser.add_argument("--weight", metavar="COL", help="column of sample weights")
    parser.add_argument(
        "--confidence",
        metavar="COL",
        help="column of the classifier's confidence (higher = more sure); "
        "the HTML page adds the reject and risk-coverage curves",
    )
    parser.add_argument(
        "--threshold",
        metavar="T",
        type=float,
        help="with --confidence: report the classifier that rejects below T",
    )
    parser.add_argument(
        "--thresholds",
        metavar="K|T1,T2,...",
        help="with --confidence: K thresholds at quantiles of the confidence "
        f"(default {DEFAULT_THRESHOLDS}), or the thresholds themselves",
    )


def _thresholds(text):
    """``--thresholds``: an integer K, or numbers separated by commas (the
    counting checks their values)."""
    if text is None:
        return DEFAULT_THRESHOLDS
    try:
        if text.strip().isdigit():  # "-3" is one threshold, not K
            return int(text)
        values = [float(part) for part in text.split(",") if part.strip()]
        if values:
            return values
    except ValueError:
        pass
    raise UsageError(
        f"--thresholds {text!r}: give a positive integer K or numbers "
        "separated by commas"
    )


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


def _check_columns(path, args, header):
    missing = [
        f"--{option.replace('_', '-')} {column}"
        for option in ("y_true", "y_pred", "weight", "confidence")
        if (column := getattr(args, option)) is not None and column not in header
    ]
    if missing:
        raise UsageError(
            f"{path}: {', '.join(missing)}: no such column; the columns are "
            f"{', '.join(header)}"
        )


def read_counts(args):
    """``(counts, class labels, binned or None)`` of the file, validated once;
    every problem with the input names the file."""
    _check_options(args)
    glob = any(character in args.file for character in "*?[")
    if glob or args.file.lower().endswith(_PARQUET_SUFFIXES):
        return _parquet_counts(args, glob=glob)
    path, cells = _read_cells(args.file)
    columns = {args.y_true, args.y_pred}
    header = cells[0].tolist()
    kind = args.kind
    if kind == "auto":
        # A weight or confidence column belongs to a table of labels.
        labels = columns <= set(header) or {args.weight, args.confidence} & set(header)
        kind = "labels" if labels else "matrix"
        if kind == "matrix" and columns & set(header) and not _numbers(cells[0]).any():
            _check_columns(path, args, header)
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
    _check_columns(path, args, header)
    classes, true_codes, pred_codes = read_label_columns(
        cells, path, args.y_true, args.y_pred, args.reject_label
    )
    frame = {args.y_true: true_codes, args.y_pred: pred_codes}
    for column in (args.weight, args.confidence):
        if column is not None:
            frame[column] = numeric_column(cells, path, column)
    reject = None if args.reject_label.strip().lower() == "none" else -1
    counts, codes, binned = _count(pd.DataFrame(frame), args, reject, path)
    if binned is not None:
        binned = replace(binned, classes=classes[np.asarray(binned.classes)])
    return counts, classes[np.asarray(codes)], binned


def _count(table, args, reject, path):
    """``(counts, classes, binned or None)`` of ``counts_from_table``."""
    import narwhals.stable.v2 as nw

    from .._engines.tables import counts_from_table

    options = {
        "y_true": args.y_true,
        "y_pred": args.y_pred,
        "sample_weight": args.weight,
        "reject_label": reject,
    }
    try:
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
            decided = frame.with_columns(
                nw.when(nw.col(args.confidence) < args.threshold)
                .then(nw.lit(reject))
                .otherwise(nw.col(args.y_pred))
                .alias(args.y_pred)
            )
            counts = counts_from_table(
                nw.to_native(decided), labels=binned.classes, **options
            )
            return counts.confusion_matrix, counts.labels, binned
    except ValueError as exc:
        raise UsageError(f"{path}: {in_flag_words(str(exc))}") from None
    # The classifier that accepts everything: every bin, no rejection (a zero
    # reject column if the predictions can be rejected).
    accepted = binned.counts.sum(axis=0)
    accepted = np.pad(accepted, [(0, 0), (0, int(reject is not None))])
    return accepted, binned.classes, binned


def _reject_label(text, dtype):
    """``--reject-label`` as a value of the prediction column's type."""
    special = {"none": None, "nan": np.nan}
    if text.lower() in special or not dtype.is_numeric():
        return special.get(text.lower(), text)
    value = _float(text)
    if value is None:
        raise UsageError(
            f"--reject-label {text!r} is not a number, but the labels are numbers"
        )
    # A whole number (-1.0 too) is an int, the same marker as in the Python API.
    return _number(text.strip()) if np.isfinite(value) else value


def _parquet_counts(args, *, glob):
    import narwhals.stable.v2 as nw

    if not glob:
        _existing_file(args.file)
    try:
        import duckdb
    except ImportError:
        raise ImportError(
            "reading Parquet files needs DuckDB: pip install duckdb"
        ) from None
    connection = duckdb.connect()
    # Rows need no order for a GROUP BY (DuckDB then streams with less memory);
    # the progress bar would write into the report on stdout.
    connection.execute("SET preserve_insertion_order = false")
    connection.execute("SET enable_progress_bar = false")
    try:
        relation = connection.read_parquet(args.file)
    except Exception as exc:  # DuckDB's errors name the problem
        detail = (str(exc).strip().splitlines() or [""])[0]
        raise UsageError(f"{args.file}: cannot be read ({detail})") from None
    schema = nw.from_native(relation).collect_schema()
    _check_columns(args.file, args, schema)
    reject = _reject_label(args.reject_label, schema[args.y_pred])
    return _count(relation, args, reject, args.file)


def _float(text):
    try:
        return float(text)
    except ValueError:
        return None


def _numbers(cells):
    """Which of the text ``cells`` are numbers."""
    return np.vectorize(lambda text: _float(text) is not None, otypes=[bool])(cells)


def _existing_file(name):
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{path}: is a directory; pass a file (or a Parquet glob)")
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    return path


def _read_cells(name):
    """``(path, cells)`` of a CSV file (``-``: standard input), every cell a
    stripped string ("" if empty)."""
    if name == "-":
        path = Path("<stdin>")
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read() if stream else sys.stdin.read().encode()
    else:
        path = _existing_file(name)
        data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a readable CSV (not UTF-8 text)") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and not any("," in line for line in lines):
        for separator, word in ((";", "semicolons"), ("\t", "tabs")):
            if any(separator in line for line in lines):
                raise UsageError(
                    f"{path}: the values are separated by {word}; infometrics reads "
                    "comma-separated files (save it as CSV with commas)"
                )
    try:
        table = pd.read_csv(
            io.StringIO(text), header=None, dtype=str, keep_default_na=False
        )
    except pd.errors.EmptyDataError:
        raise UsageError(f"{path}: not a readable CSV (the file is empty)") from None
    except pd.errors.ParserError as exc:
        detail = str(exc).strip().splitlines()[-1]
        raise UsageError(f"{path}: not a readable CSV ({detail})") from None
    cells = table.fillna("").map(str.strip).to_numpy(dtype=object)
    if not (cells != "").any():
        raise UsageError(f"{path}: the file holds no counts")
    return path, cells


def _split_names(cells):
    """``(counts cells, row names or None, column names or None)``: a header row
    or name column only when all text, or ``to_csv()``'s empty corner cell."""
    n_rows, n_columns = cells.shape
    if n_rows > 1 and n_columns > 1 and cells[0, 0] == "":
        return cells[1:, 1:], cells[1:, 0].tolist(), cells[0, 1:].tolist()
    header = names = None
    if n_rows > 1 and not _numbers(cells[0]).any():
        header, cells = cells[0].tolist(), cells[1:]
    if cells.shape[1] > 1 and not _numbers(cells[:, 0]).any():
        names, cells = cells[:, 0].tolist(), cells[:, 1:]
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
    hint = ""
    if header_hint and not _numbers(cells[0]).any():
        hint = (
            "; for a table of labels, name its columns with --y-true and --y-pred "
            f"(columns: {', '.join(cells[0].tolist())})"
        )
    top, left = np.subtract(cells.shape, counts_cells.shape)
    matrix = np.empty(counts_cells.shape)
    for (row, column), text in np.ndenumerate(counts_cells):
        value = _float(text)
        if value is not None and np.isfinite(value):
            matrix[row, column] = value
            continue
        if text == "":
            problem = "is empty; every count is needed"
        elif value is None:
            problem = (
                f"is {text!r}, not a number (a header row or a class-name column "
                f"is recognised only when all of its cells are names){hint}"
            )
        elif np.isnan(value):
            problem = f"is {text!r}; counts must be numbers"
        else:
            problem = f"is {text!r}, too large for a count (beyond about 1.8e308)"
        raise UsageError(
            f"{path}: row {row + top + 1}, column {column + left + 1} {problem}"
        )
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
