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


class RejectCurveDisplay(Display):
    """Measures against the reject rate, over every confidence threshold.

    Displays drawn on one axes (``ax=display.ax_``) share its left axis
    (higher-is-better measures, solid) and right axis (lower-is-better, dashed).

    Parameters
    ----------
    curve : RejectCurve
        From :func:`reject_curve`.
    threshold : float, default=None
        A threshold to mark (e.g. ``best_threshold_``).
    name : str, default=None
        Title suffix.

    Attributes
    ----------
    ax_, figure_, legend_ : matplotlib Axes, Figure and Legend
    lines_, threshold_markers_ : dict of str to Line2D
        Each measure's line (also ``"error_rate"``, ``"selective_risk"``) and
        its point at the threshold.
    threshold_line_ : Line2D or None
    lower_ax_ : matplotlib Axes or None
        The right-hand axis, when measures of both directions are drawn.

    Examples
    --------
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
            As in :func:`reject_curve`.
        threshold, name
            As in the constructor.
        ax, **kwargs
            As in :meth:`plot`.

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
        """Draw the measures as steps (each point a usable threshold).

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        measures : sequence of str, default=None
            Which of the curve's measures; all by default.
        x : {"reject_rate", "coverage"}, default="reject_rate"
            The share of samples rejected, or accepted.
        show_error_rate, show_selective_risk : bool, default=True and False
            Also draw the errors among all samples, or among the accepted ones.
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
        shared = _shared(ax, x)
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
        roles = shared["axes"]  # higher is better -> the axes of those measures
        for higher in sorted({item[3] for item in series}, reverse=True):
            if higher not in roles:
                roles[higher] = ax.twinx() if roles else ax
        self.lower_ax_ = roles.get(False) if roles.get(False) is not ax else None
        index = None
        if self.threshold is not None:
            index = np.searchsorted(curve.thresholds, self.threshold)
            index = min(int(index), len(curve.thresholds) - 1)
        self.lines_, self.threshold_markers_, labels = {}, {}, {}
        style = {"drawstyle": "steps-post", **_step_line_kw(len(positions))}
        for key, label, values, higher in series:
            labels[key] = f"{label} ({'higher' if higher else 'lower'} is better)"
            shared["names"][higher][label.split(":")[0]] = None
            # The twin axes have a colour cycle of their own: count colours here.
            color, linestyle = f"C{shared['colors']}", "-" if higher else "--"
            shared["colors"] += 1
            self.lines_[key] = roles[higher].plot(
                positions, values, linestyle, color=color, label=labels[key], **style
            )[0]
            if index is not None:  # over the threshold line
                self.threshold_markers_[key] = roles[higher].plot(
                    positions[index], values[index], "o", ms=6, color=color, zorder=3
                )[0]
        drawn = dict(self.lines_)
        self.threshold_line_ = None
        if index is not None:
            rejects = curve.reject_rate[index]
            labels["threshold"] = (
                f"threshold {self.threshold:.3g} (rejects {rejects:.1%})"
            )
            # A later display's threshold in its first line's colour.
            first = next(iter(self.lines_.values())).get_color()
            color = first if shared["entries"] else "black"
            drawn["threshold"] = self.threshold_line_ = ax.axvline(
                positions[index], color=color, ls=":", lw=1.0, label=labels["threshold"]
            )
        entries = shared["entries"]
        entries.append((self.name, drawn, labels))
        if len(entries) > 1:  # each legend entry says whose line it is
            for number, (name, artists, texts) in enumerate(entries, start=1):
                for key, artist in artists.items():
                    prefix = name or f"curve {number}"
                    artist.set_label(_legend_label(f"{prefix}: {texts[key]}"))
        _set_rate_axis(ax, scale=xscale, kind=x)
        for higher, target in roles.items():
            target.set_ylabel(_axis_label(shared["names"][higher], higher))
        named = [_literal(name) for name, *_ in entries if name]
        title = "Reject curve" if len(entries) == 1 else "Reject curves"
        ax.set_title(f"{title}: {', '.join(named)}" if named else title)
        self.legend_ = _legend(
            ax,
            below_offset=0.16,
            handles=[a for _, artists, _ in entries for a in artists.values()],
            ncol=2,
        )
        if self.lower_ax_ is not None and not _room_below(ax.figure):
            # The legend lives on ``ax``; drawn above the twin, it stays whole.
            ax.set_zorder(self.lower_ax_.get_zorder() + 1)
            ax.patch.set_visible(False)
            # matplotlib's "best" place weighs the legend's axes only: hidden
            # copies of the twin's lines on ``ax`` make it avoid those too.
            for line in self.lower_ax_.get_lines():
                hidden = {"visible": False, "scalex": False, "scaley": False}
                ax.plot(*line.get_data(), transform=line.get_transform(), **hidden)
        return self._finish(ax)


def _shared(ax, x):
    """What reject curves on one axes share (stored on the axes)."""
    shared = getattr(ax, "_infometrics_reject_curves", None)
    if shared is None:
        shared = ax._infometrics_reject_curves = {
            "x": x,
            "axes": {},
            "names": {True: {}, False: {}},
            "colors": 0,
            "entries": [],  # (name, {key: artist}, {key: legend label})
        }
    elif shared["x"] != x:
        raise ValueError(
            f"These axes show a reject curve against {shared['x']!r}; another "
            f"against {x!r} cannot share the horizontal axis. Pass "
            f"x={shared['x']!r}, or draw it on axes of its own."
        )
    return shared


def _axis_label(names, higher):
    style, better = ("solid", "higher") if higher else ("dashed", "lower")
    if len(names) > 2:
        return f"{better} is better ({style} lines)"
    # Two names and the rule on one line may not fit beside short axes.
    gap = "\n" if len(names) == 2 else " "
    return f"{', '.join(names)}{gap}({style}, {better} is better)"
