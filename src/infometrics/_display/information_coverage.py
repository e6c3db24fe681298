"""The information-coverage Display (Holt et al.'s f(T;S) against r(S|T))."""

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._measures.coverage import information_coverage
from .._resampling.bootstrap import bootstrap_measures_from_predictions
from .common import PointsDisplay, _axes, _draw_points, _finite, _legend, _legend_label

_ISO_STYLE = {"linestyle": "--", "color": "0.6", "linewidth": 0.8, "zorder": 1}


def _levels_in_view(highest):
    """Round levels of ``S_I / H(T)`` in ``(0, highest]``: at most 8, evenly spaced."""
    steps = (0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
    step = next((s for s in steps if highest / s <= 8), highest / 8)
    return np.round(np.arange(step, highest + step / 2, step), 2)


class InformationCoverageDisplay(PointsDisplay):
    """Information coverage plot: r(S|T) on x, f(T;S) on y (Holt et al.).

    Dashed iso-lines join points of equal erroneous information
    ``S_I / H(T) = 1 - f + r``. See the user guide, section "Which measure
    answers which question".

    Parameters
    ----------
    points : dict of str to tuple of float
        ``{name: (r, f)}``.
    spread : dict of str to ndarray of shape (n, 2), default=None
        Resampled or per-fold ``(r, f)`` points per classifier.

    Attributes
    ----------
    ax_, figure_, legend_ : matplotlib Axes, Figure and Legend
    points_, spread_ : dict of str to matplotlib artist
        Each classifier's point, and its spread's scatter.
    iso_lines_, iso_labels_, perfect_point_ : matplotlib Line2D and Text

    Examples
    --------
    >>> from infometrics.plotting import InformationCoverageDisplay
    >>> display = InformationCoverageDisplay.from_confusion_matrices(
    ...     {"A": [[40, 5, 5], [3, 45, 2]], "B": [[30, 20, 0], [10, 40, 0]]}
    ... )
    >>> display.ax_.get_xlabel()
    'r(S|T)  false information ratio  (lower is better)'
    """

    # What the spread points are, for the legend (the from_* methods know).
    _spread_label = "resamples"

    def __init__(self, points, *, spread=None):
        self.points = dict(points)
        self.spread = dict(spread or {})

    @staticmethod
    def _point(matrix):
        """``(r, f)`` of one matrix, nan where undefined (nothing to plot)."""
        coverage = information_coverage(matrix, replace_undefined_by=np.nan)
        return coverage.false_info_ratio, coverage.completeness

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
        y_true, y_pred, sample_weight, labels, reject_label
            As in :func:`augmented_confusion_matrix`.
        n_resamples, random_state : int, default=0 and None
            Bootstrap resamples of the samples for the spread (0: none).
        ax, name, **kwargs
            As in :meth:`plot`; ``name`` is the legend entry.

        Returns
        -------
        display : InformationCoverageDisplay
        """
        name = name or "classifier"
        options = {
            "labels": labels,
            "reject_label": reject_label,
            "sample_weight": sample_weight,
        }
        spread = {}
        if n_resamples:  # the bootstrap checks the labels and gives the point too
            keys = ["false_info_ratio", "info_completeness"]
            intervals = bootstrap_measures_from_predictions(
                y_true,
                y_pred,
                keys,
                n_resamples=n_resamples,
                random_state=random_state,
                **options,
            )
            point = tuple(intervals[k].estimate for k in keys)
            spread[name] = np.column_stack([intervals[k].distribution for k in keys])
        else:
            point = cls._point(augmented_confusion_matrix(y_true, y_pred, **options))
        display = cls({name: point}, spread=spread)
        display._spread_label = "bootstrap resamples"
        return display.plot(ax=ax, **kwargs)

    @classmethod
    def from_cv_results(cls, cv_results, **plot_kw):
        """Plot cross-validation results: the mean point and the folds as spread.

        Parameters
        ----------
        cv_results : dict of str to dict
            ``{name: cross_validate(...) output}`` where ``scoring`` included
            ``"info_completeness"`` and ``"neg_false_info_ratio"``.
        **plot_kw : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : InformationCoverageDisplay
        """
        points, spread = {}, {}
        for name, results in cv_results.items():
            try:
                r = -np.asarray(results["test_neg_false_info_ratio"])
                f = np.asarray(results["test_info_completeness"])
            except KeyError:
                raise ValueError(
                    f"cv_results[{name!r}] lacks test_info_completeness or "
                    "test_neg_false_info_ratio; run cross_validate with scoring="
                    "['info_completeness', 'neg_false_info_ratio']."
                ) from None
            spread[name] = np.column_stack([r, f])
            points[name] = tuple(np.nanmean(spread[name], axis=0))
        display = cls(points, spread=spread)
        display._spread_label = "cross-validation folds"
        return display.plot(**plot_kw)

    def plot(self, *, ax=None, iso_levels="auto"):
        """Draw the points, their spread, the perfect point and the iso-lines.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        iso_levels : "auto" or sequence of float, default="auto"
            Levels of ``S_I / H(T)`` drawn (when they cross enough of the view
            to be labelled); ``"auto"``: at most 8 round ones in view.

        Returns
        -------
        self : InformationCoverageDisplay
        """
        if not (isinstance(iso_levels, str) and iso_levels == "auto"):
            try:
                levels = np.asarray(iso_levels, dtype=float)
            except (TypeError, ValueError):
                levels = None
            if levels is None or levels.ndim != 1 or not np.isfinite(levels).all():
                message = "iso_levels must be 'auto' or a sequence of numbers; got"
                raise ValueError(f"{message} {iso_levels!r}.")
            iso_levels = levels
        ax = _axes(ax)
        self.points_ = _draw_points(ax, self.points)
        self.spread_ = {}
        for name, cloud in self.spread.items():
            cloud = _finite(cloud)
            if name not in self.points_ or not len(cloud):
                continue
            color = self.points_[name].get_color()
            label = _legend_label(f"{name}: {len(cloud)} {self._spread_label}")
            self.spread_[name] = ax.scatter(
                *cloud.T, s=8, color=color, alpha=0.3, lw=0, zorder=2, label=label
            )
        # An earlier call's frame goes; every point left on the axes is in view.
        for artist in getattr(ax, "_infometrics_coverage_frame", []):
            artist.remove()
        drawn = [line.get_xydata() for line in ax.lines]
        drawn += [collection.get_offsets() for collection in ax.collections]
        drawn = _finite(np.concatenate([np.empty((0, 2)), *drawn]))
        self._set_view(ax, drawn)
        self._draw_frame(ax, iso_levels, drawn)
        ax.set_xlabel("r(S|T)  false information ratio  (lower is better)")
        ax.set_ylabel("f(T;S)  information completeness  (higher is better)")
        ax.set_title("Information coverage")
        self.legend_ = _legend(ax, below_offset=0.13, ncol=2)
        return self._finish(ax)

    def _set_view(self, ax, data):
        """Zoom on the ``(r, f)`` points ``data``, (0, 1) in view."""
        r_high, f_low = 1.0, 0.0
        if data.size:
            r_high = max(0.1, 1.15 * float(data[:, 0].max()))
            f_low = max(0.0, float(data[:, 1].min()) - 0.15 * (1 - data[:, 1].min()))
            f_low = min(f_low, 0.9)
        # Margins so that the star at (0, 1) is not cut by the frame.
        ax.set(xlim=(-0.04 * r_high, r_high), ylim=(f_low, 1 + 0.05 * (1 - f_low)))

    def _draw_frame(self, ax, iso_levels, data):
        """Iso-lines labelled off the points ``data``, and the perfect point."""
        (r_low, r_high), (f_low, f_high) = ax.get_xlim(), ax.get_ylim()
        if isinstance(iso_levels, str):
            iso_levels = _levels_in_view(1 - f_low + r_high)
        scale = np.array([r_high - r_low, f_high - f_low])
        occupied = np.vstack([data, [[0.0, 1.0]]]) / scale
        self.iso_lines_, self.iso_labels_ = [], []
        for level in iso_levels:
            # The visible part of f = 1 - level + r; too short for a label, no line.
            start, stop = max(0.0, level - (1 - f_low)), min(r_high, level)
            if stop - start < 0.2 * (r_high - r_low):
                continue
            r_grid = np.array([0.0, r_high])
            self.iso_lines_ += ax.plot(r_grid, 1 - level + r_grid, **_ISO_STYLE)
            margin = 0.15 * (stop - start)
            candidates = np.linspace(start + margin, stop - margin, 15)
            spots = np.column_stack([candidates, 1 - level + candidates]) / scale
            distances = np.linalg.norm(spots[:, None] - occupied[None], axis=2)
            best = int(np.argmax(distances.min(axis=1)))
            occupied = np.vstack([occupied, spots[best]])
            self.iso_labels_.append(
                ax.text(
                    candidates[best],
                    1 - level + candidates[best],
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
            )
        frame = [*self.iso_lines_, *self.iso_labels_]
        if self.iso_lines_:
            # In the legend only when some iso-line is drawn.
            label = "equal erroneous information S_I/H(T) = 1 - f + r"
            frame += ax.plot([], [], label=label, **_ISO_STYLE)
        star = {"ms": 14, "color": "gold", "mec": "black", "zorder": 4}
        frame += ax.plot(0, 1, "*", label="perfect classifier (0, 1)", **star)
        self.perfect_point_ = frame[-1]
        ax._infometrics_coverage_frame = frame
