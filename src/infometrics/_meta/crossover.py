"""Theorem A2 of Hu, He & Yuan: where NI2 stops preferring a small-class rejection."""

import numbers

import numpy as np
from scipy.optimize import brentq

from .._measures.registry import compute_measures


def _error_large_minus_reject_small(ratio, n_samples):
    """NI2(one error on the large class) - NI2(one rejection on the small class)."""
    large = ratio * n_samples
    small = n_samples - large
    stack = np.array(
        [
            [[large - 1.0, 1.0, 0.0], [0.0, small, 0.0]],
            [[large, 0.0, 0.0], [0.0, small - 1.0, 1.0]],
        ]
    )
    values = compute_measures(stack, ["ni2"], replace_undefined_by=np.nan)["ni2"]
    return float(values[0] - values[1])


def ni2_crossover_ratio(n_samples: float) -> float:
    """The class ratio where NI2 ranks a large-class error as a small-class rejection.

    Binary classification, ``n_samples`` samples, a large class of
    ``C1 = ratio * n_samples`` samples and a small one of ``C2 = n_samples -
    C1``. Starting from the exact classification, compare one error on the
    large class with one rejection on the small class. Below the returned
    ratio NI2 scores the rejection higher (it costs less); above it, the
    error (Hu, He & Yuan, Theorem A2). The class sizes are treated as real
    numbers (weighted counts), and the ratio is found by root finding.

    Parameters
    ----------
    n_samples : float
        Total number of samples, greater than 4. 100 is the size of the
        paper's designed matrices, for which the ratio is about 0.942.

    Returns
    -------
    ratio : float
        ``Omega = C1 / n`` where the two NI2 values are equal, in
        ``(0.5, 1 - 1 / n_samples)``.

    Raises
    ------
    ValueError
        If ``n_samples`` is not a number greater than 4.

    See Also
    --------
    meta_measure_audit : Feature 3 of every measure, by search.

    References
    ----------
    .. [1] B.-G. Hu, R. He and X.-T. Yuan, "Information-theoretic measures for
       objective evaluation of classifications", Acta Automatica Sinica 38(7),
       2012, Appendix (Theorem A2).

    Examples
    --------
    >>> import infometrics
    >>> round(infometrics.meta.ni2_crossover_ratio(100), 4)
    0.9418

    With 950 samples in the large class and 50 in the small one (ratio 0.95
    of 1,000 samples), NI2 still prefers the rejection on the small class:

    >>> infometrics.meta.ni2_crossover_ratio(1000) > 0.95
    True
    """
    if (
        not isinstance(n_samples, numbers.Real)
        or isinstance(n_samples, bool)
        or not np.isfinite(n_samples)
        or n_samples <= 4
    ):
        raise ValueError(
            f"n_samples must be a finite number greater than 4; got {n_samples!r}."
        )
    n_samples = float(n_samples)
    # At equal class sizes a rejection is cheaper than an error; with one
    # sample left in the small class, rejecting it removes all that class's
    # information and the error on the large class is cheaper. NI2 is
    # continuous in between, so the root is bracketed.
    lower, upper = 0.5, 1.0 - 1.0 / n_samples
    return float(
        brentq(
            _error_large_minus_reject_small,
            lower,
            upper,
            args=(n_samples,),
            xtol=1e-14,
            rtol=1e-12,
        )
    )
