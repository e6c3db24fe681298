"""Measures: every measure of an augmented confusion matrix, and their registry.

The count-level functions take one matrix or a stack of them; the ``*_score``
functions take labels and count them first. :data:`MEASURES` is the registry
of every scalar measure (the scorer names, the reports and the curves read
it).
"""

from ._from_labels.scores import (
    all_measures_score,
    conventional_measures_score,
    entropy_triangle_score,
    information_coverage_score,
    ni_score,
)
from ._measures.bounds import ErrorBounds, error_bounds, mutual_info_sensitivity
from ._measures.conventional import conventional_measures
from ._measures.coverage import InformationCoverage, information_coverage
from ._measures.ni import NI_MEASURES, NIMeasure, all_measures, ni
from ._measures.registry import MEASURES, MeasureSpec
from ._measures.triangle import EntropyTriangle, TriangleCoordinates, entropy_triangle

__all__ = [
    "MEASURES",
    "NI_MEASURES",
    "EntropyTriangle",
    "ErrorBounds",
    "InformationCoverage",
    "MeasureSpec",
    "NIMeasure",
    "TriangleCoordinates",
    "all_measures",
    "all_measures_score",
    "conventional_measures",
    "conventional_measures_score",
    "entropy_triangle",
    "entropy_triangle_score",
    "error_bounds",
    "information_coverage",
    "information_coverage_score",
    "mutual_info_sensitivity",
    "ni",
    "ni_score",
]
