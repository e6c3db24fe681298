"""Reject curves: every measure at confidence thresholds, from one sort.

Pure numpy: sort the samples by confidence once; the matrices of all points
are a stack of cumulative counts (:mod:`~infometrics._curves.stacks`),
evaluated in blocks by the package's one evaluator.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .._counting.collections import is_dask_collection
from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_complete_labels, check_sample_weight
from .._counting.labels import encode_labels
from .._measures.registry import check_measures
from .curve import RejectCurve
from .scores import (
    check_confidence,
    check_scores,
    check_thresholds,
    quantile_thresholds,
)
from .stacks import (
    ThresholdStacks,
    stable_order,
    threshold_positions,
    with_final_threshold,
)

_DEFAULT_MEASURES = ("ni2", "info_completeness", "false_info_ratio")

# Points of a curve by default: quantiles of the confidence, so the points
# are evenly spaced in coverage (every distinct value below this many).
DEFAULT_THRESHOLDS = 1000


def _threshold_curve(
    true_index, predicted_index, confidences, weights, labels, names, options
):
    """One sort, then the stack of every point's matrix, evaluated in blocks;
    ``options``: the thresholds as given, ``replace_undefined_by``."""
    thresholds, replace_undefined_by = options
    cuts = check_thresholds(
        thresholds, integer_confidence=confidences.dtype.kind in "iu"
    )
    m = len(labels)
    movable = predicted_index < m
    ranked_confidence = confidences[movable]
    order = stable_order(ranked_confidence)
    ranked = ranked_confidence[order]
    n_movable = ranked.size
    if cuts is None:
        # Every distinct value: the tie groups' first positions.
        taken = np.flatnonzero(np.r_[True, ranked[1:] != ranked[:-1]])[:n_movable]
        cuts = ranked[taken]
    else:
        if isinstance(cuts, int):
            cuts = quantile_thresholds(ranked_confidence, cuts)
        taken = threshold_positions(ranked, cuts)
    points = with_final_threshold(cuts, confidences)
    # Step of a sample (sorted position p): the points that accept it, those
    # with at most p samples below their threshold.
    starts = np.bincount(taken[taken < n_movable], minlength=n_movable)
    steps = np.concatenate(
        [np.zeros(np.count_nonzero(~movable), np.intp), np.cumsum(starts)]
    )
    # The classifier's own rejections first (rejected at every point).
    rows = np.concatenate([true_index[~movable], true_index[movable][order]])
    columns = np.concatenate(
        [np.zeros(len(rows) - n_movable, np.intp), predicted_index[movable][order]]
    )
    entry_weights = None
    if not np.all(weights == 1.0):
        entry_weights = np.concatenate([weights[~movable], weights[movable][order]])
    stacks = ThresholdStacks(rows * m + columns, entry_weights, steps, len(points), m)
    return RejectCurve.from_stacks(stacks, points, labels, names, replace_undefined_by)


def reject_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    measures=_DEFAULT_MEASURES,
    confidence_method: Literal["max", "margin"] = "max",
    thresholds: int | ArrayLike | None = DEFAULT_THRESHOLDS,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Measures of a reject option at confidence thresholds.

    The classifier predicts the top-scoring class and abstains when its
    confidence is below the threshold. The curve costs one sort of the
    confidences; each point's augmented confusion matrix is then a sum of
    counts, and every measure is evaluated on the stack of those matrices,
    exactly as on the matrix alone. By default the points are 1,000
    quantiles of the confidence (every distinct value for smaller data), as
    :func:`sklearn.metrics.roc_curve` drops intermediate points;
    ``thresholds=None`` gives every distinct value.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities (or decision values with
        ``confidence_method="margin"``), columns in the order of ``labels``. A 1-d
        array is a binary classifier's score of the second class, as in
        scikit-learn: with ``confidence_method="max"`` its probability
        (``predict_proba(X)[:, 1]``; values outside ``[0, 1]`` are refused),
        with ``confidence_method="margin"`` its decision function
        (``decision_function(X)``, positive means the second class).
    labels : array-like of shape (n_classes,), default=None
        The class of each column (an estimator's ``classes_``). By default the
        sorted labels of ``y_true``, which must then show every class.
    measures : str or sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        Registry names of the measures to evaluate at every point.
    confidence_method : {"max", "margin"}, default="max"
        How the scores become a confidence: the top score, or the top score
        minus the runner-up (for a 1-d ``y_score``: ``max(p, 1 - p)`` of a
        probability, ``|d|`` of a decision function).
    thresholds : int, array-like or None, default=1000
        An int ``k``: ``k`` thresholds at evenly spaced quantiles of the
        confidence (order statistics: values of the data, the first the
        minimum, so at most ``k`` points evenly spaced in coverage, and every
        distinct value when there are fewer). ``None``: every distinct
        confidence value. An array: those thresholds. Every point is exact
        (its matrix counts the samples it accepts). The curve always ends
        with ``inf``, a point that rejects everything.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    replace_undefined_by : "warn" or float, default=nan
        Value of undefined measures at a point (e.g. everything rejected);
        ``nan`` silently by default, since the end of a curve is expected to
        be degenerate. ``"warn"`` warns once per measure, saying at how many
        points it is undefined.

    Returns
    -------
    curve : RejectCurve
        Thresholds, reject rate, error rate, accuracy on accepted samples,
        coverage, selective and generalized risk, and the measures at every
        point.

    See Also
    --------
    reject_curve_from_predictions : The same from predictions and a confidence.
    risk_coverage_curve : The selective risks alone.
    RejectOptionClassifierCV : Picks the best threshold of such a curve.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics.curves import reject_curve
    >>> y_true = np.array([0, 0, 1, 1])
    >>> proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    >>> curve = reject_curve(y_true, proba, measures=["ni2"])
    >>> curve.thresholds
    array([0.6, 0.7, 0.8, 0.9, inf])
    >>> curve.reject_rate
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> curve.measures["ni2"].round(3)
    array([0.311, 0.75 , 0.5  , 0.25 , 0.   ])
    >>> curve.selective_risk.round(3)
    array([0.25, 0.  , 0.  , 0.  ,  nan])
    """
    names = [spec.name for spec in check_measures(measures)]
    if is_dask_collection(y_true, y_score, sample_weight):
        # Data that may not fit in memory: confidence-binned counts, whose
        # thresholds need no global sort.
        from .binned import confidence_binned_counts

        return confidence_binned_counts(
            y_true,
            y_score,
            thresholds=thresholds,
            labels=labels,
            confidence_method=confidence_method,
            sample_weight=sample_weight,
        ).reject_curve(names, replace_undefined_by=replace_undefined_by)
    y_true = check_complete_labels(y_true, "y_true")
    if y_true.shape[0] == 0:
        raise ValueError("y_true is empty; a reject curve needs at least one sample.")
    labels, predicted, confidences = check_scores(
        y_true, y_score, labels, confidence_method
    )
    return _threshold_curve(
        encode_labels(y_true, labels),
        predicted,
        confidences,
        check_sample_weight(sample_weight, len(y_true)),
        labels,
        names,
        (thresholds, replace_undefined_by),
    )


def reject_curve_from_predictions(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label=-1,
    measures=_DEFAULT_MEASURES,
    thresholds: int | ArrayLike | None = DEFAULT_THRESHOLDS,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Reject curve from predicted labels and a confidence.

    The same sweep as :func:`reject_curve`, for a classifier known by its
    predictions and any confidence score (higher = more sure): a threshold
    rejects the samples whose confidence is below it. A prediction equal to
    ``reject_label`` is rejected at every threshold (the classifier already
    abstained there). The risk-coverage columns of the result are the points
    of :func:`risk_coverage_curve` (plus the ``inf`` point, reversed) when
    nothing is rejected up front.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels, ``reject_label`` for a rejection.
    confidence : array-like of shape (n_samples,)
        Any score, higher = more sure; ``±inf`` allowed, ``NaN`` refused.
        Integers are ranked (and the thresholds kept) in their own dtype, so
        int64 values beyond ``2**53`` stay distinct. Only the order matters:
        any strictly increasing transform gives the same curve.
    labels : array-like of shape (n_classes,), default=None
        The classes, in row order; by default the sorted labels of ``y_true``
        and ``y_pred`` (as :func:`augmented_confusion_matrix`).
    reject_label : scalar or None, default=-1
        The marker of a rejection in ``y_pred``.
    measures : str or sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        Registry names of the measures to evaluate at every point.
    thresholds : int, array-like or None, default=1000
        As for :func:`reject_curve`.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    replace_undefined_by : "warn" or float, default=nan
        As for :func:`reject_curve`.

    Returns
    -------
    curve : RejectCurve
        Every point from no threshold (only the classifier's own rejections)
        to ``inf`` (everything rejected). The last point rejects every
        sample, also those of confidence ``+inf``: when there are some, its
        threshold ``inf`` repeats the one before it (which keeps them), as no
        float rejects ``+inf`` under "below the threshold".

    See Also
    --------
    reject_curve : The same from per-class scores.
    risk_coverage_curve : The selective risks alone.

    Examples
    --------
    >>> from infometrics.curves import reject_curve_from_predictions
    >>> curve = reject_curve_from_predictions(
    ...     [0, 0, 1, 1], [0, 1, 1, -1], [0.9, 0.6, 0.7, 0.8], measures="ni2"
    ... )
    >>> curve.thresholds
    array([0.6, 0.7, 0.9, inf])
    >>> curve.reject_rate
    array([0.25, 0.5 , 0.75, 1.  ])
    >>> curve.selective_risk.round(3)
    array([0.333, 0.   , 0.   ,   nan])
    """
    names = [spec.name for spec in check_measures(measures)]
    _, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    # The samples' rows and columns under the rules that chose the classes.
    return _threshold_curve(
        encode_labels(y_true, classes),
        encode_labels(y_pred, classes, name="y_pred", reject_label=reject_label),
        check_confidence(confidence, len(y_true)),
        check_sample_weight(sample_weight, len(y_true)),
        classes,
        names,
        (thresholds, replace_undefined_by),
    )
