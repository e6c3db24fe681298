"""The risk-coverage Display (Geifman & El-Yaniv's selective-risk curve)."""

import numpy as np

from .._curves.selective import checked_curve, curve_readings, oracle_curve
from .common import (
    Display,
    _axes,
    _check_choice,
    _estimator_scores,
    _legend,
    _legend_label,
    _set_rate_axis,
    _step_line_kw,
)


def _steps(ax, coverage, selective_risk, label, area, **line_kw):
    """``R_g`` over ``(c_{g-1}, c_g]`` from ``c_0 = 0``: the area is the AURC."""
    coverage = np.asarray(coverage, dtype=float)
    risk = np.asarray(selective_risk, dtype=float)
    if len(coverage) and coverage[0] > 0:
        coverage, risk = np.r_[0.0, coverage], np.r_[risk[0], risk]
    label = label if area is None else f"{label} (AURC = {area:.4f})"
    line_kw = {"drawstyle": "steps-pre", "label": _legend_label(label), **line_kw}
    return ax.plot(coverage, risk, **line_kw)[0]


class RiskCoverageDisplay(Display):
    """Risk-coverage curve: selective risk against coverage, with its AURC.

    Drawn as steps, whose area is the AURC; a :class:`RejectOptionClassifier`
    is scored on its predictions before rejection. See the user guide, section
    "Selective classification".

    Parameters
    ----------
    coverage, selective_risk : ndarray of shape (n_thresholds,)
        As :func:`risk_coverage_curve` returns them.
    aurc, name : float and str, default=None
        Shown in the legend.
    oracle_coverage, oracle_selective_risk, oracle_aurc : default=None
        The same for the best ranking of the same predictions.

    Attributes
    ----------
    line_, oracle_line_ : matplotlib Line2D (None without the oracle)
    ax_, figure_, legend_ : matplotlib Axes, Figure and Legend

    See Also
    --------
    risk_coverage_curve : The curve's points.

    Examples
    --------
    >>> from infometrics.plotting import RiskCoverageDisplay
    >>> display = RiskCoverageDisplay.from_predictions(
    ...     [0, 1, 1, 0, 1], [0, 1, 0, 1, 1],
    ...     confidence=[0.9, 0.8, 0.7, 0.7, 0.6], plot_oracle=True, name="model",
    ... )
    >>> display.line_.get_label()
    'model (AURC = 0.2800)'
    >>> display.oracle_line_.get_label()
    'model, oracle ranking (AURC = 0.1300)'
    """

    def __init__(
        self,
        *,
        coverage,
        selective_risk,
        aurc=None,
        name=None,
        oracle_coverage=None,
        oracle_selective_risk=None,
        oracle_aurc=None,
    ):
        self.coverage = coverage
        self.selective_risk = selective_risk
        self.aurc = aurc
        self.name = name
        self.oracle_coverage = oracle_coverage
        self.oracle_selective_risk = oracle_selective_risk
        self.oracle_aurc = oracle_aurc

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        confidence=None,
        sample_weight=None,
        reject_label=-1,
        plot_oracle=False,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot the curve of predictions (before rejection) and their confidence.

        Parameters
        ----------
        y_true, y_pred, confidence, sample_weight, reject_label
            As in :func:`risk_coverage_curve` (``confidence`` is required).
        plot_oracle, ax, name, **kwargs
            As in :meth:`plot`.

        Returns
        -------
        display : RiskCoverageDisplay
        """
        if confidence is None:
            raise ValueError(
                "RiskCoverageDisplay.from_predictions needs confidence=, the "
                "classifier's confidence in each prediction (higher = more sure, "
                "e.g. the top predicted probability): the curve sweeps a "
                "threshold over it."
            )
        wrong, weights, curve = checked_curve(
            y_true, y_pred, confidence, sample_weight, reject_label
        )
        curves = {"": curve}
        if plot_oracle:
            curves["oracle_"] = oracle_curve(wrong, weights)
        fields = {}
        for prefix, points in curves.items():
            fields[prefix + "coverage"] = points.coverage
            fields[prefix + "selective_risk"] = points.selective_risk
            fields[prefix + "aurc"] = curve_readings(points)[0]
        display = cls(name=name or "classifier", **fields)
        return display.plot(ax=ax, plot_oracle=plot_oracle, **kwargs)

    @staticmethod
    def _predict(estimator, X, y, kwargs):
        """The predictions before rejection and their confidence."""
        response_method = kwargs.pop("response_method", "auto")
        *_, y_pred, confidence = _estimator_scores(estimator, X, response_method)
        # Classes before rejection: a class -1 is no reject marker here.
        return y_pred, {"confidence": confidence, "reject_label": None}

    def plot(self, ax=None, *, name=None, plot_oracle=False, xscale="linear", **kwargs):
        """Draw the curve (and the oracle's), AURC in the legend.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            A new figure if None.
        name : str, default=None
            Legend entry; the display's ``name``, else "classifier".
        plot_oracle : bool, default=False
            Also draw the curve of the best ranking (every correct sample first).
        xscale : {"linear", "sqrt"}, default="linear"
            ``"sqrt"`` spreads the high-coverage end.
        **kwargs : dict
            Passed to ``ax.plot`` for the curve.

        Returns
        -------
        self : RiskCoverageDisplay
        """
        _check_choice("xscale", xscale, ("linear", "sqrt"))
        if plot_oracle and self.oracle_coverage is None:
            raise ValueError(
                "This display has no oracle curve; build it with from_predictions "
                "or from_estimator and plot_oracle=True, or pass oracle_coverage "
                "and oracle_selective_risk."
            )
        ax = _axes(ax)
        name = name or self.name or "classifier"
        # The dots mark the reachable points, not the added one at coverage 0.
        line_kw = {**_step_line_kw(len(self.coverage)), "markevery": slice(1, None)}
        curve = (self.coverage, self.selective_risk, name, self.aurc)
        self.line_ = _steps(ax, *curve, **{**line_kw, **kwargs})
        self.oracle_line_ = None
        if plot_oracle:
            oracle = (self.oracle_coverage, self.oracle_selective_risk)
            oracle += (f"{name}, oracle ranking", self.oracle_aurc)
            color = self.line_.get_color()
            self.oracle_line_ = _steps(ax, *oracle, ls=":", lw=1.2, color=color)
        _set_rate_axis(ax, scale=xscale, kind="coverage")
        # Every curve on the axes in view (earlier calls fixed the limits).
        top = ax.dataLim.y1
        top = top if np.isfinite(top) and top > 0 else 1.0
        # A little below 0: zero-risk steps stay visible above the frame.
        ax.set_ylim(-0.03 * top, 1.05 * top)
        ax.set_ylabel("selective risk (errors among accepted)")
        ax.set_title("Risk-coverage curve (lower is better)")
        self.legend_ = _legend(ax, below_offset=0.14)
        return self._finish(ax)
