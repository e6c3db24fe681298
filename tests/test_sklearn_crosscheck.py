"""Where a quantity coincides with scikit-learn's, the numbers must agree."""

import numpy as np
import pytest
from sklearn import metrics

import infometrics as im

AVERAGE_METHODS = {"ni5": "arithmetic", "ni6": "geometric", "ni8": "max", "ni9": "min"}


def random_labels(seed, n_classes, n_samples=300, noise=0.4, reject=False):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n_samples)
    low = -1 if reject else 0
    y_pred = np.where(
        rng.random(n_samples) < noise, rng.integers(low, n_classes, n_samples), y_true
    )
    return y_true, y_pred


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("n_classes", [2, 3, 7])
def test_mutual_information_group_matches_sklearn(seed, n_classes):
    y_true, y_pred = random_labels(seed, n_classes)
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label=None)
    values = im.all_measures(matrix)
    for name, method in AVERAGE_METHODS.items():
        expected = metrics.normalized_mutual_info_score(
            y_true, y_pred, average_method=method
        )
        assert values[name] == pytest.approx(expected, rel=1e-10, abs=1e-12), name
    # scikit-learn's homogeneity is I / H(labels_true), completeness I / H(pred).
    assert values["ni1"] == pytest.approx(
        metrics.homogeneity_score(y_true, y_pred), rel=1e-10
    )
    assert values["ni3"] == pytest.approx(
        metrics.completeness_score(y_true, y_pred), rel=1e-10
    )
    coverage = im.information_coverage(matrix)
    assert coverage.mutual_info * np.log(2) == pytest.approx(
        metrics.mutual_info_score(y_true, y_pred), rel=1e-10
    )


@pytest.mark.parametrize("seed", range(5))
def test_conventional_measures_match_sklearn(seed):
    y_true, y_pred = random_labels(seed, 4, reject=True)
    classes = [0, 1, 2, 3]
    measures = im.conventional_measures_score(y_true, y_pred)
    assert measures["kappa"] == pytest.approx(metrics.cohen_kappa_score(y_true, y_pred))
    assert measures["micro_f1"] == pytest.approx(
        metrics.f1_score(y_true, y_pred, labels=classes, average="micro")
    )
    assert measures["macro_f1"] == pytest.approx(
        metrics.f1_score(y_true, y_pred, labels=classes, average="macro")
    )
    assert measures["correct_rate"] == pytest.approx(
        metrics.accuracy_score(y_true, y_pred)
    )
    square = im.augmented_confusion_matrix(
        y_true, np.where(y_pred < 0, (y_true + 1) % 4, y_pred), reject_label=None
    )
    y_pred_no_reject = np.where(y_pred < 0, (y_true + 1) % 4, y_pred)
    assert im.conventional_measures(square)["balanced_error_rate"] == pytest.approx(
        1 - metrics.balanced_accuracy_score(y_true, y_pred_no_reject)
    )


@pytest.mark.parametrize("seed", range(3))
def test_binary_precision_recall_f1_match_sklearn(seed):
    y_true, y_pred = random_labels(seed, 2)
    measures = im.conventional_measures_score(y_true, y_pred, reject_label=None)
    assert measures["precision"] == pytest.approx(
        metrics.precision_score(y_true, y_pred)
    )
    assert measures["recall"] == pytest.approx(metrics.recall_score(y_true, y_pred))
    assert measures["f1"] == pytest.approx(metrics.f1_score(y_true, y_pred))


@pytest.mark.parametrize("seed", range(10))
def test_matrix_matches_sklearn_confusion_matrix(seed):
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(1, 8))
    y_true = rng.integers(0, n_classes, 200)
    y_pred = rng.integers(-1, n_classes, 200)
    weights = rng.random(200)
    classes = np.union1d(y_true, y_pred[y_pred >= 0])
    expected = metrics.confusion_matrix(
        y_true, y_pred, labels=[*classes, -1], sample_weight=weights
    )[:-1]
    got = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    np.testing.assert_allclose(got, expected)
    for convert in (str, lambda v: f"class-{v}"):
        as_text = np.array([convert(v) for v in y_true])
        pred_text = np.array([convert(v) for v in y_pred])
        got_text = im.augmented_confusion_matrix(
            as_text, pred_text, reject_label=convert(-1), sample_weight=weights
        )
        order = np.argsort([convert(v) for v in classes])
        np.testing.assert_allclose(got_text, expected[order][:, [*order, len(order)]])
