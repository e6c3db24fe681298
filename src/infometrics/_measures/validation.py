"""Input validation of the count-level functions (in-house: scikit-learn's
validators are private)."""

import numbers
import warnings

import numpy as np

from .._warnings import find_stack_level
from ..exceptions import UndefinedMeasureWarning

WARN = "warn"

# The name of the reject column of counts whose columns are not named.
_REJECT_COLUMN = object()

# Names a table's reject column may have: the package's default marker and
# the words people write for it (pd.crosstab keeps the marker as the name).
_REJECT_NAMES = {-1, "-1", "rejected", "reject", "rejection", "rejections", None}


def _names(values):
    names = list(values)
    if len(set(names)) != len(names):
        repeated = sorted({repr(name) for name in names if names.count(name) > 1})
        raise ValueError(
            f"A labelled confusion matrix names {', '.join(repeated)} more than "
            "once; give every class one row and one column."
        )
    return names


def _check_reject_name(name):
    # An extra column not named as the rejections is most often a class
    # predicted but never true (pd.crosstab), whose samples would be rejections.
    text = name.strip().lower() if isinstance(name, str) else name
    if text in _REJECT_NAMES or (isinstance(text, float) and np.isnan(text)):
        return  # -1.0 is the marker -1
    raise ValueError(
        f"The confusion matrix has a column {name!r} that is not one of its "
        "rows' classes. If it is a class that was predicted but never true, add "
        "an all-zero row for it; if it holds the rejections, name it "
        "'rejected' (or -1)."
    )


def labelled_counts(confusion_matrix, labels=None, *, any_reject_name=False):
    """``(counts, row names)`` of a named table (DataFrame, ``ConfusionCounts``),
    columns by name in the rows' order (``labels``), rejections last; else
    ``(input, None)``."""
    is_counts = hasattr(confusion_matrix, "labels") and hasattr(
        confusion_matrix, "confusion_matrix"
    )
    if is_counts:
        # The columns are the rows' classes in row order, then the rejections.
        rows = _names(np.asarray(confusion_matrix.labels).tolist())
        values = np.asarray(confusion_matrix.confusion_matrix)
        columns = rows + [_REJECT_COLUMN] * (values.shape[1] - len(rows))
    elif not isinstance(confusion_matrix, np.ndarray) and all(
        hasattr(confusion_matrix, name) for name in ("index", "columns", "to_numpy")
    ):
        rows = _names(confusion_matrix.index)
        columns = _names(confusion_matrix.columns)
        values = np.asarray(confusion_matrix.to_numpy())
        if rows == list(range(len(rows))) and columns == list(range(len(columns))):
            # pandas' default positions: reading by position is reading by name.
            return values, None
    else:
        return confusion_matrix, None
    if labels is not None:
        order = _names(np.asarray(labels).tolist())
        if set(order) != set(rows) or len(order) != len(rows):
            raise ValueError(
                f"labels {order!r} are not the row names of the confusion matrix "
                f"{rows!r}; give the same classes (in the order you want) or "
                "leave labels out."
            )
        values = values[[rows.index(name) for name in order]]
        rows = order
    extra = [name for name in columns if name not in set(rows)]
    missing = [name for name in rows if name not in set(columns)]
    if missing or len(extra) > 1:
        raise ValueError(
            "The confusion matrix's columns must name the same classes as its "
            f"rows (and at most one more column, the rejections); rows {rows!r}, "
            f"columns {columns!r}. Rename them to match, or pass .to_numpy() to "
            "read the counts by position."
        )
    if extra and not (any_reject_name or is_counts):
        _check_reject_name(extra[0])
    order = [columns.index(name) for name in rows + extra]
    if is_counts:
        # The labels as the counts hold them (an object array of Python ints
        # beyond int64 stays one), in the order asked.
        own = np.asarray(confusion_matrix.labels)
        listed = own.tolist()
        rows = own[[listed.index(name) for name in rows]]
    # C order, as an array given in row order would be: sums run alike.
    return np.ascontiguousarray(values[:, order]), rows


# What a matrix of each refused dtype kind holds, and what to do about it.
_NOT_COUNTS = {
    "b": "is boolean; it must hold counts. Convert it with .astype(int) if "
    "True/False really mean 1/0 samples.",
    "c": "holds complex numbers; counts are real and non-negative.",
    **dict.fromkeys(
        "USTa",
        "holds strings; counts must be numbers. Parse them first (e.g. "
        "np.asarray(matrix, dtype=float)) if they are.",
    ),
}


def check_confusion_matrix(confusion_matrix):
    """``(float64 counts, has a reject column)`` of a matrix or a stack, or raise;
    a labelled table is aligned by name."""
    confusion_matrix, _ = labelled_counts(confusion_matrix)
    if isinstance(confusion_matrix, np.ma.MaskedArray):
        if np.ma.is_masked(confusion_matrix):
            raise ValueError(
                "The confusion matrix is a masked array with masked entries; a "
                "masked count has no value. Fill them with the counts they stand "
                "for (e.g. matrix.filled(0) if they are zero) or pass a plain array."
            )
        confusion_matrix = np.ma.getdata(confusion_matrix)
    try:
        raw = np.asarray(confusion_matrix)
    except (TypeError, ValueError) as exc:
        raise ValueError(
            "The confusion matrix must be an array of numbers (counts); got "
            f"{type(confusion_matrix).__name__} that cannot be converted: {exc}."
        ) from None
    kind = raw.dtype.kind
    if kind not in "iufO":
        problem = f"must hold numbers (counts); got dtype {raw.dtype}."
        raise ValueError(f"The confusion matrix {_NOT_COUNTS.get(kind, problem)}")
    not_numbers = [
        value
        for value in (raw.ravel().tolist() if kind == "O" else [])
        if isinstance(value, bool) or not isinstance(value, (numbers.Real, np.number))
    ]
    if not_numbers:
        raise ValueError(
            "The confusion matrix must hold numbers (counts); it holds "
            f"{not_numbers[0]!r} of type {type(not_numbers[0]).__name__}. "
            "Convert the entries to numbers first."
        )
    try:
        counts = raw.astype(np.float64)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(
            f"The confusion matrix entries cannot be read as counts: {exc}."
        ) from None
    if counts.ndim < 2:
        raise ValueError(
            "The confusion matrix must have at least 2 dimensions, shape (m, m) or "
            f"(m, m + 1) or a stack (..., m, m + 1); got shape {counts.shape}. "
            "To build one from labels use augmented_confusion_matrix(y_true, y_pred)."
        )
    n_rows, n_cols = counts.shape[-2:]
    for failed, problem in [
        (n_rows == 0, f"has no rows (shape {counts.shape}); it needs a true class."),
        (
            n_cols not in (n_rows, n_rows + 1),
            "must have shape (m, m) or (m, m + 1): one row per true class, one "
            "column per predicted class in the same order, plus a last column for "
            f"rejected samples; got {n_rows} rows and {n_cols} columns.",
        ),
        (
            not np.all(np.isfinite(counts)),
            "contains NaN or infinite values; counts must be finite.",
        ),
        (
            np.any(counts < 0),
            "contains negative values; counts (or summed sample weights) must be "
            "non-negative.",
        ),
    ]:
        if failed:
            raise ValueError(f"The confusion matrix {problem}")
    return counts, n_cols == n_rows + 1


def sample_counts_problem(counts):
    """Why validated counts are not whole samples, or None."""
    if not np.all(counts == np.floor(counts)):
        return (
            "the confusion matrix holds non-integer counts (weights). Pass "
            "unweighted counts."
        )
    with np.errstate(over="ignore"):
        # A float sum reaches 2**53 exactly when the true total does.
        if np.any(counts.sum(axis=(-2, -1)) >= 2.0**53):
            return (
                "the confusion matrix holds 2**53 samples or more, beyond the "
                "integers a float sums exactly."
            )
    return None


def check_sample_counts(confusion_matrix, why):
    """:func:`check_confusion_matrix`, refusing counts that are not whole
    samples; ``why``: what needs them."""
    counts, _ = check_confusion_matrix(confusion_matrix)
    problem = sample_counts_problem(counts)
    if problem is not None:
        raise ValueError(f"{why} and needs integer counts; {problem}")
    return counts


def positive_row(pos_label, labels):
    """The row of the label ``pos_label`` among ``labels``, or a clear error."""
    labels = labels.tolist() if isinstance(labels, np.ndarray) else list(labels)
    scalar = np.ndim(pos_label) == 0 and not isinstance(pos_label, (tuple, dict))
    rows = [row for row, label in enumerate(labels) if scalar and label == pos_label]
    if len(rows) != 1:
        raise ValueError(
            f"pos_label={pos_label!r} is not one of the class labels {labels!r}; "
            "pass pos_label=<one of them>."
        )
    return rows[0]


def check_replace_undefined_by(replace_undefined_by):
    """Validate the ``replace_undefined_by`` option shared by every measure."""
    if isinstance(replace_undefined_by, str) and replace_undefined_by == WARN:
        return WARN
    if isinstance(replace_undefined_by, numbers.Real) and not isinstance(
        replace_undefined_by, (bool, str)
    ):
        return float(replace_undefined_by)
    raise ValueError(
        "replace_undefined_by must be 'warn' (return nan and warn) or a float to "
        f"return silently; got {replace_undefined_by!r}."
    )


def fill_undefined(values, conditions, replace_undefined_by, *, name):
    """``values`` with the entries under ``conditions`` (``(mask, reason)`` pairs)
    replaced; with ``"warn"`` by nan and one warning naming the reasons."""
    values = np.asarray(values, dtype=np.float64)
    undefined, reasons = np.zeros(values.shape, dtype=bool), []
    for mask, reason in conditions:
        mask = np.broadcast_to(mask, values.shape)
        if np.any(mask & ~undefined):
            reasons.append(reason)
        undefined |= mask
    if not reasons:
        return values
    if replace_undefined_by == WARN:
        count = np.count_nonzero(undefined)
        where = f" for {count} of {undefined.size} matrices" if undefined.ndim else ""
        warnings.warn(
            f"{name} is undefined{where}: {'; '.join(reasons)}. Returning nan; pass "
            "replace_undefined_by=<float> to choose the value and silence this "
            "warning.",
            UndefinedMeasureWarning,
            stacklevel=find_stack_level(),
        )
    fill = np.nan if replace_undefined_by == WARN else replace_undefined_by
    return np.where(undefined, fill, values)


# Entropies and mutual information are summed along different paths, so a
# perfect classifier can come out at 1 - 2**-53; a ratio this close to a bound
# of [0, 1] is that bound.
_SNAP_TOLERANCE = 16 * np.finfo(np.float64).eps


def clip_unit_interval(values):
    """Clip into ``[0, 1]``, snap rounding noise at the bounds, and drop -0.0."""
    values = np.clip(values, 0.0, 1.0)
    values = np.where(values >= 1.0 - _SNAP_TOLERANCE, 1.0, values)
    return np.where(values <= _SNAP_TOLERANCE, 0.0, values) + 0.0


def as_output(values):
    """A Python float for a 0-d result, else the array itself."""
    values = np.asarray(values)
    return float(values) if values.ndim == 0 else values
