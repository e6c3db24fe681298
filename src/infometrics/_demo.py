"""The README's main job: model selection with information measures on bundled data."""

import warnings

import numpy as np

from ._exceptions import UndefinedMeasureWarning
from ._labels import augmented_confusion_matrix
from ._registry import compute_measures

SUMMARY = [
    "ni2",
    "info_completeness",
    "false_info_ratio",
    "triangle_mi",
    "accuracy",
    "accepted_accuracy",
    "reject_rate",
]


def _print(stream, *lines):
    for line in lines:
        print(line, file=stream)


def run_demo(*, random_state=0, stream=None):
    """Tune an abstaining classifier on the digits data with NI2, print the results.

    Returns a dict with the fitted search, the tuned reject option and the
    test-split confusion matrices of the compared classifiers.
    """
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV, train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from ._reject import RejectOptionClassifier, RejectOptionClassifierCV

    X, y = load_digits(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=random_state
    )
    _print(
        stream,
        "Digits (bundled with scikit-learn): "
        f"{len(y_train)} training and {len(y_test)} test samples, 10 classes.",
        "",
        '1. GridSearchCV(..., scoring="ni2") over the regularisation and a '
        "reject threshold",
    )
    search = GridSearchCV(
        make_pipeline(
            StandardScaler(),
            RejectOptionClassifier(LogisticRegression(max_iter=2000)),
        ),
        {
            "rejectoptionclassifier__estimator__C": [0.001, 0.01, 0.1],
            "rejectoptionclassifier__threshold": [0.0, 0.5, 0.7, 0.9],
        },
        scoring="ni2",
        cv=4,
    ).fit(X_train, y_train)
    best = search.best_params_
    _print(
        stream,
        f"   best C = {best['rejectoptionclassifier__estimator__C']}, "
        f"threshold = {best['rejectoptionclassifier__threshold']}, "
        f"cross-validated NI2 = {search.best_score_:.4f}",
        "",
        "2. RejectOptionClassifierCV: the threshold that maximises NI2 out of fold, "
        "chosen among every distinct confidence value",
    )
    base = make_pipeline(
        StandardScaler(),
        LogisticRegression(
            C=best["rejectoptionclassifier__estimator__C"], max_iter=2000
        ),
    )
    tuned = RejectOptionClassifierCV(base, cv=4).fit(X_train, y_train)
    curve = tuned.curve_
    index = int(np.searchsorted(curve.thresholds, tuned.best_threshold_))
    _print(
        stream,
        f"   {len(curve.thresholds)} thresholds swept; best threshold "
        f"{tuned.best_threshold_:.4f} rejects {curve.reject_rate[index]:.1%} "
        f"out of fold, NI2 {curve.measures['ni2'][0]:.4f} -> {tuned.best_score_:.4f}",
        f"   normalised area under NI2 vs reject rate: "
        f"{curve.normalized_area('ni2'):.4f}",
        "",
        "3. On the held-out test split",
    )
    plain = base.fit(X_train, y_train)
    matrices = {
        "never rejects": augmented_confusion_matrix(
            y_test, plain.predict(X_test), labels=plain.classes_
        ),
        "grid-searched": augmented_confusion_matrix(
            y_test, search.predict(X_test), labels=search.classes_
        ),
        "RejectOptionClassifierCV": augmented_confusion_matrix(
            y_test, tuned.predict(X_test), labels=tuned.classes_
        ),
    }
    header = f"   {'classifier':<26s}" + "".join(f"{n[:12]:>13s}" for n in SUMMARY)
    _print(stream, header)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        for name, matrix in matrices.items():
            values = compute_measures(matrix, SUMMARY)
            row = "".join(f"{values[measure]:13.4f}" for measure in SUMMARY)
            _print(stream, f"   {name:<26s}{row}")
    return {"search": search, "tuned": tuned, "matrices": matrices}
