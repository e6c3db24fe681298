"""The 24 normalized information measures NI1 ... NI24 of Hu, He & Yuan.

Pure numpy/scipy; every function accepts one confusion matrix or a stack.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .quantities import JointQuantities
from .validation import (
    as_output,
    check_confusion_matrix,
    check_replace_undefined_by,
    clip_unit_interval,
    fill_undefined,
    with_reject_column,
)

EMPTY_REASON = "the confusion matrix holds no samples"
ONE_TRUE_CLASS_REASON = "a single true class is present, so H(T) = 0"


class _MeasureInputs:
    """Quantities shared by the measures, computed once and on demand."""

    def __init__(self, counts, quantities=None):
        # A square matrix means "no reject option": an all-zero reject column
        # changes none of the quantities and lets one code path serve both.
        counts = with_reject_column(counts)
        self.n_classes = counts.shape[-2]
        self.q = (
            quantities
            if quantities is not None
            else (JointQuantities.from_counts(counts))
        )

    @cached_property
    def target(self):
        """``t = (p_t, 0)``: the target never takes the reject value."""
        t = self.q.true_marginal
        pad = [(0, 0)] * (t.ndim - 1) + [(0, 1)]
        return np.pad(t, pad)

    @property
    def output(self):
        """``y = p_y`` on the ``m + 1`` outcomes."""
        return self.q.output_marginal

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``: ``I`` less the reject column's terms (each column adds >= 0)."""
        reject_terms = self.q.column_information(-1)
        return np.clip(self.q.mutual_info - reject_terms, 0.0, self.q.mutual_info)

    @cached_property
    def kl_target_output(self):
        return _kl_divergence(self.target, self.output)

    @cached_property
    def kl_output_target(self):
        return _kl_divergence(self.output, self.target)

    @cached_property
    def cross_entropy_target_output(self):
        return _cross_entropy(self.target, self.output)

    @cached_property
    def cross_entropy_output_target(self):
        return _cross_entropy(self.output, self.target)


def _kl_divergence(a, b):
    """``KL(a||b)`` in bits and where it is infinite (``a > 0`` where ``b = 0``)."""
    singular = np.any((a > 0) & (b == 0), axis=-1)
    ratio = np.divide(a, b, out=np.ones_like(a), where=(a > 0) & (b > 0))
    return np.maximum((a * np.log2(ratio)).sum(axis=-1), 0.0), singular


def _cross_entropy(a, b):
    """``H(a; b) = -sum a log2 b``, ``inf`` where ``a > 0`` and ``b = 0``."""
    logs = np.log2(b, out=np.zeros_like(b), where=b > 0)
    value = -(a * logs).sum(axis=-1)
    return np.where(np.any((a > 0) & (b == 0), axis=-1), np.inf, value)


def _ratio(numerator, denominator):
    """``numerator / denominator`` with 0 where the numerator is 0."""
    return np.divide(
        numerator,
        denominator,
        out=np.zeros(np.broadcast(numerator, denominator).shape),
        where=numerator > 0,
    )


# -- group 1: mutual information ----------------------------------------------


def _mutual_info_measure(normalizer, *, divides_by_h_true):
    """A group-1 measure ``I / normalizer``.

    ``I = 0`` gives 0 even with a zero normaliser (no information transferred);
    with ``H(T) = 0`` a measure normalised by ``H(T)`` is undefined.
    """

    def compute(inputs):
        q = inputs.q
        norm = normalizer(q)
        mutual_info = q.mutual_info
        value = _ratio(mutual_info, norm)
        single_class = (q.h_true <= 0) & (divides_by_h_true | (norm <= 0))
        return value, [(single_class, ONE_TRUE_CLASS_REASON)]

    return compute


def _ni2(inputs):
    q = inputs.q
    value = _ratio(inputs.mutual_info_without_reject, q.h_true)
    return value, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]


def _ni4(inputs):
    q = inputs.q
    value = 0.5 * (_ratio(q.mutual_info, q.h_true) + _ratio(q.mutual_info, q.h_output))
    return value, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]


# -- group 2: divergences between the marginals, NI = exp(-D) ------------------

SINGULAR_REASON = (
    "the divergence is infinite (singular): one marginal puts mass where the "
    "other has none, e.g. on the reject outcome"
)


def _divergence_measure(divergence):
    def compute(inputs):
        value, singular = divergence(inputs)
        with np.errstate(over="ignore"):
            ni_value = np.exp(-np.where(singular, 0.0, value))
        return ni_value, [(singular, SINGULAR_REASON)]

    return compute


def _d10(inputs):
    t, y = inputs.target, inputs.output
    return ((t - y) ** 2).sum(axis=-1), np.zeros(t.shape[:-1], dtype=bool)


def _d11(inputs):
    t, y = inputs.target, inputs.output
    product = (t * y).sum(axis=-1)
    singular = product <= 0
    safe = np.where(singular, 1.0, product)
    ratio = (t**2).sum(axis=-1) * (y**2).sum(axis=-1) / safe**2
    return np.maximum(np.log2(np.where(singular, 1.0, ratio)), 0.0), singular


def _d12(inputs):
    return inputs.kl_target_output


def _d13(inputs):
    coefficient = np.sqrt(inputs.target * inputs.output).sum(axis=-1)
    singular = coefficient <= 0
    safe = np.where(singular, 1.0, coefficient)
    return np.maximum(-np.log2(safe), 0.0), singular


def _chi_square(a, b):
    """Pearson ``sum (a - b)^2 / b`` and where it is infinite."""
    difference = (a - b) ** 2
    singular = np.any((b == 0) & (difference > 0), axis=-1)
    terms = np.divide(difference, b, out=np.zeros_like(a), where=b > 0)
    return terms.sum(axis=-1), singular


def _d14(inputs):
    return _chi_square(inputs.target, inputs.output)


def _d15(inputs):
    t, y = inputs.target, inputs.output
    return ((np.sqrt(t) - np.sqrt(y)) ** 2).sum(axis=-1), np.zeros(t.shape[:-1], bool)


def _d16(inputs):
    t, y = inputs.target, inputs.output
    return np.abs(t - y).sum(axis=-1), np.zeros(t.shape[:-1], dtype=bool)


def _d17(inputs):
    (forward, singular_f), (backward, singular_b) = (
        inputs.kl_target_output,
        inputs.kl_output_target,
    )
    return forward + backward, singular_f | singular_b


def _d18(inputs):
    t, y = inputs.target, inputs.output
    middle = 0.5 * (t + y)
    to_middle_t, _ = _kl_divergence(t, middle)
    to_middle_y, _ = _kl_divergence(y, middle)
    return to_middle_t + to_middle_y, np.zeros(t.shape[:-1], dtype=bool)


def _d19(inputs):
    forward, singular_f = _chi_square(inputs.target, inputs.output)
    backward, singular_b = _chi_square(inputs.output, inputs.target)
    return forward + backward, singular_f | singular_b


def _d20(inputs):
    (forward, singular_f), (backward, singular_b) = (
        inputs.kl_target_output,
        inputs.kl_output_target,
    )
    # Identical marginals (both divergences 0) take the limit D20 = 0.
    return _ratio(forward * backward, forward + backward), singular_f | singular_b


# -- group 3: cross-entropy ----------------------------------------------------

ZERO_CROSS_ENTROPY_REASON = "the cross-entropy is 0, so the ratio is 0/0"


def _cross_entropy_ratio(numerator, denominator):
    """``numerator / denominator``: 0 for an infinite denominator (the limit)."""
    finite = np.isfinite(denominator)
    zero = denominator <= 0
    safe = np.where(finite & ~zero, denominator, 1.0)
    value = np.where(finite & ~zero, numerator / safe, 0.0)
    return value, zero


def _ni21(inputs):
    value, zero = _cross_entropy_ratio(
        inputs.q.h_true, inputs.cross_entropy_target_output
    )
    return value, [(zero, ZERO_CROSS_ENTROPY_REASON)]


def _ni22(inputs):
    value, zero = _cross_entropy_ratio(
        inputs.q.h_output, inputs.cross_entropy_output_target
    )
    return value, [(zero, ZERO_CROSS_ENTROPY_REASON)]


def _ni23(inputs):
    value_21, conditions_21 = _ni21(inputs)
    value_22, conditions_22 = _ni22(inputs)
    return 0.5 * (value_21 + value_22), conditions_21 + conditions_22


def _ni24(inputs):
    value, zero = _cross_entropy_ratio(
        inputs.q.h_true + inputs.q.h_output,
        inputs.cross_entropy_target_output + inputs.cross_entropy_output_target,
    )
    return value, [(zero, ZERO_CROSS_ENTROPY_REASON)]


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
        _measure(10, _DIV, "exp(-sum (t - y)^2)", _divergence_measure(_d10)),
        _measure(
            11,
            _DIV,
            "exp(-log(sum t^2 sum y^2 / (sum t y)^2))",
            _divergence_measure(_d11),
        ),
        _measure(12, _DIV, "exp(-KL(t||y))", _divergence_measure(_d12)),
        _measure(13, _DIV, "exp(log sum sqrt(t y))", _divergence_measure(_d13)),
        _measure(14, _DIV, "exp(-sum (t - y)^2 / y)", _divergence_measure(_d14)),
        _measure(15, _DIV, "exp(-sum (sqrt t - sqrt y)^2)", _divergence_measure(_d15)),
        _measure(16, _DIV, "exp(-sum |t - y|)", _divergence_measure(_d16)),
        _measure(17, _DIV, "exp(-(KL(t||y) + KL(y||t)))", _divergence_measure(_d17)),
        _measure(
            18,
            _DIV,
            "exp(-(KL(t||M) + KL(y||M))), M = (t + y) / 2",
            _divergence_measure(_d18),
        ),
        _measure(
            19,
            _DIV,
            "exp(-(sum (t - y)^2 / y + sum (y - t)^2 / t))",
            _divergence_measure(_d19),
        ),
        _measure(
            20,
            _DIV,
            "exp(-KL(t||y) KL(y||t) / (KL(t||y) + KL(y||t)))",
            _divergence_measure(_d20),
        ),
        _measure(21, _CE, "H(T) / H(t; y)", _ni21),
        _measure(22, _CE, "H(Y) / H(y; t)", _ni22),
        _measure(23, _CE, "(NI21 + NI22) / 2", _ni23),
        _measure(24, _CE, "(H(T) + H(Y)) / (H(t; y) + H(y; t))", _ni24),
    ]
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
    if name not in NI_MEASURES:
        raise ValueError(
            f"Unknown measure {measure!r}; choose one of 'ni1' ... 'ni24' "
            "(for example measure='ni2')."
        )
    return name


def _evaluate(inputs, name, replace_undefined_by):
    value, conditions = NI_MEASURES[name].compute(inputs)
    conditions = [(inputs.q.empty, EMPTY_REASON), *conditions]
    value = clip_unit_interval(value)
    return as_output(
        fill_undefined(value, conditions, replace_undefined_by, name=name.upper())
    )


def ni(
    confusion_matrix: ArrayLike,
    measure: MeasureName = "ni2",
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
    measure : {"ni1", ..., "ni24"}, default="ni2"
        Which measure. ``"ni2"`` is the mutual information with the reject
        column's terms left out, normalised by ``H(T)``: the one measure that
        ranks errors and rejections the way people expect.
    replace_undefined_by : "warn" or float, default="warn"
        Value for an undefined measure (single true class, empty matrix, an
        infinite divergence). ``"warn"`` returns ``nan`` and emits an
        :class:`UndefinedMeasureWarning`; a float is returned silently.

    Returns
    -------
    value : float or ndarray of shape (...)
        The measure, a float for one matrix, an array for a stack.

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
    """
    name = check_measure_name(measure)
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    return _evaluate(_MeasureInputs(counts), name, replace_undefined_by)


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
    return selected_measures(
        confusion_matrix, NI_MEASURES, replace_undefined_by=replace_undefined_by
    )


def selected_measures(
    confusion_matrix, names, *, replace_undefined_by="warn", quantities=None
):
    """Only the named NI measures (validated names), sharing one computation.

    ``quantities`` may pass the :class:`JointQuantities` of the matrix with its
    reject column, when the caller computed them already.
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    inputs = _MeasureInputs(counts, quantities)
    return {name: _evaluate(inputs, name, replace_undefined_by) for name in names}
