"""Sums of confusion counts over the union of their labels.

Counts are additive once their rows are aligned on the sorted union of their
labels: the accumulator, Dask chunks and counts of tables all add up here.
"""

import numpy as np
import pandas as pd

from .label_checks import check_finite_total, reject_marker
from .labels import concatenate_labels, sorted_order


def _sorted_union(labels_a, labels_b):
    """The sorted union of two label arrays (the order one call would give).

    The labels are joined in the dtype one call on both batches would use
    (``concatenate_labels``): integers beyond 2**53 never meet a float batch as
    floats, nor uint64 beyond 2**63 an int64 batch, where distinct labels
    would collapse; such mixes are compared as Python numbers, exactly.
    """
    uniques = np.asarray(pd.unique(concatenate_labels(labels_a, labels_b)))
    return uniques[sorted_order(uniques)]


def _same_labels(labels_a, labels_b):
    """Whether two label arrays are the same labels in the same order, exactly.

    Only arrays of one dtype (or two string widths) are compared: numpy would
    compare an int64 and a float64 array as floats, where 2**53 + 1 equals
    2**53.
    """
    return (
        (
            labels_a.dtype == labels_b.dtype
            or labels_a.dtype.kind == labels_b.dtype.kind == "U"
        )
        and len(labels_a) == len(labels_b)
        and bool(np.array_equal(labels_a, labels_b))
    )


def _same_classes(labels_a, labels_b):
    """Whether two label arrays name the same classes in the same order.

    Compared as Python values, exactly (``1 == 1.0`` but ``2**53 + 1 !=
    2.0**53``), whatever their dtypes.
    """
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
    """Sum two (labels, matrix) pairs over the sorted union of their labels.

    Parameters
    ----------
    labels_a, labels_b : ndarray of shape (m_a,) and (m_b,)
        Row order of each matrix.
    matrix_a, matrix_b : ndarray of shape (m, m + 1) or (m, m)
        Counts; a reject column iff ``has_reject``.
    has_reject : bool
        Whether the matrices carry a reject column.

    Returns
    -------
    labels : ndarray
    matrix : ndarray
    """
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
    """``matrix_a + matrix_b``, refused where a count would overflow.

    Float counts would become inf and int64 counts would wrap around: both
    are refused rather than summed into a wrong count.
    """
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
    """Whether two reject labels mark the same predictions.

    Missing-value markers (``np.nan``, ``pd.NA``) all declare missing
    predictions rejections, so they are the same marker although NaN is not
    equal to itself.
    """
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
