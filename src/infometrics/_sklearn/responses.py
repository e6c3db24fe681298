"""What an abstaining classifier reads from, and writes for, the wrapped one.

Two checks shared by the reject-option estimators and the risk-coverage
scorers: per-class scores are read only when they have one column per class
(never the pairwise columns of a one-vs-one decision function), and the
abstaining predictions keep the caller's label dtype, widened (never wrapped)
so that it holds the reject label.
"""

import math
import numbers

import numpy as np
from sklearn.frozen import FrozenEstimator

from .scorers import _final_estimator


def _predicting_estimator(estimator):
    """The estimator whose responses are read: through Pipelines, searches, frozen."""
    while True:
        estimator = _final_estimator(estimator)
        if isinstance(estimator, FrozenEstimator):
            estimator = estimator.estimator
        else:
            return estimator


def check_not_one_vs_one(estimator, *, n_classes, method):
    """Refuse a one-vs-one decision function, whose columns are pairs of classes.

    Parameters
    ----------
    estimator : classifier
        The classifier (or a Pipeline / search / FrozenEstimator around it),
        fitted or not.
    n_classes : int
        Number of classes.
    method : str
        ``"predict_proba"`` or ``"decision_function"``.
    """
    final = _predicting_estimator(estimator)
    if (
        method == "decision_function"
        and n_classes > 2
        and getattr(final, "decision_function_shape", None) == "ovo"
    ):
        # With 3 classes the pairwise columns even have the width of the
        # classes: the shape alone cannot tell them apart.
        raise ValueError(
            f"{type(final).__name__}(decision_function_shape='ovo') gives one "
            "decision column per pair of classes, not one per class, so the "
            "predicted class and its margin cannot be read from it. Set "
            "decision_function_shape='ovr', or probability=True with "
            "response_method='predict_proba'."
        )


def check_class_scores(scores, *, n_classes, estimator, method):
    """Refuse per-class scores that are not one column per class.

    Parameters
    ----------
    scores : ndarray of shape (n_samples,) or (n_samples, n_columns)
        What ``method`` of ``estimator`` returned.
    n_classes : int
        Number of classes of the estimator.
    estimator : classifier
        The classifier (or a Pipeline / search / FrozenEstimator around it).
    method : str
        ``"predict_proba"`` or ``"decision_function"``.

    Returns
    -------
    scores : ndarray
        ``scores``, unchanged.
    """
    check_not_one_vs_one(estimator, n_classes=n_classes, method=method)
    final = _predicting_estimator(estimator)
    shape = np.shape(scores)
    expected = (1, 2) if n_classes == 2 else (n_classes,)
    width = 1 if len(shape) == 1 else (shape[1] if len(shape) == 2 else None)
    if width not in expected or (len(shape) == 2 and n_classes == 2 and width == 1):
        raise ValueError(
            f"{type(final).__name__}.{method} returned scores of shape {shape}, "
            f"but one column per class ({n_classes} classes) is needed to read the "
            f"predicted class and its confidence"
            + (" (or a 1-d array for two classes)" if n_classes == 2 else "")
            + ". Use a method that gives one score per class, e.g. "
            "response_method='predict_proba'."
        )
    return scores


def _integer_value(value):
    """A whole float reject label as the int it equals; others unchanged."""
    whole = isinstance(value, (float, np.floating)) and float(value).is_integer()
    return int(value) if whole else value


def _holds_exactly(dtype, classes, reject_label):
    """Whether ``dtype`` stores every class and the reject label unchanged."""
    # Compared as Python values, whose comparisons are exact (a round trip
    # through a wrapping cast, uint64 -> int64 -> uint64, would look lossless).
    with np.errstate(invalid="ignore", over="ignore"):
        try:
            stored = classes.astype(dtype).tolist()
            stored_reject = np.array([reject_label]).astype(dtype).tolist()[0]
        except (OverflowError, ValueError, TypeError):
            return False
    same_reject = stored_reject == reject_label or (
        _is_nan(stored_reject) and _is_nan(reject_label)
    )
    return stored == classes.tolist() and bool(same_reject)


def _is_nan(value):
    return isinstance(value, (float, np.floating)) and bool(np.isnan(value))


def prediction_dtype(classes, reject_label):
    """The dtype of abstaining predictions: the classes' own, widened.

    The dtype of ``classes`` when it holds ``reject_label``; otherwise
    numpy's promotion of the classes' dtype and the reject label's smallest
    dtype (uint8 classes with ``-1``: int16; strings: a longer string; a float
    at least float32) when it holds both exactly; ``object`` when no numpy
    dtype does (boolean classes with a numeric reject label, uint64 classes
    above ``2**63 - 1`` with a negative one, strings with NaN). Never a dtype
    that wraps or rounds a value.

    Parameters
    ----------
    classes : ndarray of shape (n_classes,)
    reject_label : scalar

    Returns
    -------
    dtype : numpy.dtype
    """
    classes = np.asarray(classes)
    kind = classes.dtype.kind
    is_number = isinstance(reject_label, (numbers.Number, np.number)) and not (
        isinstance(reject_label, (bool, np.bool_))
    )
    if kind in "iuf" and is_number:
        value = _integer_value(reject_label) if kind in "iu" else reject_label
        # numpy's promotion of the two dtypes (it depends on the classes'
        # dtype, not their values, so every batch gets the same dtype); where
        # it rounds (uint64 with -1 promotes to float64), int64 if the values
        # fit, float64 for an int beyond 2**64 with float classes.
        # Integer classes with a whole reject label stay integers: a float
        # would change the type of every label.
        stay_integer = kind in "iu" and isinstance(value, numbers.Integral)
        promoted = np.result_type(classes.dtype, np.min_scalar_type(value))
        # float16 at least float32: pandas, which the counting of labels may
        # use, cannot index float16 values.
        if promoted == np.float16:
            promoted = np.dtype(np.float32)
        candidates = [promoted]
        candidates.append(np.dtype(np.int64 if stay_integer else np.float64))
        for candidate in candidates:
            allowed = candidate.kind in ("iu" if stay_integer else "iuf")
            if allowed and _holds_exactly(candidate, classes, reject_label):
                return candidate
        return np.dtype(object)
    if kind in "UST" and isinstance(reject_label, (str, np.str_)):
        candidate = np.result_type(classes.dtype, np.asarray(reject_label).dtype)
        if _holds_exactly(candidate, classes, reject_label):
            return candidate
    return np.dtype(object)


def at_least(confidence, threshold):
    """``confidence >= threshold`` elementwise, exact for integer confidences.

    numpy compares integers with a float threshold in float64, where integers
    beyond ``2**53`` round and distinct confidences tie. An integer ``c`` is
    at least a float ``t`` iff it is at least ``ceil(t)``, compared in the
    integers.

    Parameters
    ----------
    confidence : ndarray of shape (n_samples,)
    threshold : scalar or ndarray of shape (n_samples,)

    Returns
    -------
    accepted : ndarray of bool, shape (n_samples,)
    """
    confidence = np.asarray(confidence)
    threshold = np.broadcast_to(np.asarray(threshold), confidence.shape)
    if confidence.dtype.kind not in "iu" or threshold.dtype.kind != "f":
        return confidence >= threshold
    info = np.iinfo(confidence.dtype)
    accepted = np.empty(confidence.shape, dtype=bool)
    for value in np.unique(threshold).tolist():
        where = threshold == value
        if value > int(info.max):  # Python compares a float and an int exactly
            accepted[where] = False
        elif value <= int(info.min):
            accepted[where] = True
        else:
            ceiling = confidence.dtype.type(math.ceil(value))
            accepted[where] = confidence[where] >= ceiling
    return accepted


def to_numpy(array):
    """A NumPy array of an array of any array-API library on the CPU."""
    return np.asarray(array)


def in_namespace_of(reference, values):
    """``values`` in the array namespace (and on the device) of ``reference``.

    A NumPy array stays one, and so do values no array-API library holds
    (an object array of booleans and a reject label).
    """
    if isinstance(reference, np.ndarray) or not hasattr(
        reference, "__array_namespace__"
    ):
        return values
    if values.dtype.kind not in "biuf":
        return values
    namespace = reference.__array_namespace__()
    return namespace.asarray(values, device=getattr(reference, "device", None))


def abstaining_predictions(classes, predicted_index, accepted, reject_label):
    """The class of each prediction, or ``reject_label`` where not accepted.

    Parameters
    ----------
    classes : ndarray of shape (n_classes,)
    predicted_index : ndarray of int, shape (n_samples,)
        Index into ``classes``.
    accepted : ndarray of bool, shape (n_samples,)
    reject_label : scalar

    Returns
    -------
    y_pred : ndarray of shape (n_samples,)
        Of :func:`prediction_dtype`.
    """
    classes = np.asarray(classes)
    dtype = prediction_dtype(classes, reject_label)
    predictions = classes.astype(dtype)[predicted_index]
    if dtype.kind == "O":
        predictions = np.array(predictions, dtype=object)
    predictions[~np.asarray(accepted, dtype=bool)] = reject_label
    return predictions
