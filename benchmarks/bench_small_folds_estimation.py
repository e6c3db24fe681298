"""How well plug-in, jackknife-corrected and chance-adjusted NI2 estimate NI2.

Run:  python benchmarks/bench_small_folds_estimation.py [--repeats R]

Populations: random joint distributions of a classifier with 3, 5 and 10
classes and a reject column (mostly right, errors and rejections scattered,
unequal class sizes). From each, ``R`` samples of n = 30, 100, 300 and 1000
are drawn (multinomial counts, one stack per size). For each estimator the
table gives its bias and RMSE against the population NI2, and for the
jackknife the coverage of ``NI2 +- 1.96 SE`` (plug-in value) and of
``corrected +- 1.96 SE``. The chance-adjusted NI2 estimates a different
quantity (information beyond chance, 0 for shuffled outputs); its distance
from the population NI2 is shown for reference, not as an error.
"""

import argparse
import warnings

import numpy as np

import infometrics as im

adjusted_measures = im.measures.adjusted_measures
jackknife_measures = im.measures.jackknife_measures


def population(n_classes, rng):
    """A joint distribution of truth and output (reject column last)."""
    joint = rng.dirichlet(np.full(n_classes + 1, 0.3), size=n_classes)
    joint[:, :n_classes] += 3 * np.eye(n_classes)
    joint /= joint.sum(axis=1, keepdims=True)
    return joint * rng.dirichlet(np.full(n_classes, 4.0))[:, None]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=400)
    repeats = parser.parse_args().repeats
    rng = np.random.default_rng(2026)
    warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
    header = (
        f"{'m':>3} {'n':>5} {'NI2':>6} | {'plug-in bias':>12} {'RMSE':>6} | "
        f"{'jackknife bias':>14} {'RMSE':>6} | {'cover':>5} {'cover c':>7} | "
        f"{'adjusted - NI2':>14}"
    )
    print(f"{repeats} samples per row; population NI2 in column 3\n{header}")
    for n_classes in (3, 5, 10):
        joint = population(n_classes, rng)
        truth = im.ni(joint, "ni2")
        for n in (30, 100, 300, 1000):
            counts = rng.multinomial(n, joint.ravel(), size=repeats)
            counts = counts.reshape(repeats, n_classes, n_classes + 1)
            estimate = jackknife_measures(counts, "ni2", replace_undefined_by=np.nan)
            estimate = estimate["ni2"]
            adjusted = adjusted_measures(counts, "ni2", replace_undefined_by=np.nan)
            plug, fixed = estimate.value, estimate.bias_corrected
            error = estimate.standard_error
            cover = np.nanmean(np.abs(plug - truth) <= 1.96 * error)
            cover_fixed = np.nanmean(np.abs(fixed - truth) <= 1.96 * error)
            print(
                f"{n_classes:>3} {n:>5} {truth:6.3f} | "
                f"{np.nanmean(plug - truth):+12.4f} "
                f"{np.sqrt(np.nanmean((plug - truth) ** 2)):6.4f} | "
                f"{np.nanmean(fixed - truth):+14.4f} "
                f"{np.sqrt(np.nanmean((fixed - truth) ** 2)):6.4f} | "
                f"{cover:5.3f} {cover_fixed:7.3f} | "
                f"{np.nanmean(adjusted['ni2'] - truth):+14.4f}"
            )


if __name__ == "__main__":
    main()
