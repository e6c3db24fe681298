"""The audit as a grid: measures as rows, properties as columns, held or failed."""

import numpy as np

from .search import PROPERTIES

# Blue for held, orange for failed (told apart without red-green vision), grey
# where nothing could be compared; every cell also says it in words.
COLOURS = {"holds": "#9ecae1", "fails": "#f4a261", "n/a": "#e0e0e0"}


def plot_audit(cells, legend, *, ax=None):
    """Draw an audit's cell texts (a DataFrame) on ``ax`` (a new figure if None)."""
    from matplotlib.patches import Patch, Rectangle

    from .._display.common import pyplot

    n_rows, n_columns = cells.shape
    if ax is None:
        height = 1.8 + 0.3 * n_rows
        _, ax = pyplot().subplots(figsize=(12, height), layout="constrained")
    for (row, column), text in np.ndenumerate(cells.to_numpy()):
        colour = COLOURS[text.split(":")[0]]
        ax.add_patch(
            Rectangle((column, row), 1, 1, facecolor=colour, edgecolor="white")
        )
        ax.text(
            column + 0.5,
            row + 0.5,
            text.replace(": ", ":\n"),
            ha="center",
            va="center",
            fontsize=7,
        )
    ax.set_xlim(0, n_columns)
    ax.set_ylim(n_rows, 0)
    ax.set_xticks(np.arange(n_columns) + 0.5)
    titles = [PROPERTIES[column][2] for column in cells.columns]
    ax.set_xticklabels(titles, fontsize=8)
    ax.xaxis.tick_top()
    ax.set_yticks(np.arange(n_rows) + 0.5)
    ax.set_yticklabels(cells.index, fontsize=8)
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.legend(
        handles=[Patch(facecolor=c, label=key) for key, c in COLOURS.items()],
        title=legend,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=3,
        fontsize=8,
        title_fontsize=7,
        frameon=False,
    )
    return ax
