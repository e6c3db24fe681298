"""What every Display shares: matplotlib, axes, legends, names, estimators.

matplotlib is imported inside ``plot`` only (the optional ``plot`` extra).
"""

import numpy as np

from .._sklearn.responses import (
    CONFIDENCE_OF,
    check_response_method,
    final_estimator,
    read_class_scores,
    resolve_response_method,
)
from .._sklearn.scorers import estimator_classes, estimator_reject_label


def pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # the plot extra is optional
        raise ImportError(
            "Plotting needs matplotlib; install it with pip install "
            "'infometrics[plot]'."
        ) from exc
    return plt


def _axes(ax):
    if ax is None:
        # Constrained layout keeps legends placed beside the axes in the figure.
        _, ax = pyplot().subplots(layout="constrained")
    return ax


def _finish(display, ax):
    """Store the axes and figure drawn on; return the display."""
    display.ax_, display.figure_ = ax, ax.figure
    return display


def _legend(ax, *, below_offset, line_axes=None, **legend_kw):
    """A Display's legend below the axes when the layout makes room, else inside.

    Without a layout engine a legend below the axes would be cut off the
    saved image, so it goes inside, where it covers the fewest line points.
    """
    line_axes = [ax] if line_axes is None else list(line_axes)
    for other in line_axes:
        if other is not ax and other.get_legend() is not None:
            other.get_legend().remove()
    legend_kw.setdefault("fontsize", 8)
    if _room_below(ax.figure):
        below = {"loc": "upper center", "bbox_to_anchor": (0.5, -below_offset)}
        legend = ax.legend(frameon=False, **below, **legend_kw)
        if legend_kw.get("ncol", 1) > 1 and (
            legend.get_window_extent().width > ax.figure.bbox.width
        ):
            # Side by side, long entries would run off the figure's sides.
            legend = ax.legend(frameon=False, **below, **{**legend_kw, "ncol": 1})
        return legend
    legend_kw.pop("ncol", None)
    if len(line_axes) == 1:
        return ax.legend(loc="best", framealpha=0.85, **legend_kw)
    # matplotlib's "best" weighs only the legend's own axes, not a twin's lines.
    legend = ax.legend(loc="upper right", framealpha=0.85, **legend_kw)
    paths = []
    for axes in line_axes:
        axes.get_xlim(), axes.get_ylim()  # settle autoscaled limits first
        paths += [
            line.get_transform().transform_path(line.get_path())
            for line in axes.get_lines()
            if line.get_visible() and len(line.get_xydata())
        ]

    def badness(location):  # points inside the box plus lines crossing it
        legend.set_loc(location)
        box = legend.get_window_extent()
        return sum(
            int(box.count_contains(p.vertices)) + int(p.intersects_bbox(box, False))
            for p in paths
        )

    legend.set_loc(min(range(1, 11), key=badness))  # the inside locations
    return legend


def _room_below(figure):
    """Whether the figure grows to hold what is drawn below its axes.

    The HTML report's figures, saved with a tight bounding box, say so with
    ``_infometrics_tight_bbox``.
    """
    return figure.get_layout_engine() is not None or getattr(
        figure, "_infometrics_tight_bbox", False
    )


def _literal(text):
    """``str(text)`` drawn literally: every ``$`` escaped (never mathtext)."""
    return str(text).replace("$", r"\$")


def _legend_label(text):
    """:func:`_literal`, kept in a legend even when it starts with an underscore."""
    text = _literal(text)
    # matplotlib leaves "_"-labels out; a zero-width space keeps them, unseen.
    return "\u200b" + text if text.startswith("_") else text


def _draw_points(ax, points, point_kw):
    """One marker per ``{name: (x, y)}``, in the axes' colour cycle."""
    drawn = {}
    for name, (x, y) in points.items():
        kwargs = {"marker": "o", "markersize": 8, "linestyle": "none", "zorder": 3}
        kwargs.update({"label": _legend_label(name), **(point_kw or {})})
        (drawn[name],) = ax.plot([x], [y], **kwargs)
    return drawn


def from_estimator(cls, estimator, X, y, *, name=None, **kwargs):
    """Plot a fitted classifier's predictions on ``X`` against ``y``.

    Its ``classes_`` order the classes, and an abstaining estimator (a
    :class:`RejectOptionClassifier`, alone or ending a pipeline) marks its
    rejections with its ``reject_label``.

    Parameters
    ----------
    estimator : fitted classifier
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    name : str, default=None
        The classifier's name in the figure: the estimator's class name by
        default (no title by default for a confusion matrix).
    **kwargs : dict
        Passed to :meth:`from_predictions` (``sample_weight``, ``ax``, and the
        options of the Display).

    Returns
    -------
    display
        The Display, drawn.
    """
    if name is None and getattr(cls, "_names_the_estimator", True):
        name = _estimator_name(estimator)
    return cls.from_predictions(
        y,
        estimator.predict(X),
        labels=estimator_classes(estimator, y),
        reject_label=estimator_reject_label(estimator),
        name=name,
        **kwargs,
    )


def _estimator_name(estimator):
    final, _ = final_estimator(estimator)
    inner = getattr(final, "estimator", None)
    if inner is not None and getattr(final, "_infometrics_abstains", False):
        return f"{type(final).__name__}({_estimator_name(inner)})"
    return type(final).__name__


def _check_choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        raise ValueError(
            f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}."
        )


# Percent ticks that stay apart on a square-root axis from 0 to 1.
_RATE_TICKS = (0.0, 0.01, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0)


def _set_rate_axis(ax, *, scale, kind):
    """The x axis of a reject rate or a coverage in [0, 1], in percent.

    ``scale="sqrt"`` spreads the end where little is rejected (position grows
    as the square root of the reject rate), where a good classifier's useful
    operating points lie.
    """
    from matplotlib.ticker import FixedLocator, PercentFormatter

    if scale == "sqrt":

        def rejected(values):  # position from the reject rate
            return np.sqrt(np.clip(values, 0.0, None))

        ticks = _RATE_TICKS
        functions = (rejected, np.square)
        if kind == "coverage":
            ticks = [1.0 - t for t in _RATE_TICKS]
            functions = (
                lambda c: 1.0 - rejected(1.0 - np.asarray(c, dtype=float)),
                lambda p: 1.0 - np.square(1.0 - np.asarray(p, dtype=float)),
            )
        ax.set_xscale("function", functions=functions)
        ax.xaxis.set_major_locator(FixedLocator(sorted(ticks)))
        ax.xaxis.set_minor_locator(FixedLocator([]))
    else:
        ax.set_xscale("linear")
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=None))
    ax.set_xlim(0.0, 1.0)


def _estimator_confidence(estimator, X, response_method="auto"):
    """``y_pred, confidence, scores, kind, threshold`` of a fitted classifier.

    Through the package's one walker (searches, Pipelines, FrozenEstimator):
    a :class:`RejectOptionClassifier` at its end gives its own response method
    and its threshold, which is returned when it is one number.
    """
    final, _ = final_estimator(estimator)
    threshold = getattr(final, "best_threshold_", None)
    if threshold is None and getattr(final, "_infometrics_abstains", False):
        threshold = getattr(final, "threshold", None)
    if threshold is not None and np.ndim(threshold) != 0:
        # Per-class thresholds are no single point of a one-threshold sweep.
        threshold = None
    check_response_method(response_method)
    if response_method == "auto":
        response_method = getattr(final, "response_method", "auto")
    method = resolve_response_method(estimator, response_method)
    scores = np.asarray(getattr(estimator, method)(X))
    predicted_index, confidence = read_class_scores(
        scores,
        n_classes=np.asarray(estimator.classes_).shape[0],
        estimator=estimator,
        method=method,
    )
    y_pred = np.asarray(estimator.classes_)[predicted_index]
    return y_pred, confidence, scores, CONFIDENCE_OF[method], threshold
