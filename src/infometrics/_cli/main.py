"""Command line: ``infometrics report | plot | demo``.

Every failure the user can cause (a bad file, a bad option) ends with one
line on stderr and exit status 2, never a traceback.
"""

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd


class UsageError(Exception):
    """A problem with the user's input, reported as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _add_input_arguments(parser):
    parser.add_argument(
        "file",
        help="CSV: a confusion matrix (rows true classes, columns predicted classes "
        "and a last reject column; optional header row and class-name column) or "
        "a table of true and predicted labels",
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
        help="prediction meaning 'rejected' (default -1); "
        "'none' for a classifier without a reject option",
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
        "one row per measure (or class); json: a list of records, one per row; "
        "html: one self-contained page with every table and figure (redirect "
        "it to a file; the figures need matplotlib)",
    )
    report.add_argument(
        "--per-class",
        action="store_true",
        help="print precision, recall, F1 and the conditional entropies of each "
        "class instead",
    )
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
    return parser


def _is_number(text):
    try:
        float(text)
    except (TypeError, ValueError):
        return False
    return True


def _read_matrix(path):
    table = pd.read_csv(path, header=None, dtype=str, skipinitialspace=True)
    table = table.dropna(how="all")
    labels = None
    if not all(_is_number(v) for v in table.iloc[0, 1:]):
        table = table.iloc[1:]  # a header row of column names
    if not all(_is_number(v) for v in table.iloc[:, 0]):
        labels = table.iloc[:, 0].tolist()
        table = table.iloc[:, 1:]
    try:
        matrix = table.astype(float).to_numpy()
    except ValueError:
        raise UsageError(
            f"{path}: not a confusion matrix of numbers (use --kind labels for a "
            "table of labels)"
        ) from None
    if matrix.size and np.all(matrix == np.round(matrix)):
        matrix = matrix.astype(np.int64)
    return matrix, labels


def _reject_label(text, column):
    if text.lower() == "none":
        return None
    if column is not None and pd.api.types.is_integer_dtype(column):
        try:
            return int(text)
        except ValueError:
            raise UsageError(
                f"--reject-label {text!r} is not an integer, but the labels are"
            ) from None
    if column is not None and pd.api.types.is_float_dtype(column) and _is_number(text):
        return float(text)
    return text


def _load(args):
    """The confusion matrix (and row labels) a report or plot describes."""
    from .._counting.labels import confusion_matrix_and_labels

    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    try:
        header = pd.read_csv(path, nrows=0).columns.tolist()
    except (pd.errors.EmptyDataError, pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not a readable CSV ({exc})") from None
    columns = {args.true_column, args.pred_column}
    kind = args.kind
    if kind == "auto":
        kind = "labels" if columns <= set(header) else "matrix"
    if kind == "matrix":
        return _read_matrix(path)
    if not columns <= set(header):
        missing = sorted(columns - set(header))
        raise UsageError(
            f"{path}: no column {', '.join(missing)} (columns: {', '.join(header)}); "
            "name them with --true-column and --pred-column"
        )
    table = pd.read_csv(path)
    y_true, y_pred = table[args.true_column], table[args.pred_column]
    reject = _reject_label(args.reject_label, y_pred)
    matrix, labels = confusion_matrix_and_labels(
        y_true.to_numpy(), y_pred.to_numpy(), reject_label=reject
    )
    return matrix, list(np.asarray(labels).tolist())


def _run_report(args, out):
    from .._from_labels.scores import counts_and_labels
    from .._report.relabelling import permuted_message
    from .._report.tables import measures_table, per_class_table

    matrix, labels = _load(args)
    counts, class_labels = counts_and_labels(
        None,
        None,
        matrix,
        labels=labels,
        reject_label=None,
        sample_weight=None,
    )
    if args.format == "html":  # the page holds both tables: --per-class is moot
        from .._report.html import html_page

        title = f"infometrics report: {args.file}"
        page, note = html_page(counts, class_labels, title=title)
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
        out.write(table.to_csv())
    elif args.format == "json":
        records = json.loads(table.reset_index().to_json(orient="records"))
        out.write(json.dumps(records, indent=2) + "\n")
    else:
        with pd.option_context(
            "display.max_rows", None, "display.width", 120, "display.max_colwidth", 60
        ):
            out.write(table.to_string() + "\n")


def _run_plot(args, out):
    from .._display import EntropyTriangleDisplay, InformationCoverageDisplay
    from .._display.common import _pyplot

    matrix, _ = _load(args)
    plt = _pyplot()
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    triangle = EntropyTriangleDisplay.from_confusion_matrices(
        {args.name: matrix}, extended=True
    )
    triangle.figure_.set_size_inches(7, 6.5)
    written.append(folder / "entropy_triangle.png")
    triangle.figure_.savefig(written[-1], dpi=120, bbox_inches="tight")
    coverage = InformationCoverageDisplay.from_confusion_matrices({args.name: matrix})
    written.append(folder / "information_coverage.png")
    coverage.figure_.savefig(written[-1], dpi=120, bbox_inches="tight")
    plt.close("all")
    for path in written:
        out.write(f"wrote {path}\n")


def _run_demo(args, out):
    from .demo import run_demo

    run_demo(stream=out, output=Path(args.output))


def main(argv=None):
    """Entry point of the ``infometrics`` console script."""
    try:
        args = build_parser().parse_args(argv)
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
