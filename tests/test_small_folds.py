"""Chance-adjusted information measures and delete-one jackknife errors.

References: scikit-learn's ``adjusted_mutual_info_score`` (Vinh, Epps & Bailey
2010) for the adjustment; brute-force enumeration of permutations and a
delete-one loop over the labels for the rest.
"""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from measure_helpers import ADJUSTABLE
from measure_helpers import every_measure as _every_measure
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import adjusted_mutual_info_score
from sklearn.model_selection import (
    GridSearchCV,
    TunedThresholdClassifierCV,
    cross_validate,
)

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
    # Names go through the registry's one check: a number is no list of names.
    with pytest.raises(TypeError, match="measures must be a measure name or a list"):
        adjusted_measures([[3, 1, 0], [1, 3, 0]], 2)


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


def test_jackknife_of_a_sparse_matrix_in_a_stack_has_the_same_bits():
    """A sparse matrix stacked with a full one (whose cells it lacks), every
    measure: the same bits as alone."""
    rng = np.random.default_rng(7)
    sparse = rng.integers(0, 4, size=(6, 7)) * (rng.random((6, 7)) < 0.5)
    stack = np.stack([sparse, rng.integers(1, 4, size=(6, 7))])
    together = jackknife_measures(stack, replace_undefined_by=np.nan)
    alone = jackknife_measures(sparse, replace_undefined_by=np.nan)
    for name, estimate in alone.items():
        for field in ("value", "bias_corrected", "standard_error"):
            got = getattr(together[name], field)[0]
            np.testing.assert_array_equal(got, getattr(estimate, field), name)


def test_jackknife_refuses_bad_input():
    with pytest.raises(ValueError, match="integer counts"):
        jackknife_measures([[3.5, 1, 0], [1, 3, 0]])
    with pytest.raises(ValueError, match="measures is empty"):
        jackknife_measures([[3, 1, 0], [1, 3, 0]], [])
    with pytest.raises(ValueError, match="Unknown measure"):
        jackknife_measures([[3, 1, 0], [1, 3, 0]], "no_such")
    with pytest.raises(TypeError, match="measures must be a measure name or a list"):
        jackknife_measures([[3, 1, 0], [1, 3, 0]], 2)


def test_jackknife_of_one_sample_is_undefined():
    with pytest.warns(
        im.exceptions.UndefinedMeasureWarning, match="fewer than two samples"
    ):
        estimate = jackknife_measures([[1, 0, 0], [0, 0, 0]], "accuracy")["accuracy"]
    assert np.isnan(estimate.standard_error)


def _expected_information_mpmath(table):
    """``E[I]`` in bits at 30 digits: each cell's hypergeometric law walked
    from its mode by exact ratios, to 12 standard deviations and 40 values
    each side (the rest holds less than 1e-30 of it)."""
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
            variance = a * b * (n - a) * (n - b) // (n * n * (n - 1))
            width = 12 * math.isqrt(variance + 1) + 40
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


def _nearly_independent(rows, columns, extra):
    table = np.outer(rows, columns) // sum(rows)
    table[0, 0] += extra
    return table


BIG_TABLE = [[30010, 4000, 900, 100], [5000, 25000, 2000, 3000], [100, 50, 29000, 850]]


@pytest.mark.parametrize(
    "table",
    [
        # n = 10**5, means of 1,200 to 12,000 (series of orders 11 to 15):
        # log-gamma differences would lose ~1e-11 of each probability.
        _nearly_independent(np.sum(BIG_TABLE, 1), np.sum(BIG_TABLE, 0), 6),
        # Cells of mean 81 with margins under a tenth of n (nearly Poisson, the
        # slowest series), means of 650 to 6000, and a row of means near 4
        # (every value of a window).
        _nearly_independent([900, 900, 50, 8150], [900, 900, 900, 7300], 3),
        # Means of 80 to 77,000: the series from order 32 down to 7.
        _nearly_independent([2820, 2835, 10000, 84345], [2820, 2840, 3000, 91340], 5),
        # Nearly Poisson means of 44 to 80 at n = 10**5 and of 61 to 79 at
        # n = 10**6: the series' highest orders (43 to 32).
        _nearly_independent([1803, 2450, 2828, 92919], [1803, 2450, 2828, 92919], 4),
        _nearly_independent([2200, 2500, 2800, 92500], [2200, 2500, 2800, 92500], 4),
        _nearly_independent([7800, 8500, 8900, 974800], [7800, 8500, 8900, 974800], 9),
        # Means of 20 to 29: the support's bottom (P(X = 0) near exp(-mean))
        # would spoil the trapezoid rule, every value is summed.
        _nearly_independent([1400, 1600, 1700, 95300], [1400, 1600, 1700, 95300], 3),
        # Means of 32 to 39 below variance 40: every third value of a window.
        _nearly_independent([1700, 1900, 1980, 94420], [1700, 1900, 1980, 94420], 3),
        # Variances of 39.7 to 41, both sides of the switch to the series
        # (every fourth value below it).
        _nearly_independent([2030, 2050, 2070, 93850], [2030, 2050, 2070, 93850], 4),
        # The series at sampling fractions to 0.7, and with a + b > n (the
        # support starting above 0).
        _nearly_independent([300, 700], [400, 600], 3),
        _nearly_independent([1000, 3000], [1200, 2800], 4),
        # Twenty classes, every cell of mean 44.5 (variance 40.2): the series'
        # highest order, on every cell.
        _nearly_independent([890] * 20, [890] * 20, 2),
    ],
    ids=[
        *("n=1e5", "poisson-like", "orders-32-to-7", "means-44-to-80"),
        *("means-48-to-78", "n=1e6", "means-20-to-29", "every-3rd", "switch"),
        *("fractions", "overlap", "all-cells-mean-44.5"),
    ],
)
def test_expected_information_of_large_counts_against_mpmath(table):
    """E[I] read back from the adjusted NI1 ``(I - E) / (H(T) - E)``: the
    table is nearly independent, so the value is small and E[I] comes back
    to the last digits."""
    expected = float(_expected_information_mpmath(table))
    coverage = im.information_coverage(table)
    information, h_true = coverage.mutual_info, coverage.h_true
    value = adjusted_measures(table, "ni1")["ni1"]
    assert abs(value) < 0.01
    assert (information - value * h_true) / (1 - value) == pytest.approx(
        expected, rel=5e-15, abs=0
    )


# -- adjusted scorers ------------------------------------------------------------


class _Candidate(ClassifierMixin, BaseEstimator):
    """A fixed classifier: predicts the labels held in column ``column`` of X."""

    def __init__(self, column=0):
        self.column = column

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.asarray(X)[:, self.column].astype(int)


def _two_candidates():
    """Labels and two candidates' outputs on 30 samples: the first scatters
    its errors (plug-in NI2 0.089, adjusted 0.015), the second puts them in
    two columns (plug-in NI2 0.067, adjusted 0.034)."""
    first = np.array([[2, 1, 7], [0, 3, 7], [3, 1, 6]])
    second = np.array([[2, 0, 8], [5, 0, 5], [1, 0, 9]])
    y_true, first_pred = _labels(first)
    second_pred = np.concatenate(
        [np.repeat(np.arange(3), row) for row in second]
    )  # the same true labels, row by row
    X = np.column_stack([first_pred, second_pred])
    return X, y_true, [first, second]


def test_adjusted_and_plug_in_scorers_pick_different_candidates():
    X, y, matrices = _two_candidates()
    everything = [(np.arange(len(y)), np.arange(len(y)))]
    grid = {"column": [0, 1]}
    plug_in = GridSearchCV(_Candidate(), grid, scoring="ni2", cv=everything)
    adjusted = GridSearchCV(_Candidate(), grid, scoring="adjusted_ni2", cv=everything)
    assert plug_in.fit(X, y).best_params_ == {"column": 0}
    assert adjusted.fit(X, y).best_params_ == {"column": 1}
    expected = [adjusted_measures(matrix, "ni2")["ni2"] for matrix in matrices]
    np.testing.assert_allclose(
        adjusted.cv_results_["mean_test_score"], expected, rtol=0, atol=1e-15
    )
    scorer = im.make_ni_scorer("ni2", adjusted=True)
    assert repr(scorer) == "make_ni_scorer('ni2', adjusted=True)"
    assert scorer(adjusted.best_estimator_, X, y) == expected[1]


def test_adjusted_scorers_in_cross_validate_equal_the_fold_counts():
    X, y = load_iris(return_X_y=True)
    names = ["adjusted_ni2", "adjusted_ni5", "adjusted_false_info_ratio"]
    result = cross_validate(
        LogisticRegression(C=0.05),
        X,
        y,
        cv=5,
        scoring=names,
        return_estimator=True,
        return_indices=True,
    )
    for k, (model, test) in enumerate(
        zip(result["estimator"], result["indices"]["test"], strict=True)
    ):
        matrix = im.augmented_confusion_matrix(
            y[test], model.predict(X[test]), labels=model.classes_
        )
        for name in names:
            measure = name.removeprefix("adjusted_")
            expected = adjusted_measures(matrix, measure)[measure]
            # Higher is better for every adjusted measure: never negated.
            assert result[f"test_{name}"][k] == pytest.approx(expected, abs=1e-15)


def test_adjusted_scorer_tunes_a_threshold():
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:, :3]
    model = LogisticRegression(max_iter=5000).fit(X, y)
    tuned = TunedThresholdClassifierCV(
        model,
        scoring="adjusted_ni2",
        cv="prefit",
        refit=False,
        thresholds=20,
        store_cv_results=True,
    ).fit(X, y)
    best = np.argmax(tuned.cv_results_["scores"])
    threshold = tuned.cv_results_["thresholds"][best]
    y_pred = (model.predict_proba(X)[:, 1] >= threshold).astype(int)
    matrix = im.augmented_confusion_matrix(y, y_pred, labels=[0, 1])
    expected = adjusted_measures(matrix, "ni2")["ni2"]
    assert tuned.best_score_ == pytest.approx(expected, abs=1e-12)
    assert 0 < tuned.best_score_ < 1


def test_adjusted_scorer_refuses_what_it_cannot_adjust():
    with pytest.raises(ValueError, match="cannot be adjusted for chance"):
        im.make_ni_scorer("ni12", adjusted=True)
    with pytest.raises(ValueError, match="did you mean"):
        im.get_scorer("adjusted_ni7")
    X, y = load_iris(return_X_y=True)
    model = LogisticRegression(C=0.05).fit(X, y)
    weights = np.full(len(y), 0.5)
    with pytest.raises(ValueError, match="integer counts"):
        im.get_scorer("adjusted_ni2")(model, X, y, sample_weight=weights)


def test_jackknife_of_many_classes_equals_the_delete_one_formula():
    """40 classes: 1,640 delete-one matrices, evaluated in several blocks."""
    rng = np.random.default_rng(40)
    matrix = rng.integers(0, 3, (40, 41)) * (rng.random((40, 41)) < 0.2)
    matrix[np.arange(40), np.arange(40)] += 5
    estimate = jackknife_measures(matrix, "ni2")["ni2"]
    rows, columns = np.nonzero(matrix)
    lowered = np.repeat(matrix[None].astype(float), len(rows), axis=0)
    lowered[np.arange(len(rows)), rows, columns] -= 1
    theta = im.ni(lowered, "ni2")
    weights = matrix[rows, columns]
    n = matrix.sum()
    mean = np.sum(weights * theta) / n
    assert estimate.bias_corrected == pytest.approx(
        n * im.ni(matrix, "ni2") - (n - 1) * mean, abs=1e-12
    )
    assert estimate.standard_error == pytest.approx(
        np.sqrt((n - 1) / n * np.sum(weights * (theta - mean) ** 2)), abs=1e-12
    )


@pytest.mark.parametrize("function", [adjusted_measures, jackknife_measures])
@pytest.mark.parametrize(
    "matrix",
    [
        [[2.0**60, 1, 0], [1, 2.0**60, 0]],
        # Totals of 2**53 + 1: their float sums round to 2**53.
        [[2**52 + 1, 1, 0], [1, 2**52 - 2, 0]],
        np.array([[2**53, 0, 0], [0, 1, 0]], dtype=np.int64),
    ],
)
def test_more_samples_than_a_float_counts_exactly_are_refused(function, matrix):
    # n (theta - theta_bar) loses every digit beyond 2**53 samples.
    with pytest.raises(ValueError, match="2\\*\\*53 samples or more"):
        function(matrix, "ni2")


def _expected_information_read_back(table):
    """E[I] in bits from the adjusted NI1 ``(I - E) / (H(T) - E)``."""
    coverage = im.information_coverage(table)
    value = adjusted_measures(table, "ni1")["ni1"]
    return (coverage.mutual_info - value * coverage.h_true) / (1 - value)


def _skewed_rows():
    """Two rows over 100 columns: cells of mean about 96 and variance near 9.5
    (column totals of 970, 960 of them in the first row)."""
    table = np.zeros((100, 101), dtype=int)
    table[0, :100], table[1, :100] = 960, 10
    table[0, 0] += 30
    return table


@pytest.mark.parametrize(
    "table",
    # Cells of mean 96 to 9,600 and variance near 9.5 (a sampling fraction
    # near 1): every value of a window, alone or among many such cells
    # (every second value would be off by 1e-9).
    [[[989390, 9610, 0], [1000, 0, 0]], _skewed_rows()],
    ids=["skewed", "skewed-100-columns"],
)
def test_expected_information_of_skewed_cells_against_mpmath(table):
    expected = float(_expected_information_mpmath(table))
    assert _expected_information_read_back(table) == pytest.approx(
        expected, rel=5e-15, abs=0
    )


@pytest.mark.parametrize(
    "table",
    # Totals just below 2**53 with a + b > 2**53: the support's bottom,
    # a - (n - b), exact (a + b - n rounded and the window never ended).
    [
        [[4503599627370496, 4503599627370491, 0], [0, 3, 0]],
        [[5629499534213120, 1, 0], [2, 3, 0]],
    ],
)
def test_adjusted_measures_of_totals_near_2_to_the_53(table):
    expected = _expected_information_mpmath(table)
    coverage = im.information_coverage(table)
    information, h_true = coverage.mutual_info, coverage.h_true
    value = adjusted_measures(table, "ni1")["ni1"]
    assert value == pytest.approx(
        float((information - expected) / (h_true - expected)), rel=1e-14
    )


def test_a_matrix_in_a_stack_has_the_same_adjusted_value_as_alone():
    matrix = np.array([[989390, 9610, 0], [1000, 0, 0]])
    alone = adjusted_measures(matrix, ["ni1", "ni2"])
    stacked = adjusted_measures(np.stack([matrix] * 100), ["ni1", "ni2"])
    for name, value in alone.items():
        assert np.all(stacked[name] == value), name


# -- reports --------------------------------------------------------------------


def test_information_report_shows_adjusted_values_and_jackknife_errors():
    matrix = [[40, 5, 5], [5, 40, 5]]
    report = im.report.information_report(confusion_matrix=matrix)
    report = report.droplevel("family")
    assert list(report.columns[:3]) == ["value", "adjusted", "jackknife_se"]
    adjusted = adjusted_measures(matrix, ADJUSTABLE)
    estimates = jackknife_measures(matrix, replace_undefined_by=np.nan)
    for name in report.index:
        expected = adjusted.get(name, np.nan)
        np.testing.assert_equal(report.loc[name, "adjusted"], expected)
        np.testing.assert_equal(
            report.loc[name, "jackknife_se"], estimates[name].standard_error
        )
    # No chance adjustment for a measure of the margins or for kappa.
    assert np.isnan(report.loc["ni12", "adjusted"])
    assert np.isnan(report.loc["kappa", "adjusted"])
    assert report["adjusted"].notna().sum() == len(ADJUSTABLE)


def test_information_report_of_weights_leaves_the_sample_columns_empty():
    report = im.report.information_report(
        [0, 0, 1, 1, 1], [0, 1, 1, 1, -1], sample_weight=[0.5, 1, 2, 1, 1]
    )
    assert report["value"].notna().any()
    assert report["adjusted"].isna().all()
    assert report["jackknife_se"].isna().all()


def test_html_report_shows_the_adjusted_value_and_jackknife_error():
    matrix = [[40, 5, 5], [5, 40, 5]]
    page = im.report.html_report(confusion_matrix=matrix, figures=False)
    adjusted = adjusted_measures(matrix, "ni2")["ni2"]
    error = jackknife_measures(matrix, "ni2")["ni2"].standard_error
    head = page[page.index('<table class="measures">') :].split("</thead>")[0]
    assert "adjusted</th>" in head
    assert "jackknife" in head
    row = page[page.index("<th>ni2</th>") :].split("</tr>")[0]
    assert f">{adjusted:.4f}</td>" in row
    assert f">{error:.4f}</td>" in row


def test_command_line_report_holds_the_columns_or_says_where_they_are(tmp_path):
    import os
    import subprocess
    import sys

    path = tmp_path / "matrix.csv"
    path.write_text("40,5,5\n5,40,5\n")
    environment = {**os.environ, "COLUMNS": "80"}
    text = subprocess.run(
        [sys.executable, "-m", "infometrics", "report", str(path)],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    ).stdout
    assert text.splitlines()[-1].startswith("(adjusted, jackknife_se:")
    assert max(map(len, text.splitlines())) <= 80
    csv = subprocess.run(
        [sys.executable, "-m", "infometrics", "report", str(path), "--format", "csv"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert csv.splitlines()[0].startswith("family,measure,value,adjusted,jackknife_se")


def test_jackknife_of_a_million_samples_within_its_documented_rounding():
    """The accuracy is linear in the counts, so its jackknife correction is
    the accuracy itself and its error sqrt(p (1 - p) / (n - 1)) (exact
    fractions); the rounding grows like n 1e-16, as documented."""
    matrix = np.array([[4e5, 1e5 + 3, 3e4], [1e5, 3e5 + 1, 7e4]])
    estimate = jackknife_measures(matrix, "accuracy")["accuracy"]
    n, correct = int(matrix.sum()), int(matrix[0, 0] + matrix[1, 1])
    p = Fraction(correct, n)
    assert estimate.bias_corrected == pytest.approx(float(p), abs=1e-9, rel=0)
    variance = p * (1 - p) / (n - 1)
    assert estimate.standard_error == pytest.approx(math.sqrt(variance), rel=1e-9)
