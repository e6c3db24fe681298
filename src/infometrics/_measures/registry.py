"""One registry of every scalar measure: core functions, scorers, reports, tests.

Each entry says how to compute the measure from a confusion matrix (or a
stack), which family it belongs to and whether higher is better; adding a
measure is one entry here.
"""

import warnings
from dataclasses import dataclass

from .._exceptions import UndefinedMeasureWarning
from .conventional import conventional_measures
from .coverage import coverage_from_quantities, information_coverage
from .ni import NI_MEASURES, selected_measures
from .quantities import JointQuantities
from .triangle import entropy_triangle, triangle_from_quantities
from .validation import caller_stacklevel, check_confusion_matrix


@dataclass(frozen=True)
class MeasureSpec:
    """How one scalar measure is computed and read.

    Attributes
    ----------
    name : str
        Base name (``"ni2"``, ``"info_completeness"``, ``"kappa"``, ...).
    family : str
        ``"normalized information"``, ``"information coverage"``,
        ``"entropy triangle"`` or ``"conventional"``; measures of one family
        are computed together.
    higher_is_better : bool
        Direction; a scorer of a lower-is-better measure is named ``neg_<name>``.
    description : str
        One line for reports.
    warning_name : str
        How the core's warnings name it (``"NI2"``, ``"f(T;S)"``, ...).
    """

    name: str
    family: str
    higher_is_better: bool
    description: str
    warning_name: str = ""

    @property
    def binary_only(self):
        """Defined for two classes only (the positive class's precision, ...)."""
        return self.name in _BINARY_ONLY

    @property
    def scorer_name(self):
        """``name`` or ``neg_name``: the scikit-learn convention, greater is better."""
        return self.name if self.higher_is_better else f"neg_{self.name}"


_BINARY_ONLY = frozenset({"precision", "recall", "f1"})

NORMALIZED_INFORMATION = "normalized information"
INFORMATION_COVERAGE = "information coverage"
ENTROPY_TRIANGLE = "entropy triangle"
CONVENTIONAL = "conventional"

_COVERAGE_FIELDS = {
    "info_completeness": ("completeness", True, "f(T;S) = I(T;S) / H(T)"),
    "false_info_ratio": ("false_info_ratio", False, "r(S|T) = H(S|T) / H(T)"),
    "info_error": ("info_error", False, "S_I / H(T) = 1 - f + r"),
}
_COVERAGE_WARNING_NAMES = {
    "info_completeness": "f(T;S)",
    "false_info_ratio": "r(S|T)",
    "info_error": "S_I/H(T)",
}
_TRIANGLE_FIELDS = {
    "triangle_mi": ("mutual_info", True, "entropy triangle 2MI' (ideal: 1)"),
    "triangle_vi": ("variation_info", False, "entropy triangle VI'"),
    "triangle_dh": ("delta_h", False, "entropy triangle ΔH' (degenerate: 1)"),
}
_CONVENTIONAL = {
    "correct_rate": (True, "correct-recognition rate CR"),
    "error_rate": (False, "error rate E (rejections excluded)"),
    "reject_rate": (False, "reject rate Rej"),
    "accepted_accuracy": (True, "accuracy on accepted samples CR / (CR + E)"),
    "precision": (True, "precision of the positive class (two classes only)"),
    "recall": (True, "recall of the positive class (two classes only)"),
    "f1": (True, "F1 of the positive class (two classes only)"),
    "accuracy": (True, "accuracy (rejections count as wrong)"),
    "kappa": (True, "Cohen's kappa"),
    "tpr": (True, "prior-weighted true-positive rate"),
    "fpr": (False, "prior-weighted false-positive rate"),
    "ppv": (True, "prior-weighted positive predictive value"),
    "npv": (True, "prior-weighted negative predictive value"),
    "rand_index": (True, "prior-weighted Rand index"),
    "f_score": (True, "prior-weighted F-score"),
    "quadratic_loss": (False, "expected quadratic loss"),
    "linear_loss": (False, "expected linear loss"),
    "informational_loss": (False, "expected informational loss (nats)"),
    "zero_one_loss": (False, "expected 0-1 loss (-accuracy)"),
    "xi": (False, "error-to-information ratio ξ"),
    "balanced_error_rate": (False, "balanced error rate"),
    "combined_error_rate": (False, "combined error rate"),
    "micro_f1": (True, "micro-averaged F1"),
    "macro_f1": (True, "macro-averaged F1"),
    "info_weighted_accuracy": (True, "information-weighted accuracy"),
}

MEASURES: dict[str, MeasureSpec] = {
    **{
        name: MeasureSpec(
            name, NORMALIZED_INFORMATION, True, measure.formula, name.upper()
        )
        for name, measure in NI_MEASURES.items()
    },
    **{
        name: MeasureSpec(
            name, INFORMATION_COVERAGE, better, text, _COVERAGE_WARNING_NAMES[name]
        )
        for name, (_, better, text) in _COVERAGE_FIELDS.items()
    },
    **{
        name: MeasureSpec(
            name, ENTROPY_TRIANGLE, better, text, f"entropy triangle.{field}"
        )
        for name, (field, better, text) in _TRIANGLE_FIELDS.items()
    },
    **{
        name: MeasureSpec(name, CONVENTIONAL, better, text, name)
        for name, (better, text) in _CONVENTIONAL.items()
    },
}


def _family_values(family, confusion_matrix, replace_undefined_by, quantities):
    """Every measure of one family, as ``{name: value}``."""
    if family == INFORMATION_COVERAGE:
        coverage = (
            coverage_from_quantities(quantities, replace_undefined_by)
            if quantities is not None
            else information_coverage(
                confusion_matrix, replace_undefined_by=replace_undefined_by
            )
        )
        return {
            name: getattr(coverage, field)
            for name, (field, _, _) in _COVERAGE_FIELDS.items()
        }
    if family == ENTROPY_TRIANGLE:
        triangle = (
            triangle_from_quantities(quantities, replace_undefined_by)
            if quantities is not None
            else entropy_triangle(
                confusion_matrix, replace_undefined_by=replace_undefined_by
            )
        )
        return {
            name: getattr(triangle, field)
            for name, (field, _, _) in _TRIANGLE_FIELDS.items()
        }
    return conventional_measures(
        confusion_matrix, replace_undefined_by=replace_undefined_by
    )


def compute_measures(confusion_matrix, names, *, replace_undefined_by="warn"):
    """The named measures of a matrix or stack, each family computed once.

    Parameters
    ----------
    confusion_matrix : array-like of shape (..., m, m + 1) or (..., m, m)
        Counts.
    names : iterable of str
        Base names from :data:`MEASURES`.
    replace_undefined_by : "warn" or float, default="warn"
        As for the core functions.

    Returns
    -------
    values : dict
        ``{name: value}`` in the order of ``names``.
    """
    names = [check_measure(name).name for name in names]
    by_family = {}
    for name in names:
        by_family.setdefault(MEASURES[name].family, []).append(name)
    counts, has_reject_column = check_confusion_matrix(confusion_matrix)
    # With a reject column, the NI, coverage and triangle families all work on
    # the matrix as given: compute its entropies once for all of them. (A
    # square matrix is padded for the NI family but not for the others.)
    shared = (
        JointQuantities.from_counts(counts)
        if has_reject_column and len(set(by_family) - {CONVENTIONAL}) > 1
        else None
    )
    values = {}
    for family, members in by_family.items():
        if family == NORMALIZED_INFORMATION:
            values.update(
                selected_measures(
                    counts,
                    members,
                    replace_undefined_by=replace_undefined_by,
                    quantities=shared,
                )
            )
            continue
        # The other families compute all their fields together; only the
        # warnings of the requested measures reach the caller.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            computed = _family_values(
                family,
                counts,
                replace_undefined_by,
                None if family == CONVENTIONAL else shared,
            )
        _reemit(caught, {MEASURES[name].warning_name for name in members})
        for name in members:
            if name not in computed:
                raise ValueError(
                    f"{name!r} is only defined for two classes; the matrix has "
                    f"{counts.shape[-2]}."
                )
            values[name] = computed[name]
    return {name: values[name] for name in names}


def _reemit(caught, warning_names):
    for record in caught:
        message = str(record.message)
        if issubclass(record.category, UndefinedMeasureWarning) and not any(
            message.startswith(f"{name} is undefined") for name in warning_names
        ):
            continue
        warnings.warn(message, record.category, stacklevel=caller_stacklevel())


def check_measure(name) -> MeasureSpec:
    """The registry entry for a base name or a ``neg_`` scorer name, or raise."""
    if isinstance(name, str):
        key = name.lower()
        if key in MEASURES:
            return MEASURES[key]
        if key.startswith("neg_") and key[4:] in MEASURES:
            spec = MEASURES[key[4:]]
            if not spec.higher_is_better:
                return spec
    raise ValueError(
        f"Unknown measure {name!r}. Known measures: 'ni1' ... 'ni24', "
        f"{', '.join(repr(n) for n in MEASURES if not n.startswith('ni'))}."
    )
