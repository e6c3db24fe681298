"""Command line: ``infometrics report | plot | demo | audit``.

Every failure the user can cause (a bad file, a bad option) ends with one
line on stderr and exit status 2, never a traceback; a problem with an input
file starts with the file's name. ``--format csv`` writes text cells that a
spreadsheet would run as formulas with a ``'`` in front (:mod:`.csv_output`).
"""

import argparse
import json
import os
import shutil
import sys
import textwrap
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
    plot = commands.add_parser(
        "plot", help="write entropy-triangle and information-coverage figures"
    )
    table_input.add_input_arguments(plot)
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


def _json_value(value):
    """JSON for one report cell: NaN (undefined) is null, ±inf the string
    ``"Infinity"`` or ``"-Infinity"`` (JSON has none; JavaScript's ``Number()``
    and Python's ``float()`` read it back), never confused with undefined."""
    if isinstance(value, (np.generic,)):
        value = value.item()
    if not isinstance(value, str | int | float | bool | None):
        return str(value)  # a class label such as Decimal('1.5') or a tuple
    if isinstance(value, float):
        if np.isnan(value):
            return None
        if np.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
    return value


def _text_table(table, width):
    """The table as aligned text that fits ``width`` columns: descriptions last,
    wrapped (below their row on a narrow terminal); the chance-adjusted and
    jackknife columns left out, with a note, where the rows would not fit."""
    described = "description" in table.columns
    shown = table.drop(columns="description") if described else table
    if not described:
        # pandas splits columns that do not fit into blocks, one below another.
        with pd.option_context(
            "display.max_rows",
            None,
            "display.max_columns",
            None,
            "display.width",
            width,
        ):
            return str(table) + "\n"
    with pd.option_context("display.max_rows", None, "display.width", None):
        lines = shown.to_string().splitlines()
        small_sample = [c for c in ("adjusted", "jackknife_se") if c in shown]
        if small_sample and max(map(len, lines)) > width:
            lines = shown.drop(columns=small_sample).to_string().splitlines()
    n_header = len(lines) - len(table)
    start = max(map(len, lines)) + 2
    if width - start >= 30:
        room, indent = width - start, " " * start
        lines[0] = lines[0].ljust(start) + "description"
    else:
        # Too narrow for a column: each description on lines of its own.
        room, indent = max(30, width - 4), " " * 4
    for row, text in enumerate(table["description"].astype(str)):
        wrapped = textwrap.wrap(text, room) or [""]
        line = n_header + row
        if len(indent) == start:
            lines[line] = lines[line].ljust(start) + wrapped.pop(0)
        lines[line] += "".join("\n" + indent + part for part in wrapped)
    if small_sample and "adjusted" not in lines[0]:
        lines.append("(adjusted, jackknife_se: a wider terminal or --format csv)")
    return "\n".join(lines) + "\n"


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
        # one line of its own (and the table's note column).
        print(f"infometrics: warning: {permuted_message(note)}", file=sys.stderr)
    out.write(text)


def _run_plot(args, out):
    from .._report.figures import coverage_figure, triangle_figure

    matrix, _, _ = table_input.read_counts(args)
    folder = Path(args.output)
    folder.mkdir(parents=True, exist_ok=True)
    # The figures of the HTML page, outside pyplot (a call from Python leaves
    # the user's figures open); the Displays draw the name as written.
    for file_name, draw in (
        ("entropy_triangle.png", triangle_figure),
        ("information_coverage.png", coverage_figure),
    ):
        figure = draw({args.name: matrix})
        figure.savefig(folder / file_name, dpi=120, bbox_inches="tight")
        out.write(f"wrote {folder / file_name}\n")


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
        runners = {
            "report": _run_report,
            "plot": _run_plot,
            "demo": _run_demo,
            "audit": run_audit,
        }
        runners[args.command](args, sys.stdout)
    except (UsageError, ValueError, ImportError, OSError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"infometrics: error: {message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
