"""Information-theoretic bounds on the error and the sensitivity of I."""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from . import validation
from .measure import EMPTY_REASON, REAL, MeasureSpec, measure_matrix
from .statistics import ratio


class ErrorBounds(NamedTuple):
    """Fano's lower and Hellman-Raviv's upper bound on the error of guessing T from Y.

    Attributes
    ----------
    lower, upper : float or ndarray
        ``(H(T|Y) - 1) / log2 m`` and ``H(T|Y) / 2``.
    """

    lower: float | np.ndarray
    upper: float | np.ndarray


def error_bounds(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> ErrorBounds:
    """Fano and Hellman-Raviv bounds on the error from the equivocation H(T|Y).

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        As in :func:`ni`.
    replace_undefined_by : "warn" or float, default="warn"
        Value for an empty matrix, as in :func:`ni`.

    Returns
    -------
    bounds : ErrorBounds
        Any classifier deciding from ``Y`` errs at least ``lower`` of the time
        (rejections count as errors; ``-inf`` for ``m = 1``), the best one at
        most ``upper``; not clipped to ``[0, 1]``.

    Examples
    --------
    >>> from infometrics.measures import error_bounds
    >>> bounds = error_bounds([[40, 10], [5, 45]])
    >>> round(bounds.lower, 3), round(bounds.upper, 3)
    (-0.397, 0.301)
    """
    return ErrorBounds(
        **measure_matrix(confusion_matrix, _BOUNDS, replace_undefined_by)[0]
    )


def _fano(q):
    if q.n_classes == 1:  # nothing to get wrong
        return np.full(q.stack_shape, -np.inf), []
    return (q.h_true_given_output - 1.0) / np.log2(q.n_classes), []


def _hellman_raviv(q):
    return q.h_true_given_output / 2.0, []


_BOUNDS = [
    MeasureSpec("lower", "", False, "", "Fano's lower bound", _fano, REAL),
    MeasureSpec(
        "upper", "", False, "", "Hellman-Raviv's upper bound", _hellman_raviv, REAL
    ),
]


def mutual_info_sensitivity(
    confusion_matrix: ArrayLike,
    true_class: int,
    from_column: int,
    to_column: int,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> float | np.ndarray:
    """First-order change of I(T;Y) when one sample moves within a row.

    Hu & Wang's eqs. 27-30: ``(1/n) [log2(c_ij / c_.j) - log2(c_ik / c_.k)]``
    for a sample of class ``i`` moving from column ``k`` to ``j``, a term with a
    zero count left out.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        As in :func:`ni`.
    true_class : int
        Row ``i`` of the sample that moves.
    from_column, to_column : int
        Columns ``k`` and ``j`` (the reject column is ``m``).
    replace_undefined_by : "warn" or float, default="warn"
        Value for an empty matrix, as in :func:`ni`.

    Returns
    -------
    change : float or ndarray
        Approximate change of ``I`` in bits (positive: information gained).

    Examples
    --------
    >>> from infometrics.measures import mutual_info_sensitivity
    >>> round(mutual_info_sensitivity([[90, 0, 0], [1, 9, 0]], 1, 0, 2), 4)
    0.0651
    """
    replace_undefined_by = validation.check_replace_undefined_by(replace_undefined_by)
    counts, _ = validation.check_confusion_matrix(confusion_matrix)
    n_rows, n_cols = counts.shape[-2:]
    for name, index, limit in (
        ("true_class", true_class, n_rows),
        ("from_column", from_column, n_cols),
        ("to_column", to_column, n_cols),
    ):
        if (
            isinstance(index, bool)
            or not isinstance(index, (int, np.integer))
            or not 0 <= index < limit
        ):
            raise ValueError(
                f"{name} must be an integer in [0, {limit - 1}] for a matrix of shape "
                f"{counts.shape[-2:]}; got {index!r}."
            )
    count, column_totals = counts[..., true_class, :], counts.sum(axis=-2)
    posterior = ratio(count, column_totals)
    log_posterior = np.log2(posterior, out=np.zeros_like(posterior), where=count > 0)
    change = log_posterior[..., to_column] - log_posterior[..., from_column]
    total = counts.sum(axis=(-2, -1))
    change = validation.fill_undefined(
        ratio(change, total) + 0.0,
        [(total <= 0, EMPTY_REASON)],
        replace_undefined_by,
        name="the sensitivity of I",
    )
    return validation.as_output(change)
