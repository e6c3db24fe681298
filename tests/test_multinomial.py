"""The Poisson-rejection multinomial sampler draws exactly Multinomial(n, p)."""

import itertools
import math

import mpmath
import numpy as np
import pytest
from scipy import stats

import infometrics as im
from infometrics._resampling import multinomial as multinomial_module
from infometrics._resampling.multinomial import (
    log_poisson_ratio,
    multinomial_draws,
)
from infometrics._resampling.paired import _summed_over


def _outcomes(n, n_cells):
    """Every count vector of n draws over n_cells cells."""
    for cells in itertools.combinations_with_replacement(range(n_cells), n):
        yield np.bincount(cells, minlength=n_cells)


def _goodness_of_fit(draws, counts):
    """Chi-square p-value of the draws against Multinomial(n, counts / n),
    over every possible outcome (outcomes expected < 5 times pooled)."""
    n, n_cells = int(counts.sum()), counts.size
    outcomes = np.array(list(_outcomes(n, n_cells)))
    expected = stats.multinomial.pmf(outcomes, n, counts / n) * draws.shape[0]
    base = (n + 1) ** np.arange(n_cells)
    position = {int(code): i for i, code in enumerate(outcomes @ base)}
    observed = np.bincount(
        [position[int(code)] for code in draws @ base], minlength=len(outcomes)
    )
    kept = expected >= 5
    if not kept.all():
        observed = np.append(observed[kept], observed[~kept].sum())
        expected = np.append(expected[kept], expected[~kept].sum())
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.parametrize(
    "counts",
    [[1, 2, 0, 3, 1], [5, 1, 1], [2, 2, 2, 2], [1, 1], [3, 1, 1, 2], [6, 0, 1]],
)
@pytest.mark.parametrize("method", ["poisson", "numpy"])
def test_draws_follow_the_multinomial_law(counts, method):
    counts = np.array(counts)
    draws = multinomial_draws(counts, 400_000, np.random.default_rng(3), method=method)
    np.testing.assert_array_equal(draws.sum(axis=1), counts.sum())
    # A biased sampler gives p ~ 0 at this many draws (checked by hand with
    # the acceptance step removed); an exact one a uniform p-value.
    assert _goodness_of_fit(np.asarray(draws), counts) > 1e-4


def test_a_biased_sampler_is_detected():
    # The check above can fail: the Poisson proposals without the rejection
    # step (a wrong total, fixed up by the head) are caught at once.
    counts = np.array([1, 2, 0, 3, 1])
    rng = np.random.default_rng(3)
    proposals = rng.poisson(counts[1:], size=(400_000, 4))
    proposals = proposals[proposals.sum(axis=1) <= counts.sum()]
    head = counts.sum() - proposals.sum(axis=1)
    biased = np.column_stack([head, proposals])
    assert _goodness_of_fit(biased, counts) < 1e-6


def test_large_draws_have_the_multinomial_moments():
    rng = np.random.default_rng(0)
    counts = np.concatenate([[0, 0], rng.integers(1, 4000, 400), [250_000]])
    n = int(counts.sum())
    draws = multinomial_draws(counts, 4000, np.random.default_rng(1), method="poisson")
    draws = np.asarray(draws, dtype=float)
    np.testing.assert_array_equal(draws.sum(axis=1), n)
    assert not draws[:, :2].any()
    p = counts / n
    mean_error = (draws.mean(axis=0) - n * p) / np.sqrt(n * p * (1 - p) / 4000 + 1e-12)
    assert np.abs(mean_error[2:]).max() < 5
    variance_ratio = draws[:, 2:].var(axis=0) / (n * p[2:] * (1 - p[2:]))
    # The mean of 400 ratios, each with relative error ~ sqrt(2 / 4000).
    assert abs(variance_ratio.mean() - 1) < 0.02
    # Cells compete for the same n samples: covariance -n p_i p_j.
    covariance = np.cov(draws[:, -1], draws[:, 2])[0, 1]
    expected = -n * p[-1] * p[2]
    assert abs(covariance - expected) < 5 * np.sqrt(n * p[-1] * n * p[2] / 4000)


def test_seeded_and_reproducible():
    counts = np.random.default_rng(0).integers(1, 500, 300)

    def draw(seed):
        return np.asarray(
            multinomial_draws(
                counts, 200, np.random.default_rng(seed), method="poisson"
            )
        )

    np.testing.assert_array_equal(draw(5), draw(5))
    assert not np.array_equal(draw(5), draw(6))


def test_counts_beyond_int32():
    counts = np.array([2**31, 2**31 + 5, 7, 3, 1000, 1000])
    draws = multinomial_draws(counts, 50, np.random.default_rng(0), method="poisson")
    assert draws.dtype == np.int64
    np.testing.assert_array_equal(draws.sum(axis=1), counts.sum())
    assert np.all(np.abs(draws.mean(axis=0) - counts) < 6 * np.sqrt(counts / 50 + 1))


def test_column_sums_widen_when_the_tables_could_overflow_int32(monkeypatch):
    # Proposals are summed in int32 only when every tabulated value together
    # fits; tables that claim to reach 2**31 force int64 sums, same draws.
    counts = np.array([60, 30, 9, 7, 7, 3, 1])
    original = multinomial_module._poisson_tables
    reference = multinomial_draws(
        counts, 200, np.random.default_rng(4), method="poisson"
    )

    def huge_tables(means, rng):
        return [table._replace(high=2**31) for table in original(means, rng)]

    monkeypatch.setattr(multinomial_module, "_poisson_tables", huge_tables)
    widened = multinomial_draws(counts, 200, np.random.default_rng(4), method="poisson")
    np.testing.assert_array_equal(widened, reference)


def test_single_cell_and_single_sample():
    np.testing.assert_array_equal(
        multinomial_draws(np.array([0, 9, 0]), 4, np.random.default_rng(0)),
        [[0, 9, 0]] * 4,
    )
    draws = multinomial_draws(
        np.array([1, 0, 0, 0]), 3, np.random.default_rng(0), method="poisson"
    )
    np.testing.assert_array_equal(draws, [[1, 0, 0, 0]] * 3)


def test_the_cost_model_keeps_numpy_for_few_cells_and_picks_a_head():
    rng = np.random.default_rng(0)
    assert multinomial_module._best_head(np.array([50, 30, 20]), 100, 1000) is None
    counts = np.sort(rng.integers(20, 2000, 1200))[::-1]
    counts[:10] += 60_000
    head = multinomial_module._best_head(counts, int(counts.sum()), 1000)
    assert head is not None
    assert 1 <= head < 100


@pytest.mark.parametrize("mode", [1, 7, 98, 99, 100, 1000, 123_456, 10**9])
def test_log_poisson_ratio_matches_exact_arithmetic(mode):
    spread = int(8 * math.sqrt(mode) + 12)
    values = np.unique(
        np.clip(
            np.concatenate(
                [
                    np.arange(mode - spread, mode + spread + 1, max(1, spread // 40)),
                    [0, 1, 2, 98, 99, 100, 101, mode],
                ]
            ),
            0,
            None,
        )
    )
    computed = log_poisson_ratio(values, mode)
    with mpmath.workdps(40):
        exact = np.array(
            [
                float(
                    (value - mode) * mpmath.log(mode)
                    - mpmath.loggamma(value + 1)
                    + mpmath.loggamma(mode + 1)
                )
                for value in values
            ]
        )
    # Where the acceptance probability exp(ratio) is representable, the
    # ratio is accurate; far below, it only needs to stay far below.
    representable = exact > -700
    np.testing.assert_allclose(
        computed[representable], exact[representable], rtol=1e-13, atol=1e-12
    )
    assert np.all(computed[~representable] < -700)
    assert np.all(computed <= 0)
    assert log_poisson_ratio(np.array([-1, -5]), mode).tolist() == [-np.inf] * 2


def test_log_poisson_ratio_at_mode_zero():
    # Poisson(0) is the point mass at 0.
    np.testing.assert_array_equal(
        log_poisson_ratio(np.array([0, 1, 5]), 0), [0.0, -np.inf, -np.inf]
    )


@pytest.mark.parametrize("memory_order", ["C", "F"])
def test_joint_draws_summed_over_one_axis(memory_order):
    # The paired comparison sums resampled joint tables into A's and B's cells
    # slice by slice; either memory order of the draws gives the plain sums.
    shape = (3, 4, 5)
    values = np.random.default_rng(0).integers(0, 50, (7, 60), dtype=np.int32)
    draws = np.asarray(values, order=memory_order)
    tables = values.reshape(7, *shape)
    for axis in (1, 2):
        summed = _summed_over(draws, shape, axis)
        assert summed.dtype == np.int32
        np.testing.assert_array_equal(summed, tables.sum(axis=axis + 1).reshape(7, -1))


def test_paired_comparison_through_the_poisson_path(monkeypatch):
    # Large enough for the cost model to choose the Poisson method; the
    # resampled differences match those of NumPy's sampler in distribution.
    rng = np.random.default_rng(0)
    n = 200_000
    y_true = rng.integers(0, 6, n)
    pred_a = np.where(rng.random(n) < 0.8, y_true, rng.integers(-1, 6, n))
    pred_b = np.where(rng.random(n) < 0.7, y_true, rng.integers(-1, 6, n))
    chosen = []
    original = multinomial_module.multinomial_draws

    def spy(counts, size, rng, *, method="auto"):
        chosen.append(
            multinomial_module._best_head(
                np.sort(counts[counts > 0])[::-1], int(counts.sum()), size
            )
        )
        return original(counts, size, rng, method=method)

    monkeypatch.setattr("infometrics._resampling.resamplers.multinomial_draws", spy)
    poisson = im.paired_comparison(
        y_true, pred_a, pred_b, n_resamples=1500, random_state=1
    )
    assert chosen
    assert all(head is not None for head in chosen)

    def numpy_only(counts, size, rng, *, method="auto"):
        return original(counts, size, rng, method="numpy")

    monkeypatch.setattr(
        "infometrics._resampling.resamplers.multinomial_draws", numpy_only
    )
    reference = im.paired_comparison(
        y_true, pred_a, pred_b, n_resamples=1500, random_state=2
    )
    assert poisson.estimate_difference == reference.estimate_difference
    drawn, expected = poisson.distribution, reference.distribution
    standard_error = expected.std() * np.sqrt(2 / expected.size)
    assert abs(drawn.mean() - expected.mean()) < 5 * standard_error
    assert abs(drawn.std() / expected.std() - 1) < 5 * np.sqrt(1 / expected.size)


@pytest.mark.parametrize("method", ["numpy", "poisson"])
def test_empty_cells_stay_empty_wherever_they_are(method):
    counts = np.array([0, 5, 3, 0, 2, 0, 0])
    draws = multinomial_draws(counts, 20_000, np.random.default_rng(0), method=method)
    assert not np.asarray(draws)[:, counts == 0].any()
    np.testing.assert_array_equal(draws.sum(axis=1), 10)
