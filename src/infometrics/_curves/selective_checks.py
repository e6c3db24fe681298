"""Input checks of the selective-classification functions."""

import numpy as np

from .._counting.label_checks import check_complete_labels, check_sample_weight

_NUMERIC_KINDS = "biuf"
_TEXT_KINDS = "USTa"


def _check_fraction(value, name, *, allow_zero):
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise TypeError(f"{name} must be a number in [0, 1]; got {value!r}.")
    value = float(value)
    low_ok = value >= 0 if allow_zero else value > 0
    if not (low_ok and value <= 1):
        interval = "[0, 1]" if allow_zero else "(0, 1]"
        raise ValueError(f"{name} must be in {interval}; got {value!r}.")
    return value


def ranking_scores(scores):
    """Confidences in a dtype that ranks them exactly: integers keep theirs
    (int64 beyond ``2**53`` would merge in float64), booleans count as 0/1,
    other floats become float64 (exactly)."""
    if scores.dtype.kind == "b":
        return scores.astype(np.int64)
    if scores.dtype.kind in "iu":
        return scores
    return scores.astype(np.float64, copy=False)


def without_overflow(weights):
    """The weights, times a power of two when their sum could overflow.

    Only ratios of weights matter, and a power of two is exact: integer
    weights stay integers of one grid, so their sums and every comparison
    of coverages and risks stay exact. Weights are never divided by their
    maximum (which rounds).
    """
    largest = float(weights.max()) if weights.size else 0.0
    if not largest > 0:
        return weights
    headroom = 1000 - int(np.frexp(largest)[1]) - int(np.ceil(np.log2(weights.size)))
    return np.ldexp(weights, headroom) if headroom < 0 else weights


def _check_inputs(y_true, y_pred, confidence, sample_weight):
    """Validated ``(wrong, confidence, weights)`` arrays of one length."""
    true = check_complete_labels(y_true, "y_true")
    pred = check_complete_labels(y_pred, "y_pred")
    if true.shape[0] != pred.shape[0]:
        raise ValueError(
            f"y_true and y_pred have different lengths ({true.shape[0]} and "
            f"{pred.shape[0]}); pass one prediction per label."
        )
    if true.shape[0] == 0:
        raise ValueError(
            "y_true is empty; a risk-coverage curve needs at least one sample."
        )
    kinds = {true.dtype.kind, pred.dtype.kind}
    if kinds & set(_NUMERIC_KINDS) and kinds & set(_TEXT_KINDS):
        raise ValueError(
            f"y_true ({true.dtype}) and y_pred ({pred.dtype}) cannot hold the same "
            "labels (numbers against strings); every prediction would count as "
            "an error. Pass labels of one kind."
        )
    if isinstance(confidence, (str, bytes)) or not (
        hasattr(confidence, "__len__") or hasattr(confidence, "__array__")
    ):
        raise ValueError(
            "confidence must be a 1-d array-like of numbers, one per sample; "
            f"got {type(confidence).__name__}."
        )
    scores = np.asarray(confidence)
    if scores.dtype.kind not in _NUMERIC_KINDS:
        raise ValueError(
            f"confidence must be numeric (higher = more sure); got dtype "
            f"{scores.dtype}."
        )
    scores = ranking_scores(scores)
    if scores.ndim != 1 or scores.shape[0] != true.shape[0]:
        raise ValueError(
            f"confidence must have shape ({true.shape[0]},), one value per "
            f"sample; got shape {scores.shape}. For probabilities of shape "
            "(n_samples, n_classes) pass their row maximum."
        )
    if np.isnan(scores).any():
        raise ValueError(
            "confidence contains NaN; every sample needs a confidence to be ranked. "
            "Drop those samples or give them -inf (rejected first)."
        )
    weights = check_sample_weight(sample_weight, true.shape[0])
    if not weights.sum() > 0:
        raise ValueError(
            "sample_weight sums to 0; coverage (accepted over total weight) is "
            "undefined. Give at least one sample a positive weight."
        )
    weights = without_overflow(weights)
    wrong = np.asarray(true != pred, dtype=bool)
    return wrong, scores, weights
