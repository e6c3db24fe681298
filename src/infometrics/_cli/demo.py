"""The README's main job: model selection with information measures on bundled data."""

import warnings

import numpy as np

from .._counting.labels import augmented_confusion_matrix
from .._exceptions import UndefinedMeasureWarning
from .._measures.registry import compute_measures

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


def run_demo(*, random_state=0, stream=None, output=None):
    """Tune an abstaining classifier on the digits data with NI2, print the results.

    With ``output`` (a folder), also write the comparison table, the tuned
    classifier's full report and the figures there.

    Returns a dict with the fitted search, the tuned reject option, the
    test-split confusion matrices of the compared classifiers and the files
    written.
    """
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV, train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from .._sklearn.reject_option import RejectOptionClassifier
    from .._sklearn.reject_option_cv import RejectOptionClassifierCV

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
    predictions = {
        "never rejects": plain.predict(X_test),
        "grid-searched": search.predict(X_test),
        "RejectOptionClassifierCV": tuned.predict(X_test),
    }
    # Every classifier has the same classes_ (all fitted on y_train).
    matrices = {
        name: augmented_confusion_matrix(y_test, y_pred, labels=plain.classes_)
        for name, y_pred in predictions.items()
    }
    header = f"   {'classifier':<26s}" + "".join(f"{n[:12]:>13s}" for n in SUMMARY)
    _print(stream, header)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        for name, matrix in matrices.items():
            values = compute_measures(matrix, SUMMARY)
            row = "".join(f"{values[measure]:13.4f}" for measure in SUMMARY)
            _print(stream, f"   {name:<26s}{row}")
    written = []
    if output is not None:
        written = _write_outputs(output, matrices, predictions, tuned, y_test, stream)
    return {"search": search, "tuned": tuned, "matrices": matrices, "files": written}


def _write_outputs(folder, matrices, predictions, tuned, y_test, stream):
    from pathlib import Path

    from .._report.tables import compare, information_report, per_class_report

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        written.append(folder / "comparison.csv")
        compare(matrices).to_csv(written[-1])
        tuned_matrix = matrices["RejectOptionClassifierCV"]
        written.append(folder / "report_tuned.csv")
        information_report(confusion_matrix=tuned_matrix).to_csv(written[-1])
        written.append(folder / "per_class_tuned.csv")
        per_class_report(confusion_matrix=tuned_matrix).to_csv(written[-1])
    try:
        written += _write_figures(folder, matrices, predictions, tuned, y_test)
    except ImportError as exc:
        _print(stream, "", f"Figures skipped: {exc}")
    _print(stream, "", f"Written to {folder}/:")
    _print(stream, *(f"   {path.name}" for path in written))
    return written


def _write_figures(folder, matrices, predictions, tuned, y_test):
    from .._display import (
        EntropyTriangleDisplay,
        InformationCoverageDisplay,
        RejectCurveDisplay,
    )
    from .._display.common import _pyplot

    plt = _pyplot()
    written = []
    if np.array_equal(matrices["grid-searched"], matrices["never rejects"]):
        # The search chose not to reject: its point would hide the other.
        matrices = {k: v for k, v in matrices.items() if k != "grid-searched"}
    figure, (whole, zoomed) = plt.subplots(1, 2, figsize=(13, 6))
    triangles = EntropyTriangleDisplay.from_confusion_matrices(
        matrices, extended=True, ax=whole
    )
    triangles.plot(ax=zoomed, extended=True, zoom=True)
    written.append(folder / "entropy_triangle.png")
    figure.savefig(written[-1], dpi=120, bbox_inches="tight")

    _, ax = plt.subplots(figsize=(7, 5))
    for name in matrices:
        y_pred = predictions[name]
        InformationCoverageDisplay.from_predictions(
            y_test, y_pred, name=name, n_resamples=300, random_state=0, ax=ax
        )
    written.append(folder / "information_coverage.png")
    ax.figure.savefig(written[-1], dpi=120, bbox_inches="tight")

    curve = RejectCurveDisplay(
        tuned.curve_,
        threshold=tuned.best_threshold_,
        name="out-of-fold, RejectOptionClassifierCV",
    ).plot()
    curve.figure_.set_size_inches(7, 5)
    written.append(folder / "reject_curve.png")
    curve.figure_.savefig(written[-1], dpi=120, bbox_inches="tight")
    plt.close("all")
    return written
