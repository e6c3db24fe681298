"""The entropy-triangle Display."""

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._measures.triangle import entropy_triangle
from .common import (
    _axes,
    _draw_points,
    _finish,
    from_estimator,
)
from .triangle_geometry import (
    _SQRT3_2,
    _ternary,
    _wrapped,
    draw_grid,
    frame_labels,
    zoom_axes,
    zoom_view,
)


def _position(coordinates):
    return _ternary(
        coordinates.delta_h, coordinates.mutual_info, coordinates.variation_info
    )


class EntropyTriangleDisplay:
    """The entropy triangle (a de Finetti diagram) of one or more classifiers.

    Vertices: ``VI' = 1`` (no information transferred, bottom left), ``2MI' = 1``
    (ideal classifier, bottom right) and ``ΔH' = 1`` (degenerate marginals,
    e.g. a majority classifier, top). Create it with :meth:`from_predictions`,
    :meth:`from_estimator` or :meth:`from_confusion_matrices`; the constructor
    only stores the points.

    Parameters
    ----------
    triangles : dict of str to EntropyTriangle
        One entry per classifier.

    Attributes
    ----------
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    points_ : dict of str to matplotlib Line2D
        The joint point of each classifier.
    marginal_points_ : dict of str to tuple of Line2D
        The ``x`` (input) and ``y`` (output) marginal points, when ``extended``.
    grid_lines_ : list of matplotlib Line2D
    vertex_labels_ : list of matplotlib Text
    side_labels_ : list of matplotlib Text
        What each side means (empty when zoomed).
    legend_ : matplotlib Legend or None
    top_axis_ : matplotlib secondary axis or None
        When zoomed, the top axis labelling the ``VI'`` grid lines.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
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

    @classmethod
    def from_confusion_matrices(cls, matrices, *, extended=False, ax=None, **kwargs):
        """Plot several classifiers given their confusion matrices.

        Parameters
        ----------
        matrices : dict of str to array-like
            ``{name: confusion matrix}``; compare classifiers on the same
            alphabet (all with or all without a reject column).
        extended : bool, default=False
            Also draw each classifier's two marginal points.
        ax : matplotlib Axes, default=None
        **kwargs : dict
            Passed to :meth:`plot` (``zoom``, ``grid``, ``legend``, ...).

        Returns
        -------
        display : EntropyTriangleDisplay
        """
        # nan for undefined coordinates, silently: there is nothing to plot.
        triangles = {
            name: entropy_triangle(matrix, replace_undefined_by=np.nan)
            for name, matrix in matrices.items()
        }
        return cls(triangles).plot(ax=ax, extended=extended, **kwargs)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        sample_weight=None,
        labels=None,
        reject_label=-1,
        extended=False,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot one classifier from its predictions.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
        sample_weight : array-like, default=None
        labels : array-like, default=None
        reject_label : scalar or None, default=-1
        extended : bool, default=False
        ax : matplotlib Axes, default=None
        name : str, default=None
            Legend entry; "classifier" by default.
        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : EntropyTriangleDisplay
        """
        matrix = augmented_confusion_matrix(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
        return cls.from_confusion_matrices(
            {name or "classifier": matrix}, extended=extended, ax=ax, **kwargs
        )

    from_estimator = classmethod(from_estimator)

    def plot(
        self,
        *,
        ax=None,
        extended=False,
        grid=True,
        zoom=False,
        legend=True,
        point_kw=None,
    ):
        """Draw the triangle, its grid and the points.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        extended : bool, default=False
            Also draw the marginal points (``x``: ▲, ``y``: ▼) joined to the
            joint point.
        grid : bool, default=True
            Grid lines every 0.1 of each coordinate (0.01 when zoomed).
        zoom : bool, default=False
            Fit the view to the points (good classifiers crowd the ideal
            corner); the vertices may then be out of view. The grid lines are
            labelled on three sides: ``2MI'`` (lines rising to the right) at
            the bottom, ``ΔH'`` (horizontal) on the left, ``VI'`` (falling to
            the right) at the top.
        legend : bool, default=True
            Draw the legend (beside the triangle; below the axes when
            zoomed). Pass False for a second panel of the same classifiers.
        point_kw : dict, default=None
            Passed to ``ax.plot`` for the joint points.

        Returns
        -------
        self : EntropyTriangleDisplay
        """
        ax = _axes(ax)
        corners = np.array([[0, 0], [1, 0], [0.5, _SQRT3_2], [0, 0]])
        ax.plot(corners[:, 0], corners[:, 1], color="black", linewidth=1.2)
        joint = {name: _position(t) for name, t in self.triangles.items()}
        marginal = {
            name: (_position(t.x), _position(t.y)) for name, t in self.triangles.items()
        }
        view = None
        if zoom:
            shown = [*joint.values(), *(sum(marginal.values(), ()) if extended else ())]
            view = zoom_view(shown)
        self.grid_lines_ = []
        if grid:
            step = view["grid_step"] if zoom else 0.1
            self.grid_lines_ = draw_grid(ax, step=step, ticks=not zoom)
        # Out-of-view text would still stretch a "tight" saved figure.
        self.vertex_labels_, self.side_labels_ = [], []
        if not zoom:
            self.vertex_labels_, self.side_labels_ = frame_labels(ax)
        # No explicit colour: the axes' colour cycle goes on across calls.
        self.points_ = _draw_points(ax, joint, point_kw)
        self.marginal_points_ = {}
        marker_style = {"markersize": 6, "linestyle": "none", "zorder": 3}
        for name, (x, y) in joint.items() if extended else ():
            color = self.points_[name].get_color()
            markers = []
            for (mx, my), marker in zip(marginal[name], "^v", strict=True):
                ax.plot([x, mx], [y, my], color=color, lw=0.8, alpha=0.6, zorder=2)
                markers += ax.plot(
                    [mx], [my], marker=marker, color=color, **marker_style
                )
            self.marginal_points_[name] = tuple(markers)
        if extended:
            for marker, label in (
                ("^", "input marginal X"),
                ("v", "output marginal Y"),
            ):
                ax.plot(
                    [], [], marker=marker, color="gray", linestyle="none", label=label
                )
        ax.set_aspect("equal")
        self.legend_ = self.top_axis_ = None
        if zoom:
            self.top_axis_ = zoom_axes(ax, view)
            ax.set_title(f"Entropy triangle, zoomed (grid every {view['grid_step']:g})")
            if legend:
                # Below the axes: inside, it would hide points of the zoomed view.
                self.legend_ = ax.legend(
                    loc="upper center",
                    bbox_to_anchor=(0.5, -0.12),
                    ncol=2,
                    fontsize=8,
                    frameon=False,
                )
        else:
            ax.set_xlim(-0.2, 1.2)
            ax.set_ylim(-0.2, _SQRT3_2 + 0.12)
            ax.axis("off")
            ax.set_title("Entropy triangle")
            if legend:
                # The upper left is empty in a triangle plot; long names wrap.
                handles, labels = ax.get_legend_handles_labels()
                for handle, label in zip(handles, labels, strict=True):
                    handle.set_label(_wrapped(label))
                self.legend_ = ax.legend(
                    handles=handles, loc="upper left", fontsize=9, frameon=False
                )
                self._clear_apex_label(ax)
        return _finish(self, ax)

    def _clear_apex_label(self, ax):
        """Widen the view to the left until the legend hides no label.

        A legend wider than the space left of the apex would lie over the apex
        label or the left side's label: the triangle moves right and shrinks
        a little instead, a step at a time.
        """
        from matplotlib.path import Path

        apex_label, side_label = self.vertex_labels_[2], self.side_labels_[1]
        for _ in range(20):
            ax.apply_aspect()
            legend_box = self.legend_.get_window_extent().padded(4.0)  # pixels
            # The side label rises at 60 degrees: its box's diagonal is the text.
            side = side_label.get_window_extent()
            if not (
                legend_box.overlaps(apex_label.get_window_extent())
                or Path([[side.x0, side.y0], [side.x1, side.y1]]).intersects_bbox(
                    legend_box, filled=True
                )
            ):
                return
            x_low, x_high = ax.get_xlim()
            ax.set_xlim(x_low - 0.05 * (x_high - x_low), x_high)
