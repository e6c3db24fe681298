"""Geometry of the entropy triangle: positions, labels, the zoomed view, the grid."""

import re

import numpy as np

_SQRT3_2 = np.sqrt(3.0) / 2.0

# (x, y, text, horizontal alignment, vertical alignment) of each vertex.
_VERTICES = (
    (-0.03, -0.04, "VI' = 1\nno information", "right", "top"),
    (1.03, -0.04, "2MI' = 1\nideal", "left", "top"),
    (0.53, _SQRT3_2 + 0.01, "ΔH' = 1\ndegenerate marginals", "left", "bottom"),
)
# Each side is where one coordinate vanishes: (text, anchor, offset in points,
# rotation, vertical alignment). The bottom one goes below the row of 2MI'
# ticks (at y = -0.05). The slanted ones hang outside their side at a fixed
# distance in points, rotated about that anchor, so they never cross the side
# however large the figure, clear of the markers of classifiers sitting on it.
_SIDES = (
    (
        "ΔH' = 0: uniform marginals\n"
        "2MI': follow the grid lines rising to the right to these ticks",
        (0.5, -0.05),
        (0, -10),
        0,
        "top",
    ),
    (
        "2MI' = 0: no information transferred",
        (0.25, _SQRT3_2 / 2),
        (-8 * _SQRT3_2, 4),
        60,
        "bottom",
    ),
    (
        "VI' = 0: nothing left uncertain",
        (0.75, _SQRT3_2 / 2),
        (8 * _SQRT3_2, 4),
        -60,
        "bottom",
    ),
)


def _wrapped(label, width=24):
    """``label`` on lines of at most ``width`` characters where it can break.

    Breaks after a space, comma, dot, underscore or hyphen and before an
    opening parenthesis; a longer unbroken word stays whole.
    """
    if len(label) <= width:
        return label
    lines, line = [], ""
    for piece in re.split(r"(?<=[\s,._-])|(?=\()", label):
        if line and len(line) + len(piece) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    lines.append(line.rstrip())
    return "\n".join(lines)


def _ternary(delta_h, mutual_info, variation_info):
    """Cartesian position: VI' = 1 bottom left, 2MI' = 1 bottom right, ΔH' = 1 top."""
    del variation_info  # implied: the three sum to 1
    return mutual_info + delta_h / 2.0, delta_h * _SQRT3_2


def frame_labels(ax):
    """The vertex and side labels of the whole triangle: two lists of Text."""
    vertices = [
        ax.text(x, y, text, ha=ha, va=va, fontsize=9)
        for x, y, text, ha, va in _VERTICES
    ]
    sides = [
        ax.annotate(
            text,
            xy=xy,
            xytext=offset,
            textcoords="offset points",
            rotation=rotation,
            rotation_mode="anchor",
            ha="center",
            va=va,
            fontsize=9,
        )
        for text, xy, offset, rotation, va in _SIDES
    ]
    return vertices, sides


def zoom_view(points):
    """Square view around the ``(n, 2)`` points, label and grid steps for it."""
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    xy = xy[np.all(np.isfinite(xy), axis=1)]
    if not len(xy):
        raise ValueError("No classifier has a defined entropy-triangle point.")
    center = (xy.min(axis=0) + xy.max(axis=0)) / 2
    half = max(0.03, 0.65 * float(np.ptp(xy, axis=0).max()))
    # Good classifiers sit on the base: show little below it.
    y_low = max(center[1] - half, -0.04 * half)
    # Label every k-th grid line, at most about six per side.
    label_step = next(s for s in (0.01, 0.02, 0.05, 0.1, 0.2) if 2 * half / s <= 6)
    grid_step = {0.01: 0.01, 0.02: 0.01, 0.05: 0.01, 0.1: 0.05, 0.2: 0.1}
    return {
        "x": (center[0] - half, center[0] + half),
        "y": (y_low, y_low + 2 * half),
        "label_step": label_step,
        "grid_step": grid_step[label_step],
    }


def zoom_axes(ax, view):
    """Set the view and label the three axes for it; returns the top axis."""
    (x_low, x_high), (y_low, y_high) = view["x"], view["y"]
    ax.set_xlim(x_low, x_high)
    ax.set_ylim(y_low, y_high)
    step = view["label_step"]
    levels = np.round(np.arange(0.0, 1.0 + step / 2, step), 2)
    # Ticks too near a corner would hang their label over the edge.
    inset = 0.04 * (x_high - x_low)

    def ticks(positions, low=x_low + inset, high=x_high - inset):
        keep = (positions >= low) & (positions <= high)
        return positions[keep], [f"{level:.2f}" for level in levels[keep]]

    # 2MI' = a meets the bottom edge at x = a + y_low / sqrt(3).
    ax.set_xticks(*ticks(levels + y_low / np.sqrt(3.0)))
    ax.set_xlabel("2MI' (grid lines rising to the right)")
    # ΔH' = d is the horizontal line y = d * sqrt(3) / 2.
    ax.set_yticks(*ticks(levels * _SQRT3_2, y_low, y_high - inset))
    ax.set_ylabel("ΔH' (horizontal grid lines)")
    # VI' = b meets the top edge at x = 1 - b - y_high / sqrt(3).
    top_axis = ax.secondary_xaxis("top")
    top_axis.set_xticks(*ticks(1 - levels - y_high / np.sqrt(3.0)))
    top_axis.set_xlabel("VI' (grid lines falling to the right)")
    for axis in (ax.xaxis, ax.yaxis, top_axis.xaxis):
        axis.set_tick_params(labelsize=8)
    return top_axis


def draw_grid(ax, step=0.1, ticks=True):
    """The grid lines of the three coordinates (and 2MI' values below the base)."""
    lines = []
    for level in np.linspace(step, 1 - step, round(1 / step) - 1):
        rest = 1 - level
        # ΔH' = level (horizontal), 2MI' = level, VI' = level.
        for start, end in (
            ((level, 0.0, rest), (level, rest, 0.0)),
            ((0.0, level, rest), (rest, level, 0.0)),
            ((0.0, rest, level), (rest, 0.0, level)),
        ):
            xy = np.array([_ternary(*start), _ternary(*end)])
            lines += ax.plot(*xy.T, color="0.85", linewidth=0.6, zorder=1)
        # 2MI' tick values every 0.1, well below the bottom side: good
        # classifiers' points sit on it.
        if ticks and np.isclose(level * 10, round(level * 10)):
            style = {"ha": "center", "va": "top", "fontsize": 7, "color": "0.4"}
            ax.text(level, -0.05, f"{level:.1f}", **style)
    return lines
