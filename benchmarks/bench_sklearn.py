"""scikit-learn layer benchmarks, measured side by side in one run.

Run:  python benchmarks/bench_sklearn.py [--quick]

1. Reject-threshold sweep over every distinct confidence of n = 10^6 samples
   (infometrics.curves.reject_curve: one sort, cumulative counts, vectorised measures)
   against a naive loop over only 100 thresholds that rebuilds the matrix and
   the measures at each.
2. k measures from one matrix with the multi-measure scorer against k
   separate scorers (each predicting and building its own matrix).
3. A 250-fit ``GridSearchCV`` with ``scoring="ni2"`` against the same search
   with ``scoring="accuracy"`` (budget: at most 1.1x), the two interleaved and
   each the best of several rounds, so that a loaded machine slows both alike.
"""

import argparse
import time
import warnings

import numpy as np
from _timing import best_time, report
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV
from sklearn.tree import DecisionTreeClassifier

import infometrics as im

MEASURES = ["ni2", "info_completeness", "false_info_ratio"]


def synthetic_probabilities(n_samples, n_classes, rng):
    y_true = rng.integers(0, n_classes, n_samples)
    logits = rng.normal(size=(n_samples, n_classes)) + 2.5 * np.eye(n_classes)[y_true]
    proba = np.exp(logits)
    proba /= proba.sum(axis=1, keepdims=True)
    return y_true, proba


def naive_sweep(y_true, proba, classes, thresholds):
    predicted = classes[proba.argmax(axis=1)]
    confidence = proba.max(axis=1)
    for threshold in thresholds:
        predictions = np.where(confidence >= threshold, predicted, -1)
        matrix = im.augmented_confusion_matrix(y_true, predictions, labels=classes)
        im.ni(matrix, "ni2", replace_undefined_by=np.nan)
        coverage = im.information_coverage(matrix, replace_undefined_by=np.nan)
        coverage.completeness, coverage.false_info_ratio  # noqa: B018


def sweep(n_samples, n_classes, rng):
    y_true, proba = synthetic_probabilities(n_samples, n_classes, rng)
    classes = np.arange(n_classes)
    curve = im.curves.reject_curve(y_true, proba, labels=classes, measures=MEASURES)
    n_thresholds = len(curve.thresholds)
    hundred = np.quantile(proba.max(axis=1), np.linspace(0, 1, 100))
    sweep_time = best_time(
        lambda: im.curves.reject_curve(
            y_true, proba, labels=classes, measures=MEASURES
        ),
        repeat=2,
        min_seconds=0,
    )
    naive_time = best_time(
        lambda: naive_sweep(y_true, proba, classes, hundred), repeat=1, min_seconds=0
    )
    report(
        f"reject sweep, n = {n_samples:.0e}, {n_classes} classes "
        f"(NI2, f, r at each threshold)",
        [
            ("naive loop, 100 thresholds (rebuild the matrix each time)", naive_time),
            (
                f"curves.reject_curve, all {n_thresholds} distinct thresholds",
                sweep_time,
            ),
        ],
    )
    per_threshold_naive = naive_time / 100
    per_threshold_sweep = sweep_time / n_thresholds
    print(
        f"  per threshold: naive {per_threshold_naive * 1e3:.2f} ms, sweep "
        f"{per_threshold_sweep * 1e6:.2f} us -> "
        f"{per_threshold_naive / per_threshold_sweep:.0f}x"
    )


def multi_measure_scoring(n_measures):
    X, y = load_digits(return_X_y=True)
    model = im.RejectOptionClassifier(
        LogisticRegression(max_iter=2000), threshold=0.9
    ).fit(X, y)
    names = [n for n, spec in im.measures.MEASURES.items() if not spec.binary_only][
        :n_measures
    ]
    multi = im.make_multi_measure_scorer(names, replace_undefined_by=np.nan)
    separate = [im.make_ni_scorer(name, replace_undefined_by=np.nan) for name in names]

    def each_alone():
        for scorer in separate:
            scorer(model, X, y)

    report(
        f"{n_measures} measures on digits ({len(y)} samples), abstaining classifier",
        [
            (f"{n_measures} separate scorers", best_time(each_alone, repeat=3)),
            (
                "one multi-measure scorer",
                best_time(lambda: multi(model, X, y), repeat=3),
            ),
        ],
    )


def grid_search_scoring(rounds):
    """250 fits (50 candidates x 5 folds): ni2 against accuracy, interleaved."""
    X, y = load_digits(return_X_y=True)
    grid = {"max_depth": list(range(1, 11)), "min_samples_leaf": [1, 2, 4, 8, 16]}

    def search(scoring):
        model = DecisionTreeClassifier(random_state=0)
        GridSearchCV(model, grid, scoring=scoring, cv=5).fit(X, y)

    best = {"accuracy": np.inf, "ni2": np.inf}
    for _ in range(rounds):
        for scoring in best:
            # CPU time of this process (the search runs in it, n_jobs=None):
            # on a shared machine wall-clock time mostly measures the others.
            start = time.process_time()
            search(scoring)
            best[scoring] = min(best[scoring], time.process_time() - start)
    report(
        f"GridSearchCV, 250 fits on digits ({len(y)} samples), CPU time, best of "
        f"{rounds} rounds, interleaved",
        [(f'scoring="{name}"', seconds) for name, seconds in best.items()],
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="n = 10^5")
    parser.add_argument(
        "--grid-search", action="store_true", help="only the GridSearchCV ratio"
    )
    args = parser.parse_args()
    if args.grid_search:
        grid_search_scoring(rounds=7)
        return
    rng = np.random.default_rng(0)
    warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
    n_samples = 10**5 if args.quick else 10**6
    for n_classes in (2, 10):
        sweep(n_samples, n_classes, rng)
    n_multiclass = sum(not spec.binary_only for spec in im.measures.MEASURES.values())
    for n_measures in (5, 24, n_multiclass):
        multi_measure_scoring(n_measures)
    grid_search_scoring(rounds=7)


if __name__ == "__main__":
    main()
