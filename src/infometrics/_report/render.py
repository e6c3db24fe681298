"""The HTML page's style, its one table renderer and its escaped text."""

import html
from decimal import Decimal

import numpy as np
import pandas as pd

from .._measures.quantities import unit_scaled

BETTER = {True: "↑ higher", False: "↓ lower"}

STYLE = """
body { font-family: system-ui, sans-serif; color: #1f2328; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 32px 48px; }
h2 { margin-top: 1.8em; border-bottom: 1px solid #d0d7de; }
p.meta, p.intervals, footer, dt, span.interval, td.better { color: #57606a; }
.note { background: #fff8c5; border: 1px solid #d4a72c; padding: 8px 12px; }
dl.summary { display: grid; gap: 8px;
             grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
dl.summary div { border: 1px solid #d0d7de; border-radius: 6px; padding: 6px 10px; }
dt { font-size: 0.8em; }
dd { margin: 0; font-size: 1.25em; }
span.interval { display: block; font-size: 0.62em; white-space: nowrap; }
table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.92em; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eaeef2; text-align: left;
         vertical-align: top; }
tbody th { position: sticky; left: 0; background: #fff; }
thead th, tr.family th, tr.average > * { background: #f6f8fa; }
th, td.better, .num { white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
td.undefined { color: #8c959f; }
.rejected { border-left: 2px solid #8c959f; }
div.scroll { overflow-x: auto; }
div.scroll img { max-width: none; }
figure { margin: 0.6em 0 1.4em; }
img { max-width: 100%; height: auto; }
img.wide { width: 100%; }
figcaption { color: #444; font-size: 0.92em; max-width: 760px; }
"""


def text(value):
    """``value`` as escaped HTML text."""
    return html.escape(str(value), quote=True)


def fixed(value, digits=4):
    """``value`` with ``digits`` decimals; a tiny negative value shows no minus sign."""
    shown = f"{float(value):.{digits}f}"
    return shown[1:] if shown.startswith("-") and float(shown) == 0 else shown


def cell(value, digits=4, css=""):
    """A table cell: integers as integers, floats rounded, NaN as undefined."""
    if value is None or (isinstance(value, float | np.floating) and np.isnan(value)):
        return '<td class="num undefined" title="undefined for this matrix">–</td>'
    if isinstance(value, int | np.integer):
        value, css = int(value), f"num {css}".strip()
    elif isinstance(value, float | np.floating):
        value, css = fixed(value, digits), f"num {css}".strip()
    return (f'<td class="{css}">' if css else "<td>") + f"{text(value)}</td>"


def section(heading, lead, body):
    """A titled section: the heading, a lead paragraph (or None), the body."""
    lead = "" if lead is None else f"<p>{text(lead)}</p>\n"
    return f"<section><h2>{text(heading)}</h2>\n{lead}{body}\n</section>"


def scrolling(body):
    """``body`` in a frame that scrolls sideways when it is wider than the page."""
    return f'<div class="scroll">{body}</div>'


# The columns styled by their own class (any other column has none).
_STYLED = {"better": "better", "rejected": "rejected"}


def _css(column):
    return _STYLED.get(column, "") if isinstance(column, str) else ""


def frame_table(frame, css, *, digits=4, marked=()):
    """``frame`` as a table, rows grouped by a two-level index's first level."""
    columns = list(frame.columns)
    numeric = [pd.api.types.is_numeric_dtype(dtype) for dtype in frame.dtypes]
    head = f"<th>{text(frame.index.names[-1] or '')}</th>" + "".join(
        f'<th class="{"num " if is_number else ""}{_css(c)}">{text(c)}</th>'
        for c, is_number in zip(columns, numeric, strict=True)
    )
    # Column by column, by position (10 and "10" may both name one): a row of
    # mixed dtypes would turn integers into floats.
    values = [frame.iloc[:, i].tolist() for i in range(len(columns))]
    grouped = frame.index.nlevels == 2
    groups, rows = {}, []
    for position, label in enumerate(frame.index):
        group, name = label if grouped else (None, label)
        cells = "".join(
            cell(v[position], digits, _css(c))
            for c, v in zip(columns, values, strict=True)
        )
        row = '<tr class="average">' if name in marked else "<tr>"
        row += f"<th>{text(name)}</th>"
        groups.setdefault(group, []).append(row + cells + "</tr>")
    for group, lines in groups.items():
        if grouped:
            heading = f'<th colspan="{len(columns) + 1}">{text(group)}</th>'
            lines.insert(0, f'<tr class="family">{heading}</tr>')
        rows.append("<tbody>" + "\n".join(lines) + "</tbody>")
    body = "".join(rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead>{body}</table>'


def total_text(matrix):
    """The sum of the counts as text, also when it exceeds the float maximum."""
    scaled, exponent = unit_scaled(np.asarray(matrix, dtype=float))
    total = Decimal(float(scaled.sum())) * Decimal(2) ** exponent.item()
    if total == total.to_integral_value() and total < 2**53:
        return f"{int(total)}"
    return f"{total:.4g}"
