"""The 24 normalized information measures NI1 ... NI24 of Hu, He & Yuan."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .measure import (
    NORMALIZED_INFORMATION,
    ONE_TRUE_CLASS_REASON,
    MeasureSpec,
    measure_matrix,
)
from .statistics import ratio

SINGULAR_REASON = (
    "the divergence is infinite (singular): one marginal puts mass where the "
    "other has none, e.g. on the reject outcome"
)
ZERO_CROSS_ENTROPY_REASON = "the cross-entropy is 0, so the ratio is 0/0"


# Group 1, I over a normaliser: I = 0 gives 0 even with a zero normaliser (no
# information transferred); with H(T) = 0 one normalised by H(T) is undefined.
def _mi(normalizer, information="mutual_info"):
    def compute(q):
        norm = normalizer(q)
        single_class = (q.h_true <= 0) & (norm <= 0)
        return ratio(getattr(q, information), norm), [
            (single_class, ONE_TRUE_CLASS_REASON)
        ]

    return compute


def _ni4(q):
    value = 0.5 * (ratio(q.mutual_info, q.h_true) + ratio(q.mutual_info, q.h_output))
    return value, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]


# Group 2, exp(-D) of a divergence between t = (p_t, 0) and y = p_y on the
# m + 1 outcomes: a column statistic, singular where t has mass and y none
# ("t"), or y has mass and t none ("y", e.g. rejections).
def _div(*names, singular=""):
    def compute(q):
        value = sum(q.sum(name) for name in names)
        infinite = sum(q.sum(f"{side}_singular") for side in singular) > 0
        return _exp_minus(value, np.broadcast_to(infinite, q.stack_shape))

    return compute


def _exp_minus(value, singular):
    value = np.maximum(np.where(singular, 0.0, value), 0.0)
    return np.exp(-value), [(singular, SINGULAR_REASON)]


def _d11(q):
    product = q.sum("t_times_y")
    singular = product <= 0
    safe = np.where(singular, 1.0, product)
    value = q.sum("t_squared") * q.sum("y_squared") / safe**2
    return _exp_minus(np.log2(np.where(singular, 1.0, value)), singular)


def _d13(q):
    coefficient = q.sum("sqrt_t_times_y")
    singular = coefficient <= 0
    return _exp_minus(-np.log2(np.where(singular, 1.0, coefficient)), singular)


def _d20(q):
    forward, backward = q.sum("kl_t_y"), q.sum("kl_y_t")
    singular = (q.sum("t_singular") > 0) | (q.sum("y_singular") > 0)
    # Identical marginals (both divergences 0) take the limit D20 = 0.
    return _exp_minus(ratio(forward * backward, forward + backward), singular)


def cross_entropy_t_y(q):
    """``H(t; y)``, ``inf`` where ``t`` has mass on an outcome ``y`` has not."""
    return np.where(q.sum("t_singular") > 0, np.inf, q.sum("cross_entropy_t_y"))


def cross_entropy_y_t(q):
    """``H(y; t)``, ``inf`` where ``y`` has mass on an outcome ``t`` has not."""
    return np.where(q.sum("y_singular") > 0, np.inf, q.sum("cross_entropy_y_t"))


def _entropy_over_cross_entropy(numerator, denominator):
    """``numerator / denominator``: 0 for an infinite denominator (the limit)."""

    def compute(q):
        top, bottom = numerator(q), denominator(q)
        defined = np.isfinite(bottom) & (bottom > 0)
        value = np.where(defined, top / np.where(defined, bottom, 1.0), 0.0)
        return value, [(bottom <= 0, ZERO_CROSS_ENTROPY_REASON)]

    return compute


_ni21 = _entropy_over_cross_entropy(lambda q: q.h_true, cross_entropy_t_y)
_ni22 = _entropy_over_cross_entropy(lambda q: q.h_output, cross_entropy_y_t)


def _ni23(q):
    (value_21, conditions_21), (value_22, conditions_22) = _ni21(q), _ni22(q)
    return 0.5 * (value_21 + value_22), conditions_21 + conditions_22


class NIMeasure(NamedTuple):
    """One of the 24 normalized information measures.

    Attributes
    ----------
    name, group, formula : str
        ``"ni1"`` ... ``"ni24"``, its group and its definition.
    compute : callable
        ``compute(quantities) -> (values, conditions)``, as in :class:`MeasureSpec`.
    """

    name: str
    group: str
    formula: str
    compute: Callable = None


_GROUPS = {
    "mutual information": {
        1: ("I / H(T)", _mi(lambda q: q.h_true)),
        2: (
            "I_M / H(T), I_M leaving out the reject column's terms",
            _mi(lambda q: q.h_true, "mutual_info_without_reject"),
        ),
        3: ("I / H(Y)", _mi(lambda q: q.h_output)),
        4: ("(I / H(T) + I / H(Y)) / 2", _ni4),
        5: ("2 I / (H(T) + H(Y))", _mi(lambda q: 0.5 * (q.h_true + q.h_output))),
        6: ("I / sqrt(H(T) H(Y))", _mi(lambda q: np.sqrt(q.h_true * q.h_output))),
        7: ("I / H(T, Y)", _mi(lambda q: q.h_joint)),
        8: ("I / max(H(T), H(Y))", _mi(lambda q: np.maximum(q.h_true, q.h_output))),
        9: ("I / min(H(T), H(Y))", _mi(lambda q: np.minimum(q.h_true, q.h_output))),
    },
    "divergence": {
        10: ("exp(-sum (t - y)^2)", _div("squared_difference")),
        11: ("exp(-log(sum t^2 sum y^2 / (sum t y)^2))", _d11),
        12: ("exp(-KL(t||y))", _div("kl_t_y", singular="t")),
        13: ("exp(log sum sqrt(t y))", _d13),
        14: ("exp(-sum (t - y)^2 / y)", _div("chi_square_t_y", singular="t")),
        15: ("exp(-sum (sqrt t - sqrt y)^2)", _div("hellinger")),
        16: ("exp(-sum |t - y|)", _div("absolute_difference")),
        17: ("exp(-(KL(t||y) + KL(y||t)))", _div("kl_t_y", "kl_y_t", singular="ty")),
        18: ("exp(-(KL(t||M) + KL(y||M))), M = (t + y) / 2", _div("jensen_shannon")),
        19: (
            "exp(-(sum (t - y)^2 / y + sum (y - t)^2 / t))",
            _div("chi_square_t_y", "chi_square_y_t", singular="ty"),
        ),
        20: ("exp(-KL(t||y) KL(y||t) / (KL(t||y) + KL(y||t)))", _d20),
    },
    "cross-entropy": {
        21: ("H(T) / H(t; y)", _ni21),
        22: ("H(Y) / H(y; t)", _ni22),
        23: ("(NI21 + NI22) / 2", _ni23),
        24: (
            "(H(T) + H(Y)) / (H(t; y) + H(y; t))",
            _entropy_over_cross_entropy(
                lambda q: q.h_true + q.h_output,
                lambda q: cross_entropy_t_y(q) + cross_entropy_y_t(q),
            ),
        ),
    },
}

NI_MEASURES: dict[str, NIMeasure] = {
    f"ni{number}": NIMeasure(f"ni{number}", group, formula, compute)
    for group, measures in _GROUPS.items()
    for number, (formula, compute) in measures.items()
}

SPECS: dict[str, MeasureSpec] = {
    name: MeasureSpec(
        name, NORMALIZED_INFORMATION, True, formula, name.upper(), compute=compute
    )
    for name, _, formula, compute in NI_MEASURES.values()
}

MeasureName = (
    Literal["ni1", "ni2", "ni3", "ni4", "ni5", "ni6", "ni7", "ni8", "ni9", "ni10"]
    | Literal["ni11", "ni12", "ni13", "ni14", "ni15", "ni16", "ni17", "ni18"]
    | Literal["ni19", "ni20", "ni21", "ni22", "ni23", "ni24"]
)


def check_measure_name(measure):
    """Return the canonical lower-case name of an NI measure or raise."""
    name = measure.lower() if isinstance(measure, str) else None
    if name not in NI_MEASURES:
        raise ValueError(
            f"Unknown measure {measure!r}; choose one of 'ni1' ... 'ni24' "
            "(for example measure='ni2'); compute_measures computes several."
        )
    return name


def ni(
    confusion_matrix: ArrayLike,
    measure: MeasureName = "ni2",
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> float | np.ndarray:
    """Normalized information measure of an augmented confusion matrix.

    One of the 24 measures of Hu, He & Yuan (2012), in ``[0, 1]``, 1 being best;
    see the user guide, section "Which measure answers which question".

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts: row ``i`` true class ``i``, column ``j < m`` predicted class
        ``j``, the last column the rejections (none if square); a stack gives
        one value per matrix.
    measure : {"ni1", ..., "ni24"}, default="ni2"
        Which measure (case-insensitive); :func:`compute_measures` gives several.
    replace_undefined_by : "warn" or float, default="warn"
        Value of an undefined measure; ``"warn"`` returns ``nan`` and emits an
        :class:`UndefinedMeasureWarning`.

    Returns
    -------
    value : float or ndarray of shape (...)
        The measure (an array for a stack).

    See Also
    --------
    all_measures : All 24 measures from one computation.
    ni_score : The same from labels.

    Examples
    --------
    Rejecting one sample of the small class costs less than misclassifying it:

    >>> from infometrics import ni
    >>> round(ni([[90, 0, 0], [1, 9, 0]], "ni2"), 3)   # one error
    0.831
    >>> round(ni([[90, 0, 0], [0, 9, 1]], "ni2"), 3)   # one rejection
    0.929
    >>> ni([[[90, 0, 0], [1, 9, 0]], [[90, 0, 0], [0, 9, 1]]]).round(3)
    array([0.831, 0.929])
    """
    spec = SPECS[check_measure_name(measure)]
    return measure_matrix(confusion_matrix, [spec], replace_undefined_by)[0][spec.name]


def all_measures(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """All 24 normalized information measures from one computation.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        As in :func:`ni`.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    measures : dict
        ``{"ni1": value, ..., "ni24": value}``.

    Examples
    --------
    >>> from infometrics import all_measures
    >>> values = all_measures([[89, 1, 0], [0, 10, 0]])
    >>> round(values["ni1"], 3), round(values["ni3"], 3), round(values["ni21"], 3)
    (0.897, 0.841, 0.998)
    """
    return measure_matrix(confusion_matrix, SPECS.values(), replace_undefined_by)[0]
