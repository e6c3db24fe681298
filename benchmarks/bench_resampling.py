"""Resampling budgets: bootstrap and paired comparison against one bincount.

Run:  python benchmarks/bench_resampling.py [--before SRC] [--rounds 3] [--quick]

At 10^6 samples x 1,000 resamples x 10 classes the budgets are
``bootstrap_measures`` (and ``bootstrap_measures_from_predictions``) at most 10 times,
and ``paired_comparison`` at most 40 times, the unit: one
``np.bincount(y_true * k + y_pred, minlength=k * k)`` over the 10^6 labels.

Every figure is a ratio measured inside one process against the unit
measured in the same process, interleaved with it (best CPU time of several
calls each, taken in turns), so a loaded machine moves both alike. With
``--before SRC`` (e.g. ``/work/main/src``) each round also runs the same
measurements in a subprocess on that source tree, alternating with this one,
which gives a before/after table from one run.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

N_CLASSES = 10


def best_cpu_times(functions, repeat):
    """Best CPU time of each function, calls taken in turns (interleaved)."""
    best = [float("inf")] * len(functions)
    for _ in range(repeat):
        for index, function in enumerate(functions):
            start = time.process_time()
            function()
            best[index] = min(best[index], time.process_time() - start)
    return best


def _labels(n_samples, rng, accuracy):
    y_true = rng.integers(0, N_CLASSES, n_samples)
    wrong = rng.integers(-1, N_CLASSES, n_samples)
    return y_true, np.where(rng.random(n_samples) < accuracy, y_true, wrong)


def measure(n_samples, n_resamples):
    """``{case: ratio to the unit}`` for the package on ``sys.path``."""
    import infometrics as im

    rng = np.random.default_rng(0)
    y_true, pred_a = _labels(n_samples, rng, 0.8)
    # Uniform errors: B is A with 15% of its answers changed to any column,
    # or errs independently of A: all 10 x 11 x 11 (truth, A, B) cells are
    # occupied, the hardest case for a multinomial over the joint table.
    pred_b = np.where(
        rng.random(n_samples) < 0.15, rng.integers(-1, 10, n_samples), pred_a
    )
    _, independent = _labels(n_samples, rng, 0.7)
    independent = np.where(rng.random(n_samples) < 0.7, y_true, independent)

    # Confusable classes (as trained classifiers err): each errs to a
    # neighbouring class or rejects, so about 10 x 4 x 4 cells are occupied.
    def neighbour(y, share):
        step = rng.choice([-1, 1, 0], y.size)  # 0: reject
        other = np.where(step == 0, -1, (y + step) % N_CLASSES)
        return np.where(rng.random(y.size) < share, other, y)

    close_a = neighbour(y_true, 0.2)
    close_b = np.where(rng.random(n_samples) < 0.5, close_a, neighbour(y_true, 0.25))
    weights = rng.integers(1, 4, n_samples).astype(float)
    matrix = im.augmented_confusion_matrix(y_true, pred_a)
    codes_pred = np.where(pred_a < 0, N_CLASSES, pred_a)
    width = N_CLASSES + 1

    cases = {
        "bootstrap_measures (matrix)": lambda: im.resampling.bootstrap_measures(
            matrix, "ni2", n_resamples=n_resamples, random_state=0
        ),
        "bootstrap_measures_from_predictions (labels)": lambda: (
            im.resampling.bootstrap_measures_from_predictions(
                y_true, pred_a, "ni2", n_resamples=n_resamples, random_state=0
            )
        ),
        "bootstrap_measures_from_predictions, 3 distinct weights": lambda: (
            im.resampling.bootstrap_measures_from_predictions(
                y_true,
                pred_a,
                "ni2",
                sample_weight=weights,
                n_resamples=n_resamples,
                random_state=0,
            )
        ),
        "paired_comparison, confusable classes": lambda: (
            im.resampling.paired_comparison(
                y_true, close_a, close_b, n_resamples=n_resamples, random_state=0
            )
        ),
        "paired_comparison, uniform errors, correlated": lambda: (
            im.resampling.paired_comparison(
                y_true, pred_a, pred_b, n_resamples=n_resamples, random_state=0
            )
        ),
        "paired_comparison, uniform errors, independent": lambda: (
            im.resampling.paired_comparison(
                y_true, pred_a, independent, n_resamples=n_resamples, random_state=0
            )
        ),
        # The floor of the one path: NumPy's multinomial over 1,210 cells.
        "Generator.multinomial alone, 1,210 cells": lambda: np.random.default_rng(
            0
        ).multinomial(n_samples, np.full(1210, 1 / 1210), size=n_resamples),
    }

    def unit():
        np.bincount(y_true * width + codes_pred, minlength=N_CLASSES * width)

    names = list(cases)
    times = best_cpu_times([unit, *cases.values()], repeat=5)
    return {
        name: seconds / times[0] for name, seconds in zip(names, times[1:], strict=True)
    }


def _run(source, n_samples, n_resamples):
    """The ratios of the package at ``source``, measured in a subprocess."""
    env = dict(os.environ, PYTHONPATH=source)
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(n_samples), str(n_resamples)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="source tree of the code to compare")
    parser.add_argument("--after", help="source tree measured (default: ../src)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10^5 x 200")
    parser.add_argument("--worker", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(*args.worker)))
        return
    n_samples, n_resamples = (10**5, 200) if args.quick else (10**6, 1000)
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    sides = {"after": args.after or os.path.normpath(here)}
    if args.before:
        sides = {"before": args.before, **sides}
    best = {side: {} for side in sides}
    for _ in range(args.rounds):
        for side, source in sides.items():  # alternating: interleaved rounds
            for name, ratio in _run(source, n_samples, n_resamples).items():
                best[side][name] = min(ratio, best[side].get(name, np.inf))
    print(
        f"{n_samples:.0e} samples x {n_resamples} resamples x {N_CLASSES} classes; "
        "ratio to one np.bincount(y_true * k + y_pred) of the labels (best CPU "
        f"time, {args.rounds} alternating rounds)"
    )
    print(f"  {'':<46s}" + "".join(f"{side:>10s}" for side in sides))
    for name in best["after"]:
        print(f"  {name:<46s}" + "".join(f"{best[side][name]:9.1f}x" for side in sides))
    print("  budgets: bootstrap <= 10x, paired comparison <= 40x")


if __name__ == "__main__":
    main()
