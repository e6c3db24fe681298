"""Percentile bootstrap intervals; no resample is dropped silently."""

import contextlib
import contextvars
import warnings
from dataclasses import dataclass

import numpy as np

from .._warnings import find_stack_level
from ..exceptions import UndefinedMeasureWarning


@dataclass(frozen=True)
class BootstrapInterval:
    """A point estimate with a percentile bootstrap confidence interval.

    Attributes
    ----------
    estimate : float
        The measure on the data as given.
    low, high : float
        Bounds of the percentile interval over the defined resamples.
    confidence_level : float
        E.g. 0.95.
    distribution : ndarray of shape (n_resamples,)
        The measure on every resample (``nan`` where undefined).
    """

    estimate: float
    low: float
    high: float
    confidence_level: float
    distribution: np.ndarray

    def __repr__(self):
        return (
            f"BootstrapInterval(estimate={self.estimate:.4f}, "
            f"{self.confidence_level:.0%} CI=[{self.low:.4f}, {self.high:.4f}])"
        )


# A context variable: one thread (or task) collecting never silences another.
_NOTES = contextvars.ContextVar("interval_notes", default=None)


@contextlib.contextmanager
def interval_notes():
    """Collect the resampling messages in a list instead of warning them."""
    notes = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def tell(message, category):
    """Warn ``message``, or collect it inside :func:`interval_notes`."""
    notes = _NOTES.get()
    if notes is None:
        warnings.warn(message, category, stacklevel=find_stack_level())
    else:
        notes.append(message)


def _percentiles(distribution, confidence_level, *, name):
    """The percentile interval of the defined (non-NaN) resamples, or NaN."""
    undefined = np.isnan(distribution)
    n_undefined, n_resamples = int(np.count_nonzero(undefined)), distribution.size
    if n_undefined:
        share = f"{n_undefined} of {n_resamples} resamples"
        share = "every resample" if n_undefined == n_resamples else share
        share = f"{name} is undefined (NaN) on {share}"
        if n_undefined > (1.0 - confidence_level) * n_resamples:
            tell(
                f"{share}, more than the {1 - confidence_level:.3g} share a "
                f"{confidence_level:.3g} interval leaves out, so its bounds are "
                "NaN. Use more samples, or a measure defined on them.",
                UndefinedMeasureWarning,
            )
            return float("nan"), float("nan")
        tell(
            f"{share}; the interval is over the {n_resamples - n_undefined} "
            "resamples where it is defined.",
            UndefinedMeasureWarning,
        )
    values = np.sort(distribution[~undefined])
    alpha = (1.0 - confidence_level) / 2.0
    bounds = [_quantile_of_sorted(values, level) for level in (alpha, 1.0 - alpha)]
    if np.isnan(bounds).any():
        tell(
            f"A bound of the {name} interval falls between resamples of -inf "
            "and inf, so it is NaN.",
            UndefinedMeasureWarning,
        )
    return bounds[0], bounds[1]


def _quantile_of_sorted(values, level):
    """NumPy's linear quantile of sorted ``values``, next to +-inf that value."""
    position = (values.size - 1) * level
    below = int(np.floor(position))
    above = min(below + 1, values.size - 1)
    fraction = position - below
    a, b = float(values[below]), float(values[above])
    if fraction == 0.0 or a == b:
        return a
    if np.isinf(a) or np.isinf(b):
        return float("nan") if np.isinf(a) == np.isinf(b) else (a if np.isinf(a) else b)
    return float(np.quantile(values[below : above + 1], fraction))
