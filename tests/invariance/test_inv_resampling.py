"""Invariant 8: an interval never silently drops non-finite resamples.

On a small matrix, xi (the error-to-information ratio) is +inf in every
resample without information: when those are more than the tail an interval
cuts, its bound is inf, or NaN with a warning that says why.
"""

import warnings

import numpy as np
import pytest

import infometrics as im

from .checks import battery_params

# xi is +inf in about 30% of this matrix's resamples (no information, errors).
MATRIX = np.array([[1, 1], [1, 1]])
Y_TRUE = np.array([0, 0, 1, 1])
Y_PRED = np.array([0, 1, 0, 1])
Y_PRED_B = np.array([0, 0, 1, 1])
CONFIDENCE_LEVEL = 0.95


def _bootstrap_measures():
    result = im.resampling.bootstrap_measures(
        MATRIX,
        ["xi"],
        n_resamples=200,
        random_state=0,
        confidence_level=CONFIDENCE_LEVEL,
    )["xi"]
    return result.low, result.high, result.distribution


def _bootstrap_measures_score():
    result = im.resampling.bootstrap_measures_from_predictions(
        Y_TRUE,
        Y_PRED,
        ["xi"],
        n_resamples=200,
        random_state=0,
        confidence_level=CONFIDENCE_LEVEL,
    )["xi"]
    return result.low, result.high, result.distribution


def _paired_comparison():
    # B is perfect (xi = 0): the differences are A's xi, +inf in many resamples.
    result = im.resampling.paired_comparison(
        Y_TRUE,
        Y_PRED,
        Y_PRED_B,
        measure="xi",
        n_resamples=200,
        random_state=0,
        confidence_level=CONFIDENCE_LEVEL,
    )
    return result.low, result.high, result.distribution


RESAMPLERS = {
    "bootstrap_measures": _bootstrap_measures,
    "bootstrap_measures_from_predictions": _bootstrap_measures_score,
    "paired_comparison": _paired_comparison,
}


def _bound_reflects(bound, infinity, warned):
    return bound == infinity or (np.isnan(bound) and warned)


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("8-resampling", list(RESAMPLERS), ["xi +inf"])
)
def test_intervals_keep_infinite_resamples(name, variant):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        low, high, distribution = RESAMPLERS[name]()
    warned = any(issubclass(w.category, UserWarning) for w in caught)
    tail = (1 - CONFIDENCE_LEVEL) / 2
    distribution = np.asarray(distribution, dtype=float)
    # The case is built so the check is not vacuous.
    assert np.mean(np.isposinf(distribution)) > tail
    assert _bound_reflects(high, np.inf, warned), (low, high)
    if np.mean(np.isneginf(distribution)) > tail:
        assert _bound_reflects(low, -np.inf, warned), (low, high)
