"""The reject-curve Display: measures against the reject rate."""

import numpy as np

from .._curves.reject_curve import RejectCurve, reject_curve
from .._measures.registry import check_measure
from .._sklearn.responses import CONFIDENCE_OF
from .common import (
    Display,
    _axes,
    _check_choice,
    _estimator_scores,
    _legend,
    _legend_label,
    _literal,
    _room_below,
    _set_rate_axis,
    _step_line_kw,
)

_ERROR_RATE_GREY = "0.35"


class RejectCurveDisplay(Display):
    """Measures against the reject rate, over every confidence threshold.

    One classifier per display. Displays drawn on one axes
    (``ax=display.ax_``, the same ``x``) share its left axis (higher-is-better
    measures, solid) and right axis (lower-is-better, dashed), in colours of
    their own, the legend naming each line's display.

    Parameters
    ----------
    curve : RejectCurve
        From :func:`reject_curve`.
    threshold : float, default=None
        A threshold to mark (e.g. a :class:`RejectOptionClassifierCV`'s
        ``best_threshold_``).
    name : str, default=None
        Title suffix.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
    lines_, threshold_markers_ : dict of str to Line2D
        One line per measure (also ``"error_rate"``, ``"selective_risk"``),
        and its point at the threshold.
    threshold_line_ : Line2D or None
    lower_ax_ : matplotlib Axes or None
        The right-hand axis, when measures of both directions are drawn.
    legend_ : matplotlib Legend

    See Also
    --------
    RiskCoverageDisplay : Classifiers compared by their risk–coverage curves.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> from infometrics.plotting import RejectCurveDisplay
    >>> y = np.array([0, 0, 1, 1, 1, 0])
    >>> proba = np.array([[.9, .1], [.4, .6], [.3, .7], [.2, .8], [.6, .4], [.7, .3]])
    >>> display = RejectCurveDisplay.from_predictions(y, proba, threshold=0.7)
    >>> sorted(display.lines_)
    ['error_rate', 'false_info_ratio', 'info_completeness', 'ni2']
    """

    def __init__(self, curve, *, threshold=None, name=None):
        if not isinstance(curve, RejectCurve):
            raise ValueError("curve must be a RejectCurve (see reject_curve).")
        if threshold is not None and not isinstance(
            threshold, (int, float, np.integer, np.floating)
        ):
            raise ValueError(
                "threshold must be one number (a point of the one-threshold "
                f"sweep) or None; got {threshold!r}. Per-class thresholds have "
                "no single point on this curve."
            )
        self.curve = curve
        self.threshold = threshold
        self.name = name

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        confidence_method="max",
        sample_weight=None,
        labels=None,
        measures=("ni2", "info_completeness", "false_info_ratio"),
        threshold=None,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Build the curve from scores and plot it.

        Parameters
        ----------
        y_true, y_score, confidence_method, sample_weight, labels, measures
            As for :func:`reject_curve`.
        threshold, name
            As for the constructor.
        ax, **kwargs
            Passed to :meth:`plot`.

        Returns
        -------
        display : RejectCurveDisplay
        """
        curve = reject_curve(
            y_true,
            y_score,
            labels=labels,
            measures=measures,
            confidence_method=confidence_method,
            sample_weight=sample_weight,
        )
        return cls(curve, threshold=threshold, name=name).plot(ax=ax, **kwargs)

    @staticmethod
    def _predict(estimator, X, y, kwargs):
        """The class scores, how to read them, and the estimator's threshold."""
        final, method, scores, *_ = _estimator_scores(estimator, X, "auto")
        threshold = kwargs.pop("threshold", "auto")
        if isinstance(threshold, str) and threshold == "auto":
            threshold = getattr(final, "best_threshold_", None)
            if threshold is None and getattr(final, "_infometrics_abstains", False):
                threshold = getattr(final, "threshold", None)
            if np.ndim(threshold) != 0:
                # Per-class thresholds are no single point of a one-threshold sweep.
                threshold = None
        return scores, {
            "confidence_method": CONFIDENCE_OF[method],
            "labels": estimator.classes_,
            "threshold": threshold,
        }

    def plot(
        self,
        *,
        ax=None,
        measures=None,
        x="reject_rate",
        show_error_rate=True,
        show_selective_risk=False,
        xscale="sqrt",
    ):
        """Draw the measures against the reject rate (or coverage), mark the threshold.

        Each point is a usable threshold: the curves are steps, dotted when
        the points are few.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        measures : sequence of str, default=None
            Which of the curve's measures; all by default.
        x : {"reject_rate", "coverage"}, default="reject_rate"
            The horizontal axis: the share of samples rejected, or accepted.
        show_error_rate : bool, default=True
            Also draw the error rate (accepted and wrong, among all samples).
        show_selective_risk : bool, default=False
            Also draw the selective risk (errors among the accepted samples).
        xscale : {"sqrt", "linear"}, default="sqrt"
            ``"sqrt"`` spreads the end where little is rejected.

        Returns
        -------
        self : RejectCurveDisplay
        """
        _check_choice("x", x, ("reject_rate", "coverage"))
        _check_choice("xscale", xscale, ("sqrt", "linear"))
        curve = self.curve
        names = curve.measures if measures is None else measures
        specs = [check_measure(name) for name in names]
        for spec in specs:
            if spec.name not in curve.measures:
                raise ValueError(
                    f"The curve has no {spec.name!r}; it holds "
                    f"{sorted(curve.measures)}. Pass it in measures= when "
                    "building the curve."
                )
        ax = _axes(ax)
        shared = _SharedAxes.of(ax, x)
        positions = curve.reject_rate if x == "reject_rate" else 1 - curve.reject_rate
        # (key, legend label, values, higher is better)
        series = [
            (spec.name, spec.name, curve.measures[spec.name], spec.higher_is_better)
            for spec in specs
        ]
        if show_error_rate:
            label = "error rate: wrong among all"
            series.append(("error_rate", label, curve.error_rate, False))
        if show_selective_risk:
            label = "selective risk: wrong among accepted"
            series.append(("selective_risk", label, 1 - curve.accepted_accuracy, False))
        axes_of = shared.axes_for({item[3] for item in series})
        self.lower_ax_ = axes_of.get(False) if axes_of.get(False) is not ax else None
        colors = _line_colors(shared.colors_taken())
        grey_free = not shared.drew("error_rate")
        index = None
        if self.threshold is not None:
            index = np.searchsorted(curve.thresholds, self.threshold)
            index = min(int(index), len(curve.thresholds) - 1)
        self.lines_, self.threshold_markers_, labels = {}, {}, {}
        for key, label, values, higher in series:
            labels[key] = f"{label} ({'higher' if higher else 'lower'} is better)"
            grey = key == "error_rate" and grey_free
            (self.lines_[key],) = axes_of[higher].plot(
                positions,
                values,
                drawstyle="steps-post",
                color=_ERROR_RATE_GREY if grey else next(colors),
                linestyle="-" if higher else "--",
                label=labels[key],
                **_step_line_kw(len(positions)),
            )
            if index is not None:
                (self.threshold_markers_[key],) = axes_of[higher].plot(
                    [positions[index]],
                    [values[index]],
                    marker="o",
                    markersize=6,
                    color=self.lines_[key].get_color(),
                    zorder=3,  # over the threshold line
                )
        drawn = dict(self.lines_)
        self.threshold_line_ = None
        if index is not None:
            rejects = curve.reject_rate[index]
            labels["threshold"] = (
                f"threshold {self.threshold:.3g} (rejects {rejects:.1%})"
            )
            # A second display's threshold in its first line's colour.
            first_color = next(iter(self.lines_.values())).get_color()
            drawn["threshold"] = self.threshold_line_ = ax.axvline(
                positions[index],
                color=first_color if shared.drew("threshold") else "black",
                linestyle=":",
                linewidth=1.0,
                label=labels["threshold"],
            )
        shared.add(self.name, drawn, labels, series)
        _set_rate_axis(ax, scale=xscale, kind=x)
        for higher, target in shared.roles.items():
            target.set_ylabel(shared.axis_label(higher, wrap=_room_below(ax.figure)))
        ax.set_title(shared.title())
        self.legend_ = _legend(
            ax,
            below_offset=0.16,
            line_axes=list(shared.roles.values()),
            handles=[a for _, artists, _ in shared.entries for a in artists.values()],
            ncol=2,
        )
        if self.lower_ax_ is not None and not _room_below(ax.figure):
            # The legend lives on ``ax``; drawn above the twin, it stays whole.
            ax.set_zorder(self.lower_ax_.get_zorder() + 1)
            ax.patch.set_visible(False)
        return self._finish(ax)


class _SharedAxes:
    """What reject curves on one axes share: the axis of each direction, the
    colours, the title and one legend naming every display."""

    def __init__(self, ax, x):
        self.ax, self.x = ax, x
        self.roles = {}  # higher is better -> the axes holding those measures
        self.entries = []  # (name, {key: artist}, {key: legend label})
        self.keys = {True: {}, False: {}}  # the measures' names on each axis

    @classmethod
    def of(cls, ax, x):
        shared = getattr(ax, "_infometrics_reject_curves", None)
        if shared is None:
            shared = ax._infometrics_reject_curves = cls(ax, x)
        elif shared.x != x:
            raise ValueError(
                f"These axes show a reject curve against {shared.x!r}; another "
                f"against {x!r} cannot share the horizontal axis. Pass "
                f"x={shared.x!r}, or draw it on axes of its own."
            )
        return shared

    def axes_for(self, directions):
        """The axes of each direction, a twin on the right made when needed."""
        for higher in sorted(directions, reverse=True):
            if higher not in self.roles:
                self.roles[higher] = self.ax.twinx() if self.roles else self.ax
        return self.roles

    def drew(self, key):
        return any(key in artists for _, artists, _ in self.entries)

    def colors_taken(self):
        return {line.get_color() for axes in self.roles.values() for line in axes.lines}

    def add(self, name, artists, labels, series):
        self.entries.append((name, artists, labels))
        for _, label, _, higher in series:
            self.keys[higher][label.split(":")[0]] = None
        if len(self.entries) > 1:
            # Several displays: each legend entry says whose line it is.
            for index, (name, artists, labels) in enumerate(self.entries):
                prefix = name or f"curve {index + 1}"
                for key, artist in artists.items():
                    artist.set_label(_legend_label(f"{prefix}: {labels[key]}"))

    def axis_label(self, higher, *, wrap):
        keys = list(self.keys[higher])
        style, better = ("solid", "higher") if higher else ("dashed", "lower")
        if len(keys) > 2:
            return f"{better} is better ({style} lines)"
        # Where the layout makes room below (the legend there shortens the
        # axes) and beside, two names go on a line of their own.
        gap = "\n" if wrap and len(keys) == 2 else " "
        return f"{', '.join(keys)}{gap}({style}, {better} is better)"

    def title(self):
        names = [_literal(name) for name, *_ in self.entries if name]
        if len(self.entries) == 1:
            return f"Reject curve: {names[0]}" if names else "Reject curve"
        return "Reject curves" + (f": {', '.join(names)}" if names else "")


def _line_colors(taken):
    """The colour cycle without the colours other displays use, then all of it."""
    from matplotlib import rcParams
    from matplotlib.colors import to_rgba

    cycle = rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    taken = {to_rgba(color) for color in taken}
    yield from (color for color in cycle if to_rgba(color) not in taken)
    while True:
        yield from cycle
