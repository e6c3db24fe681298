"""Displays in scikit-learn's style, one module per Display."""

from .confusion_matrix import AugmentedConfusionMatrixDisplay
from .entropy_triangle import EntropyTriangleDisplay
from .information_coverage import InformationCoverageDisplay
from .reject_curve import RejectCurveDisplay
from .risk_coverage import RiskCoverageDisplay

__all__ = [
    "AugmentedConfusionMatrixDisplay",
    "EntropyTriangleDisplay",
    "InformationCoverageDisplay",
    "RejectCurveDisplay",
    "RiskCoverageDisplay",
]
