"""Reject curves: every measure at every distinct confidence threshold.

Pure numpy: sort the samples by confidence once; every step of the sweep
(one more sample rejected) updates the statistics the measures are made of in
O(1) (see :mod:`~infometrics._curves.sweep`), so the whole curve costs about
as much as the sort, whatever the number of classes and thresholds.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.collections import is_dask_collection
from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_complete_labels, check_sample_weight
from .._counting.labels import encode_labels
from .._measures.registry import check_measure, evaluate_measures
from .curve import RejectCurve, fraction
from .scores import confidence_and_prediction, quantile_thresholds
from .selective_checks import ranking_scores
from .sweep import RejectSweep
from .sweep_quantities import SweepQuantities

# thresholds=k quantiles: beyond this many, the thresholds alone would take
# gigabytes; every distinct value (thresholds=None) is never more than n.
_MAX_QUANTILE_THRESHOLDS = 10**7

_DEFAULT_MEASURES = ("ni2", "info_completeness", "false_info_ratio")


def _threshold_values(thresholds, confidences):
    """The points' thresholds before ``inf``, or None for every distinct value."""
    if thresholds is None:
        return None
    if isinstance(thresholds, (int, np.integer)) and not isinstance(
        thresholds, (bool, np.bool_)
    ):
        if thresholds < 1:
            raise ValueError(f"thresholds must be at least 1; got {thresholds}.")
        if thresholds > _MAX_QUANTILE_THRESHOLDS:
            raise ValueError(
                f"thresholds={thresholds} quantiles would take "
                f"{8 * thresholds / 1e9:.3g} GB; pass at most "
                f"{_MAX_QUANTILE_THRESHOLDS}, or thresholds=None for every "
                "distinct confidence value (never more points than samples)."
            )
        return quantile_thresholds(confidences, int(thresholds))
    values = np.asarray(thresholds)
    if (
        values.dtype.kind not in "iuf"
        or values.ndim != 1
        or values.size == 0
        or not np.all(np.isfinite(values))
    ):
        raise ValueError(
            "thresholds must be None, a positive int or a 1-d array of finite "
            f"values; got {thresholds!r}."
        )
    if values.dtype.kind == "f" or confidences.dtype.kind not in "iu":
        values = values.astype(np.float64)
    return np.unique(values)


def _check_measure_names(measures):
    if isinstance(measures, str):
        # One name, not its letters.
        measures = [measures]
    try:
        names = [check_measure(name).name for name in measures]
    except TypeError:
        raise ValueError(
            f"measures must be a measure name or a sequence of them; got {measures!r}."
        ) from None
    return list(dict.fromkeys(names))


def _check_classes(classes):
    classes = np.asarray(classes)
    if classes.ndim != 1 or classes.size == 0:
        raise ValueError(
            f"classes must be a non-empty 1-d array of labels; got shape "
            f"{classes.shape}."
        )
    if classes.dtype.kind == "f" and np.isnan(classes).any():
        raise ValueError("classes contains NaN; every class needs a label.")
    unique = np.unique(classes) if classes.dtype.kind != "O" else None
    if unique is not None and len(unique) != len(classes):
        raise ValueError(
            f"classes contains duplicates ({classes.tolist()[:10]}); each column "
            "of y_score needs its own class."
        )
    return classes


def _true_index(y_true, classes):
    """Row of each label; a plain range check for labels 0 .. m - 1."""
    plain = (
        y_true.dtype.kind in "iu"
        and classes.dtype.kind in "iu"
        and np.array_equal(classes, np.arange(len(classes)))
    )
    if plain and y_true.min() >= 0 and y_true.max() < len(classes):
        return y_true.astype(np.intp, copy=False)
    return encode_labels(y_true, classes)


def _sweep_curve(
    true_index,
    predicted_index,
    confidences,
    weights,
    classes,
    names,
    thresholds,
    replace_undefined_by,
):
    """One sort, then every requested measure and the risks at every point."""
    n_classes = len(classes)
    cut_points = None
    if thresholds is not None:
        movable = predicted_index < n_classes
        cut_points = _threshold_values(thresholds, confidences[movable])
    sweep = RejectSweep(
        true_index,
        predicted_index,
        confidences,
        weights,
        n_classes,
        cut_points,
    )
    quantities = SweepQuantities(sweep)
    values = evaluate_measures(
        quantities, names, replace_undefined_by=replace_undefined_by
    )
    total = sweep.total
    safe_total = total if total > 0 else 1.0
    accepted, errors = sweep.accepted, sweep.accepted_errors
    anything_accepted = accepted > 0
    selective_risk = np.divide(
        errors, accepted, out=np.full(accepted.shape, np.nan), where=anything_accepted
    )
    accepted_accuracy = np.divide(
        sweep.accepted_correct,
        accepted,
        out=np.full(accepted.shape, np.nan),
        where=anything_accepted,
    )
    return RejectCurve(
        thresholds=sweep.thresholds,
        reject_rate=fraction(sweep.rejected / safe_total),
        error_rate=fraction(errors / safe_total),
        accepted_accuracy=fraction(accepted_accuracy),
        measures={name: np.asarray(values[name], dtype=float) for name in names},
        classes=classes,
        coverage=fraction(accepted / safe_total),
        selective_risk=fraction(selective_risk),
        generalized_risk=fraction(errors / safe_total),
    )


def reject_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    classes: ArrayLike | None = None,
    measures=_DEFAULT_MEASURES,
    confidence: Literal["max", "margin"] = "max",
    thresholds: int | ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Measures of a reject option at every distinct confidence threshold.

    The classifier predicts the top-scoring class and abstains when its
    confidence is below the threshold. The whole curve costs one sort of the
    confidences and ``O(1)`` work per sample after it, whatever the number of
    classes, thresholds and measures asked for: each step of the sweep (one
    more sample rejected) changes two cells of the augmented confusion
    matrix, and every measure is a function of sums over cells, columns and
    classes that such a step updates in constant time.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities (or decision values with
        ``confidence="margin"``), columns in the order of ``classes``. A 1-d
        array is a binary classifier's score of the second class, as in
        scikit-learn: with ``confidence="max"`` its probability
        (``predict_proba(X)[:, 1]``; values outside ``[0, 1]`` are refused),
        with ``confidence="margin"`` its decision function
        (``decision_function(X)``, positive means the second class).
    classes : array-like of shape (n_classes,), default=None
        The class of each column (an estimator's ``classes_``). By default the
        sorted labels of ``y_true``, which must then show every class.
    measures : str or sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
        Registry names of the measures to evaluate at every point.
    confidence : {"max", "margin"}, default="max"
        How the scores become a confidence: the top score, or the top score
        minus the runner-up (for a 1-d ``y_score``: ``max(p, 1 - p)`` of a
        probability, ``|d|`` of a decision function).
    thresholds : int, array-like or None, default=None
        ``None``: every distinct confidence value. An int ``k``: ``k``
        thresholds at evenly spaced quantiles of the confidence (order
        statistics: values of the data, the first the minimum). An array:
        those thresholds. The curve always ends with ``inf``, a point that
        rejects everything; the pass over the samples is the same in every
        case.
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
    >>> curve.selective_risk.round(3)
    array([0.25, 0.  , 0.  , 0.  ,  nan])
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
    names = _check_measure_names(measures)
    scores = np.asarray(y_score)
    y_true_array = check_complete_labels(y_true, "y_true")
    if y_true_array.shape[0] == 0:
        raise ValueError("y_true is empty; a reject curve needs at least one sample.")
    if scores.ndim not in (1, 2) or scores.shape[0] != y_true_array.shape[0]:
        raise ValueError(
            "y_score must have shape (n_samples, n_classes) or (n_samples,) with "
            f"one row per label in y_true; got {scores.shape} for "
            f"{y_true_array.shape[0]} labels."
        )
    if scores.dtype.kind not in "biuf":
        raise ValueError(
            f"y_score must hold numbers (probabilities or decision values); got "
            f"dtype {scores.dtype}."
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
    classes = _check_classes(classes)
    if len(classes) != n_columns:
        raise ValueError(
            f"classes has {len(classes)} entries but y_score has {n_columns} columns."
        )
    predicted_index, confidences = confidence_and_prediction(scores, confidence)
    true_index = _true_index(y_true_array, classes)
    weights = check_sample_weight(sample_weight, len(true_index))
    return _sweep_curve(
        true_index,
        predicted_index,
        confidences,
        weights,
        classes,
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
    measures=_DEFAULT_MEASURES,
    thresholds: int | ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = np.nan,
) -> RejectCurve:
    """Reject curve from predicted labels and a confidence (SPEC §10 inputs).

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
    thresholds : int, array-like or None, default=None
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
    >>> from infometrics import reject_curve_from_predictions
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
    names = _check_measure_names(measures)
    matrix, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    y_true_array, y_pred_array = np.asarray(y_true), np.asarray(y_pred)
    scores = np.asarray(confidence)
    if scores.dtype.kind not in "biuf" or scores.shape != y_true_array.shape:
        raise ValueError(
            f"confidence must be numeric with one value per sample, shape "
            f"{y_true_array.shape}; got dtype {scores.dtype} and shape {scores.shape}."
        )
    scores = ranking_scores(scores)
    if scores.dtype.kind == "f" and np.isnan(scores).any():
        raise ValueError(
            "confidence contains NaN; every sample needs a confidence to be ranked."
        )
    n_classes = len(classes)
    true_index = encode_labels(y_true_array, classes)
    # Every prediction is a class or the reject marker (validated above).
    predicted_index = pd.Index(classes).get_indexer(y_pred_array)
    predicted_index = np.where(predicted_index < 0, n_classes, predicted_index)
    weights = check_sample_weight(sample_weight, len(true_index))
    check = np.bincount(
        true_index * (n_classes + 1) + predicted_index,
        weights=weights,
        minlength=n_classes * (n_classes + 1),
    ).reshape(n_classes, n_classes + 1)
    if matrix.shape[1] == n_classes:  # reject_label=None: no reject column
        matrix = np.column_stack([matrix, np.zeros(n_classes)])
    if matrix.shape != check.shape or not np.allclose(matrix, check):
        raise ValueError(
            "reject_curve_from_predictions could not place every prediction "
            "consistently with augmented_confusion_matrix; pass labels= and "
            "reject_label= explicitly."
        )
    return _sweep_curve(
        true_index,
        predicted_index,
        scores,
        weights,
        classes,
        names,
        thresholds,
        replace_undefined_by,
    )
