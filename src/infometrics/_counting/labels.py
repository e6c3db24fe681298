"""Validated label arrays to the augmented matrix, in one ``np.bincount``.

Integer labels over a compact value range are counted in a dense (true range x
predicted range) table, whose present rows and columns are the classes; other
labels become ids (``value - low`` for integers over a compact range, else
pandas' hash-table codes) that a look-up table maps straight to matrix cells.
:func:`encode_labels` codes labels against known classes.
"""

import numpy as np
import pandas as pd

from .kernel import dense_pair_table
from .label_checks import (
    RejectMarker,
    check_labels_array,
    check_marker_matches_kind,
    check_not_continuous,
    equals,
    is_rejection,
    label_kind,
    missing_mask,
    raise_missing_labels,
    raise_reject_in_true,
    raise_unknown,
    reject_marker,
)

# A table over the labels' value range is used while it has at most this many
# cells per sample (plus a fixed allowance); the ranges are Python ints, so
# extreme int64 values never overflow and never size an allocation.
_DENSE_CELLS_PER_SAMPLE = 4
_DENSE_CELLS_ALLOWANCE = 1 << 22

# Integers beyond 2**53 are not all exact in float64: arrays holding them are
# never promoted to float to be compared with float labels.
_EXACT_FLOAT_INTEGER = 1 << 53


def _budget(n_samples):
    return _DENSE_CELLS_PER_SAMPLE * n_samples + _DENSE_CELLS_ALLOWANCE


def _int64_range(y):
    """``(min, max)`` of integer labels as Python ints, or None beyond int64."""
    if y.dtype.kind not in "biu" or not y.size:
        return None
    low, high = int(y.min()), int(y.max())
    info = np.iinfo(np.int64)
    return (low, high) if info.min <= low and high <= info.max else None


def _as_int64(values):
    # uint64 and bool do not cast safely into int64 inside ufuncs (the
    # ranges were checked to fit).
    if values.dtype == np.uint64 or values.dtype.kind == "b":
        return values.astype(np.int64)
    return values


def encode_labels(y, classes, *, name="y_true", reject_label=None):
    """Codes of labels: ``classes.index(label)``, ``m`` for a rejection.

    Anything else (or a missing label not declared a rejection) is refused."""
    marker = (
        reject_label
        if isinstance(reject_label, RejectMarker)
        else reject_marker(reject_label)
    )
    values = check_labels_array(y, name)
    classes = np.asarray(classes)
    codes = _encode_integers(values, classes, marker)
    if codes is not None:
        return codes
    codes = np.asarray(pd.Index(classes).get_indexer(values), dtype=np.int64)
    unknown = codes < 0
    if unknown.any() and marker.rejects:
        rejected = unknown & is_rejection(values, marker)
        codes[rejected] = len(classes)
        unknown &= ~rejected
    if unknown.any():
        if missing_mask(values[unknown]).any():
            raise_missing_labels(name, marker)
        raise_unknown(
            name,
            pd.unique(values[unknown])[:5].tolist(),
            classes,
            marker.value,
            is_true=not marker.rejects,
        )
    return codes


def _encode_integers(values, classes, marker):
    """Codes of integers by a table over their compact value range, or None."""
    # Bools are the integers 0 and 1 here, as in the counting (True == 1).
    if values.dtype.kind not in "biu" or classes.dtype.kind not in "biu":
        return None
    value_range, class_range = _int64_range(values), _int64_range(classes)
    if value_range is None or class_range is None:
        return None
    low = min(value_range[0], class_range[0])
    high = max(value_range[1], class_range[1])
    if high - low >= _budget(values.size):
        return None
    table = np.full(high - low + 1, -1, dtype=np.int64)
    table[_as_int64(classes) - np.int64(low)] = np.arange(classes.size)
    reject = marker.integer if marker.kind == "number" else None
    if reject is not None and low <= reject <= high and table[reject - low] < 0:
        # A class equal to the marker keeps its code, as when hashing.
        table[reject - low] = classes.size
    codes = table[_as_int64(values) - np.int64(low)]
    return codes if (codes >= 0).all() else None


def count_arrays(y_true, y_pred, weights, labels, marker):
    """``(matrix, classes)`` of validated 1-d label arrays of one length."""
    result = None
    if (
        y_true.dtype.kind in "biu"
        and y_pred.dtype.kind in "biu"
        and not any(
            y.dtype == np.uint64 and int(y.max()) > np.iinfo(np.int64).max
            for y in (y_true, y_pred)
        )
    ):
        check_marker_matches_kind(marker, "number")
        result = _count_dense(y_true, y_pred, weights, labels, marker)
        if result is None:
            result = _count_integer_range(y_true, y_pred, weights, labels, marker)
    if result is None:
        result = _count_by_hashing(y_true, y_pred, weights, labels, marker)
    matrix, classes = result
    if weights is None:
        matrix = matrix.astype(np.int64, copy=False)
    # A fresh C-ordered array on every path: the measures' float sums follow
    # the memory order, so the same counts always give the same bits.
    return np.ascontiguousarray(matrix), np.asarray(classes)


def _integer_labels(labels):
    return labels is None or (
        labels.dtype.kind in "iu" and _int64_range(labels) is not None
    )


def _count_dense(y_true, y_pred, weights, labels, marker):
    """Integers in one pass over a (true range x predicted range) table, or None."""
    if not _integer_labels(labels):
        return None
    counted = dense_pair_table(y_true, y_pred, weights, max_cells=_budget(y_true.size))
    if counted is None:
        return None
    table, present, true_low, pred_low = counted
    n_rows, n_columns = table.shape
    reject = marker.integer if marker.kind == "number" else None
    true_values = np.flatnonzero(present.any(axis=1)) + np.int64(true_low)
    seen_columns = present.any(axis=0)
    if (
        reject is not None
        and true_low <= reject < true_low + n_rows
        and np.any(true_values == reject)
    ):
        raise_reject_in_true(marker.value)
    reject_column = None
    if reject is not None and pred_low <= reject < pred_low + n_columns:
        reject_column = reject - pred_low
        seen_columns[reject_column] = False
    pred_values = np.flatnonzero(seen_columns) + np.int64(pred_low)
    if labels is None:
        classes = np.union1d(true_values, pred_values)
        if y_true.dtype.kind == "b" and y_pred.dtype.kind == "b":
            classes = classes.astype(bool)  # the caller's False/True
    else:
        classes = labels
        for name, seen in (("y_true", true_values), ("y_pred", pred_values)):
            unknown = np.setdiff1d(seen, _as_int64(labels))
            if unknown.size:
                raise_unknown(
                    name,
                    unknown[:5].tolist(),
                    labels,
                    marker.value,
                    is_true=name == "y_true",
                )
    rows = _gather(table, true_low, classes)
    matrix = _gather(rows.T, pred_low, classes).T
    if marker.rejects:
        rejected = (
            rows[:, [reject_column]]
            if reject_column is not None
            else np.zeros((len(classes), 1), table.dtype)
        )
        matrix = np.concatenate([matrix, rejected], axis=1)
    return matrix, classes


def _gather(table, low, values):
    """Rows of ``table`` for label ``values`` (all-zero rows for absent ones)."""
    position = _as_int64(np.asarray(values)) - np.int64(low)
    first, last = int(position[0]), int(position[-1])
    # The usual consecutive labels are a slice: no copy of a large table.
    if (
        0 <= first <= last < table.shape[0]
        and last - first == position.size - 1
        and np.all(np.diff(position) == 1)
    ):
        return table[first : last + 1]
    inside = (position >= 0) & (position < table.shape[0])
    padded = np.concatenate([table, np.zeros((1, *table.shape[1:]), table.dtype)])
    return padded[np.where(inside, position, table.shape[0])]


def _count_integer_range(y_true, y_pred, weights, labels, marker):
    """Integers over a compact range, as ids ``value - low``; None if it is not."""
    (true_low, true_high), (pred_low, pred_high) = (
        _int64_range(y_true),
        _int64_range(y_pred),
    )
    low = min(true_low, pred_low)
    n_ids = max(true_high, pred_high) - low + 1
    if not _integer_labels(labels) or n_ids > _budget(y_true.size):
        return None
    # Exact modulo 2**64, and every id lies in [0, n_ids).
    true_ids, pred_ids = (_as_int64(y) - np.int64(low) for y in (y_true, y_pred))
    reject = marker.integer if marker.kind == "number" else None
    reject_id = (
        reject - low if reject is not None and low <= reject < low + n_ids else None
    )
    both_bool = y_true.dtype.kind == "b" and y_pred.dtype.kind == "b"

    def values(ids):
        found = ids + np.int64(low)
        return found.astype(bool) if both_bool else found

    label_ids = None
    if labels is not None:
        label_ids = np.array(
            [v - low if 0 <= v - low < n_ids else -1 for v in labels.tolist()],
            dtype=np.int64,
        )
    return _count_ids(
        true_ids,
        pred_ids,
        n_ids,
        weights,
        marker,
        reject_id,
        labels=labels,
        label_ids=label_ids,
        sort_ids=lambda ids: ids,
        values=values,
    )


def _fits_float(y):
    return (
        int(y.min()) >= -_EXACT_FLOAT_INTEGER and int(y.max()) <= _EXACT_FLOAT_INTEGER
    )


def concatenate_labels(y_true, y_pred):
    """Both label arrays in one, in a dtype that keeps every value distinct."""
    if y_true.dtype == y_pred.dtype or {y_true.dtype.kind, y_pred.dtype.kind} == {"U"}:
        return np.concatenate([y_true, y_pred])
    if {y_true.dtype.kind, y_pred.dtype.kind} <= set("biuf"):
        common = np.result_type(y_true, y_pred)
        if common.kind != "f" or all(
            _fits_float(y) for y in (y_true, y_pred) if y.dtype.kind in "biu" and y.size
        ):
            return np.concatenate([y_true, y_pred]).astype(common, copy=False)
    return np.concatenate([y_true.astype(object), y_pred.astype(object)])


def _count_by_hashing(y_true, y_pred, weights, labels, marker):
    """Any labels: both arrays factorised together by pandas' hash table."""
    n_samples = y_true.shape[0]
    codes, uniques = pd.factorize(concatenate_labels(y_true, y_pred))
    uniques = np.asarray(uniques)
    true_codes, pred_codes = codes[:n_samples], codes[n_samples:]
    # pandas codes every missing value (None, NaN, pd.NA, NaT, a
    # StringDType's na_object) as -1.
    if (true_codes < 0).any():
        raise_missing_labels("y_true", marker)
    pred_missing = pred_codes < 0
    if pred_missing.any() and marker.kind != "missing":
        raise_missing_labels("y_pred", marker)
    check_not_continuous(
        uniques,
        lambda position: "y_true" if (true_codes == position).any() else "y_pred",
        marker,
    )
    if marker.kind in ("number", "string"):
        check_marker_matches_kind(marker, label_kind(uniques), uniques)
    reject_code, n_codes = None, len(uniques)
    if marker.kind == "missing":
        reject_code, n_codes = len(uniques), len(uniques) + 1
        pred_codes = np.where(pred_missing, reject_code, pred_codes)
    elif marker.rejects:
        matches = np.flatnonzero(equals(uniques, marker.value))
        reject_code = int(matches[0]) if matches.size else None
    return _count_ids(
        true_codes,
        pred_codes,
        n_codes,
        weights,
        marker,
        reject_code,
        labels=labels,
        label_ids=None if labels is None else pd.Index(uniques).get_indexer(labels),
        sort_ids=lambda ids: ids[sorted_order(uniques[ids])],
        values=lambda ids: uniques[ids],
    )


def sorted_order(values):
    """The stable sorting order of labels; mixed types refused with a fix."""
    try:
        return np.argsort(values, kind="stable")
    except TypeError:
        raise ValueError(
            "The labels mix types that cannot be sorted (e.g. strings and "
            f"numbers): {sorted({type(u).__name__ for u in values})}. Pass "
            "labels=[...] to fix the class order, or use one type."
        ) from None


def _count_ids(
    true_ids,
    pred_ids,
    n_ids,
    weights,
    marker,
    reject_id,
    *,
    labels,
    label_ids,
    sort_ids,
    values,
):
    """The matrix of labels given as ids ``0 .. n_ids - 1``, in one bincount.

    A look-up table maps ids to rows and columns (reject column last)."""
    true_seen = np.bincount(true_ids, minlength=n_ids).astype(bool)
    pred_seen = np.bincount(pred_ids, minlength=n_ids).astype(bool)
    if reject_id is not None:
        if true_seen[reject_id]:
            raise_reject_in_true(marker.value)
        pred_seen[reject_id] = False
    lookup = np.full(n_ids, -1, dtype=np.int64)
    if labels is None:
        ids = sort_ids(np.flatnonzero(true_seen | pred_seen))
        lookup[ids] = np.arange(ids.size)
        n_classes = ids.size
    else:
        n_classes = len(labels)
        known = label_ids >= 0
        lookup[label_ids[known]] = np.flatnonzero(known)
        for name, seen in (("y_true", true_seen), ("y_pred", pred_seen)):
            unknown = np.flatnonzero(seen & (lookup < 0))
            if unknown.size:
                raise_unknown(
                    name,
                    values(unknown[:5]).tolist(),
                    labels,
                    marker.value,
                    is_true=name == "y_true",
                )
    width = n_classes + 1 if marker.rejects else n_classes
    if reject_id is not None:
        lookup[reject_id] = n_classes
    index = lookup[true_ids]
    index *= width
    index += lookup[pred_ids]
    matrix = np.bincount(index, weights=weights, minlength=n_classes * width)
    return matrix.reshape(n_classes, width), (values(ids) if labels is None else labels)
