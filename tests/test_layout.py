"""Structure: each matrix validated once per public call, its quantities built once.

This module imports private modules, and must: how many times a call
validates its matrix and builds the quantities of a matrix (entropies,
marginals) cannot be seen through the public API, only counted by wrapping
the one validator and the one evaluator. It also keeps the names of the
first release public under the layout.
"""

import numpy as np
import pytest
from public_names import PUBLIC

import infometrics as im
from infometrics._measures import quantities, validation


@pytest.fixture
def counted(monkeypatch):
    """Count validations and quantities objects built during a call."""
    calls = {"validations": 0, "quantities": 0}
    validate = validation.check_confusion_matrix
    build = quantities.MatrixQuantities.__init__

    def counting_validate(*args, **kwargs):
        calls["validations"] += 1
        return validate(*args, **kwargs)

    def counting_build(self, *args, **kwargs):
        calls["quantities"] += 1
        build(self, *args, **kwargs)

    monkeypatch.setattr(validation, "check_confusion_matrix", counting_validate)
    monkeypatch.setattr(quantities.MatrixQuantities, "__init__", counting_build)
    return calls


def test_compare_validates_each_matrix_once_and_computes_its_quantities_once(
    counted,
):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 200)
    noisy = np.where(rng.random(200) < 0.3, rng.integers(0, 3, 200), y)
    rejecting = np.where(rng.random(200) < 0.1, -1, noisy)
    classifiers = {
        "a": [[40, 3, 2, 5], [4, 50, 1, 3], [2, 2, 60, 8]],
        "b": [[45, 3, 2, 0], [4, 52, 2, 0], [2, 2, 66, 0]],
        "c": (y, rejecting),
    }
    table = im.report.compare(classifiers)
    assert list(table.index) == ["a", "b", "c"]
    # Each classifier's own (shared by the value, its chance adjustment and
    # the exact classification), and the jackknife's delete-one stack's.
    assert counted["quantities"] == 3 * (1 + 1)
    # Two matrices given as counts are validated; the one built from labels
    # is valid by construction.
    assert counted["validations"] <= 3


def test_compute_measures_of_a_stack_is_one_validation_and_one_quantities(counted):

    stack = np.random.default_rng(1).integers(0, 9, (50, 3, 4))
    names = ["ni2", "info_completeness", "triangle_mi", "kappa", "ema", "xi"]
    values = im.measures.compute_measures(stack, names, replace_undefined_by=np.nan)
    assert set(values) == set(names)
    assert counted == {"validations": 1, "quantities": 1}


def test_only_the_requested_measures_are_computed():
    """A measure that is not asked for is never evaluated (nor can it warn)."""
    evaluated = []
    originals = {name: spec.compute for name, spec in im.measures.MEASURES.items()}

    def spying(name, compute):
        def spy(q):
            evaluated.append(name)
            return compute(q)

        return spy

    try:
        for name, spec in im.measures.MEASURES.items():
            # MeasureSpec is frozen: patch around it for the test only.
            object.__setattr__(spec, "compute", spying(name, originals[name]))
        im.measures.compute_measures([[5, 1, 2], [1, 6, 0]], ["ni2", "kappa"])
    finally:
        for name, spec in im.measures.MEASURES.items():
            object.__setattr__(spec, "compute", originals[name])
    assert evaluated == ["ni2", "kappa"]


def test_reports_validate_each_matrix_once_and_compute_its_quantities_once(counted):
    y_true = [0, 0, 1, 1, 2, 2]
    im.report.compare(
        {
            "A": [[2, 0, 0, 0], [0, 2, 0, 0], [0, 1, 1, 0]],
            "B": [[1, 1, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0]],
            "C": [[2, 0, 0, 0], [0, 1, 0, 1], [0, 0, 2, 0]],
            "D": (y_true, [0, 0, 1, -1, 2, 2]),  # counted, so valid already
        }
    )
    # Each classifier's quantities once (read by the chance adjustment and
    # the exact classification too), and the delete-one stack's.
    assert counted == {"validations": 3, "quantities": 4 * (1 + 1)}
    counted.update(validations=0, quantities=0)
    matrix = [[74, 6, 10], [0, 9, 1]]
    im.report.information_report(confusion_matrix=matrix)
    im.report.per_class_report(confusion_matrix=matrix)
    assert counted == {"validations": 2, "quantities": 2 + 1}
    counted.update(validations=0, quantities=0)
    im.report.information_report(y_true, [0, 0, 1, -1, 2, 2])
    assert counted == {"validations": 0, "quantities": 1 + 1}
    counted.update(validations=0, quantities=0)
    # The page's measures, per-class table and reasons share one quantities.
    im.report.html_report(confusion_matrix=matrix, figures=False, n_resamples=0)
    assert counted == {"validations": 1, "quantities": 1 + 1}


# The public names of release 0.1.0, before the package was reorganised.
NAMES_BEFORE_THE_LAYOUT = [
    "bootstrap_measures_score",
    "BinaryMetricRejectionWarning",
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
    "bootstrap_measures_from_predictions",
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


# Names of 0.1.0 that the public layout renamed or removed, and why.
RENAMED = {
    "bootstrap_measures_score": "bootstrap_measures_from_predictions: it returns "
    "intervals, and *_score means one higher-is-better number from labels",
    "BinaryMetricRejectionWarning": "removed: predict no longer looks at its "
    "caller, so nothing emits it",
}


@pytest.mark.parametrize("name", NAMES_BEFORE_THE_LAYOUT)
def test_every_name_exported_before_is_public_in_the_layout(name):
    if name in RENAMED:
        assert name not in PUBLIC
        new = RENAMED[name].split(":")[0]
        assert new == "removed" or new in PUBLIC
        return
    assert PUBLIC[name] is not None
