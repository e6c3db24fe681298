"""Resampling at the level of the counts is the sample bootstrap, exactly."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import infometrics as im

B = 3000


def _example(n=240, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 3, n)
    noise = rng.random(n)
    pred_a = np.where(noise < 0.75, y_true, np.where(noise < 0.9, -1, (y_true + 1) % 3))
    # B is A with some of its answers changed: strongly correlated with A.
    pred_b = np.where(rng.random(n) < 0.15, (y_true + 2) % 3, pred_a)
    return y_true, pred_a, pred_b


def _sample_bootstrap(y_true, predictions, weights, n_resamples, seed, measure):
    """Reference: draw sample indices and count every resample's samples."""
    rng = np.random.default_rng(seed)
    n = len(y_true)
    picks = rng.integers(0, n, size=(n_resamples, n))
    picked_weights = np.ones(picks.shape) if weights is None else weights[picks]
    column = {0: 0, 1: 1, 2: 2, -1: 3}
    results = []
    for y_pred in predictions:
        cells = np.array(
            [t * 4 + column[p] for t, p in zip(y_true, y_pred, strict=True)]
        )
        stack = np.zeros((n_resamples, 3, 4))
        resample_index = np.repeat(np.arange(n_resamples), n)
        np.add.at(
            stack.reshape(n_resamples, 12),
            (resample_index, cells[picks].ravel()),
            picked_weights.ravel(),
        )
        results.append(im.ni(stack, measure, replace_undefined_by=np.nan))
    return results


def _assert_same_distribution(drawn, reference):
    """Same mean and spread within Monte-Carlo error (about 5 standard errors)."""
    drawn, reference = drawn[np.isfinite(drawn)], reference[np.isfinite(reference)]
    spread = reference.std()
    assert spread > 0
    standard_error = spread * np.sqrt(1 / drawn.size + 1 / reference.size)
    assert abs(drawn.mean() - reference.mean()) < 5 * standard_error
    # The standard deviation's relative standard error is about 1/sqrt(2B).
    assert drawn.std() / spread == pytest.approx(1, abs=5 / np.sqrt(reference.size))


def test_multinomial_bootstrap_is_distributed_as_the_sample_bootstrap():
    y_true, pred_a, _ = _example()
    drawn = im.resampling.bootstrap_measures_from_predictions(
        y_true, pred_a, "ni2", n_resamples=B, random_state=1
    )["ni2"].distribution
    (reference,) = _sample_bootstrap(y_true, [pred_a], None, B, 2, "ni2")
    _assert_same_distribution(drawn, reference)
    from_matrix = im.resampling.bootstrap_measures(
        im.augmented_confusion_matrix(y_true, pred_a), "ni2", n_resamples=B
    )["ni2"].distribution
    _assert_same_distribution(from_matrix, reference)


@pytest.mark.parametrize("distinct_weights", [3, None])
def test_weighted_bootstrap_is_distributed_as_the_sample_bootstrap(distinct_weights):
    # Three distinct weights: few (cell, weight) groups; every weight
    # distinct: as many groups as samples.
    y_true, pred_a, _ = _example()
    rng = np.random.default_rng(5)
    weights = (
        rng.integers(1, 1 + distinct_weights, y_true.size).astype(float)
        if distinct_weights
        else rng.random(y_true.size) + 0.5
    )
    drawn = im.resampling.bootstrap_measures_from_predictions(
        y_true, pred_a, "ni2", sample_weight=weights, n_resamples=B, random_state=1
    )["ni2"].distribution
    (reference,) = _sample_bootstrap(y_true, [pred_a], weights, B, 2, "ni2")
    _assert_same_distribution(drawn, reference)


@pytest.mark.parametrize("weighted", [False, True])
def test_paired_resamples_are_distributed_as_paired_sample_resamples(weighted):
    y_true, pred_a, pred_b = _example()
    weights = (
        np.random.default_rng(5).integers(1, 3, y_true.size).astype(float)
        if weighted
        else None
    )
    drawn = im.resampling.paired_comparison(
        y_true,
        pred_a,
        pred_b,
        sample_weight=weights,
        n_resamples=B,
        random_state=1,
    ).distribution
    values_a, values_b = _sample_bootstrap(
        y_true, [pred_a, pred_b], weights, B, 2, "ni2"
    )
    # The spread of the difference depends on the pairing: resampling A and B
    # independently would give a visibly different spread.
    _assert_same_distribution(drawn, values_a - values_b)


def _bootstrap_quantiles_reference(matrix, n_resamples, seed, levels):
    """Plain loop: draw label indices, count each resample, take its NI2."""
    rows, columns = np.nonzero(np.asarray(matrix))
    counts = np.asarray(matrix)[rows, columns]
    y_true, y_pred = np.repeat(rows, counts), np.repeat(columns, counts)
    y_pred = np.where(y_pred == len(matrix), -1, y_pred)
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(n_resamples):
        pick = rng.integers(0, y_true.size, y_true.size)
        values.append(
            im.ni(
                im.augmented_confusion_matrix(
                    y_true[pick], y_pred[pick], labels=range(len(matrix))
                ),
                "ni2",
            )
        )
    return np.quantile(values, levels), np.mean(values)


def test_interval_quantiles_match_a_loop_over_label_indices():
    # 500 samples, 4000 resamples each way: a quantile of the NI2
    # distribution has a Monte-Carlo standard error of about
    # sd * sqrt(q (1 - q)) / (f(x_q) sd) / sqrt(B) -- below 0.1 sd at the 2.5%
    # and 97.5% levels for a near-normal distribution; 0.25 sd is 5 of those
    # for the difference of two independent estimates.
    matrix = [[160, 20, 20, 10], [15, 120, 15, 10], [5, 10, 100, 15]]
    levels = [0.025, 0.25, 0.5, 0.75, 0.975]
    drawn = im.resampling.bootstrap_measures(
        matrix, "ni2", n_resamples=4000, random_state=3
    )
    reference, reference_mean = _bootstrap_quantiles_reference(matrix, 4000, 4, levels)
    spread = np.std(drawn["ni2"].distribution)
    assert 0 < spread < 0.1
    np.testing.assert_allclose(
        np.quantile(drawn["ni2"].distribution, levels), reference, atol=0.25 * spread
    )
    assert abs(np.mean(drawn["ni2"].distribution) - reference_mean) < 0.15 * spread
    assert [drawn["ni2"].low, drawn["ni2"].high] == pytest.approx(
        reference[[0, -1]], abs=0.25 * spread
    )


def test_resamples_are_multinomial_draws_on_the_occupied_cells():
    # The documented draw: Generator.multinomial of n over the non-zero cells
    # (row-major) with probabilities count / n. Rebuilt here, the stacks have
    # the matrix's total, empty cells stay empty, and evaluated one matrix
    # at a time they give the bootstrap's distribution bit for bit.
    y_true, pred_a, _ = _example(n=60)
    matrix = im.augmented_confusion_matrix(y_true, pred_a)
    flat = matrix.ravel()
    occupied = np.flatnonzero(flat)
    assert occupied.size < flat.size
    draws = np.random.default_rng(0).multinomial(60, flat[occupied] / 60, size=200)
    stacks = np.zeros((200, flat.size), dtype=np.int64)
    stacks[:, occupied] = draws
    stacks = stacks.reshape(200, *matrix.shape)
    np.testing.assert_array_equal(stacks.sum(axis=(1, 2)), 60)
    assert not stacks[:, matrix == 0].any()
    assert (stacks.sum(axis=2) != matrix.sum(axis=1)).any()  # rows vary
    expected = [im.ni(stack, "ni2") for stack in stacks]
    for result in (
        im.resampling.bootstrap_measures(
            matrix, "ni2", n_resamples=200, random_state=0
        ),
        im.resampling.bootstrap_measures_from_predictions(
            y_true, pred_a, "ni2", n_resamples=200, random_state=0
        ),
    ):
        np.testing.assert_array_equal(result["ni2"].distribution, expected)


def test_weighted_resamples_keep_each_samples_weight():
    # Weights 1 and 10: a resample's total weight is i + 10 j for i samples of
    # weight 1 and j of weight 10 drawn, i + j = 60.
    y_true, pred_a, _ = _example(n=60)
    weights = np.where(np.arange(60) % 2, 1.0, 10.0)
    # The reject rate is the rejected samples' share of the weight.
    result = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        pred_a,
        ["reject_rate", "correct_rate"],
        sample_weight=weights,
        n_resamples=300,
        random_state=0,
    )
    rejected = weights[pred_a == -1].sum() / weights.sum()
    assert result["reject_rate"].estimate == pytest.approx(rejected)
    assert abs(result["reject_rate"].distribution.mean() - rejected) < 0.03
    # Only samples are redrawn, never weights: a classifier right on every
    # weight-10 sample and wrong on every weight-1 sample.
    pred = np.where(weights == 10, y_true, (y_true + 1) % 3)
    correct = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        pred,
        "correct_rate",
        sample_weight=weights,
        n_resamples=300,
        random_state=0,
    )["correct_rate"].distribution
    # j samples of weight 10 among 60: correct_rate = 10 j / (10 j + 60 - j).
    j = np.arange(61)
    attainable = 10 * j / (9 * j + 60)
    assert np.isin(np.round(correct, 12), np.round(attainable, 12)).all()


@pytest.mark.parametrize("weights", [None, "few", "many"])
def test_seeded_resamples_are_reproducible(weights):
    y_true, pred_a, pred_b = _example(n=90)
    rng = np.random.default_rng(0)
    sample_weight = {
        None: None,
        "few": rng.integers(1, 3, 90).astype(float),
        "many": rng.random(90) + 0.1,
    }[weights]

    def run(seed):
        single = im.resampling.bootstrap_measures_from_predictions(
            y_true,
            pred_a,
            "ni2",
            sample_weight=sample_weight,
            n_resamples=40,
            random_state=seed,
        )["ni2"].distribution
        paired = im.resampling.paired_comparison(
            y_true,
            pred_a,
            pred_b,
            sample_weight=sample_weight,
            n_resamples=40,
            random_state=seed,
        ).distribution
        return single, paired

    first = run(7)
    np.testing.assert_array_equal(first[0], run(7)[0])
    np.testing.assert_array_equal(first[1], run(7)[1])
    assert not np.array_equal(first[0], run(8)[0])


def test_resamples_drawn_in_several_blocks_continue_one_random_stream():
    # Resamples are drawn in blocks of bounded memory. The same counts among
    # 298 empty classes draw the same resamples (an empty cell takes no
    # random number), but in blocks of about 90 resamples instead of one
    # block: every resample must be the same, across the block boundary.
    small = np.array([[30, 5, 3], [4, 20, 2]])
    m = 300
    big = np.zeros((m, m + 1), dtype=np.int64)
    big[m - 2 :, m - 2 :] = small
    one_block, blocks = (
        im.resampling.bootstrap_measures(
            matrix, ["ni2"], n_resamples=100, random_state=7
        )["ni2"].distribution
        for matrix in (small, big)
    )
    np.testing.assert_allclose(blocks, one_block, rtol=1e-13, atol=0)
    assert np.unique(one_block).size > 10


def test_paired_p_value_is_small_for_a_clear_difference():
    y_true = np.repeat([0, 1, 2], 100)
    rejects = y_true.copy()
    rejects[::10] = -1
    errs = y_true.copy()
    errs[::10] = (errs[::10] + 1) % 3
    result = im.resampling.paired_comparison(
        y_true, rejects, errs, n_resamples=999, random_state=0
    )
    assert result.p_value == pytest.approx(1 / 1000)
    assert result.fraction_a_better == 1.0
    assert result.estimate_difference == pytest.approx(
        result.estimate_a - result.estimate_b
    )
    assert 0 < result.low <= result.estimate_difference <= result.high
    # Either direction: the test is two-sided.
    swapped = im.resampling.paired_comparison(
        y_true, errs, rejects, n_resamples=999, random_state=0
    )
    assert swapped.p_value == pytest.approx(1 / 1000)
    assert swapped.fraction_a_better == 0.0


def test_paired_p_value_is_one_for_no_difference_by_construction():
    y_true, pred_a, _ = _example()
    same = im.resampling.paired_comparison(
        y_true, pred_a, pred_a, n_resamples=200, random_state=0
    )
    assert same.estimate_difference == 0
    assert same.p_value == 1.0
    assert same.fraction_a_better == 0.5
    # Mirror images: A errs on class 0 exactly as B errs on class 1, so their
    # NI2 is equal on the data but not on every resample.
    y_true = np.repeat([0, 1], 50)
    pred_a = y_true.copy()
    pred_a[:10] = 1
    pred_b = y_true.copy()
    pred_b[50:60] = 0
    mirror = im.resampling.paired_comparison(
        y_true, pred_a, pred_b, n_resamples=200, random_state=0
    )
    assert mirror.estimate_difference == pytest.approx(0, abs=1e-12)
    assert np.std(mirror.distribution) > 0
    assert mirror.p_value == 1.0


def test_paired_p_value_under_the_null_is_not_small():
    # Two classifiers of equal quality by symmetry of the generating process:
    # over seeds the p-value is spread out, not piled up near 0.
    p_values = []
    for seed in range(12):
        rng = np.random.default_rng(seed)
        y_true = rng.integers(0, 2, 300)
        flips_a, flips_b = rng.random(300) < 0.2, rng.random(300) < 0.2
        pred_a = np.where(flips_a, 1 - y_true, y_true)
        pred_b = np.where(flips_b, 1 - y_true, y_true)
        p_values.append(
            im.resampling.paired_comparison(
                y_true, pred_a, pred_b, n_resamples=200, random_state=seed
            ).p_value
        )
    assert np.median(p_values) > 0.2
    assert min(p_values) > 0.001


def test_repr_says_how_often_a_was_better():
    result = im.resampling.paired_comparison(
        np.tile([0, 1, 1, 0], 10),
        np.tile([0, 1, 0, 0], 10),
        np.tile([0, 0, 1, 0], 10),
        n_resamples=20,
        random_state=0,
    )
    assert "A better in" in repr(result)


def test_a_bare_string_is_one_measure_name():
    matrix = [[74, 6, 10], [0, 9, 1]]
    result = im.resampling.bootstrap_measures(
        matrix, "ni2", n_resamples=20, random_state=0
    )
    assert list(result) == ["ni2"]
    result = im.resampling.bootstrap_measures_from_predictions(
        np.tile([0, 1, 1], 20),
        np.tile([0, 1, -1], 20),
        "info_completeness",
        n_resamples=20,
    )
    assert list(result) == ["info_completeness"]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: im.resampling.bootstrap_measures(
                [[3, 1], [1, 3]], n_resamples=True
            ),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.resampling.bootstrap_measures(
                [[3, 1], [1, 3]], n_resamples=10.0
            ),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.resampling.bootstrap_measures(
                [[3, 1], [1, 3]], confidence_level="0.95"
            ),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.resampling.bootstrap_measures_from_predictions(
                [0, 1], [0, 1], confidence_level=None
            ),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.resampling.paired_comparison(
                [0, 1], [0, 1], [1, 0], confidence_level=True
            ),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.resampling.paired_comparison(
                [0, 1], [0, 1], [1, 0], n_resamples=False
            ),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.resampling.bootstrap_measures([[3, 1], [1, 3]], []),
            ValueError,
            "measures is empty",
        ),
        (
            lambda: im.resampling.bootstrap_measures([[3, 1], [1, 3]], 5),
            TypeError,
            "measure name or a list",
        ),
        (
            lambda: im.resampling.bootstrap_measures([[3, 1], [1, 3]], verbose=-1),
            ValueError,
            "verbose",
        ),
        (
            lambda: im.resampling.bootstrap_measures(
                [[3, 1], [1, 3]], random_state="0"
            ),
            ValueError,
            "random_state must be",
        ),
        (
            lambda: im.resampling.paired_comparison(
                [0, 1], [0, 1], [1, 0], random_state=-1
            ),
            ValueError,
            "random_state must be",
        ),
        (
            lambda: im.resampling.paired_comparison([0, 1, 1], [0, 1], [1, 0, 1]),
            ValueError,
            "same length",
        ),
        (
            lambda: im.resampling.paired_comparison([[0, 1]], [[0, 1]], [[1, 0]]),
            ValueError,
            "1-d",
        ),
        (
            lambda: im.resampling.paired_comparison(
                [0, 1], [0, 2], [1, 0], labels=[0, 1]
            ),
            ValueError,
            "not in labels",
        ),
        (
            lambda: im.resampling.paired_comparison([0, -1], [0, 1], [1, 0]),
            ValueError,
            "reject label",
        ),
    ],
)
def test_resampling_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


# A resample of these few samples may predict one class only (ni2 undefined):
# what is checked here is the progress text, whatever the seed.
@pytest.mark.filterwarnings("ignore::infometrics.exceptions.UndefinedMeasureWarning")
def test_verbose_reports_progress(capsys):
    y_true, pred_a, pred_b = _example(n=60)
    im.resampling.bootstrap_measures_from_predictions(
        y_true, pred_a, n_resamples=10, random_state=0
    )
    assert capsys.readouterr().out == ""
    im.resampling.bootstrap_measures_from_predictions(
        y_true, pred_a, n_resamples=10, random_state=0, verbose=1
    )
    out = capsys.readouterr().out
    assert "[bootstrap_measures_from_predictions] 10 resamples, multinomial over" in out
    assert "done" in out
    im.resampling.paired_comparison(
        y_true, pred_a, pred_b, n_resamples=10, random_state=0, verbose=2
    )
    out = capsys.readouterr().out
    assert "resamples 10/10 evaluated" in out
    im.resampling.bootstrap_measures(
        [[5, 1], [2, 4]], n_resamples=10, random_state=0, verbose=True
    )
    assert "[bootstrap_measures]" in capsys.readouterr().out


def _linear_quantile(values, level):
    """Reference: NumPy's linear quantile by its definition, over sorted values
    that may hold +-inf (a bound between -inf and inf is NaN)."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * level
    below = math.floor(position)
    fraction = position - below
    low = ordered[below]
    if fraction == 0:
        return low
    high = ordered[below + 1]
    if low == high:
        return low
    if math.isinf(low) and math.isinf(high):
        return math.nan
    if math.isinf(low) or math.isinf(high):
        return low if math.isinf(low) else high
    return low + fraction * (high - low)


@pytest.mark.parametrize("seed", range(20))
def test_interval_bounds_are_linear_quantiles_of_resamples_with_infinities(seed):
    # xi is inf on a resample with errors but no information: matrices with
    # one or two rare cells give anything from no infinite resample to nearly
    # all of them.
    rng = np.random.default_rng(seed)
    matrix = [
        [int(rng.integers(3, 30)), int(rng.integers(0, 3)), 0],
        # Enough samples of class 1 that every resample draws some.
        [int(rng.integers(12, 20)), int(rng.integers(0, 2)), 0],
    ]
    n_resamples = int(rng.integers(1, 60))
    confidence = float(rng.choice([0.5, 0.9, 0.95]))
    alpha = (1 - confidence) / 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        interval = im.resampling.bootstrap_measures(
            matrix,
            "xi",
            n_resamples=n_resamples,
            confidence_level=confidence,
            random_state=seed,
        )["xi"]
    values = interval.distribution.tolist()
    got = [interval.low, interval.high]
    assert not np.isnan(values).any()
    expected = [_linear_quantile(values, q) for q in (alpha, 1 - alpha)]
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)
    # A NaN bound (between -inf and inf) always says why.
    if np.isnan(got).any():
        assert caught
    if np.isfinite(values).all():
        np.testing.assert_array_equal(got, np.quantile(values, [alpha, 1 - alpha]))


def test_an_interval_never_drops_infinite_resamples():
    # xi is inf when a resample has no information but errors: here whenever
    # the one (0, 1) sample is not drawn, about (25/26)**26 = 36% of resamples.
    matrix = [[20, 1, 0], [5, 0, 0]]
    result = im.resampling.bootstrap_measures(
        matrix, "xi", n_resamples=400, random_state=0
    )
    interval = result["xi"]
    share_inf = np.mean(np.isinf(interval.distribution))
    assert 0.25 < share_inf < 0.5
    assert interval.high == np.inf
    assert np.isfinite(interval.low)
    assert interval.low == _linear_quantile(interval.distribution.tolist(), 0.025)
    # The same through the labels and the paired comparison (A = this
    # classifier, B = one that always answers right: xi(B) = 0).
    y_true = np.repeat([0, 0, 1], [20, 1, 5])
    y_pred = np.repeat([0, 1, 0], [20, 1, 5])
    labelled = im.resampling.bootstrap_measures_from_predictions(
        y_true, y_pred, "xi", n_resamples=400, random_state=0
    )["xi"]
    assert labelled.high == np.inf
    with warnings.catch_warnings():
        # xi(B) is 0/0 on a resample with one true class (warned, not tested).
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        paired = im.resampling.paired_comparison(
            y_true, y_pred, y_true, measure="xi", n_resamples=400, random_state=0
        )
    inf_share = np.mean(paired.distribution == np.inf)
    assert inf_share > 0.25
    assert paired.high == np.inf
    # xi is lower-is-better: an infinite xi of A is a resample where B wins.
    defined = paired.distribution[~np.isnan(paired.distribution)]
    assert (
        paired.fraction_a_better
        == (np.count_nonzero(defined < 0) + 0.5 * np.count_nonzero(defined == 0))
        / defined.size
    )


def test_undefined_resamples_are_left_out_with_a_warning_or_void_the_bounds():
    # ni2 is undefined on a resample that has a single true class.
    y_true = np.array([0] * 30 + [1] * 2)
    y_pred = y_true.copy()
    with pytest.warns(
        im.exceptions.UndefinedMeasureWarning, match=r"undefined \(NaN\) on \d+ "
    ):
        result = im.resampling.bootstrap_measures_from_predictions(
            y_true, y_pred, "ni2", n_resamples=300, random_state=0
        )["ni2"]
    undefined = np.isnan(result.distribution)
    # (30/32)**32 = 13% of resamples draw no sample of class 1: more than 5%.
    assert 0.05 < undefined.mean() < 0.25
    assert np.isnan(result.low)
    assert np.isnan(result.high)
    # Fewer undefined resamples than the share left out: bounds over the rest.
    y_true = np.array([0] * 60 + [1] * 5)
    with pytest.warns(
        im.exceptions.UndefinedMeasureWarning, match="resamples where it is"
    ):
        result = im.resampling.bootstrap_measures_from_predictions(
            y_true, y_true, "ni2", n_resamples=300, random_state=0
        )["ni2"]
    defined = result.distribution[~np.isnan(result.distribution)]
    assert 0 < defined.size < 300
    np.testing.assert_array_equal(
        [result.low, result.high], np.quantile(defined, [0.025, 0.975])
    )
    with pytest.warns(im.exceptions.UndefinedMeasureWarning, match="every resample"):
        result = im.resampling.bootstrap_measures([[5, 0]], "ni2", n_resamples=10)[
            "ni2"
        ]
    assert np.isnan(result.low)
    assert np.isnan(result.high)


@pytest.mark.parametrize("marker", [np.nan, pd.NA])
@pytest.mark.parametrize("weights", ["few", "many"])
def test_missing_value_reject_marker_with_weights(marker, weights):
    y_true, pred_a, pred_b = _example(n=90)
    rng = np.random.default_rng(2)
    sample_weight = (
        rng.integers(1, 3, 90).astype(float) if weights == "few" else rng.random(90)
    )
    missing_a = np.where(pred_a == -1, marker, pred_a).astype(object)
    missing_b = np.where(pred_b == -1, marker, pred_b).astype(object)
    with_marker = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        missing_a,
        "ni2",
        reject_label=marker,
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )["ni2"]
    numeric = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        pred_a,
        "ni2",
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )["ni2"]
    np.testing.assert_array_equal(with_marker.distribution, numeric.distribution)
    assert with_marker.estimate == numeric.estimate
    paired = im.resampling.paired_comparison(
        y_true,
        missing_a,
        missing_b,
        reject_label=marker,
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )
    expected = im.resampling.paired_comparison(
        y_true,
        pred_a,
        pred_b,
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )
    np.testing.assert_array_equal(paired.distribution, expected.distribution)


@pytest.mark.parametrize(
    "matrix",
    [
        [[2.0**63, 0.0, 1.0], [0.0, 1.0, 0.0]],
        [[2.0**64, 1.0, 1.0], [0.0, 1.0, 0.0]],
        # Every count fits int64, the total does not.
        np.full((2, 3), 2**62, dtype=np.int64),
        np.array([[2**64 - 1, 0, 0], [0, 1, 0]], dtype=np.uint64),
    ],
)
def test_counts_beyond_int64_are_refused_before_allocating(matrix):
    with pytest.raises(ValueError, match=r"at most 2\*\*63 - 1"):
        im.resampling.bootstrap_measures(matrix, "ni2", n_resamples=10)


def test_counts_near_the_int64_limit_are_resampled_exactly():
    matrix = np.array([[2**62, 3, 0], [2**61, 2**61 - 5, 1]], dtype=np.int64)
    result = im.resampling.bootstrap_measures(
        matrix, "ni2", n_resamples=20, random_state=0
    )
    assert np.isfinite(result["ni2"].distribution).all()
    occupied = matrix.ravel()[matrix.ravel() > 0]
    draws = np.random.default_rng(0).multinomial(
        2**63 - 1, occupied / (2**63 - 1), size=20
    )
    # Every resample holds the matrix's samples exactly (an int64 sum), and
    # these are the resamples the bootstrap evaluated.
    assert {sum(row) for row in draws.tolist()} == {2**63 - 1}
    stacks = np.zeros((20, matrix.size))
    stacks[:, matrix.ravel() > 0] = draws
    np.testing.assert_array_equal(
        result["ni2"].distribution, im.ni(stacks.reshape(20, 2, 3), "ni2")
    )


def test_counts_must_be_whole_numbers_up_to_rounding_noise():
    with pytest.raises(ValueError, match="integer counts"):
        im.resampling.bootstrap_measures([[100000.5, 3, 1], [2, 50, 0]], n_resamples=10)
    noisy = np.array([[sum([0.1] * 30), 7, 1], [2, 5, 0]])  # 2.9999999999999996
    assert noisy[0, 0] != 3
    result = im.resampling.bootstrap_measures(noisy, n_resamples=20, random_state=0)
    exact = im.resampling.bootstrap_measures(
        [[3, 7, 1], [2, 5, 0]], n_resamples=20, random_state=0
    )
    np.testing.assert_array_equal(result["ni2"].distribution, exact["ni2"].distribution)


def test_tiny_fractional_counts_are_refused_as_non_integer():
    # Weights x 1e-100: every count rounds to 0, but none is a whole number
    # of samples; the matrix is not "empty" and numpy must not see it.
    tiny = np.array([[3.0, 1.0, 0.0], [1.0, 2.0, 1.0]]) * 1e-100
    with pytest.raises(ValueError, match="integer counts"):
        im.resampling.bootstrap_measures(tiny, n_resamples=10)


def test_a_labelled_table_is_resampled_by_name():
    # pd.crosstab puts the -1 (rejected) column first: read by position, the
    # resamples would be of another matrix than the estimate.
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 400)
    p = np.where(rng.random(400) < 0.9, y, -1)
    table = pd.crosstab(y, p)
    assert table.columns[0] == -1
    matrix = im.augmented_confusion_matrix(y, p)
    by_name = im.resampling.bootstrap_measures(
        table, "ni2", n_resamples=300, random_state=0
    )
    expected = im.resampling.bootstrap_measures(
        matrix, "ni2", n_resamples=300, random_state=0
    )
    assert by_name["ni2"].estimate == im.ni(matrix, "ni2")
    np.testing.assert_array_equal(
        by_name["ni2"].distribution, expected["ni2"].distribution
    )
    assert by_name["ni2"].low < by_name["ni2"].estimate < by_name["ni2"].high


def _alone(y_true, y_pred, **kwargs):
    """Every registry measure of one classifier, by the single-classifier API."""
    # The registry's binary measures take the second class as the positive one.
    classes = kwargs.get("labels", sorted(set(np.asarray(y_true).tolist())))
    positive = {"pos_label": classes[1]} if len(classes) == 2 else {}
    values = {
        **im.all_measures_score(y_true, y_pred, **kwargs),
        **im.conventional_measures_score(y_true, y_pred, **kwargs, **positive),
    }
    triangle = im.entropy_triangle_score(y_true, y_pred, **kwargs)
    values.update(
        triangle_mi=triangle.mutual_info,
        triangle_vi=triangle.variation_info,
        triangle_dh=triangle.delta_h,
        ema=triangle.ema,
        nit=triangle.nit,
    )
    return values


@pytest.mark.parametrize("weighted", [False, True])
def test_paired_estimates_are_each_classifier_alone(weighted):
    # B predicts class 2, which neither the truth nor A has: A's matrix has
    # no row or column for it (as for all_measures_score(y_true, pred_a)).
    y_true = np.array([0, 0, 0, 1, 1, 1, 0, 1, 0])
    pred_a = np.array([0, 0, 1, 1, 1, 0, 0, 1, -1])
    pred_b = np.array([0, 2, 0, 1, 2, 1, 0, 1, 0])
    weights = np.arange(1.0, 10.0) if weighted else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        alone_a = _alone(y_true, pred_a, sample_weight=weights)
        alone_b = _alone(y_true, pred_b, sample_weight=weights)
        for measure in alone_a.keys() & alone_b.keys():
            result = im.resampling.paired_comparison(
                y_true,
                pred_a,
                pred_b,
                measure=measure,
                sample_weight=weights,
                n_resamples=5,
                random_state=0,
            )
            for got, alone in (
                (result.estimate_a, alone_a[measure]),
                (result.estimate_b, alone_b[measure]),
            ):
                assert got == alone or (math.isnan(got) and math.isnan(alone))
    # Pooled with B's class 2, A's macro F1 fell below B's.
    assert alone_a["macro_f1"] > alone_b["macro_f1"]


def test_paired_resamples_are_each_classifier_alone():
    # On every resample A's matrix is what A alone gives on those samples:
    # the same seed draws the same samples, counted by the joint table.
    y_true, pred_a, _ = _example(n=80)
    pred_b = np.where(np.arange(80) % 7 == 0, 5, pred_a)  # a class of B only
    paired = im.resampling.paired_comparison(
        y_true, pred_a, pred_a, measure="macro_f1", n_resamples=50, random_state=0
    )
    with_extra = im.resampling.paired_comparison(
        y_true, pred_a, pred_b, measure="macro_f1", n_resamples=50, random_state=0
    )
    assert paired.estimate_a == with_extra.estimate_a
    assert (paired.distribution == 0).all()


@pytest.mark.parametrize(
    ("y_true", "pred_a", "pred_b"),
    [([0], [0], [1]), ([1, 1, 1], [1, 1, 1], [0, 0, 0])],
)
def test_paired_comparison_without_spread_has_no_p_value(y_true, pred_a, pred_b):
    # On one sample, or three where A is always right and B always wrong,
    # every resample gives the same difference: there is nothing to test
    # "no difference" against (a p-value of 1 / (B + 1) would be a claim).
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.warns(im.exceptions.UndefinedMeasureWarning, match="no spread"):
            result = im.resampling.paired_comparison(
                y_true, pred_a, pred_b, measure="accuracy", random_state=0
            )
    assert result.estimate_difference == 1.0
    assert math.isnan(result.p_value)
    assert result.fraction_a_better == 1.0


def test_paired_infinite_on_both_sides_is_undefined_not_a_numpy_warning():
    # informational_loss is inf for both classifiers here: inf - inf.
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.warns(im.exceptions.UndefinedMeasureWarning):
            result = im.resampling.paired_comparison(
                [0, 1, 1],
                [1, -1, -1],
                [1, 1, -1],
                measure="informational_loss",
                n_resamples=200,
                random_state=0,
            )
    assert result.estimate_a == result.estimate_b == np.inf
    assert math.isnan(result.estimate_difference)
    assert math.isnan(result.p_value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"labels": ["cat", "dog", "owl"], "reject_label": "no idea"},
        {"reject_label": np.nan},
        {"reject_label": np.nan, "sample_weight": np.linspace(0.5, 2.0, 8)},
    ],
)
def test_paired_estimates_alone_with_string_labels(kwargs):
    y_true = np.array(["cat", "dog", "dog", "cat", "cat", "dog", "cat", "dog"])
    pred_a = np.array(
        ["cat", "dog", np.nan, "cat", "dog", "dog", "cat", np.nan], object
    )
    pred_b = np.array(["owl", "dog", "dog", "cat", "cat", "owl", "dog", "dog"], object)
    if "labels" in kwargs:
        pred_a = np.where(pd.isna(pred_a), "no idea", pred_a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        for measure in ("ni2", "macro_f1", "nit", "triangle_mi"):
            result = im.resampling.paired_comparison(
                y_true, pred_a, pred_b, measure=measure, n_resamples=20, **kwargs
            )
            assert result.estimate_a == _alone(y_true, pred_a, **kwargs)[measure]
            assert result.estimate_b == _alone(y_true, pred_b, **kwargs)[measure]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t, a, b: (t, a, np.where(b == 2, 9, b)), "9"),
        (lambda t, a, b: (np.where(t == 1, -1, t), a, b), "reject"),
    ],
)
def test_paired_errors_are_those_of_one_classifier(change, message):
    y_true, pred_a, pred_b = change(*_example(n=60))
    with pytest.raises(ValueError, match=message):
        im.resampling.paired_comparison(
            y_true, pred_a, pred_b, labels=[0, 1, 2], n_resamples=10
        )


@pytest.mark.parametrize(
    ("y_true", "pred_a", "pred_b"),
    [
        # Extreme int64 labels never wrap in the joint codes.
        (
            np.array([-(2**63), 2**63 - 1, -(2**63), 0] * 3),
            np.array([-(2**63), 2**63 - 1, 0, 0] * 3),
            np.array([2**63 - 1, 2**63 - 1, -(2**63), 0] * 3),
        ),
        # int64 beyond 2**53 beside floats: a label only A predicts survives.
        (
            np.array([2**53 + 1, 2**53, 2**53 + 1, 2**53] * 3, dtype=np.int64),
            np.array([2**53 + 3, 2**53, 2**53 + 1, 2**53] * 3, dtype=np.int64),
            np.array([2.0**53, 2.0**53, 2.0**53, -1.0] * 3),
        ),
        (
            np.array([2**63 + 1, 2**63, 2**63 + 1, 2**63] * 3, dtype=np.uint64),
            np.array([2**63 + 5, 2**63, 2**63 + 1, 2**63] * 3, dtype=np.uint64),
            np.array([2**63, -1, 2**63, 2**63] * 3, dtype=object),
        ),
    ],
)
def test_paired_labels_of_any_integer_range(y_true, pred_a, pred_b):
    weights = np.tile([1.0, 2.0, 1.0, 1.0], 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        result = im.resampling.paired_comparison(
            y_true,
            pred_a,
            pred_b,
            measure="accuracy",
            sample_weight=weights,
            n_resamples=5,
            reject_label=-1 if pred_b.dtype != np.int64 else None,
        )
    for estimate, prediction in (
        (result.estimate_a, pred_a),
        (result.estimate_b, pred_b),
    ):
        right = sum(
            w
            for w, t, p in zip(
                weights, y_true.tolist(), prediction.tolist(), strict=True
            )
            if t == p
        )
        assert estimate == right / weights.sum()


def test_paired_string_and_number_predictions_are_refused():
    y_true = np.array(["1", "2", "1", "2"])
    with pytest.raises(ValueError, match="mix types"):
        im.resampling.paired_comparison(
            y_true, y_true, np.array([1, 2, 1, 2]), reject_label=None
        )


def _linear_quantile(values, level):
    """NumPy's linear quantile by hand, where a neighbour at infinity wins."""
    ranked = sorted(values)
    position = (len(ranked) - 1) * level
    below = math.floor(position)
    above = min(below + 1, len(ranked) - 1)
    a, b, fraction = ranked[below], ranked[above], position - below
    if fraction == 0 or a == b:
        return a
    if math.isinf(a) or math.isinf(b):
        return a if math.isinf(a) else b
    return a + (b - a) * fraction


def test_paired_bound_at_minus_infinity():
    # xi is infinite for B alone on some resamples: A - B is -inf there, and
    # the lower bound of the 50% interval falls among them.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        result = im.resampling.paired_comparison(
            [1, 1, 0],
            [-1, 0, 1],
            [1, 0, 1],
            measure="xi",
            n_resamples=100,
            confidence_level=0.5,
            random_state=0,
        )
    defined = result.distribution[~np.isnan(result.distribution)]
    assert np.isneginf(defined).any()
    assert np.isfinite(defined).any()
    assert result.low == _linear_quantile(defined.tolist(), 0.25) == -np.inf
    assert result.high == pytest.approx(_linear_quantile(defined.tolist(), 0.75))


@pytest.mark.parametrize("paired", [False, True])
def test_weighted_resamples_do_not_depend_on_the_order_of_the_samples(paired):
    # The same samples in another order are the same data: with the same seed
    # they give the same resamples.
    y_true, pred_a, pred_b = _example(n=60)
    weights = np.random.default_rng(3).choice([0.5, 1.0, 2.0, 4.0], size=60)
    order = np.random.default_rng(4).permutation(60)
    results = []
    for index in (np.arange(60), order):
        arguments = (y_true[index], pred_a[index])
        options = {"sample_weight": weights[index], "n_resamples": 50}
        if paired:
            results.append(
                im.resampling.paired_comparison(
                    *arguments, pred_b[index], random_state=0, **options
                ).distribution
            )
        else:
            results.append(
                im.resampling.bootstrap_measures_from_predictions(
                    *arguments, "ni2", random_state=0, **options
                )["ni2"].distribution
            )
    np.testing.assert_allclose(results[0], results[1], rtol=1e-12)
