"""Command line: ``infometrics report | plot | demo | audit``.

Every failure the user can cause (a bad file, a bad option) ends with one
line on stderr and exit status 2, never a traceback; a problem with an input
file starts with the file's name. ``--format csv`` writes text cells that a
spreadsheet would run as formulas with a ``'`` in front (:mod:`.csv_output`).
"""

import argparse
import io
import json
import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd

from . import table_input
from .audit import add_audit_parser, run_audit
from .csv_output import write_csv
from .errors import UsageError


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _add_input_arguments(parser):
    parser.add_argument(
        "file",
        help="CSV: a confusion matrix (rows true classes, columns predicted classes "
        "and a last reject column; optional header row and class-name column) or "
        "a table of true and predicted labels; '-' reads it from standard input",
    )
    parser.add_argument(
        "--kind",
        choices=["auto", "matrix", "labels"],
        default="auto",
        help="what the CSV holds (default: auto-detect)",
    )
    parser.add_argument(
        "--true-column", default="y_true", help="column of true labels (default y_true)"
    )
    parser.add_argument(
        "--pred-column",
        default="y_pred",
        help="column of predicted labels (default y_pred)",
    )
    parser.add_argument(
        "--reject-label",
        default="-1",
        help="prediction meaning 'rejected' (default -1); 'nan' for empty "
        "predictions; 'none' for a classifier without a reject option. Empty "
        "cells and nan are missing; NA, None, null are names like any other",
    )


def build_parser():
    """The argument parser of the ``infometrics`` command."""
    from .. import __version__

    parser = _Parser(
        prog="infometrics",
        description="Information-theoretic evaluation of classifiers that may abstain.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__}"
    )
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser
    )
    report = commands.add_parser("report", help="print every measure of a classifier")
    _add_input_arguments(report)
    report.add_argument(
        "--format",
        choices=["table", "csv", "json", "html"],
        default="table",
        help="table: aligned text for reading (default); csv: comma-separated, "
        "one row per measure (or class), text cells starting with = + - @ "
        "prefixed with ' so that spreadsheets do not run them as formulas; "
        "json: a list of records, one per row; "
        "html: one self-contained page with every table and figure (redirect "
        "it to a file; the figures need matplotlib)",
    )
    report.add_argument(
        "--per-class",
        action="store_true",
        help="print precision, recall, F1 and the conditional entropies of each "
        "class instead",
    )
    table_input.add_table_arguments(report)
    plot = commands.add_parser(
        "plot", help="write entropy-triangle and information-coverage figures"
    )
    _add_input_arguments(plot)
    plot.add_argument("--output", default=".", help="folder for the PNG files")
    plot.add_argument("--name", default="classifier", help="legend entry")
    demo = commands.add_parser(
        "demo",
        help="does a reject option tuned for NI2 pay off? a held-out "
        "comparison on synthetic data; write tables and figures",
    )
    demo.add_argument(
        "--output",
        default="infometrics-demo",
        help="folder for the report and figures (default infometrics-demo)",
    )
    add_audit_parser(commands)
    return parser


def _is_number(text):
    try:
        float(text)
    except (TypeError, ValueError):
        return False
    return True


def _read_text(name):
    """The text of the input file, or of standard input for ``-``.

    Returns ``(text, path)``; ``path`` names the input in messages.
    """
    if name == "-":
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else None
        path = Path("<stdin>")
        if data is None:
            return sys.stdin.read(), path
    else:
        path = Path(name)
        if path.is_dir():
            raise UsageError(f"{path}: is a directory, not a CSV file")
        if not path.is_file():
            raise UsageError(f"{path}: no such file")
        data = path.read_bytes()
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
    # Rows and columns with no value at all (e.g. a trailing comma) are no data.
    if cells.size:
        cells = cells[(cells != "").any(axis=1)]
    if cells.size:
        cells = cells[:, (cells != "").any(axis=0)]
    if cells.size == 0:
        raise UsageError(f"{path}: the file holds no counts")
    return cells


def _split_names(cells):
    """``(counts cells, row names, column names)``, headers recognised strictly.

    A header row is recognised only when the whole first row is text, and a
    class-name column only when the whole first column (below a header) is
    text; pandas' ``DataFrame.to_csv()`` layout (an empty corner cell, then
    column names, and an index column, whatever they hold) is read as written.
    Names that are not given are None.
    """
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


def _align_by_name(path, matrix, row_names, column_names):
    """The columns of a matrix with a header, in the order of its rows.

    With class names on both sides the counts are read by name: the header
    must name the rows' classes, in any order, plus at most one more column
    (the reject column, whatever its name), moved last. A header without
    class-name column names the rows too, in its own order.
    """
    if column_names is None:
        return matrix, row_names
    if row_names is None:
        return matrix, column_names[: matrix.shape[0]]
    for names, what in ((row_names, "class-name column"), (column_names, "header")):
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise UsageError(
                f"{path}: the {what} names {', '.join(map(repr, repeated))} more "
                "than once; give every class one row and one column"
            )
    extra = [name for name in column_names if name not in row_names]
    missing = [name for name in row_names if name not in column_names]
    if missing or len(extra) > 1:
        raise UsageError(
            f"{path}: the header names the columns {', '.join(column_names)} but "
            f"the rows are {', '.join(row_names)}; the columns must name the rows' "
            "classes (in any order) plus at most one reject column. Rename them to "
            "match, or remove the header row to read the counts by position"
        )
    order = [column_names.index(name) for name in row_names + extra]
    return matrix[:, order], row_names


def _read_matrix(path, cells):
    counts_cells, labels, column_names = _split_names(cells)
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
                "names)"
            ) from None
        if np.isnan(value):
            raise UsageError(f"{path}: {where} is {text!r}; counts must be numbers")
        if np.isinf(value):
            raise UsageError(
                f"{path}: {where} is {text!r}, too large for a count (beyond "
                "the largest float, about 1.8e308)"
            )
        matrix[row, column] = value
    # Whole numbers print as integers, as long as every one is exact in int64.
    if np.all(matrix == np.round(matrix)) and np.all(np.abs(matrix) < 2.0**53):
        matrix = matrix.astype(np.int64)
    return _align_by_name(path, matrix, labels, column_names)


def _load(args):
    """The validated confusion matrix and row labels a report or plot describes.

    Every problem with the input, also one the core finds, names the file.
    """
    from .._from_labels.scores import counts_and_labels

    matrix, labels, path = _read_input(args)
    try:
        counts, class_labels = counts_and_labels(
            None, None, matrix, labels=labels, reject_label=None, sample_weight=None
        )
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    return counts, class_labels


def _read_input(args):
    """``(matrix, row labels, path)`` read from the input file."""
    from .._counting.count import confusion_matrix_and_labels
    from .label_table import read_label_columns

    text, path = _read_text(args.file)
    cells = _read_cells(text, path)
    header = cells[0].tolist()
    columns = {args.true_column, args.pred_column}
    kind = args.kind
    if kind == "auto":
        present = columns & set(header)
        all_text = not np.vectorize(_is_number, otypes=[bool])(cells[0]).any()
        if present == columns:
            kind = "labels"
        elif present and all_text:
            missing = sorted(columns - present)
            raise UsageError(
                f"{path}: no column {', '.join(missing)} (columns: "
                f"{', '.join(header)}); name the label columns with --true-column "
                "and --pred-column"
            )
        else:
            hint = (
                "; for a table of labels, name its columns with --true-column "
                f"and --pred-column (columns: {', '.join(header)})"
            )
            try:
                matrix, labels = _read_matrix(path, cells)
            except UsageError as exc:
                raise UsageError(f"{exc}{hint if all_text else ''}") from None
            n_rows, n_columns = matrix.shape
            if all_text and n_columns not in (n_rows, n_rows + 1):
                raise UsageError(
                    f"{path}: {n_rows} rows and {n_columns} columns of counts are "
                    "not a confusion matrix (m rows, m or m + 1 columns)" + hint
                )
            return matrix, labels, path
    if kind == "matrix":
        return (*_read_matrix(path, cells), path)
    if not columns <= set(header):
        missing = sorted(columns - set(header))
        raise UsageError(
            f"{path}: no column {', '.join(missing)} (columns: {', '.join(header)}); "
            "name them with --true-column and --pred-column"
        )
    y_true, y_pred, reject, warning = read_label_columns(
        text, path, args.true_column, args.pred_column, args.reject_label
    )
    if warning is not None:
        print(f"infometrics: warning: {warning}", file=sys.stderr)
    try:
        matrix, labels = confusion_matrix_and_labels(
            y_true, y_pred, reject_label=reject
        )
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    # As an object array: a list of ints beyond int64 would turn into floats.
    return matrix, np.asarray(labels, dtype=object), path


def _json_value(value):
    """JSON for one report cell: NaN (undefined) is null, ±inf a string.

    JSON has no infinity; an infinite value (e.g. ``xi`` with no information
    transferred) is written as the string ``"Infinity"`` or ``"-Infinity"``
    (what JavaScript's ``Number()`` and Python's ``float()`` read back), so it
    is never confused with an undefined value.
    """
    if isinstance(value, (np.generic,)):
        value = value.item()
    if isinstance(value, float):
        if np.isnan(value):
            return None
        if np.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
    return value


def _run_report(args, out):
    from .._report.per_class import per_class_table
    from .._report.relabelling import permuted_message
    from .._report.tables import measures_table

    binned = None  # confidence-binned counts of a table read through DuckDB
    if table_input.wants_table(args):
        from .._from_labels.scores import counts_and_labels

        table_counts, binned = table_input.table_counts(args)
        counts, class_labels = counts_and_labels(
            None,
            None,
            table_counts.confusion_matrix,
            labels=table_counts.labels.tolist(),
            reject_label=None,
            sample_weight=None,
        )
    else:
        counts, class_labels = _load(args)
    if args.format == "html":  # the page holds both tables: --per-class is moot
        from .._report.html import html_page

        title = f"infometrics report: {args.file}"
        page, note = html_page(
            counts,
            class_labels,
            title=title,
            sections=table_input.html_sections(binned, name="classifier"),
        )
    else:
        build = per_class_table if args.per_class else measures_table
        table, note = build(counts, class_labels)
    if note is not None:
        # The library warns with PermutedLabelsWarning; a command says it in
        # one line of its own (and the table's note column).
        print(f"infometrics: warning: {permuted_message(note)}", file=sys.stderr)
    if args.format == "html":
        out.write(page)
    elif args.format == "csv":
        out.write(write_csv(table))
    elif args.format == "json":
        records = [
            {str(key): _json_value(value) for key, value in row.items()}
            for row in table.reset_index().to_dict(orient="records")
        ]
        out.write(json.dumps(records, indent=2, allow_nan=False) + "\n")
    else:
        with pd.option_context(
            "display.max_rows", None, "display.width", 120, "display.max_colwidth", 60
        ):
            out.write(table.to_string() + "\n")


def _run_plot(args, out):
    from .._display import EntropyTriangleDisplay, InformationCoverageDisplay
    from .._report.html_figures import _pyplot_free_figure

    matrix, _ = _load(args)
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    # The Displays draw the name as written, dollar signs included (no mathtext).
    name = args.name
    # Figures outside pyplot: a call from Python leaves the user's figures open.
    for file_name, display, size in (
        ("entropy_triangle.png", EntropyTriangleDisplay, (7, 6.5)),
        ("information_coverage.png", InformationCoverageDisplay, (6.4, 4.8)),
    ):
        figure = _pyplot_free_figure(*size)
        figure.set_layout_engine("constrained")
        options = {"extended": True} if display is EntropyTriangleDisplay else {}
        display.from_confusion_matrices(
            {name: matrix}, ax=figure.add_subplot(), **options
        )
        written.append(folder / file_name)
        figure.savefig(written[-1], dpi=120, bbox_inches="tight")
    for path in written:
        out.write(f"wrote {path}\n")


def _check_output_folder(folder):
    """Refuse an output folder that cannot be written, before any work."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--output {folder}: exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(
            f"--output {folder}: cannot create the folder ({exc.strerror})"
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"--output {folder}: the folder is not writable")


def _run_demo(args, out):
    from .demo import run_demo

    _check_output_folder(Path(args.output))
    run_demo(stream=out, output=Path(args.output))


def main(argv=None):
    """Entry point of the ``infometrics`` console script."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "audit":
            run_audit(args, sys.stdout, UsageError)
        else:
            {"report": _run_report, "plot": _run_plot, "demo": _run_demo}[args.command](
                args, sys.stdout
            )
    except (UsageError, ValueError, ImportError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"infometrics: error: {message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
