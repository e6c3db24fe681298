"""The audit as a grid: measures as rows, properties as columns, held or failed."""

import numpy as np
import pandas as pd

from .._display.common import _pyplot

# Blue for held, orange for failed (told apart without red-green vision), grey
# where nothing could be compared; every cell also says it in words.
HELD_COLOUR = "#9ecae1"
FAILED_COLOUR = "#f4a261"
UNDEFINED_COLOUR = "#e0e0e0"

COLUMN_TITLES = {
    "Feature 1": "Feature 1\nmonotone in\nthe diagonal",
    "Feature 2": "Feature 2\na rejection\nlowers it",
    "Feature 3 within (errors)": "Feature 3\nsmall-class\nerror costlier",
    "Feature 3 within (rejections)": "Feature 3\nsmall-class\nrejection costlier",
    "Feature 3 between": "Feature 3\nrejection cheaper\nthan error",
    "P1 identity": "P1\nbest only when\nexact",
    "P3 symmetry": "P3\nsymmetric",
}


def _cell(held, share):
    if held is None:
        return "n/a", UNDEFINED_COLOUR
    if held:
        return "held", HELD_COLOUR
    from .shares import format_share

    return f"fails ({format_share(share)})", FAILED_COLOUR


def plot_audit(audit, *, ax=None):
    """Draw the held/failed grid of an audit on ``ax`` (a new figure if None)."""
    from matplotlib.patches import Patch, Rectangle

    plt = _pyplot()
    table = audit.table
    n_rows, n_columns = table.shape
    if ax is None:
        height = 1.6 + 0.24 * n_rows
        _, ax = plt.subplots(figsize=(10.5, height), layout="constrained")
    for row in range(n_rows):
        for column in range(n_columns):
            value = table.iat[row, column]
            held = None if value is pd.NA else bool(value)
            text, colour = _cell(held, audit.share_held.iat[row, column])
            ax.add_patch(
                Rectangle(
                    (column, row),
                    1,
                    1,
                    facecolor=colour,
                    edgecolor="white",
                    linewidth=1.5,
                )
            )
            ax.text(
                column + 0.5,
                row + 0.5,
                text,
                ha="center",
                va="center",
                fontsize=7.5,
            )
    ax.set_xlim(0, n_columns)
    ax.set_ylim(n_rows, 0)
    ax.set_xticks(np.arange(n_columns) + 0.5)
    ax.set_xticklabels(
        [COLUMN_TITLES.get(label, label) for label in table.columns], fontsize=8
    )
    ax.xaxis.tick_top()
    ax.set_yticks(np.arange(n_rows) + 0.5)
    ax.set_yticklabels(table.index, fontsize=8)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.legend(
        handles=[
            Patch(facecolor=HELD_COLOUR, label="held: no counterexample found"),
            Patch(
                facecolor=FAILED_COLOUR,
                label="fails (share of the searched comparisons where it holds)",
            ),
            Patch(facecolor=UNDEFINED_COLOUR, label="n/a: undefined on every case"),
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=2,
        fontsize=8,
        frameon=False,
    )
    return ax
