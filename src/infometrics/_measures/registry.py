"""One registry of every scalar measure: core functions, scorers, reports, tests.

Each entry (a :class:`MeasureSpec`) says how to compute the measure from the
shared quantities of a matrix, which family it belongs to and whether higher is
better; adding a measure is one entry in its family's module.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from .conventional import SPECS as CONVENTIONAL_SPECS
from .coverage import SPECS as COVERAGE_SPECS
from .measure import (
    CONVENTIONAL,
    ENTROPY_TRIANGLE,
    INFORMATION_COVERAGE,
    NORMALIZED_INFORMATION,
    MeasureSpec,
)
from .measure import evaluate_measures as _evaluate_specs
from .ni import SPECS as NI_SPECS
from .quantities import MatrixQuantities
from .triangle import SPECS as TRIANGLE_SPECS
from .validation import check_confusion_matrix, check_replace_undefined_by

__all__ = [
    "CONVENTIONAL",
    "ENTROPY_TRIANGLE",
    "INFORMATION_COVERAGE",
    "MEASURES",
    "NORMALIZED_INFORMATION",
    "MeasureSpec",
    "check_measure",
    "compute_measures",
    "evaluate_measures",
    "evaluate_stack_blocks",
]

MEASURES: dict[str, MeasureSpec] = {
    **NI_SPECS,
    **COVERAGE_SPECS,
    **TRIANGLE_SPECS,
    **CONVENTIONAL_SPECS,
}


# NI1 ... NI24, summarised in messages (not "nit", which is listed).
_NUMBERED_NI = re.compile(r"ni\d+")


def check_measure(name) -> MeasureSpec:
    """The registry entry for a base name or a ``neg_`` scorer name, or raise."""
    if isinstance(name, str):
        key = name.lower()
        if key in MEASURES:
            return MEASURES[key]
        if key.startswith("neg_") and key[4:] in MEASURES:
            spec = MEASURES[key[4:]]
            if not spec.higher_is_better:
                return spec
    others = [repr(n) for n in MEASURES if not _NUMBERED_NI.fullmatch(n)]
    raise ValueError(
        f"Unknown measure {name!r}. Known measures: 'ni1' ... 'ni24', "
        f"{', '.join(others)}."
    )


def _check_names(names, n_classes):
    specs = [check_measure(name) for name in names]
    for spec in specs:
        if spec.binary_only and n_classes != 2:
            raise ValueError(
                f"{spec.name!r} is only defined for two classes; the matrix has "
                f"{n_classes}."
            )
    return specs


def evaluate_measures(quantities, names, *, replace_undefined_by="warn"):
    """The named measures from already computed quantities.

    Parameters
    ----------
    quantities : MatrixQuantities
        Of one matrix or of a stack.
    names : iterable of str
        Base names (or ``neg_`` scorer names) from :data:`MEASURES`.
    replace_undefined_by : "warn" or float, default="warn"
        As for the core functions; only the requested measures warn.

    Returns
    -------
    values : dict
        ``{name: value}`` in the order of ``names`` (base names).
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    specs = _check_names(names, quantities.n_classes)
    return _evaluate_specs(quantities, specs, replace_undefined_by)


def compute_measures(
    confusion_matrix: ArrayLike,
    names: Iterable[str],
    *,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """The named measures of a matrix or stack: one validation, one quantities pass.

    Parameters
    ----------
    confusion_matrix : array-like of shape (..., m, m + 1) or (..., m, m)
        Counts.
    names : iterable of str
        Base names from :data:`MEASURES`.
    replace_undefined_by : "warn" or float, default="warn"
        As for the core functions.

    Returns
    -------
    values : dict
        ``{name: value}`` in the order of ``names``: floats for one matrix,
        arrays of the stack shape for a stack.

    Examples
    --------
    >>> from infometrics.measures import compute_measures
    >>> compute_measures([[5, 1, 2], [1, 6, 0]], ["ni2", "kappa"])
    {'ni2': 0.3408435053044253, 'kappa': 0.53125}
    """
    names = list(names)
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    specs = _check_names(names, counts.shape[-2])
    return _evaluate_specs(MatrixQuantities(counts), specs, replace_undefined_by)


def evaluate_stack_blocks(blocks, n_classes, names, *, replace_undefined_by):
    """The named measures of a stack given as consecutive blocks of counts.

    The builders of threshold stacks (reject curves, binned counts, the
    threshold tuner) hand their matrices over in bounded blocks; each block's
    quantities are built when it arrives and dropped after, the counts are
    not validated again (the builder made them), and every measure warns once
    for the whole stack.

    Parameters
    ----------
    blocks : iterable of ndarray of shape (k, m, m + 1)
        Finite non-negative float counts, the blocks in order.
    n_classes : int
        ``m``.
    names : iterable of str
        Base names from :data:`MEASURES`.
    replace_undefined_by : "warn" or float
        As for the core functions.

    Returns
    -------
    values : dict
        ``{name: ndarray}`` over the whole stack, in the order of ``names``.
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    specs = _check_names(names, n_classes)
    quantities = (MatrixQuantities(block) for block in blocks)
    return _evaluate_specs(quantities, specs, replace_undefined_by)
