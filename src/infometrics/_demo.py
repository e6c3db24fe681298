"""The README's main job: evaluate a classifier on data bundled with scikit-learn."""

import warnings

import numpy as np

from ._conventional import conventional_measures
from ._coverage import information_coverage
from ._exceptions import UndefinedMeasureWarning
from ._labels import augmented_confusion_matrix
from ._measures import all_measures
from ._triangle import entropy_triangle


def _print_section(title, values, stream):
    print(f"\n{title}", file=stream)
    for name, value in values.items():
        print(f"  {name:<24s} {value: .4f}", file=stream)


def run_demo(*, threshold=0.9, random_state=0, stream=None):
    """Train on the digits data, abstain below ``threshold``, print every measure.

    Returns the augmented confusion matrix of the test split.
    """
    from sklearn.datasets import load_digits
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = load_digits(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=random_state
    )
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000))
    model.fit(X_train, y_train)
    probabilities = model.predict_proba(X_test)
    predicted = model.classes_[probabilities.argmax(axis=1)]
    abstaining = np.where(probabilities.max(axis=1) >= threshold, predicted, -1)
    matrix = augmented_confusion_matrix(y_test, abstaining, labels=model.classes_)
    print(
        f"digits, logistic regression, rejecting below confidence {threshold}: "
        f"{matrix[:, -1].sum()} of {matrix.sum()} test samples rejected",
        file=stream,
    )
    with warnings.catch_warnings():
        # The divergence measures NI17/NI19/NI20 are singular with rejections.
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        _print_section(
            "normalized information (Hu, He & Yuan)", all_measures(matrix), stream
        )
    coverage = information_coverage(matrix)
    _print_section(
        "information coverage (Holt et al.)",
        {
            "f(T;S) completeness": coverage.completeness,
            "r(S|T) false info ratio": coverage.false_info_ratio,
            "S_I/H(T) info error": coverage.info_error,
        },
        stream,
    )
    triangle = entropy_triangle(matrix)
    _print_section(
        "entropy triangle (Valverde-Albacete & Pelaez-Moreno)",
        {
            "delta_h": triangle.delta_h,
            "mutual_info (2MI')": triangle.mutual_info,
            "variation_info": triangle.variation_info,
        },
        stream,
    )
    _print_section("conventional measures", conventional_measures(matrix), stream)
    return matrix
