"""Validated label arrays to the augmented matrix, by ``np.bincount`` of ids."""

import numpy as np
import pandas as pd

from .label_checks import (
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

# Cells per sample (plus an allowance) of a table over the labels' value range.
_DENSE_CELLS_PER_SAMPLE = 4
_DENSE_CELLS_ALLOWANCE = 1 << 22

# Integers beyond 2**53 are not all exact in float64: never promoted to float.
_EXACT_FLOAT_INTEGER = 1 << 53


def dense_budget(n_samples):
    return _DENSE_CELLS_PER_SAMPLE * n_samples + _DENSE_CELLS_ALLOWANCE


def _int64_range(y):
    """``(min, max)`` of integer labels as Python ints, or None beyond int64."""
    if y.dtype.kind not in "biu" or not y.size:
        return None
    low, high = int(y.min()), int(y.max())
    info = np.iinfo(np.int64)
    return (low, high) if info.min <= low and high <= info.max else None


def _as_int64(values):
    # uint64 and bool do not cast safely into int64 in ufuncs (ranges fit).
    if values.dtype == np.uint64 or values.dtype.kind == "b":
        return values.astype(np.int64)
    return values


def encode_labels(y, classes, *, name="y_true", reject_label=None):
    """Codes: ``classes.index(label)``, ``m`` for a rejection; other labels refused."""
    marker = reject_marker(reject_label)
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
    if values.dtype.kind not in "biu" or classes.dtype.kind not in "biu":
        return None
    value_range, class_range = _int64_range(values), _int64_range(classes)
    if value_range is None or class_range is None:
        return None
    low = min(value_range[0], class_range[0])
    high = max(value_range[1], class_range[1])
    if high - low >= dense_budget(values.size):
        return None
    table = np.full(high - low + 1, -1, dtype=np.int64)
    table[_as_int64(classes) - np.int64(low)] = np.arange(classes.size)
    reject = marker.integer if marker.kind == "number" else None
    if reject is not None and low <= reject <= high and table[reject - low] < 0:
        table[reject - low] = classes.size
    codes = table[_as_int64(values) - np.int64(low)]
    return codes if (codes >= 0).all() else None


def count_arrays(y_true, y_pred, weights, labels, marker):
    """``(matrix, classes)`` of validated 1-d label arrays of one length."""
    ids = _integer_ids(y_true, y_pred, labels, marker)
    if ids is None:
        ids = _hashed_ids(y_true, y_pred, labels, marker)
    matrix, classes = _count_ids(ids, weights, labels, marker)
    if weights is None:
        matrix = matrix.astype(np.int64, copy=False)
    # C order on every path: float sums follow memory order (same bits).
    return np.ascontiguousarray(matrix), np.asarray(classes)


def _integer_ids(y_true, y_pred, labels, marker):
    """Integers over a compact range as ids ``value - low`` (:func:`_count_ids`'s
    arguments), or None."""
    ranges = [_int64_range(y) for y in (y_true, y_pred)]
    if None in ranges:
        return None
    check_marker_matches_kind(marker, "number")
    if labels is not None and (
        labels.dtype.kind not in "iu" or _int64_range(labels) is None
    ):
        return None
    low = min(ranges[0][0], ranges[1][0])
    n_ids = max(ranges[0][1], ranges[1][1]) - low + 1
    if n_ids > dense_budget(y_true.size):
        return None
    reject = marker.integer if marker.kind == "number" else None
    reject_id = (
        reject - low if reject is not None and 0 <= reject - low < n_ids else None
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
    true, pred = _as_int64(y_true), _as_int64(y_pred)
    return true, pred, low, n_ids, reject_id, label_ids, lambda ids: ids, values


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


def _hashed_ids(y_true, y_pred, labels, marker):
    """Any labels as codes of pandas' hash table (:func:`_count_ids`'s arguments)."""
    n_samples = y_true.shape[0]
    codes, uniques = pd.factorize(concatenate_labels(y_true, y_pred))
    uniques = np.asarray(uniques)
    true_codes, pred_codes = codes[:n_samples], codes[n_samples:]
    # pandas codes every missing value as -1.
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
        matches = np.flatnonzero(equals(uniques, marker))
        reject_code = int(matches[0]) if matches.size else None
    label_ids = None if labels is None else pd.Index(uniques).get_indexer(labels)
    return (
        true_codes,
        pred_codes,
        0,
        n_codes,
        reject_code,
        label_ids,
        lambda ids: ids[sorted_order(uniques[ids])],
        lambda ids: uniques[ids],
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


def _count_ids(ids, weights, labels, marker):
    """The matrix of ids in ``0 .. n_ids - 1`` (``n_ids``: an all-zero row or
    column), by a bincount of the (id x id) table if it fits, else of cells."""
    true, pred, low, n_ids, reject_id, label_ids, sort_ids, values = ids
    stride = n_ids + (labels is not None or (marker.rejects and reject_id is None))
    dense = stride * stride <= dense_budget(true.size)
    if dense:
        # Exact modulo 2**64: ``(t - low) * stride + (p - low)`` in [0, stride**2).
        index = np.multiply(true, np.int64(stride), dtype=np.int64)
        index += pred
        offset = (low * (stride + 1) + 2**63) % 2**64 - 2**63
        if offset:
            index -= np.int64(offset)
        table = np.bincount(index, weights=weights, minlength=stride * stride)
        table = table.reshape(stride, stride)
        # Zero-weight samples still name their classes (booleans: 5x faster).
        present = (
            table if weights is None else np.bincount(index, minlength=stride * stride)
        )
        present = (present != 0).reshape(stride, stride)
        true_seen, pred_seen = present.any(axis=1), present.any(axis=0)
    else:
        if low:
            true, pred = true - np.int64(low), pred - np.int64(low)
        true_seen = np.bincount(true, minlength=stride).astype(bool)
        pred_seen = np.bincount(pred, minlength=stride).astype(bool)
    if reject_id is not None:
        if true_seen[reject_id]:
            raise_reject_in_true(marker.value)
        pred_seen[reject_id] = False
    if labels is None:
        rows = sort_ids(np.flatnonzero(true_seen | pred_seen))
    else:
        rows = np.where(label_ids >= 0, label_ids, n_ids)
    lookup = np.full(stride, -1, dtype=np.int64)
    lookup[rows] = np.arange(rows.size)
    if labels is not None:
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
    columns = rows
    if marker.rejects:
        columns = np.append(rows, n_ids if reject_id is None else reject_id)
    classes = values(rows) if labels is None else labels
    if dense:
        return _take(table, rows, columns), classes
    if reject_id is not None:
        lookup[reject_id] = rows.size
    index = lookup[true]
    index *= columns.size
    index += lookup[pred]
    matrix = np.bincount(index, weights=weights, minlength=rows.size * columns.size)
    return matrix.reshape(rows.size, columns.size), classes


def _take(table, rows, columns):
    """``table[rows][:, columns]`` by runs of ids (``take`` is 20x slower)."""

    def consecutive(ids):
        return ids.size > 0 and np.array_equal(
            ids, np.arange(ids[0], ids[0] + ids.size)
        )

    if consecutive(rows):
        table = table[rows[0] : rows[0] + rows.size]
    else:
        table = table.take(rows, axis=0)
    if consecutive(columns) and columns[0] == 0 and columns.size == table.shape[1]:
        return table
    starts = np.flatnonzero(np.diff(columns, prepend=columns[:1] - 2) != 1)
    if starts.size > 4:
        return table.take(columns, axis=1)
    out = np.empty((table.shape[0], columns.size), dtype=table.dtype)
    for start, stop in zip(starts, [*starts[1:], columns.size], strict=True):
        first = columns[start]
        out[:, start:stop] = table[:, first : first + stop - start]
    return out
