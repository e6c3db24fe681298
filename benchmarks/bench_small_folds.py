"""Budgets of the chance adjustment and the jackknife, measured side by side.

Run:  python benchmarks/bench_small_folds.py

Prints best-of-several times and ratios, the two functions of each budget
taking turns in one run (the machine may be shared, so only the ratios mean
something):

- the chance-adjusted NI2 of a 100-class matrix of 10**6 samples (exact
  expected information, reject column included) against one ``im.ni`` call on
  the same matrix (budget: 20x), and of 10**5 and 10**7 samples (no budget:
  at 10**5 most cells are summed over windows, at 10**7 every cell takes the
  series);
- the jackknife of every registry measure of a 10-class matrix against one
  ``im.all_measures`` call (budget: 5x).
"""

import warnings

import numpy as np
from _timing import best_time, report

import infometrics as im

adjusted_measures = im.measures.adjusted_measures
jackknife_measures = im.measures.jackknife_measures


def random_matrix(n_classes, n_samples, rng):
    """A classifier's counts: mostly right, errors and rejections scattered."""
    joint = rng.dirichlet(np.full(n_classes + 1, 0.5), size=n_classes)
    joint[:, :n_classes] += 4 * np.eye(n_classes) / n_classes
    joint *= rng.dirichlet(np.full(n_classes, 5.0))[:, None] / joint.sum(1)[:, None]
    counts = rng.multinomial(n_samples, joint.ravel() / joint.sum())
    return counts.reshape(n_classes, n_classes + 1).astype(float)


def interleaved(title, rows, rounds=7):
    """Best time of each ``(name, function)``, the functions taking turns in
    each round so that a load change hits them alike."""
    best = {name: float("inf") for name, _ in rows}
    for _ in range(rounds):
        for name, function in rows:
            best[name] = min(best[name], best_time(function, repeat=1))
    report(title, [(name, best[name]) for name, _ in rows])


def main():
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
    for n_samples in (10**6, 10**5, 10**7):
        large = random_matrix(100, n_samples, rng)
        interleaved(
            f"Expected information, 100 classes, {n_samples:.0e} samples"
            + (" (budget 20x)" if n_samples == 10**6 else ""),
            [
                ("im.ni(matrix, 'ni2')", lambda large=large: im.ni(large, "ni2")),
                (
                    "adjusted_measures(matrix, 'ni2')",
                    lambda large=large: adjusted_measures(large, "ni2"),
                ),
            ],
        )
    small = random_matrix(10, 300, rng)
    interleaved(
        "Jackknife of every registry measure, 10 classes (budget 5x)",
        [
            ("im.all_measures(matrix)", lambda: im.all_measures(small)),
            ("jackknife_measures(matrix)", lambda: jackknife_measures(small)),
        ],
    )


if __name__ == "__main__":
    main()
