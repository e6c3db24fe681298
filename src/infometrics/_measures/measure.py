"""What a measure is: how to compute it from the quantities, and how to read it.

Every family (NI, coverage, triangle, conventional) describes its measures as
:class:`MeasureSpec` entries; :func:`evaluate_measures` computes the requested
ones from :class:`~infometrics._measures.quantities.MatrixQuantities` (of one
matrix, a stack, or a stack in blocks) and warns only about those.
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
    quantities : MatrixQuantities or iterable of MatrixQuantities
        Of one matrix or of a stack; or the consecutive blocks of one stack
        along its first axis (a long curve, evaluated in bounded memory),
        whose values are concatenated, each measure warning once for the
        whole stack.
    specs : iterable of MeasureSpec
        The measures asked for; only they are computed, and only they warn.
    replace_undefined_by : "warn" or float
        Already validated.

    Returns
    -------
    values : dict
        Floats for one matrix, arrays of the stack shape for a stack.
    """
    specs = list(specs)
    blocks = [quantities] if hasattr(quantities, "stack_shape") else quantities
    parts = {spec.name: [] for spec in specs}
    for block in blocks:
        for spec in specs:
            values, conditions = spec.compute(block)
            values = np.broadcast_to(
                _in_range(values, spec.value_range), block.stack_shape
            )
            conditions = [(block.empty, EMPTY_REASON), *conditions]
            masks = [np.broadcast_to(mask, block.stack_shape) for mask, _ in conditions]
            parts[spec.name].append(
                (values, masks, [reason for _, reason in conditions])
            )
    results = {}
    for spec in specs:
        blocks_of_spec = parts[spec.name]
        if len(blocks_of_spec) == 1:
            values, masks, reasons = blocks_of_spec[0]
        else:
            values = np.concatenate([part[0] for part in blocks_of_spec])
            reasons = blocks_of_spec[0][2]
            masks = [
                np.concatenate([part[1][k] for part in blocks_of_spec])
                for k in range(len(reasons))
            ]
        filled = fill_undefined(
            values,
            list(zip(masks, reasons, strict=True)),
            replace_undefined_by,
            name=spec.warning_name or spec.name,
        )
        results[spec.name] = as_output(filled)
    return results
