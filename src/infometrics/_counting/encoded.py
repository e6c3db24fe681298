"""Dictionary-encoded labels (categorical, Arrow, StringDType) as distinct pairs."""

import numpy as np
import pandas as pd

from .label_checks import check_sample_weight
from .labels import dense_budget


def _is_encoded(y):
    dtype = getattr(y, "dtype", None)
    if isinstance(dtype, pd.StringDtype):
        return dtype.storage.startswith("pyarrow")
    encoded = (pd.CategoricalDtype, pd.ArrowDtype, np.dtypes.StringDType)
    return type(y).__module__.startswith("pyarrow") or isinstance(dtype, encoded)


def wants_encoded_path(*ys):
    """Whether any of ``ys`` is categorical, Arrow-backed or NumPy StringDType."""
    return any(_is_encoded(y) for y in ys)


def _factorize(y):
    """(codes, uniques as objects), by pandas without a Python object per sample."""
    if type(y).__module__.startswith("pyarrow"):
        y = pd.arrays.ArrowExtensionArray(y)
    elif not isinstance(y, (pd.Series, pd.Index, pd.api.extensions.ExtensionArray)):
        y = np.asarray(y)
    if y.ndim != 1:
        return None
    codes, uniques = pd.factorize(y, use_na_sentinel=True)
    return np.asarray(codes), np.asarray(uniques, dtype=object)


def distinct_pairs(y_true, y_pred, sample_weight):
    """``(pair_true, pair_pred, totals)`` of the distinct pairs, or None."""
    if len(y_true) != len(y_pred) or len(y_true) == 0:
        return None
    true_side, pred_side = _factorize(y_true), _factorize(y_pred)
    if true_side is None or pred_side is None:
        return None
    (true_codes, true_uniques), (pred_codes, pred_uniques) = true_side, pred_side
    if (true_codes < 0).any() or (pred_codes < 0).any():
        return None
    pred_offset = len(true_uniques)
    n_uniques = pred_offset + len(pred_uniques)
    pair = true_codes.astype(np.int64) * n_uniques + (pred_codes + pred_offset)
    weights = None
    if sample_weight is not None:
        # Validated per sample: summing first could hide a negative weight.
        weights = check_sample_weight(sample_weight, len(y_true))
    present, totals = _distinct_totals(pair, pred_offset * n_uniques, weights)
    values = np.concatenate([true_uniques, pred_uniques])
    return (
        typed_labels(values[present // n_uniques]),
        typed_labels(values[present % n_uniques]),
        totals,
    )


def _distinct_totals(ids, n_ids, weights):
    """``(distinct ids, their float totals)``: a bincount while small, else hashed."""
    if n_ids <= dense_budget(ids.size):
        occurrences = np.bincount(ids)
        present = np.flatnonzero(occurrences)
        totals = occurrences if weights is None else np.bincount(ids, weights=weights)
        return present, totals[present].astype(np.float64, copy=False)
    codes, present = pd.factorize(ids)
    totals = np.bincount(codes, weights=weights)
    return np.asarray(present), totals.astype(np.float64, copy=False)


def typed_labels(values):
    """Strings as objects, numbers in a NumPy dtype only if all convert exactly."""
    values = np.asarray(values)
    if values.dtype.kind in "UST":
        return values.astype(object)
    if values.dtype.kind != "O" or all(isinstance(value, str) for value in values):
        return values
    listed = values.tolist()
    try:
        converted = np.array(listed)
    except (TypeError, ValueError, OverflowError):
        return values
    if converted.dtype.kind not in "biuf" or not all(
        a == b for a, b in zip(converted.tolist(), listed, strict=True)
    ):
        return values
    return converted
