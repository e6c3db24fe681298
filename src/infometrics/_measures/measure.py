"""What a measure is, and the one evaluation of measures from the quantities."""

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from . import validation
from .quantities import MatrixQuantities

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
    name, family, description, warning_name : str
        The base name (``"ni2"``, ...), its family, one line for reports, and
        how warnings name it (default: ``name``).
    higher_is_better : bool
        Direction; a scorer of a lower-is-better measure is named ``neg_<name>``.
    compute : callable
        ``compute(quantities) -> (values, conditions)``: the raw values and the
        ``(mask, reason)`` pairs where the measure is undefined.
    value_range : str
        ``"unit interval"`` (clipped into ``[0, 1]``), ``"non-negative"`` or ``"real"``.
    binary_only : bool
        Defined for two classes only.
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
        return validation.clip_unit_interval(values)
    if value_range == NON_NEGATIVE:
        return np.maximum(values, 0.0) + 0.0
    return values + 0.0


def evaluate_measures(quantities, specs, replace_undefined_by):
    """``{name: value}`` of ``specs`` from the quantities of a matrix, a stack, or
    consecutive blocks of one stack."""
    specs = list(specs)
    blocks = [quantities] if isinstance(quantities, MatrixQuantities) else quantities
    parts = {spec.name: [] for spec in specs}
    reasons = {}
    for block in blocks:
        for spec in specs:
            values, conditions = spec.compute(block)
            conditions = [(block.empty, EMPTY_REASON), *conditions]
            reasons[spec.name] = [reason for _, reason in conditions]
            arrays = [_in_range(values, spec.value_range), *(m for m, _ in conditions)]
            parts[spec.name].append(
                [np.broadcast_to(array, block.stack_shape) for array in arrays]
            )
    results = {}
    for spec in specs:
        # A single block may be 0-d (one matrix): nothing to concatenate.
        values, *masks = (
            np.concatenate(column) if len(column) > 1 else column[0]
            for column in zip(*parts[spec.name], strict=True)
        )
        conditions = list(zip(masks, reasons[spec.name], strict=True))
        filled = validation.fill_undefined(
            values,
            conditions,
            replace_undefined_by,
            name=spec.warning_name or spec.name,
        )
        results[spec.name] = validation.as_output(filled)
    return results


def for_classes(specs, n_classes):
    """``specs``, refusing the two-class measures on other matrices."""
    for spec in specs:
        if spec.binary_only and n_classes not in (None, 2):
            raise ValueError(
                f"{spec.name!r} is only defined for two classes; the matrix has "
                f"{n_classes}."
            )
    return specs


def matrix_quantities(confusion_matrix, *, binary=False, pos_label=1):
    """The one validation of a public count-level call, and the counts' quantities;
    with ``binary``, the positive row is that of the label ``pos_label``."""
    matrix, labels = validation.labelled_counts(confusion_matrix)
    counts, _ = validation.check_confusion_matrix(matrix)
    positive = 1
    if binary and counts.shape[-2] == 2:
        positive = validation.positive_row(
            pos_label, range(2) if labels is None else labels
        )
    return MatrixQuantities(counts, positive=positive)


def measure_matrix(confusion_matrix, specs, replace_undefined_by, *, pos_label=1):
    """``(values, quantities)`` of ``specs``: a public count-level call's checks,
    then :func:`evaluate_measures`."""
    replace_undefined_by = validation.check_replace_undefined_by(replace_undefined_by)
    specs = list(specs)
    binary = any(spec.binary_only for spec in specs)
    quantities = matrix_quantities(confusion_matrix, binary=binary, pos_label=pos_label)
    specs = for_classes(specs, quantities.n_classes)
    return evaluate_measures(quantities, specs, replace_undefined_by), quantities
