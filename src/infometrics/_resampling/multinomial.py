"""Exact multinomial draws for many bootstrap resamples at once.

A resample of ``n`` samples over ``K`` cells is a draw of
``Multinomial(n, p)``, ``p = counts / n``. NumPy draws it with ``K - 1``
conditional binomials whose parameters change at every cell (~90 ns each); a
paired comparison of two 10-class classifiers has ``K = 1210`` joint cells,
so 1000 resamples cost ~0.1 s whatever ``n``.

For many cells this module draws the same law by rejection from Poisson
variates, which can be tabulated because their parameters never change:

1. Split the cells into a *head* ``G`` (the largest cells, mass fraction
   ``f``) and the rest ``R``.
2. Propose independent ``X_k ~ Poisson(counts_k)`` for ``k`` in ``R`` -- one
   guide table per distinct count (SciPy's UNU.RAN ``DiscreteGuideTable``,
   ~10 ns a variate), shared by every cell and resample with that count.
3. Let ``T = n - sum_R X_k``. Accept with probability
   ``Poisson(T; c_G) / Poisson(c_G; c_G)``, ``c_G`` the head's count (the
   ratio is at most 1: ``c_G`` is the mode); otherwise propose again.
4. Split ``T`` over the head's cells with NumPy's multinomial.

The accepted ``(X_R, T)`` has the law of independent Poisson counts of all
cells given that their total is ``n``, which is ``Multinomial(n, p)`` with the
head's cells merged; step 4 splits the merged cell by its own multinomial, so
the draw is exactly ``Multinomial(n, p)``. The acceptance rate is about
``sqrt(f)``. The head is chosen, and the method (this or NumPy's), by a cost
model. The Poisson laws are tabulated up to 10 standard deviations plus 25
around the mean, where the omitted tail is below 1e-20 (NumPy's binomial
sampler bounds its inversion at 10 standard deviations in the same way).
"""

import math
from itertools import pairwise
from typing import Any, NamedTuple

import numpy as np
from scipy import special
from scipy.stats.sampling import DiscreteGuideTable

# Cost model (ns, measured with SciPy 1.17 / NumPy 2): NumPy's multinomial per
# cell over all cells (cells with small counts are drawn by inversion) and
# over the head (large counts only); a tabulated Poisson variate (drawn,
# stored, summed and gathered); a guide table per distinct count (set-up and
# sampling call, plus its entries); and the fixed cost of the Poisson method.
_NS_PER_BINOMIAL = 90.0
_NS_PER_SMALL_BINOMIAL = 40.0
_INVERSION_BELOW = 30
_NS_PER_HEAD_BINOMIAL = 60.0
_NS_OVERHEAD = 300_000.0
_NS_PER_POISSON = 11.0
_NS_PER_TABLE = 15_000.0
_NS_PER_TABLE_ENTRY = 15.0
# Support of a tabulated Poisson(mu): mu -/+ (_TAIL_SD sqrt(mu) + _TAIL_EXTRA).
_TAIL_SD = 10.0
_TAIL_EXTRA = 25.0
# Below this argument the Stirling series of the acceptance ratio is not used.
_STIRLING_FROM = 100.0


def multinomial_draws(counts, size, rng, *, method="auto"):
    """``size`` draws of ``Multinomial(n, counts / n)``, ``n = counts.sum()``.

    Parameters
    ----------
    counts : ndarray of shape (K,), integer
        Non-negative counts with a positive total.
    size : int
        Number of draws.
    rng : numpy.random.Generator
        The source of randomness.
    method : {"auto", "numpy", "poisson"}, default="auto"
        NumPy's conditional binomials, the Poisson rejection of the module
        docstring, or whichever the cost model expects to be faster. Both
        are exact; the choice depends only on ``counts`` and ``size``.

    Returns
    -------
    draws : ndarray of shape (size, K), integer
        Each row sums to ``n``. int64, or int32 from the Poisson method when
        ``n < 2**31``. The Poisson method returns the transpose of a
        C-ordered ``(K, size)`` array: ``draws.T`` is cell-major, each cell's
        resamples contiguous.
    """
    counts = np.asarray(counts, dtype=np.int64)
    if counts.sum(dtype=np.float64) >= 2.0**62 and sum(counts.tolist()) >= 2**63:
        # The int64 total would wrap (and size the tables from nonsense).
        raise ValueError(
            "The counts total 2**63 or more samples; resampled counts are 64-bit "
            "integers."
        )
    n_samples = int(counts.sum())
    present = np.flatnonzero(counts)
    # Cells by decreasing count: the head is a prefix, and cells with the same
    # count are adjacent.
    by_size = present[np.argsort(-counts[present], kind="stable")]
    head = _best_head(counts[by_size], n_samples, size)
    if method == "numpy" or (method == "auto" and head is None):
        # Only the occupied cells: a zero probability after the last positive
        # one would leave the rounding remainder of the probabilities there.
        draws = np.zeros((size, counts.size), dtype=np.int64)
        draws[:, present] = rng.multinomial(
            n_samples, counts[present] / n_samples, size=size
        )
        return draws
    if head is None:
        head = max(1, by_size.size - 1)
    head_cells, rest_cells = by_size[:head], by_size[head:]
    head_counts = counts[head_cells]
    # The rest cells with the same count (a run of them) share one table.
    rest_counts = counts[rest_cells]
    starts = np.flatnonzero(np.diff(rest_counts, prepend=-1))
    bounds = np.append(starts, rest_cells.size)
    cells_of_table = [rest_cells[start:stop] for start, stop in pairwise(bounds)]
    tables = _poisson_tables(rest_counts[starts].astype(float), rng)
    # Cell-major draws (each table writes whole rows), returned as their
    # (size, K) transpose.
    draws, totals = _poisson_rejection(
        tables,
        cells_of_table,
        int(head_counts.sum()),
        n_samples,
        (counts.size, size),
        rng,
    )
    draws[head_cells] = rng.multinomial(totals, head_counts / head_counts.sum()).T
    return draws.T


def _best_head(sorted_counts, n_samples, size):
    """The head size with the lowest expected cost, or None when NumPy's
    multinomial is expected to be faster.

    ``sorted_counts`` are the positive counts in decreasing order. A head of
    ``h`` cells costs a binomial per head cell and resample, a tabulated
    Poisson variate per rest cell and proposal (``size / sqrt(f)`` proposals
    for a head of mass fraction ``f``), and a table per distinct rest count.
    """
    n_cells = sorted_counts.size
    if n_cells < 2:
        return None
    head = np.arange(1, n_cells)
    fraction = np.cumsum(sorted_counts)[:-1] / n_samples
    # A table per distinct count among cells head..end: the counts that start
    # a run of equal counts there, plus the run cut by the head.
    starts_run = np.diff(sorted_counts, prepend=-1) != 0
    table_cost = _NS_PER_TABLE + _NS_PER_TABLE_ENTRY * _table_sizes(sorted_counts)
    run_costs = np.cumsum((table_cost * starts_run)[::-1])[::-1]
    tables = run_costs[head] + np.where(starts_run[head], 0.0, table_cost[head])
    cost = (
        size * (n_cells - head) * _NS_PER_POISSON / np.sqrt(fraction)
        + size * head * _NS_PER_HEAD_BINOMIAL
        + tables
    )
    best = int(np.argmin(cost))
    # NumPy's binomials are cheaper by inversion for small expected counts.
    numpy_cost = (
        size
        * np.where(
            sorted_counts > _INVERSION_BELOW, _NS_PER_BINOMIAL, _NS_PER_SMALL_BINOMIAL
        ).sum()
    )
    if cost[best] + _NS_OVERHEAD >= numpy_cost:
        return None
    return int(head[best])


def _table_bounds(means):
    """Lowest and highest tabulated value of each Poisson mean."""
    spread = _TAIL_SD * np.sqrt(means) + _TAIL_EXTRA
    lows = np.maximum(0, np.floor(means - spread)).astype(np.int64)
    highs = np.ceil(means + spread).astype(np.int64)
    return lows, highs


def _table_sizes(means):
    """Entries of each mean's table, as floats: a table the cost model rejects
    may be larger than int64 counts (and is never built)."""
    means = np.asarray(means, dtype=float)
    spread = _TAIL_SD * np.sqrt(means) + _TAIL_EXTRA
    return np.ceil(means + spread) - np.maximum(0.0, np.floor(means - spread)) + 1.0


class _PoissonTable(NamedTuple):
    sampler: Any
    low: int
    high: int


def _poisson_tables(means, rng):
    """One guide table per Poisson mean (values ``low + sampler.rvs()``)."""
    if not means.size:
        return []
    lows, highs = _table_bounds(means)
    sizes = highs - lows + 1
    starts = np.concatenate([[0], np.cumsum(sizes)])
    owner = np.repeat(np.arange(means.size), sizes)
    values = np.arange(starts[-1]) - (starts[:-1] - lows)[owner]
    # log pmf = x log(mean) - mean - log(x!), for every table at once; the
    # tables' supports overlap, so log(x!) is looked up, not recomputed.
    lowest = int(lows.min())
    log_factorials = special.gammaln(np.arange(lowest, int(highs.max()) + 1) + 1.0)
    log_pmf = values * np.log(means)[owner]
    log_pmf -= means[owner]
    log_pmf -= log_factorials[values - lowest]
    pmf = np.exp(log_pmf, out=log_pmf)
    # (SciPy's ``domain=`` would shift the values too, at ~5 us more per table
    # than adding ``low`` to the drawn values.)
    return [
        _PoissonTable(
            DiscreteGuideTable(pmf[start:stop], guide_factor=2, random_state=rng),
            int(low),
            int(high),
        )
        for start, stop, low, high in zip(
            starts[:-1], starts[1:], lows, highs, strict=True
        )
    ]


def _poisson_rejection(tables, cells_of_table, head_count, n_samples, shape, rng):
    """Accepted proposals (module docstring, steps 2-3).

    Returns ``(draws, totals)``: cell-major draws of ``shape`` =
    ``(n_cells, size)``, C-ordered, whose rest rows hold accepted proposals
    (head rows 0), and the head totals.
    Proposals are drawn for enough columns that, at the expected acceptance
    rate (about the square root of the head's mass fraction), ``size`` are
    accepted with ~3 standard deviations to spare; the first ``size``
    accepted columns are kept. Every accepted proposal has the target law on
    its own, so a rare shortfall is filled by a further round.
    """
    acceptance = math.sqrt(head_count / n_samples)
    n_cells, size = shape
    # Counts below 2**31 fit int32, which halves the memory traffic; so do
    # the proposals' column sums when every tabulated value together does.
    dtype = np.int32 if n_samples < np.iinfo(np.int32).max else np.int64
    largest_sum = sum(
        table.high * len(cells)
        for table, cells in zip(tables, cells_of_table, strict=True)
    )
    sum_dtype = dtype if largest_sum < np.iinfo(dtype).max else np.int64
    parts, part_totals = [], []
    needed = size
    while needed:
        batch = math.ceil((needed + 3 * math.sqrt(needed) + 8) / acceptance)
        block = np.zeros((n_cells, batch), dtype=dtype)
        for table, table_cells in zip(tables, cells_of_table, strict=True):
            block[table_cells] = _propose(table, table_cells.size, batch, dtype)
        head_totals = n_samples - block.sum(axis=0, dtype=sum_dtype).astype(np.int64)
        log_accept = log_poisson_ratio(head_totals, head_count)
        accepted = np.log(rng.random(batch)) < log_accept
        taken = np.flatnonzero(accepted)[:needed]
        # np.take keeps the cell-major (C) order; fancy indexing would not.
        parts.append(np.take(block, taken, axis=1))
        part_totals.append(head_totals[taken])
        needed -= taken.size
    draws = parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1)
    return draws, np.concatenate(part_totals)


def _propose(table, n_cells, n_columns, dtype):
    """``Poisson`` proposals for ``n_cells`` cells sharing ``table``."""
    drawn = table.sampler.rvs(n_cells * n_columns).reshape(n_cells, n_columns)
    # The sampler gives int32 offsets from ``low``; the counts may need int64.
    drawn = drawn.astype(dtype, copy=False)
    drawn += table.low
    return drawn


def log_poisson_ratio(values, mode):
    """``log(Poisson(values; mode) / Poisson(mode; mode))``; ``-inf`` below 0.

    ``mode`` is a non-negative integer, the mode of its Poisson law, so the
    ratio is at most 1. With ``d = values - mode`` the log ratio is
    ``d log(mode) - log(values!) + log(mode!)``. For large arguments
    ``log(values!)`` alone carries a rounding error of ~1e-9 at 10**6, so it
    is rewritten with Stirling's series, ``x = mode + 1`` and ``u = d / x``:
    ``-d log1p(1/mode) - x g(u) + log1p(u) / 2 - s(values + 1) + s(x)``,
    where ``g(u) = (1 + u) log1p(u) - u`` and ``s`` is the series remainder;
    the terms of size ``d`` cancel exactly on paper, not in floating point.
    """
    values = np.asarray(values, dtype=np.int64)
    valid = values >= 0
    safe = np.where(valid, values, mode).astype(float)
    mode = float(mode)
    difference = safe - mode
    ratio = (
        special.xlogy(difference, mode)
        - special.gammaln(safe + 1.0)
        + special.gammaln(mode + 1.0)
    )
    if mode + 1.0 >= _STIRLING_FROM:
        x = mode + 1.0
        u = difference / x
        series = (
            -difference * np.log1p(1.0 / mode)
            - x * _one_plus_u_log1p_minus_u(u)
            + 0.5 * np.log1p(u)
            - _stirling_remainder(safe + 1.0)
            + _stirling_remainder(x)
        )
        ratio = np.where(safe + 1.0 >= _STIRLING_FROM, series, ratio)
    return np.where(valid, np.minimum(ratio, 0.0), -np.inf)


def _one_plus_u_log1p_minus_u(u):
    """``(1 + u) log1p(u) - u`` without cancellation near ``u = 0``."""
    small = np.abs(u) < 0.1
    # sum_{k >= 2} (-u)**k / (k (k - 1)): 18 terms reach 1e-20 at |u| = 0.1.
    series = np.zeros_like(u)
    power = u * u
    for k in range(2, 20):
        series += power / (k * (k - 1))
        power *= -u
    with np.errstate(divide="ignore", invalid="ignore"):
        direct = (1.0 + u) * np.log1p(u) - u
    return np.where(small, series, direct)


def _stirling_remainder(z):
    """``log Gamma(z) - ((z - 1/2) log z - z + log(2 pi) / 2)`` for z >= 100."""
    inverse = 1.0 / z
    inverse_square = inverse * inverse
    return inverse * (
        1.0 / 12.0 - inverse_square * (1.0 / 360.0 - inverse_square * (1.0 / 1260.0))
    )
