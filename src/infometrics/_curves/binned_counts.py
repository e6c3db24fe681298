"""Confidence-binned counts: the additive table and the curves it gives exactly.

:func:`~infometrics.counting.confidence_binned_counts` (in :mod:`.binned`) counts the
samples per (confidence bin, true class, predicted class); this result sums
over batches, chunks and workers and evaluates the reject and risk-coverage
curves at every bin edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from .._counting.merging import checked_sum
from .._measures.registry import check_measure
from .curve import RejectCurve
from .stacks import ThresholdStacks


@dataclass(frozen=True, eq=False)
class ConfidenceBinnedCounts:
    """Confusion counts per confidence bin, true class and predicted class.

    Bin ``b`` holds the samples whose confidence reaches exactly ``b`` of the
    thresholds: bin 0 is below ``thresholds[0]``, bin ``j`` is in
    ``[thresholds[j-1], thresholds[j])`` and the last bin is at or above
    ``thresholds[-1]``. Counts of disjoint samples with the same thresholds
    and classes add up (``a + b``, ``sum([...])``).

    Attributes
    ----------
    thresholds : ndarray of shape (k,)
        Ascending, distinct, finite confidence thresholds (the bin edges).
    classes : ndarray of shape (m,)
        Row (true) and column (predicted) order.
    counts : ndarray of shape (k + 1, m, m)
        Sample counts (or summed weights) per bin, true class and predicted
        class.
    confidence : {"max", "margin"}
        How the scores became a confidence.

    See Also
    --------
    confidence_binned_counts : Builds it from labels and scores.
    reject_curve : The exact curve of samples in memory.

    Examples
    --------
    >>> import numpy as np
    >>> from infometrics.counting import confidence_binned_counts
    >>> proba = np.array([[0.9, 0.1], [0.4, 0.6], [0.3, 0.7], [0.2, 0.8]])
    >>> binned = confidence_binned_counts(
    ...     [0, 0, 1, 1], proba, thresholds=[0.65, 0.85]
    ... )
    >>> binned.counts.sum(axis=(1, 2))  # samples per confidence bin
    array([1, 2, 1])
    >>> binned.reject_curve(measures=["ni2"]).reject_rate
    array([0.25, 0.75, 1.  ])
    """

    thresholds: np.ndarray
    classes: np.ndarray
    counts: np.ndarray
    confidence: str = "max"

    def __add__(self, other):
        if not isinstance(other, ConfidenceBinnedCounts):
            return NotImplemented
        if not (
            np.array_equal(self.thresholds, other.thresholds)
            and len(self.classes) == len(other.classes)
            and np.array_equal(self.classes, other.classes)
            and self.confidence == other.confidence
        ):
            raise ValueError(
                "Binned counts add up only with the same thresholds, classes and "
                "confidence; build both with the same thresholds=[...] and labels=."
            )
        return ConfidenceBinnedCounts(
            self.thresholds,
            self.classes,
            checked_sum(self.counts, other.counts),
            self.confidence,
        )

    def __radd__(self, other):
        # sum([a, b, c]) starts from 0.
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    def __repr__(self):
        return (
            f"ConfidenceBinnedCounts({len(self.thresholds)} thresholds, "
            f"{len(self.classes)} classes, total {self.counts.sum():.6g})"
        )

    def reject_curve(
        self,
        measures=("ni2", "info_completeness", "false_info_ratio"),
        *,
        replace_undefined_by: float | Literal["warn"] = np.nan,
    ) -> RejectCurve:
        """The reject curve at the thresholds, exact at every one of them.

        Parameters
        ----------
        measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio")
            Registry names of the measures to evaluate at every point.
        replace_undefined_by : "warn" or float, default=nan
            Value of undefined measures at a point (e.g. everything rejected).

        Returns
        -------
        curve : RejectCurve
            Point ``j`` rejects the samples whose confidence is below
            ``thresholds[j]``; a last point (threshold ``inf``) rejects
            everything. The same curve as :func:`reject_curve` with
            ``thresholds=`` these thresholds on the samples themselves.
        """
        if isinstance(measures, str):
            measures = [measures]
        names = [check_measure(name).name for name in measures]
        n_classes = len(self.classes)
        counts = np.asarray(self.counts, dtype=float)
        thresholds = np.append(self.thresholds, np.inf)
        # Bin b is accepted at the points before b and rejected from b on:
        # each non-empty (bin, cell) of the table is one entry of the stack.
        bins, cells = np.nonzero(counts.reshape(counts.shape[0], -1))
        stacks = ThresholdStacks(
            cells,
            counts.reshape(counts.shape[0], -1)[bins, cells],
            bins,
            len(thresholds),
            n_classes,
        )
        return RejectCurve.from_stacks(
            stacks, thresholds, self.classes, names, replace_undefined_by
        )
