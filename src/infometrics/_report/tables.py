"""pandas reports: one tidy table per classifier, comparison tables, per-class."""

import warnings
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._counting.labels import confusion_matrix_and_labels
from .._exceptions import UndefinedMeasureWarning
from .._measures.coverage import information_coverage
from .._measures.registry import MEASURES, check_measure, compute_measures
from .._measures.validation import check_confusion_matrix

_FAMILY_ORDER = [
    "normalized information",
    "information coverage",
    "entropy triangle",
    "conventional",
]


def _matrix_and_labels(
    confusion_matrix, y_true, y_pred, labels, reject_label, sample_weight
):
    from_labels = y_true is not None or y_pred is not None
    if (confusion_matrix is None) == (not from_labels):
        raise ValueError(
            "Pass either confusion_matrix=... or both y_true=... and y_pred=..., "
            "not both and not neither."
        )
    if from_labels:
        if y_true is None or y_pred is None:
            raise ValueError("Pass both y_true and y_pred.")
        return confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
    counts, _ = check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError("A report describes one confusion matrix, not a stack.")
    n_classes = counts.shape[0]
    class_labels = np.arange(n_classes) if labels is None else np.asarray(labels)
    if len(class_labels) != n_classes:
        raise ValueError(
            f"labels has {len(class_labels)} entries for {n_classes} rows."
        )
    return counts, class_labels


def _all_names(n_classes):
    return [
        name
        for name, spec in MEASURES.items()
        if n_classes == 2 or not spec.binary_only
    ]


def information_report(
    *,
    confusion_matrix: ArrayLike | None = None,
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Every measure of one classifier, in one tidy table.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m), default=None
        Counts; or give ``y_true`` and ``y_pred``.
    y_true, y_pred : array-like of shape (n_samples,), default=None
        Labels; ``reject_label`` in ``y_pred`` marks a rejection.
    labels : array-like of shape (m,), default=None
        Class order (from labels), or the row names (from a matrix).
    reject_label : scalar or None, default=-1
        As for :func:`augmented_confusion_matrix`.
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    report : pandas.DataFrame
        One row per measure, indexed by ``(family, measure)``, with columns
        ``value``, ``higher_is_better`` and ``description``. Families: the 24
        normalized information measures, information coverage (f, r,
        S_I/H(T)), entropy triangle, conventional measures. Undefined values
        are ``NaN`` (no warnings: the table shows them).

    See Also
    --------
    compare : Several classifiers side by side.
    per_class_report : Conditional entropies per class.

    Examples
    --------
    >>> from infometrics import information_report
    >>> report = information_report(confusion_matrix=[[74, 6, 10], [0, 9, 1]])
    >>> report.loc[("normalized information", "ni2"), "value"].round(3)
    np.float64(0.586)
    >>> report.loc["information coverage"]["higher_is_better"].tolist()
    [True, False, False]
    """
    matrix, _ = _matrix_and_labels(
        confusion_matrix, y_true, y_pred, labels, reject_label, sample_weight
    )
    names = _all_names(matrix.shape[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        values = compute_measures(matrix, names, replace_undefined_by=np.nan)
    rows = [
        {
            "family": MEASURES[name].family,
            "measure": name,
            "value": float(values[name]),
            "higher_is_better": MEASURES[name].higher_is_better,
            "description": MEASURES[name].description,
        }
        for name in names
    ]
    return pd.DataFrame(rows).set_index(["family", "measure"])


def _rank(values, higher_is_better):
    return values.rank(ascending=not higher_is_better, method="min", na_option="bottom")


def compare(
    classifiers: dict,
    *,
    measures=None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    ranks: bool = True,
) -> pd.DataFrame:
    """Several classifiers side by side: one row each, one column per measure.

    The shape of the comparison tables of the source papers, with rank
    columns (1 = best, in each measure's own direction).

    Parameters
    ----------
    classifiers : dict
        ``{name: confusion matrix}`` or ``{name: (y_true, y_pred)}`` (mixing is
        fine); matrices must share the class order.
    measures : sequence of str, default=None
        Registry names; by default the 24 NIs, f, r, S_I/H(T), the triangle
        coordinates and the Hu & Wang rates.
    labels : array-like, default=None
        Class order for label pairs.
    reject_label : scalar or None, default=-1
        For label pairs.
    ranks : bool, default=True
        Add a ``rank_<measure>`` column per measure.

    Returns
    -------
    table : pandas.DataFrame
        Index: classifier names.

    Examples
    --------
    >>> from infometrics import compare
    >>> table = compare(
    ...     {"M1": [[90, 0, 0], [1, 9, 0]], "M2": [[89, 1, 0], [0, 10, 0]],
    ...      "M3": [[90, 0, 0], [0, 9, 1]], "M4": [[89, 0, 1], [0, 10, 0]]},
    ...     measures=["ni2"],
    ... )
    >>> table["rank_ni2"].tolist()  # Hu, He & Yuan: M4 best, M1 worst
    [4, 3, 2, 1]
    """
    if not isinstance(classifiers, dict) or not classifiers:
        raise ValueError(
            "classifiers must be a non-empty dict {name: matrix or (y_true, y_pred)}."
        )
    if measures is None:
        measures = [
            *(f"ni{k}" for k in range(1, 25)),
            "info_completeness",
            "false_info_ratio",
            "info_error",
            "triangle_dh",
            "triangle_mi",
            "triangle_vi",
            "correct_rate",
            "error_rate",
            "reject_rate",
            "accepted_accuracy",
        ]
    names = [check_measure(name).name for name in measures]
    rows = {}
    for name, entry in classifiers.items():
        if isinstance(entry, tuple):
            if len(entry) != 2:
                raise ValueError(
                    f"classifiers[{name!r}] must be a matrix or a (y_true, y_pred) "
                    f"pair; got a tuple of {len(entry)}."
                )
            matrix, _ = confusion_matrix_and_labels(
                entry[0], entry[1], labels=labels, reject_label=reject_label
            )
        else:
            matrix, _ = check_confusion_matrix(entry)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMeasureWarning)
            values = compute_measures(matrix, names, replace_undefined_by=np.nan)
        rows[name] = {measure: float(values[measure]) for measure in names}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "classifier"
    if ranks:
        for measure in names:
            table[f"rank_{measure}"] = _rank(
                table[measure], MEASURES[measure].higher_is_better
            ).astype(int)
    return table


def per_class_report(
    *,
    confusion_matrix: ArrayLike | None = None,
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> pd.DataFrame:
    """Conditional entropies per class: what the output says about each class.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m), default=None
        Counts; or give ``y_true`` and ``y_pred``.
    y_true, y_pred : array-like of shape (n_samples,), default=None
    labels : array-like, default=None
    reject_label : scalar or None, default=-1
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    table : pandas.DataFrame
        One row per output (the classes, then ``"rejected"``) with
        ``true_support``, ``predicted_support``, ``H(S|T=class)`` (bits; how
        scattered the outputs for that true class are, NaN for an absent
        class) and ``H(T|S=output)`` (bits; how mixed the true classes behind
        that output are, NaN for an unused output).

    Examples
    --------
    >>> from infometrics import per_class_report
    >>> table = per_class_report(confusion_matrix=[[8, 2, 0], [0, 5, 5]])
    >>> table.index.tolist()
    [0, 1, 'rejected']
    >>> table["H(S|T=class)"].round(3).tolist()
    [0.722, 1.0, nan]
    """
    matrix, class_labels = _matrix_and_labels(
        confusion_matrix, y_true, y_pred, labels, reject_label, sample_weight
    )
    matrix = np.asarray(matrix, dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMeasureWarning)
        coverage = information_coverage(matrix, replace_undefined_by=np.nan)
    n_classes = matrix.shape[0]
    has_reject = matrix.shape[1] == n_classes + 1
    index = list(np.asarray(class_labels).tolist()) + (
        ["rejected"] if has_reject else []
    )
    true_support = list(matrix.sum(axis=1)) + ([0.0] if has_reject else [])
    output_entropy = list(coverage.output_entropy_per_true_class) + (
        [np.nan] if has_reject else []
    )
    table = pd.DataFrame(
        {
            "true_support": true_support,
            "predicted_support": matrix.sum(axis=0),
            "H(S|T=class)": output_entropy,
            "H(T|S=output)": coverage.true_entropy_per_output,
        },
        index=pd.Index(index, name="class"),
    )
    return table
