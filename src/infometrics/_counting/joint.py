"""Joint ``(true, prediction A, prediction B)`` counts of two classifiers.

A paired comparison resamples the samples; without weights only the joint
table of the three labels matters (SPEC §12). The labels are validated and
the classes found by one :func:`confusion_matrix_and_labels` call, so every
labelling rule (class order, reject label, explicit labels, errors) applies
exactly as for one classifier; each array is then encoded and one
``np.bincount`` counts the code triples.
"""

import math

import numpy as np

from .count import confusion_matrix_and_labels
from .labels import (
    _concatenate,
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
