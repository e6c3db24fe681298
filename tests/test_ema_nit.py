"""EMA and NIT (Valverde-Albacete & Peláez-Moreno 2014) by definition."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.model_selection import cross_val_score
from sklearn.tree import DecisionTreeClassifier

import infometrics as im


def _entropies(matrix):
    """H(T|Y) and I(T;Y) in bits from the definitions, by loops."""
    total = Fraction(sum(sum(row) for row in matrix))
    joint = [[Fraction(c) / total for c in row] for row in matrix]
    rows = [sum(row) for row in joint]
    columns = [sum(row[j] for row in joint) for j in range(len(joint[0]))]
    h_true_given_output = 0.0
    information = 0.0
    for i, row in enumerate(joint):
        for j, p in enumerate(row):
            if p:
                h_true_given_output -= float(p) * math.log2(p / columns[j])
                information += float(p) * math.log2(p / (rows[i] * columns[j]))
    return h_true_given_output, information


MATRICES = [
    [[15, 0, 5], [0, 15, 5], [0, 0, 20]],
    [[90, 0, 0], [1, 9, 0]],
    [[0, 0, 5], [0, 0, 5], [0, 0, 50]],
    [[10, 0], [0, 30]],
    [[3, 4, 1, 0], [2, 2, 2, 2], [0, 1, 5, 7]],
    [[6, 1]],
]


@pytest.mark.parametrize("matrix", MATRICES)
def test_ema_and_nit_follow_their_definitions(matrix):
    h_true_given_output, information = _entropies(matrix)
    # A one-row matrix has no marginal triangle point (nan); EMA and NIT exist.
    triangle = im.entropy_triangle(matrix, replace_undefined_by=np.nan)
    n_classes = len(matrix)
    assert triangle.ema == pytest.approx(2 ** (-h_true_given_output), rel=1e-12)
    assert triangle.nit == pytest.approx(2**information / n_classes, rel=1e-12)
    assert 0 < triangle.ema <= 1
    assert 0 < triangle.nit <= 1


def test_perfect_balanced_classifier_scores_one_and_uninformative_scores_the_floor():
    perfect = im.entropy_triangle([[10, 0, 0], [0, 10, 0], [0, 0, 10]])
    assert perfect.ema == 1.0
    assert perfect.nit == 1.0
    uniform = im.entropy_triangle(np.full((4, 4), 5))
    assert uniform.ema == pytest.approx(0.25)  # 2^-log2(4): one guess in four
    assert uniform.nit == pytest.approx(0.25)  # 2^0 / 4


def test_ema_and_nit_are_registry_measures_and_scoring_names():
    for name in ("ema", "nit"):
        assert im.measures.MEASURES[name].higher_is_better
        assert name in im.get_scorer_names()
    X, y = load_iris(return_X_y=True)
    scores = cross_val_score(
        DecisionTreeClassifier(random_state=0), X, y, scoring="ema"
    )
    assert np.all((scores > 0) & (scores <= 1))


def test_empty_matrix_is_undefined():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        triangle = im.entropy_triangle(np.zeros((2, 3)))
    assert np.isnan(triangle.ema)
    assert np.isnan(triangle.nit)
    messages = [str(w.message) for w in caught]
    assert any(m.startswith("EMA is undefined") for m in messages)
    assert any(m.startswith("NIT is undefined") for m in messages)
