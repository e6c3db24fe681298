"""Plotting: Displays in scikit-learn's style (matplotlib imported when drawing)."""

from ._display.confusion_matrix import AugmentedConfusionMatrixDisplay
from ._display.entropy_triangle import EntropyTriangleDisplay
from ._display.information_coverage import InformationCoverageDisplay
from ._display.reject_curve import RejectCurveDisplay
from ._display.risk_coverage import RiskCoverageDisplay

__all__ = [
    "AugmentedConfusionMatrixDisplay",
    "EntropyTriangleDisplay",
    "InformationCoverageDisplay",
    "RejectCurveDisplay",
    "RiskCoverageDisplay",
]
