"""Delete-one jackknife (Efron & Stein 1981): the ``n`` delete-one matrices
are the ``m (m + 1)`` matrices with one cell lowered, weighted by its count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from . import validation
from .quantities import with_reject_column
from .registry import MEASURES, check_measures, evaluate_stack_blocks

_BLOCK_CELLS = 1 << 20  # floats per block of delete-one matrices evaluated at once


@dataclass(frozen=True)
class JackknifeEstimate:
    """A measure's plug-in value with its jackknife correction and error.

    Attributes
    ----------
    value : float or ndarray
        The plug-in estimate ``theta``.
    bias_corrected : float or ndarray
        ``n theta - (n - 1) theta_bar``, ``theta_bar`` the delete-one mean.
    standard_error : float or ndarray
        ``sqrt((n - 1) / n sum (theta_i - theta_bar)^2)``.
    """

    value: float | np.ndarray
    bias_corrected: float | np.ndarray
    standard_error: float | np.ndarray


def jackknife_measures(
    confusion_matrix: ArrayLike,
    measures: str | list[str] | None = None,
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, JackknifeEstimate]:
    """Delete-one jackknife standard errors and bias corrections of measures.

    Efron & Stein, "The jackknife estimate of variance", Ann. Stat. 9 (1981).

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Integer counts; a stack gives arrays.
    measures : str, list of str or None, default=None
        Registry names; ``None`` takes every measure defined for ``m`` classes.
    replace_undefined_by : "warn" or float, default="warn"
        Value where a result is undefined (also with fewer than two samples).

    Returns
    -------
    estimates : dict
        ``{name: JackknifeEstimate}``; floats for one matrix, arrays for a stack.

    Examples
    --------
    >>> import infometrics as im
    >>> matrix = [[40, 5, 5], [5, 40, 5]]
    >>> estimate = im.measures.jackknife_measures(matrix, "ni2")["ni2"]
    >>> round(estimate.value, 3), round(estimate.bias_corrected, 3)
    (0.447, 0.435)
    >>> round(estimate.standard_error, 3)
    0.095
    """
    replace_undefined_by = validation.check_replace_undefined_by(replace_undefined_by)
    why = "The jackknife deletes one sample at a time"
    counts = validation.check_sample_counts(confusion_matrix, why)
    m = counts.shape[-2]
    if measures is None:
        measures = [n for n, s in MEASURES.items() if m == 2 or not s.binary_only]
    names = [spec.name for spec in check_measures(measures, m)]
    return jackknife_of_counts(counts, names, replace_undefined_by)


def jackknife_of_counts(counts, names, replace_undefined_by):
    """:func:`jackknife_measures` of checked counts."""
    # The matrix, then each cell lowered by one (skipped if empty in the whole
    # stack), in blocks of bounded memory; sums over every augmented cell give
    # the same bits alone, in a stack, or square.
    counts = with_reject_column(counts)
    shape, cells = counts.shape, counts.shape[-2] * counts.shape[-1]
    flat = counts.reshape(-1, cells)
    lowered = np.append(-1, np.flatnonzero(flat.any(axis=0)))
    total, size = flat.shape[0] * lowered.size, max(1, _BLOCK_CELLS // cells)

    def blocks():  # at least one: an empty stack has empty results
        for start in range(0, max(total, 1), size):
            rows = np.arange(start, min(start + size, total))
            block, cell = flat[rows // lowered.size], lowered[rows % lowered.size]
            block -= np.minimum(block, cell[:, None] == np.arange(cells))
            yield block.reshape(-1, *shape[-2:])

    computed = evaluate_stack_blocks(
        blocks(), shape[-2], names, replace_undefined_by=np.nan
    )
    values = np.stack(list(computed.values())).reshape(len(computed), *shape[:-2], -1)
    weights = counts.reshape(*shape[:-2], cells)
    n = weights.sum(axis=-1)
    value, theta = values[..., 0], np.zeros((*values.shape[:-1], cells))
    theta[..., lowered[1:]] = values[..., 1:]
    theta = np.where(weights > 0, theta, 0.0)
    safe_n = np.where(n > 1, n, 2.0)
    # An infinite value (a likelihood ratio, ...) has no jackknife.
    with np.errstate(invalid="ignore"):
        mean = (weights * theta).sum(axis=-1) / safe_n
        spread = (weights * (theta - mean[..., None]) ** 2).sum(axis=-1)
        corrected = n * value - (n - 1) * mean
        error = np.sqrt((n - 1) / safe_n * spread)
    results = np.stack([value, corrected, error])
    undefined = ~np.isfinite(value) | ~np.isfinite(mean)
    few = (n < 2, "the matrix holds fewer than two samples")
    estimates = {}
    for k, name in enumerate(computed):  # one warning for the three results
        reason = f"{name} is undefined or infinite on the matrix or a delete-one matrix"
        conditions = [few, (undefined[k], reason)]
        filled = validation.fill_undefined(
            results[:, k], conditions, replace_undefined_by, name=f"jackknife {name}"
        )
        estimates[name] = JackknifeEstimate(*map(validation.as_output, filled))
    return estimates
