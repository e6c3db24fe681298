"""Reject curves against one argsort of the confidences, measured in one run.

Run:  python benchmarks/bench_curves.py [--quick] [--before PATH]

10**6 samples, 10 classes, NI2: the reject curve at 1,000 thresholds, at
every distinct threshold (10**6 points), and 40 registry measures at 1,000
thresholds, each as a ratio to ONE ``np.argsort`` of the confidences (numpy's
default sort, SIMD-accelerated on recent x86 numpy, and its stable sort, which
the curves use, in a second column). Every
round times the argsort and each case back to back (interleaved), and the
best round of each is kept, so a loaded machine slows all of them alike.

``--before PATH`` also times the package found at ``PATH`` (for example
``/work/main/src``, the code before a change), imported under another name
in the same process, so the table shows before and after from one run.
"""

import argparse
import importlib.util
import sys
import time
import warnings
from pathlib import Path

import numpy as np

import infometrics as im


def load_package(source, name="infometrics_before"):
    """The ``infometrics`` package under ``source``, imported as ``name``."""
    root = Path(source) / "infometrics"
    spec = importlib.util.spec_from_file_location(
        name, root / "__init__.py", submodule_search_locations=[str(root)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def problem(n_samples, n_classes, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n_samples)
    y_pred = np.where(
        rng.random(n_samples) < 0.7, y_true, rng.integers(0, n_classes, n_samples)
    )
    confidence = rng.random(n_samples)
    return y_true, y_pred, confidence


def cases(package, y_true, y_pred, confidence):
    registry = package.measures.MEASURES
    names = [name for name, spec in registry.items() if not spec.binary_only][:40]
    every = {"thresholds": None}
    thousand = {"thresholds": 1000}

    def curve(measures, options):
        return lambda: package.curves.reject_curve_from_predictions(
            y_true, y_pred, confidence, reject_label=None, measures=measures, **options
        )

    return {
        "NI2, 1,000 thresholds": curve("ni2", thousand),
        "NI2, every distinct threshold": curve("ni2", every),
        f"{len(names)} measures, 1,000 thresholds": curve(names, thousand),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="10**5 samples")
    parser.add_argument("--before", default=None, help="src folder of the old code")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n_samples = 10**5 if args.quick else 10**6
    y_true, y_pred, confidence = problem(n_samples, 10)
    packages = {"after": im}
    if args.before:
        packages["before"] = load_package(args.before)
    functions = {
        "one np.argsort(confidence)": lambda: np.argsort(confidence),
        "one np.argsort(confidence, kind='stable')": lambda: np.argsort(
            confidence, kind="stable"
        ),
    }
    for label, package in packages.items():
        for case, function in cases(package, y_true, y_pred, confidence).items():
            functions[f"{case} [{label}]"] = function
    best = dict.fromkeys(functions, np.inf)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(args.repeat):
            for name, function in functions.items():
                start = time.perf_counter()
                function()
                best[name] = min(best[name], time.perf_counter() - start)
    reference = best["one np.argsort(confidence)"]
    stable = best["one np.argsort(confidence, kind='stable')"]
    print(
        f"\nreject curves, n = {n_samples:.0e}, 10 classes "
        f"(best of {args.repeat} interleaved rounds; the machine may be loaded)"
    )
    print(f"  {'':<52s} {'time':>10s}      {'/argsort':>8s} {'/stable':>8s}")
    for name, seconds in best.items():
        print(
            f"  {name:<52s} {seconds * 1e3:10.1f} ms   {seconds / reference:7.2f}x "
            f"{seconds / stable:7.2f}x"
        )


if __name__ == "__main__":
    main()
