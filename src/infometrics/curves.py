"""Curves over a confidence threshold: reject curves and risk-coverage curves.

A reject curve gives every measure of the registry at each threshold; the
risk-coverage curve and the AURC family are the selective-classification
view of the same sweep (Geifman & El-Yaniv 2017; Traub et al. 2024).
"""

from ._curves.reject_curve import (
    RejectCurve,
    reject_curve,
    reject_curve_from_predictions,
)
from ._curves.selective import (
    RiskCoverageCurve,
    augrc,
    aurc,
    coverage_at_risk,
    e_aurc,
    risk_coverage_curve,
    selective_risk_at_coverage,
)

__all__ = [
    "RejectCurve",
    "RiskCoverageCurve",
    "augrc",
    "aurc",
    "coverage_at_risk",
    "e_aurc",
    "reject_curve",
    "reject_curve_from_predictions",
    "risk_coverage_curve",
    "selective_risk_at_coverage",
]
