"""The entropy triangle of Valverde-Albacete & Peláez-Moreno, with EMA and NIT."""

from __future__ import annotations

from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .measure import ENTROPY_TRIANGLE, MeasureSpec, measure_matrix


class TriangleCoordinates(NamedTuple):
    """A point of the entropy triangle: three non-negative fractions summing to 1.

    Attributes
    ----------
    delta_h, mutual_info, variation_info : float or ndarray
        Divergence of the marginals from uniform, information transferred and
        uncertainty left.
    """

    delta_h: float | np.ndarray
    mutual_info: float | np.ndarray
    variation_info: float | np.ndarray


class EntropyTriangle(NamedTuple):
    """The joint entropy-triangle point, the two marginal points, EMA and NIT.

    Attributes
    ----------
    delta_h, mutual_info, variation_info : float or ndarray
        The joint coordinates ``(ΔH', 2MI', VI')``.
    x, y : TriangleCoordinates
        The points of the rows, ``(log n_x - H(X), MI, H(X|Y)) / log n_x``, and
        likewise of the columns.
    ema, nit : float or ndarray
        Entropy-modulated accuracy ``2^(-H(X|Y))`` and normalized information
        transfer factor ``2^MI / k`` (``k`` true classes), both in ``(0, 1]``.
    """

    delta_h: float | np.ndarray
    mutual_info: float | np.ndarray
    variation_info: float | np.ndarray
    x: TriangleCoordinates
    y: TriangleCoordinates
    ema: float | np.ndarray
    nit: float | np.ndarray


def entropy_triangle(
    confusion_matrix: ArrayLike,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> EntropyTriangle:
    """Coordinates of a confusion matrix in the entropy triangle.

    The balance ``log n_x + log n_y = ΔH + 2 MI + VI``, divided by its left side
    (Valverde-Albacete & Peláez-Moreno). See the user guide, section "Which
    measure answers which question".

    Parameters
    ----------
    confusion_matrix : array-like of shape (n_x, n_y) or (..., n_x, n_y)
        Counts as in :func:`ni`, the columns taken as given: a reject column is
        an output.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    triangle : EntropyTriangle
        The joint point, the marginal points ``x`` and ``y``, EMA and NIT.

    See Also
    --------
    information_coverage : Completeness and false information ratio.

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
    values, _ = measure_matrix(
        confusion_matrix, [*SPECS.values(), *_MARGINAL], replace_undefined_by
    )
    return EntropyTriangle(
        *(values[f"triangle_{key}"] for key in ("dh", "mi", "vi")),
        *(
            TriangleCoordinates(*(values[f"{axis}.{key}"] for key in _FIELDS))
            for axis in "xy"
        ),
        values["ema"],
        values["nit"],
    )


_FIELDS = ("delta_h", "mutual_info", "variation_info")


def _parts(q, axis):
    """The scale and parts, in bits, of the joint point (``axis=""``) or a marginal."""
    log_x, log_y = np.log2(q.n_classes), np.log2(q.n_outputs)
    if axis == "x":
        return log_x, (log_x - q.h_true, q.mutual_info, q.h_true_given_output)
    if axis == "y":
        return log_y, (log_y - q.h_output, q.mutual_info, q.h_output_given_true)
    return log_x + log_y, (
        log_x + log_y - q.h_true - q.h_output,
        2 * q.mutual_info,
        q.h_true_given_output + q.h_output_given_true,
    )


_DEGENERATE = {
    "": "the matrix is 1 x 1, so H_U = 0",
    "x": "the matrix has a single row, so log n_x = 0",
    "y": "the matrix has a single column, so log n_y = 0",
}


def _coordinate(axis, index):
    """One coordinate ``part / scale`` of the joint point (axis "") or a marginal."""

    def compute(q):
        scale, parts = _parts(q, axis)
        degenerate = np.broadcast_to(scale <= 0, q.stack_shape)
        value = parts[index] / np.where(scale > 0, scale, 1.0)
        return value, [(degenerate, _DEGENERATE[axis])]

    return compute


_MARGINAL = [
    MeasureSpec(
        f"{axis}.{field}",
        ENTROPY_TRIANGLE,
        True,
        "",
        f"entropy triangle {axis}.{field}",
        _coordinate(axis, index),
    )
    for axis in "xy"
    for index, field in enumerate(_FIELDS)
]


def _ema(q):
    return np.exp2(-q.h_true_given_output), []


def _nit(q):
    return np.exp2(q.mutual_info) / q.n_classes, []


def _joint(index):
    return f"entropy triangle.{_FIELDS[index]}", _coordinate("", index)


SPECS = {
    name: MeasureSpec(name, ENTROPY_TRIANGLE, higher, description, *warning_and_compute)
    for name, higher, description, *warning_and_compute in [
        ("triangle_mi", True, "entropy triangle 2MI' (ideal: 1)", *_joint(1)),
        ("triangle_vi", False, "entropy triangle VI'", *_joint(2)),
        ("triangle_dh", False, "entropy triangle ΔH' (degenerate: 1)", *_joint(0)),
        ("ema", True, "entropy-modulated accuracy 2^(-H(T|Y))", "EMA", _ema),
        ("nit", True, "normalized information transfer factor 2^I / k", "NIT", _nit),
    ]
}
