"""The 24 normalized information measures NI1 ... NI24 of Hu, He & Yuan.

Each measure is a pure function of the shared
:class:`~infometrics._measures.quantities.MatrixQuantities`; every public function
accepts one confusion matrix or a stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .measure import (
    NORMALIZED_INFORMATION,
    ONE_TRUE_CLASS_REASON,
    MeasureSpec,
    evaluate_measures,
)
from .quantities import MatrixQuantities
from .validation import check_confusion_matrix, check_replace_undefined_by

SINGULAR_REASON = (
    "the divergence is infinite (singular): one marginal puts mass where the "
    "other has none, e.g. on the reject outcome"
)
ZERO_CROSS_ENTROPY_REASON = "the cross-entropy is 0, so the ratio is 0/0"


def _ratio(numerator, denominator):
    """``numerator / denominator`` with 0 where the numerator is 0."""
    numerator, denominator = np.broadcast_arrays(numerator, denominator)
    return np.divide(
        numerator,
        denominator,
        out=np.zeros(numerator.shape),
        where=numerator > 0,
    )


# -- group 1: mutual information ----------------------------------------------


def _mutual_info_measure(normalizer, *, divides_by_h_true):
    """A group-1 measure ``I / normalizer``.

    ``I = 0`` gives 0 even with a zero normaliser (no information transferred);
    with ``H(T) = 0`` a measure normalised by ``H(T)`` is undefined.
    """

    def compute(q):
        norm = normalizer(q)
        value = _ratio(q.mutual_info, norm)
        single_class = (q.h_true <= 0) & (divides_by_h_true | (norm <= 0))
        return value, [(single_class, ONE_TRUE_CLASS_REASON)]

    return compute


def _ni2(q):
    value = _ratio(q.mutual_info_without_reject, q.h_true)
    return value, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]


def _ni4(q):
    value = 0.5 * (_ratio(q.mutual_info, q.h_true) + _ratio(q.mutual_info, q.h_output))
    return value, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]


# -- group 2: divergences between the marginals, NI = exp(-D) ------------------
# t = (p_t, 0) and y = p_y on the m + 1 outcomes; each divergence is a sum over
# the outcomes (a column statistic) and is singular where a term is infinite.


def _divergence_measure(divergence):
    def compute(q):
        value, singular = divergence(q)
        value = np.maximum(np.where(singular, 0.0, value), 0.0)
        return np.exp(-value), [(singular, SINGULAR_REASON)]

    return compute


def _never(q):
    return np.zeros(q.stack_shape, dtype=bool)


def _t_singular(q):
    """Some outcome has true mass but no output mass: KL(t||y) is infinite."""
    return q.sum("t_singular") > 0


def _y_singular(q):
    """Some outcome has output mass but no true mass (e.g. a rejection)."""
    return q.sum("y_singular") > 0


def _d11(q):
    product = q.sum("t_times_y")
    singular = product <= 0
    safe = np.where(singular, 1.0, product)
    ratio = q.sum("t_squared") * q.sum("y_squared") / safe**2
    return np.log2(np.where(singular, 1.0, ratio)), singular


def _d13(q):
    coefficient = q.sum("sqrt_t_times_y")
    singular = coefficient <= 0
    return -np.log2(np.where(singular, 1.0, coefficient)), singular


def _d20(q):
    forward, backward = q.sum("kl_t_y"), q.sum("kl_y_t")
    # Identical marginals (both divergences 0) take the limit D20 = 0.
    return _ratio(forward * backward, forward + backward), _t_singular(q) | _y_singular(
        q
    )


_DIVERGENCES = {
    10: lambda q: (q.sum("squared_difference"), _never(q)),
    11: _d11,
    12: lambda q: (q.sum("kl_t_y"), _t_singular(q)),
    13: _d13,
    14: lambda q: (q.sum("chi_square_t_y"), _t_singular(q)),
    15: lambda q: (q.sum("hellinger"), _never(q)),
    16: lambda q: (q.sum("absolute_difference"), _never(q)),
    17: lambda q: (
        q.sum("kl_t_y") + q.sum("kl_y_t"),
        _t_singular(q) | _y_singular(q),
    ),
    18: lambda q: (q.sum("jensen_shannon"), _never(q)),
    19: lambda q: (
        q.sum("chi_square_t_y") + q.sum("chi_square_y_t"),
        _t_singular(q) | _y_singular(q),
    ),
    20: _d20,
}


# -- group 3: cross-entropy ----------------------------------------------------


def _cross_entropy(q, name, singular):
    """``H(a; b)``, ``inf`` where ``a`` has mass on an outcome ``b`` has not."""
    return np.where(singular, np.inf, q.sum(name))


def cross_entropy_t_y(q):
    return _cross_entropy(q, "cross_entropy_t_y", _t_singular(q))


def cross_entropy_y_t(q):
    return _cross_entropy(q, "cross_entropy_y_t", _y_singular(q))


def _cross_entropy_ratio(numerator, denominator):
    """``numerator / denominator``: 0 for an infinite denominator (the limit)."""
    finite = np.isfinite(denominator)
    zero = denominator <= 0
    safe = np.where(finite & ~zero, denominator, 1.0)
    value = np.where(finite & ~zero, numerator / safe, 0.0)
    return value, [(zero, ZERO_CROSS_ENTROPY_REASON)]


def _ni21(q):
    return _cross_entropy_ratio(q.h_true, cross_entropy_t_y(q))


def _ni22(q):
    return _cross_entropy_ratio(q.h_output, cross_entropy_y_t(q))


def _ni23(q):
    value_21, conditions_21 = _ni21(q)
    value_22, conditions_22 = _ni22(q)
    return 0.5 * (value_21 + value_22), conditions_21 + conditions_22


def _ni24(q):
    return _cross_entropy_ratio(
        q.h_true + q.h_output, cross_entropy_t_y(q) + cross_entropy_y_t(q)
    )


@dataclass(frozen=True)
class NIMeasure:
    """One of the 24 normalized information measures.

    Attributes
    ----------
    name : str
        ``"ni1"`` ... ``"ni24"``.
    group : str
        ``"mutual information"``, ``"divergence"`` or ``"cross-entropy"``.
    formula : str
        The definition, in the notation of the specification.
    """

    name: str
    group: str
    formula: str
    compute: Callable = None


def _measure(number, group, formula, compute):
    return NIMeasure(f"ni{number}", group, formula, compute)


_MI = "mutual information"
_DIV = "divergence"
_CE = "cross-entropy"

_DIVERGENCE_FORMULAS = {
    10: "exp(-sum (t - y)^2)",
    11: "exp(-log(sum t^2 sum y^2 / (sum t y)^2))",
    12: "exp(-KL(t||y))",
    13: "exp(log sum sqrt(t y))",
    14: "exp(-sum (t - y)^2 / y)",
    15: "exp(-sum (sqrt t - sqrt y)^2)",
    16: "exp(-sum |t - y|)",
    17: "exp(-(KL(t||y) + KL(y||t)))",
    18: "exp(-(KL(t||M) + KL(y||M))), M = (t + y) / 2",
    19: "exp(-(sum (t - y)^2 / y + sum (y - t)^2 / t))",
    20: "exp(-KL(t||y) KL(y||t) / (KL(t||y) + KL(y||t)))",
}

NI_MEASURES: dict[str, NIMeasure] = {
    m.name: m
    for m in [
        _measure(
            1,
            _MI,
            "I / H(T)",
            _mutual_info_measure(lambda q: q.h_true, divides_by_h_true=True),
        ),
        _measure(2, _MI, "I_M / H(T), I_M leaving out the reject column's terms", _ni2),
        _measure(
            3,
            _MI,
            "I / H(Y)",
            _mutual_info_measure(lambda q: q.h_output, divides_by_h_true=False),
        ),
        _measure(4, _MI, "(I / H(T) + I / H(Y)) / 2", _ni4),
        _measure(
            5,
            _MI,
            "2 I / (H(T) + H(Y))",
            _mutual_info_measure(
                lambda q: 0.5 * (q.h_true + q.h_output), divides_by_h_true=False
            ),
        ),
        _measure(
            6,
            _MI,
            "I / sqrt(H(T) H(Y))",
            _mutual_info_measure(
                lambda q: np.sqrt(q.h_true * q.h_output), divides_by_h_true=False
            ),
        ),
        _measure(
            7,
            _MI,
            "I / H(T, Y)",
            _mutual_info_measure(lambda q: q.h_joint, divides_by_h_true=False),
        ),
        _measure(
            8,
            _MI,
            "I / max(H(T), H(Y))",
            _mutual_info_measure(
                lambda q: np.maximum(q.h_true, q.h_output), divides_by_h_true=False
            ),
        ),
        _measure(
            9,
            _MI,
            "I / min(H(T), H(Y))",
            _mutual_info_measure(
                lambda q: np.minimum(q.h_true, q.h_output), divides_by_h_true=False
            ),
        ),
        *(
            _measure(k, _DIV, formula, _divergence_measure(_DIVERGENCES[k]))
            for k, formula in _DIVERGENCE_FORMULAS.items()
        ),
        _measure(21, _CE, "H(T) / H(t; y)", _ni21),
        _measure(22, _CE, "H(Y) / H(y; t)", _ni22),
        _measure(23, _CE, "(NI21 + NI22) / 2", _ni23),
        _measure(24, _CE, "(H(T) + H(Y)) / (H(t; y) + H(y; t))", _ni24),
    ]
}

SPECS: dict[str, MeasureSpec] = {
    name: MeasureSpec(
        name,
        NORMALIZED_INFORMATION,
        True,
        measure.formula,
        name.upper(),
        compute=measure.compute,
    )
    for name, measure in NI_MEASURES.items()
}

MeasureName = Literal[
    "ni1",
    "ni2",
    "ni3",
    "ni4",
    "ni5",
    "ni6",
    "ni7",
    "ni8",
    "ni9",
    "ni10",
    "ni11",
    "ni12",
    "ni13",
    "ni14",
    "ni15",
    "ni16",
    "ni17",
    "ni18",
    "ni19",
    "ni20",
    "ni21",
    "ni22",
    "ni23",
    "ni24",
]


def check_measure_name(measure):
    """Return the canonical lower-case name of an NI measure or raise."""
    name = str(measure).lower() if isinstance(measure, str) else measure
    if not isinstance(name, str) or name not in NI_MEASURES:
        raise ValueError(
            f"Unknown measure {measure!r}; choose one of 'ni1' ... 'ni24' "
            "(for example measure='ni2')."
        )
    return name


def ni(
    confusion_matrix: ArrayLike,
    measure: MeasureName | list[MeasureName] = "ni2",
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> float | np.ndarray:
    """Normalized information measure of an augmented confusion matrix.

    One of the 24 measures of Hu, He & Yuan: group 1 normalises the mutual
    information between truth and output (``ni1`` ... ``ni9``), group 2 maps a
    divergence between the true and the output marginals to ``exp(-D)``
    (``ni10`` ... ``ni20``), group 3 compares entropy with cross-entropy
    (``ni21`` ... ``ni24``). Every value lies in ``[0, 1]``, 1 being best.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts: row ``i`` is true class ``i``, column ``j < m`` predicted class
        ``j``, the last column the rejected samples. A square matrix means the
        classifier cannot reject. A stack of matrices gives one value each.
    measure : {"ni1", ..., "ni24"} or list of them, default="ni2"
        Which measure (case-insensitive). ``"ni2"`` is the mutual information
        with the reject column's terms left out, normalised by ``H(T)``: the
        one measure that ranks errors and rejections the way people expect.
        A list of names gives a dict ``{name: value}``, as
        :func:`all_measures` does for all 24, from one computation.
    replace_undefined_by : "warn" or float, default="warn"
        Value for an undefined measure (single true class, empty matrix, an
        infinite divergence). ``"warn"`` returns ``nan`` and emits an
        :class:`UndefinedMeasureWarning`; a float is returned silently.

    Returns
    -------
    value : float, ndarray of shape (...) or dict
        The measure, a float for one matrix, an array for a stack; a dict of
        them for a list of measures.

    Warns
    -----
    UndefinedMeasureWarning
        When the measure is undefined and ``replace_undefined_by="warn"``.

    See Also
    --------
    all_measures : All 24 measures from one computation.
    ni_score : The same from labels.

    Notes
    -----
    With ``P = C / n``, marginals ``p_t`` (rows) and ``p_y`` (columns),
    ``I = sum_ij P_ij log2(P_ij / (p_t(i) p_y(j)))`` over all ``m + 1`` columns,
    and ``I_M`` the same sum over the first ``m`` columns only,
    ``NI2 = I_M / H(T)``. The divergence group compares ``t = (p_t, 0)`` with
    ``y = p_y`` in bits and returns ``exp(-D)``. Degenerate cases: ``I = 0``
    gives 0 even when a normaliser is 0; ``H(T) = 0`` makes the measures that
    divide by ``H(T)`` undefined; an infinite divergence is undefined
    (singular); an infinite cross-entropy gives 0. For ``ni20`` identical
    marginals give 1 (the limit), where the published table prints "S".

    References
    ----------
    .. [1] B.-G. Hu, R. He and X.-T. Yuan, "Information-theoretic measures for
       objective evaluation of classifications", Acta Automatica Sinica 38
       (2012).
    .. [2] B.-G. Hu and Y. Wang, "Evaluation criteria based on mutual
       information for classifications including rejected class", Acta
       Automatica Sinica 34 (2008).

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
    >>> values = ni([[90, 0, 0], [1, 9, 0]], ["ni1", "NI3"])
    >>> {name: round(value, 3) for name, value in values.items()}
    {'ni1': 0.831, 'ni3': 0.893}
    """
    several = isinstance(measure, (list, tuple))
    names = [check_measure_name(name) for name in (measure if several else [measure])]
    if several and not names:
        raise ValueError(
            "measure is an empty list; name at least one measure, or call "
            "all_measures for all 24."
        )
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    values = evaluate_measures(
        MatrixQuantities(counts),
        [SPECS[name] for name in dict.fromkeys(names)],
        replace_undefined_by,
    )
    return values if several else values[names[0]]


def all_measures(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """All 24 normalized information measures from one computation.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts as for :func:`ni`; a stack gives arrays.
    replace_undefined_by : "warn" or float, default="warn"
        Value for undefined measures, as for :func:`ni`; one
        :class:`UndefinedMeasureWarning` per undefined measure.

    Returns
    -------
    measures : dict
        ``{"ni1": value, ..., "ni24": value}``, floats for one matrix, arrays of
        the stack shape for a stack.

    Warns
    -----
    UndefinedMeasureWarning
        For each undefined measure when ``replace_undefined_by="warn"``.

    See Also
    --------
    ni : One measure.

    Examples
    --------
    >>> from infometrics import all_measures
    >>> values = all_measures([[89, 1, 0], [0, 10, 0]])
    >>> round(values["ni1"], 3), round(values["ni3"], 3), round(values["ni21"], 3)
    (0.897, 0.841, 0.998)
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    quantities = MatrixQuantities(counts)
    return evaluate_measures(quantities, SPECS.values(), replace_undefined_by)
