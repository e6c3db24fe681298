"""Does tuning on chance-adjusted NI2 pick better models than plug-in NI2?

Run:  python benchmarks/bench_small_folds_selection.py [--seeds S]

For each data set and training size n (150, 300, 600), ``S`` seeds each draw
a training set of n samples; the rest of the data is the held-out set
(thousands of samples, so its plug-in NI2 is close to the population value).
One ``GridSearchCV`` (5-fold, both scorers in one run, ``refit=False``) over
k-nearest neighbours and decision trees of several sizes gives the candidate
each scorer ranks first; each pick is refitted on the training set and
scored by plug-in NI2 on the held-out set. The table gives the mean
held-out NI2 of each pick, how often the two scorers pick differently, and
the mean difference (adjusted pick minus plug-in pick) with its standard
error over seeds, and wins / losses where they differ.
"""

import argparse
import warnings

import numpy as np
from sklearn.datasets import load_digits, make_classification
from sklearn.model_selection import GridSearchCV, train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

import infometrics as im

GRID = [
    {
        "model": [KNeighborsClassifier()],
        "model__n_neighbors": [1, 2, 3, 5, 8, 12, 18, 27, 40],
    },
    {
        "model": [DecisionTreeClassifier(random_state=0)],
        "model__max_depth": [2, 3, 4, 5, 6, 8, 11, None],
    },
]


def data_sets():
    digits = load_digits(return_X_y=True)
    synthetic = make_classification(
        n_samples=10_000,
        n_features=20,
        n_informative=6,
        n_classes=5,
        n_clusters_per_class=2,
        flip_y=0.05,
        random_state=0,
    )
    return {"digits (10 classes)": digits, "make_classification (5)": synthetic}


def held_out_ni2(params, X_train, y_train, X_test, y_test):
    model = Pipeline([("model", params["model"])]).set_params(**params)
    model.fit(X_train, y_train)
    return im.ni_score(y_test, model.predict(X_test), reject_label=None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    seeds = parser.parse_args().seeds
    # One thread: on a shared machine the nearest-neighbour thread pool
    # spends more time waiting than computing on folds this small.
    threadpool_limits(1)
    warnings.simplefilter("ignore", im.exceptions.UndefinedMeasureWarning)
    print(
        f"{seeds} seeds per row; held-out NI2 of the candidate each scorer picks\n"
        f"{'data set':<25} {'n':>4} | {'plug-in':>7} {'adjusted':>8} | "
        f"{'differ':>6} | {'adj - plug':>10} {'SE':>6} | {'wins':>4} {'losses':>6}"
    )
    for title, (X, y) in data_sets().items():
        for n in (150, 300, 600):
            plug_scores, adjusted_scores = [], []
            for seed in range(seeds):
                X_train, X_test, y_train, y_test = train_test_split(
                    X, y, train_size=n, stratify=y, random_state=seed
                )
                search = GridSearchCV(
                    Pipeline([("model", KNeighborsClassifier())]),
                    GRID,
                    scoring={"plug": "ni2", "adjusted": "adjusted_ni2"},
                    refit=False,
                    cv=5,
                ).fit(X_train, y_train)
                results = search.cv_results_
                picks = [
                    results["params"][np.argmax(results[f"mean_test_{key}"])]
                    for key in ("plug", "adjusted")
                ]
                scores = [
                    held_out_ni2(p, X_train, y_train, X_test, y_test) for p in picks
                ]
                plug_scores.append(scores[0])
                adjusted_scores.append(scores[1])
            plug, adjusted = np.array(plug_scores), np.array(adjusted_scores)
            difference = adjusted - plug
            differ = difference != 0
            print(
                f"{title:<25} {n:>4} | {plug.mean():7.4f} {adjusted.mean():8.4f} | "
                f"{differ.mean():6.2f} | {difference.mean():+10.4f} "
                f"{difference.std(ddof=1) / np.sqrt(seeds):6.4f} | "
                f"{(difference > 0).sum():>4} {(difference < 0).sum():>6}"
            )


if __name__ == "__main__":
    main()
