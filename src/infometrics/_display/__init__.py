"""Displays in scikit-learn's style, one module per Display."""

from .entropy_triangle import EntropyTriangleDisplay
from .information_coverage import InformationCoverageDisplay
from .reject_curve import RejectCurveDisplay

__all__ = [
    "EntropyTriangleDisplay",
    "InformationCoverageDisplay",
    "RejectCurveDisplay",
]
