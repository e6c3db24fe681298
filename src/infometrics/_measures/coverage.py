"""Information coverage of Holt, Mastromarino, Kao & Hurley: f(T;S) and r(S|T)."""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .measure import (
    INFORMATION_COVERAGE,
    NON_NEGATIVE,
    ONE_TRUE_CLASS_REASON,
    MeasureSpec,
    measure_matrix,
)
from .validation import as_output


class InformationCoverage(NamedTuple):
    """Information coverage of a classifier (Holt et al.), in bits.

    Attributes
    ----------
    completeness, false_info_ratio, info_error : float or ndarray
        ``f = I(T;S) / H(T)``, ``r = H(S|T) / H(T)`` and ``S_I / H(T) = 1 - f + r``.
    h_true, h_output, h_joint, mutual_info : float or ndarray
        ``H(T)``, ``H(S)``, ``H(T,S)`` and ``I(T;S)``.
    h_true_given_output, h_output_given_true : float or ndarray
        ``H(T|S)`` and ``H(S|T)``.
    output_entropy_per_true_class, true_entropy_per_output : ndarray
        ``H(S | T=i)`` per true class and ``H(T | S=j)`` per output column,
        ``nan`` where empty.
    """

    completeness: float | np.ndarray
    false_info_ratio: float | np.ndarray
    info_error: float | np.ndarray
    h_true: float | np.ndarray
    h_output: float | np.ndarray
    h_joint: float | np.ndarray
    mutual_info: float | np.ndarray
    h_true_given_output: float | np.ndarray
    h_output_given_true: float | np.ndarray
    output_entropy_per_true_class: np.ndarray
    true_entropy_per_output: np.ndarray


def information_coverage(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> InformationCoverage:
    """Truth information completeness f(T;S) and false information ratio r(S|T).

    The part of ``H(T)`` the output ``S`` recovers and the spurious information
    it adds (Holt et al.); the reject column is an output. See the user guide,
    section "Which measure answers which question".

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        As in :func:`ni`.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    coverage : InformationCoverage
        ``f``, ``r``, ``S_I / H(T)``, the entropies and the per-class ones.

    See Also
    --------
    entropy_triangle : Another split of the same entropies.

    Examples
    --------
    >>> from infometrics import information_coverage
    >>> coverage = information_coverage([[8, 2, 0], [1, 7, 2]])
    >>> round(coverage.completeness, 3), round(coverage.false_info_ratio, 3)
    (0.43, 0.939)
    >>> coverage.output_entropy_per_true_class.round(3)
    array([0.722, 1.157])
    """
    values, q = measure_matrix(confusion_matrix, SPECS.values(), replace_undefined_by)
    return InformationCoverage(
        *values.values(),
        *(as_output(getattr(q, name)) for name in InformationCoverage._fields[3:9]),
        q.row_entropies,
        q.column_entropies,
    )


def _per_bit_of_truth(information):
    """``information / H(T)``; undefined with a single true class."""

    def compute(q):
        safe_h_true = np.where(q.h_true > 0, q.h_true, 1.0)
        return information(q) / safe_h_true, [(q.h_true <= 0, ONE_TRUE_CLASS_REASON)]

    return compute


SPECS = {
    spec.name: spec
    for spec in [
        MeasureSpec(
            "info_completeness",
            INFORMATION_COVERAGE,
            True,
            "f(T;S) = I(T;S) / H(T)",
            "f(T;S)",
            _per_bit_of_truth(lambda q: q.mutual_info),
        ),
        MeasureSpec(
            "false_info_ratio",
            INFORMATION_COVERAGE,
            False,
            "r(S|T) = H(S|T) / H(T)",
            "r(S|T)",
            _per_bit_of_truth(lambda q: q.h_output_given_true),
            NON_NEGATIVE,
        ),
        MeasureSpec(
            "info_error",
            INFORMATION_COVERAGE,
            False,
            "S_I / H(T) = 1 - f + r",
            "S_I/H(T)",
            _per_bit_of_truth(lambda q: q.h_true_given_output + q.h_output_given_true),
            NON_NEGATIVE,
        ),
    ]
}
