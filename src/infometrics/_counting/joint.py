"""Joint ``(true, prediction A, prediction B)`` counts of two classifiers.

A paired comparison resamples the samples; without weights only the joint
table of the three labels matters (SPEC §12). Integer labels in a compact
range are counted with one ``np.bincount`` over a dense three-way table; the
few distinct label triples found are then passed, as weighted samples, through
:func:`confusion_matrix_and_labels`, so every labelling rule (class order,
reject label, explicit labels, errors) applies exactly as for one classifier.
Other labels are validated on the full arrays and encoded by hashing.
"""

import math

import numpy as np
import pandas as pd

from .count import confusion_matrix_and_labels
from .labels import (
    _DENSE_CELLS_ALLOWANCE,
    _DENSE_CELLS_PER_SAMPLE,
    _concatenate,
    _int64_range,
    encode_labels,
)


def joint_counts_and_labels(y_true, y_pred_a, y_pred_b, *, labels, reject_label):
    """The joint count table of two classifiers' predictions, and the classes.

    Parameters
    ----------
    y_true, y_pred_a, y_pred_b : ndarray of shape (n_samples,)
        One-dimensional label arrays of equal length.
    labels : array-like or None
        Explicit class order, as for :func:`confusion_matrix_and_labels`.
    reject_label : scalar or None
        The rejection marker.

    Returns
    -------
    joint : ndarray of shape (n_classes, n_columns, n_columns), dtype int64
        ``joint[t, a, b]`` samples of class ``t`` that A put in column ``a``
        and B in column ``b`` (the last column is the rejection when
        ``reject_label`` is not None).
    classes : ndarray of shape (n_classes,)
        The classes, in the order of :func:`confusion_matrix_and_labels` on
        all three arrays.
    """
    dense = _dense_integer_table(y_true, y_pred_a, y_pred_b)
    if dense is not None:
        return _from_dense_table(*dense, labels=labels, reject_label=reject_label)
    true_codes, codes_a, codes_b, classes = joint_codes(
        y_true, y_pred_a, y_pred_b, labels=labels, reject_label=reject_label
    )
    n_columns = len(classes) + (reject_label is not None)
    joint = _joint_table(true_codes, codes_a, codes_b, len(classes), n_columns)
    return joint, classes


def joint_codes(
    y_true, y_pred_a, y_pred_b, *, labels, reject_label, sample_weight=None
):
    """Per-sample codes of the three arrays, and the classes (hashing path).

    One :func:`confusion_matrix_and_labels` call on both classifiers'
    predictions validates every label (and ``sample_weight``) and gives the
    shared classes; each array is then encoded, rejections as ``n_classes``.

    Returns
    -------
    true_codes, codes_a, codes_b : ndarray of shape (n_samples,), dtype int64
    classes : ndarray of shape (n_classes,)
    """
    _, classes = confusion_matrix_and_labels(
        np.concatenate([y_true, y_true]),
        # In a dtype that keeps every label distinct (np.concatenate would
        # turn int64 beyond 2**53 into floats, or numbers into strings).
        _concatenate(y_pred_a, y_pred_b),
        labels=labels,
        reject_label=reject_label,
        sample_weight=None
        if sample_weight is None
        else np.concatenate([np.asarray(sample_weight)] * 2),
    )
    true_codes = encode_labels(y_true, classes, name="y_true")
    codes_a, codes_b = (
        encode_labels(y, classes, name=name, reject_label=reject_label)
        for y, name in ((y_pred_a, "y_pred_a"), (y_pred_b, "y_pred_b"))
    )
    return true_codes, codes_a, codes_b, classes


def _joint_table(true_codes, codes_a, codes_b, n_classes, n_columns, weights=None):
    """Counts (or summed ``weights``) of each (true, A, B) code triple, int64."""
    index = (true_codes * n_columns + codes_a) * n_columns + codes_b
    shape = (n_classes, n_columns, n_columns)
    joint = np.bincount(index, weights=weights, minlength=math.prod(shape))
    # Weights here are counts below 2**53, so their float sums are exact.
    return joint.astype(np.int64, copy=False).reshape(shape)


def _dense_integer_table(*arrays):
    """``(table, lows)``: counts of every integer triple in its value ranges.

    None unless all three arrays hold integers whose ranges span few enough
    cells for a dense table.
    """
    if any(array.dtype.kind not in "iu" for array in arrays):
        return None
    ranges = [_int64_range(array) for array in arrays]
    if any(value_range is None for value_range in ranges):
        return None
    lows = [low for low, _ in ranges]
    widths = [high - low + 1 for low, high in ranges]
    n_samples = arrays[0].shape[0]
    budget = _DENSE_CELLS_PER_SAMPLE * n_samples + _DENSE_CELLS_ALLOWANCE
    if math.prod(widths) > budget:
        return None
    # index = ((x0 - low0) w1 + (x1 - low1)) w2 + (x2 - low2), in Horner form
    # on one buffer (a second n-sized temporary costs more than the passes).
    # Each result lies in the table, so int64 arithmetic (exact modulo 2**64)
    # gives it exactly even where an intermediate wraps; uint64 values fit
    # int64 (checked by _int64_range).
    offset = (lows[0] * widths[1] + lows[1]) * widths[2] + lows[2]
    index = np.multiply(arrays[0], widths[1], dtype=np.int64)
    index += arrays[1].astype(np.int64, copy=False)
    index *= widths[2]
    index += arrays[2].astype(np.int64, copy=False)
    index -= np.int64(_wrapped(offset))
    table = np.bincount(index, minlength=math.prod(widths)).reshape(widths)
    return table, lows


def _wrapped(value):
    """``value`` modulo 2**64 as a signed int64 (the arithmetic above wraps)."""
    value %= 1 << 64
    return value - (1 << 64) if value >= 1 << 63 else value


def _from_dense_table(table, lows, *, labels, reject_label):
    cells = np.flatnonzero(table)
    counts = table.reshape(-1)[cells]
    triple = np.unravel_index(cells, table.shape)
    values = [axis + np.int64(low) for axis, low in zip(triple, lows, strict=True)]
    # The distinct triples, weighted by their counts, stand for the samples:
    # the labelling rules see every label value that occurs.
    _, classes = confusion_matrix_and_labels(
        np.concatenate([values[0], values[0]]),
        np.concatenate([values[1], values[2]]),
        labels=labels,
        reject_label=reject_label,
        sample_weight=np.concatenate([counts, counts]).astype(float),
    )
    n_classes = len(classes)
    n_columns = n_classes + (reject_label is not None)
    positions = pd.Index(np.asarray(classes))
    true_codes = positions.get_indexer(values[0])
    pred_codes = []
    for predicted in values[1:]:
        codes = positions.get_indexer(predicted)
        # Validation left only rejections outside the classes.
        codes[codes < 0] = n_classes
        pred_codes.append(codes)
    joint = _joint_table(true_codes, *pred_codes, n_classes, n_columns, counts)
    return joint, classes
