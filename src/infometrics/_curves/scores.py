"""From class scores to the confidence of the predicted class, and quantile thresholds.

Shared by the reject curve (:mod:`.reject_curve`), the confidence-binned
counts (:mod:`.binned`) and the reject meta-estimators.
"""

import numpy as np
import pandas as pd


def native(values):
    """An array in the machine's byte order (pandas' hashing refuses
    big-endian buffers); the values are unchanged."""
    values = np.asarray(values)
    if values.dtype.isnative:
        return values
    return values.astype(values.dtype.newbyteorder("="))


# thresholds=k quantiles: beyond this many, the thresholds alone would take
# gigabytes; every distinct value (thresholds=None) is never more than n.
MAX_QUANTILE_THRESHOLDS = 10**7


def check_thresholds(thresholds, *, integer_confidence=False):
    """``None``, an int ``k`` (``k`` quantiles) or the thresholds, checked.

    Thresholds given as an array come back ascending and distinct, as
    float64, or in their integer dtype against integer confidences (exact
    beyond ``2**53``).
    """
    if thresholds is None:
        return None
    if isinstance(thresholds, (int, np.integer)) and not isinstance(
        thresholds, (bool, np.bool_)
    ):
        if thresholds < 1:
            raise ValueError(f"thresholds must be at least 1; got {thresholds}.")
        if thresholds > MAX_QUANTILE_THRESHOLDS:
            raise ValueError(
                f"thresholds={thresholds} quantiles would take "
                f"{8 * thresholds / 1e9:.3g} GB; pass at most "
                f"{MAX_QUANTILE_THRESHOLDS}, or thresholds=None for every "
                "distinct confidence value (never more points than samples)."
            )
        return int(thresholds)
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
    if values.dtype.kind == "f" or not integer_confidence:
        values = values.astype(np.float64)
    return np.unique(values)


def column_labels(labels, y_true, n_columns, *, name="labels"):
    """The class of each column of ``y_score``, checked.

    ``labels=None``: the sorted labels of ``y_true`` (an array already in
    memory), which must then show every class. Otherwise a 1-d array of
    distinct labels without NaN, one per column.
    """
    if labels is None:
        labels = np.unique(y_true)
        if len(labels) != n_columns:
            raise ValueError(
                f"y_true shows {len(labels)} classes but y_score has {n_columns} "
                f"columns; pass {name}= (the estimator's classes_)."
            )
    labels = native(labels)
    if labels.ndim != 1 or labels.size == 0:
        raise ValueError(
            f"{name} must be a non-empty 1-d array of labels; got shape {labels.shape}."
        )
    if pd.isna(labels).any():
        raise ValueError(f"{name} contains NaN; every class needs a label.")
    if len(pd.unique(labels)) != len(labels):
        raise ValueError(
            f"{name} contains duplicates ({labels.tolist()[:10]}); each column "
            "of y_score needs its own class."
        )
    if len(labels) != n_columns:
        raise ValueError(
            f"{name} has {len(labels)} entries but y_score has {n_columns} columns."
        )
    return labels


def confidence_and_prediction(scores, confidence="max"):
    """Predicted class index and confidence from per-class scores.

    Parameters
    ----------
    scores : ndarray of shape (n_samples, n_classes) or (n_samples,)
        Probabilities (``confidence="max"``) or decision values
        (``confidence="margin"``). A 1-d array is scikit-learn's binary score
        of the second class: with ``"max"`` its probability
        (``predict_proba(X)[:, 1]``, read as the two columns ``1 - p, p``),
        with ``"margin"`` a decision function (positive means the second
        class, confidence ``|d|``).
    confidence : {"max", "margin"}
        ``"max"``: the top score (Chow's rule on probabilities). ``"margin"``:
        the top score minus the runner-up (``|d|`` for a binary decision
        function), a confidence for classifiers without probabilities.

    Returns
    -------
    predicted : ndarray of int, shape (n_samples,)
        Column index of the predicted class.
    confidence : ndarray of shape (n_samples,)
        float64; for integer scores an integer dtype (int64, or uint64 for a
        margin beyond ``2**63 - 1``) that keeps every value exact: in float64
        distinct integers beyond ``2**53`` would tie.
    """
    scores = native(scores)
    if scores.dtype.kind not in "iu":
        scores = scores.astype(np.float64)
    if scores.ndim == 1 and confidence == "margin":
        predicted = (scores > 0).astype(np.intp)
        if scores.dtype.kind in "iu":
            return predicted, _exact_difference(
                np.maximum(scores, 0), np.minimum(scores, 0)
            )
        return predicted, np.abs(scores)
    if scores.ndim == 1:
        # A probability and a decision value give different predictions
        # (p > 0.5 against d > 0) and confidences (max(p, 1 - p) against
        # |d|): never guess which one this is.
        if scores.size and not (scores.min() >= 0.0 and scores.max() <= 1.0):
            raise ValueError(
                "A 1-d y_score with confidence='max' is the probability of the "
                "second class (predict_proba(X)[:, 1], as in scikit-learn), but "
                f"it holds values outside [0, 1] (from {scores.min():.6g} to "
                f"{scores.max():.6g}). For a binary decision function "
                "(decision_function(X)) pass confidence='margin'."
            )
        scores = np.column_stack([1 - scores, scores])
    predicted = scores.argmax(axis=1)
    top = scores[np.arange(scores.shape[0]), predicted]
    if confidence == "max":
        if scores.dtype.kind in "iu":
            return predicted, top.astype(
                np.int64 if top.dtype.kind == "i" else np.uint64
            )
        return predicted, top
    if scores.shape[1] == 1:
        return predicted, np.full(scores.shape[0], np.inf)
    runner_up = np.partition(scores, -2, axis=1)[:, -2]
    if scores.dtype.kind in "iu":
        return predicted, _exact_difference(top, runner_up)
    with np.errstate(over="ignore"):
        margin = top - runner_up
    if np.isinf(margin).any() and np.isfinite(scores).all():
        # Beyond the float range distinct margins would tie at inf.
        raise ValueError(
            "y_score holds decision values so far apart that their margin "
            "(top minus runner-up) exceeds the float range; rescale them (e.g. "
            "divide by their largest magnitude) before computing the curve."
        )
    return predicted, margin


def _exact_difference(larger, smaller):
    """``larger - smaller`` of integers (``larger >= smaller``), exactly.

    The difference of two int64 values may need 64 bits without a sign: it
    is taken modulo ``2**64`` in uint64, where it is exact since it lies in
    ``[0, 2**64)``, and returned as int64 when every value fits.
    """
    signed = larger.dtype.kind == "i" or smaller.dtype.kind == "i"
    larger = larger.astype(np.int64 if signed else np.uint64)
    smaller = smaller.astype(np.int64 if signed else np.uint64)
    # A negative int64 becomes its two's complement: the modular difference
    # is the exact one.
    difference = larger.view(np.uint64) - smaller.view(np.uint64)
    if difference.size == 0 or difference.max() <= np.iinfo(np.int64).max:
        return difference.astype(np.int64)
    return difference


def quantile_thresholds(confidences, k):
    """``k`` evenly spaced quantiles of the confidences, as order statistics.

    The ``j``-th is the sorted confidence at position ``ceil(j (n - 1) /
    (k - 1))`` (numpy's ``method="higher"``, positions in integers): a value
    of the data, in its dtype, so no interpolation rounds (integers beyond
    ``2**53``) or gives NaN (``inf - inf``), and a threshold between two
    values rejects the same samples as the higher one anyway. The first is
    the minimum: the first point rejects nothing.
    """
    n = confidences.size
    if n == 0:
        return confidences[:0]
    j = np.arange(k, dtype=np.int64)
    positions = j * 0 if k == 1 else (j * (n - 1) + (k - 2)) // (k - 1)
    positions = np.unique(positions)
    return np.unique(np.partition(confidences, positions)[positions])
