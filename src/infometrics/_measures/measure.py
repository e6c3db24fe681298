"""What a measure is: how to compute it from the quantities, and how to read it.

Every family (NI, coverage, triangle, conventional) describes its measures as
:class:`MeasureSpec` entries; :func:`evaluate_measures` computes the requested
ones from any :class:`~infometrics._measures.quantities.Quantities` and warns
only about those.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .validation import as_output, clip_unit_interval, fill_undefined

NORMALIZED_INFORMATION = "normalized information"
INFORMATION_COVERAGE = "information coverage"
ENTROPY_TRIANGLE = "entropy triangle"
CONVENTIONAL = "conventional"

EMPTY_REASON = "the confusion matrix holds no samples"
ONE_TRUE_CLASS_REASON = "a single true class is present, so H(T) = 0"

# How a computed value is brought into its range.
UNIT_INTERVAL = "unit interval"
NON_NEGATIVE = "non-negative"
REAL = "real"


@dataclass(frozen=True)
class MeasureSpec:
    """How one scalar measure is computed and read.

    Attributes
    ----------
    name : str
        Base name (``"ni2"``, ``"info_completeness"``, ``"kappa"``, ...).
    family : str
        ``"normalized information"``, ``"information coverage"``,
        ``"entropy triangle"`` or ``"conventional"``.
    higher_is_better : bool
        Direction; a scorer of a lower-is-better measure is named ``neg_<name>``.
    description : str
        One line for reports.
    warning_name : str
        How warnings name it (``"NI2"``, ``"f(T;S)"``, ...).
    compute : callable
        ``compute(quantities) -> (values, conditions)``: the raw values and a
        list of ``(mask, reason)`` pairs saying where the measure is undefined.
    value_range : str
        ``"unit interval"`` (clipped into ``[0, 1]``), ``"non-negative"`` or
        ``"real"``.
    binary_only : bool
        Defined for two classes only (the positive class's precision, ...).
    """

    name: str
    family: str
    higher_is_better: bool
    description: str
    warning_name: str = ""
    compute: Callable = field(default=None, repr=False, compare=False)
    value_range: str = UNIT_INTERVAL
    binary_only: bool = False

    @property
    def scorer_name(self):
        """``name`` or ``neg_name``: the scikit-learn convention, greater is better."""
        return self.name if self.higher_is_better else f"neg_{self.name}"


def _in_range(values, value_range):
    values = np.asarray(values, dtype=np.float64)
    if value_range == UNIT_INTERVAL:
        return clip_unit_interval(values)
    if value_range == NON_NEGATIVE:
        return np.maximum(values, 0.0) + 0.0
    return values + 0.0


def evaluate(spec, quantities, replace_undefined_by):
    """One measure's values (not yet converted to a float for a single matrix)."""
    values, conditions = spec.compute(quantities)
    conditions = [(quantities.empty, EMPTY_REASON), *conditions]
    return fill_undefined(
        _in_range(values, spec.value_range),
        conditions,
        replace_undefined_by,
        name=spec.warning_name or spec.name,
    )


def evaluate_measures(quantities, specs, replace_undefined_by):
    """``{name: value}`` of the given specs, sharing the quantities' computations.

    Parameters
    ----------
    quantities : Quantities
        Of one matrix or of a stack.
    specs : iterable of MeasureSpec
        The measures asked for; only they are computed, and only they warn.
    replace_undefined_by : "warn" or float
        Already validated.

    Returns
    -------
    values : dict
        Floats for one matrix, arrays of the stack shape for a stack.
    """
    return {
        spec.name: as_output(evaluate(spec, quantities, replace_undefined_by))
        for spec in specs
    }
