"""Scoring: scikit-learn scorers of the package's measures.

After ``import infometrics`` the measure names work as ``scoring=`` strings
in scikit-learn; the objects here are the same scorers for use without the
names.
"""

from ._sklearn.scorer_names import get_scorer, get_scorer_names, register_scorers
from ._sklearn.scorers import (
    InformationScorer,
    MultiMeasureScorer,
    RiskCoverageScorer,
    make_multi_measure_scorer,
    make_ni_scorer,
    make_risk_coverage_scorer,
)

__all__ = [
    "InformationScorer",
    "MultiMeasureScorer",
    "RiskCoverageScorer",
    "get_scorer",
    "get_scorer_names",
    "make_multi_measure_scorer",
    "make_ni_scorer",
    "make_risk_coverage_scorer",
    "register_scorers",
]
