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
from ._registry import MEASURES, MeasureSpec
from ._reject import RejectOptionClassifier, RejectOptionClassifierCV
from ._reject_curve import RejectCurve, reject_curve
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

# After `import infometrics`, scoring="ni2" (and the other names) work in
# scikit-learn; see _sklearn_registration for how and why.
register_scorers()

__version__ = "0.1.0"

__all__ = [
    "MEASURES",
    "NI_MEASURES",
    "EntropyTriangle",
    "ErrorBounds",
    "InformationCoverage",
    "InformationScorer",
    "MeasureSpec",
    "MultiMeasureScorer",
    "NIMeasure",
    "RejectCurve",
    "RejectOptionClassifier",
    "RejectOptionClassifierCV",
    "ScorerRegistrationWarning",
    "TriangleCoordinates",
    "UndefinedMeasureWarning",
    "all_measures",
    "all_measures_score",
    "augmented_confusion_matrix",
    "conventional_measures",
    "conventional_measures_score",
    "entropy_triangle",
    "entropy_triangle_score",
    "error_bounds",
    "get_scorer",
    "get_scorer_names",
    "information_coverage",
    "information_coverage_score",
    "make_multi_measure_scorer",
    "make_ni_scorer",
    "mutual_info_sensitivity",
    "ni",
    "ni_score",
    "register_scorers",
    "reject_curve",
]
