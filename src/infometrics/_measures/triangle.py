"""The entropy triangle of Valverde-Albacete & Peláez-Moreno, with EMA and NIT."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .measure import ENTROPY_TRIANGLE, MeasureSpec, evaluate, evaluate_measures
from .quantities import MatrixQuantities
from .validation import as_output, check_confusion_matrix, check_replace_undefined_by


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
    ema : float or ndarray
        Entropy-modulated accuracy ``2^(-H(X|Y))``: the inverse of the
        perplexity left about the true class once the output is known
        (Valverde-Albacete & Peláez-Moreno 2014); in ``(0, 1]``, 1 best.
    nit : float or ndarray
        Normalized information transfer factor ``2^MI / k`` with ``k`` true
        classes; in ``(0, 1]``, 1 for a perfect classifier of balanced classes.
    """

    x: TriangleCoordinates = None
    y: TriangleCoordinates = None
    ema: float | np.ndarray = None
    nit: float | np.ndarray = None


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
    q = MatrixQuantities(counts)
    values = evaluate_measures(q, SPECS.values(), replace_undefined_by)
    x = _marginal_point(q, "x", replace_undefined_by)
    y = _marginal_point(q, "y", replace_undefined_by)
    return EntropyTriangle(
        delta_h=values["triangle_dh"],
        mutual_info=values["triangle_mi"],
        variation_info=values["triangle_vi"],
        x=x,
        y=y,
        ema=values["ema"],
        nit=values["nit"],
    )


_FIELDS = ("delta_h", "mutual_info", "variation_info")


def _log_alphabets(q):
    """``log2 n_x`` (rows) and ``log2 n_y`` (the outputs: an empty reject
    column is not one)."""
    return np.log2(q.n_classes), np.log2(q.n_outputs)


def _joint_parts(q):
    """``(ΔH, 2 MI, VI)`` of the balance equation, in bits."""
    log_x, log_y = _log_alphabets(q)
    return {
        "delta_h": log_x + log_y - q.h_true - q.h_output,
        "mutual_info": 2 * q.mutual_info,
        "variation_info": q.h_true_given_output + q.h_output_given_true,
    }


def _joint_coordinate(field):
    """One joint coordinate ``part / H_U``; undefined for a 1 x 1 matrix."""

    def compute(q):
        uniform = sum(_log_alphabets(q))
        value = _joint_parts(q)[field] / np.where(uniform > 0, uniform, 1.0)
        no_alphabet = np.broadcast_to(uniform <= 0, q.stack_shape)
        return value, [(no_alphabet, "the matrix is 1 x 1, so H_U = 0")]

    return compute


def _marginal_point(q, axis, replace_undefined_by):
    """The marginal fractions ``F_X`` (``axis="x"``) or ``F_Y`` (``"y"``)."""
    log_x, log_y = _log_alphabets(q)
    if axis == "x":
        scale, parts = log_x, (log_x - q.h_true, q.mutual_info, q.h_true_given_output)
        reason = "the matrix has a single row, so log n_x = 0"
    else:
        scale = log_y
        parts = (log_y - q.h_output, q.mutual_info, q.h_output_given_true)
        reason = "the matrix has a single column, so log n_y = 0"
    degenerate = np.broadcast_to(scale <= 0, q.stack_shape)
    coordinates = []
    for field, part in zip(_FIELDS, parts, strict=True):
        spec = MeasureSpec(
            field,
            ENTROPY_TRIANGLE,
            True,
            "",
            f"entropy triangle {axis}.{field}",
            compute=lambda q, part=part: (
                part / np.where(scale > 0, scale, 1.0),
                [(degenerate, reason)],
            ),
        )
        coordinates.append(as_output(evaluate(spec, q, replace_undefined_by)))
    return TriangleCoordinates(*coordinates)


def _ema(q):
    return np.exp2(-q.h_true_given_output), []


def _nit(q):
    return np.exp2(q.mutual_info) / q.n_classes, []


SPECS = {
    "triangle_mi": MeasureSpec(
        "triangle_mi",
        ENTROPY_TRIANGLE,
        True,
        "entropy triangle 2MI' (ideal: 1)",
        "entropy triangle.mutual_info",
        compute=_joint_coordinate("mutual_info"),
    ),
    "triangle_vi": MeasureSpec(
        "triangle_vi",
        ENTROPY_TRIANGLE,
        False,
        "entropy triangle VI'",
        "entropy triangle.variation_info",
        compute=_joint_coordinate("variation_info"),
    ),
    "triangle_dh": MeasureSpec(
        "triangle_dh",
        ENTROPY_TRIANGLE,
        False,
        "entropy triangle ΔH' (degenerate: 1)",
        "entropy triangle.delta_h",
        compute=_joint_coordinate("delta_h"),
    ),
    "ema": MeasureSpec(
        "ema",
        ENTROPY_TRIANGLE,
        True,
        "entropy-modulated accuracy 2^(-H(T|Y))",
        "EMA",
        compute=_ema,
    ),
    "nit": MeasureSpec(
        "nit",
        ENTROPY_TRIANGLE,
        True,
        "normalized information transfer factor 2^I / k",
        "NIT",
        compute=_nit,
    ),
}
