"""Chance-adjusted information measures and delete-one jackknife errors.

References: scikit-learn's ``adjusted_mutual_info_score`` (Vinh, Epps & Bailey
2010) for the adjustment; brute-force enumeration of permutations and a
delete-one loop over the labels for the rest.
"""

import itertools
import math

import numpy as np
import pytest
from measure_helpers import ADJUSTABLE
from measure_helpers import every_measure as _every_measure
from sklearn.metrics import adjusted_mutual_info_score

import infometrics as im
from infometrics.measures import adjusted_measures, jackknife_measures

AVERAGES = {"ni5": "arithmetic", "ni6": "geometric", "ni8": "max", "ni9": "min"}


def _labels(table):
    """Label vectors whose counts are ``table`` (the last column may be rejects)."""
    rows, columns = np.indices(table.shape)
    repeats = np.asarray(table).ravel()
    return np.repeat(rows.ravel(), repeats), np.repeat(columns.ravel(), repeats)


def _random_tables(rng, count, m, sparse):
    tables = rng.integers(0, 4 if sparse else 30, size=(count, m, m))
    if sparse:
        tables *= rng.random((count, m, m)) < 0.3
    # Keep tables where both label sets have at least two values (scikit-learn
    # returns 1 by convention when both have one; the NIs are then undefined).
    useful = [
        t
        for t in tables
        if np.count_nonzero(t.sum(1)) > 1 and np.count_nonzero(t.sum(0)) > 1
    ]
    return np.array(useful)


@pytest.mark.parametrize("sparse", [False, True])
def test_adjusted_matches_sklearn_adjusted_mutual_info(sparse):
    rng = np.random.default_rng(29 + sparse)
    for m in (2, 3, 5, 8):
        tables = _random_tables(rng, 150, m, sparse)
        adjusted = adjusted_measures(
            tables, list(AVERAGES), replace_undefined_by=np.nan
        )
        for k, table in enumerate(tables):
            y_true, y_pred = _labels(table)
            for name, method in AVERAGES.items():
                if np.isnan(adjusted[name][k]):
                    # Every permutation gives the same I (chance is exact);
                    # scikit-learn then divides by its epsilon.
                    assert np.unique(_labels(table)[0]).size <= 2
                    continue
                expected = adjusted_mutual_info_score(
                    y_true, y_pred, average_method=method
                )
                assert adjusted[name][k] == pytest.approx(expected, abs=1e-10)


def _all_permuted(table):
    """Every matrix of the label vectors with the outputs permuted (equally likely)."""
    y_true, y_pred = _labels(table)
    matrices = []
    for order in itertools.permutations(range(len(y_pred))):
        matrix = np.zeros(table.shape)
        np.add.at(matrix, (y_true, y_pred[list(order)]), 1)
        matrices.append(matrix)
    return np.array(matrices)


@pytest.mark.parametrize(
    "table",
    [
        [[2, 1, 1], [0, 2, 1]],
        [[1, 0, 1], [1, 1, 0], [0, 1, 2]],
        [[3, 0, 0], [1, 1, 2]],
        [[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 0]],
    ],
)
def test_expected_value_by_enumerating_all_permutations(table):
    """Affine in I given the margins, an adjusted measure averages exactly 0
    over all permutations of the outputs, reject column included."""
    table = np.array(table)
    permuted = _all_permuted(table)
    values = adjusted_measures(permuted, list(ADJUSTABLE))
    for name, value in values.items():
        assert math.fsum(value) / len(value) == pytest.approx(0.0, abs=1e-12), name


def test_exact_classification_scores_one():
    exact = np.array([[5, 0, 0, 0], [0, 3, 0, 0], [0, 0, 7, 0]])
    for value in adjusted_measures(exact, list(ADJUSTABLE)).values():
        assert value == pytest.approx(1.0, abs=1e-12)


def test_reject_column_counts_in_the_expectation():
    """The same square part with rejected samples added: NI2 is adjusted by
    its own expectation (first m columns), not by the square table's."""
    with_rejects = np.array([[8, 1, 3], [2, 6, 3]])
    value = adjusted_measures(with_rejects, "ni2")["ni2"]
    square = adjusted_measures(with_rejects[:, :2], "ni2")["ni2"]
    assert value != pytest.approx(square, abs=1e-6)
    # And the lower-is-better measures are oriented: 1 is best, 0 chance.
    assert adjusted_measures(with_rejects, "false_info_ratio")["false_info_ratio"] > 0


def test_large_matrix_expectation_is_finite_and_small():
    rng = np.random.default_rng(3)
    table = rng.multinomial(10**6, np.full(100 * 101, 1 / (100 * 101)))
    value = adjusted_measures(table.reshape(100, 101), "ni1")["ni1"]
    assert abs(value) < 0.01


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("ni12", "depends only on the margins"),
        ("ni21", "depends only on the margins"),
        ("triangle_dh", "depends only on the margins"),
        ("ni7", "not affine in I"),
        ("ema", "not affine in I"),
        ("kappa", "not a function of the mutual information"),
        ("no_such", "Unknown measure"),
    ],
)
def test_adjusted_refuses_measures_without_an_adjustment(name, message):
    with pytest.raises(ValueError, match=message):
        adjusted_measures([[3, 1, 0], [1, 3, 0]], name)


def test_adjusted_refuses_bad_input():
    with pytest.raises(ValueError, match="integer counts"):
        adjusted_measures([[3.5, 1, 0], [1, 3, 0]])
    with pytest.raises(ValueError, match="measures is empty"):
        adjusted_measures([[3, 1, 0], [1, 3, 0]], [])


def test_adjusted_single_true_class_is_undefined():
    with pytest.warns(im.exceptions.UndefinedMeasureWarning):
        value = adjusted_measures([[3, 1, 0], [0, 0, 0]], "ni2")["ni2"]
    assert np.isnan(value)
    assert adjusted_measures([[3, 1, 0], [0, 0, 0]], "ni2", replace_undefined_by=0.0)


# -- jackknife ------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_jackknife_equals_delete_one_loop_over_labels(seed):
    rng = np.random.default_rng(seed)
    m = 3
    y_true = rng.integers(0, m, 40)
    y_pred = np.where(rng.random(40) < 0.7, y_true, rng.integers(-1, m, 40))
    labels = np.arange(m)
    matrix = im.augmented_confusion_matrix(y_true, y_pred, labels=labels)
    result = jackknife_measures(matrix, replace_undefined_by=np.nan)
    n = len(y_true)
    deleted = [
        _every_measure(
            im.augmented_confusion_matrix(
                np.delete(y_true, i), np.delete(y_pred, i), labels=labels
            )
        )
        for i in range(n)
    ]
    full = _every_measure(matrix)
    assert set(result) == set(im.measures.MEASURES) - {
        name for name, spec in im.measures.MEASURES.items() if spec.binary_only
    }
    for name, estimate in result.items():
        theta = np.array([values[name] for values in deleted])
        mean = theta.mean()
        np.testing.assert_allclose(estimate.value, full[name], rtol=0, atol=1e-12)
        np.testing.assert_allclose(
            estimate.bias_corrected, n * full[name] - (n - 1) * mean, atol=1e-12
        )
        np.testing.assert_allclose(
            estimate.standard_error,
            np.sqrt((n - 1) / n * np.sum((theta - mean) ** 2)),
            atol=1e-12,
        )


def test_jackknife_of_a_stack_is_each_matrix_alone():
    stack = np.array([[[5, 1, 2], [0, 4, 1]], [[2, 2, 0], [1, 6, 3]]])
    together = jackknife_measures(stack, ["ni2", "kappa"])
    for k, matrix in enumerate(stack):
        alone = jackknife_measures(matrix, ["ni2", "kappa"])
        for name in alone:
            assert together[name].standard_error[k] == alone[name].standard_error
            assert together[name].bias_corrected[k] == alone[name].bias_corrected


def test_jackknife_refuses_bad_input():
    with pytest.raises(ValueError, match="integer counts"):
        jackknife_measures([[3.5, 1, 0], [1, 3, 0]])
    with pytest.raises(ValueError, match="measures is empty"):
        jackknife_measures([[3, 1, 0], [1, 3, 0]], [])
    with pytest.raises(ValueError, match="Unknown measure"):
        jackknife_measures([[3, 1, 0], [1, 3, 0]], "no_such")


def test_jackknife_of_one_sample_is_undefined():
    with pytest.warns(
        im.exceptions.UndefinedMeasureWarning, match="fewer than two samples"
    ):
        estimate = jackknife_measures([[1, 0, 0], [0, 0, 0]], "accuracy")["accuracy"]
    assert np.isnan(estimate.standard_error)


def _expected_information_mpmath(table):
    """``E[I]`` in bits at 30 digits: each cell's hypergeometric law walked
    from its mode by exact ratios, to 12 standard deviations each side (the
    rest holds less than 1e-30 of it)."""
    mpmath = pytest.importorskip("mpmath")
    mpmath.mp.dps = 30
    table = np.asarray(table)
    n = int(table.sum())
    total = mpmath.mpf(0)
    for a in table.sum(1).tolist():
        for b in table.sum(0).tolist():
            if a == 0 or b == 0:
                continue
            low, high = max(0, a + b - n), min(a, b)
            mode = min(max((a + 1) * (b + 1) // (n + 2), low), high)
            width = 12 * math.isqrt(a * b // n + 1) + 40
            log_p = (
                mpmath.loggamma(a + 1)
                + mpmath.loggamma(b + 1)
                + mpmath.loggamma(n - a + 1)
                + mpmath.loggamma(n - b + 1)
                - mpmath.loggamma(n + 1)
                - mpmath.loggamma(mode + 1)
                - mpmath.loggamma(a - mode + 1)
                - mpmath.loggamma(b - mode + 1)
                - mpmath.loggamma(n - a - b + mode + 1)
            )
            for direction in (1, -1):
                p = mpmath.exp(log_p)
                k = mode
                while low <= k <= high and abs(k - mode) <= width:
                    if k > 0 and (direction == 1 or k != mode):
                        total += p * k / n * mpmath.log(mpmath.mpf(n) * k / (a * b))
                    if direction == 1:
                        p *= mpmath.mpf((a - k) * (b - k)) / (
                            (k + 1) * (n - a - b + k + 1)
                        )
                    else:
                        p *= mpmath.mpf(k * (n - a - b + k)) / (
                            (a - k + 1) * (b - k + 1)
                        )
                    k += direction
    return total / mpmath.log(2)


def test_expected_information_of_large_counts_against_mpmath():
    """At n = 10**5 log-gamma differences lose ~1e-11 of each probability;
    the expectation must not. The table is nearly independent, so I is close
    to E[I] and the adjusted value shows E[I]'s own relative error."""
    table = np.array(
        [[30010, 4000, 900, 100], [5000, 25000, 2000, 3000], [100, 50, 29000, 850]]
    )
    table = np.outer(table.sum(1), table.sum(0)) // table.sum() + [[6, 0, 0, 0]]
    expected = _expected_information_mpmath(table)
    coverage = im.information_coverage(table)
    information, h_true = coverage.mutual_info, coverage.h_true
    reference = float((information - expected) / (h_true - expected))
    value = adjusted_measures(table, "ni1")["ni1"]
    assert abs(value) < 0.01
    assert value == pytest.approx(reference, rel=1e-11, abs=0)
