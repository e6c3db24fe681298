"""Geometry of the entropy triangle: positions, the zoomed view, the grid."""

import re

import numpy as np

_SQRT3_2 = np.sqrt(3.0) / 2.0
# Display units (pixels) kept between the legend and the labels.
_LEGEND_GAP = 4.0
_LEGEND_WIDTH = 24  # characters of a legend line before it wraps


def _wrapped(label, width=_LEGEND_WIDTH):
    """``label`` on several lines of at most ``width`` characters where it can.

    Breaks after a space, comma, dot, underscore or hyphen and before an
    opening parenthesis (``RejectOptionClassifier`` / ``(LogisticRegression)``);
    a longer unbroken word stays whole.
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


def zoom_view(triangles, extended):
    """Square view around the points, label and grid steps for it."""
    points = []
    for triangle in triangles.values():
        points.append(
            _ternary(triangle.delta_h, triangle.mutual_info, triangle.variation_info)
        )
        if extended:
            points += [
                _ternary(m.delta_h, m.mutual_info, m.variation_info)
                for m in (triangle.x, triangle.y)
            ]
    xy = np.array(points, dtype=float).reshape(-1, 2)
    xy = xy[np.all(np.isfinite(xy), axis=1)]
    if not len(xy):
        raise ValueError("No classifier has a defined entropy-triangle point.")
    center = (xy.min(axis=0) + xy.max(axis=0)) / 2
    half = max(0.03, 0.65 * float(np.ptp(xy, axis=0).max()))
    y_low = center[1] - half
    # Good classifiers sit on the base: show little below it.
    y_low = max(y_low, -0.04 * half)
    # Label every k-th grid line, at most about six per side.
    label_step = next(
        step for step in (0.01, 0.02, 0.05, 0.1, 0.2) if 2 * half / step <= 6
    )
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
    slope = np.sqrt(3.0)
    # 2MI' = a meets the bottom edge at x = a + y_low / sqrt(3).
    bottom = levels + y_low / slope
    # Ticks too near a corner would hang their label over the edge.
    inset = 0.04 * (x_high - x_low)
    keep = (bottom >= x_low + inset) & (bottom <= x_high - inset)
    ax.set_xticks(bottom[keep], [f"{a:.2f}" for a in levels[keep]])
    ax.set_xlabel("2MI' (grid lines rising to the right)")
    # ΔH' = d is the horizontal line y = d * sqrt(3) / 2.
    left = levels * _SQRT3_2
    keep = (left >= y_low) & (left <= y_high - inset)
    ax.set_yticks(left[keep], [f"{d:.2f}" for d in levels[keep]])
    ax.set_ylabel("ΔH' (horizontal grid lines)")
    # VI' = b meets the top edge at x = 1 - b - y_high / sqrt(3).
    top = 1 - levels - y_high / slope
    keep = (top >= x_low + inset) & (top <= x_high - inset)
    top_axis = ax.secondary_xaxis("top")
    top_axis.set_xticks(top[keep], [f"{b:.2f}" for b in levels[keep]])
    top_axis.set_xlabel("VI' (grid lines falling to the right)")
    for axis in (ax.xaxis, ax.yaxis, top_axis.xaxis):
        axis.set_tick_params(labelsize=8)
    return top_axis


def draw_grid(ax, step=0.1, ticks=True):
    """The grid lines of the three coordinates (and 2MI' values below the base)."""
    lines = []
    style = {"color": "0.85", "linewidth": 0.6, "zorder": 1}
    n_levels = round(1 / step) - 1
    for level in np.linspace(step, 1 - step, n_levels):
        rest = 1 - level
        # ΔH' = level (horizontal), 2MI' = level, VI' = level.
        for start, end in (
            ((level, 0.0, rest), (level, rest, 0.0)),
            ((0.0, level, rest), (rest, level, 0.0)),
            ((0.0, rest, level), (rest, 0.0, level)),
        ):
            x0, y0 = _ternary(*start)
            x1, y1 = _ternary(*end)
            (line,) = ax.plot([x0, x1], [y0, y1], **style)
            lines.append(line)
        # Tick values along the bottom (2MI') side, every 0.1.
        if ticks and np.isclose(level * 10, round(level * 10)):
            # Well below the side: good classifiers' points sit on it.
            ax.text(
                level,
                -0.05,
                f"{level:.1f}",
                ha="center",
                va="top",
                fontsize=7,
                color="0.4",
            )
    return lines
