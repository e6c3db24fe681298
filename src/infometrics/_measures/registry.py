"""The one registry of every scalar measure: core functions, scorers, reports."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike

from . import measure
from .conventional import SPECS as CONVENTIONAL_SPECS
from .coverage import SPECS as COVERAGE_SPECS
from .measure import MeasureSpec, for_classes, measure_matrix
from .ni import SPECS as NI_SPECS
from .quantities import MatrixQuantities
from .triangle import SPECS as TRIANGLE_SPECS
from .validation import check_replace_undefined_by

MEASURES: dict[str, MeasureSpec] = {
    **NI_SPECS,
    **COVERAGE_SPECS,
    **TRIANGLE_SPECS,
    **CONVENTIONAL_SPECS,
}


def check_measure(name) -> MeasureSpec:
    """The registry entry for a base name or a ``neg_`` scorer name, or raise."""
    if isinstance(name, str):
        key = name.lower()
        spec = MEASURES.get(key.removeprefix("neg_"))
        if spec is not None and (key == spec.name or not spec.higher_is_better):
            return spec
    others = [repr(n) for n in MEASURES if n not in NI_SPECS]  # ni1 ... ni24 summed up
    raise ValueError(
        f"Unknown measure {name!r}. Known measures: 'ni1' ... 'ni24', "
        f"{', '.join(others)}."
    )


def check_measures(measures, n_classes=None) -> list[MeasureSpec]:
    """The entries of a name or list of names (once each, in order), or raise;
    ``n_classes`` refuses the two-class measures on others."""
    if isinstance(measures, str):
        measures = [measures]
    try:
        specs = _once(measures, n_classes)
    except TypeError:
        raise TypeError(
            "measures must be a measure name or a list of names, e.g. 'ni2' or "
            f"['ni2', 'info_completeness']; got {type(measures).__name__}."
        ) from None
    if not specs:
        raise ValueError("measures is empty; name at least one measure, e.g. 'ni2'.")
    return specs


def _once(names, n_classes=None):
    # Each measure once: "ni2" and "NI2" are one column of the results.
    specs = {spec.name: spec for spec in map(check_measure, names)}
    return for_classes(list(specs.values()), n_classes)


def evaluate_measures(quantities, names, *, replace_undefined_by="warn"):
    """``{name: value}`` of the named measures from computed quantities."""
    specs = _once(names, quantities.n_classes)
    replace = check_replace_undefined_by(replace_undefined_by)
    return measure.evaluate_measures(quantities, specs, replace)


def compute_measures(
    confusion_matrix: ArrayLike,
    names: Iterable[str],
    *,
    pos_label: Any = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """The named measures of a matrix or stack: one validation, one quantities pass.

    Parameters
    ----------
    confusion_matrix : array-like of shape (..., m, m + 1) or (..., m, m)
        As in :func:`ni`.
    names : iterable of str
        Names from :data:`MEASURES` (or ``neg_`` scorer names).
    pos_label : label, default=1
        As in :func:`conventional_measures`.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    values : dict
        ``{name: value}`` in the order of ``names``.

    Examples
    --------
    >>> from infometrics.measures import compute_measures
    >>> compute_measures([[5, 1, 2], [1, 6, 0]], ["ni2", "kappa"])
    {'ni2': 0.3408435053044253, 'kappa': 0.53125}
    """
    return measure_matrix(
        confusion_matrix, _once(names), replace_undefined_by, pos_label=pos_label
    )[0]


def evaluate_stack_blocks(blocks, n_classes, names, *, replace_undefined_by):
    """``{name: ndarray}`` of a stack given as consecutive valid blocks; each
    measure warns once."""
    quantities = (MatrixQuantities(block) for block in blocks)
    replace = check_replace_undefined_by(replace_undefined_by)
    return measure.evaluate_measures(quantities, _once(names, n_classes), replace)
