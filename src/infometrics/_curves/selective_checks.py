"""Input checks of the selective-classification functions."""

import numpy as np

from .._counting.labels import _check_labels_array, check_sample_weight

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


def _check_inputs(y_true, y_pred, confidence, sample_weight):
    """Validated ``(wrong, confidence, weights)`` arrays of one length."""
    true = _check_labels_array(y_true, "y_true")
    pred = _check_labels_array(y_pred, "y_pred")
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
    scores = scores.astype(np.float64, copy=False)
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
    # Only ratios of weights matter: scale so that sums of weights near the
    # float maximum cannot overflow (unit weights are left exactly as they are).
    weights = weights / weights.max()
    wrong = np.asarray(true != pred, dtype=bool)
    return wrong, scores, weights
