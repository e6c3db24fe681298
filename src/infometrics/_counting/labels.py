"""From label arrays to the augmented confusion matrix (SPEC §2).

Label level: uses pandas' hash-based factorisation for arbitrary labels.
"""

import numbers
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .collections import is_dask_collection, wants_encoded_path

# A dense (row range x column range) joint table is used for integer labels
# while it has at most this many cells per sample (plus a fixed allowance);
# beyond it, sparse integers are factorised like any other labels.
_DENSE_CELLS_PER_SAMPLE = 4
_DENSE_CELLS_ALLOWANCE = 1 << 22


def _check_labels_array(y, name):
    if isinstance(y, (str, bytes)) or (
        not hasattr(y, "__len__") and not hasattr(y, "__array__")
    ):
        raise ValueError(
            f"{name} must be a 1-d array-like of labels; got {type(y).__name__}."
        )
    array = y.to_numpy() if isinstance(y, (pd.Series, pd.Index)) else np.asarray(y)
    if array.ndim != 1:
        raise ValueError(
            f"{name} must be 1-d, one label per sample; got an array of shape "
            f"{array.shape}. For a column vector pass np.ravel({name})."
        )
    if array.dtype.kind == "f" and np.isnan(array).any():
        raise ValueError(
            f"{name} contains NaN; every sample needs a label. Drop or impute those "
            "samples first."
        )
    if array.dtype.kind == "O" and pd.isna(array).any():
        raise ValueError(
            f"{name} contains missing labels (None or NaN); every sample needs a "
            "label. Drop or impute those samples first."
        )
    if array.dtype.kind not in "biufUSOT":
        raise ValueError(
            f"{name} must hold numbers or strings; got dtype {array.dtype}."
        )
    return array


def _check_sample_weight(sample_weight, n_samples):
    if sample_weight is None:
        return None
    weights = np.asarray(sample_weight)
    if weights.dtype.kind not in "biuf":
        raise ValueError(f"sample_weight must be numeric; got dtype {weights.dtype}.")
    weights = weights.astype(np.float64, copy=False)
    if weights.ndim != 1 or weights.shape[0] != n_samples:
        raise ValueError(
            f"sample_weight must have shape ({n_samples},), one weight per sample; "
            f"got shape {weights.shape}."
        )
    if not np.all(np.isfinite(weights)):
        raise ValueError(
            "sample_weight contains NaN or infinite values; use finite weights."
        )
    if np.any(weights < 0):
        raise ValueError(
            "sample_weight contains negative values; weights must be non-negative "
            "(use 0 to leave a sample out)."
        )
    return weights


def _is_integer_array(array):
    return array.dtype.kind in "biu"


def _integer_reject(reject_label):
    """The reject label as an int if it is an integer value, else None."""
    if isinstance(reject_label, (numbers.Integral, np.integer)) and not isinstance(
        reject_label, bool
    ):
        return int(reject_label)
    return None


def _dense_table(y_true, y_pred, weights, row_low, n_rows, column_low, n_columns):
    """Joint counts of integer labels: one ``np.bincount`` over the cell index.

    Row ``r`` is the value ``row_low + r`` of ``y_true``, column ``c`` the value
    ``column_low + c`` of ``y_pred``.
    """
    # The same two passes a bare "y_true * k + y_pred" needs, and a third only
    # when the ranges do not start at 0 (e.g. the reject label -1 is present).
    index = np.multiply(y_true, n_columns, dtype=np.int64)
    index += y_pred
    offset = row_low * n_columns + column_low
    if offset:
        index -= offset
    counts = np.bincount(index, weights=weights, minlength=n_rows * n_columns)
    return counts.reshape(n_rows, n_columns)


def _gather(table, low, values):
    """Rows of ``table`` for label ``values`` (all-zero rows for absent ones)."""
    position = np.asarray(values, dtype=np.int64) - low
    inside = (position >= 0) & (position < table.shape[0])
    padded = np.concatenate([table, np.zeros((1, *table.shape[1:]), table.dtype)])
    return padded[np.where(inside, position, table.shape[0])]


def _codes_from_integers(y_true, y_pred, weights, labels, reject_label):
    """Fast path for integer labels with a compact value range.

    Returns ``(matrix, class_labels)``, or None when the values span too wide
    a range for a dense table (the caller then factorises).
    """
    n_samples = y_true.shape[0]
    if labels is not None and np.asarray(labels).dtype.kind not in "iu":
        return None
    column_low, column_high = int(y_pred.min()), int(y_pred.max())
    n_columns = column_high - column_low + 1
    row_high = int(y_true.max())
    row_low = 0
    budget = _DENSE_CELLS_PER_SAMPLE * n_samples + _DENSE_CELLS_ALLOWANCE
    if (row_high + 1) * n_columns > budget:
        return None
    try:
        # Labels coded from 0 need no minimum of y_true: a negative value gives
        # a negative cell index, which np.bincount refuses.
        table = _dense_table(
            y_true, y_pred, weights, 0, row_high + 1, column_low, n_columns
        )
    except ValueError:
        row_low = int(y_true.min())
        if (row_high - row_low + 1) * n_columns > budget:
            return None
        table = _dense_table(
            y_true,
            y_pred,
            weights,
            row_low,
            row_high - row_low + 1,
            column_low,
            n_columns,
        )
    true_values = np.flatnonzero(table.sum(axis=1)) + row_low
    pred_values = np.flatnonzero(table.sum(axis=0)) + column_low
    reject = _integer_reject(reject_label)
    if reject is not None and np.any(true_values == reject):
        _raise_reject_in_true(reject_label)
    if labels is None:
        class_labels = np.union1d(true_values, pred_values)
        if reject is not None:
            class_labels = class_labels[class_labels != reject]
    else:
        class_labels = np.asarray(labels)
        allowed = class_labels if reject is None else np.append(class_labels, reject)
        for name, seen, is_true in (
            ("y_true", true_values, True),
            ("y_pred", pred_values, False),
        ):
            unknown = np.setdiff1d(seen, allowed)
            if unknown.size:
                _raise_unknown(
                    name, unknown[:5].tolist(), labels, reject_label, is_true=is_true
                )
    rows = _gather(table, row_low, class_labels)
    matrix = _gather(rows.T, column_low, class_labels).T
    if reject is not None:
        reject_column = _gather(rows.T, column_low, [reject]).T
        matrix = np.concatenate([matrix, reject_column], axis=1)
    return matrix, class_labels


def _assemble(joint, class_positions, reject_position):
    """Select the class rows/columns (and the reject column) of a joint table."""
    rows = joint[class_positions]
    matrix = rows[:, class_positions]
    if reject_position is not None:
        matrix = np.concatenate([matrix, rows[:, [reject_position]]], axis=1)
    return matrix


def _raise_unknown(name, examples, labels, reject_label, *, is_true):
    hint = "" if is_true else f" or to the reject label ({reject_label!r})"
    listed = np.asarray(labels).tolist()
    raise ValueError(
        f"{name} contains labels that are not in labels={listed!r}: "
        f"{examples!r}. Add them to labels{hint}; no sample is silently dropped."
    )


def _raise_reject_in_true(reject_label):
    raise ValueError(
        f"y_true contains the reject label {reject_label!r}; a true class cannot be "
        "'rejected'. Pass a reject_label that is not a class (or reject_label=None "
        "if the classifier has no reject option)."
    )


def _codes_by_hashing(y_true, y_pred, weights, labels, reject_label):
    """General path: factorise both arrays together with a hash table."""
    n_samples = y_true.shape[0]
    both = (
        np.concatenate([y_true, y_pred])
        if y_true.dtype == y_pred.dtype
        else (np.concatenate([y_true.astype(object), y_pred.astype(object)]))
    )
    codes, uniques = pd.factorize(both)
    uniques = np.asarray(uniques)
    reject_code = None
    if reject_label is not None:
        matches = np.flatnonzero(_equals(uniques, reject_label))
        reject_code = int(matches[0]) if matches.size else None
    true_codes, pred_codes = codes[:n_samples], codes[n_samples:]
    n_uniques = len(uniques)
    joint = np.bincount(
        true_codes * n_uniques + pred_codes, weights=weights, minlength=n_uniques**2
    ).reshape(n_uniques, n_uniques)
    true_totals, pred_totals = joint.sum(axis=1), joint.sum(axis=0)
    if reject_code is not None and true_totals[reject_code] > 0:
        _raise_reject_in_true(reject_label)
    if labels is None:
        positions = np.array(
            [code for code in range(n_uniques) if code != reject_code], dtype=np.int64
        )
        try:
            order = np.argsort(uniques[positions], kind="stable")
        except TypeError:
            raise ValueError(
                "The labels mix types that cannot be sorted (e.g. strings and "
                f"numbers): {sorted({type(u).__name__ for u in uniques})}. Pass "
                "labels=[...] to fix the class order, or use one type."
            ) from None
        class_positions = positions[order]
        class_labels = uniques[class_positions]
    else:
        labels_array = np.asarray(labels)
        lookup = pd.Index(uniques).get_indexer(labels_array)
        class_labels = labels_array
        known = np.zeros(n_uniques, dtype=bool)
        known[lookup[lookup >= 0]] = True
        if reject_code is not None:
            known[reject_code] = True
        for name, seen, is_true in (
            ("y_true", true_totals > 0, True),
            ("y_pred", pred_totals > 0, False),
        ):
            unknown = np.flatnonzero(seen & ~known)
            if unknown.size:
                _raise_unknown(
                    name,
                    uniques[unknown[:5]].tolist(),
                    labels,
                    reject_label,
                    is_true=is_true,
                )
        # Labels absent from the data get an all-zero row and column.
        joint = np.pad(joint, [(0, 1), (0, 1)])
        class_positions = np.where(lookup >= 0, lookup, n_uniques)
    reject_position = None
    if reject_label is not None:
        reject_position = reject_code if reject_code is not None else joint.shape[0]
        if reject_code is None:
            joint = np.pad(joint, [(0, 1), (0, 1)])
    matrix = _assemble(joint, class_positions, reject_position)
    return matrix, class_labels


def _equals(values, label):
    try:
        result = values == label
    except (TypeError, ValueError):
        return np.zeros(len(values), dtype=bool)
    return np.asarray(result, dtype=bool).reshape(len(values))


def _check_explicit_labels(labels, reject_label):
    labels_array = np.asarray(labels)
    if labels_array.ndim != 1 or labels_array.size == 0:
        raise ValueError(
            "labels must be a non-empty 1-d list of the classes, in row order; got "
            f"{labels!r}."
        )
    if pd.isna(labels_array).any() if labels_array.dtype.kind in "fO" else False:
        raise ValueError("labels contains a missing value (None or NaN).")
    if len(pd.unique(labels_array)) != labels_array.size:
        raise ValueError(
            f"labels contains duplicates: {labels!r}; list each class once."
        )
    if reject_label is not None and _equals(labels_array, reject_label).any():
        raise ValueError(
            f"labels contains the reject label {reject_label!r}; the reject label is "
            "not a class. Remove it from labels or choose another reject_label."
        )
    return labels_array


def confusion_matrix_and_labels(
    y_true, y_pred, *, labels=None, reject_label=-1, sample_weight=None
):
    """Build the augmented confusion matrix and return it with its class labels."""
    if is_dask_collection(y_true, y_pred, sample_weight):
        # Dask collections are counted chunk by chunk (_counting/dask_counts.py).
        from .dask_counts import dask_confusion_matrix_and_labels

        return dask_confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
    if wants_encoded_path(y_true, y_pred):
        # Categorical / Arrow / StringDType labels are counted over their
        # dictionaries, no Python object per sample (_counting/encoded.py).
        from .encoded import encoded_confusion_matrix_and_labels

        result = encoded_confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
        if result is not None:
            return result
    y_true = _check_labels_array(y_true, "y_true")
    y_pred = _check_labels_array(y_pred, "y_pred")
    if y_true.shape[0] != y_pred.shape[0]:
        raise ValueError(
            f"y_true and y_pred have different lengths ({y_true.shape[0]} and "
            f"{y_pred.shape[0]}); they need one entry per sample each."
        )
    if y_true.shape[0] == 0:
        raise ValueError(
            "y_true and y_pred are empty; at least one sample is needed to build a "
            "confusion matrix."
        )
    if reject_label is not None and pd.isna(reject_label):
        raise ValueError(
            "reject_label must be a label value or None (no reject option); got a "
            "missing value."
        )
    weights = _check_sample_weight(sample_weight, y_true.shape[0])
    if labels is not None:
        labels = _check_explicit_labels(labels, reject_label)
    result = None
    if _is_integer_array(y_true) and _is_integer_array(y_pred):
        result = _codes_from_integers(y_true, y_pred, weights, labels, reject_label)
    if result is None:
        result = _codes_by_hashing(y_true, y_pred, weights, labels, reject_label)
    matrix, class_labels = result
    if weights is None:
        matrix = matrix.astype(np.int64, copy=False)
    return matrix, np.asarray(class_labels)


def augmented_confusion_matrix(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> np.ndarray:
    """Confusion matrix with a reject column, from true and predicted labels.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels; a prediction equal to ``reject_label`` is a rejection.
    labels : array-like of shape (m,), default=None
        The classes, in row and column order. By default the sorted union of the
        values in ``y_true`` and ``y_pred``, the reject label excluded. A class
        may have no samples (an all-zero row). Every label in the data must be
        listed (or be the reject label): nothing is silently dropped.
    reject_label : scalar or None, default=-1
        The value with which the classifier abstains. ``None`` means the
        classifier cannot reject: the matrix is square.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative finite weights; the matrix then holds summed weights.

    Returns
    -------
    confusion_matrix : ndarray of shape (m, m + 1), or (m, m) if ``reject_label=None``
        Row ``i`` = true class ``labels[i]``, column ``j < m`` = predicted class
        ``labels[j]``, last column = rejected. Integer counts without weights,
        floats with weights. The reject column is there even if nothing was
        rejected.

    Raises
    ------
    ValueError
        For different lengths, empty input, the reject label in ``y_true``,
        missing labels, 2-d label arrays, invalid weights, or a label outside
        an explicit ``labels``.

    See Also
    --------
    sklearn.metrics.confusion_matrix : The square matrix without a reject option.

    Notes
    -----
    Integer labels with a compact value range are counted by a single
    ``np.bincount`` over a dense joint table; other labels are factorised with
    pandas' hash table (no sort of the samples).

    Examples
    --------
    >>> from infometrics import augmented_confusion_matrix
    >>> augmented_confusion_matrix([0, 0, 1, 1, 1], [0, -1, 1, 0, 1])
    array([[1, 0, 1],
           [1, 2, 0]])
    >>> augmented_confusion_matrix(
    ...     ["cat", "dog", "dog"], ["cat", "?", "cat"], reject_label="?"
    ... )
    array([[1, 0, 0],
           [1, 0, 1]])
    """
    matrix, _ = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    return matrix


def encode_labels(y, labels, *, name="y_true"):
    """Position of each label of ``y`` in ``labels`` (hash look-up), validated.

    Raises a ValueError naming the labels of ``y`` that are not in ``labels``.
    """
    values = _check_labels_array(y, name)
    codes = pd.Index(np.asarray(labels)).get_indexer(values)
    unknown = codes < 0
    if unknown.any():
        _raise_unknown(
            name, pd.unique(values[unknown])[:5].tolist(), labels, None, is_true=True
        )
    return codes


def check_sample_weight(sample_weight, n_samples):
    """Validated float weights of shape (n_samples,), or ones if None."""
    weights = _check_sample_weight(sample_weight, n_samples)
    return np.ones(n_samples) if weights is None else weights
