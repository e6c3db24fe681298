"""Reject curves: every measure at every distinct confidence threshold.

Pure numpy: sort the samples by confidence once, accumulate per-cell counts
of the rejected samples, and evaluate the measures on the resulting stack of
augmented confusion matrices with the vectorised core.
"""

from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .._counting.collections import is_dask_collection
from .._counting.labels import check_sample_weight, encode_labels
from .._measures.registry import check_measure, compute_measures

# Cells of the one-hot block accumulated at once; bounds the memory of a sweep
# at about 8 * _CHUNK_CELLS bytes whatever the number of samples.
_CHUNK_CELLS = 1 << 22


def confidence_and_prediction(scores, confidence="max"):
    """Predicted class index and confidence from per-class scores.

    Parameters
    ----------
    scores : ndarray of shape (n_samples, n_classes) or (n_samples,)
        Probabilities (``confidence="max"``) or decision values
        (``confidence="margin"``); a 1-d array is a binary decision function
        whose positive values mean the second class.
    confidence : {"max", "margin"}
        ``"max"``: the top score (Chow's rule on probabilities). ``"margin"``:
        the top score minus the runner-up (``|d|`` for a binary decision
        function), a confidence for classifiers without probabilities.

    Returns
    -------
    predicted : ndarray of int, shape (n_samples,)
        Column index of the predicted class.
    confidence : ndarray of float, shape (n_samples,)
    """
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim == 1:
        return (scores > 0).astype(np.intp), np.abs(scores)
    predicted = scores.argmax(axis=1)
    top = scores[np.arange(scores.shape[0]), predicted]
    if confidence == "max":
        return predicted, top
    if scores.shape[1] == 1:
        return predicted, np.full(scores.shape[0], np.inf)
    runner_up = np.partition(scores, -2, axis=1)[:, -2]
    return predicted, top - runner_up


@dataclass(frozen=True)
class RejectCurve:
    """Measures of an abstaining classifier at every confidence threshold.

    Point ``k`` rejects the samples whose confidence is below
    ``thresholds[k]``: the first point rejects nothing, the last (threshold
    ``inf``) rejects everything.

    Attributes
    ----------
    thresholds : ndarray of shape (n_points,)
        The distinct confidence values, ascending, then ``inf``.
    reject_rate, error_rate, accepted_accuracy : ndarray of shape (n_points,)
        Fraction rejected, fraction accepted and wrong, and accuracy on the
        accepted samples (``nan`` when everything is rejected).
    measures : dict of str to ndarray of shape (n_points,)
        The requested measures (registry base names, e.g. ``"ni2"``), in their
        natural direction (``false_info_ratio``: lower is better).
    classes : ndarray of shape (n_classes,)
        Row order of the matrices.
    """

    thresholds: np.ndarray
    reject_rate: np.ndarray
    error_rate: np.ndarray
    accepted_accuracy: np.ndarray
    measures: dict = field(default_factory=dict)
    classes: np.ndarray = None

    def __repr__(self):
        measures = ", ".join(self.measures)
        return (
            f"RejectCurve({len(self.thresholds)} points, reject rate "
            f"{self.reject_rate[0]:.3g} to {self.reject_rate[-1]:.3g}, "
            f"measures: {measures})"
        )

    def to_frame(self):
        """The curve as a pandas DataFrame, one row per threshold.

        Returns
        -------
        frame : pandas.DataFrame
            Columns ``threshold``, ``reject_rate``, ``error_rate``,
            ``accepted_accuracy`` and one per measure.

        Examples
        --------
        >>> import numpy as np
        >>> from infometrics import reject_curve
        >>> curve = reject_curve(
        ...     np.array([0, 1, 1]), np.array([[0.8, 0.2], [0.4, 0.6], [0.1, 0.9]]),
        ...     measures=["ni2"],
        ... )
        >>> curve
        RejectCurve(4 points, reject rate 0 to 1, measures: ni2)
        >>> list(curve.to_frame().columns)
        ['threshold', 'reject_rate', 'error_rate', 'accepted_accuracy', 'ni2']
        """
        import pandas as pd

        return pd.DataFrame(
            {
                "threshold": self.thresholds,
                "reject_rate": self.reject_rate,
                "error_rate": self.error_rate,
                "accepted_accuracy": self.accepted_accuracy,
                **self.measures,
            }
        )

    def normalized_area(self, measure="ni2"):
        """Area under ``measure`` against the reject rate, divided by its width.

        Hu & Wang's "normalized average" idea: one number summarising a
        classifier over every reject rate it can reach (from none to all
        rejected, so the width is 1 unless weights are degenerate).

        Parameters
        ----------
        measure : str, default="ni2"
            A measure of :attr:`measures`.

        Returns
        -------
        area : float
        """
        name = check_measure(measure).name
        if name not in self.measures:
            raise ValueError(
                f"The curve has no {name!r}; it holds {sorted(self.measures)}. "
                "Pass it in measures= when building the curve."
            )
        values = self.measures[name]
        keep = np.isfinite(values)
        rates = self.reject_rate[keep]
        if rates.size < 2 or rates.max() <= rates.min():
            return float(values[keep][0]) if rates.size else float("nan")
        width = rates.max() - rates.min()
        return float(np.trapezoid(values[keep], rates) / width)

    def best(self, measure="ni2"):
        """Index, threshold and value of the best point for ``measure``.

        Returns
        -------
        index : int
        threshold : float
        value : float
        """
        spec = check_measure(measure)
        values = self.measures[spec.name]
        oriented = values if spec.higher_is_better else -values
        index = int(np.nanargmax(oriented))
        return index, float(self.thresholds[index]), float(values[index])


def _cumulative_count_blocks(codes, weights, n_cells, stops):
    """Counts per cell of ``codes[:s]`` for the ``stops`` (ascending), in blocks.

    Yields ``(first_stop, counts)`` with ``counts`` of shape
    (stops in this block, n_cells). Walks the samples once, a one-hot
    cumulative sum per block of samples, so memory stays bounded whatever the
    number of samples and thresholds.
    """
    running = np.zeros(n_cells)
    block = max(1, _CHUNK_CELLS // n_cells)
    stop_index = int(np.searchsorted(stops, 0, side="right"))
    if stop_index:
        yield 0, np.zeros((stop_index, n_cells))
    start = 0
    n_samples = len(codes)
    while stop_index < len(stops):
        end = min(n_samples, start + block)
        onehot = np.zeros((end - start, n_cells))
        onehot[np.arange(end - start), codes[start:end]] = weights[start:end]
        cumulative = np.cumsum(onehot, axis=0)
        cumulative += running
        count = int(np.searchsorted(stops[stop_index:], end, side="right"))
        if count:
            selected = stops[stop_index : stop_index + count]
            yield stop_index, cumulative[selected - start - 1]
        stop_index += count
        running = cumulative[-1]
        start = end


def _check_thresholds(thresholds, sorted_confidence):
    if isinstance(thresholds, (int, np.integer)) and not isinstance(thresholds, bool):
        if thresholds < 1:
            raise ValueError(f"thresholds must be at least 1; got {thresholds}.")
        quantiles = np.quantile(sorted_confidence, np.linspace(0, 1, thresholds))
        return np.unique(quantiles)
    values = np.asarray(thresholds, dtype=float)
    if values.ndim != 1 or values.size == 0 or not np.all(np.isfinite(values)):
        raise ValueError(
            "thresholds must be None, a positive int or a 1-d array of finite "
            f"values; got {thresholds!r}."
        )
    return np.unique(values)


def reject_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    classes: ArrayLike | None = None,
    measures=("ni2", "info_completeness", "false_info_ratio"),
    confidence: Literal["max", "margin"] = "max",
    thresholds: int | ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Measures of a reject option at every distinct confidence threshold.

    The classifier predicts the top-scoring class and abstains when its
    confidence is below the threshold. Sweeping the threshold over every
    distinct confidence value costs one sort and one pass over the samples,
    ``O(n log n)``; the measures are evaluated on the stack of augmented
    confusion matrices at once.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities (or decision values with
        ``confidence="margin"``), columns in the order of ``classes``; a 1-d
        array is a binary decision function.
    classes : array-like of shape (n_classes,), default=None
        The class of each column (an estimator's ``classes_``). By default the
        sorted labels of ``y_true``, which must then show every class.
    measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        Registry names of the measures to evaluate at every point.
    confidence : {"max", "margin"}, default="max"
        How the scores become a confidence: the top score, or the top score
        minus the runner-up.
    thresholds : int, array-like or None, default=None
        ``None``: every distinct confidence value. An int ``k``: ``k``
        thresholds at evenly spaced quantiles of the confidence (for many
        classes, where each point costs ``O(m^2)``). An array: those
        thresholds. The curve always ends with ``inf`` (everything rejected);
        the pass over the samples is the same in every case.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    replace_undefined_by : "warn" or float, default=nan
        Value of undefined measures at a point (e.g. everything rejected);
        ``nan`` silently by default, since the end of a curve is expected to
        be degenerate.

    Returns
    -------
    curve : RejectCurve
        Thresholds, reject rate, error rate, accuracy on accepted samples and
        the measures at every point.

    See Also
    --------
    RejectOptionClassifierCV : Picks the best threshold of such a curve.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import reject_curve
    >>> y_true = np.array([0, 0, 1, 1])
    >>> proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    >>> curve = reject_curve(y_true, proba, measures=["ni2"])
    >>> curve.thresholds
    array([0.6, 0.7, 0.8, 0.9, inf])
    >>> curve.reject_rate
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> curve.measures["ni2"].round(3)
    array([0.311, 0.75 , 0.5  , 0.25 , 0.   ])
    """
    if is_dask_collection(y_true, y_score, sample_weight):
        # Data that may not fit in memory: confidence-binned counts (binned.py).
        from .binned import dask_reject_curve

        return dask_reject_curve(
            y_true,
            y_score,
            classes=classes,
            measures=measures,
            confidence=confidence,
            thresholds=thresholds,
            sample_weight=sample_weight,
            replace_undefined_by=replace_undefined_by,
        )
    names = [check_measure(name).name for name in measures]
    scores = np.asarray(y_score)
    y_true_array = np.asarray(y_true)
    if scores.ndim not in (1, 2) or scores.shape[0] != y_true_array.shape[0]:
        raise ValueError(
            "y_score must have shape (n_samples, n_classes) or (n_samples,) with "
            f"one row per label in y_true; got {scores.shape} for "
            f"{y_true_array.shape[0]} labels."
        )
    if not np.all(np.isfinite(scores)):
        raise ValueError("y_score contains NaN or infinite values.")
    if confidence not in ("max", "margin"):
        raise ValueError(f"confidence must be 'max' or 'margin'; got {confidence!r}.")
    n_columns = 2 if scores.ndim == 1 else scores.shape[1]
    if classes is None:
        classes = np.unique(y_true_array)
        if len(classes) != n_columns:
            raise ValueError(
                f"y_true shows {len(classes)} classes but y_score has {n_columns} "
                "columns; pass classes= (the estimator's classes_)."
            )
    classes = np.asarray(classes)
    if len(classes) != n_columns:
        raise ValueError(
            f"classes has {len(classes)} entries but y_score has {n_columns} columns."
        )
    predicted_index, confidences = confidence_and_prediction(scores, confidence)
    true_index = encode_labels(y_true_array, classes)
    weights = check_sample_weight(sample_weight, len(true_index))
    n_classes = len(classes)
    order = np.argsort(confidences, kind="stable")
    sorted_confidence = confidences[order]
    codes = (true_index * n_classes + predicted_index)[order]
    sorted_weights = weights[order]
    if thresholds is None:
        cut_points = sorted_confidence[
            np.concatenate([[0], np.flatnonzero(np.diff(sorted_confidence)) + 1])
        ]
    else:
        cut_points = _check_thresholds(thresholds, sorted_confidence)
    thresholds = np.append(cut_points, np.inf)
    # Point k rejects the samples whose confidence is below thresholds[k].
    starts = np.searchsorted(sorted_confidence, thresholds, side="left")
    base_counts = np.bincount(
        codes, weights=sorted_weights, minlength=n_classes * n_classes
    ).reshape(n_classes, n_classes)
    # Accepted plus rejected is every sample at every point: one total.
    total = sorted_weights.sum()
    n_points = len(starts)
    outputs = {key: np.empty(n_points) for key in ("correct", "rejected", *names)}
    for first, rejected in _cumulative_count_blocks(
        codes, sorted_weights, n_classes * n_classes, starts
    ):
        rejected = rejected.reshape(-1, n_classes, n_classes)
        accepted = base_counts[None, :, :] - rejected
        np.maximum(accepted, 0.0, out=accepted)  # float sums can undershoot 0
        stack = np.concatenate([accepted, rejected.sum(axis=2)[:, :, None]], axis=2)
        window = slice(first, first + len(stack))
        outputs["correct"][window] = np.trace(accepted, axis1=1, axis2=2)
        outputs["rejected"][window] = stack[:, :, -1].sum(axis=1)
        values = compute_measures(
            stack, names, replace_undefined_by=replace_undefined_by
        )
        for name, value in values.items():
            outputs[name][window] = value
    correct, rejected_total = outputs["correct"], outputs["rejected"]
    safe_total = total if total > 0 else 1.0
    accepted_total = total - rejected_total
    accepted_accuracy = np.divide(
        correct,
        accepted_total,
        out=np.full(n_points, np.nan),
        where=accepted_total > 0,
    )
    return RejectCurve(
        thresholds=thresholds,
        reject_rate=rejected_total / safe_total,
        error_rate=(accepted_total - correct) / safe_total,
        accepted_accuracy=accepted_accuracy,
        measures={name: outputs[name] for name in names},
        classes=classes,
    )
