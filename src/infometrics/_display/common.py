"""What every Display shares: lazy matplotlib, estimator predictions and names.

matplotlib is imported inside ``plot`` only (the optional ``plot`` extra).
"""

import numpy as np

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
    plt = pyplot()
    if ax is None:
        # Constrained layout keeps legends placed beside the axes in the figure.
        _, ax = plt.subplots(layout="constrained")
    return ax


# Legend positions inside the axes, in matplotlib's codes ("best" excluded):
# upper right, upper left, lower left, lower right, right, center left,
# center right, lower center, upper center, center.
_INSIDE_LOCATIONS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def _legend(ax, *, below_offset, line_axes=None, handles=None, **legend_kw):
    """A Display's legend, always inside the figure.

    A figure with a layout engine (constrained or tight layout, as the
    Displays' own figures have) makes room for a legend below the axes, where
    it hides no curve: it goes there. A figure without one (a plain
    ``plt.subplots()``) would cut such a legend off the saved image, so it
    goes inside the axes, where it covers the fewest points of the lines of
    ``line_axes`` (matplotlib's ``loc="best"`` when the lines are all on
    ``ax``). The HTML report's figures, saved with a tight bounding box that
    takes the legend in, say so with ``_infometrics_tight_bbox``. Any earlier
    legend of these axes is replaced.
    """
    line_axes = [ax] if line_axes is None else list(line_axes)
    for other in line_axes:
        if other is not ax and other.get_legend() is not None:
            other.get_legend().remove()
    if handles is not None:
        legend_kw["handles"] = handles
    legend_kw.setdefault("fontsize", 8)
    if _room_below(ax.figure):
        legend = ax.legend(
            loc="upper center",
            bbox_to_anchor=(0.5, -below_offset),
            frameon=False,
            **legend_kw,
        )
        if legend_kw.get("ncol", 1) > 1 and (
            legend.get_window_extent().width > ax.figure.bbox.width
        ):
            # Side by side, long entries would run off the figure's sides.
            legend_kw["ncol"] = 1
            legend = ax.legend(
                loc="upper center",
                bbox_to_anchor=(0.5, -below_offset),
                frameon=False,
                **legend_kw,
            )
        return legend
    legend_kw.pop("ncol", None)
    if len(line_axes) == 1:
        return ax.legend(loc="best", framealpha=0.85, **legend_kw)
    legend = ax.legend(loc="upper right", framealpha=0.85, **legend_kw)
    legend.set_loc(_least_covering_location(legend, line_axes))
    return legend


def _room_below(figure):
    """Whether the figure grows to hold what is drawn below its axes."""
    return figure.get_layout_engine() is not None or getattr(
        figure, "_infometrics_tight_bbox", False
    )


def _least_covering_location(legend, line_axes):
    """The inside position where ``legend`` covers the fewest line points.

    matplotlib's ``loc="best"`` weighs only the legend's own axes; a twin
    axes' lines count here too. The same badness: vertices inside the box
    plus line segments crossing it.
    """
    paths = []
    for axes in line_axes:
        axes.get_xlim(), axes.get_ylim()  # settle autoscaled limits first
        paths += [
            line.get_transform().transform_path(line.get_path())
            for line in axes.get_lines()
            if line.get_visible() and len(line.get_xydata())
        ]
    best = None
    for location in _INSIDE_LOCATIONS:
        legend.set_loc(location)
        box = legend.get_window_extent()
        badness = sum(
            int(box.count_contains(path.vertices))
            + int(path.intersects_bbox(box, filled=False))
            for path in paths
        )
        if best is None or badness < best[0]:
            best = (badness, location)
    return best[1]


def _literal(text):
    """``text`` as matplotlib draws it literally: every ``$`` escaped.

    matplotlib reads text between two unescaped dollar signs as mathtext
    (``"$5 to $10"`` would be drawn in italics, ``"$^$"`` raises when the
    figure is drawn); ``\\$`` is drawn as a dollar sign, also after a
    backslash of the text's own. Every user label or name that a Display
    draws goes through here.

    Parameters
    ----------
    text : object
        A label or name; drawn as ``str(text)``.

    Returns
    -------
    str
        The string to give matplotlib.
    """
    return str(text).replace("$", r"\$")


def _legend_label(text):
    """A user label or name drawn literally in a legend, kept in it.

    Like :func:`_literal`; besides, matplotlib leaves out of a legend every
    label that starts with an underscore, so a zero-width space goes in front
    of such a name: it stays in the legend, looking the same.

    Parameters
    ----------
    text : object
        The legend entry; drawn as ``str(text)``.

    Returns
    -------
    str
        The label to give matplotlib.
    """
    text = _literal(text)
    return "\u200b" + text if text.startswith("_") else text


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


def _check_choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        raise ValueError(
            f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}."
        )


def _sqrt_forward(values):
    return np.sqrt(np.clip(values, 0.0, None))


def _sqrt_inverse(values):
    return np.square(values)


def _complement_sqrt_forward(values):
    return 1.0 - np.sqrt(np.clip(1.0 - np.asarray(values, dtype=float), 0.0, None))


def _complement_sqrt_inverse(values):
    return 1.0 - np.square(1.0 - np.asarray(values, dtype=float))


# Percent ticks that stay apart on a square-root axis from 0 to 1.
_RATE_TICKS = (0.0, 0.01, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0)


def _set_rate_axis(ax, axis, *, scale, kind):
    """Scale and ticks of an axis holding a reject rate or a coverage in [0, 1].

    ``scale="sqrt"`` spreads the end where little is rejected (position grows
    as the square root of the reject rate), where the interesting operating
    points of a good classifier lie; ``"linear"`` is the plain axis.
    """
    from matplotlib.ticker import FixedLocator, PercentFormatter

    set_scale = ax.set_xscale if axis == "x" else ax.set_yscale
    set_lim = ax.set_xlim if axis == "x" else ax.set_ylim
    target = ax.xaxis if axis == "x" else ax.yaxis
    if scale == "sqrt":
        if kind == "reject_rate":
            functions = (_sqrt_forward, _sqrt_inverse)
            ticks = _RATE_TICKS
        else:
            functions = (_complement_sqrt_forward, _complement_sqrt_inverse)
            ticks = tuple(1.0 - t for t in _RATE_TICKS)
        set_scale("function", functions=functions)
        target.set_major_locator(FixedLocator(sorted(ticks)))
        target.set_minor_locator(FixedLocator([]))
    else:
        set_scale("linear")
    target.set_major_formatter(PercentFormatter(xmax=1.0, decimals=None))
    set_lim(0.0, 1.0)


def _estimator_confidence(estimator, X, response_method="auto"):
    """Predictions before any rejection, their confidence and the threshold.

    The confidence is the one a :class:`RejectOptionClassifier` compares with
    its threshold: the top probability with ``predict_proba`` (Chow's rule),
    the margin with ``decision_function``. A pipeline's final step decides.

    Returns
    -------
    y_pred, confidence, scores, kind, threshold
        ``kind`` is ``"max"`` or ``"margin"``; ``threshold`` is the
        estimator's own (``best_threshold_`` or ``threshold``) when it is
        one number, else None.
    """
    from .._curves.scores import confidence_and_prediction

    _check_choice(
        "response_method",
        response_method,
        ("auto", "predict_proba", "decision_function"),
    )
    final = estimator.steps[-1][1] if hasattr(estimator, "steps") else estimator
    threshold = getattr(final, "best_threshold_", None)
    if threshold is None and getattr(final, "_infometrics_abstains", False):
        threshold = getattr(final, "threshold", None)
    if threshold is not None and np.ndim(threshold) != 0:
        # Per-class thresholds are no single point of a one-threshold sweep.
        threshold = None
    if response_method == "auto":
        response_method = getattr(final, "response_method", "auto")
    if response_method == "auto":
        response_method = (
            "predict_proba"
            if hasattr(estimator, "predict_proba")
            else "decision_function"
        )
    if not hasattr(estimator, response_method):
        raise ValueError(
            f"{_estimator_name(estimator)} has no {response_method}; it needs "
            "predict_proba or decision_function to give a confidence."
        )
    scores = getattr(estimator, response_method)(X)
    kind = "max" if response_method == "predict_proba" else "margin"
    predicted_index, confidence = confidence_and_prediction(scores, kind)
    classes = np.asarray(estimator.classes_)
    return classes[predicted_index], confidence, scores, kind, threshold
