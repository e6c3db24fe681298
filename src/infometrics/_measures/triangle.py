"""The entropy triangle of Valverde-Albacete & Peláez-Moreno."""

from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .ni import EMPTY_REASON
from .quantities import JointQuantities
from .validation import (
    as_output,
    check_confusion_matrix,
    check_replace_undefined_by,
    clip_unit_interval,
    fill_undefined,
)


@dataclass(frozen=True)
class TriangleCoordinates:
    """A point of the entropy triangle: three non-negative fractions summing to 1.

    Attributes
    ----------
    delta_h : float or ndarray
        Divergence of the marginals from uniform, ``ΔH'`` (1: degenerate
        marginals, e.g. a majority classifier).
    mutual_info : float or ndarray
        Information transferred, ``2MI'`` for the joint point, ``MI / log n``
        for a marginal point (1: ideal classifier).
    variation_info : float or ndarray
        Remaining uncertainty, ``VI'`` for the joint point, the conditional
        entropy for a marginal point (1: nothing transferred with uniform
        marginals).
    """

    delta_h: float | np.ndarray
    mutual_info: float | np.ndarray
    variation_info: float | np.ndarray


@dataclass(frozen=True)
class EntropyTriangle(TriangleCoordinates):
    """The joint entropy-triangle point and the two marginal points.

    Attributes
    ----------
    delta_h, mutual_info, variation_info : float or ndarray
        The joint coordinates ``(ΔH', 2MI', VI')``, summing to 1.
    x : TriangleCoordinates
        Input (true-class, rows) marginal fractions
        ``(log n_x - H(X), MI, H(X|Y)) / log n_x``.
    y : TriangleCoordinates
        Output (column) marginal fractions
        ``(log n_y - H(Y), MI, H(Y|X)) / log n_y``.
    """

    x: TriangleCoordinates = None
    y: TriangleCoordinates = None


_ONE_ROW = "the matrix has a single row, so log n_x = 0"
_ONE_COLUMN = "the matrix has a single column, so log n_y = 0"


def entropy_triangle(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> EntropyTriangle:
    """Coordinates of a confusion matrix in the entropy triangle.

    The balance equation ``H_U = ΔH + 2 MI + VI`` splits the entropy of
    uniform marginals ``H_U = log n_x + log n_y`` into the divergence of the
    actual marginals from uniform (``ΔH``), twice the mutual information
    (``2 MI``) and the variation of information (``VI = H(X|Y) + H(Y|X)``).
    Divided by ``H_U`` they are the barycentric coordinates of a point in a
    triangle with vertices "degenerate", "ideal" and "no information".

    Parameters
    ----------
    confusion_matrix : array-like of shape (n_x, n_y) or (..., n_x, n_y)
        Counts. Rows ``X`` are the true classes, columns ``Y`` the outputs as
        given: a matrix with a reject column lives on ``m + 1`` outputs, so
        compare classifiers on the same alphabet.
    replace_undefined_by : "warn" or float, default="warn"
        Value of coordinates that are undefined (empty matrix; a single row or
        column for the marginal fractions). ``"warn"`` gives ``nan`` and an
        :class:`UndefinedMeasureWarning`.

    Returns
    -------
    triangle : EntropyTriangle
        Joint coordinates ``delta_h``, ``mutual_info``, ``variation_info`` and
        the marginal points ``x`` and ``y`` with the same field names.

    Warns
    -----
    UndefinedMeasureWarning
        For undefined coordinates when ``replace_undefined_by="warn"``.

    See Also
    --------
    information_coverage : Completeness and false information ratio.

    References
    ----------
    .. [1] F. J. Valverde-Albacete and C. Peláez-Moreno, "Two
       information-theoretic tools to assess the performance of multi-class
       classifiers", Pattern Recognition Letters 31 (2010).

    Examples
    --------
    >>> from infometrics import entropy_triangle
    >>> point = entropy_triangle([[15, 0, 5], [0, 15, 5], [0, 0, 20]])
    >>> [round(v, 2) for v in (point.delta_h, point.mutual_info, point.variation_info)]
    [0.03, 0.6, 0.37]
    >>> majority = entropy_triangle([[0, 0, 5], [0, 0, 5], [0, 0, 50]])
    >>> majority.y.delta_h, majority.mutual_info
    (1.0, 0.0)
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    return triangle_from_quantities(
        JointQuantities.from_counts(counts), replace_undefined_by
    )


def triangle_from_quantities(q, replace_undefined_by):
    """:func:`entropy_triangle` from already computed joint quantities."""
    n_x, n_y = q.joint.shape[-2:]
    log_x, log_y = np.log2(n_x), np.log2(n_y)
    uniform = log_x + log_y

    def fractions(name, parts, scale, extra_conditions):
        conditions = [(q.empty, EMPTY_REASON), *extra_conditions]
        scale = scale if scale > 0 else 1.0
        values = [clip_unit_interval(part / scale) for part in parts]
        return TriangleCoordinates(
            *(
                as_output(
                    fill_undefined(
                        value, conditions, replace_undefined_by, name=f"{name}.{field}"
                    )
                )
                for value, field in zip(
                    values, ("delta_h", "mutual_info", "variation_info"), strict=True
                )
            )
        )

    no_alphabet = [(np.asarray(uniform <= 0), "the matrix is 1 x 1, so H_U = 0")]
    joint = fractions(
        "entropy triangle",
        (
            uniform - q.h_true - q.h_output,
            2 * q.mutual_info,
            q.h_true_given_output + q.h_output_given_true,
        ),
        uniform,
        no_alphabet,
    )
    x = fractions(
        "entropy triangle x",
        (log_x - q.h_true, q.mutual_info, q.h_true_given_output),
        log_x,
        [(np.asarray(log_x <= 0), _ONE_ROW)],
    )
    y = fractions(
        "entropy triangle y",
        (log_y - q.h_output, q.mutual_info, q.h_output_given_true),
        log_y,
        [(np.asarray(log_y <= 0), _ONE_COLUMN)],
    )
    return EntropyTriangle(
        delta_h=joint.delta_h,
        mutual_info=joint.mutual_info,
        variation_info=joint.variation_info,
        x=x,
        y=y,
    )
