"""Sums of confusion counts over the sorted union of their labels."""

import numpy as np
import pandas as pd

from .label_checks import check_finite_total, reject_marker
from .labels import concatenate_labels, sorted_order


class SumsFromZero:
    """Counts that ``sum([a, b, c])`` adds up, from 0."""

    def __radd__(self, other):
        return self if isinstance(other, int) and other == 0 else NotImplemented


def _same_dtype(a, b):
    # Ints are never compared as floats.
    return a.dtype == b.dtype or a.dtype.kind == b.dtype.kind == "U"


def same_classes(labels_a, labels_b):
    """The same classes in the same order, compared as Python values."""
    return bool(np.array_equal(labels_a.astype(object), labels_b.astype(object)))


def _embed(matrix, labels, union, has_reject):
    """``matrix`` (rows/columns = ``labels``) placed in the rows of ``union``."""
    n_classes = len(union)
    # In the union's dtype, which holds every label exactly, False finds 0.
    labels = labels.astype(union.dtype, copy=False)
    positions = pd.Index(union, dtype=union.dtype).get_indexer(labels)
    columns = np.append(positions, n_classes) if has_reject else positions
    result = np.zeros(
        (n_classes, n_classes + has_reject),
        dtype=np.result_type(matrix.dtype, np.int64),
    )
    result[np.ix_(positions, columns)] = matrix
    return result


def merge_counts(labels_a, matrix_a, labels_b, matrix_b, *, has_reject):
    """Two (labels, matrix) pairs summed over the sorted union of their labels."""
    labels_a, labels_b = np.asarray(labels_a), np.asarray(labels_b)
    if _same_dtype(labels_a, labels_b) and same_classes(labels_a, labels_b):
        return labels_a, checked_sum(matrix_a, matrix_b)
    if len(labels_b) == 0:
        return labels_a, matrix_a.copy()
    if len(labels_a) == 0:
        return labels_b, matrix_b.copy()
    union = np.asarray(pd.unique(concatenate_labels(labels_a, labels_b)))
    union = union[sorted_order(union)]
    return union, checked_sum(
        _embed(matrix_a, labels_a, union, has_reject),
        _embed(matrix_b, labels_b, union, has_reject),
    )


def positions_among(labels, classes):
    """Positions of ``classes`` among ``labels``, or None unless all are there."""
    if not _same_dtype(classes, labels):
        return None if classes.size else np.empty(0, dtype=np.int64)
    positions = pd.Index(labels, dtype=labels.dtype).get_indexer(classes)
    return None if (positions < 0).any() else positions


def add_into(total, positions, matrix, *, has_reject):
    """``total`` plus ``matrix`` at rows ``positions``, in place if the dtype allows."""
    columns = np.append(positions, total.shape[0]) if has_reject else positions
    # ``!= 0`` first: far faster than nonzero() of counts.
    cells = np.flatnonzero(matrix.ravel() != 0)
    rows, cells_columns = np.divmod(cells, matrix.shape[1])
    at = positions[rows], columns[cells_columns]
    values = checked_sum(total[at], matrix.ravel()[cells])
    if values.dtype.kind == "f":
        with np.errstate(over="ignore"):
            sums = [total.sum(dtype=np.float64), matrix.sum(dtype=np.float64)]
        check_finite_total(np.array(sums), what="the counts'")
    if values.dtype != total.dtype:
        total = total.astype(values.dtype)
    total[at] = values
    return total


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


def check_same_reject_label(a, b, *, same_shape=True):
    """Refuse counts of two reject labels that differ (NaN and pd.NA are one)."""
    same = a is None and b is None
    if a is not None and b is not None:
        kind_a, kind_b = reject_marker(a).kind, reject_marker(b).kind
        if "missing" in (kind_a, kind_b):
            same = kind_a == kind_b
        else:
            try:
                same = bool(a == b) and isinstance(a, str) == isinstance(b, str)
            except (TypeError, ValueError):
                same = False
    if not (same and same_shape):
        raise ValueError(
            f"Cannot add counts with different reject labels ({a!r} and {b!r}): "
            "their matrices mean different things; counts add up only with the "
            "same reject label."
        )


def describe_total(matrix):
    total = matrix.sum()
    if matrix.dtype.kind in "iu":
        return f"{int(total)} samples"
    return f"total weight {float(total):.6g}"
