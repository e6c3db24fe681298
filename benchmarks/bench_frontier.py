"""The reject frontier (issue 10): the O(1)-update sweep against a sort.

Run:  python benchmarks/bench_frontier.py [--quick] [--samples N]

For 2, 10 and 100 classes and every distinct threshold, measured side by side
in one run, as ratios to ``np.argsort`` of the confidences (the floor of any
exact curve over all thresholds):

- ``reject_curve_from_predictions`` (predictions + a confidence: the sweep and
  the label checks), and the bare sweep (sort, group, update, evaluate);
- ``reject_curve`` from a probability matrix (adds the argmax/max over the
  scores), for 2 and 10 classes;
- every registry measure at every threshold (10 classes);
- the previous implementation (the stack of matrices of every threshold,
  re-evaluated block by block; a private copy below);
- a naive loop: build the matrix and evaluate the measures at a few
  thresholds, extrapolated to every threshold.

The machine may be shared: every timing is the best of several rounds of CPU
time of this process (``time.process_time``), rounds of the compared
functions interleaved, so that load from other processes inflates neither
side; wall-clock times are printed alongside.
"""

import argparse
import time
import warnings

import numpy as np

import infometrics as im
from infometrics._curves.sweep import RejectSweep
from infometrics._curves.sweep_quantities import SweepQuantities
from infometrics._measures.registry import (
    MEASURES,
    compute_measures,
    evaluate_measures,
)

DEFAULT = ("ni2", "info_completeness", "false_info_ratio")


def interleaved_best(functions, rounds):
    """Best CPU and wall time of each function, rounds interleaved."""
    cpu = dict.fromkeys(functions, np.inf)
    wall = dict.fromkeys(functions, np.inf)
    for _ in range(rounds):
        for name, function in functions.items():
            cpu_start, wall_start = time.process_time(), time.perf_counter()
            function()
            cpu[name] = min(cpu[name], time.process_time() - cpu_start)
            wall[name] = min(wall[name], time.perf_counter() - wall_start)
    return cpu, wall


def print_rows(title, cpu, wall, reference, notes=None):
    print(f"\n{title}")
    for name in cpu:
        note = (notes or {}).get(name, "")
        print(
            f"  {name:<56s} {cpu[name] * 1e3:9.1f} ms cpu {wall[name] * 1e3:9.1f} ms "
            f"wall  {cpu[name] / cpu[reference]:7.2f}x argsort{note}"
        )


def block_curve(y_true, y_pred, confidence, n_classes, names, block_cells=1 << 22):
    """The previous reject curve: every threshold's full matrix, evaluated.

    Sort once, one-hot cumulative counts per block of samples, the stack of
    (m, m + 1) matrices of the thresholds in the block re-evaluated.
    """
    order = np.argsort(confidence, kind="stable")
    ranked = confidence[order]
    codes = (y_true * n_classes + y_pred)[order]
    cut_points = ranked[np.concatenate([[0], np.flatnonzero(np.diff(ranked)) + 1])]
    stops = np.searchsorted(ranked, np.append(cut_points, np.inf), side="left")
    n_cells = n_classes * n_classes
    base = np.bincount(codes, minlength=n_cells).reshape(n_classes, n_classes)
    block = max(1, block_cells // n_cells)
    running = np.zeros(n_cells)
    values = {name: [] for name in names}
    stop_index, start = 0, 0
    while stop_index < len(stops):
        end = min(len(codes), start + block)
        onehot = np.zeros((end - start, n_cells))
        onehot[np.arange(end - start), codes[start:end]] = 1.0
        cumulative = np.cumsum(onehot, axis=0) + running
        count = int(np.searchsorted(stops[stop_index:], end, side="right"))
        if count:
            selected = stops[stop_index : stop_index + count]
            rejected = np.where(
                (selected > start)[:, None],
                cumulative[np.maximum(selected - start - 1, 0)],
                running,
            ).reshape(-1, n_classes, n_classes)
            accepted = base[None] - rejected
            stack = np.concatenate([accepted, rejected.sum(axis=2)[:, :, None]], axis=2)
            for name, value in compute_measures(
                stack, names, replace_undefined_by=np.nan
            ).items():
                values[name].append(value)
        stop_index += count
        running = cumulative[-1]
        start = end
    return {name: np.concatenate(parts) for name, parts in values.items()}


def naive_loop(y_true, y_pred, confidence, thresholds, names):
    """Threshold by threshold: predictions, matrix, measures."""
    for threshold in thresholds:
        predictions = np.where(confidence >= threshold, y_pred, -1)
        matrix = im.augmented_confusion_matrix(y_true, predictions)
        compute_measures(matrix, names, replace_undefined_by=np.nan)


def problem(n_samples, n_classes, rng, *, with_scores):
    y_true = rng.integers(0, n_classes, n_samples)
    if with_scores:
        logits = rng.normal(size=(n_samples, n_classes))
        logits[np.arange(n_samples), y_true] += 2.0
        proba = np.exp(logits)
        proba /= proba.sum(axis=1, keepdims=True)
        return y_true, proba.argmax(axis=1), proba.max(axis=1), proba
    wrong = rng.random(n_samples) < 0.3
    y_pred = np.where(wrong, rng.integers(0, n_classes, n_samples), y_true)
    confidence = np.where(wrong, rng.beta(2, 3, n_samples), rng.beta(5, 2, n_samples))
    return y_true, y_pred, confidence, None


def bench(n_samples, n_classes, rng, rounds):
    with_scores = n_classes <= 10
    y_true, y_pred, confidence, proba = problem(
        n_samples, n_classes, rng, with_scores=with_scores
    )
    n_points = len(np.unique(confidence)) + 1
    labels = np.arange(n_classes)

    def sweep_only(names=DEFAULT):
        sweep = RejectSweep(
            y_true, y_pred, confidence, np.ones(n_samples), n_classes, None
        )
        evaluate_measures(SweepQuantities(sweep), names, replace_undefined_by=np.nan)

    functions = {
        "np.argsort(confidence)  [reference]": lambda: np.argsort(confidence),
        "sweep: sort + group + O(1) updates, 3 measures": sweep_only,
        "reject_curve_from_predictions, 3 measures": lambda: (
            im.reject_curve_from_predictions(
                y_true, y_pred, confidence, labels=labels, reject_label=None
            )
        ),
    }
    if with_scores:
        functions["reject_curve(y_true, proba), 3 measures"] = lambda: im.reject_curve(
            y_true, proba, labels=labels
        )
    every = [
        name
        for name, spec in MEASURES.items()
        if not (spec.binary_only and n_classes != 2)
    ]
    if n_classes == 10:
        functions[f"sweep, all {len(every)} registry measures"] = lambda: sweep_only(
            every
        )
    cpu, wall = interleaved_best(functions, rounds)

    # The slow references run once (their ratios are large; one round is enough).
    slow_cpu, slow_wall, notes = {}, {}, {}
    block_samples = n_samples if n_classes <= 10 else min(n_samples, 10_000)
    name = "previous block implementation (every threshold's matrix)"
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    block_curve(
        y_true[:block_samples],
        y_pred[:block_samples],
        confidence[:block_samples],
        n_classes,
        list(DEFAULT),
    )
    slow_cpu[name] = time.process_time() - start_cpu
    slow_wall[name] = time.perf_counter() - start_wall
    if block_samples < n_samples:
        # Its cost is linear in the thresholds (= samples here): scale up.
        scale = n_samples / block_samples
        slow_cpu[name] *= scale
        slow_wall[name] *= scale
        notes[name] = f"  (measured on {block_samples} samples, x{scale:.0f})"
    few = np.quantile(confidence, np.linspace(0.05, 0.95, 5))
    name = "naive loop: matrix + measures per threshold"
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    naive_loop(y_true, y_pred, confidence, few, list(DEFAULT))
    scale = n_points / len(few)
    slow_cpu[name] = (time.process_time() - start_cpu) * scale
    slow_wall[name] = (time.perf_counter() - start_wall) * scale
    notes[name] = f"  (5 thresholds, x{scale:.0f} to all {n_points})"
    cpu.update(slow_cpu)
    wall.update(slow_wall)
    print_rows(
        f"reject curve, n = {n_samples:.0e}, {n_classes} classes, every distinct "
        f"threshold ({n_points} points)",
        cpu,
        wall,
        "np.argsort(confidence)  [reference]",
        notes,
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10^5 samples, 2 rounds")
    parser.add_argument("--samples", type=int, default=None)
    arguments = parser.parse_args()
    n_samples = arguments.samples or (10**5 if arguments.quick else 10**6)
    rounds = 2 if arguments.quick else 5
    rng = np.random.default_rng(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", im.UndefinedMeasureWarning)
        for n_classes in (2, 10, 100):
            bench(n_samples, n_classes, rng, rounds)


if __name__ == "__main__":
    main()
