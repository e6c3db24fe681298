"""Information measures adjusted for chance under the permutation model
(Vinh, Epps & Bailey 2010): ``(value - expected) / (best - expected)``."""

from __future__ import annotations

import copy
import dataclasses
import math
from fractions import Fraction
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .coverage import SPECS as COVERAGE_SPECS
from .measure import REAL, _in_range, evaluate_measures
from .quantities import MatrixQuantities, with_reject_column
from .registry import MEASURES, check_measure, check_measures
from .validation import check_replace_undefined_by, check_sample_counts

# Measures affine in I (or I_M) once the margins are fixed.
ADJUSTABLE = (*(f"ni{k}" for k in (1, 2, 3, 4, 5, 6, 8, 9)), *COVERAGE_SPECS)
ADJUSTABLE += ("triangle_mi", "triangle_vi")

_MARGINS_ONLY = "it depends only on the margins, which the permutation model fixes"
_NOT_AFFINE = " is not affine in I: its expectation is not its value at E[I]"
_NOT_OF_I = "it is not a function of the mutual information"
_REFUSALS = {  # why a measure has no chance adjustment
    "ni7": "I / (H(T) + H(Y) - I)" + _NOT_AFFINE,
    "ema": "2^(I - H(T))" + _NOT_AFFINE,
    "nit": "2^I / k" + _NOT_AFFINE,
    "triangle_dh": _MARGINS_ONLY,
    **{f"ni{k}": _MARGINS_ONLY for k in range(10, 25)},
}

# Windows hold tails below _TAIL and run in chunks of about _CHUNK values (in
# the cache: 3x faster); cells of mean >= _SMOOTH_MEAN take every few values.
# Cells of variance >= _SERIES_VARIANCE take the series about x psi(x + _SHIFT).
_TAIL, _CHUNK, _SMOOTH_MEAN = 1e-18, 1 << 13, 32.0
_SERIES_VARIANCE, _SHIFT = 40.0, 20
# Orders after which the Newton series omits at most 1e-15 of a cell's value
# at these means (Poisson-like cells, the slowest; measured in mpmath).
_SERIES_MEANS = np.log([40, 50, 60, 80, 100, 200, 300, 500, 1e3, 1e4, 1e5, 1e6])
_SERIES_ORDERS = [43, 39, 36, 32, 29, 22, 19, 17, 15, 11, 9, 7]
# The factorial series' coefficients: k! |G_(k + 1)| (Gregory's, x / ln(1 + x)
# = sum G_k x^k) + sum_(j = k)^(_SHIFT - 1) j (1 - j)_(k - 1); the means above
# which term k, near |coefficient| k (k + 1) / (2 mu^(k + 1)), is below 1e-17.
_G = [Fraction(1)]
for _k in range(1, 32):
    _G.append(sum((-1) ** (j + 1) * _G[_k - j] / (j + 1) for j in range(1, _k + 1)))
_FACTORIAL = [
    float(abs(_G[k + 1]) * math.factorial(k))
    + sum(j * math.prod(range(1 - j, k - j)) for j in range(k, _SHIFT))
    for k in range(31)
]
_K = np.arange(1, 31)
_FACTORIAL_MEANS = (np.abs(_FACTORIAL[1:]) * _K * (_K + 1) / 1e-17) ** (1 / (_K + 1))
_FACTORIAL_MEANS = np.minimum.accumulate(np.append(np.inf, _FACTORIAL_MEANS))


def check_adjustable(name):
    """The registry entry of an adjustable measure, or a ValueError."""
    spec = check_measure(name)
    if spec.name not in ADJUSTABLE:
        reason = _REFUSALS.get(spec.name, _NOT_OF_I)
        adjustable = ", ".join(map(repr, ADJUSTABLE))
        raise ValueError(
            f"{spec.name!r} cannot be adjusted for chance: {reason}. Adjustable "
            f"measures: {adjustable}."
        )
    return spec


def _ratio(k, a, b, n, stride=1):
    # P(X = k + stride) / P(X = k) as a product of exact ratios; 0 from the
    # support's top on (np.maximum: 10x faster than np.where), inf below it.
    a, b, c = a - k, b - k, n - a - b + k + 1
    top, bottom = np.maximum(a * b, 0), (k + 1) * c
    for i in range(1, stride):
        top *= np.maximum((a - i) * (b - i), 0)
        bottom *= (k + i + 1) * (c + i)
    return top / bottom


def _window_sums(a, b, n, half, stride):
    """``E[X ln(X / mu)]`` over every ``stride``-th value within ``half`` of
    each mean, ``half`` doubled until both tails provably hold at most _TAIL."""
    lower, upper = np.maximum(0.0, a - (n - b)), np.minimum(a, b)  # exact
    mean = a * b / n
    start = np.clip(np.floor(mean) - half, lower, upper)
    length = (np.floor(mean) + half - start).max(initial=0) + 1
    k = start[:, None] + stride * np.arange(-(-length // stride))
    # Exact ratios normalised over the window (log-gamma differences would
    # cost ~1e-9 of each probability at n = 10**6).
    log_p = np.zeros_like(k)
    with np.errstate(divide="ignore", invalid="ignore"):
        steps = _ratio(k, a[:, None], b[:, None], n[:, None], stride)
        np.cumsum(np.log(steps[:, :-1]), 1, out=log_p[:, 1:])
        p = np.exp(log_p - log_p.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        # Log-concave law: past an end, the tail is at most P(end) r / (1 - r)
        # (p is about ``stride`` times P(end): the bound only grows).
        r = np.stack([1 / _ratio(start - 1, a, b, n), _ratio(k[:, -1], a, b, n)])
        tails = np.where(r < 1, p[:, [0, -1]].T * r / (1 - r), np.inf)
    if not np.all(tails <= _TAIL):
        return _window_sums(a, b, n, 2 * half, stride)
    # E[X ln(X / mu) - (X - mu)]: summands >= 0, no cancellation; 0 at X = 0.
    excess = k - mean[:, None]
    logs = np.log1p(np.maximum(excess / mean[:, None], -1 + 2**-52))
    return (p * (k * logs - excess)).sum(axis=1)


def _series_sums(a, b, n):
    """``E[X ln(X / mu)]`` of cells sorted by mean: the Newton series of
    ``x psi(x + m)`` plus a factorial series (user guide, "Small samples")."""
    # The cells taking order r, or factorial term r, are a prefix.
    mean, m = a * b / n, _SHIFT
    order = np.ceil(np.interp(np.log(mean), _SERIES_MEANS, _SERIES_ORDERS))
    top = int(order.max(initial=0))
    takes = np.searchsorted(-order, -np.arange(top + 2), side="right")
    factorial_takes = np.searchsorted(mean, _FACTORIAL_MEANS)
    da, db = a - mean, b - mean
    shift = da + db + n
    # phi_r = E[(X - mu)_r] by the law's difference equation: (n - r) phi_(r+1)
    # = r ((2r - 1 - da - db - n) phi_r + (da - r + 1) (db - r + 1) phi_(r-1)).
    previous, moment, newton = np.ones(a.size), np.zeros(a.size), np.ones(a.size)
    # 1 / (mu + 1)_r and (n + 1)_r / ((a + 1)_r (b + 1)_r) = E[1 / (X + 1)_r].
    inverse, expected, total = np.ones(a.size), np.ones(a.size), np.zeros(a.size)
    for r in range(1, top):
        c = takes[r + 1]
        following = (2 * r - 1 - shift[:c]) * moment[:c]
        following += (da[:c] - (r - 1)) * (db[:c] - (r - 1)) * previous[:c]
        following *= r / (n[:c] - r)
        # The Newton coefficient of phi_(r + 1), over (mu + m)_r.
        shifted = mean[:c] + (m + r - 1)
        newton[:c] /= shifted
        term = (m - 1) / (r + 1) / (shifted + 1) + 1 / ((r + 1) * r)
        term *= (-1) ** (r + 1) * following * newton[:c]
        if g := min(factorial_takes[r] if r < len(_FACTORIAL) else 0, c):
            inverse[:g] /= mean[:g] + r
            expected[:g] *= (n[:g] + r) / ((a[:g] + r) * (b[:g] + r))
            term[:g] += _FACTORIAL[r] * (expected[:g] - inverse[:g])
        total[:c] += term
        previous, moment = moment, following
    return total


def expected_information(counts):
    """``(E[I], E[I_M])`` in bits under the permutation model, per matrix of
    integer counts (as floats, reject column last)."""
    rows, columns = counts.sum(axis=-1), counts.sum(axis=-2)
    total = rows.sum(axis=-1)[..., None, None]
    a, b, n = np.broadcast_arrays(rows[..., :, None], columns[..., None, :], total)
    used = (a > 0) & (b > 0)  # the other cells contribute exactly 0
    a, b, n = a[used], b[used], n[used]
    values, mean = np.empty(a.shape), a * b / n
    variance = mean * (n - a) * (n - b) / (n * np.maximum(n - 1, 1))
    large = np.flatnonzero(variance >= _SERIES_VARIANCE)
    large = large[np.argsort(mean[large])]
    values[large] = _series_sums(a[large], b[large], n[large])
    # Windows of 10 sd + 12 values each side; every s-th value where the mean
    # keeps X = 0 out (P <= exp(-mean)) and the characteristic function at
    # 2 pi / s, at most exp(-var (1 - cos(2 pi / s))) for this Poisson-binomial
    # law, is below exp(-40): s = 2 from a variance of 20, s = 3 from 80 / 3.
    halves = np.ceil(10 * np.sqrt(variance) + 12).astype(int)
    strides = 1 + ((variance >= 20) + (variance >= 80 / 3)) * (mean >= _SMOOTH_MEAN)
    small = np.flatnonzero(variance < _SERIES_VARIANCE)
    small = small[np.lexsort((halves[small], strides[small]))]
    parts = -(-(2 * halves[small] // strides[small] + 1).sum() // _CHUNK)
    for chunk in np.array_split(small, parts) if small.size else ():
        width, stride = halves[chunk].max(), strides[chunk].min()
        values[chunk] = _window_sums(a[chunk], b[chunk], n[chunk], width, stride)
    cells = np.zeros(counts.shape)
    cells[used] = values / n / np.log(2.0)
    return cells.sum(axis=(-2, -1)), cells[..., : counts.shape[-2]].sum(axis=(-2, -1))


def _at_information(quantities, information, information_m, h_output=None):
    """A matrix's quantities with its information replaced, margins kept, or
    given ``h_output``, its outputs made its true classes (no rejects)."""
    h_true, _ = quantities.h_true, quantities.h_output  # cached, then shared
    at = copy.copy(quantities)
    if h_output is not None:
        at.h_output, at.n_outputs = h_output, quantities.n_classes
    at.mutual_info, at.mutual_info_without_reject = information, information_m
    at.h_true_given_output = h_true - information
    at.h_output_given_true = at.h_output - information
    at.h_joint = h_true + at.h_output - information
    return at


def _adjusted_spec(spec, chance, best):
    """The adjusted measure as a registry entry."""

    def compute(quantities):
        values, conditions = [], []
        for part in (chance, best, quantities):
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

    return dataclasses.replace(
        spec,
        higher_is_better=True,
        description=f"{spec.description}, adjusted for chance",
        warning_name=f"adjusted {spec.warning_name or spec.name}",
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

    Each measure becomes ``(value - expected) / (best - expected)`` (Vinh, Epps
    & Bailey, JMLR 2010): 1 for an exact classification, 0 on average for
    outputs shuffled against the truth (both margins fixed), so every adjusted
    measure is higher-is-better. See the user guide, "Small samples".

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Integer counts; a stack gives arrays.
    measures : str or list of str, default=("ni2",)
        Measures affine in the mutual information given the margins
        (``ni1``-``ni6``, ``ni8``, ``ni9``, ``info_completeness``,
        ``false_info_ratio``, ``info_error``, ``triangle_mi``, ``triangle_vi``).
    replace_undefined_by : "warn" or float, default="warn"
        Value where the adjusted measure is undefined.

    Returns
    -------
    values : dict
        ``{name: adjusted value}``, floats for one matrix, arrays for a stack.

    Examples
    --------
    >>> import infometrics as im
    >>> matrix = [[40, 5, 5], [5, 40, 5]]
    >>> values = im.measures.adjusted_measures(matrix, ["ni2", "ni5"])
    >>> {name: round(value, 3) for name, value in values.items()}
    {'ni2': 0.443, 'ni5': 0.369}
    """
    names = [check_adjustable(spec.name).name for spec in check_measures(measures)]
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    why = "The chance adjustment shuffles samples (the permutation model)"
    counts = check_sample_counts(confusion_matrix, why)
    return adjusted_of_counts(counts, names, replace_undefined_by)


def adjusted_of_counts(counts, names, replace_undefined_by, quantities=None):
    """:func:`adjusted_measures` of checked counts (and their quantities)."""
    # Square or with an empty reject column: the same cells, the same bits.
    counts = with_reject_column(counts)
    quantities = MatrixQuantities(counts) if quantities is None else quantities
    chance = _at_information(quantities, *expected_information(counts))
    # The exact classification: each row's samples on its diagonal cell.
    h_true = quantities.h_true
    best = _at_information(quantities, h_true, h_true, h_output=h_true)
    adjusted = [_adjusted_spec(MEASURES[name], chance, best) for name in names]
    return evaluate_measures(quantities, adjusted, replace_undefined_by)
