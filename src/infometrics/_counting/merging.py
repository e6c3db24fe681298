"""Sums of confusion counts over the union of their labels.

Counts are additive once their rows are aligned on the sorted union of their
labels: the accumulator, Dask chunks and counts of tables all add up here.
"""

import numpy as np
import pandas as pd

from .label_checks import check_finite_total, reject_marker
from .labels import concatenate_labels, sorted_order


def _sorted_union(labels_a, labels_b):
    """The sorted union of two label arrays, in a dtype that keeps them distinct."""
    uniques = np.asarray(pd.unique(concatenate_labels(labels_a, labels_b)))
    return uniques[sorted_order(uniques)]


def _same_labels(labels_a, labels_b):
    """The same labels in the same order and dtype (ints never compared as floats)."""
    return (
        (
            labels_a.dtype == labels_b.dtype
            or labels_a.dtype.kind == labels_b.dtype.kind == "U"
        )
        and len(labels_a) == len(labels_b)
        and bool(np.array_equal(labels_a, labels_b))
    )


def same_classes(labels_a, labels_b):
    """The same classes in the same order, compared exactly as Python values."""
    return len(labels_a) == len(labels_b) and bool(
        np.array_equal(labels_a.astype(object), labels_b.astype(object))
    )


def _embed(matrix, labels, union, has_reject):
    """``matrix`` (rows/columns = ``labels``) placed in the rows of ``union``."""
    n_classes = len(union)
    result = np.zeros(
        (n_classes, n_classes + has_reject),
        dtype=np.result_type(matrix.dtype, np.int64),
    )
    if len(labels) == 0:
        return result
    # The union's dtype holds every label exactly (``concatenate_labels``); in it,
    # False finds 0 and 7 finds 7.0, and Python numbers (object) compare
    # exactly where numpy would promote to float64.
    labels = labels.astype(union.dtype, copy=False)
    positions = pd.Index(union, dtype=union.dtype).get_indexer(labels)
    if (positions < 0).any():
        # Cannot happen for a union of the labels; a silent -1 would add the
        # counts to the last row.
        raise RuntimeError(
            f"Labels {labels[positions < 0][:5].tolist()!r} are missing from their "
            "union; please report this as a bug of infometrics."
        )
    result[np.ix_(positions, positions)] = matrix[:, : len(labels)]
    if has_reject:
        result[positions, n_classes] = matrix[:, len(labels)]
    return result


def merge_counts(labels_a, matrix_a, labels_b, matrix_b, *, has_reject):
    """Two (labels, matrix) pairs summed over the sorted union of their labels."""
    labels_a, labels_b = np.asarray(labels_a), np.asarray(labels_b)
    if _same_labels(labels_a, labels_b):
        return labels_a, checked_sum(matrix_a, matrix_b)
    if len(labels_b) == 0:
        return labels_a, matrix_a.copy()
    if len(labels_a) == 0:
        return labels_b, matrix_b.copy()
    union = _sorted_union(labels_a, labels_b)
    return union, checked_sum(
        _embed(matrix_a, labels_a, union, has_reject),
        _embed(matrix_b, labels_b, union, has_reject),
    )


def checked_sum(matrix_a, matrix_b):
    """``matrix_a + matrix_b``, refused where a count would wrap or become inf."""
    result = np.result_type(matrix_a, matrix_b)
    if result.kind in "iu":
        info = np.iinfo(result)
        # Counts are non-negative, so only the upper end can be passed.
        if np.any(matrix_a > info.max - np.maximum(matrix_b, 0)):
            raise ValueError(
                f"the counts add up to more than {info.max} in a cell of the "
                f"matrix, beyond {result}; add them as float counts instead "
                "(e.g. ConfusionCounts(matrix.astype(float), labels))."
            )
        return matrix_a + matrix_b
    with np.errstate(over="ignore", invalid="ignore"):
        total = matrix_a + matrix_b
    if np.all(np.isfinite(matrix_a)) and np.all(np.isfinite(matrix_b)):
        check_finite_total(total, what="the counts'")
    return total


def same_reject_label(a, b):
    """Whether two reject labels mark the same predictions (NaN and pd.NA do)."""
    if a is None or b is None:
        return a is None and b is None
    kind_a, kind_b = reject_marker(a).kind, reject_marker(b).kind
    if kind_a == "missing" or kind_b == "missing":
        return kind_a == kind_b
    try:
        return bool(a == b) and (isinstance(a, str) == isinstance(b, str))
    except (TypeError, ValueError):
        return False


def describe_total(matrix):
    """The total of ``matrix`` for a repr: a count of samples, or a weight."""
    total = matrix.sum()
    if matrix.dtype.kind in "iu":
        return f"{int(total)} samples"
    return f"total weight {float(total):.6g}"
