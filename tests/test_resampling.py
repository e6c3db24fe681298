"""Resampling at the level of the counts is the sample bootstrap, exactly."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics._counting.labels import encode_labels
from infometrics._measures.registry import compute_measures
from infometrics._resampling import bootstrap as bootstrap_module
from infometrics._resampling import intervals as intervals_module
from infometrics._resampling import resamplers as resamplers_module

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
        results.append(
            np.asarray(
                compute_measures(stack, [measure], replace_undefined_by=np.nan)[
                    measure
                ],
                dtype=float,
            )
        )
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
    drawn = im.bootstrap_measures_score(
        y_true, pred_a, "ni2", n_resamples=B, random_state=1
    )["ni2"].distribution
    (reference,) = _sample_bootstrap(y_true, [pred_a], None, B, 2, "ni2")
    _assert_same_distribution(drawn, reference)
    from_matrix = im.bootstrap_measures(
        im.augmented_confusion_matrix(y_true, pred_a), "ni2", n_resamples=B
    )["ni2"].distribution
    _assert_same_distribution(from_matrix, reference)


@pytest.mark.parametrize("distinct_weights", [3, None])
def test_weighted_bootstrap_is_distributed_as_the_sample_bootstrap(distinct_weights):
    # Three distinct weights: multinomial over (cell, weight) groups; every
    # weight distinct: sample indices are drawn.
    y_true, pred_a, _ = _example()
    rng = np.random.default_rng(5)
    weights = (
        rng.integers(1, 1 + distinct_weights, y_true.size).astype(float)
        if distinct_weights
        else rng.random(y_true.size) + 0.5
    )
    drawn = im.bootstrap_measures_score(
        y_true, pred_a, "ni2", sample_weight=weights, n_resamples=B, random_state=1
    )["ni2"].distribution
    (reference,) = _sample_bootstrap(y_true, [pred_a], weights, B, 2, "ni2")
    _assert_same_distribution(drawn, reference)


def test_weighted_resampler_choice():
    cells = np.repeat(np.arange(4), 50)
    few = resamplers_module._resampler(cells, [cells], 4, np.tile([1.0, 2.0], 100))
    assert isinstance(few, resamplers_module._GroupResampler)
    assert np.count_nonzero(few.group_counts) == 8
    many = resamplers_module._resampler(cells, [cells], 4, np.linspace(1, 2, 200))
    assert isinstance(many, resamplers_module._SampleResampler)


@pytest.mark.parametrize("weighted", [False, True])
def test_paired_resamples_are_distributed_as_paired_sample_resamples(weighted):
    y_true, pred_a, pred_b = _example()
    weights = (
        np.random.default_rng(5).integers(1, 3, y_true.size).astype(float)
        if weighted
        else None
    )
    drawn = im.paired_comparison(
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


def test_resampled_totals_and_weighted_cells_are_exact():
    y_true, pred_a, _ = _example(n=60)
    matrix = im.augmented_confusion_matrix(y_true, pred_a)
    resampler = resamplers_module._GroupResampler(matrix.ravel(), [lambda v: v])
    (stack,) = resampler.draw(200, np.random.default_rng(0))
    np.testing.assert_array_equal(stack.sum(axis=1), 60)
    # Cells empty in the data stay empty.
    assert not stack[:, matrix.ravel() == 0].any()
    # With weights 1 and 10 a cell total is i + 10 j for counts i, j of the
    # cell's two groups: never more than the resampled weight allows.
    weights = np.where(np.arange(60) % 2, 1.0, 10.0)
    cells = encode_labels(y_true, np.array([0, 1, 2])) * matrix.shape[
        1
    ] + encode_labels(pred_a, np.array([0, 1, 2]), name="y_pred", reject_label=-1)
    weighted = resamplers_module._resampler(cells, [cells], matrix.size, weights)
    (stack,) = weighted.draw(200, np.random.default_rng(0))
    assert np.all(stack.sum(axis=1) >= 60)
    assert np.all(stack.sum(axis=1) <= 600)
    np.testing.assert_allclose(
        stack.mean(axis=0),
        np.bincount(cells, weights=weights, minlength=matrix.size),
        rtol=0.25,
        atol=3,
    )


@pytest.mark.parametrize("weights", [None, "few", "many"])
def test_seeded_and_independent_of_the_block_size(monkeypatch, weights):
    y_true, pred_a, pred_b = _example(n=90)
    rng = np.random.default_rng(0)
    sample_weight = {
        None: None,
        "few": rng.integers(1, 3, 90).astype(float),
        "many": rng.random(90) + 0.1,
    }[weights]

    def run(seed):
        single = im.bootstrap_measures_score(
            y_true,
            pred_a,
            "ni2",
            sample_weight=sample_weight,
            n_resamples=40,
            random_state=seed,
        )["ni2"].distribution
        paired = im.paired_comparison(
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
    # Blocks of resamples continue one random stream: the same resamples.
    monkeypatch.setattr(bootstrap_module, "_BLOCK_ENTRIES", 50)
    small_blocks = run(7)
    np.testing.assert_array_equal(first[0], small_blocks[0])
    np.testing.assert_array_equal(first[1], small_blocks[1])


def test_paired_p_value_is_small_for_a_clear_difference():
    y_true = np.repeat([0, 1, 2], 100)
    rejects = y_true.copy()
    rejects[::10] = -1
    errs = y_true.copy()
    errs[::10] = (errs[::10] + 1) % 3
    result = im.paired_comparison(
        y_true, rejects, errs, n_resamples=999, random_state=0
    )
    assert result.p_value == pytest.approx(1 / 1000)
    assert result.fraction_a_better == 1.0
    assert result.estimate_difference == pytest.approx(
        result.estimate_a - result.estimate_b
    )
    assert 0 < result.low <= result.estimate_difference <= result.high
    # Either direction: the test is two-sided.
    swapped = im.paired_comparison(
        y_true, errs, rejects, n_resamples=999, random_state=0
    )
    assert swapped.p_value == pytest.approx(1 / 1000)
    assert swapped.fraction_a_better == 0.0


def test_paired_p_value_is_one_for_no_difference_by_construction():
    y_true, pred_a, _ = _example()
    same = im.paired_comparison(y_true, pred_a, pred_a, n_resamples=200, random_state=0)
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
    mirror = im.paired_comparison(
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
            im.paired_comparison(
                y_true, pred_a, pred_b, n_resamples=200, random_state=seed
            ).p_value
        )
    assert np.median(p_values) > 0.2
    assert min(p_values) > 0.001


def test_deprecated_field_aliases_warn():
    # 40 samples: no resample loses a class (4 samples would, with a warning).
    result = im.paired_comparison(
        np.tile([0, 1, 1, 0], 10),
        np.tile([0, 1, 0, 0], 10),
        np.tile([0, 0, 1, 0], 10),
        n_resamples=20,
        random_state=0,
    )
    with pytest.warns(FutureWarning, match="fraction_a_better"):
        assert result.prob_a_better == result.fraction_a_better
    with pytest.warns(FutureWarning, match="distribution"):
        assert result.difference is result.distribution
    assert "A better in" in repr(result)


def test_a_bare_string_is_one_measure_name():
    matrix = [[74, 6, 10], [0, 9, 1]]
    result = im.bootstrap_measures(matrix, "ni2", n_resamples=20, random_state=0)
    assert list(result) == ["ni2"]
    result = im.bootstrap_measures_score(
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
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], n_resamples=True),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], n_resamples=10.0),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], confidence_level="0.95"),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.bootstrap_measures_score([0, 1], [0, 1], confidence_level=None),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.paired_comparison([0, 1], [0, 1], [1, 0], confidence_level=True),
            TypeError,
            "must be a number",
        ),
        (
            lambda: im.paired_comparison([0, 1], [0, 1], [1, 0], n_resamples=False),
            ValueError,
            "positive integer",
        ),
        (
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], []),
            ValueError,
            "measures is empty",
        ),
        (
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], 5),
            TypeError,
            "measure name or a list",
        ),
        (
            lambda: im.bootstrap_measures([[3, 1], [1, 3]], verbose=-1),
            ValueError,
            "verbose",
        ),
        (
            lambda: im.paired_comparison([0, 1, 1], [0, 1], [1, 0, 1]),
            ValueError,
            "same length",
        ),
        (
            lambda: im.paired_comparison([[0, 1]], [[0, 1]], [[1, 0]]),
            ValueError,
            "1-d",
        ),
        (
            lambda: im.paired_comparison([0, 1], [0, 2], [1, 0], labels=[0, 1]),
            ValueError,
            "not in labels",
        ),
        (
            lambda: im.paired_comparison([0, -1], [0, 1], [1, 0]),
            ValueError,
            "reject label",
        ),
    ],
)
def test_resampling_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_verbose_reports_progress(capsys):
    y_true, pred_a, pred_b = _example(n=60)
    im.bootstrap_measures_score(y_true, pred_a, n_resamples=10)
    assert capsys.readouterr().out == ""
    im.bootstrap_measures_score(y_true, pred_a, n_resamples=10, verbose=1)
    out = capsys.readouterr().out
    assert "[bootstrap_measures_score] 10 resamples, multinomial over" in out
    assert "done" in out
    im.paired_comparison(y_true, pred_a, pred_b, n_resamples=10, verbose=2)
    out = capsys.readouterr().out
    assert "resamples 10/10 evaluated" in out
    im.bootstrap_measures([[5, 1], [2, 4]], n_resamples=10, verbose=True)
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


@pytest.mark.parametrize("seed", range(40))
def test_percentiles_rank_infinite_resamples(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 60))
    values = rng.normal(size=n)
    kinds = rng.random(n)
    share = rng.random() * 0.3
    values[kinds < share] = np.inf
    values[kinds > 1 - share * rng.random()] = -np.inf
    confidence = float(rng.choice([0.5, 0.9, 0.95]))
    alpha = (1 - confidence) / 2
    expected = [_linear_quantile(values.tolist(), q) for q in (alpha, 1 - alpha)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = intervals_module._percentiles(values, confidence, name="m", stacklevel=2)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-15)
    # A NaN bound (between -inf and inf) always says why.
    assert bool(caught) == bool(np.isnan(got).any())
    if np.isfinite(values).all():
        np.testing.assert_array_equal(got, np.quantile(values, [alpha, 1 - alpha]))


def test_an_interval_never_drops_infinite_resamples():
    # xi is inf when a resample has no information but errors: here whenever
    # the one (0, 1) sample is not drawn, about (25/26)**26 = 36% of resamples.
    matrix = [[20, 1, 0], [5, 0, 0]]
    result = im.bootstrap_measures(matrix, "xi", n_resamples=400, random_state=0)
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
    labelled = im.bootstrap_measures_score(
        y_true, y_pred, "xi", n_resamples=400, random_state=0
    )["xi"]
    assert labelled.high == np.inf
    with warnings.catch_warnings():
        # xi(B) is 0/0 on a resample with one true class (warned, not tested).
        warnings.simplefilter("ignore", im.UndefinedMeasureWarning)
        paired = im.paired_comparison(
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
    with pytest.warns(im.UndefinedMeasureWarning, match=r"undefined \(NaN\) on \d+ "):
        result = im.bootstrap_measures_score(
            y_true, y_pred, "ni2", n_resamples=300, random_state=0
        )["ni2"]
    undefined = np.isnan(result.distribution)
    # (30/32)**32 = 13% of resamples draw no sample of class 1: more than 5%.
    assert 0.05 < undefined.mean() < 0.25
    assert np.isnan(result.low)
    assert np.isnan(result.high)
    # Fewer undefined resamples than the share left out: bounds over the rest.
    y_true = np.array([0] * 60 + [1] * 5)
    with pytest.warns(im.UndefinedMeasureWarning, match="resamples where it is"):
        result = im.bootstrap_measures_score(
            y_true, y_true, "ni2", n_resamples=300, random_state=0
        )["ni2"]
    defined = result.distribution[~np.isnan(result.distribution)]
    assert 0 < defined.size < 300
    np.testing.assert_array_equal(
        [result.low, result.high], np.quantile(defined, [0.025, 0.975])
    )
    with pytest.warns(im.UndefinedMeasureWarning, match="every resample"):
        result = im.bootstrap_measures([[5, 0]], "ni2", n_resamples=10)["ni2"]
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
    with_marker = im.bootstrap_measures_score(
        y_true,
        missing_a,
        "ni2",
        reject_label=marker,
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )["ni2"]
    numeric = im.bootstrap_measures_score(
        y_true,
        pred_a,
        "ni2",
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )["ni2"]
    np.testing.assert_array_equal(with_marker.distribution, numeric.distribution)
    assert with_marker.estimate == numeric.estimate
    paired = im.paired_comparison(
        y_true,
        missing_a,
        missing_b,
        reject_label=marker,
        sample_weight=sample_weight,
        n_resamples=50,
        random_state=0,
    )
    expected = im.paired_comparison(
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
        im.bootstrap_measures(matrix, "ni2", n_resamples=10)


def test_counts_near_the_int64_limit_are_resampled_exactly():
    matrix = np.array([[2**62, 3, 0], [2**61, 2**61 - 5, 1]], dtype=np.int64)
    result = im.bootstrap_measures(matrix, "ni2", n_resamples=20, random_state=0)
    assert np.isfinite(result["ni2"].distribution).all()
    draws = bootstrap_module._GroupResampler(
        bootstrap_module._sample_counts(matrix, matrix.astype(float)), [lambda v: v]
    ).draw(20, np.random.default_rng(0))[0]
    # Every resample holds the matrix's samples exactly (an int64 sum).
    assert {sum(row) for row in draws.tolist()} == {2**63 - 1}


def test_counts_must_be_whole_numbers_up_to_rounding_noise():
    with pytest.raises(ValueError, match="integer counts"):
        im.bootstrap_measures([[100000.5, 3, 1], [2, 50, 0]], n_resamples=10)
    noisy = np.array([[sum([0.1] * 30), 7, 1], [2, 5, 0]])  # 2.9999999999999996
    assert noisy[0, 0] != 3
    result = im.bootstrap_measures(noisy, n_resamples=20, random_state=0)
    exact = im.bootstrap_measures(
        [[3, 7, 1], [2, 5, 0]], n_resamples=20, random_state=0
    )
    np.testing.assert_array_equal(result["ni2"].distribution, exact["ni2"].distribution)


def test_tiny_fractional_counts_are_refused_as_non_integer():
    # Weights x 1e-100: every count rounds to 0, but none is a whole number
    # of samples; the matrix is not "empty" and numpy must not see it.
    tiny = np.array([[3.0, 1.0, 0.0], [1.0, 2.0, 1.0]]) * 1e-100
    with pytest.raises(ValueError, match="integer counts"):
        im.bootstrap_measures(tiny, n_resamples=10)
