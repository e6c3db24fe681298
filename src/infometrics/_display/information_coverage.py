"""The information-coverage Display (Holt et al.'s f(T;S) against r(S|T))."""

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._measures.coverage import information_coverage
from .._resampling.bootstrap import bootstrap_measures_from_predictions
from .common import (
    _axes,
    _estimator_name,
    _estimator_predictions,
    _legend,
    _legend_label,
)


def _levels_in_view(highest):
    """Round levels of ``S_I / H(T)`` in ``(0, highest]``: at most 8, evenly spaced.

    ``highest`` is the level at the view's lower-right corner; the upper-left
    one, the perfect classifier, is 0.
    """
    steps = (0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
    step = next((s for s in steps if highest / s <= 8), highest / 8)
    return np.round(np.arange(step, highest + step / 2, step), 2)


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
    spread_label : str, default="resamples"
        What the spread points are, for the legend (``"bootstrap
        resamples"``, ``"cross-validation folds"``).

    Attributes
    ----------
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure
    points_ : dict of str to Line2D
    spread_ : dict of str to matplotlib artist
        Scatter of the spread, or its covariance ellipse.
    iso_lines_ : list of Line2D
        The iso-lines drawn (those of ``iso_levels`` that cross the view).
    iso_labels_ : list of matplotlib Text
        The level of each drawn iso-line, on the line.
    perfect_point_ : Line2D
    legend_ : matplotlib Legend
        Below the axes when the figure has a layout engine (constrained or
        tight layout) to make room for it, else inside the axes where it
        hides the fewest points; it lists the iso-lines only when one is
        drawn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from infometrics.plotting import InformationCoverageDisplay
    >>> display = InformationCoverageDisplay.from_confusion_matrices(
    ...     {"A": [[40, 5, 5], [3, 45, 2]], "B": [[30, 20, 0], [10, 40, 0]]}
    ... )
    >>> display.ax_.get_xlabel()
    'r(S|T)  false information ratio  (lower is better)'
    """

    def __init__(self, points, *, spread=None, spread_label="resamples"):
        self.points = dict(points)
        self.spread = dict(spread or {})
        self.spread_label = spread_label

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
        sample_weight=None,
        labels=None,
        reject_label=-1,
        n_resamples=0,
        random_state=None,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot one classifier, optionally with its bootstrap spread.

        Parameters
        ----------
        y_true, y_pred : array-like of shape (n_samples,)
        sample_weight : array-like, default=None
        labels : array-like, default=None
        reject_label : scalar or None, default=-1
        n_resamples : int, default=0
            Bootstrap resamples of the samples for the spread (0: none).
        random_state : int or None, default=None
        ax : matplotlib Axes, default=None
        name : str, default=None
            Legend entry; "classifier" by default.
        **kwargs : dict
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
            intervals = bootstrap_measures_from_predictions(
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
            {name: (coverage.false_info_ratio, coverage.completeness)},
            spread=spread,
            spread_label="bootstrap resamples",
        )
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_estimator(
        cls,
        estimator,
        X,
        y,
        *,
        sample_weight=None,
        n_resamples=0,
        random_state=None,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot a fitted classifier on ``X``, ``y``.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like
        y : array-like of shape (n_samples,)
        sample_weight : array-like, default=None
        n_resamples : int, default=0
        random_state : int or None, default=None
        ax : matplotlib Axes, default=None
        name : str, default=None
        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : InformationCoverageDisplay
        """
        y_pred, labels, reject_label = _estimator_predictions(estimator, X, y)
        return cls.from_predictions(
            y,
            y_pred,
            sample_weight=sample_weight,
            labels=labels,
            reject_label=reject_label,
            n_resamples=n_resamples,
            random_state=random_state,
            ax=ax,
            name=name or _estimator_name(estimator),
            **kwargs,
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
        return cls(points, spread=spread, spread_label="cross-validation folds").plot(
            ax=ax, **plot_kw
        )

    def plot(
        self,
        *,
        ax=None,
        iso_levels="auto",
        spread_kind="points",
        point_kw=None,
    ):
        """Draw the points, their spread, the perfect point and the iso-lines.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        iso_levels : "auto" or sequence of float, default="auto"
            Levels of ``S_I / H(T)`` drawn as dashed lines; those crossing too
            little of the view to be labelled are left out. ``"auto"``: every
            multiple of a round step (0.05, 0.1, 0.2, 0.25, 0.5, 1, ...) that
            crosses the view, the smallest step giving at most 8 of them, so
            that every point has a line within one step.
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
        self.points_, self.spread_ = {}, {}
        for name, (r, f) in self.points.items():
            kwargs = {
                "marker": "o",
                "markersize": 8,
                "linestyle": "none",
                "label": _legend_label(name),
                "zorder": 3,
            }
            kwargs.update(point_kw or {})
            (self.points_[name],) = ax.plot([r], [f], **kwargs)
            color = self.points_[name].get_color()
            cloud = self.spread.get(name)
            if cloud is not None and len(cloud):
                self.spread_[name] = self._draw_spread(
                    ax, np.asarray(cloud, dtype=float), color, spread_kind
                )
                description = (
                    "2-sd ellipse of"
                    if spread_kind == "ellipse" and len(cloud) >= 3
                    else ""
                )
                self.spread_[name].set_label(
                    _legend_label(
                        f"{name}: {description} {len(cloud)} {self.spread_label}"
                    ).replace("  ", " ")
                )
        self._set_view(ax, spread_kind)
        self.iso_lines_, self.iso_labels_, self.perfect_point_ = self._draw_frame(
            ax, iso_levels
        )
        ax.set_xlabel("r(S|T)  false information ratio  (lower is better)")
        ax.set_ylabel("f(T;S)  information completeness  (higher is better)")
        ax.set_title("Information coverage")
        # Below the axes where the layout makes room (inside, the legend would
        # hide points or iso-line labels), else inside, where it hides least.
        self.legend_ = _legend(ax, below_offset=0.13, ncol=2)
        self.ax_ = ax
        self.figure_ = ax.figure
        return self

    def _set_view(self, ax, spread_kind):
        """Zoom on the data, keeping the perfect point (0, 1) wholly in view."""
        clouds = [np.array(list(self.points.values()), dtype=float)]
        for cloud in self.spread.values():
            cloud = np.asarray(cloud, dtype=float).reshape(-1, 2)
            cloud = cloud[np.all(np.isfinite(cloud), axis=1)]
            clouds.append(cloud)
            if spread_kind == "ellipse" and len(cloud) >= 3:
                # The 2-sd ellipse's bounding box.
                reach = 2 * np.sqrt(np.diag(np.cov(cloud, rowvar=False)))
                center = cloud.mean(axis=0)
                clouds.append(np.array([center - reach, center + reach]))
        data = np.concatenate([c.reshape(-1, 2) for c in clouds])
        data = data[np.all(np.isfinite(data), axis=1)]
        previous = getattr(ax, "_infometrics_coverage_view", None)
        if data.size:
            r_high = max(0.1, 1.15 * float(data[:, 0].max()))
            f_low = max(0.0, float(data[:, 1].min()) - 0.15 * (1 - data[:, 1].min()))
            f_low = min(f_low, 0.9)
        else:
            r_high, f_low = 1.0, 0.0
        if previous is not None:
            r_high, f_low = max(r_high, previous[0]), min(f_low, previous[1])
        ax._infometrics_coverage_view = (r_high, f_low)
        # Margins so that the star at (0, 1) is not cut by the frame.
        ax.set_xlim(-0.04 * r_high, r_high)
        ax.set_ylim(f_low, 1 + 0.05 * (1 - f_low))

    @staticmethod
    def _draw_frame(ax, iso_levels):
        """Iso-lines, their labels and the perfect point, redrawn on every call.

        Each label sits on its line inside the view, at the place farthest
        from the points already drawn (in axes units), so that it hides none.
        """
        for artist in getattr(ax, "_infometrics_coverage_frame", []):
            artist.remove()
        (r_low, r_high), (f_low, f_high) = ax.get_xlim(), ax.get_ylim()
        if isinstance(iso_levels, str):
            if iso_levels != "auto":
                raise ValueError(
                    "iso_levels must be 'auto' or a sequence of numbers; got "
                    f"{iso_levels!r}."
                )
            iso_levels = _levels_in_view(1 - f_low + r_high)
        scale = np.array([r_high - r_low, f_high - f_low])
        occupied = [
            np.asarray(line.get_xydata(), dtype=float).reshape(-1, 2)
            for line in ax.lines
        ]
        occupied += [
            np.asarray(collection.get_offsets(), dtype=float).reshape(-1, 2)
            for collection in ax.collections
        ]
        occupied = np.concatenate([*occupied, np.array([[0.0, 1.0]])])
        occupied = occupied[np.all(np.isfinite(occupied), axis=1)] / scale
        artists, iso_lines, iso_labels = [], [], []
        r_grid = np.array([0.0, r_high])
        for level in iso_levels:
            # Visible part of f = 1 - level + r: f_low <= f <= 1, 0 <= r <= r_high.
            # A line with too short a visible part to carry its label is left out.
            start, stop = max(0.0, level - (1 - f_low)), min(r_high, level)
            if stop - start < 0.2 * (r_high - r_low):
                continue
            (line,) = ax.plot(
                r_grid,
                1 - level + r_grid,
                linestyle="--",
                color="0.6",
                linewidth=0.8,
                zorder=1,
            )
            iso_lines.append(line)
            artists.append(line)
            candidates = np.linspace(
                start + 0.15 * (stop - start), stop - 0.15 * (stop - start), 15
            )
            spots = np.column_stack([candidates, 1 - level + candidates]) / scale
            clearance = np.min(
                np.linalg.norm(spots[:, None, :] - occupied[None, :, :], axis=2),
                axis=1,
            )
            r_label = candidates[int(np.argmax(clearance))]
            label = ax.text(
                r_label,
                1 - level + r_label,
                f"S_I/H(T) = {level:g}",
                fontsize=7,
                color="0.35",
                ha="center",
                va="center",
                rotation=45,
                transform_rotates_text=True,
                rotation_mode="anchor",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
                zorder=1.5,
            )
            occupied = np.vstack([occupied, [r_label, 1 - level + r_label] / scale])
            iso_labels.append(label)
            artists.append(label)
        if iso_lines:
            # In the legend only when some iso-line is drawn.
            (iso_key,) = ax.plot(
                [],
                [],
                linestyle="--",
                color="0.6",
                linewidth=0.8,
                label="equal erroneous information S_I/H(T) = 1 - f + r",
            )
            artists.append(iso_key)
        (perfect,) = ax.plot(
            [0],
            [1],
            marker="*",
            markersize=14,
            color="gold",
            markeredgecolor="black",
            linestyle="none",
            label="perfect classifier (0, 1)",
            zorder=4,
        )
        artists.append(perfect)
        ax._infometrics_coverage_frame = artists
        return iso_lines, iso_labels, perfect

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
