"""Confidence-binned counts: the additive table and the curves it gives exactly.

:func:`~infometrics.confidence_binned_counts` (in :mod:`.binned`) counts the
samples per (confidence bin, true class, predicted class); this result sums
over batches, chunks and workers and evaluates the reject and risk-coverage
curves at every bin edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from .._counting.merging import checked_sum
from .._measures.registry import check_measure, compute_measures
from .curve import RejectCurve, fraction
from .exact_sums import range_sums

# Matrices of the curve evaluated at once (bounds memory for many thresholds).
_BLOCK_CELLS = 1 << 22


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
    >>> from infometrics import confidence_binned_counts
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
                "confidence; build both with the same thresholds=[...] and classes=."
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
        n_bins = counts.shape[0]
        thresholds = np.append(self.thresholds, np.inf)
        n_points = len(thresholds)
        # Point j rejects bins 0..j (the last point, inf, every bin) and
        # accepts the bins after j: both sides as exact sums over the bins,
        # never one as the total minus the other (which can undershoot 0).
        by_cell = counts.reshape(n_bins, -1).T.ravel()  # cell-major bins
        cell_start = np.repeat(np.arange(n_classes * n_classes) * n_bins, n_points)
        point = np.tile(np.arange(n_points), n_classes * n_classes)
        cell_end = cell_start + n_bins
        rejected_cells = range_sums(by_cell, cell_start, cell_start + point + 1)
        accepted_cells = range_sums(by_cell, cell_start + point + 1, cell_end)
        rejected_by_point = rejected_cells.reshape(n_classes, n_classes, -1)
        rejected_by_point = np.moveaxis(rejected_by_point, -1, 0)
        accepted_by_point = np.moveaxis(
            accepted_cells.reshape(n_classes, n_classes, -1), -1, 0
        )
        # Totals per point from the same bins, in one exact sum each.
        bin_major = counts.reshape(-1)
        diagonal = np.eye(n_classes, dtype=bool).ravel()
        per_bin = n_classes * n_classes
        split = (np.arange(n_points) + 1) * per_bin
        end = np.full(n_points, n_bins * per_bin)
        correct_by_bin = np.where(np.tile(diagonal, n_bins), bin_major, 0.0)
        wrong_by_bin = np.where(np.tile(diagonal, n_bins), 0.0, bin_major)
        total = float(range_sums(bin_major, [0], [n_bins * per_bin])[0])
        rejected_total = range_sums(bin_major, np.zeros(n_points, int), split)
        accepted_total = range_sums(bin_major, split, end)
        correct = range_sums(correct_by_bin, split, end)
        errors = range_sums(wrong_by_bin, split, end)
        outputs = {name: np.empty(n_points) for name in names}
        block = max(1, _BLOCK_CELLS // max(n_classes * n_classes, 1))
        for start in range(0, n_points, block):
            rejected = rejected_by_point[start : start + block]
            accepted = accepted_by_point[start : start + block]
            stack = np.concatenate([accepted, rejected.sum(axis=2)[:, :, None]], axis=2)
            window = slice(start, start + len(stack))
            values = compute_measures(
                stack, names, replace_undefined_by=replace_undefined_by
            )
            for name, value in values.items():
                outputs[name][window] = value
        safe_total = total if total > 0 else 1.0
        anything_accepted = accepted_total > 0
        accepted_accuracy = np.divide(
            correct,
            accepted_total,
            out=np.full(n_points, np.nan),
            where=anything_accepted,
        )
        selective_risk = np.divide(
            errors,
            accepted_total,
            out=np.full(n_points, np.nan),
            where=anything_accepted,
        )
        return RejectCurve(
            thresholds=thresholds,
            reject_rate=fraction(rejected_total / safe_total),
            error_rate=fraction(errors / safe_total),
            accepted_accuracy=fraction(accepted_accuracy),
            measures=outputs,
            classes=self.classes,
            coverage=fraction(accepted_total / safe_total),
            selective_risk=fraction(selective_risk),
            generalized_risk=fraction(errors / safe_total),
        )
