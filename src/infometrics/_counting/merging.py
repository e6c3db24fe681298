"""Sums of confusion counts over the sorted union of their labels."""

import numpy as np
import pandas as pd

from .label_checks import check_finite_total, reject_marker
from .labels import concatenate_labels, sorted_order


class SumsFromZero:
    """Counts that ``sum([a, b, c])`` adds up: it starts from 0."""

    def __radd__(self, other):
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented


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
    # The union's dtype holds every label exactly (``concatenate_labels``); in it,
    # False finds 0 and 7 finds 7.0, and Python numbers (object) compare
    # exactly where numpy would promote to float64.
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
    if _same_labels(labels_a, labels_b):
        return labels_a, checked_sum(matrix_a, matrix_b)
    if len(labels_b) == 0:
        return labels_a, matrix_a.copy()
    if len(labels_a) == 0:
        return labels_b, matrix_b.copy()
    # The sorted union, in a dtype that keeps every label distinct.
    union = np.asarray(pd.unique(concatenate_labels(labels_a, labels_b)))
    union = union[sorted_order(union)]
    return union, checked_sum(
        _embed(matrix_a, labels_a, union, has_reject),
        _embed(matrix_b, labels_b, union, has_reject),
    )


def positions_among(labels, classes):
    """Positions of ``classes`` among ``labels`` (sorted), or None unless each
    is found there in the same dtype (so that the union is ``labels`` itself)."""
    if not (
        classes.dtype == labels.dtype or classes.dtype.kind == labels.dtype.kind == "U"
    ):
        return None if classes.size else np.empty(0, dtype=np.int64)
    positions = pd.Index(labels, dtype=labels.dtype).get_indexer(classes)
    return None if (positions < 0).any() else positions


def add_into(total, positions, matrix, *, has_reject):
    """``total`` plus ``matrix`` whose rows are ``total``'s rows ``positions``.

    Added cell by cell in place (a batch fills few cells of a large table),
    in a new array only when the sum needs another dtype; ``total`` is left
    unchanged when a count would wrap or become inf."""
    columns = np.append(positions, total.shape[0]) if has_reject else positions
    # The cells a batch filled; ``!= 0`` first: far faster than nonzero() of counts.
    cells = np.flatnonzero(matrix.ravel() != 0)
    rows, cells_columns = np.divmod(cells, matrix.shape[1])
    at = positions[rows], columns[cells_columns]
    values = checked_sum(total[at], matrix.ravel()[cells])
    if values.dtype.kind == "f":
        # The new total (the cells are non-negative: no cell overflows alone).
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
    """Refuse counts of two reject labels that mark different predictions.

    NaN and pd.NA are one marker (missing predictions)."""
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
    """The total of ``matrix`` for a repr: a count of samples, or a weight."""
    total = matrix.sum()
    if matrix.dtype.kind in "iu":
        return f"{int(total)} samples"
    return f"total weight {float(total):.6g}"
