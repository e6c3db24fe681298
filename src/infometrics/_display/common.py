"""What every Display shares; matplotlib is imported when drawing only."""

import numpy as np

from .._counting.count import confusion_matrix_and_labels
from .._sklearn.responses import (
    estimator_name,
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


class Display:
    """scikit-learn's Display conventions: ``from_estimator`` and the drawn axes."""

    _names_the_estimator = True

    @classmethod
    def from_estimator(cls, estimator, X, y, *, name=None, **kwargs):
        """Plot a fitted classifier's predictions on ``X`` against ``y``.

        Parameters
        ----------
        estimator : fitted classifier
            An abstaining one (also ending a pipeline or in a search) gives its
            reject label, response method and threshold.
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        name : str, default=None
            The classifier's name; its class name by default.
        **kwargs : dict
            As in :meth:`from_predictions`; also ``threshold="auto"`` (reject
            curve) and ``response_method="auto"`` (risk-coverage curve).

        Returns
        -------
        display : the Display, drawn.
        """
        if not name and cls._names_the_estimator:
            name = estimator_name(estimator)
        # The options the estimator sets may not be given again in kwargs.
        y_pred, options = cls._predict(estimator, X, y, kwargs)
        return cls.from_predictions(y, y_pred, name=name, **options, **kwargs)

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_pred,
        *,
        sample_weight=None,
        labels=None,
        reject_label=-1,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot one classifier from its predictions.

        Parameters
        ----------
        y_true, y_pred, sample_weight, labels, reject_label
            As in :func:`augmented_confusion_matrix`.
        ax, name, **kwargs
            As in :meth:`from_confusion_matrix` or, for the Displays of
            points, :meth:`plot`.

        Returns
        -------
        display : the Display, drawn.
        """
        matrix, class_labels = confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
        return cls._from_matrix(matrix, class_labels, ax=ax, name=name, **kwargs)

    @staticmethod
    def _predict(estimator, X, y, kwargs):
        """``(y_pred, options)``; pops what only ``from_estimator`` takes."""
        return estimator.predict(X), {
            "labels": estimator_classes(estimator, y),
            "reject_label": estimator_reject_label(estimator),
        }

    def _finish(self, ax):
        self.ax_, self.figure_ = ax, ax.figure
        return self


class PointsDisplay(Display):
    """A Display of classifiers as points, each from its confusion matrix."""

    @classmethod
    def from_confusion_matrices(cls, matrices, **kwargs):
        """Plot classifiers given their confusion matrices.

        Parameters
        ----------
        matrices : dict of str to array-like
        **kwargs : dict
            Passed to :meth:`plot`.

        Returns
        -------
        display : the Display, drawn.
        """
        points = {name: cls._point(matrix) for name, matrix in matrices.items()}
        return cls(points).plot(**kwargs)

    @classmethod
    def _from_matrix(cls, matrix, class_labels, *, name, **kwargs):
        return cls.from_confusion_matrices({name or "classifier": matrix}, **kwargs)


def _estimator_scores(estimator, X, response_method):
    """``final step, method, scores, y_pred, confidence`` of a classifier."""
    final, _ = final_estimator(estimator)
    if response_method == "auto":
        response_method = getattr(final, "response_method", "auto")
    method = resolve_response_method(estimator, response_method)
    scores = np.asarray(getattr(estimator, method)(X))
    classes = np.asarray(estimator.classes_)
    index, confidence = read_class_scores(
        scores, n_classes=len(classes), estimator=estimator, method=method
    )
    return final, method, scores, classes[index], confidence


def _legend(ax, *, below_offset, **legend_kw):
    """Below the axes when the layout makes room, else inside (``"best"``)."""
    legend_kw.setdefault("fontsize", 8)
    if not _room_below(ax.figure):
        legend_kw.pop("ncol", None)
        return ax.legend(loc="best", framealpha=0.85, **legend_kw)
    below = {"loc": "upper center", "bbox_to_anchor": (0.5, -below_offset)}
    legend = ax.legend(frameon=False, **below, **legend_kw)
    extent, figure = legend.get_window_extent(), ax.figure.bbox
    if extent.x0 < figure.x0 or extent.x1 > figure.x1:
        # Side by side, long entries would run off the figure's sides (the
        # legend is centred on the axes, which a twin axis pushes left).
        legend = ax.legend(frameon=False, **below, **{**legend_kw, "ncol": 1})
    return legend


def _room_below(figure):
    """Whether the figure grows to hold what is below its axes."""
    # The HTML report's figures, saved with a tight bounding box, say so.
    return figure.get_layout_engine() is not None or getattr(
        figure, "_infometrics_tight_bbox", False
    )


def _literal(text):
    """``str(text)`` drawn literally: every ``$`` escaped (never mathtext)."""
    return str(text).replace("$", r"\$")


def _legend_label(text):
    """:func:`_literal`; a zero-width space keeps "_"-labels in legends."""
    text = _literal(text)
    return "\u200b" + text if text.startswith("_") else text


def _draw_points(ax, points):
    """One marker per ``{name: (x, y)}``, in the axes' colour cycle."""
    style = {"marker": "o", "markersize": 8, "linestyle": "none", "zorder": 3}
    return {
        name: ax.plot([x], [y], label=_legend_label(name), **style)[0]
        for name, (x, y) in points.items()
    }


def _finite(points):
    """The ``(x, y)`` rows of ``points`` with both coordinates finite."""
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    return points[np.all(np.isfinite(points), axis=1)]


def _check_choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        choices = ", ".join(map(repr, choices))
        raise ValueError(f"{name} must be one of {choices}; got {value!r}.")


def _step_line_kw(n_points):
    """A curve's steps, dotted at its points when few (unclipped: whole dots)."""
    marker = "o" if n_points <= 60 else None
    return {"linewidth": 1.5, "marker": marker, "markersize": 3, "clip_on": False}


# Percent ticks that stay apart on a square-root axis from 0 to 1.
_RATE_TICKS = (0.0, 0.01, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0)
# The label of each rate axis, and what a square-root scale spreads.
_RATE_LABELS = {
    "reject_rate": ("reject rate (share of samples rejected", ""),
    "coverage": ("coverage (share of samples accepted", " of the rejected share"),
}


def _set_rate_axis(ax, *, scale, kind):
    """The x axis of a reject rate or a coverage in percent; ``"sqrt"`` spreads
    the end where the rejected share is small."""
    from matplotlib.ticker import PercentFormatter

    ax.set_xscale("linear")
    if scale == "sqrt":
        # The rejected share is s * (x - o): x itself, or 1 - coverage.
        o, s = (0.0, 1.0) if kind == "reject_rate" else (1.0, -1.0)
        ax.set_xscale(
            "function",
            functions=(
                lambda x: o + s * np.sqrt(np.clip(s * (np.asarray(x) - o), 0, None)),
                lambda p: o + s * np.square(np.asarray(p) - o),
            ),
        )
        ax.set_xticks(sorted(abs(o - t) for t in _RATE_TICKS))
        ax.set_xticks([], minor=True)
    ax.xaxis.set_major_formatter(PercentFormatter(xmax=1.0, decimals=None))
    ax.set_xlim(0.0, 1.0)
    what, spread = _RATE_LABELS[kind]
    scaled = f"; square-root scale{spread}" if scale == "sqrt" else ""
    ax.set_xlabel(f"{what}{scaled})")
