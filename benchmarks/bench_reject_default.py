"""Global against per-class reject thresholds: the evidence for the default.

Run:  python benchmarks/bench_reject_default.py [--quick]

``RejectOptionClassifierCV(scoring="ni2")`` is fitted twice on the same
training half, once with ``per_class=False`` (one threshold) and once with
``per_class=True`` (one threshold per predicted class, coordinate ascent from
the global one). Both are scored on the same held-out half by NI2, and the
difference per-class minus global gets a paired bootstrap interval
(``infometrics.resampling.paired_comparison``, 1,000 resamples, 95%). The plain
classifier (no rejection) is scored too.

Datasets: imbalanced multi-class problems made with ``make_classification``,
and scikit-learn's shipped data sets made imbalanced by subsampling classes
geometrically. Models: a scaled logistic regression, a random forest and
Gaussian naive Bayes. Several seeds (each seed draws the data, the subsample
and the split anew).

The last table groups the verdicts by number of classes and by the number of
training samples of the rarest class, which is what the default rule reads.
"""

import argparse
import time
import warnings

import numpy as np
from sklearn.datasets import (
    load_breast_cancer,
    load_digits,
    load_iris,
    load_wine,
    make_classification,
)
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im


def synthetic(weights, n_samples, n_features=20, class_sep=1.0):
    def make(rng):
        return make_classification(
            n_samples=n_samples,
            n_features=n_features,
            n_informative=min(n_features, 3 * len(weights)),
            n_redundant=2,
            n_classes=len(weights),
            n_clusters_per_class=1,
            weights=weights,
            class_sep=class_sep,
            flip_y=0.02,
            random_state=rng.integers(2**31),
        )

    return make


def shipped(loader, ratio):
    """A shipped data set, its k-th largest class subsampled to ``ratio**k``."""

    def make(rng):
        X, y = loader(return_X_y=True)
        labels, sizes = np.unique(y, return_counts=True)
        keep = []
        for k, label in enumerate(labels[np.argsort(-sizes, kind="stable")]):
            members = np.flatnonzero(y == label)
            size = max(6, round(len(members) * ratio**k))
            keep.append(rng.choice(members, size=size, replace=False))
        keep = np.concatenate(keep)
        return X[keep], y[keep]

    return make


DATASETS = {
    "synth 4 cl (.75/.15/.07/.03)": synthetic([0.75, 0.15, 0.07, 0.03], 4000),
    "synth 3 cl (.7/.2/.1)": synthetic([0.7, 0.2, 0.1], 3000),
    "synth 6 cl (geometric .6)": synthetic(
        list(0.6 ** np.arange(6) / (0.6 ** np.arange(6)).sum()), 4000
    ),
    "synth 2 cl (.9/.1)": synthetic([0.9, 0.1], 3000),
    "synth 5 cl hard (sep .5)": synthetic(
        [0.5, 0.2, 0.15, 0.1, 0.05], 4000, class_sep=0.5
    ),
    "iris (class k kept .6**k)": shipped(load_iris, 0.6),
    "wine (class k kept .7**k)": shipped(load_wine, 0.7),
    "digits (class k kept .8**k)": shipped(load_digits, 0.8),
    "breast_cancer (malignant .4)": shipped(load_breast_cancer, 0.4),
}

MODELS = {
    "logreg": lambda seed: make_pipeline(
        StandardScaler(), LogisticRegression(max_iter=2000)
    ),
    "forest": lambda seed: RandomForestClassifier(
        n_estimators=60, min_samples_leaf=2, random_state=seed, n_jobs=1
    ),
    "nbayes": lambda seed: GaussianNB(),
}


def one_run(make_data, make_model, seed):
    rng = np.random.default_rng(seed)
    X, y = make_data(rng)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=seed
    )
    fitted = {}
    for per_class in (False, True):
        fitted[per_class] = im.RejectOptionClassifierCV(
            make_model(seed), per_class=per_class, cv=5, n_jobs=1
        ).fit(X_train, y_train)
    plain = fitted[False].estimator_.predict(X_test)
    global_pred = fitted[False].predict(X_test)
    class_pred = fitted[True].predict(X_test)
    labels = np.unique(y)
    comparison = im.resampling.paired_comparison(
        y_test,
        class_pred,
        global_pred,
        measure="ni2",
        labels=labels,
        n_resamples=1000,
        random_state=seed,
    )
    plain_ni2 = im.ni(im.augmented_confusion_matrix(y_test, plain, labels=labels))
    return {
        "n_classes": len(labels),
        "min_train": int(np.bincount(np.unique(y_train, return_inverse=True)[1]).min()),
        "plain": float(plain_ni2),
        "global": comparison.estimate_b,
        "per_class": comparison.estimate_a,
        "diff": comparison.estimate_difference,
        "low": comparison.low,
        "high": comparison.high,
    }


def verdict(row):
    if row["low"] > 0:
        return "+"
    if row["high"] < 0:
        return "-"
    return "="


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed, one model")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    seeds = range(1) if args.quick else range(args.seeds)
    models = dict(list(MODELS.items())[:1]) if args.quick else MODELS
    # Tiny held-out classes make some measures undefined on some resamples,
    # and degenerate thresholds warn: both are part of the experiment.
    warnings.simplefilter("ignore")
    start = time.perf_counter()
    rows = []
    print(
        f"{'dataset':<30s} {'model':<7s} {'seed':>4s} {'k':>3s} {'min n':>5s} "
        f"{'plain':>7s} {'global':>7s} {'per-cl':>7s} {'diff':>7s} "
        f"{'95% interval':>18s}"
    )
    for data_name, make_data in DATASETS.items():
        for model_name, make_model in models.items():
            for seed in seeds:
                row = one_run(make_data, make_model, seed)
                row.update(dataset=data_name, model=model_name, seed=seed)
                rows.append(row)
                print(
                    f"{data_name:<30s} {model_name:<7s} {seed:>4d} "
                    f"{row['n_classes']:>3d} {row['min_train']:>5d} "
                    f"{row['plain']:7.4f} {row['global']:7.4f} "
                    f"{row['per_class']:7.4f} {row['diff']:+7.4f} "
                    f"[{row['low']:+.4f}, {row['high']:+.4f}] {verdict(row)}",
                    flush=True,
                )
    print(f"\n{len(rows)} runs in {time.perf_counter() - start:.0f} s")
    print("\nPer dataset (mean NI2 over models and seeds; per-class - global)")
    print(
        f"{'dataset':<30s} {'plain':>7s} {'global':>7s} {'per-cl':>7s} "
        f"{'mean diff':>9s} {'+':>3s} {'=':>3s} {'-':>3s}"
    )
    for data_name in DATASETS:
        group = [row for row in rows if row["dataset"] == data_name]
        counts = [sum(verdict(row) == v for row in group) for v in "+=-"]
        print(
            f"{data_name:<30s} "
            f"{np.mean([r['plain'] for r in group]):7.4f} "
            f"{np.mean([r['global'] for r in group]):7.4f} "
            f"{np.mean([r['per_class'] for r in group]):7.4f} "
            f"{np.mean([r['diff'] for r in group]):+9.4f} "
            f"{counts[0]:>3d} {counts[1]:>3d} {counts[2]:>3d}"
        )
    print("\nBy classes and rarest class (training samples)")
    groups = {
        "2 classes": lambda r: r["n_classes"] == 2,
        "3+ classes, rarest < 30": lambda r: r["n_classes"] > 2 and r["min_train"] < 30,
        "3+ classes, rarest >= 30": lambda r: (
            r["n_classes"] > 2 and r["min_train"] >= 30
        ),
    }
    for name, member in groups.items():
        group = [row for row in rows if member(row)]
        if not group:
            continue
        counts = [sum(verdict(row) == v for row in group) for v in "+=-"]
        print(
            f"{name:<30s} runs {len(group):>3d}  mean diff "
            f"{np.mean([r['diff'] for r in group]):+.4f}  "
            f"better {counts[0]}, no difference {counts[1]}, worse {counts[2]}"
        )


if __name__ == "__main__":
    main()
