"""Conventional measures reported beside the information measures."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from .measure import (
    CONVENTIONAL,
    NON_NEGATIVE,
    REAL,
    UNIT_INTERVAL,
    MeasureSpec,
    evaluate_measures,
    matrix_quantities,
)
from .statistics import ratio
from .validation import check_replace_undefined_by


def _sum(*names, sign=1.0):
    """An always-defined measure: ``sign`` times a sum of statistics."""
    return lambda q: (sign * sum(q.sum(name) for name in names), [])


def _rate(numerator, denominators, reason, scale=1):
    """``scale * numerator / sum(denominators)``, undefined where that sum is 0."""

    def compute(q):
        total = sum(q.sum(name) for name in denominators)
        return ratio(q.sum(numerator) * scale, total), [(total <= 0, reason)]

    return compute


def _kappa(q):
    # (accuracy - chance) / (1 - chance) with both complements as exact sums:
    # 1 - chance = sum t_i (1 - y_i), 1 - accuracy = sum (t_i - P_ii).
    not_chance, not_accurate = q.sum("t_times_y_rest"), q.sum("misses")
    return ratio(not_chance - not_accurate, not_chance), [
        (not_chance <= 0, "chance agreement is 1 (a single class, always predicted)")
    ]


# Holt et al.'s losses of row i (P the joint of the matrix squared by an empty
# reject row): quadratic sum_k (P_ik - δ_ik)^2 = sum_k P_ik^2 - 2 P_ii + 1,
# linear sum_k |P_ik - δ_ik| = t_i + 1 - 2 P_ii, informational -ln P_ii.
def _informational_loss(q):
    finite = q.sum("prior_neg_ln_hits")
    # A class never recognised (P_ii = 0 with t_i > 0) costs -ln 0 = inf.
    return np.where(q.sum("never_recognised") > 0, np.inf, finite), []


def _xi(q):
    error = q.sum("misses")
    mutual_info_nats = q.mutual_info * np.log(2.0)
    no_information = mutual_info_nats <= 0
    value = np.where(
        no_information,
        np.where(error > 0, np.inf, 0.0),
        error / np.where(no_information, 1.0, mutual_info_nats),
    )
    return value, [(no_information & (error <= 0), "no error and no information (0/0)")]


def _info_weighted_accuracy(q):
    # The normaliser vanishes exactly when H(T) does (one class present).
    value = ratio(
        q.sum("information_weighted_hits"), q.sum("information_weighted_prior")
    )
    return value, [(q.h_true <= 0, "a single true class carries no information")]


def _positive(denominators, reason, scale=1):
    return _rate("positive_hits", denominators, f"the positive class {reason}", scale)


_BINARY = "binary"  # in the unit interval, two classes only

# name: (higher is better, description, compute, value range), in report order.
_TABLE = {
    # Hu & Wang: rates with a reject option, CR + E + Rej = 1.
    "correct_rate": (True, "correct-recognition rate CR", _sum("hits")),
    "error_rate": (False, "error rate E (rejections excluded)", _sum("error")),
    "reject_rate": (False, "reject rate Rej", _sum("reject_y")),
    "accepted_accuracy": (
        True,
        "accuracy on accepted samples CR / (CR + E)",
        _rate("hits", ["accepted_y"], "every sample was rejected"),
    ),
    # scikit-learn's zero_one_loss of the labels, the reject label a prediction:
    # 1 - CR = E + Rej, summed as the misses (t_i - P_ii), never as 1 - CR.
    "zero_one_loss": (
        False,
        "0-1 loss 1 - CR = E + Rej (scikit-learn's; a rejection counts as an error)",
        _sum("misses"),
    ),
    "precision": (
        True,
        "precision of the positive class",
        _positive(["positive_predicted"], "is never predicted"),
        _BINARY,
    ),
    "recall": (
        True,
        "recall of the positive class",
        _positive(["positive_true"], "has no true samples"),
        _BINARY,
    ),
    "f1": (
        True,
        "F1 of the positive class",
        _positive(
            ["positive_predicted", "positive_true"],
            "is neither present nor predicted",
            scale=2,
        ),
        _BINARY,
    ),
    # Holt et al.: prior-weighted one-vs-rest rates, on the matrix squared by an
    # empty reject row (its prior is 0, so it adds nothing).
    "accuracy": (True, "accuracy (rejections count as wrong)", _sum("hits")),
    "kappa": (True, "Cohen's kappa", _kappa, REAL),
    "tpr": (True, "prior-weighted true-positive rate", _sum("prior_tpr")),
    "fpr": (False, "prior-weighted false-positive rate", _sum("prior_fpr")),
    "ppv": (True, "prior-weighted positive predictive value", _sum("prior_ppv")),
    "npv": (True, "prior-weighted negative predictive value", _sum("prior_npv")),
    "rand_index": (True, "prior-weighted Rand index", _sum("prior_rand")),
    "f_score": (True, "prior-weighted F-score", _sum("prior_f_score")),
    # Holt et al.: expected losses and the error-to-information ratio.
    "quadratic_loss": (
        False,
        "expected quadratic loss",
        _sum("t_p_squared", "prior_quadratic_correction"),
        NON_NEGATIVE,
    ),
    "linear_loss": (
        False,
        "expected linear loss",
        _sum("prior_linear_deviation"),
        NON_NEGATIVE,
    ),
    "informational_loss": (
        False,
        "expected informational loss (nats)",
        _informational_loss,
        NON_NEGATIVE,
    ),
    # Holt et al.'s 0-1 loss matrix -δ_ij gives -accuracy. Not scikit-learn's
    # zero_one_loss (1 - accuracy, the ``zero_one_loss`` above): its own name.
    "holt_zero_one_loss": (
        False,
        "Holt et al.'s expected 0-1 loss sum P_ij (-δ_ij) = -accuracy",
        _sum("hits", sign=-1.0),
        REAL,
    ),
    "xi": (False, "error-to-information ratio ξ", _xi, NON_NEGATIVE),
    # The multi-class literature: summary rates.
    "balanced_error_rate": (
        False,
        "balanced error rate",
        lambda q: (1.0 - ratio(q.sum("recall_of_present"), q.sum("present")), []),
    ),
    "combined_error_rate": (
        False,
        "combined error rate",
        lambda q: (0.5 * (q.sum("prior_fpr") + 1.0 - q.sum("prior_tpr")), []),
    ),
    "micro_f1": (
        True,
        "micro-averaged F1",
        lambda q: (ratio(2 * q.sum("hits"), q.sum("accepted_y") + 1.0), []),
    ),
    "macro_f1": (True, "macro-averaged F1", lambda q: (q.sum("f1") / q.n_classes, [])),
    "info_weighted_accuracy": (
        True,
        "information-weighted accuracy",
        _info_weighted_accuracy,
    ),
}


def _spec(name, higher, description, compute, value_range=UNIT_INTERVAL):
    if binary := value_range == _BINARY:
        description, value_range = f"{description} (two classes only)", UNIT_INTERVAL
    return MeasureSpec(
        name, CONVENTIONAL, higher, description, name, compute, value_range, binary
    )


SPECS: dict[str, MeasureSpec] = {
    name: _spec(name, *row) for name, row in _TABLE.items()
}


def conventional_measures(
    confusion_matrix: ArrayLike,
    *,
    pos_label: Any = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """Conventional measures of an augmented confusion matrix, for comparison.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        As in :func:`ni`.
    pos_label : label, default=1
        The positive class of ``precision``, ``recall`` and ``f1`` (two classes
        only), as scikit-learn's: a row label (``0 .. m - 1`` for a bare matrix).
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    measures : dict
        ``{name: value}`` of every conventional measure of :data:`MEASURES` (its
        ``description`` says what each is); ``precision``, ``recall`` and ``f1``
        only for two classes. See the user guide, section "Which measure answers
        which question".

    Examples
    --------
    >>> from infometrics import conventional_measures
    >>> measures = conventional_measures([[74, 6, 10], [0, 9, 1]])
    >>> round(measures["accepted_accuracy"], 3), round(measures["reject_rate"], 3)
    (0.933, 0.11)
    >>> round(measures["zero_one_loss"], 3), round(measures["holt_zero_one_loss"], 3)
    (0.17, -0.83)
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    q = matrix_quantities(confusion_matrix, binary=True, pos_label=pos_label)
    specs = [
        spec for spec in SPECS.values() if q.n_classes == 2 or not spec.binary_only
    ]
    return evaluate_measures(q, specs, replace_undefined_by)
