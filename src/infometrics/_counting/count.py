"""The counting front door: labels of any kind to the augmented matrix.

One function picks the path:

- Dask collections, chunk by chunk on the user's scheduler (:mod:`.dask_counts`);
- labels in memory (:func:`.labels.count_label_arrays`): encoded labels over
  their dictionaries (:mod:`.encoded`), plain arrays through the blocked
  integer kernel (:mod:`.kernel`) or as ids.

Tables of an engine are counted in the engine (``infometrics._engines``) and
their grouped rows come back here as weighted labels.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .collections import is_dask_collection
from .dask_counts import dask_confusion_matrix_and_labels
from .labels import count_label_arrays


def confusion_matrix_and_labels(
    y_true,
    y_pred,
    *,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """Build the augmented confusion matrix and return it with its class labels.

    ``part_of_a_total=True`` (a batch or a chunk whose matrix is added to
    others) allows all-zero weights; a matrix on its own needs a positive total.
    """
    count = (
        dask_confusion_matrix_and_labels
        if is_dask_collection(y_true, y_pred, sample_weight)
        else count_label_arrays
    )
    return count(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        part_of_a_total=part_of_a_total,
    )


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
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels; a prediction equal to ``reject_label`` is a rejection.
    labels : array-like of shape (m,), default=None
        The classes, in row and column order. By default the sorted union of the
        values in ``y_true`` and ``y_pred``, the reject label excluded. A class
        may have no samples (an all-zero row). Every label in the data must be
        listed (or be the reject label): nothing is silently dropped.
    reject_label : scalar or None, default=-1
        The value with which the classifier abstains, matched by value across
        numeric types (``-1``, ``-1.0`` and ``np.int8(-1)`` are the same
        marker). ``np.nan`` declares missing predictions (NaN, None, ``pd.NA``)
        to be rejections. ``None`` means the classifier cannot reject: the
        matrix is square. A string marker with numeric labels (or a number
        other than the default -1 with string labels) can never match and is
        an error; the default -1 with string labels gives an all-zero reject
        column (a classifier that does not reject), and a
        :class:`~infometrics.exceptions.RejectLabelWarning` if the predictions hold it
        as the string ``"-1"``.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative finite weights, not all zero; the matrix then holds
        summed weights. A zero-weight sample still names its class.

    Returns
    -------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        Row ``i`` = true class ``labels[i]``, column ``j < m`` = predicted class
        ``labels[j]``, last column = rejected. Integer counts without weights,
        floats with weights. The reject column is there even if nothing was
        rejected.

    Raises
    ------
    ValueError
        For different lengths, empty input, the reject label in ``y_true``,
        missing labels (unless declared rejections), continuous values
        (floats that are not whole numbers, as scikit-learn refuses them),
        2-d label arrays, invalid or all-zero weights, a label outside an
        explicit ``labels``, or a reject label that can never match.

    Warns
    -----
    RejectLabelWarning
        When the default ``reject_label=-1`` meets string predictions that
        hold ``"-1"`` (counted as a class, not as rejections).

    See Also
    --------
    sklearn.metrics.confusion_matrix : The square matrix without a reject option.

    Notes
    -----
    Integer labels with a compact value range are counted by a single
    ``np.bincount`` over a dense joint table; other labels (including integers
    spread over a wide range, e.g. near the int64 limits) are factorised with
    pandas' hash table (no sort of the samples). Classes are the labels
    present in the data, whatever their weight.

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
