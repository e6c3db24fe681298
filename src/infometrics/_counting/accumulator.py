"""Confusion counts that accumulate over batches.

Counts are additive: the matrix of all the data is the sum of the matrices of
its parts once their rows are aligned on the union of their labels. The
accumulator keeps that sum, re-sorting its rows whenever a batch brings a new
label, so at any time it equals one ``augmented_confusion_matrix`` call on
everything seen.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .count import confusion_matrix_and_labels
from .label_checks import reject_marker
from .merging import describe_total, merge_counts, same_classes, same_reject_label


class ConfusionAccumulator:
    """Augmented confusion matrix accumulated over batches of labels.

    Feed it batches from a training loop, a stream or the partitions of a
    large data set; at any time :attr:`confusion_matrix` is exactly what
    :func:`augmented_confusion_matrix` would give on all the batches at once
    -- the rows follow the sorted labels seen so far (or the ``labels`` fixed
    up front), a new label in a later batch re-sorts them. Accumulators of
    parts of the data merge with :meth:`merge` or ``+`` (also ``sum([...])``)
    and pickle, so counts can be gathered in parallel workers.

    Parameters
    ----------
    labels : array-like of shape (m,), default=None
        The classes in row order, fixed up front; a batch with another label
        (other than the reject label) is refused. By default the classes are
        discovered on the way.
    reject_label : scalar or None, default=-1
        The prediction meaning "rejected" (last column); ``None``: no reject
        option, a square matrix.

    Attributes
    ----------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        The counts so far (a copy); integers, or floats once a batch had
        weights. Before any sample it has no rows (or all-zero rows for fixed
        ``labels``).
    labels : ndarray of shape (m,)
        The row order of :attr:`confusion_matrix`.

    See Also
    --------
    augmented_confusion_matrix : The matrix of one batch.

    Notes
    -----
    Every batch is validated as :func:`augmented_confusion_matrix` validates
    its input (lengths, missing labels, the reject label in ``y_true``,
    weights, labels outside fixed ``labels``). An empty batch (with empty
    weights, if any) changes nothing. Dask collections are accepted by
    :meth:`update` and counted chunk by chunk on the active scheduler.
    Batches and accumulators of labels of different dtypes merge exactly:
    int64 labels beyond 2**53 never meet float labels as floats, nor uint64
    beyond 2**63 int64 ones, and the reject markers ``np.nan`` and ``pd.NA``
    are one marker.

    Examples
    --------
    >>> from infometrics import ConfusionAccumulator, augmented_confusion_matrix
    >>> accumulator = ConfusionAccumulator()
    >>> accumulator.update([1, 1], [1, -1]).update([0, 2], [0, 1])
    ConfusionAccumulator(3 classes, 4 samples)
    >>> accumulator.labels
    array([0, 1, 2])
    >>> accumulator.confusion_matrix
    array([[1, 0, 0, 0],
           [0, 1, 0, 1],
           [0, 1, 0, 0]])
    >>> (accumulator.confusion_matrix
    ...  == augmented_confusion_matrix([1, 1, 0, 2], [1, -1, 0, 1])).all()
    np.True_
    >>> other = ConfusionAccumulator().update([3], [3])
    >>> (accumulator + other).labels
    array([0, 1, 2, 3])
    """

    def __init__(self, *, labels: ArrayLike | None = None, reject_label: Any = -1):
        reject_marker(reject_label)  # refuses a marker that can match nothing
        self.reject_label = reject_label
        self._has_reject = reject_label is not None
        if labels is None:
            self._fixed_labels = None
            self._labels = np.array([], dtype=np.int64)
        else:
            self._fixed_labels = self._labels = _check_fixed_labels(
                labels, reject_label
            )
        n_classes = len(self._labels)
        self._matrix = np.zeros(
            (n_classes, n_classes + self._has_reject), dtype=np.int64
        )

    @property
    def confusion_matrix(self) -> np.ndarray:
        """The augmented confusion matrix of every sample seen so far."""
        return self._matrix.copy()

    @property
    def labels(self) -> np.ndarray:
        """The classes, in the row order of :attr:`confusion_matrix`."""
        return self._labels.copy()

    def update(
        self,
        y_true: ArrayLike,
        y_pred: ArrayLike,
        sample_weight: ArrayLike | None = None,
    ) -> ConfusionAccumulator:
        """Add a batch of samples.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True labels of the batch.
        y_pred : array-like of shape (n_samples,)
            Predictions (``reject_label`` = rejected).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative finite weights; the matrix then holds summed weights
            (floats) from here on.

        Returns
        -------
        self : ConfusionAccumulator
            For chaining.
        """
        matrix, classes = confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=self._fixed_labels,
            reject_label=self.reject_label,
            sample_weight=sample_weight,
            part_of_a_total=True,
        )
        self._add(classes, matrix)
        return self

    def _add(self, classes, matrix):
        if self._fixed_labels is not None:
            self._matrix = self._matrix + matrix
            return
        self._labels, self._matrix = merge_counts(
            self._labels, self._matrix, classes, matrix, has_reject=self._has_reject
        )

    def merge(self, other: ConfusionAccumulator) -> ConfusionAccumulator:
        """A new accumulator holding the samples of both.

        Parameters
        ----------
        other : ConfusionAccumulator
            Counts of other samples, with the same ``reject_label`` and the
            same fixed ``labels`` (if any).

        Returns
        -------
        merged : ConfusionAccumulator
            Neither input is changed.
        """
        if not isinstance(other, ConfusionAccumulator):
            raise TypeError(
                "Only another ConfusionAccumulator can be merged; got "
                f"{type(other).__name__}."
            )
        if not same_reject_label(self.reject_label, other.reject_label):
            raise ValueError(
                "Cannot merge accumulators with different reject labels "
                f"({self.reject_label!r} and {other.reject_label!r}): their "
                "matrices mean different things."
            )
        if (self._fixed_labels is None) != (other._fixed_labels is None) or (
            self._fixed_labels is not None
            and not same_classes(self._fixed_labels, other._fixed_labels)
        ):
            raise ValueError(
                "Cannot merge accumulators with different fixed labels: both must "
                "discover their labels (labels=None) or share the same labels=."
            )
        merged = ConfusionAccumulator.__new__(ConfusionAccumulator)
        merged.__dict__.update(self.__dict__)
        merged._matrix = self._matrix.copy()
        merged._add(other._labels, other._matrix)
        return merged

    def __add__(self, other):
        if not isinstance(other, ConfusionAccumulator):
            return NotImplemented
        return self.merge(other)

    def __radd__(self, other):
        # sum([a, b, c]) starts from 0.
        if isinstance(other, int) and other == 0:
            return self.merge(
                ConfusionAccumulator(
                    labels=self._fixed_labels, reject_label=self.reject_label
                )
            )
        return NotImplemented

    def __repr__(self):
        return (
            f"ConfusionAccumulator({len(self._labels)} classes, "
            f"{describe_total(self._matrix)})"
        )


def _check_fixed_labels(labels, reject_label):
    array = np.asarray(labels)
    if array.ndim != 1 or array.size == 0:
        raise ValueError(
            "labels must be a non-empty 1-d list of the classes, in row order; got "
            f"{labels!r}."
        )
    try:
        # One call on the labels themselves validates them (duplicates, the
        # reject label among them, missing values) as a batch would.
        _, classes = confusion_matrix_and_labels(
            array, array, labels=array, reject_label=reject_label
        )
    except ValueError as error:
        raise ValueError(f"Invalid labels={labels!r}: {error}") from error
    return classes
