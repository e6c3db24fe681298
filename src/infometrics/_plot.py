"""Displays in scikit-learn's style: entropy triangle, coverage, reject curve.

matplotlib is imported inside ``plot`` only (the optional ``plot`` extra).
"""

import warnings

import numpy as np

from ._coverage import information_coverage
from ._exceptions import UndefinedMeasureWarning
from ._labels import augmented_confusion_matrix
from ._registry import check_measure
from ._reject_curve import RejectCurve, reject_curve
from ._scorers import estimator_classes, estimator_reject_label
from ._triangle import entropy_triangle
from ._uncertainty import bootstrap_measures_score

_SQRT3_2 = np.sqrt(3.0) / 2.0


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # the plot extra is optional
        raise ImportError(
            "Plotting needs matplotlib; install it with pip install "
            "'infometrics[plot]'."
        ) from exc
    return plt


def _axes(ax):
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots()
    return ax


def _estimator_predictions(estimator, X, y):
    labels = estimator_classes(estimator, y)
    return estimator.predict(X), labels, estimator_reject_label(estimator)


def _estimator_name(estimator):
    if hasattr(estimator, "steps"):
        return _estimator_name(estimator.steps[-1][1])
    inner = getattr(estimator, "estimator", None)
    if inner is not None and getattr(estimator, "_infometrics_abstains", False):
        return f"{type(estimator).__name__}({_estimator_name(inner)})"
    return type(estimator).__name__


def _ternary(delta_h, mutual_info, variation_info):
    """Cartesian position: VI' = 1 bottom left, 2MI' = 1 bottom right, ΔH' = 1 top."""
    del variation_info  # implied: the three sum to 1
    return mutual_info + delta_h / 2.0, delta_h * _SQRT3_2


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

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from infometrics import EntropyTriangleDisplay
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
    def from_confusion_matrices(cls, matrices, *, extended=False, ax=None):
        """Plot several classifiers given their confusion matrices.

        Parameters
        ----------
        matrices : dict of str to array-like
            ``{name: confusion matrix}``; compare classifiers on the same
            alphabet (all with or all without a reject column).
        extended : bool, default=False
            Also draw each classifier's two marginal points.
        ax : matplotlib Axes, default=None

        Returns
        -------
        display : EntropyTriangleDisplay
        """
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            triangles = {
                name: entropy_triangle(matrix, replace_undefined_by=np.nan)
                for name, matrix in matrices.items()
            }
        return cls(triangles).plot(ax=ax, extended=extended)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        name=None,
        labels=None,
        reject_label=-1,
        sample_weight=None,
        extended=False,
        ax=None,
    ):
        """Plot one classifier from its predictions.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
        name : str, default=None
            Legend entry; "classifier" by default.
        labels : array-like, default=None
        reject_label : scalar or None, default=-1
        sample_weight : array-like, default=None
        extended : bool, default=False
        ax : matplotlib Axes, default=None

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
            {name or "classifier": matrix}, extended=extended, ax=ax
        )

    @classmethod
    def from_estimator(
        cls, estimator, X, y, *, name=None, sample_weight=None, extended=False, ax=None
    ):
        """Plot a fitted classifier on ``X``, ``y``.

        Parameters
        ----------
        estimator : fitted classifier
            Its ``classes_`` order the matrix and its reject label (if it
            abstains) marks rejections.
        X : array-like
        y : array-like of shape (n_samples,)
        name : str, default=None
        sample_weight : array-like, default=None
        extended : bool, default=False
        ax : matplotlib Axes, default=None

        Returns
        -------
        display : EntropyTriangleDisplay
        """
        y_pred, labels, reject_label = _estimator_predictions(estimator, X, y)
        return cls.from_predictions(
            y,
            y_pred,
            name=name or _estimator_name(estimator),
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
            extended=extended,
            ax=ax,
        )

    def plot(self, *, ax=None, extended=False, grid=True, zoom=False, point_kw=None):
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
            corner); the vertices may then be out of view.
        point_kw : dict, default=None
            Passed to ``ax.plot`` for the joint points.

        Returns
        -------
        self : EntropyTriangleDisplay
        """
        ax = _axes(ax)
        corners = np.array([[0, 0], [1, 0], [0.5, _SQRT3_2], [0, 0]])
        ax.plot(corners[:, 0], corners[:, 1], color="black", linewidth=1.2)
        self.grid_lines_ = []
        if grid:
            self.grid_lines_ = self._draw_grid(
                ax, step=0.01 if zoom else 0.1, ticks=not zoom
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
            # Each side is where one coordinate vanishes.
            side_style = {"ha": "center", "va": "center", "fontsize": 9}
            self.side_labels_ = [
                ax.text(
                    0.5,
                    -0.12,
                    "ΔH' = 0: uniform marginals;  2MI' grows →",
                    **side_style,
                ),
                ax.text(
                    0.2,
                    0.44,
                    "2MI' = 0: no information transferred",
                    rotation=60,
                    **side_style,
                ),
                ax.text(
                    0.8,
                    0.44,
                    "VI' = 0: nothing left uncertain",
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
                "label": name,
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
        if zoom:
            self._zoom(ax)
            ax.set_title("Entropy triangle (zoomed)")
            ax.set_xlabel("grid lines every 0.01 of ΔH', 2MI' and VI'", fontsize=9)
            ax.legend(loc="best", fontsize=9)
        else:
            ax.set_xlim(-0.2, 1.2)
            ax.set_ylim(-0.2, _SQRT3_2 + 0.12)
            ax.axis("off")
            ax.set_title("Entropy triangle")
            # The upper left is empty in a triangle plot: no overlap there.
            ax.legend(loc="upper left", fontsize=9, frameon=False)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self

    def _zoom(self, ax):
        points = [line.get_xydata() for line in self.points_.values()]
        points += [
            m.get_xydata() for pair in self.marginal_points_.values() for m in pair
        ]
        xy = np.concatenate(points)
        xy = xy[np.all(np.isfinite(xy), axis=1)]
        center = (xy.min(axis=0) + xy.max(axis=0)) / 2
        half = max(0.03, 0.65 * float(np.ptp(xy, axis=0).max()))
        ax.set_xlim(center[0] - half, center[0] + half)
        ax.set_ylim(center[1] - half, center[1] + half)
        ax.set_xticks([])
        ax.set_yticks([])

    @staticmethod
    def _draw_grid(ax, step=0.1, ticks=True):
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
                ax.text(
                    level,
                    -0.025,
                    f"{level:.1f}",
                    ha="center",
                    va="top",
                    fontsize=7,
                    color="0.4",
                )
        return lines


class InformationCoverageDisplay:
    """Information coverage plot: r(S|T) on x, f(T;S) on y (Holt et al.).

    The perfect classifier sits at ``(0, 1)``; dashed iso-lines join points of
    equal total erroneous information ``S_I / H(T) = 1 - f + r``.

    Parameters
    ----------
    points : dict of str to tuple of float
        ``{name: (r, f)}``.
    spread : dict of str to ndarray of shape (n, 2), default=None
        Resampled or per-fold ``(r, f)`` points per classifier.

    Attributes
    ----------
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    points_ : dict of str to Line2D
    spread_ : dict of str to matplotlib artist
        Scatter of the spread, or its covariance ellipse.
    iso_lines_ : list of Line2D
    perfect_point_ : Line2D

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from infometrics import InformationCoverageDisplay
    >>> display = InformationCoverageDisplay.from_confusion_matrices(
    ...     {"A": [[40, 5, 5], [3, 45, 2]], "B": [[30, 20, 0], [10, 40, 0]]}
    ... )
    >>> display.ax_.get_xlabel()
    'r(S|T)  false information ratio  (lower is better)'
    """

    def __init__(self, points, *, spread=None):
        self.points = dict(points)
        self.spread = dict(spread or {})

    @classmethod
    def from_confusion_matrices(cls, matrices, *, ax=None, **plot_kw):
        """Plot classifiers given their confusion matrices.

        Parameters
        ----------
        matrices : dict of str to array-like
        ax : matplotlib Axes, default=None
        **plot_kw : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : InformationCoverageDisplay
        """
        points = {}
        for name, matrix in matrices.items():
            coverage = information_coverage(matrix, replace_undefined_by=np.nan)
            points[name] = (coverage.false_info_ratio, coverage.completeness)
        return cls(points).plot(ax=ax, **plot_kw)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        name=None,
        labels=None,
        reject_label=-1,
        sample_weight=None,
        n_resamples=0,
        random_state=None,
        ax=None,
        **plot_kw,
    ):
        """Plot one classifier, optionally with its bootstrap spread.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
        name : str, default=None
        labels : array-like, default=None
        reject_label : scalar or None, default=-1
        sample_weight : array-like, default=None
        n_resamples : int, default=0
            Bootstrap resamples of the samples for the spread (0: none).
        random_state : int or None, default=None
        ax : matplotlib Axes, default=None
        **plot_kw : dict
            Passed to :meth:`plot` (e.g. ``spread_kind="ellipse"``).

        Returns
        -------
        display : InformationCoverageDisplay
        """
        name = name or "classifier"
        matrix = augmented_confusion_matrix(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
        coverage = information_coverage(matrix, replace_undefined_by=np.nan)
        spread = {}
        if n_resamples:
            intervals = bootstrap_measures_score(
                y_true,
                y_pred,
                ["false_info_ratio", "info_completeness"],
                labels=labels,
                reject_label=reject_label,
                sample_weight=sample_weight,
                n_resamples=n_resamples,
                random_state=random_state,
            )
            spread[name] = np.column_stack(
                [
                    intervals["false_info_ratio"].distribution,
                    intervals["info_completeness"].distribution,
                ]
            )
        display = cls(
            {name: (coverage.false_info_ratio, coverage.completeness)}, spread=spread
        )
        return display.plot(ax=ax, **plot_kw)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        name=None,
        sample_weight=None,
        n_resamples=0,
        random_state=None,
        ax=None,
        **plot_kw,
    ):
        """Plot a fitted classifier on ``X``, ``y``.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like
        y : array-like of shape (n_samples,)
        name : str, default=None
        sample_weight : array-like, default=None
        n_resamples : int, default=0
        random_state : int or None, default=None
        ax : matplotlib Axes, default=None
        **plot_kw : dict

        Returns
        -------
        display : InformationCoverageDisplay
        """
        y_pred, labels, reject_label = _estimator_predictions(estimator, X, y)
        return cls.from_predictions(
            y,
            y_pred,
            name=name or _estimator_name(estimator),
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
            n_resamples=n_resamples,
            random_state=random_state,
            ax=ax,
            **plot_kw,
        )

    @classmethod
    def from_cv_results(cls, cv_results, *, ax=None, **plot_kw):
        """Plot cross-validation results: the mean point and the folds as spread.

        Parameters
        ----------
        cv_results : dict of str to dict
            ``{name: cross_validate(...) output}`` where ``scoring`` included
            ``"info_completeness"`` and ``"neg_false_info_ratio"``.
        ax : matplotlib Axes, default=None
        **plot_kw : dict

        Returns
        -------
        display : InformationCoverageDisplay
        """
        points, spread = {}, {}
        for name, results in cv_results.items():
            try:
                folds = np.column_stack(
                    [
                        -np.asarray(results["test_neg_false_info_ratio"]),
                        np.asarray(results["test_info_completeness"]),
                    ]
                )
            except KeyError:
                raise ValueError(
                    f"cv_results[{name!r}] lacks test_info_completeness or "
                    "test_neg_false_info_ratio; run cross_validate with scoring="
                    "['info_completeness', 'neg_false_info_ratio']."
                ) from None
            points[name] = tuple(np.nanmean(folds, axis=0))
            spread[name] = folds
        return cls(points, spread=spread).plot(ax=ax, **plot_kw)

    def plot(
        self,
        *,
        ax=None,
        iso_levels=(0.25, 0.5, 1.0, 1.5),
        spread_kind="points",
        point_kw=None,
    ):
        """Draw the points, their spread, the perfect point and the iso-lines.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        iso_levels : sequence of float, default=(0.25, 0.5, 1.0, 1.5)
            Levels of ``S_I / H(T)`` drawn as dashed lines.
        spread_kind : {"points", "ellipse"}, default="points"
            Scatter the resampled/fold points, or draw their 2-standard-
            deviation covariance ellipse.
        point_kw : dict, default=None
            Passed to ``ax.plot`` for the points.

        Returns
        -------
        self : InformationCoverageDisplay
        """
        if spread_kind not in ("points", "ellipse"):
            raise ValueError(
                f"spread_kind must be 'points' or 'ellipse'; got {spread_kind!r}."
            )
        ax = _axes(ax)
        colors = []
        self.points_, self.spread_ = {}, {}
        for name, (r, f) in self.points.items():
            kwargs = {
                "marker": "o",
                "markersize": 8,
                "linestyle": "none",
                "label": name,
                "zorder": 3,
            }
            kwargs.update(point_kw or {})
            (self.points_[name],) = ax.plot([r], [f], **kwargs)
            color = self.points_[name].get_color()
            colors.append(color)
            cloud = self.spread.get(name)
            if cloud is not None and len(cloud):
                self.spread_[name] = self._draw_spread(ax, cloud, color, spread_kind)
        self._set_view(ax)
        self.iso_lines_, self.perfect_point_ = self._draw_frame(ax, iso_levels)
        ax.set_xlabel("r(S|T)  false information ratio  (lower is better)")
        ax.set_ylabel("f(T;S)  truth information completeness")
        ax.set_title("Information coverage")
        ax.legend(loc="lower right", fontsize=9)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self

    def _set_view(self, ax):
        """Zoom on the data, keeping the perfect point (0, 1) in view."""
        clouds = [np.array(list(self.points.values()), dtype=float)]
        clouds += [np.asarray(c, dtype=float) for c in self.spread.values() if len(c)]
        data = np.concatenate([c.reshape(-1, 2) for c in clouds])
        data = data[np.all(np.isfinite(data), axis=1)]
        previous = getattr(ax, "_infometrics_coverage_view", None)
        if data.size:
            r_high = max(0.1, 1.2 * float(data[:, 0].max()) + 0.02)
            f_low = max(
                0.0, float(data[:, 1].min()) - 0.2 * (1 - data[:, 1].min()) - 0.02
            )
        else:
            r_high, f_low = 1.0, 0.0
        if previous is not None:
            r_high, f_low = max(r_high, previous[0]), min(f_low, previous[1])
        ax._infometrics_coverage_view = (r_high, f_low)
        ax.set_xlim(0, r_high)
        ax.set_ylim(f_low, 1.02)

    @staticmethod
    def _draw_frame(ax, iso_levels):
        """Iso-lines and the perfect point, once per axes (redrawn when zooming)."""
        for artist in getattr(ax, "_infometrics_coverage_frame", []):
            artist.remove()
        r_high = ax.get_xlim()[1]
        f_low = ax.get_ylim()[0]
        artists, iso_lines = [], []
        r_grid = np.array([0.0, r_high])
        for level in iso_levels:
            (line,) = ax.plot(
                r_grid,
                1 - level + r_grid,
                linestyle="--",
                color="0.7",
                linewidth=0.8,
                zorder=1,
            )
            iso_lines.append(line)
            artists.append(line)
            # Label where the line leaves the view: its top (f = 1) or right edge.
            r_label = level if level < r_high else r_high
            f_label = 1 - level + r_label
            if f_label >= f_low:
                artists.append(
                    ax.text(
                        r_label,
                        min(f_label, 1.0),
                        f"S_I/H(T)={level:g} ",
                        fontsize=7,
                        color="0.45",
                        ha="right",
                        va="top",
                    )
                )
        (perfect,) = ax.plot(
            [0],
            [1],
            marker="*",
            markersize=14,
            color="gold",
            markeredgecolor="black",
            linestyle="none",
            label="perfect",
            zorder=4,
            clip_on=False,
        )
        artists.append(perfect)
        ax._infometrics_coverage_frame = artists
        return iso_lines, perfect

    @staticmethod
    def _draw_spread(ax, cloud, color, kind):
        cloud = cloud[np.all(np.isfinite(cloud), axis=1)]
        if kind == "points" or len(cloud) < 3:
            return ax.scatter(
                cloud[:, 0],
                cloud[:, 1],
                s=8,
                color=color,
                alpha=0.3,
                zorder=2,
                linewidths=0,
            )
        from matplotlib.patches import Ellipse

        covariance = np.cov(cloud, rowvar=False)
        eigenvalues, eigenvectors = np.linalg.eigh(covariance)
        angle = np.degrees(np.arctan2(eigenvectors[1, -1], eigenvectors[0, -1]))
        width, height = 4 * np.sqrt(np.maximum(eigenvalues[::-1], 0))
        ellipse = Ellipse(
            cloud.mean(axis=0),
            width,
            height,
            angle=angle,
            facecolor=color,
            alpha=0.2,
            edgecolor=color,
            zorder=2,
        )
        ax.add_patch(ellipse)
        return ellipse


class RejectCurveDisplay:
    """Measures against the reject rate, over every confidence threshold.

    Parameters
    ----------
    curve : RejectCurve
        From :func:`reject_curve`.
    threshold : float, default=None
        A chosen threshold to mark (e.g. a :class:`RejectOptionClassifierCV`'s
        ``best_threshold_``).
    name : str, default=None
        Title suffix.

    Attributes
    ----------
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    lines_ : dict of str to Line2D
        One line per measure (and ``"error_rate"``).
    threshold_line_ : Line2D or None
        The vertical line at the chosen threshold's reject rate.
    threshold_markers_ : dict of str to Line2D

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> from infometrics import RejectCurveDisplay
    >>> y = np.array([0, 0, 1, 1, 1, 0])
    >>> proba = np.array([[.9, .1], [.4, .6], [.3, .7], [.2, .8], [.6, .4], [.7, .3]])
    >>> display = RejectCurveDisplay.from_predictions(y, proba, threshold=0.7)
    >>> sorted(display.lines_)
    ['error_rate', 'false_info_ratio', 'info_completeness', 'ni2']
    """

    def __init__(self, curve, *, threshold=None, name=None):
        if not isinstance(curve, RejectCurve):
            raise ValueError("curve must be a RejectCurve (see reject_curve).")
        self.curve = curve
        self.threshold = threshold
        self.name = name

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        classes=None,
        measures=("ni2", "info_completeness", "false_info_ratio"),
        confidence="max",
        sample_weight=None,
        threshold=None,
        name=None,
        ax=None,
        **plot_kw,
    ):
        """Build the curve from scores and plot it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        classes : array-like, default=None
        measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        confidence : {"max", "margin"}, default="max"
        sample_weight : array-like, default=None
        threshold : float, default=None
            Threshold to mark.
        name : str, default=None
        ax : matplotlib Axes, default=None
        **plot_kw : dict

        Returns
        -------
        display : RejectCurveDisplay
        """
        curve = reject_curve(
            y_true,
            y_score,
            classes=classes,
            measures=measures,
            confidence=confidence,
            sample_weight=sample_weight,
        )
        return cls(curve, threshold=threshold, name=name).plot(ax=ax, **plot_kw)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        measures=("ni2", "info_completeness", "false_info_ratio"),
        sample_weight=None,
        threshold="auto",
        name=None,
        ax=None,
        **plot_kw,
    ):
        """Sweep a fitted classifier's confidence on ``X``, ``y`` and plot it.

        Parameters
        ----------
        estimator : fitted classifier
            With ``predict_proba`` (Chow's rule) or ``decision_function``
            (margin); a :class:`RejectOptionClassifier` uses its own rule.
        X : array-like
        y : array-like of shape (n_samples,)
        measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        sample_weight : array-like, default=None
        threshold : "auto", float or None, default="auto"
            ``"auto"`` marks the estimator's own threshold (``threshold`` or
            ``best_threshold_``) if it has one.
        name : str, default=None
        ax : matplotlib Axes, default=None
        **plot_kw : dict

        Returns
        -------
        display : RejectCurveDisplay
        """
        abstainer = estimator
        if hasattr(estimator, "steps"):
            abstainer = estimator.steps[-1][1]
        if isinstance(threshold, str) and threshold == "auto":
            threshold = getattr(
                abstainer, "best_threshold_", getattr(abstainer, "threshold", None)
            )
        response = getattr(abstainer, "response_method", "auto")
        if response == "auto":
            response = (
                "predict_proba"
                if hasattr(estimator, "predict_proba")
                else "decision_function"
            )
        scores = getattr(estimator, response)(X)
        return cls.from_predictions(
            y,
            scores,
            classes=estimator.classes_,
            measures=measures,
            confidence="max" if response == "predict_proba" else "margin",
            sample_weight=sample_weight,
            threshold=threshold,
            name=name or _estimator_name(estimator),
            ax=ax,
            **plot_kw,
        )

    def plot(self, *, ax=None, measures=None, show_error_rate=True):
        """Draw each measure against the reject rate and mark the threshold.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        measures : sequence of str, default=None
            Which of the curve's measures; all by default.
        show_error_rate : bool, default=True
            Also draw the error rate (errors among all samples).

        Returns
        -------
        self : RejectCurveDisplay
        """
        ax = _axes(ax)
        curve = self.curve
        names = [check_measure(n).name for n in (measures or curve.measures)]
        self.lines_ = {}
        for name in names:
            (self.lines_[name],) = ax.plot(
                curve.reject_rate, curve.measures[name], label=name, linewidth=1.5
            )
        if show_error_rate:
            (self.lines_["error_rate"],) = ax.plot(
                curve.reject_rate,
                curve.error_rate,
                label="error rate",
                color="0.4",
                linestyle=":",
                linewidth=1.5,
            )
        self.threshold_line_ = None
        self.threshold_markers_ = {}
        if self.threshold is not None:
            index = min(
                int(np.searchsorted(curve.thresholds, self.threshold)),
                len(curve.thresholds) - 1,
            )
            rate = curve.reject_rate[index]
            self.threshold_line_ = ax.axvline(
                rate,
                color="black",
                linestyle="--",
                linewidth=0.8,
                label=f"threshold {self.threshold:.3g} (reject {rate:.1%})",
            )
            for name in names:
                (self.threshold_markers_[name],) = ax.plot(
                    [rate],
                    [curve.measures[name][index]],
                    marker="o",
                    color=self.lines_[name].get_color(),
                    linestyle="none",
                )
        ax.set_xlim(0, 1)
        top = max(1.0, *(float(np.nanmax(curve.measures[n])) for n in names))
        ax.set_ylim(0, top * 1.05)
        ax.set_xlabel("reject rate")
        ax.set_ylabel("measure")
        title = "Reject curve"
        ax.set_title(f"{title}: {self.name}" if self.name else title)
        ax.legend(fontsize=9, loc="best")
        self.ax_ = ax
        self.figure_ = ax.figure
        return self
