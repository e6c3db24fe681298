"""Command line: ``infometrics report | plot | demo | audit``. A failure the user
can cause ends with one line on stderr (naming the input file) and status 2."""

import argparse
import json
import shutil
import sys
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd

from . import table_input
from .audit import add_audit_parser
from .csv_output import write_csv
from .errors import UsageError, in_flag_words


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


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
    table_input.add_input_arguments(report)
    report.set_defaults(run=_run_report)
    report.add_argument(
        "--format",
        choices=["table", "csv", "json", "html"],
        default="table",
        help="table: aligned text (default); csv: formula-like text cells get a "
        "leading '; json: one record per row; html: one page with every table and "
        "figure",
    )
    report.add_argument(
        "--per-class", action="store_true", help="the per-class table instead"
    )
    plot = commands.add_parser(
        "plot", help="write entropy-triangle and information-coverage figures"
    )
    table_input.add_input_arguments(plot)
    plot.set_defaults(run=_run_plot)
    plot.add_argument("--output", default=".", help="folder for the PNG files")
    plot.add_argument("--name", default="classifier", help="legend entry")
    demo = commands.add_parser(
        "demo", help="does a reject option tuned for NI2 pay off? (synthetic data)"
    )
    demo.add_argument(
        "--output",
        default="infometrics-demo",
        help="folder for the tables and figures (default infometrics-demo)",
    )
    demo.set_defaults(run=_run_demo)
    add_audit_parser(commands)
    return parser


def _json_value(value):
    """NaN (undefined) is null, ±inf ``"Infinity"`` or ``"-Infinity"`` (JSON has
    none; ``float()`` reads them back), a label such as a Decimal a string."""
    if isinstance(value, float) and not np.isfinite(value):
        return None if np.isnan(value) else f"{'-' * (value < 0)}Infinity"
    return value if isinstance(value, str | int | float | bool | None) else str(value)


def _text_table(table, width):
    """Aligned text within ``width`` columns: descriptions last, wrapped (below
    their row when narrow); small-sample columns left out where rows would not fit."""
    if "description" not in table.columns:
        # pandas splits columns that do not fit into blocks, one below another.
        options = ("display.max_rows", None, "display.max_columns", None)
        with pd.option_context(*options, "display.width", width):
            return f"{table}\n"
    shown = table.drop(columns="description")
    lines = shown.to_string().splitlines()
    small = [column for column in ("adjusted", "jackknife_se") if column in shown]
    note = []
    if small and max(map(len, lines)) > width:
        lines = shown.drop(columns=small).to_string().splitlines()
        note = ["(adjusted, jackknife_se: a wider terminal or --format csv)"]
    start = max(map(len, lines)) + 2
    beside = width - start >= 30
    # Too narrow for a column: each description on lines of its own.
    room, indent = (width - start, start) if beside else (max(30, width - 4), 4)
    if beside:
        lines[0] = lines[0].ljust(start) + "description"
    first = len(lines) - len(table)  # below the header lines
    for line, text in enumerate(table["description"].astype(str), start=first):
        wrapped = textwrap.wrap(text, room) or [""]
        if beside:
            lines[line] = lines[line].ljust(start) + wrapped.pop(0)
        lines[line] += "".join("\n" + " " * indent + part for part in wrapped)
    return "\n".join(lines + note) + "\n"


def _run_report(args, out):
    from .._report.per_class import per_class_table
    from .._report.relabelling import permuted_message
    from .._report.tables import measures_table

    counts, class_labels, binned = table_input.read_counts(args)
    if args.format == "html":  # the page holds both tables: --per-class is moot
        from .._report.html import html_page
        from .._report.selective import binned_section

        text, note = html_page(
            counts,
            class_labels,
            title=f"infometrics report: {args.file}",
            can_reject=binned is not None,
            threshold=args.threshold,
            weighted=args.weight is not None,
            sections=()
            if binned is None
            else (binned_section(binned, name="classifier"),),
        )
    else:
        build = per_class_table if args.per_class else measures_table
        table, note = build(counts, class_labels)
        if args.format == "csv":
            text = write_csv(table)
        elif args.format == "json":
            records = [
                {str(key): _json_value(value) for key, value in row.items()}
                for row in table.reset_index().to_dict(orient="records")
            ]
            text = json.dumps(records, indent=2, allow_nan=False) + "\n"
        else:
            text = _text_table(table, shutil.get_terminal_size().columns)
    if note is not None:
        # The library warns with PermutedLabelsWarning; a command says it in
        # one line of its own.
        print(f"infometrics: warning: {permuted_message(note)}", file=sys.stderr)
    out.write(text)


def _run_plot(args, out):
    from .._report.figures import coverage_figure, triangle_figure

    if args.confidence is not None and (
        args.threshold is None or args.thresholds is not None
    ):
        raise UsageError(
            "plot draws one classifier: with --confidence give --threshold T, not "
            "--thresholds (report --format html draws the reject curves)"
        )
    matrix, _, _ = table_input.read_counts(args)
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    # The figures of the HTML page, outside pyplot (a call from Python leaves
    # the user's figures open).
    for file_name, draw in (
        ("entropy_triangle.png", triangle_figure),
        ("information_coverage.png", coverage_figure),
    ):
        draw({args.name: matrix}).savefig(
            folder / file_name, dpi=120, bbox_inches="tight"
        )
        out.write(f"wrote {folder / file_name}\n")


def _run_demo(args, out):
    from .demo import run_demo

    run_demo(stream=out, output=args.output)


def main(argv=None):
    """Entry point of the ``infometrics`` console script."""
    try:
        args = build_parser().parse_args(argv)
        args.run(args, sys.stdout)
    except (UsageError, ValueError, ImportError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, ValueError):  # the library's words
            message = in_flag_words(message)
        print(f"infometrics: error: {message}", file=sys.stderr)
        return 2
    return 0
