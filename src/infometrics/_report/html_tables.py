"""The tables of the HTML report."""

import html
from decimal import Decimal

import numpy as np

_BETTER = {True: "↑ higher", False: "↓ lower"}


def _text(value):
    return html.escape(str(value), quote=True)


def _fixed(value, digits=4):
    """``value`` with ``digits`` decimals, never as a negative zero.

    A tiny negative value (a kappa of -3e-7) rounds to ``-0.0000``, which
    reads as the number -0.0; it is shown as ``0.0000``, as true at this
    precision. Values that round to something else keep their sign.

    Parameters
    ----------
    value : float
        The number to show.
    digits : int, default=4
        Decimals shown.

    Returns
    -------
    str
    """
    text = f"{float(value):.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def _number(value, digits=4):
    """A table cell: integers as integers, floats rounded, NaN as undefined."""
    if value is None or (isinstance(value, float | np.floating) and np.isnan(value)):
        return '<td class="num undefined" title="undefined for this matrix">–</td>'
    if isinstance(value, bool | np.bool_):
        return f"<td>{'yes' if value else 'no'}</td>"
    if isinstance(value, int | np.integer):
        return f'<td class="num">{int(value)}</td>'
    if isinstance(value, float | np.floating):
        return f'<td class="num">{_fixed(value, digits)}</td>'
    return f"<td>{_text(value)}</td>"


def _section(heading, lead, body):
    lead = "" if lead is None else f'<p class="lead">{_text(lead)}</p>\n'
    return f"<section><h2>{_text(heading)}</h2>\n{lead}{body}\n</section>"


def _measures_table(report):
    has_note = "note" in report.columns and report["note"].astype(bool).any()
    # Why a value is 0 or undefined by its definition, beside the value.
    has_why = "why" in report.columns and report["why"].astype(bool).any()
    head = (
        "<thead><tr><th>measure</th><th class='num'>value</th>"
        "<th class='num'>adjusted</th><th class='num'>jackknife SE</th>"
        + ("<th>why 0 or undefined</th>" if has_why else "")
        + "<th>better</th><th>description</th>"
        + ("<th>note</th>" if has_note else "")
        + "</tr></thead>"
    )
    bodies = []
    n_columns = 6 + has_note + has_why
    for family, rows in report.groupby(level="family", sort=False):
        lines = [
            f'<tr class="family"><th colspan="{n_columns}">{_text(family)}</th></tr>'
        ]
        for (_, measure), row in rows.iterrows():
            cells = [
                f"<th>{_text(measure)}</th>",
                _number(row["value"]),
                _number(row["adjusted"]),
                _number(row["jackknife_se"]),
                *([f'<td class="why">{_text(row["why"])}</td>'] if has_why else []),
                f'<td class="better">{_BETTER[bool(row["higher_is_better"])]}</td>',
                f'<td class="description">{_text(row["description"])}</td>',
            ]
            if has_note:
                cells.append(f"<td>{_text(row['note'])}</td>")
            lines.append("<tr>" + "".join(cells) + "</tr>")
        bodies.append("<tbody>" + "\n".join(lines) + "</tbody>")
    return '<table class="measures">' + head + "\n".join(bodies) + "</table>"


def _per_class_table(report):
    columns = list(report.columns)
    head = (
        f"<thead><tr><th>{_text(report.index.name or 'class')}</th>"
        + "".join(f"<th class='num'>{_text(column)}</th>" for column in columns)
        + "</tr></thead>"
    )
    lines = []
    # Column by column: a row of mixed dtypes would turn integer supports
    # into floats.
    values = {column: report[column].tolist() for column in columns}
    # The averages rows (per_class_report's last two) set apart.
    averages = {"macro avg", "weighted avg"}
    for position, label in enumerate(report.index):
        average = position >= len(report.index) - 2 and label in averages
        cells = [f"<th>{_text(label)}</th>"]
        for column in columns:
            value = values[column][position]
            if isinstance(value, str):
                cells.append(f"<td>{_text(value)}</td>")
            else:
                cells.append(_number(value))
        lines.append(
            ('<tr class="average">' if average else "<tr>") + "".join(cells) + "</tr>"
        )
    return (
        '<table class="per-class">'
        + head
        + "<tbody>"
        + "\n".join(lines)
        + "</tbody></table>"
    )


def _counts_table(matrix, class_labels):
    n_classes = matrix.shape[0]
    has_reject = matrix.shape[1] == n_classes + 1
    head = ["<th>true \\ predicted</th>"] + [
        f"<th class='num'>{_text(label)}</th>" for label in class_labels
    ]
    if has_reject:
        head.append("<th class='num reject'>rejected</th>")
    # Counts show as integers whenever they are whole (weights may not be).
    digits = 0 if np.array_equal(matrix, np.round(matrix)) else 4
    lines = []
    for label, counts in zip(class_labels, matrix, strict=True):
        cells = [f"<th>{_text(label)}</th>"]
        cells += [_number(value, digits) for value in counts[:n_classes].tolist()]
        if has_reject:
            cells.append(
                _number(counts[n_classes].item(), digits).replace(
                    'class="num', 'class="num reject', 1
                )
            )
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<table class="matrix"><thead><tr>'
        + "".join(head)
        + "</tr></thead><tbody>"
        + "\n".join(lines)
        + "</tbody></table>"
    )


def _total_text(matrix):
    """The sum of the counts as text, also when it exceeds the float maximum."""
    largest = float(matrix.max(initial=0.0))
    exponent = np.frexp(largest)[1] if largest > 0 else 0
    # Summed after an exact division by 2**exponent, so the sum cannot overflow.
    total = Decimal(float(np.ldexp(matrix, -exponent).sum())) * Decimal(2) ** exponent
    if total == total.to_integral_value() and total < 2**53:
        return f"{int(total)}"
    return f"{total:.4g}"
