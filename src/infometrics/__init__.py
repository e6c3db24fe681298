"""infometrics: information-theoretic evaluation of classifiers that may abstain.

The top level holds what most users import: counting labels or tables into an
augmented confusion matrix (true classes x predicted classes + a reject
column), the core measures from counts and from labels, the scikit-learn
scorer helpers and the two reject-option estimators. Everything else is in a
public subnamespace named for what it holds:

- :mod:`infometrics.counting`: every way of counting (labels, tables of any
  dataframe engine, streams, counts per confidence bin);
- :mod:`infometrics.measures`: every measure and the measure registry;
- :mod:`infometrics.curves`: reject curves, risk-coverage curves, the AURC family;
- :mod:`infometrics.resampling`: bootstrap intervals and paired comparisons;
- :mod:`infometrics.report`: tables and the HTML page;
- :mod:`infometrics.plotting`: the Displays;
- :mod:`infometrics.meta`: the meta-measure audit;
- :mod:`infometrics.scoring`: the scorer objects;
- :mod:`infometrics.exceptions`: every warning the package emits;
- :mod:`infometrics.cli`: the ``infometrics`` command line, callable in process.
"""

# The pipeline, one private subpackage per stage (see docs/developer.rst).
from . import (
    cli,  # noqa: F401 (public subnamespace)
    counting,  # noqa: F401 (public subnamespace)
    curves,  # noqa: F401 (public subnamespace)
    exceptions,  # noqa: F401 (public subnamespace)
    measures,  # noqa: F401 (public subnamespace)
    meta,  # noqa: F401 (public subnamespace)
    plotting,  # noqa: F401 (public subnamespace)
    report,  # noqa: F401 (public subnamespace)
    resampling,  # noqa: F401 (public subnamespace)
    scoring,  # noqa: F401 (public subnamespace)
)
from ._counting.accumulator import ConfusionAccumulator
from ._counting.count import augmented_confusion_matrix
from ._counting.counts import ConfusionCounts
from ._engines.tables import counts_from_table
from ._from_labels.scores import (
    all_measures_score,
    conventional_measures_score,
    entropy_triangle_score,
    information_coverage_score,
    ni_score,
)
from ._measures.conventional import conventional_measures
from ._measures.coverage import information_coverage
from ._measures.ni import all_measures, ni
from ._measures.triangle import entropy_triangle
from ._sklearn.reject_option import RejectOptionClassifier
from ._sklearn.reject_option_cv import RejectOptionClassifierCV
from ._sklearn.scorer_names import get_scorer, get_scorer_names, register_scorers
from ._sklearn.scorers import make_multi_measure_scorer, make_ni_scorer

# After `import infometrics`, scoring="ni2" (and the other names) work in
# scikit-learn; see _sklearn/compat.py for how and why.
register_scorers()

__version__ = "0.1.0"

__all__ = [
    "ConfusionAccumulator",
    "ConfusionCounts",
    "RejectOptionClassifier",
    "RejectOptionClassifierCV",
    "all_measures",
    "all_measures_score",
    "augmented_confusion_matrix",
    "conventional_measures",
    "conventional_measures_score",
    "counts_from_table",
    "entropy_triangle",
    "entropy_triangle_score",
    "get_scorer",
    "get_scorer_names",
    "information_coverage",
    "information_coverage_score",
    "make_multi_measure_scorer",
    "make_ni_scorer",
    "ni",
    "ni_score",
]
