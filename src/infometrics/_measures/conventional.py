"""Conventional measures reported beside the information measures.

Four groups, each a table of :class:`MeasureSpec` computed from the shared
quantities: Hu & Wang's rates with a reject option, Holt et al.'s
prior-weighted one-vs-rest rates, Holt et al.'s expected losses and ξ, and the
summary rates of the multi-class literature.
"""

from __future__ import annotations

import numbers
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .measure import (
    CONVENTIONAL,
    NON_NEGATIVE,
    REAL,
    MeasureSpec,
    evaluate_measures,
)
from .quantities import MatrixQuantities
from .statistics import _ratio
from .validation import check_confusion_matrix, check_replace_undefined_by


def _spec(name, higher_is_better, description, compute, **options):
    return MeasureSpec(
        name,
        CONVENTIONAL,
        higher_is_better,
        description,
        name,
        compute=compute,
        **options,
    )


def _always_defined(function):
    return lambda q: (function(q), [])


# -- Hu & Wang: rates with a reject option --------------------------------------
# CR + E + Rej = 1; the accuracy on accepted samples is CR / (CR + E).


def _accepted_accuracy(q):
    accepted = q.sum("accepted_y")
    return _ratio(q.sum("hits"), accepted), [
        (accepted <= 0, "every sample was rejected")
    ]


def _positive_rate(numerator, denominator, reason):
    def compute(q):
        total = sum(q.sum(name) for name in denominator)
        hits = q.sum("positive_hits") * numerator
        return _ratio(hits, total), [(total <= 0, reason)]

    return compute


HU_WANG_RATES = [
    _spec(
        "correct_rate",
        True,
        "correct-recognition rate CR",
        _always_defined(lambda q: q.sum("hits")),
    ),
    _spec(
        "error_rate",
        False,
        "error rate E (rejections excluded)",
        _always_defined(lambda q: q.sum("error")),
    ),
    _spec(
        "reject_rate",
        False,
        "reject rate Rej",
        _always_defined(lambda q: q.sum("reject_y")),
    ),
    _spec(
        "accepted_accuracy",
        True,
        "accuracy on accepted samples CR / (CR + E)",
        _accepted_accuracy,
    ),
    # scikit-learn's zero_one_loss of the labels, the reject label a prediction:
    # 1 - CR = E + Rej, summed as the misses (t_i - P_ii), never as 1 - CR.
    _spec(
        "zero_one_loss",
        False,
        "0-1 loss 1 - CR = E + Rej (scikit-learn's; a rejection counts as an error)",
        _always_defined(lambda q: q.sum("misses")),
    ),
    _spec(
        "precision",
        True,
        "precision of the positive class (two classes only)",
        _positive_rate(
            1, ["positive_predicted"], "the positive class is never predicted"
        ),
        binary_only=True,
    ),
    _spec(
        "recall",
        True,
        "recall of the positive class (two classes only)",
        _positive_rate(1, ["positive_true"], "the positive class has no true samples"),
        binary_only=True,
    ),
    _spec(
        "f1",
        True,
        "F1 of the positive class (two classes only)",
        _positive_rate(
            2,
            ["positive_predicted", "positive_true"],
            "the positive class is neither present nor predicted",
        ),
        binary_only=True,
    ),
]


# -- Holt et al.: prior-weighted one-vs-rest rates ------------------------------
# On the matrix squared by an empty row for the reject outcome (its prior is 0,
# so it adds nothing); every rate of class i is weighted by its prior t_i.


def _kappa(q):
    # (accuracy - chance) / (1 - chance) with both complements as exact sums:
    # 1 - chance = sum t_i (1 - y_i), 1 - accuracy = sum (t_i - P_ii).
    not_chance, not_accurate = q.sum("t_times_y_rest"), q.sum("misses")
    return _ratio(not_chance - not_accurate, not_chance), [
        (not_chance <= 0, "chance agreement is 1 (a single class, always predicted)")
    ]


PRIOR_WEIGHTED_RATES = [
    _spec(
        "accuracy",
        True,
        "accuracy (rejections count as wrong)",
        _always_defined(lambda q: q.sum("hits")),
    ),
    _spec("kappa", True, "Cohen's kappa", _kappa, value_range=REAL),
    _spec(
        "tpr",
        True,
        "prior-weighted true-positive rate",
        _always_defined(lambda q: q.sum("prior_tpr")),
    ),
    _spec(
        "fpr",
        False,
        "prior-weighted false-positive rate",
        _always_defined(lambda q: q.sum("prior_fpr")),
    ),
    _spec(
        "ppv",
        True,
        "prior-weighted positive predictive value",
        _always_defined(lambda q: q.sum("prior_ppv")),
    ),
    _spec(
        "npv",
        True,
        "prior-weighted negative predictive value",
        _always_defined(lambda q: q.sum("prior_npv")),
    ),
    _spec(
        "rand_index",
        True,
        "prior-weighted Rand index",
        _always_defined(lambda q: q.sum("prior_rand")),
    ),
    _spec(
        "f_score",
        True,
        "prior-weighted F-score",
        _always_defined(lambda q: q.sum("prior_f_score")),
    ),
]


# -- Holt et al.: expected losses and the error-to-information ratio ------------
# Loss of row i (the joint P, as the specification writes it):
# quadratic sum_k (P_ik - δ_ik)^2 = sum_k P_ik^2 - 2 P_ii + 1,
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


LOSSES = [
    _spec(
        "quadratic_loss",
        False,
        "expected quadratic loss",
        _always_defined(
            lambda q: q.sum("t_p_squared") + q.sum("prior_quadratic_correction")
        ),
        value_range=NON_NEGATIVE,
    ),
    _spec(
        "linear_loss",
        False,
        "expected linear loss",
        _always_defined(lambda q: q.sum("prior_linear_deviation")),
        value_range=NON_NEGATIVE,
    ),
    _spec(
        "informational_loss",
        False,
        "expected informational loss (nats)",
        _informational_loss,
        value_range=NON_NEGATIVE,
    ),
    # Holt et al.'s 0-1 loss matrix -δ_ij gives -accuracy. Not scikit-learn's
    # zero_one_loss (1 - accuracy, the ``zero_one_loss`` above): its own name.
    _spec(
        "holt_zero_one_loss",
        False,
        "Holt et al.'s expected 0-1 loss sum P_ij (-δ_ij) = -accuracy",
        _always_defined(lambda q: -q.sum("hits")),
        value_range=REAL,
    ),
    _spec("xi", False, "error-to-information ratio ξ", _xi, value_range=NON_NEGATIVE),
]


# -- Multi-class literature: summary rates --------------------------------------


def _balanced_error_rate(q):
    return 1.0 - _ratio(q.sum("recall_of_present"), q.sum("present"))


def _info_weighted_accuracy(q):
    normaliser = q.sum("information_weighted_prior")
    # The normaliser vanishes exactly when H(T) does (one class present).
    return _ratio(q.sum("information_weighted_hits"), normaliser), [
        (q.h_true <= 0, "a single true class carries no information")
    ]


SUMMARY_RATES = [
    _spec(
        "balanced_error_rate",
        False,
        "balanced error rate",
        _always_defined(_balanced_error_rate),
    ),
    _spec(
        "combined_error_rate",
        False,
        "combined error rate",
        _always_defined(
            lambda q: 0.5 * (q.sum("prior_fpr") + 1.0 - q.sum("prior_tpr"))
        ),
    ),
    _spec(
        "micro_f1",
        True,
        "micro-averaged F1",
        _always_defined(lambda q: _ratio(2 * q.sum("hits"), q.sum("accepted_y") + 1.0)),
    ),
    _spec(
        "macro_f1",
        True,
        "macro-averaged F1",
        _always_defined(lambda q: q.sum("f1") / q.n_classes),
    ),
    _spec(
        "info_weighted_accuracy",
        True,
        "information-weighted accuracy",
        _info_weighted_accuracy,
    ),
]

SPECS: dict[str, MeasureSpec] = {
    spec.name: spec
    for spec in [*HU_WANG_RATES, *PRIOR_WEIGHTED_RATES, *LOSSES, *SUMMARY_RATES]
}


def check_positive_class(positive_class, n_classes):
    """The row index of the positive class, or a clear error."""
    if (
        isinstance(positive_class, bool)
        or not isinstance(positive_class, numbers.Integral)
        or not 0 <= positive_class < max(n_classes, 2)
    ):
        raise ValueError(
            "positive_class must be a row index, 0 or 1 for a binary matrix; got "
            f"{positive_class!r}."
        )
    return int(positive_class)


def conventional_measures(
    confusion_matrix: ArrayLike,
    *,
    positive_class: int = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """Conventional measures of an augmented confusion matrix, for comparison.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts: rows true classes, columns predicted classes plus a last reject
        column. A square matrix means no reject option.
    positive_class : int, default=1
        Row index of the positive class for the binary ``precision``,
        ``recall`` and ``f1`` (1 is scikit-learn's ``pos_label=1`` with labels
        ``[0, 1]``). Only used when ``m == 2``.
    replace_undefined_by : "warn" or float, default="warn"
        Value of measures that are undefined (empty matrix, everything rejected,
        a single class). ``"warn"`` gives ``nan`` and an
        :class:`UndefinedMeasureWarning`.

    Returns
    -------
    measures : dict
        Hu & Wang: ``correct_rate``, ``error_rate``, ``reject_rate`` (they sum
        to 1), ``accepted_accuracy`` (``CR / (CR + E)``), ``zero_one_loss``
        (``1 - CR = E + Rej``: scikit-learn's ``zero_one_loss`` of the labels,
        a rejection counted as an error) and, for two classes,
        ``precision``, ``recall``, ``f1`` of ``positive_class`` (rejected
        samples count as not recalled).
        Holt et al., on the matrix squared by an empty reject row: ``accuracy``,
        ``kappa``, the prior-weighted one-vs-rest ``tpr``, ``fpr``, ``ppv``,
        ``npv``, ``rand_index``, ``f_score``; expected losses
        ``quadratic_loss``, ``linear_loss``, ``informational_loss`` (nats,
        ``inf`` when a class is never recognised), ``holt_zero_one_loss``
        (their 0-1 loss, ``-accuracy``; not scikit-learn's ``zero_one_loss``); the
        error-to-information ratio ``xi`` (``inf`` when no information is
        transferred but errors are made).
        Multi-class literature: ``balanced_error_rate``,
        ``combined_error_rate``, ``micro_f1``, ``macro_f1``,
        ``info_weighted_accuracy``.

    Warns
    -----
    UndefinedMeasureWarning
        For each undefined measure when ``replace_undefined_by="warn"``.

    See Also
    --------
    error_bounds : Fano and Hellman-Raviv bounds on the error.

    Notes
    -----
    Per-class rates whose numerator is 0 count as 0 (``0/0`` terms, as in the
    information measures). So ``macro_f1`` is the mean F1 over all ``m``
    classes, a class with neither true nor predicted samples counting as 0:
    scikit-learn's ``f1_score(average="macro", labels=...)`` convention, the
    one :func:`per_class_report`'s macro average of ``f1`` also takes (a class
    that is listed but never seen is a class the classifier did not show it
    can handle, so it does not earn the benefit of the doubt). The losses
    follow Holt et al. with ``P`` the joint distribution of the squared
    matrix: quadratic
    ``sum_ij P_ij sum_k (P_ik - δ_ik)^2``, linear
    ``sum_ij P_ij sum_k |P_ik - δ_ik|``, informational
    ``sum_ij P_ij (-ln P_ii)`` and 0-1 ``sum_ij P_ij (-δ_ij)`` (``-accuracy``,
    reported as ``holt_zero_one_loss``). ``zero_one_loss`` is scikit-learn's
    ``zero_one_loss(y_true, y_pred)`` with the reject label as a prediction:
    a rejection is not a correct prediction, so it counts as an error. The combined
    error rate is the mean of the prior-weighted false-positive and
    false-negative rates; the information-weighted accuracy weights each
    class's hits by ``-p_i log p_i`` and is 1 for a perfect classifier.

    References
    ----------
    .. [1] B.-G. Hu and Y. Wang, Acta Automatica Sinica 34 (2008).
    .. [2] R. S. Holt et al., Proc. SPIE 7697 (2010), eqs. 2-10.

    Examples
    --------
    >>> from infometrics import conventional_measures
    >>> measures = conventional_measures([[74, 6, 10], [0, 9, 1]])
    >>> round(measures["accepted_accuracy"], 3), round(measures["reject_rate"], 3)
    (0.933, 0.11)
    >>> round(measures["kappa"], 3), round(measures["macro_f1"], 3)
    (0.467, 0.811)

    ``zero_one_loss`` is scikit-learn's (errors and rejections, out of every
    sample); Holt et al.'s 0-1 loss is ``-accuracy``:

    >>> round(measures["zero_one_loss"], 3), round(measures["holt_zero_one_loss"], 3)
    (0.17, -0.83)
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    n_classes = counts.shape[-2]
    positive = check_positive_class(positive_class, n_classes)
    q = MatrixQuantities(counts, positive=positive)
    specs = [spec for spec in SPECS.values() if n_classes == 2 or not spec.binary_only]
    return evaluate_measures(q, specs, replace_undefined_by)
