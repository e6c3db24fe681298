"""An augmented confusion matrix that carries its class labels."""

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .label_checks import check_explicit_labels, check_finite_total, reject_marker
from .merging import (
    SumsFromZero,
    check_same_reject_label,
    describe_total,
    merge_counts,
)


@dataclass(frozen=True, eq=False)
class ConfusionCounts(SumsFromZero):
    """An augmented confusion matrix with its class labels.

    Goes wherever a matrix goes (``ni(counts)``); counts of disjoint rows add
    up (``a + b``, ``sum``) over the sorted union of their labels.

    Attributes
    ----------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        As returned by :func:`augmented_confusion_matrix`.
    labels : ndarray of shape (m,)
        The classes, in row order.
    reject_label : scalar or None
        The prediction that was counted as a rejection.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics import ConfusionCounts, ni
    >>> counts = ConfusionCounts(np.array([[1, 0, 1], [1, 1, 0]]), np.array([0, 1]))
    >>> counts + counts
    ConfusionCounts(2 classes, 8 samples)
    >>> round(float(ni(counts)), 4)
    0.25
    """

    confusion_matrix: np.ndarray
    labels: np.ndarray
    reject_label: Any = field(default=-1)

    def __post_init__(self):
        matrix, labels = np.asarray(self.confusion_matrix), self.labels
        marker = reject_marker(self.reject_label)
        # The rules of labels=; no labels: the empty counts sums start from.
        labels = (
            check_explicit_labels(labels, marker)
            if np.size(labels)
            else np.asarray(labels)
        )
        if matrix.dtype.kind not in "iuf" or matrix.ndim != 2:
            raise ValueError(
                "confusion_matrix must be a 2-d array of counts (integers or "
                f"summed weights); got dtype {matrix.dtype} with shape "
                f"{matrix.shape}."
            )
        m = matrix.shape[0]
        if matrix.shape[1] not in (m, m + 1) or labels.shape != (m,):
            raise ValueError(
                f"confusion_matrix of shape {matrix.shape} does not fit {len(labels)} "
                "labels: it needs shape (m, m + 1) (a reject column) or (m, m), "
                "with one label per row."
            )
        if matrix.dtype.kind == "f" and not np.all(np.isfinite(matrix)):
            raise ValueError(
                "confusion_matrix contains NaN or infinite counts; counts must "
                "be finite."
            )
        if np.any(matrix < 0):
            raise ValueError("confusion_matrix contains negative counts.")
        check_finite_total(matrix, what="confusion_matrix")
        object.__setattr__(self, "confusion_matrix", matrix)
        object.__setattr__(self, "labels", labels)

    def __array__(self, dtype=None, copy=None):
        matrix = self.confusion_matrix
        if copy is False:
            if dtype is not None and np.dtype(dtype) != matrix.dtype:
                raise ValueError(
                    f"The counts are {matrix.dtype}; a {np.dtype(dtype)} array of "
                    "them needs a copy."
                )
            return matrix
        # A copy by default: np.asarray(counts) cannot change them.
        return np.array(matrix, dtype=dtype, copy=True)

    @property
    def shape(self):
        """The matrix's shape, ``(m, m + 1)`` or ``(m, m)``."""
        return self.confusion_matrix.shape

    def __add__(self, other):
        if not isinstance(other, ConfusionCounts):
            return NotImplemented
        has_reject = self.shape[1] > self.shape[0]
        check_same_reject_label(
            self.reject_label,
            other.reject_label,
            same_shape=has_reject == (other.shape[1] > other.shape[0]),
        )
        labels, matrix = merge_counts(
            self.labels,
            self.confusion_matrix,
            other.labels,
            other.confusion_matrix,
            has_reject=has_reject,
        )
        return ConfusionCounts(matrix, labels, self.reject_label)

    def __repr__(self):
        return (
            f"ConfusionCounts({len(self.labels)} classes, "
            f"{describe_total(self.confusion_matrix)})"
        )
