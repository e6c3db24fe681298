"""infometrics: information-theoretic evaluation of classifiers that may abstain.

The count-level core works on augmented confusion matrices (true classes x
predicted classes + a reject column) and on stacks of them; the label-level
functions build that matrix from ``y_true``/``y_pred``.
"""

# The pipeline, one subpackage per stage (see docs/developer.rst):
# labels -> counts (_counting) -> measures (_measures, pure numpy) ->
# label-level functions (_from_labels), curves and resampling (_curves,
# _resampling) -> scikit-learn adapters (_sklearn) -> presentation (_report,
# _display, _cli).
from ._counting.accumulator import ConfusionAccumulator
from ._counting.count import augmented_confusion_matrix
from ._counting.counts import ConfusionCounts
from ._curves.binned import ConfidenceBinnedCounts, confidence_binned_counts
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
from ._display import (
    AugmentedConfusionMatrixDisplay,
    EntropyTriangleDisplay,
    InformationCoverageDisplay,
    RejectCurveDisplay,
    RiskCoverageDisplay,
)
from ._engines.tables import counts_from_table
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
from ._meta.audit import MetaMeasureAudit, meta_measure_audit
from ._meta.crossover import ni2_crossover_ratio
from ._meta.witness import MetaMeasureWitness
from ._report.html import html_report, html_report_from_estimator
from ._report.per_class import per_class_report
from ._report.tables import compare, information_report
from ._resampling.bootstrap import (
    BootstrapInterval,
    bootstrap_measures,
    bootstrap_measures_score,
)
from ._resampling.paired import PairedComparison, paired_comparison
from ._sklearn.reject_option import RejectOptionClassifier
from ._sklearn.reject_option_cv import RejectOptionClassifierCV
from ._sklearn.risk_coverage_scorers import (
    RiskCoverageScorer,
    make_risk_coverage_scorer,
)
from ._sklearn.scorer_names import get_scorer, get_scorer_names, register_scorers
from ._sklearn.scorers import (
    InformationScorer,
    MultiMeasureScorer,
    make_multi_measure_scorer,
    make_ni_scorer,
)
from .exceptions import (
    DegenerateThresholdWarning,
    PermutedLabelsWarning,
    RejectLabelWarning,
    ScorerRegistrationWarning,
    UndefinedMeasureWarning,
)

# After `import infometrics`, scoring="ni2" (and the other names) work in
# scikit-learn; see _sklearn/compat.py for how and why.
register_scorers()

__version__ = "0.1.0"

__all__ = [
    "MEASURES",
    "NI_MEASURES",
    "AugmentedConfusionMatrixDisplay",
    "BootstrapInterval",
    "ConfidenceBinnedCounts",
    "ConfusionAccumulator",
    "ConfusionCounts",
    "DegenerateThresholdWarning",
    "EntropyTriangle",
    "EntropyTriangleDisplay",
    "ErrorBounds",
    "InformationCoverage",
    "InformationCoverageDisplay",
    "InformationScorer",
    "MeasureSpec",
    "MetaMeasureAudit",
    "MetaMeasureWitness",
    "MultiMeasureScorer",
    "NIMeasure",
    "PairedComparison",
    "PermutedLabelsWarning",
    "RejectCurve",
    "RejectCurveDisplay",
    "RejectLabelWarning",
    "RejectOptionClassifier",
    "RejectOptionClassifierCV",
    "RiskCoverageCurve",
    "RiskCoverageDisplay",
    "RiskCoverageScorer",
    "ScorerRegistrationWarning",
    "TriangleCoordinates",
    "UndefinedMeasureWarning",
    "all_measures",
    "all_measures_score",
    "augmented_confusion_matrix",
    "augrc",
    "aurc",
    "bootstrap_measures",
    "bootstrap_measures_score",
    "compare",
    "confidence_binned_counts",
    "conventional_measures",
    "conventional_measures_score",
    "counts_from_table",
    "coverage_at_risk",
    "e_aurc",
    "entropy_triangle",
    "entropy_triangle_score",
    "error_bounds",
    "get_scorer",
    "get_scorer_names",
    "html_report",
    "html_report_from_estimator",
    "information_coverage",
    "information_coverage_score",
    "information_report",
    "make_multi_measure_scorer",
    "make_ni_scorer",
    "make_risk_coverage_scorer",
    "meta_measure_audit",
    "mutual_info_sensitivity",
    "ni",
    "ni2_crossover_ratio",
    "ni_score",
    "paired_comparison",
    "per_class_report",
    "register_scorers",
    "reject_curve",
    "reject_curve_from_predictions",
    "risk_coverage_curve",
    "selective_risk_at_coverage",
]
