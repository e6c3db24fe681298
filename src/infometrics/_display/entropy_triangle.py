"""The entropy-triangle Display and its geometry: positions, labels, zoom, grid."""

import re
from functools import partial

import numpy as np

from .._measures.triangle import entropy_triangle
from .common import PointsDisplay, _axes, _draw_points, _finite, _legend

_SQRT3_2 = np.sqrt(3.0) / 2.0

# (x, y, text, horizontal alignment, vertical alignment) of each vertex.
_VERTICES = (
    (-0.03, -0.04, "VI' = 1\nno information", "right", "top"),
    (1.03, -0.04, "2MI' = 1\nideal", "left", "top"),
    (0.53, _SQRT3_2 + 0.01, "ΔH' = 1\ndegenerate marginals", "left", "bottom"),
)
# Each side, where one coordinate vanishes: its text, then (anchor, offset in
# points, rotation, vertical alignment). The slanted ones hang a fixed distance
# in points outside their side, so they never cross it, whatever the figure size.
_SIDE_TEXTS = (
    "ΔH' = 0: uniform marginals\n"
    "2MI': follow the grid lines rising to the right to these ticks",
    "2MI' = 0: no information transferred",
    "VI' = 0: nothing left uncertain",
)
_SIDE_PLACES = (
    ((0.5, -0.05), (0, -10), 0, "top"),
    ((0.25, _SQRT3_2 / 2), (-8 * _SQRT3_2, 4), 60, "bottom"),
    ((0.75, _SQRT3_2 / 2), (8 * _SQRT3_2, 4), -60, "bottom"),
)


_MARGINAL_LABELS = ("input marginal X", "output marginal Y")


def _wrapped(label):
    """``label`` in lines of at most 24 characters, broken after a space or one
    of ``,._-`` or before ``(`` (a longer word stays whole on its own line)."""
    breaks = r"(?:(?<=[\s,._-])|(?=\()|$)"
    lines = re.findall(rf".{{1,24}}{breaks}|.+?{breaks}", label, re.S)
    return "\n".join(line.strip() for line in lines)


def _position(coordinates):
    """Cartesian position: VI' = 1 bottom left, 2MI' = 1 bottom right, ΔH' = 1 top."""
    delta_h, mutual_info = coordinates[0], coordinates[1]  # VI' is the rest
    return mutual_info + delta_h / 2.0, delta_h * _SQRT3_2


class EntropyTriangleDisplay(PointsDisplay):
    """The entropy triangle (a de Finetti diagram) of one or more classifiers.

    See the user guide, section "Which measure answers which question".

    Parameters
    ----------
    triangles : dict of str to EntropyTriangle
        One entry per classifier.

    Attributes
    ----------
    ax_, figure_, legend_ : matplotlib Axes, Figure and Legend (or None)
    points_, marginal_points_ : dict of str to matplotlib Line2D
        Each joint point, and its marginal points (``extended``).
    grid_lines_, vertex_labels_, side_labels_ : list of matplotlib artists
        The labels are empty when zoomed.
    top_axis_ : matplotlib secondary axis or None
        When zoomed, the axis labelling the ``VI'`` grid lines.

    Examples
    --------
    >>> from infometrics.plotting import EntropyTriangleDisplay
    >>> display = EntropyTriangleDisplay.from_confusion_matrices(
    ...     {"a": [[15, 0, 5], [0, 15, 5], [0, 0, 20]],
    ...      "majority": [[0, 0, 5], [0, 0, 5], [0, 0, 50]]},
    ...     extended=True,
    ... )
    >>> sorted(display.points_)
    ['a', 'majority']
    """

    def __init__(self, triangles):
        self.triangles = dict(triangles)

    # nan for undefined coordinates, silently: there is nothing to plot.
    _point = staticmethod(partial(entropy_triangle, replace_undefined_by=np.nan))

    def plot(self, *, ax=None, extended=False, zoom=False, legend=True):
        """Draw the triangle, its grid and the points.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        extended : bool, default=False
            Also draw the marginal points (``x``: ▲, ``y``: ▼).
        zoom : bool, default=False
            Fit the view to the points, a finer grid labelled on three axes.
        legend : bool, default=True
            False for a second panel of the same classifiers.

        Returns
        -------
        self : EntropyTriangleDisplay
        """
        ax = _axes(ax)
        ax.plot([0, 1, 0.5, 0], [0, 0, _SQRT3_2, 0], color="black", linewidth=1.2)
        joint = {name: _position(t) for name, t in self.triangles.items()}
        marginal = {
            name: (_position(t.x), _position(t.y)) for name, t in self.triangles.items()
        }
        if zoom:  # around the points of every zoomed call on these axes
            shown = [*joint.values(), *(sum(marginal.values(), ()) if extended else ())]
            shown = [*getattr(ax, "_infometrics_zoomed", []), *shown]
            view = _zoom_view(shown)
            ax._infometrics_zoomed = shown
        step = view["grid_step"] if zoom else 0.1
        self.grid_lines_ = _draw_grid(ax, step, ticks=not zoom)
        # Out-of-view text would still stretch a "tight" saved figure.
        labels = ([], []) if zoom else _frame_labels(ax)
        self.vertex_labels_, self.side_labels_ = labels
        # No explicit colour: the axes' colour cycle goes on across calls.
        self.points_ = _draw_points(ax, joint)
        self.marginal_points_ = {}
        for name, (x, y) in joint.items() if extended else ():
            color = self.points_[name].get_color()
            markers = []
            for (mx, my), marker in zip(marginal[name], "^v", strict=True):
                ax.plot([x, mx], [y, my], color=color, lw=0.8, alpha=0.6, zorder=2)
                markers += ax.plot(mx, my, marker, color=color, ms=6, zorder=3)
            self.marginal_points_[name] = tuple(markers)
        listed = ax.get_legend_handles_labels()[1]  # by an earlier call
        for marker, label in zip("^v", _MARGINAL_LABELS, strict=True):
            if extended and label not in listed:
                ax.plot([], [], marker, color="gray", label=label)
        handles, labels = ax.get_legend_handles_labels()
        # Every classifier first (later calls add theirs), the marginals last.
        last = [label in _MARGINAL_LABELS for label in labels]
        handles = [handles[i] for i in np.argsort(last, kind="stable")]
        ax.set_aspect("equal")
        self.legend_ = self.top_axis_ = None
        if zoom:
            self.top_axis_ = _zoom_axes(ax, view)
            # Above the top axis' labels: small enough to stay in a default figure.
            title = f"Entropy triangle, zoomed (grid every {view['grid_step']:g})"
            ax.set_title(title, fontsize="medium", pad=3)
            if legend:
                self.legend_ = _legend(ax, below_offset=0.12, ncol=2, handles=handles)
        else:
            ax.set(xlim=(-0.2, 1.2), ylim=(-0.2, _SQRT3_2 + 0.12))
            ax.axis("off")
            ax.set_title("Entropy triangle")
            if legend:
                # The upper left is empty in a triangle plot; long names wrap.
                for handle in handles:
                    handle.set_label(_wrapped(handle.get_label()))
                self.legend_ = ax.legend(
                    handles=handles, loc="upper left", fontsize=9, frameon=False
                )
                self._clear_apex_label(ax)
        return self._finish(ax)

    def _clear_apex_label(self, ax):
        """Widen the view leftwards until the legend hides no upper label."""
        from matplotlib.path import Path

        for _ in range(20):
            ax.apply_aspect()
            box = self.legend_.get_window_extent().padded(4.0)  # pixels
            # The side label rises at 60 degrees: its box's diagonal is the text.
            side = Path(self.side_labels_[1].get_window_extent().corners()[::3])
            apex = self.vertex_labels_[2].get_window_extent()
            if not (box.overlaps(apex) or side.intersects_bbox(box, filled=True)):
                return
            x_low, x_high = ax.get_xlim()
            ax.set_xlim(x_low - 0.05 * (x_high - x_low), x_high)


def _frame_labels(ax):
    """The vertex and side labels of the whole triangle: two lists of Text."""
    vertices = [
        ax.text(x, y, text, ha=ha, va=va, fontsize=9)
        for x, y, text, ha, va in _VERTICES
    ]
    style = {"textcoords": "offset points", "rotation_mode": "anchor", "ha": "center"}
    sides = [
        ax.annotate(text, xy, offset, rotation=angle, va=va, fontsize=9, **style)
        for text, (xy, offset, angle, va) in zip(_SIDE_TEXTS, _SIDE_PLACES, strict=True)
    ]
    return vertices, sides


def _zoom_view(points):
    """Square view around the ``(n, 2)`` points, label and grid steps for it."""
    xy = _finite(points)
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


def _zoom_axes(ax, view):
    """Set the view and label the three axes for it; returns the top axis."""
    (x_low, x_high), (y_low, y_high) = view["x"], view["y"]
    ax.set(xlim=view["x"], ylim=view["y"])
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
    # VI' = b meets the top edge at x = 1 - b - y_high / sqrt(3); an earlier
    # call's top axis, labelled for its own top edge, goes.
    if getattr(ax, "_infometrics_top_axis", None) is not None:
        ax._infometrics_top_axis.remove()
    top_axis = ax._infometrics_top_axis = ax.secondary_xaxis("top")
    top_axis.set_xticks(*ticks(1 - levels - y_high / np.sqrt(3.0)))
    top_axis.set_xlabel("VI' (grid lines falling to the right)")
    for axis in (ax.xaxis, ax.yaxis, top_axis.xaxis):
        axis.set_tick_params(labelsize=8)
    return top_axis


def _draw_grid(ax, step, ticks):
    """The grid lines of the three coordinates (and 2MI' values below the base)."""
    lines = []
    for level in np.linspace(step, 1 - step, round(1 / step) - 1):
        rest = 1 - level
        # (ΔH', 2MI') at both ends of the lines ΔH', 2MI' and VI' = level.
        for start, end in (
            ((level, 0.0), (level, rest)),
            ((0.0, level), (rest, level)),
            ((0.0, rest), (rest, 0.0)),
        ):
            xy = np.array([_position(start), _position(end)])
            lines += ax.plot(*xy.T, color="0.85", linewidth=0.6, zorder=1)
        # 2MI' values every 0.1, well below the base, where good classifiers sit.
        if ticks and np.isclose(level * 10, round(level * 10)):
            style = {"ha": "center", "va": "top", "fontsize": 7, "color": "0.4"}
            ax.text(level, -0.05, f"{level:.1f}", **style)
    return lines
