"""Helpers shared by test modules: every measure of a matrix, public API only."""

import numpy as np

import infometrics as im

# The measures affine in the mutual information I (or I_M) once both margins
# are fixed: the only ones whose expectation under the permutation model is
# their value at E[I] (Vinh, Epps & Bailey 2010), so the only ones that
# ``adjusted_measures`` accepts.
ADJUSTABLE = (
    *(f"ni{k}" for k in (1, 2, 3, 4, 5, 6, 8, 9)),
    "info_completeness",
    "false_info_ratio",
    "info_error",
    "triangle_mi",
    "triangle_vi",
)


def every_measure(matrix, *, replace_undefined_by=np.nan):
    """Every registry measure of a matrix (or stack), through each family's function.

    Not through :func:`infometrics.measures.compute_measures`: the point is
    that the family functions give what the registry gives.
    """
    kwargs = {"replace_undefined_by": replace_undefined_by}
    coverage = im.information_coverage(matrix, **kwargs)
    triangle = im.entropy_triangle(matrix, **kwargs)
    values = {
        **im.all_measures(matrix, **kwargs),
        **im.conventional_measures(matrix, **kwargs),
        "info_completeness": coverage.completeness,
        "false_info_ratio": coverage.false_info_ratio,
        "info_error": coverage.info_error,
        "triangle_mi": triangle.mutual_info,
        "triangle_vi": triangle.variation_info,
        "triangle_dh": triangle.delta_h,
        "ema": triangle.ema,
        "nit": triangle.nit,
    }
    return {name: np.asarray(value, dtype=float) for name, value in values.items()}
