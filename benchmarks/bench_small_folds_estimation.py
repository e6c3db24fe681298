"""How well plug-in, jackknife-corrected and chance-adjusted NI2 estimate NI2.

Run:  python benchmarks/bench_small_folds_estimation.py [--repeats R]

Populations (joint distributions of truth and output, reject column last):
published matrices of the seed papers, normalized (Hu & Wang 2008, Tables 3
and 4; Hu, He & Yuan, Table 4), and random classifiers with 2, 5, 10 and 20
classes (mostly right, errors and rejections scattered, unequal class sizes).
From each, ``R`` samples of n = 30, 100, 300 and 1000 are drawn (multinomial
counts, one stack per size). For each estimator the table gives its bias and
RMSE against the population NI2, and for the jackknife the coverage of
``NI2 +- 1.96 SE`` around the plug-in value and around the corrected one. The
chance-adjusted NI2 estimates a different quantity (information beyond
chance, 0 for shuffled outputs); its mean distance from the population NI2 is
shown for reference, not as an error. Samples on which NI2 is undefined (a
single true class drawn) are left out of the means.
"""

import argparse
import sys
import warnings
from pathlib import Path

import numpy as np

import infometrics as im

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from designed_matrices import (
    HU_HE_YUAN_MATRICES,
    HU_WANG_TABLE_3_MATRICES,
    HU_WANG_TABLE_4_MATRICES,
)

adjusted_measures = im.measures.adjusted_measures
jackknife_measures = im.measures.jackknife_measures

# Published matrices: errors on one class (HW3 M3), rejections on both
# classes (HW3 M5, M6), three classes with errors or rejects (HW4 M12, M15,
# M19), and the minimum of the mutual-information group, no information at
# all (HHY M5: outputs independent of the truth).
PUBLISHED = {
    "HW3 M3": HU_WANG_TABLE_3_MATRICES["M3"],
    "HW3 M5": HU_WANG_TABLE_3_MATRICES["M5"],
    "HW3 M6": HU_WANG_TABLE_3_MATRICES["M6"],
    "HW4 M12": HU_WANG_TABLE_4_MATRICES["M12"],
    "HW4 M15": HU_WANG_TABLE_4_MATRICES["M15"],
    "HW4 M19": HU_WANG_TABLE_4_MATRICES["M19"],
    "HHY M5": HU_HE_YUAN_MATRICES["M5"],
}


def random_population(n_classes, rng):
    """A classifier's joint distribution (reject column last)."""
    joint = rng.dirichlet(np.full(n_classes + 1, 0.3), size=n_classes)
    joint[:, :n_classes] += 3 * np.eye(n_classes)
    joint /= joint.sum(axis=1, keepdims=True)
    return joint * rng.dirichlet(np.full(n_classes, 4.0))[:, None]


def populations(rng):
    for name, matrix in PUBLISHED.items():
        matrix = np.asarray(matrix, dtype=float)
        yield name, matrix / matrix.sum()
    for n_classes in (2, 5, 10, 20):
        yield f"random m={n_classes}", random_population(n_classes, rng)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=2000)
    repeats = parser.parse_args().repeats
    rng = np.random.default_rng(2026)
    warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
    columns = (
        f"{'population':<12} {'n':>5} {'NI2':>6} {'plug-in bias':>12} {'RMSE':>6} "
        f"{'jackknife bias':>14} {'RMSE':>6} {'cover':>5} {'cover c':>7} "
        f"{'adjusted - NI2':>14}"
    )
    print(f"{repeats} samples per row; population NI2 in column 3\n{columns}")
    for name, joint in populations(rng):
        truth = im.ni(joint, "ni2")
        for n in (30, 100, 300, 1000):
            counts = rng.multinomial(n, joint.ravel(), size=repeats)
            counts = counts.reshape(repeats, *joint.shape)
            estimate = jackknife_measures(counts, "ni2", replace_undefined_by=np.nan)
            estimate = estimate["ni2"]
            adjusted = adjusted_measures(counts, "ni2", replace_undefined_by=np.nan)
            plug, fixed = estimate.value, estimate.bias_corrected
            error = estimate.standard_error
            cover = np.nanmean(np.abs(plug - truth) <= 1.96 * error)
            cover_fixed = np.nanmean(np.abs(fixed - truth) <= 1.96 * error)
            print(
                f"{name:<12} {n:>5} {truth:6.3f} "
                f"{np.nanmean(plug - truth):+12.3f} "
                f"{np.sqrt(np.nanmean((plug - truth) ** 2)):6.3f} "
                f"{np.nanmean(fixed - truth):+14.3f} "
                f"{np.sqrt(np.nanmean((fixed - truth) ** 2)):6.3f} "
                f"{cover:5.3f} {cover_fixed:7.3f} "
                f"{np.nanmean(adjusted['ni2'] - truth):+14.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
