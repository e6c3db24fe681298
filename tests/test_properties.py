"""Invariants over random count matrices (hypothesis)."""

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import infometrics as im

NI_NAMES = list(im.measures.NI_MEASURES)


@st.composite
def count_matrices(draw, min_classes=1, max_classes=5, reject=None):
    n_classes = draw(st.integers(min_classes, max_classes))
    with_reject = draw(st.booleans()) if reject is None else reject
    shape = (n_classes, n_classes + 1 if with_reject else n_classes)
    # Mostly small counts so that zero rows and columns are common.
    counts = draw(arrays(np.int64, shape, elements=st.integers(0, 30)))
    return counts


def quietly(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
        return function(*args, **kwargs)


@given(count_matrices())
def test_every_measure_in_unit_interval_or_undefined_with_warning(counts):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        values = im.all_measures(counts)
    warned = {
        str(w.message).split(" ")[0].lower()
        for w in caught
        if issubclass(w.category, im.exceptions.UndefinedMeasureWarning)
    }
    for name, value in values.items():
        if np.isnan(value):
            assert name in warned
        else:
            assert 0.0 <= value <= 1.0
            assert name not in warned
            assert not (value == 0 and np.signbit(value))


def permute(counts, order):
    columns = list(order) + (
        [counts.shape[1] - 1] if counts.shape[1] > counts.shape[0] else []
    )
    return counts[np.ix_(order, columns)]


@given(count_matrices(min_classes=2), st.randoms())
def test_invariant_to_permuting_classes(counts, random):
    order = list(range(counts.shape[0]))
    random.shuffle(order)
    original = quietly(im.all_measures, counts)
    permuted = quietly(im.all_measures, permute(counts, order))
    for name in NI_NAMES:
        np.testing.assert_allclose(permuted[name], original[name], atol=1e-12)
    coverage = quietly(im.information_coverage, counts)
    coverage_permuted = quietly(im.information_coverage, permute(counts, order))
    np.testing.assert_allclose(
        coverage_permuted.output_entropy_per_true_class,
        coverage.output_entropy_per_true_class[order],
    )


@given(count_matrices(), st.floats(0.01, 1000))
def test_invariant_to_scaling_counts(counts, scale):
    original = quietly(im.all_measures, counts)
    scaled = quietly(im.all_measures, counts * scale)
    for name in NI_NAMES:
        np.testing.assert_allclose(scaled[name], original[name], rtol=1e-9, atol=1e-9)


@given(count_matrices(min_classes=2))
def test_balance_equation_and_triangle_sum(counts):
    if counts.sum() == 0:
        return
    triangle = quietly(im.entropy_triangle, counts)
    total = triangle.delta_h + triangle.mutual_info + triangle.variation_info
    assert total == pytest.approx(1.0, abs=1e-9)
    for point in (triangle.x, triangle.y):
        total = point.delta_h + point.mutual_info + point.variation_info
        assert total == pytest.approx(1.0, abs=1e-9)
    # The unnormalised balance equation H_U = ΔH + 2 MI + VI.
    coverage = im.information_coverage(counts, replace_undefined_by=0.0)
    n_x, n_y = counts.shape
    h_uniform = np.log2(n_x) + np.log2(n_y)
    delta_h = h_uniform - coverage.h_true - coverage.h_output
    variation = coverage.h_true_given_output + coverage.h_output_given_true
    assert delta_h + 2 * coverage.mutual_info + variation == pytest.approx(h_uniform)


@given(count_matrices(min_classes=2))
def test_total_erroneous_information_is_one_minus_f_plus_r(counts):
    coverage = im.information_coverage(counts, replace_undefined_by=np.nan)
    if np.isnan(coverage.completeness):
        return
    expected = 1 - coverage.completeness + coverage.false_info_ratio
    assert coverage.info_error == pytest.approx(expected, abs=1e-9)


@settings(max_examples=50)
@given(st.integers(1, 4), st.integers(1, 6), st.booleans(), st.integers(0, 2**32 - 1))
def test_a_stack_gives_the_numbers_of_one_at_a_time(n_classes, depth, reject, seed):
    rng = np.random.default_rng(seed)
    shape = (depth, 2, n_classes, n_classes + reject)
    stack = rng.integers(0, 5, shape)
    stacked = quietly(im.all_measures, stack)
    stacked_coverage = quietly(im.information_coverage, stack)
    stacked_triangle = quietly(im.entropy_triangle, stack)
    stacked_conventional = quietly(im.conventional_measures, stack)
    for index in np.ndindex(shape[:2]):
        single = quietly(im.all_measures, stack[index])
        for name in NI_NAMES:
            np.testing.assert_allclose(stacked[name][index], single[name])
        coverage = quietly(im.information_coverage, stack[index])
        np.testing.assert_allclose(
            stacked_coverage.false_info_ratio[index], coverage.false_info_ratio
        )
        np.testing.assert_allclose(
            stacked_coverage.true_entropy_per_output[index],
            coverage.true_entropy_per_output,
        )
        triangle = quietly(im.entropy_triangle, stack[index])
        np.testing.assert_allclose(
            stacked_triangle.y.delta_h[index], triangle.y.delta_h
        )
        conventional = quietly(im.conventional_measures, stack[index])
        for name, value in conventional.items():
            np.testing.assert_allclose(stacked_conventional[name][index], value)


@given(count_matrices(min_classes=2))
def test_fano_lower_bound_never_exceeds_observed_error(counts):
    if counts.sum() == 0:
        return
    bounds = im.measures.error_bounds(counts)
    observed_error = 1 - np.trace(counts[:, : counts.shape[0]]) / counts.sum()
    assert bounds.lower <= observed_error + 1e-12


@given(count_matrices(min_classes=2, reject=False))
def test_hellman_raviv_bounds_the_map_decision_error(counts):
    """Deciding each column by its majority row is the Bayes rule of T given Y."""
    if counts.sum() == 0:
        return
    map_error = 1 - counts.max(axis=0).sum() / counts.sum()
    bounds = im.measures.error_bounds(counts)
    assert bounds.lower <= map_error + 1e-12
    assert map_error <= bounds.upper + 1e-12


@given(count_matrices(min_classes=2))
def test_rates_sum_to_one_and_conventional_ranges(counts):
    if counts.sum() == 0:
        return
    measures = im.conventional_measures(counts, replace_undefined_by=np.nan)
    total = measures["correct_rate"] + measures["error_rate"] + measures["reject_rate"]
    assert total == pytest.approx(1.0)
    for name in (
        "tpr",
        "fpr",
        "ppv",
        "npv",
        "rand_index",
        "f_score",
        "micro_f1",
        "macro_f1",
        "balanced_error_rate",
        "combined_error_rate",
    ):
        assert 0.0 <= measures[name] <= 1.0, name


@given(count_matrices(min_classes=2, max_classes=4))
def test_sensitivity_predicts_the_sign_of_a_small_move(counts):
    """Hu & Wang eqs. 27-30 approximate the change of I for a one-sample move."""
    counts = counts * 200 + 100  # large counts: the first-order term dominates
    _n_classes, n_columns = counts.shape
    moved = counts.copy()
    moved[0, 0] -= 1
    moved[0, n_columns - 1] += 1
    before = im.information_coverage(counts).mutual_info
    after = im.information_coverage(moved).mutual_info
    predicted = im.measures.mutual_info_sensitivity(counts, 0, 0, n_columns - 1)
    # What is left is the second-order term, about 1 / (n * smallest count
    # involved) bits; at independence it is all there is.
    remainder_scale = 1.0 / (counts.sum() * counts[:, [0, n_columns - 1]].min())
    assert after - before == pytest.approx(predicted, abs=2.0 * remainder_scale)
