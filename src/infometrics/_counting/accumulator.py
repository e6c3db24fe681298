"""Confusion counts that accumulate over batches (counts are additive)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .count import confusion_matrix_and_labels
from .label_checks import check_explicit_labels, reject_marker
from .merging import (
    add_into,
    check_same_reject_label,
    describe_total,
    merge_counts,
    positions_among,
    same_classes,
)


class ConfusionAccumulator:
    """Augmented confusion matrix accumulated over batches of labels.

    The matrix is what :func:`augmented_confusion_matrix` gives on all the
    batches at once; accumulators merge (``+``, ``sum``) and pickle.

    Parameters
    ----------
    labels, reject_label
        As in :func:`augmented_confusion_matrix` (``labels`` fixed up front).

    Attributes
    ----------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        The counts so far (a copy).
    labels : ndarray of shape (m,)
        The row order of :attr:`confusion_matrix`.

    Examples
    --------
    >>> from infometrics import ConfusionAccumulator
    >>> accumulator = ConfusionAccumulator()
    >>> accumulator.update([1, 1], [1, -1]).update([0, 2], [0, 1])
    ConfusionAccumulator(3 classes, 4 samples)
    >>> accumulator.confusion_matrix
    array([[1, 0, 0, 0],
           [0, 1, 0, 1],
           [0, 1, 0, 0]])
    """

    def __init__(self, *, labels: ArrayLike | None = None, reject_label: Any = -1):
        marker = reject_marker(reject_label)  # refuses one that can match nothing
        self.reject_label = reject_label
        self._fixed_labels = None
        self._labels = np.array([], dtype=np.int64)
        if labels is not None:
            self._fixed_labels = self._labels = check_explicit_labels(labels, marker)
        m = len(self._labels)
        self._matrix = np.zeros((m, m + marker.rejects), np.int64)

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
        y_true, y_pred, sample_weight : array-like of shape (n_samples,)
            The batch, as for :func:`augmented_confusion_matrix`.

        Returns
        -------
        self : ConfusionAccumulator
        """
        matrix, classes = confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=self._fixed_labels,
            reject_label=self.reject_label,
            sample_weight=sample_weight,
            part_of_a_total=True,
        )
        self._add(matrix, classes, fresh=True)
        return self

    def _add(self, matrix, classes, *, fresh=False):
        """Add counts of ``classes``; ``fresh``: a new array, ours to keep."""
        if fresh and not self._labels.size:
            self._labels, self._matrix = classes, matrix
            return
        has_reject = self.reject_label is not None
        if self._fixed_labels is None:
            positions = positions_among(self._labels, classes)
        else:
            positions = np.arange(len(self._labels))
        if positions is None:
            self._labels, self._matrix = merge_counts(
                self._labels, self._matrix, classes, matrix, has_reject=has_reject
            )
        else:
            self._matrix = add_into(
                self._matrix, positions, matrix, has_reject=has_reject
            )

    def merge(self, other: ConfusionAccumulator) -> ConfusionAccumulator:
        """A new accumulator holding the samples of both.

        Parameters
        ----------
        other : ConfusionAccumulator
            Counts of other samples, with the same ``reject_label`` and ``labels``.

        Returns
        -------
        merged : ConfusionAccumulator
        """
        if not isinstance(other, ConfusionAccumulator):
            raise TypeError(
                "Only another ConfusionAccumulator can be merged; got "
                f"{type(other).__name__}."
            )
        check_same_reject_label(self.reject_label, other.reject_label)
        if (self._fixed_labels is None) != (other._fixed_labels is None) or (
            self._fixed_labels is not None
            and not same_classes(self._fixed_labels, other._fixed_labels)
        ):
            raise ValueError(
                "Cannot merge accumulators with different fixed labels: both must "
                "discover their labels (labels=None) or share the same labels=."
            )
        merged = copy.copy(self)
        merged._add(other._matrix, other._labels)
        return merged

    def __add__(self, other):
        if isinstance(other, ConfusionAccumulator):
            return self.merge(other)
        return NotImplemented

    def __radd__(self, other):
        # sum([a, b, c]) starts from 0.
        zero = isinstance(other, int) and other == 0
        return copy.copy(self) if zero else NotImplemented

    def __copy__(self):
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._matrix = self._matrix.copy()
        return clone

    def __repr__(self):
        return (
            f"ConfusionAccumulator({len(self._labels)} classes, "
            f"{describe_total(self._matrix)})"
        )
