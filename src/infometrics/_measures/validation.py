"""Input validation shared by the count-level functions.

Kept in-house on purpose: scikit-learn's validators are private and have moved
between releases.
"""

import numbers
import os
import sys
import warnings

import numpy as np

from .._exceptions import UndefinedMeasureWarning

WARN = "warn"


def check_confusion_matrix(confusion_matrix, *, allow_square=True):
    """Validate an augmented confusion matrix (or a stack of them).

    Parameters
    ----------
    confusion_matrix : array-like of shape (..., m, m) or (..., m, m + 1)
        Non-negative finite counts.
    allow_square : bool, default=True
        Whether an ``(m, m)`` matrix (no reject column) is accepted.

    Returns
    -------
    counts : ndarray of float64, shape (..., m, m) or (..., m, m + 1)
        The counts as floats.
    has_reject_column : bool
        True for ``(..., m, m + 1)`` input.
    """
    try:
        counts = np.asarray(confusion_matrix, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            "The confusion matrix must be an array of numbers (counts); got "
            f"{type(confusion_matrix).__name__} that cannot be converted: {exc}."
        ) from None
    if counts.ndim < 2:
        raise ValueError(
            "The confusion matrix must have at least 2 dimensions, shape (m, m) or "
            f"(m, m + 1) or a stack (..., m, m + 1); got shape {counts.shape}. "
            "To build one from labels use augmented_confusion_matrix(y_true, y_pred)."
        )
    n_rows, n_cols = counts.shape[-2:]
    if n_rows == 0:
        raise ValueError(
            f"The confusion matrix has no rows (shape {counts.shape}); it needs at "
            "least one true class."
        )
    if n_cols == n_rows + 1:
        has_reject_column = True
    elif n_cols == n_rows and allow_square:
        has_reject_column = False
    else:
        expected = "(m, m) or (m, m + 1)" if allow_square else "(m, m + 1)"
        raise ValueError(
            f"The confusion matrix must have shape {expected}: one row per true "
            "class, one column per predicted class in the same order, plus a last "
            f"column for rejected samples; got {n_rows} rows and {n_cols} columns."
        )
    if not np.all(np.isfinite(counts)):
        raise ValueError(
            "The confusion matrix contains NaN or infinite values; counts must be "
            "finite."
        )
    if np.any(counts < 0):
        raise ValueError(
            "The confusion matrix contains negative values; counts (or summed "
            "sample weights) must be non-negative."
        )
    return counts, has_reject_column


def check_replace_undefined_by(replace_undefined_by):
    """Validate the ``replace_undefined_by`` option shared by every measure."""
    if isinstance(replace_undefined_by, str):
        if replace_undefined_by != WARN:
            raise ValueError(
                "replace_undefined_by must be 'warn' (return nan and warn) or a "
                f"float to return silently; got {replace_undefined_by!r}."
            )
        return replace_undefined_by
    if isinstance(replace_undefined_by, numbers.Real) and not isinstance(
        replace_undefined_by, bool
    ):
        return float(replace_undefined_by)
    raise ValueError(
        "replace_undefined_by must be 'warn' (return nan and warn) or a float to "
        f"return silently; got {replace_undefined_by!r}."
    )


def fill_undefined(values, conditions, replace_undefined_by, *, name):
    """Replace undefined entries and warn once if the caller did not choose a value.

    Parameters
    ----------
    values : ndarray
        Computed values; entries that are undefined are overwritten.
    conditions : list of (ndarray of bool, str)
        Masks of where the measure is undefined, each with the reason; the
        warning names the reasons that occurred.
    replace_undefined_by : 'warn' or float
        Already validated by :func:`check_replace_undefined_by`.
    name : str
        The measure's name, used in the warning message.
    """
    values = np.asarray(values, dtype=np.float64)
    undefined = np.zeros(values.shape, dtype=bool)
    reasons = []
    for mask, reason in conditions:
        mask = np.broadcast_to(mask, values.shape)
        if np.any(mask & ~undefined):
            reasons.append(reason)
        undefined |= mask
    if not reasons:
        return values
    if replace_undefined_by == WARN:
        values = np.where(undefined, np.nan, values)
        count = int(np.count_nonzero(undefined))
        where = (
            "" if undefined.ndim == 0 else f" for {count} of {undefined.size} matrices"
        )
        warnings.warn(
            f"{name} is undefined{where}: {'; '.join(reasons)}. Returning nan; pass "
            "replace_undefined_by=<float> to choose the value and silence this "
            "warning.",
            UndefinedMeasureWarning,
            stacklevel=caller_stacklevel(),
        )
    else:
        values = np.where(undefined, replace_undefined_by, values)
    return values


# Entropies and mutual information are summed along different paths, so a
# perfect classifier can come out at 1 - 2**-53; a ratio this close to a bound
# of [0, 1] is that bound.
_SNAP_TOLERANCE = 16 * np.finfo(np.float64).eps


def clip_unit_interval(values):
    """Clip into ``[0, 1]``, snap rounding noise at the bounds, and drop -0.0."""
    values = np.clip(values, 0.0, 1.0)
    values = np.where(values >= 1.0 - _SNAP_TOLERANCE, 1.0, values)
    return np.where(values <= _SNAP_TOLERANCE, 0.0, values) + 0.0


# The package root (this module sits one level below it).
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def caller_stacklevel():
    """Stack level of the first frame outside this package, for ``warnings.warn``.

    Public functions reach the warning through different depths of private
    helpers; pointing the warning at the user's line needs the real depth.
    """
    frame = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
        level += 1
    return level


def as_output(values):
    """Return a Python float for a 0-d result, else the array itself."""
    values = np.asarray(values)
    if values.ndim == 0:
        return float(values)
    return values
