"""Measures: every measure of an augmented confusion matrix, and their registry.

The count-level functions take one matrix or a stack of them; the ``*_score``
functions take labels and count them first. :data:`MEASURES` is the registry
of every scalar measure (the scorer names, the reports and the curves read
it); :func:`compute_measures` computes any of them by name. For small
samples, :func:`adjusted_measures` corrects the mutual-information measures
for chance and :func:`jackknife_measures` gives jackknife standard errors and
bias-corrected estimates of any measure.
"""

from ._from_labels.scores import (
    all_measures_score,
    conventional_measures_score,
    entropy_triangle_score,
    information_coverage_score,
    ni_score,
)
from ._measures.bounds import ErrorBounds, error_bounds, mutual_info_sensitivity
from ._measures.chance import adjusted_measures
from ._measures.conventional import conventional_measures
from ._measures.coverage import InformationCoverage, information_coverage
from ._measures.jackknife import JackknifeEstimate, jackknife_measures
from ._measures.ni import NI_MEASURES, NIMeasure, all_measures, ni
from ._measures.registry import MEASURES, MeasureSpec, compute_measures
from ._measures.triangle import EntropyTriangle, TriangleCoordinates, entropy_triangle

__all__ = [
    "MEASURES",
    "NI_MEASURES",
    "EntropyTriangle",
    "ErrorBounds",
    "InformationCoverage",
    "JackknifeEstimate",
    "MeasureSpec",
    "NIMeasure",
    "TriangleCoordinates",
    "adjusted_measures",
    "all_measures",
    "all_measures_score",
    "compute_measures",
    "conventional_measures",
    "conventional_measures_score",
    "entropy_triangle",
    "entropy_triangle_score",
    "error_bounds",
    "information_coverage",
    "information_coverage_score",
    "jackknife_measures",
    "mutual_info_sensitivity",
    "ni",
    "ni_score",
]
