"""From a fitted estimator to its predicted classes and their confidence, and
back to abstaining predictions in the caller's label dtype."""

import math
import numbers

import numpy as np
from sklearn.frozen import FrozenEstimator

from .._counting.label_checks import (
    check_marker_matches_kind,
    label_kind,
    reject_marker,
)
from .._curves.scores import confidence_and_prediction

RESPONSE_METHODS = ("auto", "predict_proba", "decision_function")
# Chow's top probability, or the margin between the two top decision values.
CONFIDENCE_OF = {"predict_proba": "max", "decision_function": "margin"}


def final_estimator(estimator, X=None):
    """The estimator that predicts (through frozen, searches, Pipelines), and its X."""
    while True:
        if isinstance(estimator, FrozenEstimator):
            estimator = estimator.estimator
        elif hasattr(estimator, "best_estimator_"):
            estimator = estimator.best_estimator_
        elif getattr(estimator, "steps", None):
            if X is not None and len(estimator.steps) > 1:
                X = estimator[:-1].transform(X)
            estimator = estimator.steps[-1][1]
        else:
            return estimator, X


def estimator_name(estimator):
    """The name of what predicts: ``RejectOptionClassifier(LogisticRegression)``."""
    final, _ = final_estimator(estimator)
    inner = getattr(final, "estimator", None)
    if inner is not None and getattr(final, "_infometrics_abstains", False):
        return f"{type(final).__name__}({estimator_name(inner)})"
    return type(final).__name__


def check_response_method(response_method):
    """Refuse a ``response_method`` that gives no per-class confidence."""
    if response_method not in RESPONSE_METHODS:
        raise ValueError(
            f"response_method must be one of {RESPONSE_METHODS}; got "
            f"{response_method!r}."
        )


def resolve_response_method(estimator, response_method):
    """The method the confidence comes from: ``"auto"`` prefers probabilities."""
    check_response_method(response_method)
    methods = (
        ("predict_proba", "decision_function")
        if response_method == "auto"
        else (response_method,)
    )
    for method in methods:
        if hasattr(estimator, method):
            return method
    missing = "neither predict_proba nor decision_function"
    if response_method != "auto":
        missing = f"no {response_method}; use response_method='auto'"
    raise ValueError(
        f"{type(estimator).__name__} has {missing}. Without one there is no "
        "confidence to rank or threshold its predictions by."
    )


def check_not_one_vs_one(estimator, *, n_classes, method):
    """Refuse a one-vs-one decision function, whose columns are pairs of classes."""
    final, _ = final_estimator(estimator)
    if (
        method == "decision_function"
        and n_classes > 2
        and getattr(final, "decision_function_shape", None) == "ovo"
    ):
        # With 3 classes the pairs have the width of the classes: refuse by name.
        raise ValueError(
            f"{type(final).__name__}(decision_function_shape='ovo') gives one "
            "decision column per pair of classes, not one per class, so the "
            "predicted class and its margin cannot be read from it. Set "
            "decision_function_shape='ovr', or probability=True with "
            "response_method='predict_proba'."
        )


def read_class_scores(scores, *, n_classes, estimator, method):
    """Predicted column index and confidence of per-class ``scores``."""
    check_not_one_vs_one(estimator, n_classes=n_classes, method=method)
    shape = np.shape(scores)
    if shape[1:] != (n_classes,) and not (n_classes == 2 and len(shape) == 1):
        raise ValueError(
            f"{type(final_estimator(estimator)[0]).__name__}.{method} returned "
            f"scores of shape {shape}, but one column per class ({n_classes} "
            "classes) is needed to read the predicted class and its confidence"
            + (" (or a 1-d array for two classes)" if n_classes == 2 else "")
            + ". Use a method that gives one score per class, e.g. "
            "response_method='predict_proba'."
        )
    return confidence_and_prediction(scores, CONFIDENCE_OF[method])


def predictions_and_confidence(estimator, X, response_method):
    """Index of each predicted class in ``classes_``, and its confidence."""
    method = resolve_response_method(estimator, response_method)
    return read_class_scores(
        np.asarray(getattr(estimator, method)(X)),
        n_classes=np.asarray(estimator.classes_).shape[0],
        estimator=estimator,
        method=method,
    )


def _suggest_reject_label(classes):
    if classes.dtype.kind in "biuf":
        candidate = -1
        while candidate in set(classes.tolist()):
            candidate -= 1
        return candidate
    candidate = "reject"
    while candidate in set(classes.tolist()):
        candidate = f"_{candidate}_"
    return candidate


def check_reject_label(reject_label, classes):
    """Refuse a reject label of another kind than the classes, or a class."""
    classes = np.asarray(classes)
    # As the counting reads it; a missing-value marker (NaN, pd.NA) is no class.
    marker = reject_marker(reject_label)
    if marker.kind == "missing":
        return
    kind = label_kind(classes)  # scikit-learn refuses bytes and mixed labels
    if marker.kind != kind:
        raise ValueError(
            f"reject_label={reject_label!r} is of type {type(reject_label).__name__}, "
            f"but the classes are {kind}s ({classes.tolist()[:5]}); predictions "
            f"would mix types. Pass reject_label={_suggest_reject_label(classes)!r}."
        )
    check_marker_matches_kind(marker, kind, classes)  # bytes with str classes
    # Python's comparisons are exact, for ints beyond uint64 too.
    if reject_label in set(classes.tolist()):
        raise ValueError(
            f"reject_label={reject_label!r} is one of the classes "
            f"{classes.tolist()[:10]}; a rejection must be distinguishable from a "
            f"prediction. Pass reject_label={_suggest_reject_label(classes)!r}."
        )


def _holds_exactly(dtype, classes, reject_label):
    """Whether ``dtype`` stores every class and the reject label unchanged."""
    # Python values compare exactly; a wrapping round trip would look lossless.
    with np.errstate(invalid="ignore", over="ignore"):
        try:
            stored = classes.astype(dtype).tolist()
            stored_reject = np.array([reject_label]).astype(dtype).tolist()[0]
        except (OverflowError, ValueError, TypeError):
            return False
    # NaN, the one value unequal to itself, is stored as NaN.
    same_reject = stored_reject == reject_label or (
        stored_reject != stored_reject and reject_label != reject_label
    )
    return stored == classes.tolist() and bool(same_reject)


def prediction_dtype(classes, reject_label):
    """The smallest dtype holding the classes and the reject label exactly
    (uint8 and ``-1``: int16), else int64 or float64, else ``object``."""
    classes = np.asarray(classes)
    kind = classes.dtype.kind
    candidates = []
    # A checked reject label (check_reject_label): never a bool or complex.
    if kind in "iuf" and isinstance(reject_label, numbers.Number):
        value = reject_label
        whole = isinstance(value, (float, np.floating)) and value.is_integer()
        if kind in "iu" and whole:
            value = int(value)  # a whole float reject label as the int it equals
        # Integer classes with a whole reject label stay integers; the dtype
        # depends on the classes' dtype, not values, so every batch agrees.
        stay_integer = kind in "iu" and isinstance(value, numbers.Integral)
        promoted = np.result_type(classes.dtype, np.min_scalar_type(value))
        # At least float32: pandas (in the counting) cannot index float16.
        if promoted == np.float16:
            promoted = np.dtype(np.float32)
        widest = np.dtype(np.int64 if stay_integer else np.float64)
        allowed = "iu" if stay_integer else "iuf"
        candidates = [d for d in (promoted, widest) if d.kind in allowed]
    elif kind in "UST" and isinstance(reject_label, (str, np.str_)):
        candidates = [np.result_type(classes.dtype, np.asarray(reject_label).dtype)]
    for candidate in candidates:
        if _holds_exactly(candidate, classes, reject_label):
            return candidate
    return np.dtype(object)


def accepted(confidence, threshold, predicted_index):
    """``confidence >= threshold`` (the predicted class's), exact for integers."""
    # An integer c is at least a float t iff c >= ceil(t), beyond 2**53 too.
    confidence = np.asarray(confidence)
    if np.ndim(threshold):
        threshold = np.asarray(threshold)[predicted_index]
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


def in_namespace_of(reference, values):
    """``values`` in the array namespace and device of ``reference`` (not objects)."""
    if isinstance(reference, np.ndarray) or not hasattr(
        reference, "__array_namespace__"
    ):
        return values
    if values.dtype.kind not in "biuf":
        return values
    namespace = reference.__array_namespace__()
    return namespace.asarray(values, device=getattr(reference, "device", None))


def abstaining_predictions(classes, predicted_index, kept, reject_label):
    """``classes[predicted_index]``, or ``reject_label`` where not ``kept``."""
    classes = np.asarray(classes)
    dtype = prediction_dtype(classes, reject_label)
    predictions = classes.astype(dtype)[predicted_index]
    if dtype.kind == "O":
        predictions = np.array(predictions, dtype=object)
    predictions[~np.asarray(kept, dtype=bool)] = reject_label
    return predictions
