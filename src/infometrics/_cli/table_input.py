"""``infometrics report FILE --y-true COL --y-pred COL``: files of any size.

Parquet (and CSV, with these options) is read by DuckDB, the embedded engine
(the ``duckdb`` extra), and counted where it is read: a ``GROUP BY`` streams
over the file, so memory does not grow with the number of rows. With
``--confidence`` the counts are binned by confidence, and the HTML page gets
its selective-classification section at those thresholds.
"""

import contextlib
import os
import sys
from pathlib import Path

import numpy as np

# Confidence thresholds of the binned counts unless --thresholds says otherwise.
DEFAULT_THRESHOLDS = 100
_PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")


def add_table_arguments(parser):
    """The options of a table read through DuckDB (``report``)."""
    group = parser.add_argument_group(
        "tables of any size (read through DuckDB: pip install 'infometrics[duckdb]')"
    )
    group.add_argument(
        "--y-true",
        metavar="COL",
        help="column of true labels; reads FILE (Parquet or CSV, any size, a "
        "glob such as 'part-*.parquet' too) through DuckDB",
    )
    group.add_argument("--y-pred", metavar="COL", help="column of predicted labels")
    group.add_argument(
        "--weight", metavar="COL", help="column of non-negative sample weights"
    )
    group.add_argument(
        "--confidence",
        metavar="COL",
        help="column of the classifier's confidence (higher = more sure); "
        "--y-pred then holds the predictions before rejection, and the HTML "
        "page adds the reject and risk-coverage curves",
    )
    group.add_argument(
        "--thresholds",
        metavar="K|T1,T2,...",
        help="with --confidence: K thresholds at approximate quantiles of the "
        f"confidence (default {DEFAULT_THRESHOLDS}), or the thresholds themselves",
    )


def wants_table(args):
    """Whether this invocation reads its file through DuckDB."""
    options = (args.y_true, args.y_pred, args.weight, args.confidence)
    return any(option is not None for option in options) or (
        args.file.lower().endswith(_PARQUET_SUFFIXES)
    )


def _usage_error():
    from .errors import UsageError

    return UsageError


def _check_args(args):
    UsageError = _usage_error()
    if args.y_true is None or args.y_pred is None:
        raise UsageError(
            f"{args.file}: name the label columns with --y-true COL and --y-pred COL "
            "(a Parquet file, or a CSV read through DuckDB)"
        )
    if args.thresholds is not None and args.confidence is None:
        raise UsageError("--thresholds needs --confidence COL")
    if args.file == "-":
        raise UsageError(
            "--y-true reads a file through DuckDB, not standard input; pass the "
            "file's name (or use --true-column/--pred-column for a CSV on stdin)"
        )
    if not any(character in args.file for character in "*?["):
        path = Path(args.file)
        if path.is_dir():
            raise UsageError(f"{path}: is a directory; pass a file or a glob")
        if not path.is_file():
            raise UsageError(f"{path}: no such file")


def _thresholds(text):
    if text is None:
        return DEFAULT_THRESHOLDS
    try:
        if "," not in text:
            value = int(text)
            if value < 1:
                raise ValueError
            return value
        return [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise _usage_error()(
            f"--thresholds {text!r}: give a positive integer K or numbers "
            "separated by commas"
        ) from None


def _connect():
    try:
        import duckdb
    except ImportError:
        raise ImportError(
            "reading Parquet files (or --y-true/--y-pred tables) needs DuckDB: "
            "pip install 'infometrics[duckdb]'"
        ) from None
    connection = duckdb.connect()
    # Rows need no order for a GROUP BY; DuckDB then streams with less memory.
    connection.execute("SET preserve_insertion_order = false")
    if sys.stderr.isatty():
        connection.execute("SET enable_progress_bar = true")
    return connection


@contextlib.contextmanager
def _progress_on_stderr():
    """DuckDB draws its progress bar on file descriptor 1; move it to stderr.

    Only while the engine runs, so that the report on standard output stays
    clean (e.g. CSV redirected to a file).
    """
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


def _relation(connection, name):
    suffix = name.lower()
    if suffix.endswith(_PARQUET_SUFFIXES):
        return connection.read_parquet(name)
    if suffix.endswith((".csv", ".tsv", ".txt", ".csv.gz")):
        return connection.read_csv(name)
    try:
        return connection.read_parquet(name)
    except Exception:  # not Parquet: try CSV, whose errors name the problem
        return connection.read_csv(name)


def _reject_label(text, dtype):
    """``--reject-label`` as a value of the prediction column's type."""
    UsageError = _usage_error()
    if text.lower() == "none":
        return None
    if text.lower() == "nan":
        return np.nan
    if dtype.is_integer():
        try:
            return int(text)
        except ValueError:
            pass
        try:
            # A whole float (-1.0) is the same marker, as in the Python API.
            value = float(text)
            return int(value) if value.is_integer() else value
        except ValueError:
            raise UsageError(
                f"--reject-label {text!r} is not a number, but the labels are integers"
            ) from None
    if dtype.is_numeric():
        try:
            return float(text)
        except ValueError:
            raise UsageError(
                f"--reject-label {text!r} is not a number, but the labels are"
            ) from None
    return text


def table_counts(args):
    """``(counts, binned or None)`` of the file the arguments name."""
    import narwhals.stable.v2 as nw

    from .._engines.tables import counts_from_table

    _check_args(args)
    connection = _connect()
    try:
        relation = _relation(connection, args.file)
    except Exception as exc:  # DuckDB's errors name the problem
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        raise _usage_error()(f"{args.file}: cannot be read ({detail})") from None
    schema = nw.from_native(relation).collect_schema()
    if args.y_pred not in schema:
        raise _usage_error()(
            f"{args.file}: no column {args.y_pred} (columns: {', '.join(schema)})"
        )
    reject = _reject_label(args.reject_label, schema[args.y_pred])
    options = {
        "y_true": args.y_true,
        "y_pred": args.y_pred,
        "sample_weight": args.weight,
        "reject_label": reject,
    }
    with _progress_on_stderr():
        if args.confidence is None:
            return counts_from_table(relation, **options), None
        binned = counts_from_table(
            relation,
            confidence=args.confidence,
            thresholds=_thresholds(args.thresholds),
            **options,
        )
    # The matrix of the classifier that accepts everything: every bin.
    accepted = binned.counts.sum(axis=0)
    if reject is not None:
        accepted = np.concatenate(
            [accepted, np.zeros((len(accepted), 1), accepted.dtype)], axis=1
        )
    from .._counting.counts import ConfusionCounts

    return ConfusionCounts(accepted, binned.classes, reject), binned


# -- the selective-classification section from binned counts --------------------


def binned_risk_coverage(binned):
    """Coverage, selective and generalized risk at the bin edges.

    Point ``j`` accepts the bins at or above ``thresholds[j - 1]`` (point 0
    accepts everything); points are in decreasing threshold, as
    :func:`risk_coverage_curve` orders them, empty bins skipped.
    """
    counts = np.asarray(binned.counts, dtype=float)
    weight = counts.sum(axis=(1, 2))
    correct = np.trace(counts, axis1=1, axis2=2)
    total = weight.sum()
    # From the most confident bin down.
    accepted = np.cumsum(weight[::-1])
    errors = np.cumsum((weight - correct)[::-1])
    edges = np.append(-np.inf, binned.thresholds)[::-1]
    keep = weight[::-1] > 0
    accepted, errors, edges = accepted[keep], errors[keep], edges[keep]
    coverage = accepted / total
    selective_risk = np.divide(
        errors, accepted, out=np.full(len(accepted), np.nan), where=accepted > 0
    )
    return coverage, selective_risk, errors / total, edges


def _selective_rows(coverage, selective_risk, generalized_risk):
    steps = np.diff(coverage, prepend=0.0)
    rows = [
        (
            "AURC at the thresholds",
            False,
            "area under the risk–coverage curve, with one step per confidence "
            "bin (the exact AURC needs every distinct confidence)",
            float(np.sum(steps * np.nan_to_num(selective_risk))),
        ),
        (
            "AUGRC at the thresholds",
            False,
            "area under the generalized-risk curve, one step per bin",
            float(np.sum(steps * generalized_risk)),
        ),
    ]
    for target in (0.5, 0.8, 0.9, 1.0):
        reached = np.flatnonzero(coverage >= target - 1e-12)
        rows.append(
            (
                f"risk at coverage {target:g}",
                False,
                f"error rate among the first bins covering {target:.0%} of the weight",
                float(selective_risk[reached[0]]) if reached.size else np.nan,
            )
        )
    for risk in (0.01, 0.05, 0.1):
        within = np.flatnonzero(selective_risk <= risk)
        rows.append(
            (
                f"coverage at risk {risk:g}",
                True,
                f"largest share accepted at a bin edge with an error rate of at "
                f"most {risk:.0%}",
                float(coverage[within].max()) if within.size else 0.0,
            )
        )
    return rows


def selective_section(binned, *, name, figures):
    """The HTML section of the reject and risk–coverage curves at the bins."""
    from .._report.html_tables import _number, _section, _text

    coverage, selective_risk, generalized_risk, _ = binned_risk_coverage(binned)
    better = {True: "higher", False: "lower"}
    lines = [
        f"<tr><th>{_text(label)}</th>{_number(value)}"
        f'<td class="better">{better[higher]}</td>'
        f'<td class="description">{_text(description)}</td></tr>'
        for label, higher, description, value in _selective_rows(
            coverage, selective_risk, generalized_risk
        )
    ]
    body = (
        '<table class="selective"><thead><tr><th>measure</th>'
        "<th class='num'>value</th><th>better</th><th>description</th></tr>"
        "</thead><tbody>" + "\n".join(lines) + "</tbody></table>"
    )
    if figures:
        body = _curve_figures(binned, coverage, selective_risk, name) + body
    return _section(
        "Selective classification",
        "Accepting only the predictions whose confidence reaches a threshold "
        "trades coverage (the share accepted) for selective risk (the error "
        f"rate among the accepted); here at {len(binned.thresholds)} confidence "
        "thresholds, exact at each of them.",
        body,
    )


def _curve_figures(binned, coverage, selective_risk, name):
    from .._display import RejectCurveDisplay, RiskCoverageDisplay
    from .._report.html_figures import _figure, _pyplot_free_figure

    figure = _pyplot_free_figure(7.2, 4.8)
    RejectCurveDisplay(binned.reject_curve(), name=name).plot(ax=figure.add_subplot())
    reject = _figure(
        figure,
        f"Reject curve of {name}",
        "The information measures and the error rate against the share of "
        "samples rejected, one point per confidence threshold.",
    )
    figure = _pyplot_free_figure(6.4, 4.6)
    RiskCoverageDisplay(
        coverage=coverage, selective_risk=selective_risk, name=name
    ).plot(ax=figure.add_subplot())
    risk = _figure(
        figure,
        f"Risk–coverage curve of {name}",
        "Selective risk (error rate among the accepted predictions) against "
        "coverage (the share accepted), one step per confidence threshold.",
    )
    return reject + risk


def html_sections(binned, *, name, figures=True):
    """Extra sections of the page: the selective one when there are bins."""
    if binned is None:
        return ()
    return (selective_section(binned, name=name, figures=figures),)
