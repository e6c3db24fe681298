"""Plotting: Displays in scikit-learn's style (matplotlib imported when drawing)."""

from ._display import (
    AugmentedConfusionMatrixDisplay,
    EntropyTriangleDisplay,
    InformationCoverageDisplay,
    RejectCurveDisplay,
    RiskCoverageDisplay,
)

__all__ = [
    "AugmentedConfusionMatrixDisplay",
    "EntropyTriangleDisplay",
    "InformationCoverageDisplay",
    "RejectCurveDisplay",
    "RiskCoverageDisplay",
]
