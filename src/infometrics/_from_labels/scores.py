"""Label-level measures: count the labels (or take the counts), call the core."""

from __future__ import annotations

from typing import Any, Literal, get_type_hints

import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_explicit_labels, reject_marker
from .._measures import validation
from .._measures.conventional import conventional_measures
from .._measures.coverage import information_coverage
from .._measures.ni import MeasureName, all_measures, check_measure_name, ni
from .._measures.triangle import entropy_triangle

LABEL_PARAMETERS = """    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels; ``reject_label`` marks a rejection.
    labels : array-like of shape (m,), default=None
        Classes in row order (default: the sorted labels, the reject label
        excluded); with ``confusion_matrix``, the names of its rows.
    reject_label : scalar or None, default=-1
        The prediction that means "rejected"; ``None``: no reject option.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    confusion_matrix : array-like of shape (m, m + 1) or (m, m), default=None
        Counts already tallied, as in :func:`ni`, instead of the labels."""


def with_label_parameters(function):
    """``function`` with ``{label_parameters}`` in its docstring filled in."""
    if function.__doc__:  # None under python -OO
        function.__doc__ = function.__doc__.replace(
            "{label_parameters}", LABEL_PARAMETERS.lstrip()
        )
    return function


def counts_and_labels(
    y_true,
    y_pred,
    confusion_matrix,
    *,
    labels,
    reject_label,
    sample_weight,
    validate=True,
):
    """``(counts, row labels)`` from labels or ``confusion_matrix=``, not both;
    ``validate=False`` leaves checking the counts' values to the callee."""
    from_labels = y_true is not None or y_pred is not None
    if from_labels == (confusion_matrix is not None):
        raise ValueError(
            "Pass either confusion_matrix=... (counts) or y_true and y_pred "
            "(labels): not both and not neither."
        )
    if from_labels:
        if y_true is None or y_pred is None:
            raise ValueError(
                "Pass both y_true and y_pred (or confusion_matrix=... instead)."
            )
        return confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )
    if sample_weight is not None:
        raise ValueError(
            "sample_weight applies to y_true and y_pred; a confusion matrix "
            "already holds the (weighted) counts. Drop sample_weight."
        )
    # A labelled table (a DataFrame, a ConfusionCounts) is read by name and
    # names its rows.
    confusion_matrix, names = validation.labelled_counts(confusion_matrix, labels)
    labels = labels if names is None else names
    counts = None if validate else _as_array(confusion_matrix)
    if counts is None:
        counts, _ = validation.check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError(
            "confusion_matrix must be one matrix, not a stack; the count-level "
            "functions (ni, all_measures, ...) take stacks."
        )
    n_classes = counts.shape[0]
    if labels is None:
        class_labels = np.arange(n_classes)
    else:
        # The rules of labels= for y_true and y_pred: no missing names, no
        # duplicates (two rows of one name would be read as one class).
        class_labels = check_explicit_labels(labels, reject_marker(None))
    if len(class_labels) != n_classes:
        raise ValueError(
            f"labels has {class_labels.size} entries for {n_classes} rows of "
            "confusion_matrix; give one name per row."
        )
    return counts, class_labels


def _as_array(confusion_matrix):
    """The counts as a numeric array, or None (then validated, for the error)."""
    if isinstance(confusion_matrix, np.ma.MaskedArray):
        return None  # np.asarray would drop the mask
    try:
        counts = np.asarray(confusion_matrix)
    except (TypeError, ValueError):
        return None
    return counts if counts.dtype.kind in "biuf" else None


def _matrix(y_true, y_pred, confusion_matrix, labels, reject_label, sample_weight):
    """``(counts, labels)``; the measure function validates the counts."""
    return counts_and_labels(
        y_true,
        y_pred,
        confusion_matrix,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        validate=False,
    )


@with_label_parameters
def ni_score(
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    *,
    measure: MeasureName = "ni2",
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    confusion_matrix: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> float:
    """Normalized information measure of predictions that may include rejections.

    Parameters
    ----------
    {label_parameters}
    measure : {"ni1", ..., "ni24"}, default="ni2"
        Which of the 24 measures; see :func:`ni`.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    score : float
        The measure, in ``[0, 1]``, higher is better.

    Examples
    --------
    >>> from infometrics import ni_score
    >>> y_true = [0] * 90 + [1] * 10
    >>> misclassified = [0] * 90 + [0] + [1] * 9
    >>> rejected = [0] * 90 + [-1] + [1] * 9
    >>> ni_score(y_true, rejected) > ni_score(y_true, misclassified)
    True
    """
    name = check_measure_name(measure)  # one name, before counting the labels
    matrix, _ = _matrix(
        y_true, y_pred, confusion_matrix, labels, reject_label, sample_weight
    )
    return ni(matrix, name, replace_undefined_by=replace_undefined_by)


def _label_level(measure, summary, returns, examples):
    """The label-level function of the count-level ``measure``: count, then call it."""

    def score(
        y_true: ArrayLike | None = None,
        y_pred: ArrayLike | None = None,
        *,
        labels: ArrayLike | None = None,
        reject_label: Any = -1,
        sample_weight: ArrayLike | None = None,
        confusion_matrix: ArrayLike | None = None,
        replace_undefined_by: float | Literal["warn"] = "warn",
    ):
        matrix, _ = _matrix(
            y_true, y_pred, confusion_matrix, labels, reject_label, sample_weight
        )
        return measure(matrix, replace_undefined_by=replace_undefined_by)

    score.__name__ = score.__qualname__ = f"{measure.__name__}_score"
    score.__annotations__["return"] = get_type_hints(measure)["return"]
    score.__doc__ = f"""{summary}

    Parameters
    ----------
    {{label_parameters}}
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    {returns}

    Examples
    --------
    {examples}
    """
    return with_label_parameters(score)


all_measures_score = _label_level(
    all_measures,
    "All 24 normalized information measures from labels.",
    """measures : dict
        ``{"ni1": ..., ..., "ni24": ...}``, as :func:`all_measures`.""",
    """>>> from infometrics import all_measures_score
    >>> scores = all_measures_score(
    ...     [0, 0, 1, 1], [0, 0, 1, -1], replace_undefined_by=0.0
    ... )
    >>> round(scores["ni2"], 3), scores["ni17"]  # NI17 is singular with rejects
    (0.75, 0.0)""",
)
information_coverage_score = _label_level(
    information_coverage,
    "Information coverage f(T;S), r(S|T) of predictions (Holt et al.).",
    """coverage : InformationCoverage
        As :func:`information_coverage`.""",
    """>>> from infometrics import information_coverage_score
    >>> coverage = information_coverage_score([0, 1, 2, 2], [0, 1, 2, 2])
    >>> coverage.completeness, coverage.false_info_ratio
    (1.0, 0.0)""",
)
entropy_triangle_score = _label_level(
    entropy_triangle,
    "Entropy-triangle coordinates of predictions.",
    """triangle : EntropyTriangle
        As :func:`entropy_triangle`; the outputs include the reject column
        unless ``reject_label=None``.""",
    """>>> from infometrics import entropy_triangle_score
    >>> y = [0, 1, 0, 1]
    >>> entropy_triangle_score(y, y, reject_label=None).mutual_info
    1.0""",
)


@with_label_parameters
def conventional_measures_score(
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    confusion_matrix: ArrayLike | None = None,
    pos_label: Any = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float]:
    """Conventional measures (rates, kappa, F1, losses) of predictions.

    Parameters
    ----------
    {label_parameters}
    pos_label : label, default=1
        The positive class of the binary measures, a value of the labels (of
        ``labels`` with ``confusion_matrix``), as scikit-learn's.
    replace_undefined_by : "warn" or float, default="warn"
        As in :func:`ni`.

    Returns
    -------
    measures : dict
        As :func:`conventional_measures`.

    Examples
    --------
    >>> from infometrics import conventional_measures_score
    >>> measures = conventional_measures_score([0, 0, 1, 1], [0, -1, 1, 0])
    >>> measures["correct_rate"], measures["reject_rate"], measures["error_rate"]
    (0.5, 0.25, 0.25)
    """
    matrix, labels = _matrix(
        y_true, y_pred, confusion_matrix, labels, reject_label, sample_weight
    )
    # The bare matrix's labels are its rows 0 .. m - 1.
    row = validation.positive_row(pos_label, labels) if len(labels) == 2 else 1
    return conventional_measures(
        matrix, pos_label=row, replace_undefined_by=replace_undefined_by
    )
