"""From label arrays to the augmented confusion matrix.

Label level: uses pandas' hash-based factorisation for arbitrary labels.

The module is layered so that each step can be reused on its own:

- *validation*: :func:`check_labels_array` (one label array, any container),
  :func:`check_sample_weight`, :func:`reject_marker` (what ``reject_label``
  can match);
- *encoding*: :func:`encode_labels` turns one chunk of labels into codes
  ``0 .. m - 1`` for known classes and ``m`` for rejections (no counting);
- *counting*: :func:`count_label_arrays` finds the classes and
  counts in one pass, through an integer fast path (one ``np.bincount`` over a
  dense joint table) or the general hashing path.
"""

import numpy as np
import pandas as pd

from .collections import wants_encoded_path
from .encoded import distinct_pairs
from .kernel import as_int64_operand as _as_int64_operand
from .kernel import dense_pair_table
from .label_checks import (
    RejectMarker,
    _check_marker_matches_kind,
    _equals,
    _label_kind,
    _missing_mask,
    _raise_reject_in_true,
    _raise_unknown,
    check_explicit_labels,
    check_labels_array,
    check_not_continuous,
    check_optional_sample_weight,
    is_rejection,
    raise_missing_labels,
    reject_marker,
)

# A dense (row range x column range) joint table is used for integer labels
# while it has at most this many cells per sample (plus a fixed allowance);
# beyond it, sparse integers are factorised like any other labels. The ranges
# are computed with Python integers, so extreme int64 values never overflow
# and never size an allocation.
_DENSE_CELLS_PER_SAMPLE = 4
_DENSE_CELLS_ALLOWANCE = 1 << 22

# Integers beyond 2**53 are not all representable as float64: arrays holding
# them are never promoted to float to be compared with float labels.
_EXACT_FLOAT_INTEGER = 1 << 53


# -- validation ---------------------------------------------------------------


def encode_labels(y, classes, *, name="y_true", reject_label=None):
    """Codes of one chunk of labels: ``classes.index(label)``, ``m`` if rejected.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels (any container :func:`check_labels_array` accepts).
    classes : array-like of shape (m,)
        The known classes, in code order.
    name : str, default="y_true"
        How error messages call ``y``.
    reject_label : scalar, RejectMarker or None, default=None
        Predictions equal to it get the code ``m``; None: no rejections.

    Returns
    -------
    codes : ndarray of shape (n_samples,), dtype int64
        Raises a ValueError naming the labels of ``y`` that are neither a class
        nor a rejection, and for missing labels that are not declared
        rejections; nothing is dropped.
    """
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
        if _missing_mask(values[unknown]).any():
            raise_missing_labels(name, marker)
        _raise_unknown(
            name,
            pd.unique(values[unknown])[:5].tolist(),
            classes,
            marker.value,
            is_true=not marker.rejects,
        )
    return codes


def _encode_integers(values, classes, marker):
    """Codes of integer labels by a table over their value range, or None.

    None (the caller then hashes) unless every value is a class or the
    reject marker and the values and classes span a compact range inside
    int64 -- the ranges are Python ints, so nothing wraps.
    """
    if values.dtype.kind not in "iu" or classes.dtype.kind not in "iu":
        return None
    if not values.size or not classes.size:
        return None
    value_range, class_range = _int64_range(values), _int64_range(classes)
    if value_range is None or class_range is None:
        return None
    low = min(value_range[0], class_range[0])
    high = max(value_range[1], class_range[1])
    if high - low >= _DENSE_CELLS_PER_SAMPLE * values.size + _DENSE_CELLS_ALLOWANCE:
        return None
    table = np.full(high - low + 1, -1, dtype=np.int64)
    table[classes.astype(np.int64) - np.int64(low)] = np.arange(classes.size)
    reject = marker.integer if marker.kind == "number" else None
    if reject is not None and low <= reject <= high and table[reject - low] < 0:
        # A class equal to the marker keeps its code, as on the hashing path.
        table[reject - low] = classes.size
    codes = table[_as_int64_operand(values) - np.int64(low)]
    return codes if (codes >= 0).all() else None


# -- counting -----------------------------------------------------------------


def _int64_range(y):
    """``(min, max)`` as Python ints, or None if a value does not fit int64."""
    low, high = int(y.min()), int(y.max())
    info = np.iinfo(np.int64)
    if low < info.min or high > info.max:
        return None
    return low, high


def _gather(table, low, values):
    """Rows of ``table`` for label ``values`` (all-zero rows for absent ones).

    ``values - low`` is exact modulo 2**64, and two int64 values differ by less
    than 2**64, so a position falls inside the table only for a label inside it.
    """
    position = np.asarray(values, dtype=np.int64) - np.int64(low)
    # Consecutive labels inside the table (the usual 0 .. k-1) are a slice:
    # no padded copy of a table that may hold millions of cells.
    if (
        position.size
        and int(position[0]) >= 0
        and int(position[-1]) < table.shape[0]
        and int(position[-1]) - int(position[0]) == position.size - 1
        and np.all(np.diff(position) == 1)
    ):
        return table[int(position[0]) : int(position[-1]) + 1]
    inside = (position >= 0) & (position < table.shape[0])
    padded = np.concatenate([table, np.zeros((1, *table.shape[1:]), table.dtype)])
    return padded[np.where(inside, position, table.shape[0])]


def _count_integers(y_true, y_pred, weights, labels, marker):
    """Fast path for integer labels with a compact value range.

    Returns ``(matrix, class_labels)``, or None when the values span too wide
    a range for a dense table (the caller then factorises).
    """
    if labels is not None and (
        labels.dtype.kind not in "iu" or _int64_range(labels) is None
    ):
        return None
    if any(
        y.dtype == np.uint64 and int(y.max()) > np.iinfo(np.int64).max
        for y in (y_true, y_pred)
    ):
        return None
    budget = _DENSE_CELLS_PER_SAMPLE * y_true.shape[0] + _DENSE_CELLS_ALLOWANCE
    both_bool = y_true.dtype.kind == "b" and y_pred.dtype.kind == "b"
    # One blocked pass: ranges, cell indices and counts (see kernel.py).
    counted = dense_pair_table(y_true, y_pred, weights, max_cells=budget)
    if counted is None:
        return None
    _check_marker_matches_kind(marker, "number")
    table, present, true_low, pred_low = counted
    true_high = true_low + table.shape[0] - 1
    pred_high = pred_low + table.shape[1] - 1
    # Classes are the labels present, whatever their weight.
    true_values = np.flatnonzero(present.sum(axis=1)) + np.int64(true_low)
    pred_values = np.flatnonzero(present.sum(axis=0)) + np.int64(pred_low)
    reject = marker.integer if marker.kind == "number" else None
    reject_in_pred = reject is not None and pred_low <= reject <= pred_high
    if (
        reject is not None
        and true_low <= reject <= true_high
        and np.any(true_values == np.int64(reject))
    ):
        _raise_reject_in_true(marker.value)
    accepted = (
        pred_values[pred_values != np.int64(reject)] if reject_in_pred else pred_values
    )
    if labels is None:
        class_labels = np.union1d(true_values, accepted)
        if both_bool:
            # Counted as 0/1, but the classes are the caller's False/True.
            class_labels = class_labels.astype(bool)
    else:
        class_labels = labels
        for name, seen, is_true in (
            ("y_true", true_values, True),
            ("y_pred", accepted, False),
        ):
            unknown = np.setdiff1d(seen, labels.astype(np.int64))
            if unknown.size:
                _raise_unknown(
                    name, unknown[:5].tolist(), labels, marker.value, is_true=is_true
                )
    rows = _gather(table, true_low, class_labels)
    matrix = _gather(rows.T, pred_low, class_labels).T
    if marker.rejects:
        if reject_in_pred:
            reject_column = rows[:, [reject - pred_low]]
        else:
            reject_column = np.zeros((len(class_labels), 1), table.dtype)
        matrix = np.concatenate([matrix, reject_column], axis=1)
    # A fresh C-ordered array, whatever the path: the measures' float sums
    # follow the memory order, so the same counts always give the same bits.
    return np.ascontiguousarray(matrix), class_labels


def _count_integer_range(y_true, y_pred, weights, labels, marker):
    """Integer labels whose values span a compact range, as ids ``value - low``.

    For tables too wide for the kernel's (true range x predicted range)
    table (thousands of classes): the ids index a look-up table over the
    value range, and one bincount writes the matrix. None when the range is
    not compact (the caller then factorises).
    """
    if labels is not None and (
        labels.dtype.kind not in "iu" or _int64_range(labels) is None
    ):
        return None
    ranges = [_int64_range(y) for y in (y_true, y_pred)]
    if None in ranges:
        return None
    low = min(ranges[0][0], ranges[1][0])
    n_ids = max(ranges[0][1], ranges[1][1]) - low + 1
    if n_ids > _DENSE_CELLS_PER_SAMPLE * y_true.shape[0] + _DENSE_CELLS_ALLOWANCE:
        return None
    _check_marker_matches_kind(marker, "number")
    # Exact modulo 2**64, and every id lies in [0, n_ids): no wrap-around.
    true_ids, pred_ids = (
        _as_int64_operand(y) - np.int64(low) if low else _as_int64_operand(y)
        for y in (y_true, y_pred)
    )
    reject = marker.integer if marker.kind == "number" else None
    reject_id = (
        reject - low if reject is not None and 0 <= reject - low < n_ids else None
    )
    both_bool = y_true.dtype.kind == "b" and y_pred.dtype.kind == "b"

    def values(ids):
        labels_of = ids + np.int64(low)
        return labels_of.astype(bool) if both_bool else labels_of

    return _count_ids(
        true_ids,
        pred_ids,
        n_ids,
        weights,
        marker,
        reject_id,
        labels=labels,
        label_ids=None
        if labels is None
        else np.array(
            [
                label - low if 0 <= label - low < n_ids else -1
                for label in labels.tolist()
            ],
            dtype=np.int64,
        ),
        sort_ids=lambda ids: ids,
        values=values,
    )


def _fits_float(y):
    low, high = int(y.min()), int(y.max())
    return low >= -_EXACT_FLOAT_INTEGER and high <= _EXACT_FLOAT_INTEGER


def _concatenate(y_true, y_pred):
    """Both arrays in one, in a dtype that keeps every value distinct."""
    if y_true.dtype == y_pred.dtype:
        return np.concatenate([y_true, y_pred])
    kinds = {y_true.dtype.kind, y_pred.dtype.kind}
    if kinds <= set("biuf"):
        common = np.result_type(y_true, y_pred)
        if common.kind != "f" or all(
            _fits_float(y) for y in (y_true, y_pred) if y.dtype.kind in "biu"
        ):
            return np.concatenate([y_true, y_pred]).astype(common, copy=False)
    elif kinds == {"U"}:
        return np.concatenate([y_true, y_pred])
    return np.concatenate([y_true.astype(object), y_pred.astype(object)])


def _count_by_hashing(y_true, y_pred, weights, labels, marker):
    """General path: factorise both arrays together with a hash table."""
    n_samples = y_true.shape[0]
    codes, uniques = pd.factorize(_concatenate(y_true, y_pred))
    uniques = np.asarray(uniques)
    n_uniques = len(uniques)
    true_codes, pred_codes = codes[:n_samples], codes[n_samples:]
    # pandas' factorisation codes every missing value (None, NaN, pd.NA, NaT,
    # a StringDType's na_object) as -1.
    if (true_codes < 0).any():
        raise_missing_labels("y_true", marker)
    pred_missing = pred_codes < 0
    if pred_missing.any() and marker.kind != "missing":
        raise_missing_labels("y_pred", marker)

    def holder(position):
        return "y_true" if (true_codes == position).any() else "y_pred"

    check_not_continuous(uniques, holder, marker)
    if marker.kind in ("number", "string"):
        _check_marker_matches_kind(marker, _label_kind(uniques), uniques)
    reject_code = None
    n_codes = n_uniques
    if marker.kind == "missing":
        reject_code, n_codes = n_uniques, n_uniques + 1
        pred_codes = np.where(pred_missing, reject_code, pred_codes)
    elif marker.rejects:
        matches = np.flatnonzero(_equals(uniques, marker.value))
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
        sort_ids=lambda ids: _sorted_ids(uniques, ids),
        values=lambda ids: uniques[ids],
    )


def _sorted_ids(uniques, ids):
    """``ids`` in the sorted order of their labels (mixed types refused)."""
    try:
        order = np.argsort(uniques[ids], kind="stable")
    except TypeError:
        raise ValueError(
            "The labels mix types that cannot be sorted (e.g. strings and "
            f"numbers): {sorted({type(u).__name__ for u in uniques})}. Pass "
            "labels=[...] to fix the class order, or use one type."
        ) from None
    return ids[order]


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

    The classes are the ids present (in the order ``sort_ids`` gives them),
    or the explicit ``labels`` (ids ``label_ids``, -1 for a label absent from
    the data); ``values(ids)`` are the labels of ids. A
    look-up table turns ids into row and column codes, so the bincount
    writes the final matrix, reject column last: no table over all ids is
    reordered afterwards.
    """
    true_seen = np.bincount(true_ids, minlength=n_ids).astype(bool)
    pred_seen = np.bincount(pred_ids, minlength=n_ids).astype(bool)
    if reject_id is not None:
        if true_seen[reject_id]:
            _raise_reject_in_true(marker.value)
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
        for name, seen, is_true in (
            ("y_true", true_seen, True),
            ("y_pred", pred_seen, False),
        ):
            unknown = np.flatnonzero(seen & (lookup < 0))
            if unknown.size:
                _raise_unknown(
                    name,
                    values(unknown[:5]).tolist(),
                    labels,
                    marker.value,
                    is_true=is_true,
                )
    width = n_classes + 1 if marker.rejects else n_classes
    if reject_id is not None:
        lookup[reject_id] = n_classes
    index = lookup[true_ids]
    index *= width
    index += lookup[pred_ids]
    matrix = np.bincount(index, weights=weights, minlength=n_classes * width)
    matrix = matrix.reshape(n_classes, width)
    return matrix, (values(ids) if labels is None else labels)


def count_label_arrays(
    y_true,
    y_pred,
    *,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """The augmented confusion matrix of in-memory label arrays, and its labels.

    Encoded labels (categorical, Arrow, StringDType) are counted over their
    dictionaries (:mod:`.encoded`), whose distinct pairs come back here as
    weighted labels; NumPy arrays and anything they convert from go through
    the integer kernel, as integer ids or hashed ids. Dask collections are
    counted chunk by chunk (:mod:`.dask_counts`), each chunk here.

    ``part_of_a_total=True`` (a batch or a chunk whose matrix is added to
    others) allows all-zero weights; a matrix on its own needs a positive total.
    """
    pairs = (
        distinct_pairs(y_true, y_pred, sample_weight)
        if wants_encoded_path(y_true, y_pred)
        else None
    )
    if pairs is not None:
        # No Python object per sample: the pairs of the dictionaries.
        matrix, classes = count_label_arrays(
            pairs[0],
            pairs[1],
            labels=labels,
            reject_label=reject_label,
            sample_weight=pairs[2],
            part_of_a_total=part_of_a_total,
        )
        # Counts below 2**53 are exact in float64.
        return (
            matrix if sample_weight is not None else np.rint(matrix).astype(np.int64)
        ), classes
    y_true = check_labels_array(y_true, "y_true")
    y_pred = check_labels_array(y_pred, "y_pred")
    if y_true.shape[0] != y_pred.shape[0]:
        raise ValueError(
            f"y_true and y_pred have different lengths ({y_true.shape[0]} and "
            f"{y_pred.shape[0]}); they need one entry per sample each."
        )
    if y_true.shape[0] == 0:
        raise ValueError(
            "y_true and y_pred are empty; at least one sample is needed to build a "
            "confusion matrix."
        )
    marker = reject_marker(reject_label)
    weights = check_optional_sample_weight(sample_weight, y_true.shape[0])
    if weights is not None and not part_of_a_total and not weights.any():
        raise ValueError(
            "sample_weight is 0 for every sample, so there is nothing to count; "
            "give at least one sample a positive weight."
        )
    if labels is not None:
        labels = check_explicit_labels(labels, marker)
    result = None
    if y_true.dtype.kind in "biu" and y_pred.dtype.kind in "biu":
        result = _count_integers(y_true, y_pred, weights, labels, marker)
        if result is None and not any(
            y.dtype == np.uint64 and int(y.max()) > np.iinfo(np.int64).max
            for y in (y_true, y_pred)
        ):
            result = _count_integer_range(y_true, y_pred, weights, labels, marker)
    if result is None:
        result = _count_by_hashing(y_true, y_pred, weights, labels, marker)
    matrix, class_labels = result
    if weights is None:
        matrix = matrix.astype(np.int64, copy=False)
    return matrix, np.asarray(class_labels)
