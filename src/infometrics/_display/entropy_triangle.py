"""The entropy-triangle Display."""

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._measures.triangle import entropy_triangle
from .common import (
    _axes,
    _estimator_name,
    _estimator_predictions,
    _legend_label,
)
from .triangle_geometry import (
    _LEGEND_GAP,
    _SQRT3_2,
    _ternary,
    _wrapped,
    draw_grid,
    zoom_axes,
    zoom_view,
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

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        sample_weight=None,
        extended=False,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot a fitted classifier on ``X``, ``y``.

        Parameters
        ----------
        estimator : fitted classifier
            Its ``classes_`` order the matrix and its reject label (if it
            abstains) marks rejections.
        X : array-like
        y : array-like of shape (n_samples,)
        sample_weight : array-like, default=None
        extended : bool, default=False
        ax : matplotlib Axes, default=None
        name : str, default=None
        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : EntropyTriangleDisplay
        """
        y_pred, labels, reject_label = _estimator_predictions(estimator, X, y)
        return cls.from_predictions(
            y,
            y_pred,
            sample_weight=sample_weight,
            labels=labels,
            reject_label=reject_label,
            extended=extended,
            ax=ax,
            name=name or _estimator_name(estimator),
            **kwargs,
        )

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
        view = zoom_view(self.triangles, extended) if zoom else None
        self.grid_lines_ = []
        if grid:
            self.grid_lines_ = draw_grid(
                ax, step=view["grid_step"] if zoom else 0.1, ticks=not zoom
            )
        # Out-of-view text would still stretch a "tight" saved figure.
        self.vertex_labels_, self.side_labels_ = [], []
        if not zoom:
            self.vertex_labels_ = [
                ax.text(
                    -0.03,
                    -0.04,
                    "VI' = 1\nno information",
                    ha="right",
                    va="top",
                    fontsize=9,
                ),
                ax.text(
                    1.03, -0.04, "2MI' = 1\nideal", ha="left", va="top", fontsize=9
                ),
                ax.text(
                    0.53,
                    _SQRT3_2 + 0.01,
                    "ΔH' = 1\ndegenerate marginals",
                    ha="left",
                    va="bottom",
                    fontsize=9,
                ),
            ]
            # Each side is where one coordinate vanishes. The slanted sides'
            # labels hang outside their side at a fixed distance in points,
            # rotated about that anchor, so they never cross the side however
            # large the figure; far enough out that classifiers with 2MI' = 0
            # (or VI' = 0) sitting on it keep their markers clear.
            side_style = {
                "textcoords": "offset points",
                "ha": "center",
                "va": "bottom",
                "rotation_mode": "anchor",
                "fontsize": 9,
            }
            self.side_labels_ = [
                # Below the row of 2MI' ticks (at y = -0.05), in points.
                ax.annotate(
                    "ΔH' = 0: uniform marginals\n"
                    "2MI': follow the grid lines rising to the right to these ticks",
                    xy=(0.5, -0.05),
                    xytext=(0, -10),
                    textcoords="offset points",
                    ha="center",
                    va="top",
                    fontsize=9,
                ),
                ax.annotate(
                    "2MI' = 0: no information transferred",
                    xy=(0.25, _SQRT3_2 / 2),
                    xytext=(-8 * _SQRT3_2, 8 * 0.5),
                    rotation=60,
                    **side_style,
                ),
                ax.annotate(
                    "VI' = 0: nothing left uncertain",
                    xy=(0.75, _SQRT3_2 / 2),
                    xytext=(8 * _SQRT3_2, 8 * 0.5),
                    rotation=-60,
                    **side_style,
                ),
            ]
        self.points_ = {}
        self.marginal_points_ = {}
        for name, triangle in self.triangles.items():
            x, y = _ternary(
                triangle.delta_h, triangle.mutual_info, triangle.variation_info
            )
            # No explicit colour: the axes' colour cycle goes on across calls.
            kwargs = {
                "marker": "o",
                "markersize": 8,
                "linestyle": "none",
                "label": _legend_label(name),
                "zorder": 3,
            }
            kwargs.update(point_kw or {})
            (self.points_[name],) = ax.plot([x], [y], **kwargs)
            color = self.points_[name].get_color()
            if extended:
                markers = []
                for marginal, marker in ((triangle.x, "^"), (triangle.y, "v")):
                    mx, my = _ternary(
                        marginal.delta_h, marginal.mutual_info, marginal.variation_info
                    )
                    ax.plot(
                        [x, mx],
                        [y, my],
                        color=color,
                        linewidth=0.8,
                        alpha=0.6,
                        zorder=2,
                    )
                    (point,) = ax.plot(
                        [mx],
                        [my],
                        marker=marker,
                        markersize=6,
                        color=color,
                        linestyle="none",
                        zorder=3,
                    )
                    markers.append(point)
                self.marginal_points_[name] = tuple(markers)
        if extended:
            ax.plot(
                [],
                [],
                marker="^",
                color="gray",
                linestyle="none",
                label="input marginal X",
            )
            ax.plot(
                [],
                [],
                marker="v",
                color="gray",
                linestyle="none",
                label="output marginal Y",
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
                # The upper left is empty in a triangle plot: no overlap there,
                # once the view leaves the legend room left of the apex label.
                self.legend_ = ax.legend(
                    handles=self._legend_handles(ax),
                    loc="upper left",
                    fontsize=9,
                    frameon=False,
                )
                self._clear_apex_label(ax)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self

    @staticmethod
    def _legend_handles(ax):
        """The axes' legend entries, long names wrapped to keep the legend narrow."""
        handles, labels = ax.get_legend_handles_labels()
        for handle, label in zip(handles, labels, strict=True):
            handle.set_label(_wrapped(label))
        return handles

    def _clear_apex_label(self, ax):
        """Widen the view to the left until the legend hides no label.

        A long classifier name makes the legend wider than the space left of
        the apex: the apex label, or the label along the left side, would lie
        under it. The triangle then moves right and shrinks a little instead,
        a step at a time (the equal aspect rescales the view at each step).
        """
        from matplotlib.path import Path

        apex_label, side_label = self.vertex_labels_[2], self.side_labels_[1]
        for _ in range(20):
            ax.apply_aspect()
            legend_box = self.legend_.get_window_extent().padded(_LEGEND_GAP)
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
