"""infometrics: information-theoretic evaluation of classifiers that may abstain.

The count-level core works on augmented confusion matrices (true classes x
predicted classes + a reject column) and on stacks of them; the label-level
functions build that matrix from ``y_true``/``y_pred``.
"""

from ._conventional import (
    ErrorBounds,
    conventional_measures,
    error_bounds,
    mutual_info_sensitivity,
)
from ._coverage import InformationCoverage, information_coverage
from ._exceptions import UndefinedMeasureWarning
from ._labels import augmented_confusion_matrix
from ._measures import NI_MEASURES, NIMeasure, all_measures, ni
from ._plot import (
    EntropyTriangleDisplay,
    InformationCoverageDisplay,
    RejectCurveDisplay,
)
from ._registry import MEASURES, MeasureSpec
from ._reject import RejectOptionClassifier, RejectOptionClassifierCV
from ._reject_curve import RejectCurve, reject_curve
from ._report import compare, information_report, per_class_report
from ._scorers import (
    InformationScorer,
    MultiMeasureScorer,
    get_scorer,
    get_scorer_names,
    make_multi_measure_scorer,
    make_ni_scorer,
)
from ._scores import (
    all_measures_score,
    conventional_measures_score,
    entropy_triangle_score,
    information_coverage_score,
    ni_score,
)
from ._sklearn_registration import ScorerRegistrationWarning, register_scorers
from ._triangle import EntropyTriangle, TriangleCoordinates, entropy_triangle
from ._uncertainty import (
    BootstrapInterval,
    PairedComparison,
    bootstrap_measures,
    bootstrap_measures_score,
    paired_comparison,
)

# After `import infometrics`, scoring="ni2" (and the other names) work in
# scikit-learn; see _sklearn_registration for how and why.
register_scorers()

__version__ = "0.1.0"

__all__ = [
    "MEASURES",
    "NI_MEASURES",
    "BootstrapInterval",
    "EntropyTriangle",
    "EntropyTriangleDisplay",
    "ErrorBounds",
    "InformationCoverage",
    "InformationCoverageDisplay",
    "InformationScorer",
    "MeasureSpec",
    "MultiMeasureScorer",
    "NIMeasure",
    "PairedComparison",
    "RejectCurve",
    "RejectCurveDisplay",
    "RejectOptionClassifier",
    "RejectOptionClassifierCV",
    "ScorerRegistrationWarning",
    "TriangleCoordinates",
    "UndefinedMeasureWarning",
    "all_measures",
    "all_measures_score",
    "augmented_confusion_matrix",
    "bootstrap_measures",
    "bootstrap_measures_score",
    "compare",
    "conventional_measures",
    "conventional_measures_score",
    "entropy_triangle",
    "entropy_triangle_score",
    "error_bounds",
    "get_scorer",
    "get_scorer_names",
    "information_coverage",
    "information_coverage_score",
    "information_report",
    "make_multi_measure_scorer",
    "make_ni_scorer",
    "mutual_info_sensitivity",
    "ni",
    "ni_score",
    "paired_comparison",
    "per_class_report",
    "register_scorers",
    "reject_curve",
]
