"""Label-level wrappers: build the augmented confusion matrix once, call the core."""

from typing import Any, Literal

from numpy.typing import ArrayLike

from .._counting.labels import augmented_confusion_matrix
from .._measures.conventional import conventional_measures
from .._measures.coverage import InformationCoverage, information_coverage
from .._measures.ni import MeasureName, all_measures, check_measure_name, ni
from .._measures.triangle import EntropyTriangle, entropy_triangle

_LABEL_PARAMETERS = """    y_true : array-like of shape (n_samples,)
        True labels.
    y_pred : array-like of shape (n_samples,)
        Predicted labels; ``reject_label`` marks a rejection.
    labels : array-like of shape (m,), default=None
        Classes in row order; by default the sorted union of the labels, the
        reject label excluded.
    reject_label : scalar or None, default=-1
        The prediction that means "rejected"; ``None``: no reject option.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights."""


def _matrix(y_true, y_pred, labels, reject_label, sample_weight):
    return augmented_confusion_matrix(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )


def ni_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    measure: MeasureName = "ni2",
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> float:
    """Normalized information measure of predictions that may include rejections.

    Parameters
    ----------
    {label_parameters}
    measure : {{"ni1", ..., "ni24"}}, default="ni2"
        Which of the 24 measures; see :func:`ni`.
    replace_undefined_by : "warn" or float, default="warn"
        Value when the measure is undefined; ``"warn"`` returns ``nan`` and
        warns.

    Returns
    -------
    score : float
        The measure, in ``[0, 1]``, higher is better.

    See Also
    --------
    ni : The same from a confusion matrix.

    Examples
    --------
    >>> from infometrics import ni_score
    >>> y_true = [0] * 90 + [1] * 10
    >>> misclassified = [0] * 90 + [0] + [1] * 9
    >>> rejected = [0] * 90 + [-1] + [1] * 9
    >>> ni_score(y_true, rejected) > ni_score(y_true, misclassified)
    True
    """
    name = check_measure_name(measure)
    matrix = _matrix(y_true, y_pred, labels, reject_label, sample_weight)
    return ni(matrix, name, replace_undefined_by=replace_undefined_by)


def all_measures_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float]:
    """All 24 normalized information measures from labels.

    Parameters
    ----------
    {label_parameters}
    replace_undefined_by : "warn" or float, default="warn"
        Value of undefined measures; ``"warn"`` returns ``nan`` and warns.

    Returns
    -------
    measures : dict
        ``{{"ni1": ..., ..., "ni24": ...}}``.

    See Also
    --------
    all_measures : The same from a confusion matrix.

    Examples
    --------
    >>> from infometrics import all_measures_score
    >>> scores = all_measures_score(
    ...     [0, 0, 1, 1], [0, 0, 1, -1], replace_undefined_by=0.0
    ... )
    >>> round(scores["ni2"], 3), scores["ni17"]  # NI17 is singular with rejects
    (0.75, 0.0)
    """
    matrix = _matrix(y_true, y_pred, labels, reject_label, sample_weight)
    return all_measures(matrix, replace_undefined_by=replace_undefined_by)


def information_coverage_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> InformationCoverage:
    """Information coverage f(T;S), r(S|T) of predictions (Holt et al.).

    Parameters
    ----------
    {label_parameters}
    replace_undefined_by : "warn" or float, default="warn"
        Value of undefined ratios; ``"warn"`` returns ``nan`` and warns.

    Returns
    -------
    coverage : InformationCoverage
        See :func:`information_coverage`.

    Examples
    --------
    >>> from infometrics import information_coverage_score
    >>> coverage = information_coverage_score([0, 1, 2, 2], [0, 1, 2, 2])
    >>> coverage.completeness, coverage.false_info_ratio
    (1.0, 0.0)
    """
    matrix = _matrix(y_true, y_pred, labels, reject_label, sample_weight)
    return information_coverage(matrix, replace_undefined_by=replace_undefined_by)


def entropy_triangle_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> EntropyTriangle:
    """Entropy-triangle coordinates of predictions.

    Parameters
    ----------
    {label_parameters}
    replace_undefined_by : "warn" or float, default="warn"
        Value of undefined coordinates; ``"warn"`` returns ``nan`` and warns.

    Returns
    -------
    triangle : EntropyTriangle
        See :func:`entropy_triangle`. With the default ``reject_label=-1`` the
        outputs include the reject column; pass ``reject_label=None`` for a
        classifier without a reject option.

    Examples
    --------
    >>> from infometrics import entropy_triangle_score
    >>> y = [0, 1, 0, 1]
    >>> point = entropy_triangle_score(y, y, reject_label=None)
    >>> point.mutual_info
    1.0
    """
    matrix = _matrix(y_true, y_pred, labels, reject_label, sample_weight)
    return entropy_triangle(matrix, replace_undefined_by=replace_undefined_by)


def conventional_measures_score(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    positive_class: int = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float]:
    """Conventional measures (rates, kappa, F1, losses) of predictions.

    Parameters
    ----------
    {label_parameters}
    positive_class : int, default=1
        Row index (in ``labels`` order) of the positive class for the binary
        precision, recall and F1.
    replace_undefined_by : "warn" or float, default="warn"
        Value of undefined measures; ``"warn"`` returns ``nan`` and warns.

    Returns
    -------
    measures : dict
        See :func:`conventional_measures`.

    Examples
    --------
    >>> from infometrics import conventional_measures_score
    >>> measures = conventional_measures_score([0, 0, 1, 1], [0, -1, 1, 0])
    >>> measures["correct_rate"], measures["reject_rate"], measures["error_rate"]
    (0.5, 0.25, 0.25)
    """
    matrix = _matrix(y_true, y_pred, labels, reject_label, sample_weight)
    return conventional_measures(
        matrix,
        positive_class=positive_class,
        replace_undefined_by=replace_undefined_by,
    )


for _function in (
    ni_score,
    all_measures_score,
    information_coverage_score,
    entropy_triangle_score,
    conventional_measures_score,
):
    _function.__doc__ = _function.__doc__.format(
        label_parameters=_LABEL_PARAMETERS.lstrip()
    )
del _function
