"""Counting: labels, tables and streams into augmented confusion matrices.

Every input becomes counts here: labels in memory or in Dask collections
(:func:`augmented_confusion_matrix`), tables of any dataframe engine, counted
in the engine (:func:`counts_from_table`), streams of batches
(:class:`ConfusionAccumulator`), and counts per confidence bin for curves of
data that does not fit in memory (:func:`confidence_binned_counts`).
"""

from ._counting.accumulator import ConfusionAccumulator
from ._counting.count import augmented_confusion_matrix
from ._counting.counts import ConfusionCounts
from ._curves.binned import ConfidenceBinnedCounts, confidence_binned_counts
from ._engines.tables import counts_from_table

__all__ = [
    "ConfidenceBinnedCounts",
    "ConfusionAccumulator",
    "ConfusionCounts",
    "augmented_confusion_matrix",
    "confidence_binned_counts",
    "counts_from_table",
]
