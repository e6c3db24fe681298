"""Checks of the reject meta-estimators' reject label and thresholds."""

import numbers

import numpy as np


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
    """Refuse a reject label that is a class or of another type than the classes."""
    classes = np.asarray(classes)
    suggestion = _suggest_reject_label(classes)
    # NaN, the missing-value marker, is taken for classes of any type (they
    # never hold NaN: y is checked for it first); the counting matches it.
    # Only floats are tested: np.isnan of an int beyond 2**64 raises.
    if isinstance(reject_label, (float, np.floating)) and np.isnan(reject_label):
        return
    numeric_classes = classes.dtype.kind in "biuf"
    string_classes = classes.dtype.kind in "UST" or (
        classes.dtype.kind == "O" and all(isinstance(c, str) for c in classes)
    )
    is_number = isinstance(
        reject_label, (numbers.Number, np.number)
    ) and not isinstance(reject_label, (bool, np.bool_))
    is_string = isinstance(reject_label, (str, np.str_))
    if (numeric_classes and not is_number) or (string_classes and not is_string):
        kind = "numbers" if numeric_classes else "strings"
        raise ValueError(
            f"reject_label={reject_label!r} is of type {type(reject_label).__name__}, "
            f"but the classes are {kind} ({classes.tolist()[:5]}); predictions "
            f"would mix types. Pass reject_label={suggestion!r}."
        )
    if reject_label in set(classes.tolist()):
        raise ValueError(
            f"reject_label={reject_label!r} is one of the classes "
            f"{classes.tolist()[:10]}; a rejection must be distinguishable from a "
            f"prediction. Pass reject_label={suggestion!r}."
        )


def _string_dtype_of(y):
    """``y``'s NumPy ``StringDType``, or None for labels of any other dtype."""
    string_dtype = getattr(np.dtypes, "StringDType", None)
    dtype = getattr(y, "dtype", None)
    if string_dtype is not None and isinstance(dtype, string_dtype):
        return dtype
    return None


def _confidence_range(method):
    """The values the confidence of ``method`` can take, and what they are."""
    if method == "predict_proba":
        return 0.0, 1.0, "the maximum predicted probability"
    return 0.0, np.inf, "the decision margin"


def check_threshold(threshold, *, n_classes, method):
    """A validated threshold: a float, or an array of one per class.

    ``np.inf`` is allowed (reject every prediction, of that class for a
    per-class threshold); other values outside the range of the confidence
    are refused, since they would reject everything or nothing without saying
    so.

    Returns
    -------
    threshold : float or ndarray of shape (n_classes,)
    """
    low, high, what = _confidence_range(method)
    if np.ndim(threshold) == 0:
        if (
            not isinstance(threshold, (numbers.Real, np.number))
            or isinstance(threshold, (bool, np.bool_))
            or np.isnan(threshold)
        ):
            raise ValueError(
                f"threshold must be a real number (e.g. 0.8) or an array of one "
                f"threshold per class; got {threshold!r}."
            )
        values = np.array([threshold], dtype=float)
    else:
        try:
            values = np.asarray(threshold, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(
                "threshold must be a real number or an array of one real threshold "
                f"per class; got {threshold!r}."
            ) from None
        if values.ndim != 1 or len(values) != n_classes:
            raise ValueError(
                f"threshold has shape {values.shape}, but one threshold per class "
                f"is needed: an array of length {n_classes}, in the order of "
                "classes_."
            )
        if np.isnan(values).any():
            raise ValueError(f"threshold contains NaN: {threshold!r}.")
    checked = values[values != np.inf]  # +inf: reject everything, knowingly
    outside = checked[(checked < low) | (checked > high)]
    if outside.size:
        raise ValueError(
            f"threshold {float(outside[0]):g} is outside [{low:g}, {high:g}], the "
            f"range of {what} (the confidence with response_method={method!r}): it "
            f"would {'reject every' if outside[0] > high else 'never reject a'} sample "
            f"without saying so. Pass thresholds in [{low:g}, {high:g}] (np.inf "
            "rejects everything knowingly)."
        )
    return float(values[0]) if np.ndim(threshold) == 0 else values
