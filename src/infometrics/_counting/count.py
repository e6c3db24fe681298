"""The counting front door: labels of any kind (encoded, Dask, grouped keys of
an engine's table as weighted labels) checked once and counted by one bincount."""

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
    """``(matrix, classes)`` of any labels; ``part_of_a_total`` allows all-zero weights.

    For a batch or a chunk whose matrix is added to others."""
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
            # No Python object per sample: the dictionaries' distinct pairs.
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
        # An empty batch counts nothing (as an empty Dask collection).
        classes = labels if labels is not None else np.array([], dtype=np.int64)
        n_columns = len(classes) + marker.rejects
        return np.zeros((len(classes), n_columns), dtype=np.int64), classes
    if weights is not None and not part_of_a_total and not weights.any():
        raise_zero_weights()
    matrix, classes = count_arrays(y_true, y_pred, weights, labels, marker)
    if integer_counts:
        # Counts below 2**53 are exact in float64.
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
        The classes in row and column order; by default the sorted labels of
        both arrays, the reject label excluded. A listed class may have no
        samples; every label in the data must be listed (or be the reject label).
    reject_label : scalar or None, default=-1
        The prediction meaning "rejected", matched by value across numeric types
        (``-1``, ``-1.0`` and ``np.int8(-1)`` are one marker). ``np.nan``
        declares missing predictions rejections; ``None``: no reject option,
        a square matrix. A marker of another kind than the labels is an error,
        except the default -1 with string labels: an all-zero reject column.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative finite weights, not all zero (booleans count as 1 and
        0); the matrix then holds summed weights. A zero-weight sample still
        names its class.

    Returns
    -------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        Rows true classes, columns predicted classes (in ``labels`` order),
        then the rejections (present even if empty).

    Raises
    ------
    ValueError
        For labels, weights or a reject label that cannot be counted exactly
        (the message says what is wrong and how to fix it).

    Warns
    -----
    RejectLabelWarning
        When the default ``reject_label=-1`` meets string predictions that
        hold ``"-1"`` (counted as a class, not as rejections).

    See Also
    --------
    sklearn.metrics.confusion_matrix : The square matrix without a reject option.

    Examples
    --------
    >>> from infometrics import augmented_confusion_matrix
    >>> augmented_confusion_matrix([0, 0, 1, 1, 1], [0, -1, 1, 0, 1])
    array([[1, 0, 1],
           [1, 2, 0]])
    >>> augmented_confusion_matrix(
    ...     ["cat", "dog", "dog"], ["cat", "?", "cat"], reject_label="?"
    ... )
    array([[1, 0, 0],
           [1, 0, 1]])
    >>> import numpy as np
    >>> augmented_confusion_matrix([0, 1, 1], [0, np.nan, 1.0], reject_label=np.nan)
    array([[1, 0, 0],
           [0, 1, 1]])
    """
    matrix, _ = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    return matrix
