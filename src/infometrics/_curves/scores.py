"""Class scores to the predicted class and its confidence; thresholds."""

import numpy as np

from .._counting.label_checks import check_explicit_labels, reject_marker


def native(values):
    """The array in the machine's byte order (pandas refuses big-endian)."""
    values = np.asarray(values)
    if values.dtype.isnative:
        return values
    return values.astype(values.dtype.newbyteorder("="))


# Beyond this many quantiles the thresholds alone would take gigabytes.
MAX_QUANTILE_THRESHOLDS = 10**7


def check_thresholds(thresholds, *, integer_confidence=False):
    """``None``, an int ``k`` (quantiles), or the thresholds sorted, distinct."""
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


def column_labels(labels, y_true, n_columns):
    """The class of each column of ``y_score``: ``labels``, or sorted ``y_true``."""
    what = "labels has {} entries" if labels is not None else "y_true shows {} classes"
    labels = np.unique(y_true) if labels is None else labels
    # Non-empty, 1-d, no missing label, no duplicate: as the matrices' labels.
    labels = check_explicit_labels(native(labels), reject_marker(None))
    if len(labels) != n_columns:
        raise ValueError(
            f"{what.format(len(labels))} but y_score has {n_columns} columns; pass "
            "labels= (the estimator's classes_), one per column."
        )
    return labels


def confidence_and_prediction(scores, confidence_method="max"):
    """Predicted column and confidence (top score, or margin); ints stay exact."""
    scores = native(scores)
    if scores.dtype.kind not in "iu":
        scores = scores.astype(np.float64)
    integer = scores.dtype.kind in "iu"
    if scores.ndim == 1 and confidence_method == "margin":
        # Columns [0, d]: the margin is |d|, class 1 when d > 0.
        scores = np.column_stack([np.zeros_like(scores), scores])
    elif scores.ndim == 1:
        # Never guess probability or decision value: predictions would differ.
        if scores.size and not (scores.min() >= 0.0 and scores.max() <= 1.0):
            raise ValueError(
                "A 1-d y_score with confidence_method='max' is the probability of the "
                "second class (predict_proba(X)[:, 1], as in scikit-learn), but "
                f"it holds values outside [0, 1] (from {scores.min():.6g} to "
                f"{scores.max():.6g}). For a binary decision function "
                "(decision_function(X)) pass confidence_method='margin'."
            )
        scores = np.column_stack([1 - scores, scores])
    predicted = scores.argmax(axis=1)
    top = scores[np.arange(scores.shape[0]), predicted]
    if integer:
        top = top.astype(np.int64 if top.dtype.kind == "i" else np.uint64)
    if confidence_method == "max":
        return predicted, top
    if scores.shape[1] == 1:
        return predicted, np.full(scores.shape[0], np.inf)
    runner_up = np.partition(scores, -2, axis=1)[:, -2]
    if integer:
        # Modulo 2**64, the difference of two's complements is the exact one.
        margin = top.astype(np.uint64) - runner_up.astype(np.uint64)
        fits = margin.size == 0 or margin.max() <= np.iinfo(np.int64).max
        return predicted, margin.astype(np.int64) if fits else margin
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


def quantile_thresholds(confidences, k):
    """``k`` evenly spaced quantiles, values of the data (``method="higher"``)."""
    n = confidences.size
    if n == 0:
        return confidences[:0]
    j = np.arange(k, dtype=np.int64)
    positions = j * 0 if k == 1 else (j * (n - 1) + (k - 2)) // (k - 1)
    positions = np.unique(positions)
    return np.unique(np.partition(confidences, positions)[positions])


def check_confidence(confidence, n_samples):
    """One numeric confidence per sample, no NaN, in a dtype that ranks them."""
    scores = np.asarray(confidence)
    if scores.dtype.kind not in "biuf":
        raise_non_numeric_confidence(scores.dtype)
    if scores.shape != (n_samples,):
        raise ValueError(
            f"confidence must be a 1-d array-like of shape ({n_samples},), one "
            f"value per sample; got shape {scores.shape}. For probabilities of "
            "shape (n_samples, n_classes) pass their row maximum."
        )
    # Integers keep their dtype (exact ranks), booleans become 0/1.
    if scores.dtype.kind == "b":
        return scores.astype(np.int64)
    if scores.dtype.kind == "f":
        scores = scores.astype(np.float64, copy=False)
        if np.isnan(scores).any():
            raise_missing_confidence()
    return scores


def raise_non_numeric_confidence(dtype):
    raise ValueError(
        f"confidence must be numeric (higher = more sure); got dtype {dtype}."
    )


def raise_missing_confidence():
    raise ValueError(
        "confidence contains NaN or missing values; every sample needs a "
        "confidence to be ranked. Drop those samples or give them -inf "
        "(rejected first)."
    )


def raise_rejected_predictions(reject_label):
    # Scored as a wrong class, a rejection would silently raise every risk.
    raise ValueError(
        f"y_pred holds the reject marker {reject_label!r}: with confidence, pass "
        "y_pred before rejection (the predictions before rejection, every one a "
        f"class, none {reject_label!r}); the confidence decides what each "
        f"threshold rejects. If {reject_label!r} is a class, pass "
        "reject_label=None."
    )


def check_confidence_method(confidence_method):
    if confidence_method not in ("max", "margin"):
        raise ValueError(
            f"confidence_method must be 'max' or 'margin'; got {confidence_method!r}."
        )


def check_score_shape(scores, n_samples):
    if scores.ndim not in (1, 2) or scores.shape[0] != n_samples:
        raise ValueError(
            "y_score must have shape (n_samples, n_classes) or (n_samples,) with "
            f"one row per label in y_true; got {scores.shape} for {n_samples} labels."
        )


def check_scores(y_true, y_score, labels, confidence_method):
    """``(labels, predicted column, confidence)`` of class scores in memory."""
    check_confidence_method(confidence_method)
    scores = native(y_score)
    check_score_shape(scores, len(y_true))
    if scores.dtype.kind not in "biuf":
        raise ValueError(
            f"y_score must hold numbers (probabilities or decision values); got "
            f"dtype {scores.dtype}."
        )
    if not np.all(np.isfinite(scores)):
        raise ValueError("y_score contains NaN or infinite values.")
    labels = column_labels(labels, y_true, 2 if scores.ndim == 1 else scores.shape[1])
    return (labels, *confidence_and_prediction(scores, confidence_method))
