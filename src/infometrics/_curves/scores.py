"""From class scores to the confidence of the predicted class, and quantile thresholds.

Shared by the reject curve (:mod:`.reject_curve`), the confidence-binned
counts (:mod:`.binned`) and the reject meta-estimators.
"""

import numpy as np


def native(values):
    """An array in the machine's byte order (pandas' hashing refuses
    big-endian buffers); the values are unchanged."""
    values = np.asarray(values)
    if values.dtype.isnative:
        return values
    return values.astype(values.dtype.newbyteorder("="))


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
