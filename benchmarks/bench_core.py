"""Core benchmarks, each measured side by side in one run.

Run:  python benchmarks/bench_core.py [--quick] [--before SRC] [--budget-only]

(``--before /work/main/src`` measures that version too, in the same rounds.)

Prints times and ratios: labels -> matrix against a bare np.bincount and
sklearn.metrics.confusion_matrix; all measures against scikit-learn's
normalized_mutual_info_score (one measure); a stack of bootstrap matrices
against a Python loop.
"""

import argparse
import importlib.util
import sys
import time
import warnings
from functools import partial

import numpy as np
from _timing import best_time, report
from sklearn.metrics import confusion_matrix, normalized_mutual_info_score

import infometrics as im
from infometrics.measures import compute_measures


def load_other(src):
    """The infometrics package under ``src``, imported as ``infometrics_before``."""
    spec = importlib.util.spec_from_file_location(
        "infometrics_before",
        f"{src}/infometrics/__init__.py",
        submodule_search_locations=[f"{src}/infometrics"],
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["infometrics_before"] = module
    spec.loader.exec_module(module)
    return module


def interleaved_best(functions, rounds):
    """Best time of each function, the functions run in turn in every round."""
    best = [np.inf] * len(functions)
    for _ in range(rounds):
        for position, function in enumerate(functions):
            start = time.perf_counter()
            function()
            best[position] = min(best[position], time.perf_counter() - start)
    return best


def labels_to_matrix_budget(n_samples, before, rounds):
    """Ratio to the bare idiom at 2 to 10,000 classes, interleaved, before/after.

    The labels are coded 0 .. k - 1 (5% rejected as -1 for the default
    marker); validation is included. ``before`` (a src directory, e.g. the
    main checkout's) is loaded under another name and measured in the same
    rounds.
    """
    packages = {"after": im}
    if before:
        packages["before"] = load_other(before)
    rng = np.random.default_rng(0)
    print(f"labels -> matrix, n = {n_samples:.0e}: ratio to the bare bincount idiom")
    print(f"{'classes':>8s} {'marker':>8s} " + " ".join(f"{k:>8s}" for k in packages))
    for n_classes in (2, 10, 1000, 10000):
        y_true = rng.integers(0, n_classes, n_samples)
        y_pred = np.where(
            rng.random(n_samples) < 0.3, rng.integers(0, n_classes, n_samples), y_true
        )
        rejecting = np.where(rng.random(n_samples) < 0.05, -1, y_pred)

        def idiom(y_true=y_true, y_pred=y_pred, k=n_classes):
            np.bincount(y_true * k + y_pred, minlength=k * k)

        for marker, predictions, options in (
            ("-1", rejecting, {}),
            ("None", y_pred, {"reject_label": None}),
        ):
            calls = [idiom] + [
                partial(
                    package.augmented_confusion_matrix, y_true, predictions, **options
                )
                for package in packages.values()
            ]
            times = interleaved_best(calls, rounds)
            ratios = " ".join(f"{t / times[0]:7.2f}x" for t in times[1:])
            print(f"{n_classes:>8d} {marker:>8s} {ratios}", flush=True)


def labels_to_matrix(n_samples, n_classes, rng):
    y_true = rng.integers(0, n_classes, n_samples)
    y_pred = np.where(
        rng.random(n_samples) < 0.3, rng.integers(0, n_classes, n_samples), y_true
    )

    def bare_bincount():
        np.bincount(y_true * n_classes + y_pred, minlength=n_classes * n_classes)

    y_pred_rejecting = np.where(rng.random(n_samples) < 0.05, -1, y_pred)
    rows = [
        ("bare np.bincount(y_true * k + y_pred)", best_time(bare_bincount, repeat=5)),
        (
            "infometrics.augmented_confusion_matrix (coded 0..k-1)",
            best_time(lambda: im.augmented_confusion_matrix(y_true, y_pred), repeat=5),
        ),
        (
            "infometrics.augmented_confusion_matrix (0..k-1, 5% rejected as -1)",
            best_time(
                lambda: im.augmented_confusion_matrix(y_true, y_pred_rejecting),
                repeat=5,
            ),
        ),
    ]
    sklearn_time = best_time(
        lambda: confusion_matrix(y_true, y_pred), repeat=1, min_seconds=0
    )
    rows.append(("sklearn.metrics.confusion_matrix (coded 0..k-1)", sklearn_time))
    report(f"labels -> matrix, n = {n_samples:.0e}, {n_classes} classes", rows)

    names = np.array([f"class-{k:04d}" for k in range(n_classes)], dtype=object)
    true_text, pred_text = names[y_true], names[y_pred]
    sparse = rng.choice(2**40, n_classes, replace=False)
    true_sparse, pred_sparse = sparse[y_true], sparse[y_pred]
    rows = [
        (
            "sklearn.metrics.confusion_matrix (strings)  [reference]",
            best_time(
                lambda: confusion_matrix(true_text, pred_text), repeat=1, min_seconds=0
            ),
        ),
        (
            "infometrics.augmented_confusion_matrix (strings)",
            best_time(
                # No reject marker among these strings (as for scikit-learn's
                # matrix): reject_label=None, not the numeric default.
                lambda: im.augmented_confusion_matrix(
                    true_text, pred_text, reject_label=None
                ),
                repeat=2,
                min_seconds=0,
            ),
        ),
        (
            "sklearn.metrics.confusion_matrix (sparse integers)",
            best_time(
                lambda: confusion_matrix(true_sparse, pred_sparse),
                repeat=1,
                min_seconds=0,
            ),
        ),
        (
            "infometrics.augmented_confusion_matrix (sparse integers)",
            best_time(
                lambda: im.augmented_confusion_matrix(true_sparse, pred_sparse),
                repeat=2,
                min_seconds=0,
            ),
        ),
    ]
    report(f"arbitrary labels, n = {n_samples:.0e}, {n_classes} classes", rows)
    return y_true, y_pred


def measures_on_large_matrix(y_true, y_pred, n_classes):
    matrix = im.augmented_confusion_matrix(y_true, y_pred)
    every = [
        name for name, spec in im.measures.MEASURES.items() if not spec.binary_only
    ]

    def everything():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
            im.all_measures(matrix)
            im.information_coverage(matrix)
            im.entropy_triangle(matrix)

    rows = [
        (
            "sklearn normalized_mutual_info_score (1 measure, from labels)",
            best_time(
                lambda: normalized_mutual_info_score(y_true, y_pred),
                repeat=1,
                min_seconds=0,
            ),
        ),
        (
            "infometrics 24 NIs + coverage + triangle (from the matrix)",
            best_time(everything),
        ),
        (
            "infometrics every registry measure, one quantities pass (matrix)",
            best_time(
                lambda: compute_measures(matrix, every, replace_undefined_by=0.0)
            ),
        ),
        (
            "infometrics matrix + 24 NIs + coverage + triangle (from labels)",
            best_time(
                lambda: (im.augmented_confusion_matrix(y_true, y_pred), everything()),
                repeat=2,
                min_seconds=0,
            ),
        ),
    ]
    report(f"all measures, {n_classes} classes", rows)


def bootstrap_stack(n_matrices, rng):
    base = np.array([[50, 5, 3, 2], [4, 30, 6, 1], [2, 3, 20, 4]])
    stack = rng.multinomial(base.sum(), base.ravel() / base.sum(), n_matrices).reshape(
        n_matrices, 3, 4
    )

    def loop():
        for matrix in stack:
            im.ni(matrix, "ni2")

    rows = [
        (
            "Python loop over the stack, im.ni(matrix, 'ni2')",
            best_time(loop, repeat=1, min_seconds=0),
        ),
        ("im.ni(stack, 'ni2'), vectorised", best_time(lambda: im.ni(stack, "ni2"))),
        (
            "im.all_measures(stack), vectorised (24 measures)",
            best_time(
                lambda: im.all_measures(stack, replace_undefined_by=np.nan), repeat=3
            ),
        ),
    ]
    report(f"stack of {n_matrices:.0e} bootstrap matrices (3 x 4)", rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    parser.add_argument(
        "--before", help="src directory of a version to compare (e.g. main's)"
    )
    parser.add_argument(
        "--budget-only", action="store_true", help="only the labels -> matrix budget"
    )
    args = parser.parse_args()
    labels_to_matrix_budget(10**6, args.before, rounds=7)
    if args.budget_only:
        return
    rng = np.random.default_rng(0)
    n_samples = 10**6 if args.quick else 10**7
    n_matrices = 10**4 if args.quick else 10**5
    for n_classes in (10, 1000):
        y_true, y_pred = labels_to_matrix(n_samples, n_classes, rng)
        measures_on_large_matrix(y_true, y_pred, n_classes)
    bootstrap_stack(n_matrices, rng)


if __name__ == "__main__":
    main()
