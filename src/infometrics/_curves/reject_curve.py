"""Reject curves: every measure at confidence thresholds, from one sort."""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .._counting.collections import is_dask_collection
from .._counting.label_checks import check_complete_labels, check_sample_weight
from .._counting.labels import encode_labels
from .._measures.registry import check_measures
from .binned import binned_curve, confidence_binned_counts
from .curve import DEFAULT_MEASURES, RejectCurve
from .scores import check_confidence, check_scores, check_thresholds
from .selective import check_selective
from .stacks import threshold_sweep, with_final_threshold

# Points by default: quantiles of the confidence, evenly spaced in coverage.
DEFAULT_THRESHOLDS = 1000


def threshold_curve(
    true, predicted, confidences, weights, labels, names, thresholds, undefined
):
    """The curve of coded samples; the classifier's own rejections stay."""
    integer = confidences.dtype.kind in "iu"
    m = len(labels)
    fixed = np.where(predicted < m, 0, -1).astype(np.int8)
    stacks, cuts = threshold_sweep(
        true,
        predicted,
        confidences,
        weights,
        check_thresholds(thresholds, integer_confidence=integer),
        m,
        fixed=fixed,
        reject_all=True,
    )
    points = with_final_threshold(cuts, confidences)
    return RejectCurve.from_stacks(stacks, points, labels, names, undefined)


def reject_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    measures=DEFAULT_MEASURES,
    confidence_method: Literal["max", "margin"] = "max",
    thresholds: int | ArrayLike | None = DEFAULT_THRESHOLDS,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Measures of a reject option at confidence thresholds.

    The classifier abstains below the threshold (see the user guide,
    "Selective classification").

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        Probabilities or decision values (1-d: the second class's).
    labels : array-like of shape (n_classes,), default=None
        The class of each column (``classes_``); default: sorted ``y_true``.
    measures : str or sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        Registry names of the measures to evaluate at every point.
    confidence_method : {"max", "margin"}, default="max"
        The top score, or the top minus the runner-up (1-d: ``|d|``).
    thresholds : int, array-like or None, default=1000
        ``k`` quantiles of the confidence, these values, or (``None``) every
        distinct value; ``inf`` (reject everything) is added.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights, not all zero.
    replace_undefined_by : "warn" or float, default=nan
        Value of undefined measures at a point; ``"warn"`` warns once each.

    Returns
    -------
    curve : RejectCurve

    See Also
    --------
    risk_coverage_curve : The selective risks alone.

    Examples
    --------
    >>> from infometrics.curves import reject_curve
    >>> proba = [[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]]
    >>> curve = reject_curve([0, 0, 1, 1], proba, measures=["ni2"])
    >>> curve.thresholds
    array([0.6, 0.7, 0.8, 0.9, inf])
    >>> curve.measures["ni2"].round(3)
    array([0.311, 0.75 , 0.5  , 0.25 , 0.   ])
    """
    names = [spec.name for spec in check_measures(measures)]
    if is_dask_collection(y_true, y_score, sample_weight):
        # Binned counts need no global sort.
        binned = confidence_binned_counts(
            y_true,
            y_score,
            thresholds=thresholds,
            labels=labels,
            confidence_method=confidence_method,
            sample_weight=sample_weight,
        )
        return binned_curve(binned, names, replace_undefined_by)
    y_true = check_complete_labels(y_true, "y_true")
    if y_true.shape[0] == 0:
        raise ValueError("y_true is empty; a reject curve needs at least one sample.")
    labels, predicted, confidences = check_scores(
        y_true, y_score, labels, confidence_method
    )
    return threshold_curve(
        encode_labels(y_true, labels),
        predicted,
        confidences,
        check_sample_weight(sample_weight, len(y_true)),
        labels,
        names,
        thresholds,
        replace_undefined_by,
    )


def reject_curve_from_predictions(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label=-1,
    measures=DEFAULT_MEASURES,
    thresholds: int | ArrayLike | None = DEFAULT_THRESHOLDS,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Reject curve from predicted labels and a confidence (higher = more sure).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predictions (``reject_label`` for a rejection).
    confidence : array-like of shape (n_samples,)
        As for :func:`risk_coverage_curve`.
    labels, reject_label : default=None, -1
        As for :func:`augmented_confusion_matrix`.
    measures, thresholds, sample_weight, replace_undefined_by
        As for :func:`reject_curve`.

    Returns
    -------
    curve : RejectCurve

    Examples
    --------
    >>> from infometrics.curves import reject_curve_from_predictions
    >>> curve = reject_curve_from_predictions(
    ...     [0, 0, 1, 1], [0, 1, 1, -1], [0.9, 0.6, 0.7, 0.8], measures="ni2"
    ... )
    >>> curve.thresholds
    array([0.6, 0.7, 0.9, inf])
    >>> curve.selective_risk.round(3)
    array([0.333, 0.   , 0.   ,   nan])
    """
    names = [spec.name for spec in check_measures(measures)]
    classes, true, pred, weights = check_selective(
        y_true,
        y_pred,
        sample_weight,
        labels=labels,
        reject_label=reject_label,
        rejected=True,
    )
    return threshold_curve(
        true,
        pred,
        check_confidence(confidence, len(true)),
        weights,
        classes,
        names,
        thresholds,
        replace_undefined_by,
    )
