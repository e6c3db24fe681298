"""Invariances every registered measure must have, driven by the registry.

Adding a measure to ``infometrics.measures.MEASURES`` adds it to every test
here (as scikit-learn's ``metrics/tests/test_common.py`` does).
"""

import numpy as np
import pytest
from measure_helpers import ADJUSTABLE
from sklearn.datasets import load_iris
from sklearn.tree import DecisionTreeClassifier

import infometrics as im
from infometrics.measures import MEASURES, compute_measures

ALL = list(MEASURES)
MULTICLASS = [name for name, spec in MEASURES.items() if not spec.binary_only]
# Measures not bounded by [0, 1]: ratios, losses (the quadratic and linear
# expected losses reach 2), kappa (down to -1) and the negated accuracy.
UNBOUNDED = {
    "false_info_ratio",
    "info_error",
    "informational_loss",
    "xi",
    "holt_zero_one_loss",
    "kappa",
    "quadratic_loss",
    "linear_loss",
}


def measure(matrix, name):
    return compute_measures(
        np.asarray(matrix, dtype=float), [name], replace_undefined_by=np.nan
    )[name]


@pytest.fixture(scope="module")
def sample():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 3, 150)
    y_pred = np.where(rng.random(150) < 0.7, y_true, rng.integers(-1, 3, 150))
    return y_true, y_pred, rng


@pytest.mark.parametrize("name", ALL)
def test_every_measure_has_a_description_and_a_direction(name):
    spec = MEASURES[name]
    assert spec.description
    assert isinstance(spec.higher_is_better, bool)
    assert spec.scorer_name == (name if spec.higher_is_better else f"neg_{name}")
    # The scorer name reads back as the measure (neg_ for lower-is-better).
    assert im.make_ni_scorer(spec.scorer_name).measure == name


@pytest.mark.parametrize("name", MULTICLASS)
def test_invariant_to_permuting_the_classes(name, sample):
    y_true, y_pred, _ = sample
    matrix = im.augmented_confusion_matrix(y_true, y_pred)
    order = [2, 0, 1]
    permuted = matrix[np.ix_(order, [*order, 3])]
    np.testing.assert_allclose(
        measure(permuted, name), measure(matrix, name), atol=1e-12
    )


@pytest.mark.parametrize("name", ALL)
def test_invariant_to_scaling_the_counts(name):
    matrix = np.array([[30, 4, 3], [5, 20, 2]])
    np.testing.assert_allclose(
        measure(matrix * 7.5, name), measure(matrix, name), rtol=1e-10
    )


@pytest.mark.parametrize("name", MULTICLASS)
def test_integer_weights_equal_repeated_samples(name, sample):
    y_true, y_pred, rng = sample
    repeats = rng.integers(0, 4, len(y_true))
    weighted = im.augmented_confusion_matrix(
        y_true, y_pred, sample_weight=repeats, labels=[0, 1, 2]
    )
    repeated = im.augmented_confusion_matrix(
        np.repeat(y_true, repeats), np.repeat(y_pred, repeats), labels=[0, 1, 2]
    )
    np.testing.assert_allclose(measure(weighted, name), measure(repeated, name))


@pytest.mark.parametrize("name", [n for n in MULTICLASS if n not in UNBOUNDED])
def test_bounded_measures_stay_in_the_unit_interval(name):
    rng = np.random.default_rng(1)
    stack = rng.integers(0, 6, size=(200, 3, 4)).astype(float)
    values = measure(stack, name)
    finite = values[np.isfinite(values)]
    assert np.all((finite >= 0) & (finite <= 1))


@pytest.mark.parametrize("name", ALL)
def test_the_scorer_returns_the_measure_greater_is_better(name):
    X, y = load_iris(return_X_y=True)
    y = (y > 0).astype(int) if MEASURES[name].binary_only else y
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y)
    matrix = im.augmented_confusion_matrix(y, model.predict(X), reject_label=None)
    expected = measure(matrix, name)
    scorer = im.make_ni_scorer(name, replace_undefined_by=np.nan)
    sign = 1 if MEASURES[name].higher_is_better else -1
    assert scorer(model, X, y) == pytest.approx(sign * expected)


@pytest.mark.parametrize("name", ALL)
def test_the_report_lists_every_measure(name):
    report = im.report.information_report(confusion_matrix=[[30, 4, 3], [5, 20, 2]])
    value = report.xs(name, level="measure")["value"].iloc[0]
    np.testing.assert_allclose(value, measure([[30, 4, 3], [5, 20, 2]], name))


def test_an_unknown_name_lists_every_measure_but_the_numbered_ni():
    """'ni1' ... 'ni24' are summarised; every other name (nit too) is listed."""
    with pytest.raises(ValueError, match="Unknown measure 'bogus'") as error:
        compute_measures([[5, 1, 0], [1, 5, 0]], ["bogus"])
    message = str(error.value)
    listed = {name for name in MEASURES if f"'{name}'" in message}
    numbered = {f"ni{k}" for k in range(1, 25)}
    assert listed == (set(MEASURES) - numbered) | {"ni1", "ni24"}
    assert "nit" in listed


def test_a_measure_named_twice_is_computed_once():
    # "ni2" and "NI2" are one measure: one value, not a crash of the stacking.
    counts = [[30, 10, 0], [10, 30, 5]]
    once = im.resampling.bootstrap_measures(
        counts, ["ni2"], n_resamples=50, random_state=0
    )
    twice = im.resampling.bootstrap_measures(
        counts, ["ni2", "NI2"], n_resamples=50, random_state=0
    )
    assert list(twice) == ["ni2"]
    assert twice["ni2"].estimate == once["ni2"].estimate
    assert np.array_equal(twice["ni2"].distribution, once["ni2"].distribution)
    values = compute_measures([counts, counts], ["ni2", "NI2", "neg_xi", "xi"])
    assert list(values) == ["ni2", "xi"]
    assert np.array_equal(values["ni2"], im.ni([counts, counts]))


def test_chance_adjustment_accepts_exactly_the_measures_affine_in_the_information():
    """Only a measure affine in I (or I_M) once the margins are fixed has its
    expectation under the permutation model at E[I] (Vinh, Epps & Bailey
    2010); every other registry measure is refused with a reason."""
    matrix = [[5, 1, 1], [2, 6, 0]]
    assert set(ADJUSTABLE) < set(MEASURES)
    assert set(im.measures.adjusted_measures(matrix, list(ADJUSTABLE))) == set(
        ADJUSTABLE
    )
    for name in set(MEASURES) - set(ADJUSTABLE):
        with pytest.raises(ValueError, match="cannot be adjusted for chance"):
            im.measures.adjusted_measures(matrix, [name])


def test_a_two_class_measure_of_a_larger_matrix_is_refused():
    binary_only = [name for name, spec in MEASURES.items() if spec.binary_only]
    assert binary_only
    for name in binary_only:
        with pytest.raises(ValueError, match="only defined for two classes"):
            compute_measures([[5, 1, 0, 0], [1, 5, 0, 0], [0, 1, 4, 0]], [name])
