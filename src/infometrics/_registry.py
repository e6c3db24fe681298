"""One registry of every scalar measure: core functions, scorers, reports, tests.

Each entry says how to compute the measure from a confusion matrix (or a
stack), which family it belongs to and whether higher is better; adding a
measure is one entry here.
"""

from dataclasses import dataclass

from ._conventional import conventional_measures
from ._coverage import information_coverage
from ._measures import NI_MEASURES, all_measures
from ._triangle import entropy_triangle


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
    """

    name: str
    family: str
    higher_is_better: bool
    description: str

    @property
    def scorer_name(self):
        """``name`` or ``neg_name``: the scikit-learn convention, greater is better."""
        return self.name if self.higher_is_better else f"neg_{self.name}"


NORMALIZED_INFORMATION = "normalized information"
INFORMATION_COVERAGE = "information coverage"
ENTROPY_TRIANGLE = "entropy triangle"
CONVENTIONAL = "conventional"

_COVERAGE_FIELDS = {
    "info_completeness": ("completeness", True, "f(T;S) = I(T;S) / H(T)"),
    "false_info_ratio": ("false_info_ratio", False, "r(S|T) = H(S|T) / H(T)"),
    "info_error": ("info_error", False, "S_I / H(T) = 1 - f + r"),
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
        name: MeasureSpec(name, NORMALIZED_INFORMATION, True, measure.formula)
        for name, measure in NI_MEASURES.items()
    },
    **{
        name: MeasureSpec(name, INFORMATION_COVERAGE, better, text)
        for name, (_, better, text) in _COVERAGE_FIELDS.items()
    },
    **{
        name: MeasureSpec(name, ENTROPY_TRIANGLE, better, text)
        for name, (_, better, text) in _TRIANGLE_FIELDS.items()
    },
    **{
        name: MeasureSpec(name, CONVENTIONAL, better, text)
        for name, (better, text) in _CONVENTIONAL.items()
    },
}


def _family_values(family, confusion_matrix, replace_undefined_by):
    """Every measure of one family, as ``{name: value}``."""
    if family == NORMALIZED_INFORMATION:
        return all_measures(confusion_matrix, replace_undefined_by=replace_undefined_by)
    if family == INFORMATION_COVERAGE:
        coverage = information_coverage(
            confusion_matrix, replace_undefined_by=replace_undefined_by
        )
        return {
            name: getattr(coverage, field)
            for name, (field, _, _) in _COVERAGE_FIELDS.items()
        }
    if family == ENTROPY_TRIANGLE:
        triangle = entropy_triangle(
            confusion_matrix, replace_undefined_by=replace_undefined_by
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
    values = {}
    for family, members in by_family.items():
        computed = _family_values(family, confusion_matrix, replace_undefined_by)
        for name in members:
            # Binary-only conventional measures are absent for m > 2.
            values[name] = computed[name]
    return {name: values[name] for name in names}


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
