"""Theorem A2 of Hu, He & Yuan: where NI2 stops preferring a small-class rejection."""

import functools
import numbers

import numpy as np
from scipy.optimize import brentq

from .._measures.registry import compute_measures


def _error_large_minus_reject_small(ratio, n_samples):
    """NI2(one error on the large class) - NI2(one rejection on the small class)."""
    large, small = ratio * n_samples, n_samples - ratio * n_samples
    stack = [
        [[large - 1.0, 1.0, 0.0], [0.0, small, 0.0]],
        [[large, 0.0, 0.0], [0.0, small - 1.0, 1.0]],
    ]
    values = compute_measures(np.array(stack), ["ni2"], replace_undefined_by=np.nan)
    return float(values["ni2"][0] - values["ni2"][1])


def ni2_crossover_ratio(n_samples: float) -> float:
    """The class ratio where NI2 ranks a large-class error as a small-class rejection.

    Binary classes of ``C1 = ratio * n_samples`` and ``n_samples - C1``
    samples (real numbers, as weighted counts); from the exact classification,
    one error on the large class against one rejection on the small class.
    Below the returned ratio NI2 scores the rejection higher, above it the
    error (Hu, He & Yuan, Theorem A2).

    Parameters
    ----------
    n_samples : float
        Total number of samples, greater than 4.

    Returns
    -------
    ratio : float
        ``C1 / n_samples`` where the two NI2 values are equal.

    See Also
    --------
    meta_measure_audit : Feature 3 of every measure, by search.

    Examples
    --------
    >>> import infometrics
    >>> round(infometrics.meta.ni2_crossover_ratio(100), 4)
    0.9418
    """
    real = isinstance(n_samples, numbers.Real) and not isinstance(n_samples, bool)
    if not real or not np.isfinite(n_samples) or n_samples <= 4:
        raise ValueError(
            f"n_samples must be a finite number greater than 4; got {n_samples!r}."
        )
    # At equal class sizes a rejection is cheaper than an error; with one sample
    # left in the small class, rejecting it removes all that class's information
    # and the error is cheaper. NI2 is continuous in between.
    difference = functools.partial(_error_large_minus_reject_small, n_samples=n_samples)
    return float(brentq(difference, 0.5, 1 - 1 / n_samples, xtol=1e-14, rtol=1e-12))
