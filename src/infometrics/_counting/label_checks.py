"""Checks of label arrays, sample weights and the reject marker, with clear errors."""

import math
import numbers
import warnings
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np
import pandas as pd

from .._warnings import find_stack_level
from ..exceptions import RejectLabelWarning


def check_labels_array(y, name):
    """One label array as a 1-d ndarray (nullable columns with NA as objects)."""
    if isinstance(y, (str, bytes)) or (
        not hasattr(y, "__len__") and not hasattr(y, "__array__")
    ):
        raise ValueError(
            f"{name} must be a 1-d array-like of labels; got {type(y).__name__}."
        )
    if isinstance(y, pd.api.extensions.ExtensionArray):
        y = pd.Series(y, copy=False)
    if isinstance(y, (pd.Series, pd.Index)):
        if isinstance(y.dtype, pd.api.extensions.ExtensionDtype) and y.hasnans:
            array = y.to_numpy(dtype=object)
        else:
            array = y.to_numpy()
    else:
        array = np.asarray(y)
        if (
            array.dtype.kind in "US"
            and array.ndim == 1
            and not isinstance(y, np.ndarray)
        ):
            # NumPy turns NaN and 1 in a list of strings into 'nan' and '1'.
            items = list(y)
            kind = str if array.dtype.kind == "U" else bytes
            if not all(type(item) is kind for item in items):
                array = np.empty(len(items), dtype=object)
                array[:] = items
    if array.ndim != 1:
        hint = (
            f"For a column vector pass np.ravel({name})."
            if array.ndim == 2 and array.shape[1] == 1
            else "If each label is a tuple, pass a 1-d object array of them "
            f"(labels = np.empty(n, dtype=object); labels[:] = {name})."
        )
        raise ValueError(
            f"{name} must be 1-d, one label per sample; got an array of shape "
            f"{array.shape}. {hint}"
        )
    if array.dtype.kind not in "biufUSOT":
        raise ValueError(
            f"{name} must hold numbers or strings; got dtype {array.dtype}."
        )
    return array


def check_complete_labels(y, name):
    """``check_labels_array``, and no missing label allowed (no marker applies)."""
    array = check_labels_array(y, name)
    if missing_mask(array).any():
        raise_missing_labels(name, RejectMarker(None, "none"))
    return array


def check_optional_sample_weight(sample_weight, n_samples):
    if sample_weight is None:
        return None
    weights = np.asarray(sample_weight)
    if weights.dtype.kind not in "biuf":
        raise_non_numeric_weights(weights.dtype)
    weights = weights.astype(np.float64, copy=False)
    if weights.ndim != 1 or weights.shape[0] != n_samples:
        raise ValueError(
            f"sample_weight must have shape ({n_samples},), one weight per sample; "
            f"got shape {weights.shape}."
        )
    if not np.all(np.isfinite(weights)):
        raise ValueError(
            "sample_weight contains NaN or infinite values; use finite weights."
        )
    if np.any(weights < 0):
        raise ValueError(
            "sample_weight contains negative values; weights must be non-negative "
            "(use 0 to leave a sample out)."
        )
    return check_finite_total(weights)


def raise_non_numeric_weights(dtype):
    raise ValueError(
        f"sample_weight must be numeric (booleans count as 1 and 0, a mask); got "
        f"dtype {dtype}."
    )


def check_finite_total(counts, *, what="sample_weight"):
    """Refuse float counts whose total overflows float64."""
    counts = np.asarray(counts)
    if counts.dtype.kind == "f":
        with np.errstate(over="ignore", invalid="ignore"):
            total = counts.sum()
        if not np.isfinite(total):
            raise ValueError(
                f"{what} sums overflow float64: finite values add up to more "
                "than 1.8e308. Rescale them (e.g. divide the weights by their "
                "maximum)."
            )
    return counts


def check_sample_weight(sample_weight, n_samples):
    """Validated float weights of shape (n_samples,), or ones if None."""
    weights = check_optional_sample_weight(sample_weight, n_samples)
    return np.ones(n_samples) if weights is None else weights


def check_fraction(value, name, interval):
    """``value`` as a float in ``interval``: "[0, 1]", "(0, 1]" or "(0, 1)"."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number in {interval}; got {value!r}.")
    value = float(value)
    low = value > 0 if interval[0] == "(" else value >= 0
    if not (low and (value < 1 if interval[-1] == ")" else value <= 1)):
        raise ValueError(f"{name} must be in {interval}; got {value!r}.")
    return value


def _is_number(value):
    return isinstance(value, (numbers.Number, np.number)) and not isinstance(
        value, (bool, np.bool_)
    )


def _is_string(value):
    return isinstance(value, (str, bytes, np.str_, np.bytes_))


@dataclass(frozen=True)
class RejectMarker:
    """A reject label; kind: none, missing, number, string or other."""

    value: Any
    kind: str
    integer: int | None = None

    @property
    def rejects(self):
        return self.kind != "none"


def reject_marker(reject_label):
    """Classify ``reject_label``; refuse markers that can match nothing."""
    if reject_label is None:
        return RejectMarker(None, "none")
    if isinstance(reject_label, (bool, np.bool_)):
        raise ValueError(
            f"reject_label={reject_label!r} is a bool, which would match the labels "
            "1 or 0 (True == 1); pass the marker your classifier writes for a "
            "rejection (e.g. -1 or 'reject'), or reject_label=None."
        )
    if _is_number(reject_label):
        if isinstance(reject_label, (complex, np.complexfloating)):
            raise ValueError(
                f"reject_label={reject_label!r} is complex; labels are real numbers "
                "or strings."
            )
        # An int may exceed every numpy integer type: compared as a Python int.
        is_int = isinstance(reject_label, (int, np.integer))
        if not is_int and math.isnan(reject_label):
            return RejectMarker(reject_label, "missing")
        whole = is_int or _is_whole(reject_label)
        return RejectMarker(
            reject_label, "number", int(reject_label) if whole else None
        )
    if reject_label is pd.NA or reject_label is pd.NaT:
        return RejectMarker(reject_label, "missing")
    if _is_string(reject_label):
        return RejectMarker(reject_label, "string")
    if np.ndim(reject_label) != 0:
        raise ValueError(
            f"reject_label must be one label value (or None); got {reject_label!r}."
        )
    return RejectMarker(reject_label, "other")


def _text_kind(value):
    return "bytes" if isinstance(value, (bytes, np.bytes_)) else "string"


def label_kind(uniques):
    """ "number", "string", "bytes" or "mixed": what the distinct labels are."""
    if uniques.dtype.kind != "O":
        return {"U": "string", "T": "string", "S": "bytes"}.get(
            uniques.dtype.kind, "number"
        )
    kinds = {
        "number" if _is_number(v) else _text_kind(v) if _is_string(v) else "mixed"
        for v in uniques.tolist()
    } or {"number"}
    return kinds.pop() if len(kinds) == 1 else "mixed"


def check_marker_matches_kind(marker, label_kind, uniques=()):
    """Refuse a marker that cannot occur; -1 with string labels warns if "-1" is one."""
    text_kind = _text_kind(marker.value)
    if marker.kind == "number" and label_kind in ("string", "bytes"):
        if marker.integer == -1:
            if {"-1", "-1.0"} & {str(value) for value in np.asarray(uniques).tolist()}:
                warnings.warn(
                    f"reject_label={marker.value!r} (the default) is a number but "
                    "the labels are strings and hold '-1', which is counted as a "
                    "class, not as a rejection. Pass the marker your classifier "
                    "writes for a rejection (e.g. reject_label='-1'), or "
                    "reject_label=None if it cannot reject (this also makes the "
                    "matrix square).",
                    RejectLabelWarning,
                    stacklevel=find_stack_level(),
                )
            return
        what, labels, fix = "a number", "strings", "the string"
    elif marker.kind == "string" and label_kind == "number":
        what, labels, fix = "a string", "numbers", "the number"
    elif marker.kind == "string" and label_kind in {"string", "bytes"} - {text_kind}:
        # b"rej" != "rej": a str marker never matches bytes labels, nor the reverse.
        what, labels, fix = text_kind, label_kind, f"the marker as {label_kind}"
    else:
        return
    raise ValueError(
        f"reject_label={marker.value!r} is {what} but the labels are {labels}; it "
        f"can never match a prediction. Pass {fix} that your classifier writes for "
        "a rejection, or reject_label=None."
    )


def _is_whole(value):
    return math.isfinite(value) and value == int(value)


def _is_fractional(value):
    """A real number (float, Decimal, Fraction) that is not a whole finite one."""
    return (
        isinstance(value, (numbers.Real, Decimal))
        and not isinstance(value, numbers.Integral)
        and not _is_whole(value)
    )


def check_not_continuous(uniques, present_in, marker):
    """Refuse numbers that are not whole; ``present_in(i)`` names their array."""
    if uniques.dtype.kind == "f":
        bad = ~np.isfinite(uniques) | (uniques != np.round(uniques))
    elif uniques.dtype.kind == "O":
        bad = np.array([_is_fractional(v) for v in uniques.tolist()], dtype=bool)
    else:
        return
    if marker.kind == "number" and bad.any():
        bad &= ~equals(uniques, marker)
    if bad.any():
        position = int(np.flatnonzero(bad)[0])
        raise ValueError(
            f"{present_in(position)} contains continuous values (e.g. "
            f"{uniques[position]!r}), not class labels. Classification measures "
            "need predicted classes (estimator.predict), not scores, probabilities "
            "or regression outputs; threshold or round them first."
        )


def raise_unknown(name, examples, labels, reject_label, *, is_true):
    hint = "" if is_true else f" or to the reject label ({reject_label!r})"
    listed = np.asarray(labels).tolist()
    raise ValueError(
        f"{name} contains labels that are not in labels={listed!r}: "
        f"{examples!r}. Add them to labels{hint}; no sample is silently dropped."
    )


def raise_reject_in_true(reject_label):
    raise ValueError(
        f"y_true contains the reject label {reject_label!r}; a true class cannot be "
        "'rejected'. Pass a reject_label that is not a class (or reject_label=None "
        "if the classifier has no reject option)."
    )


def raise_empty():
    raise ValueError(
        "y_true and y_pred are empty; at least one sample is needed to build a "
        "confusion matrix."
    )


def raise_zero_weights():
    raise ValueError(
        "sample_weight is 0 for every sample, so there is nothing to count; "
        "give at least one sample a positive weight."
    )


def raise_missing_labels(name, marker):
    hint = (
        " If a missing prediction means the classifier abstained, pass "
        "reject_label=np.nan."
        if name == "y_pred" and marker.kind != "missing"
        else ""
    )
    raise ValueError(
        f"{name} contains missing labels (None, NaN or pd.NA); every sample needs "
        f"a label. Drop or impute those samples first.{hint}"
    )


def equals(values, marker):
    """Where ``values`` equals the marker; a whole marker as its integer (exact)."""
    label = marker.value if marker.integer is None else marker.integer
    if values.dtype.kind == "f":
        # Exactly, in float64 or wider: cast to float32, 1e300 would be inf.
        values = values.astype(np.promote_types(values.dtype, np.float64))
    try:
        result = values == label
    except (TypeError, ValueError):
        return np.zeros(len(values), dtype=bool)
    return np.asarray(result, dtype=bool).reshape(len(values))


def check_explicit_labels(labels, marker):
    labels_array = check_labels_array(labels, "labels")
    if labels_array.size == 0:
        raise ValueError(
            "labels must be a non-empty 1-d list of the classes, in row order; got "
            f"{labels!r}."
        )
    codes, uniques = pd.factorize(labels_array)
    if (codes < 0).any():
        raise ValueError("labels contains a missing value (None or NaN).")
    if len(uniques) != labels_array.size:
        raise ValueError(
            f"labels contains duplicates: {labels!r}; list each class once."
        )
    if is_rejection(labels_array, marker).any():  # missing values refused above
        raise ValueError(
            f"labels contains the reject label {marker.value!r}; the reject label "
            "is not a class. Remove it from labels or choose another reject_label."
        )
    return labels_array


def missing_mask(values):
    """Where ``values`` holds a missing label, for every dtype."""
    kind = values.dtype.kind
    if kind == "f":
        return np.isnan(values)
    if kind == "O":
        return np.asarray(pd.isna(values), dtype=bool)
    if kind == "T" and hasattr(values.dtype, "na_object"):
        return np.asarray(pd.isna(values.astype(object)), dtype=bool)
    return np.zeros(values.shape, dtype=bool)


def is_rejection(values, marker):
    """Where ``values`` equals the reject marker (by value across numeric types)."""
    if marker.kind == "none":
        return np.zeros(values.shape, dtype=bool)
    if marker.kind == "missing":
        return missing_mask(values)
    return equals(values, marker)
