"""Exact arithmetic on count arrays shared by the quantities and the sweeps.

Sums of "everything else" (the rest of a row, a column, the matrix) taken so
that no digit is lost to a dominant cell, exact power-of-two scaling, and the
entropy of each row or column from its information.
"""

import numpy as np


def sum_of_others(values, axis=-1):
    """``sum_{k != i} values_k`` along ``axis``, from exclusive running sums.

    Unlike ``total - values``, it is exactly 0 wherever every other entry is 0,
    and it loses no digits when one entry dominates.
    """
    values = np.moveaxis(values, axis, -1)
    before = np.zeros_like(values)
    np.cumsum(values[..., :-1], axis=-1, out=before[..., 1:])
    after = np.zeros_like(values)
    reversed_tail = values[..., :0:-1]
    np.cumsum(reversed_tail, axis=-1, out=after[..., -2::-1])
    return np.moveaxis(before + after, -1, axis)


def with_reject_column(counts):
    """``counts`` with an all-zero reject column appended."""
    padded = np.zeros((*counts.shape[:-1], counts.shape[-1] + 1))
    padded[..., :-1] = counts
    return padded


def scaled_to_unit(counts):
    """Counts times a power of two that brings each matrix's largest count near 1.

    Multiplying by a power of two is exact, so integer structure (and with it
    exact independence) survives; sums of counts near the float maximum no
    longer overflow, tiny counts no longer underflow, and logarithms of counts
    stay small whatever the scale, so their rounding does not grow with it.
    """
    largest = counts.max(axis=(-2, -1), keepdims=True)
    _, exponent = np.frexp(np.where(largest > 0, largest, 1.0))
    return np.ldexp(counts, -exponent)


def rests(counts, exact):
    """``b, c, d`` of each cell: the rest of its row, its column, the matrix.

    For exact integer counts they are subtractions of counts; otherwise sums
    of the other entries, which lose no digits to a dominant cell.
    """
    if exact:
        rows = counts.sum(axis=-1, keepdims=True)
        columns = counts.sum(axis=-2, keepdims=True)
        total = rows.sum(axis=-2, keepdims=True)
        row_rest, column_rest = rows - counts, columns - counts
        return row_rest, column_rest, total - rows - column_rest
    row_rest = sum_of_others(counts, axis=-1)
    column_rest = sum_of_others(counts, axis=-2)
    return row_rest, column_rest, sum_of_others(row_rest, axis=-2)


def line_entropies(line_information, line_mass, counts, axis):
    """``H`` of each row or column from its information ``mass * H``.

    Exactly 0 for a line with one non-empty cell, ``nan`` for an empty line.
    """
    value = np.divide(
        line_information,
        line_mass,
        out=np.zeros_like(line_information),
        where=line_mass > 0,
    )
    support = np.count_nonzero(counts, axis=axis)
    value = np.where(support > 1, value, 0.0)
    return np.where(support > 0, value, np.nan)
