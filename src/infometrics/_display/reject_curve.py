"""The reject-curve Display: measures against the reject rate."""

import numpy as np

from .._curves.reject_curve import RejectCurve, reject_curve
from .._measures.registry import check_measure
from .common import (
    _axes,
    _check_choice,
    _estimator_confidence,
    _estimator_name,
    _set_rate_axis,
)


class RejectCurveDisplay:
    """Measures against the reject rate, over every confidence threshold.

    One classifier per display: its measures take the colours. To compare
    classifiers, give each its own axes, or compare their risk–coverage
    curves on one axes with :class:`RiskCoverageDisplay`.

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
            ``best_threshold_``) if it has one number (per-class thresholds
            are not marked).
        name : str, default=None
        ax : matplotlib Axes, default=None
        **plot_kw : dict

        Returns
        -------
        display : RejectCurveDisplay
        """
        _, _, scores, kind, own_threshold = _estimator_confidence(estimator, X)
        if isinstance(threshold, str) and threshold == "auto":
            threshold = own_threshold
        return cls.from_predictions(
            y,
            scores,
            classes=estimator.classes_,
            measures=measures,
            confidence=kind,
            sample_weight=sample_weight,
            threshold=threshold,
            name=name or _estimator_name(estimator),
            ax=ax,
            **plot_kw,
        )

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

        Each point of the curve is a threshold that can be used; between two
        points no threshold exists, so the curves are drawn as steps (a value
        holds until the next reachable reject rate), with dots on the points
        when there are few. Higher-is-better measures (solid lines) use the
        left axis, lower-is-better ones (dashed: ``false_info_ratio``, the
        error rate, the selective risk) a second axis on the right, so that
        neither squeezes the other.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        measures : sequence of str, default=None
            Which of the curve's measures; all by default.
        x : {"reject_rate", "coverage"}, default="reject_rate"
            The horizontal axis: the share of samples rejected, or accepted
            (``coverage = 1 - reject_rate``, as in risk–coverage plots).
        show_error_rate : bool, default=True
            Also draw the error rate (accepted and wrong, among all samples).
        show_selective_risk : bool, default=False
            Also draw the selective risk (errors among the accepted samples,
            ``1 - accepted_accuracy``), the ordinate of a risk–coverage curve.
        xscale : {"sqrt", "linear"}, default="sqrt"
            ``"sqrt"`` spreads the end where little is rejected (axis position
            grows as the square root of the reject rate), where a good
            classifier's useful thresholds lie; ``"linear"`` is the plain axis.

        Returns
        -------
        self : RejectCurveDisplay
        """
        _check_choice("x", x, ("reject_rate", "coverage"))
        _check_choice("xscale", xscale, ("sqrt", "linear"))
        ax = _axes(ax)
        curve = self.curve
        specs = [
            check_measure(n) for n in (curve.measures if measures is None else measures)
        ]
        for spec in specs:
            if spec.name not in curve.measures:
                raise ValueError(
                    f"The curve has no {spec.name!r}; it holds "
                    f"{sorted(curve.measures)}. Pass it in measures= when "
                    "building the curve."
                )
        positions = curve.reject_rate if x == "reject_rate" else 1 - curve.reject_rate
        # (key, legend label, values, higher is better)
        series = [
            (spec.name, spec.name, curve.measures[spec.name], spec.higher_is_better)
            for spec in specs
        ]
        if show_error_rate:
            series.append(
                ("error_rate", "error rate: wrong among all", curve.error_rate, False)
            )
        if show_selective_risk:
            series.append(
                (
                    "selective_risk",
                    "selective risk: wrong among accepted",
                    1 - curve.accepted_accuracy,
                    False,
                )
            )
        higher = [item for item in series if item[3]]
        lower = [item for item in series if not item[3]]
        self.lower_ax_ = ax.twinx() if higher and lower else None
        axes_of = {True: ax, False: self.lower_ax_ or ax}
        few_points = len(positions) <= 60
        colors = iter(_line_colors(len(series)))
        self.lines_ = {}
        for key, label, values, higher_is_better in series:
            target = axes_of[higher_is_better]
            (self.lines_[key],) = target.plot(
                positions,
                values,
                drawstyle="steps-post",
                color="0.35" if key == "error_rate" else next(colors),
                linestyle="-" if higher_is_better else "--",
                marker="o" if few_points else None,
                markersize=3,
                # Inside the limits anyway; unclipped, the end dots stay whole.
                clip_on=False,
                linewidth=1.5,
                label=f"{label} ({'higher' if higher_is_better else 'lower'}"
                " is better)",
            )
        self.threshold_line_ = None
        self.threshold_markers_ = {}
        if self.threshold is not None:
            index = min(
                int(np.searchsorted(curve.thresholds, self.threshold)),
                len(curve.thresholds) - 1,
            )
            position = positions[index]
            self.threshold_line_ = ax.axvline(
                position,
                color="black",
                linestyle=":",
                linewidth=1.0,
                label=f"threshold {self.threshold:.3g} (rejects "
                f"{curve.reject_rate[index]:.1%})",
            )
            for key, _, values, higher_is_better in series:
                (self.threshold_markers_[key],) = axes_of[higher_is_better].plot(
                    [position],
                    [values[index]],
                    marker="o",
                    markersize=6,
                    color=self.lines_[key].get_color(),
                    linestyle="none",
                )
        _set_rate_axis(ax, "x", scale=xscale, kind=x)
        ax.set_xlabel(
            "reject rate (share of samples rejected)"
            if x == "reject_rate"
            else "coverage (share of samples accepted)"
        )
        if higher:
            ax.set_ylabel("higher is better (solid lines)")
        if lower:
            axes_of[False].set_ylabel("lower is better (dashed lines)")
        title = "Reject curve"
        ax.set_title(f"{title}: {self.name}" if self.name else title)
        handles = [self.lines_[key] for key, *_ in series]
        if self.threshold_line_ is not None:
            handles.append(self.threshold_line_)
        # Below the axes: a legend inside would hide part of some curve.
        self.legend_ = ax.legend(
            handles=handles,
            loc="upper center",
            bbox_to_anchor=(0.5, -0.16),
            ncol=2,
            fontsize=8,
            frameon=False,
        )
        self.ax_ = ax
        self.figure_ = ax.figure
        return self


def _line_colors(count):
    """The default colour cycle, without the grey kept for the error rate."""
    from matplotlib import rcParams

    cycle = rcParams["axes.prop_cycle"].by_key().get("color", ["C0"])
    return [cycle[i % len(cycle)] for i in range(count)]
