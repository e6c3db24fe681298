"""Parametrisation with the known-defect marks, and comparison of outputs."""

import numpy as np
import pytest

from .known_defects import KNOWN_DEFECTS

# Every (entry, check) the battery generates, so the table can be kept exact.
GENERATED: set[tuple[str, str]] = set()


def check_id(invariant, variant=None):
    return invariant if variant is None else f"{invariant}[{variant}]"


def battery_params(invariant, names, variants=(None,)):
    """``pytest.param(name, variant)`` per pair, xfail-strict where known."""
    params = []
    for name in names:
        for variant in variants:
            key = (name, check_id(invariant, variant))
            GENERATED.add(key)
            marks = []
            if key in KNOWN_DEFECTS:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_DEFECTS[key]))
            test_id = name if variant is None else f"{name}-{variant}"
            params.append(pytest.param(name, variant, id=test_id, marks=marks))
    return params


def assert_same_outputs(left, right, *, rtol=1e-12, atol=0.0, skip=()):
    """Two runs of an entry give the same names and numbers (NaN == NaN)."""
    assert sorted(left) == sorted(right)
    for key in left:
        if any(part in key for part in skip):
            continue
        a, b = np.asarray(left[key]), np.asarray(right[key])
        assert a.shape == b.shape, f"{key}: shape {a.shape} != {b.shape}"
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol, err_msg=key)
