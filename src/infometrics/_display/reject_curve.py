"""The reject-curve Display: measures against the reject rate."""


import numpy as np

from .._curves.reject_curve import RejectCurve, reject_curve
from .._measures.registry import check_measure
from .common import _axes, _estimator_name


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
