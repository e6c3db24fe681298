"""The counting front door: labels of any kind checked once and counted."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .collections import is_dask_collection
from .dask_counts import dask_confusion_matrix_and_labels
from .encoded import distinct_pairs, wants_encoded_path
from .label_checks import (
    check_explicit_labels,
    check_labels_array,
    check_optional_sample_weight,
    raise_empty,
    raise_zero_weights,
    reject_marker,
)
from .labels import count_arrays


def confusion_matrix_and_labels(
    y_true,
    y_pred,
    *,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """``(matrix, classes)``; ``part_of_a_total`` allows no sample, zero weights."""
    if is_dask_collection(y_true, y_pred, sample_weight):
        return dask_confusion_matrix_and_labels(
            y_true,
            y_pred,
            count=confusion_matrix_and_labels,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
            part_of_a_total=part_of_a_total,
        )
    integer_counts = False
    if wants_encoded_path(y_true, y_pred):
        pairs = distinct_pairs(y_true, y_pred, sample_weight)
        if pairs is not None:
            integer_counts = sample_weight is None
            y_true, y_pred, sample_weight = pairs
    y_true = check_labels_array(y_true, "y_true")
    y_pred = check_labels_array(y_pred, "y_pred")
    if y_true.shape[0] != y_pred.shape[0]:
        raise ValueError(
            f"y_true and y_pred have different lengths ({y_true.shape[0]} and "
            f"{y_pred.shape[0]}); they need one entry per sample each."
        )
    marker = reject_marker(reject_label)
    weights = check_optional_sample_weight(sample_weight, y_true.shape[0])
    if labels is not None:
        labels = check_explicit_labels(labels, marker)
    if y_true.shape[0] == 0:
        if not part_of_a_total:
            raise_empty()
        classes = labels if labels is not None else np.array([], dtype=np.int64)
        n_columns = len(classes) + marker.rejects
        return np.zeros((len(classes), n_columns), dtype=np.int64), classes
    if weights is not None and not part_of_a_total and not weights.any():
        raise_zero_weights()
    matrix, classes = count_arrays(y_true, y_pred, weights, labels, marker)
    if integer_counts:
        matrix = np.rint(matrix, out=matrix).astype(np.int64)
    return matrix, classes


def augmented_confusion_matrix(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> np.ndarray:
    """Confusion matrix with a reject column, from true and predicted labels.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels (numbers or strings).
    labels : array-like of shape (m,), default=None
        The classes in row order; by default the sorted labels of both arrays.
    reject_label : scalar or None, default=-1
        The prediction meaning "rejected" (``np.nan``: missing predictions;
        ``None``: a square matrix). See the user guide, "The augmented
        confusion matrix".
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative finite weights, not all zero.

    Returns
    -------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        Rows true classes, columns predicted classes, then the rejections.

    Warns
    -----
    RejectLabelWarning
        When the default ``reject_label=-1`` meets string labels holding ``"-1"``.

    See Also
    --------
    sklearn.metrics.confusion_matrix : The square matrix without a reject option.

    Examples
    --------
    >>> from infometrics import augmented_confusion_matrix
    >>> augmented_confusion_matrix([0, 0, 1, 1, 1], [0, -1, 1, 0, 1])
    array([[1, 0, 1],
           [1, 2, 0]])
    """
    matrix, _ = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    return matrix
