"""Information measures adjusted for chance: ``(value - expected) / (best - expected)``.

Under the permutation model (the true labels shuffled against the outputs,
both margins fixed) each cell of the augmented confusion matrix, the reject
column included, is hypergeometric, so the expected mutual information is an
exact sum of cell-wise terms (Vinh, Epps & Bailey 2010). The margins, hence
``H(T)``, ``H(Y)`` and the alphabet sizes, are fixed under the model, so a
measure that is an affine function of ``I`` (or of ``I_M``, the terms of the
first ``m`` columns) given them has its expected value at ``E[I]``.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .measure import REAL, MeasureSpec, _in_range, evaluate_measures
from .ni import NI_MEASURES
from .quantities import MatrixQuantities
from .registry import MEASURES, check_measure, check_measures
from .validation import check_replace_undefined_by, check_sample_counts

# Measures affine in I (or I_M) once the margins are fixed.
ADJUSTABLE = (
    *(f"ni{k}" for k in (1, 2, 3, 4, 5, 6, 8, 9)),
    "info_completeness",
    "false_info_ratio",
    "info_error",
    "triangle_mi",
    "triangle_vi",
)

# Measures of the joint counts that are not affine in I: E[measure] is not
# the measure at E[I].
_NOT_AFFINE = {"ni7": "I / (H(T) + H(Y) - I)", "ema": "2^(I - H(T))", "nit": "2^I / k"}

# Each window's tails beyond its ends hold at most this probability per cell.
_TAIL = 1e-25
# Cells of at least this mean take the moment expansion, to this order.
_EXPANSION_MEAN = 80.0
_ORDER = 32
_BINOMIAL = np.array([[math.comb(r, i) for i in range(_ORDER)] for r in range(_ORDER)])


def check_adjustable(name):
    """The registry entry of a measure with a chance adjustment, or a ValueError."""
    return _adjustable(check_measure(name))


def _adjustable(spec):
    """``spec``, refused when its measure has no chance adjustment."""
    if spec.name in ADJUSTABLE:
        return spec
    if spec.name in _NOT_AFFINE:
        reason = f"{_NOT_AFFINE[spec.name]} is not affine in I, so its expectation"
        reason += " under the permutation model is not its value at E[I]"
    elif spec.name in NI_MEASURES or spec.name == "triangle_dh":
        reason = "it depends only on the margins, which the permutation model fixes"
    else:
        reason = "it is not a function of the mutual information (Cohen's kappa "
        reason += "already corrects accuracy for chance)"
    raise ValueError(
        f"{spec.name!r} cannot be adjusted for chance: {reason}. Adjustable "
        f"measures: {', '.join(map(repr, ADJUSTABLE))}."
    )


def _log_ratio(k, a, b, n):
    # ln P(X = k + 1) - ln P(X = k), exact to the rounding of one ratio.
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log((a - k) * (b - k) / ((k + 1) * (n - a - b + k + 1)))


def _tail(p_end, log_ratio):
    # The law is log-concave: past a window's end the ratios of successive
    # probabilities only shrink, so the tail is at most P(end) r / (1 - r).
    with np.errstate(divide="ignore", over="ignore"):
        ratio = np.exp(log_ratio)
        return np.where(ratio < 1, p_end * ratio / (1 - ratio), np.inf)


def _window_sums(a, b, n, half):
    """``E[X ln(X / E X)]`` summed over ``2 half + 1`` values around each
    mean; ``None`` if a tail beyond the window may hold more than ``_TAIL``."""
    lower, upper = np.maximum(0.0, a + b - n), np.minimum(a, b)
    mean = a * b / n
    start = np.clip(np.floor(mean) - half, lower, upper)
    k = start[:, None] + np.arange(2 * half + 1)
    inside = k <= upper[:, None]
    ratios = _log_ratio(k, a[:, None], b[:, None], n[:, None])
    # Probabilities from the exact ratios, normalised over the window (1 up
    # to the tails): log-gamma differences would cost ~1e-9 of each at 10**6.
    log_p = np.zeros_like(k)
    np.cumsum(np.where(inside[:, 1:], ratios[:, :-1], -np.inf), 1, out=log_p[:, 1:])
    p = np.exp(log_p - log_p.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    right = np.where(k[:, -1] < upper, _tail(p[:, -1], ratios[:, -1]), 0.0)
    left_ratio = -_log_ratio(start - 1, a, b, n)
    left = np.where(start > lower, _tail(p[:, 0], left_ratio), 0.0)
    if not np.all(np.maximum(left, right) <= _TAIL):
        return None
    # E[X ln(X / mu) - (X - mu)]: every summand >= 0, no cancellation.
    excess = k - mean[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = k * np.log1p(excess / mean[:, None]) - excess
    return (p * np.where(k > 0, terms, mean[:, None])).sum(axis=1)


def _moment_sums(a, b, n):
    """``E[X ln(X / mu)] = sum_k (-1)^k mu_k / (k (k - 1) mu^(k - 1))`` over the
    central moments ``mu_k``, ``k <= _ORDER``, of the hypergeometric law."""
    mean = a * b / n
    da, db = a - mean, b - mean
    # Summing the law's difference equation (k + 1)(n - a - b + k + 1) P(k + 1)
    # = (a - k)(b - k) P(k) against (X + 1 - mu)^r gives (n - r) mu_(r + 1)
    # from mu_0 ... mu_r.
    moments = np.zeros((_ORDER + 1, a.size))
    moments[0] = 1.0
    for r in range(1, _ORDER):
        weights = np.zeros((3, r + 1))
        weights[0, :r] = weights[1, 1:] = _BINOMIAL[r, :r]
        weights[2, 2:] = _BINOMIAL[r, : r - 1]
        # einsum, not a BLAS product: its threads stall on a loaded machine.
        u = np.einsum("ij,jk->ik", weights, moments[: r + 1])
        moments[r + 1] = (da * db * u[0] - (da + db) * u[1] + u[2]) / (n - r)
    k = np.arange(2, _ORDER + 1)[:, None]
    powers = np.cumprod(np.broadcast_to(-1 / mean, (_ORDER, a.size)), axis=0)
    return mean * (moments[2:] * powers[1:] / (k * (k - 1))).sum(axis=0)


def expected_information(counts):
    """``(E[I], E[I_M])`` in bits under the permutation model, per matrix of
    integer counts (as floats, reject column last).

    Notes
    -----
    Each cell's term ``E[X ln(n X / (a b))] / n``, ``X`` hypergeometric with
    mean ``mu = a b / n``, is computed one of two ways, each an array
    operation over all the cells it takes (no loop over cells):

    - ``mu >= 80``: the expansion in the law's central moments up to order
      32 (exact, by their recurrence). The terms left out are of order
      ``31!! / (32 31 mu^15) < 1e-14`` of the term, and the expansion's
      divergence comes from ``X > 2 mu`` (probability below ``1e-14``);
      against the exact sum at n = 10**4 ... 10**12, Poisson-like margins
      (the worst case), the error is at most ``5e-14`` of the term.
    - otherwise the exact sum over a window of ``2h + 1`` values around the
      mean, ``h`` from 11 standard deviations (cells grouped by ``h``, four
      widths per octave), doubled until both tails provably (log-concavity)
      hold at most ``1e-25`` of the law: the truncation error of ``E[I]`` is
      below ``3e-25 m (m + 1) (1 + ln n)`` bits.

    Every term is non-negative, so ``E[I]`` has the same relative error;
    rounding adds about ``1e-14`` (checked against 30-digit arithmetic).
    """
    a = counts.sum(axis=-1)[..., :, None] + np.zeros_like(counts)
    b = counts.sum(axis=-2)[..., None, :] + np.zeros_like(counts)
    n = counts.sum(axis=(-2, -1))[..., None, None] + np.zeros_like(counts)
    cells = np.zeros(counts.shape)
    # Cells with an empty line (or an empty matrix) contribute exactly 0.
    used = (a > 0) & (b > 0)
    a, b, n = a[used], b[used], n[used]
    values = np.zeros(a.shape)
    large = a * b >= _EXPANSION_MEAN * n
    values[large] = _moment_sums(a[large], b[large], n[large])
    variance = a * b * (n - a) * (n - b) / (n * n * np.maximum(n - 1, 1))
    halves = np.ceil(11 * np.sqrt(variance) + 12)
    step = 2.0 ** np.maximum(np.floor(np.log2(halves)) - 2, 0)
    halves = (np.ceil(halves / step) * step).astype(int)
    for half in np.unique(halves[~large]):
        group = ~large & (halves == half)
        sums = None
        while sums is None:
            sums = _window_sums(a[group], b[group], n[group], half)
            half *= 2
        values[group] = sums
    cells[used] = values / n / np.log(2.0)
    m = counts.shape[-2]
    return cells.sum(axis=(-2, -1)), cells[..., :m].sum(axis=(-2, -1))


class _AtInformation:
    """The quantities of a matrix with its information replaced, margins kept."""

    def __init__(self, quantities, information, information_m):
        self._quantities = quantities
        self.mutual_info = information
        self.mutual_info_without_reject = information_m
        self.h_true_given_output = quantities.h_true - information
        self.h_output_given_true = quantities.h_output - information
        self.h_joint = quantities.h_true + quantities.h_output - information

    def __getattr__(self, name):
        return getattr(self._quantities, name)


def _adjusted_spec(spec, chance, best):
    """The adjusted measure as a registry entry (its value on ``quantities``)."""

    def compute(quantities):
        values, parts, conditions = [], [chance, best, quantities], []
        for part in parts:
            value, part_conditions = spec.compute(part)
            values.append(_in_range(value, spec.value_range))
            conditions += part_conditions
        expected, top, value = values
        room = top - expected
        # The exact classification scores like chance (one true class, ...).
        no_room = np.abs(room) <= 1e-12 * np.maximum(np.abs(top), 1.0)
        adjusted = (value - expected) / np.where(no_room, 1.0, room)
        reason = "chance already scores as well as an exact classification"
        return adjusted, [*conditions, (no_room, reason)]

    return MeasureSpec(
        spec.name,
        spec.family,
        True,
        f"{spec.description}, adjusted for chance",
        f"adjusted {spec.warning_name or spec.name}",
        compute=compute,
        value_range=REAL,
    )


def adjusted_measures(
    confusion_matrix: ArrayLike,
    measures: str | list[str] = ("ni2",),
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """Information measures adjusted for chance, from integer counts.

    Each measure becomes ``(value - expected) / (best - expected)``: 1 for an
    exact classification, 0 on average for outputs shuffled against the
    truth (both margins fixed, the reject column included), negative when
    worse than chance. ``best`` is the measure of the exact classification
    with the same true margin (1 for the NIs, 0 for a lower-is-better measure
    such as ``false_info_ratio``), so every adjusted measure is higher-is-better.
    On a square matrix the adjusted ``ni5``, ``ni6``, ``ni8`` and ``ni9`` are
    scikit-learn's ``adjusted_mutual_info_score`` with ``average_method``
    ``"arithmetic"``, ``"geometric"``, ``"max"`` and ``"min"``.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Integer counts (samples, not weights: the permutation model shuffles
        samples); a stack gives arrays.
    measures : str or list of str, default=("ni2",)
        Measures affine in the mutual information given the margins:
        ``ni1`` ... ``ni6``, ``ni8``, ``ni9``, ``info_completeness``,
        ``false_info_ratio``, ``info_error``, ``triangle_mi``, ``triangle_vi``.
        The divergence and cross-entropy measures (``ni10`` ... ``ni24``) and
        ``triangle_dh`` depend only on the margins and are refused.
    replace_undefined_by : "warn" or float, default="warn"
        Value where the adjusted measure is undefined (a single true class,
        an empty matrix).

    Returns
    -------
    values : dict
        ``{name: adjusted value}``, floats for one matrix, arrays for a stack.

    References
    ----------
    .. [1] N. X. Vinh, J. Epps and J. Bailey, "Information theoretic measures
       for clusterings comparison: variants, properties, normalization and
       correction for chance", JMLR 11 (2010).

    Examples
    --------
    >>> from infometrics._measures.chance import adjusted_measures
    >>> values = adjusted_measures([[40, 5, 5], [5, 40, 5]], ["ni2", "ni5"])
    >>> {name: round(value, 3) for name, value in values.items()}
    {'ni2': 0.443, 'ni5': 0.369}
    """
    names = [_adjustable(spec).name for spec in check_measures(measures)]
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    why = "The chance adjustment shuffles samples (the permutation model)"
    counts = check_sample_counts(confusion_matrix, why)
    return adjusted_of_counts(counts, names, replace_undefined_by)


def adjusted_of_counts(counts, names, replace_undefined_by, quantities=None):
    """:func:`adjusted_measures` of validated integer counts and adjustable
    base names (``quantities``: those of ``counts``, when already built)."""
    specs = [MEASURES[name] for name in names]
    quantities = MatrixQuantities(counts) if quantities is None else quantities
    chance = _AtInformation(quantities, *expected_information(counts))
    exact = np.zeros_like(counts)
    np.einsum("...ii->...i", exact[..., : counts.shape[-2]])[...] = counts.sum(-1)
    best = MatrixQuantities(exact)
    adjusted = [_adjusted_spec(spec, chance, best) for spec in specs]
    return evaluate_measures(quantities, adjusted, replace_undefined_by)
