"""``zero_one_loss`` means what it means in scikit-learn; Holt's has its own name.

scikit-learn's ``zero_one_loss(y_true, y_pred)`` is the share of samples not
predicted correctly. With the reject label as a prediction, a rejection is not
a correct prediction, so it counts. Holt et al.'s expected 0-1 loss (the loss
matrix ``-δ_ij``) is ``-accuracy``: ``holt_zero_one_loss``.
"""

from fractions import Fraction

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import zero_one_loss as sklearn_zero_one_loss

import infometrics as im
from infometrics.measures import MEASURES, compute_measures


def random_labels(rng, n, n_classes, reject_share):
    y_true = rng.integers(0, n_classes, n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, n_classes, n))
    y_pred = np.where(rng.random(n) < reject_share, -1, y_pred)
    return y_true, y_pred


def loop_losses(y_true, y_pred, weights):
    """Exact fractions, one sample at a time."""
    total = sum(weights, Fraction(0))
    correct = sum(
        (w for t, p, w in zip(y_true, y_pred, weights, strict=True) if t == p),
        Fraction(0),
    )
    return 1 - correct / total, -correct / total


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("reject_share", [0.0, 0.2, 1.0])
def test_zero_one_loss_is_scikit_learns_and_holts_is_minus_accuracy(seed, reject_share):
    rng = np.random.default_rng(seed)
    n_classes = int(rng.integers(2, 6))
    y_true, y_pred = random_labels(rng, int(rng.integers(1, 80)), n_classes, 0)
    y_pred = np.where(rng.random(len(y_pred)) < reject_share, -1, y_pred)
    weights = rng.integers(0, 5, len(y_true))
    weights[0] = max(weights[0], 1)  # some weight
    for sample_weight in (None, weights):
        matrix = im.augmented_confusion_matrix(
            y_true, y_pred, sample_weight=sample_weight
        )
        values = im.conventional_measures(matrix, replace_undefined_by=np.nan)
        expected = sklearn_zero_one_loss(y_true, y_pred, sample_weight=sample_weight)
        assert values["zero_one_loss"] == pytest.approx(expected, abs=1e-15)
        exact_loss, exact_holt = loop_losses(
            y_true.tolist(),
            y_pred.tolist(),
            [1] * len(y_true) if sample_weight is None else sample_weight.tolist(),
        )
        assert values["zero_one_loss"] == pytest.approx(float(exact_loss), abs=1e-15)
        assert values["holt_zero_one_loss"] == pytest.approx(
            float(exact_holt), abs=1e-15
        )
        assert values["zero_one_loss"] == pytest.approx(
            values["error_rate"] + values["reject_rate"], abs=1e-15
        )


def test_a_tiny_loss_keeps_its_digits_and_is_never_negative_zero():
    # One error among 10**15 correct predictions: summed as misses, not 1 - CR.
    matrix = np.array([[1e15, 1.0, 0.0], [0.0, 1e15, 0.0]])
    value = compute_measures(matrix, ["zero_one_loss"])["zero_one_loss"]
    assert value == pytest.approx(1 / (2e15 + 1), rel=1e-12)
    perfect = compute_measures(np.diag([3.0, 4.0]), ["zero_one_loss"])
    assert np.copysign(1.0, perfect["zero_one_loss"]) == 1.0
    assert perfect["zero_one_loss"] == 0.0


def test_names_directions_and_ranges():
    assert MEASURES["zero_one_loss"].higher_is_better is False
    assert MEASURES["holt_zero_one_loss"].higher_is_better is False
    rng = np.random.default_rng(1)
    stack = rng.integers(0, 5, (200, 3, 4)).astype(float)
    stack[:, 0, 0] += 1  # never empty
    losses = compute_measures(stack, ["zero_one_loss", "holt_zero_one_loss"])
    assert ((losses["zero_one_loss"] >= 0) & (losses["zero_one_loss"] <= 1)).all()
    np.testing.assert_allclose(
        losses["zero_one_loss"], 1 + losses["holt_zero_one_loss"], atol=1e-15
    )


def test_the_scorer_of_zero_one_loss_is_scikit_learns_negated():
    X, y = load_iris(return_X_y=True)
    model = im.RejectOptionClassifier(LogisticRegression(C=0.05), threshold=0.7).fit(
        X, y
    )
    predictions = model.predict(X)
    assert (predictions == -1).any()
    score = im.make_ni_scorer("neg_zero_one_loss")(model, X, y)
    assert score == pytest.approx(-sklearn_zero_one_loss(y, predictions), abs=1e-15)
    assert repr(im.make_ni_scorer("neg_holt_zero_one_loss")) == (
        "make_ni_scorer('holt_zero_one_loss')"
    )
