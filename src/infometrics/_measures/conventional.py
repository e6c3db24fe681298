"""Conventional measures reported beside the information measures (SPEC §6).

Pure numpy; every function accepts one matrix or a stack.
"""

from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .ni import EMPTY_REASON
from .quantities import JointQuantities
from .validation import (
    as_output,
    check_confusion_matrix,
    check_replace_undefined_by,
    fill_undefined,
    with_reject_column,
)


def _safe_divide(numerator, denominator):
    """Elementwise ratio, 0 where the numerator is 0 (``0/0`` terms count 0)."""
    numerator, denominator = np.broadcast_arrays(
        np.asarray(numerator, dtype=float), np.asarray(denominator, dtype=float)
    )
    return np.divide(
        numerator,
        denominator,
        out=np.zeros(numerator.shape),
        where=(numerator != 0) & (denominator != 0),
    )


def _square(counts):
    """``(m, m + 1)`` counts squared by an empty row for the reject outcome."""
    pad = [(0, 0)] * (counts.ndim - 2) + [(0, 1), (0, 0)]
    return np.pad(counts, pad)


def _diagonal(matrix):
    return np.diagonal(matrix, axis1=-2, axis2=-1)


def conventional_measures(
    confusion_matrix: ArrayLike,
    *,
    positive_class: int = 1,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> dict[str, float | np.ndarray]:
    """Conventional measures of an augmented confusion matrix, for comparison.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts: rows true classes, columns predicted classes plus a last reject
        column. A square matrix means no reject option.
    positive_class : int, default=1
        Row index of the positive class for the binary ``precision``,
        ``recall`` and ``f1`` (1 is scikit-learn's ``pos_label=1`` with labels
        ``[0, 1]``). Only used when ``m == 2``.
    replace_undefined_by : "warn" or float, default="warn"
        Value of measures that are undefined (empty matrix, everything rejected,
        a single class). ``"warn"`` gives ``nan`` and an
        :class:`UndefinedMeasureWarning`.

    Returns
    -------
    measures : dict
        Hu & Wang: ``correct_rate``, ``error_rate``, ``reject_rate`` (they sum
        to 1), ``accepted_accuracy`` (``CR / (CR + E)``) and, for two classes,
        ``precision``, ``recall``, ``f1`` of ``positive_class`` (rejected
        samples count as not recalled).
        Holt et al., on the matrix squared by an empty reject row: ``accuracy``,
        ``kappa``, the prior-weighted one-vs-rest ``tpr``, ``fpr``, ``ppv``,
        ``npv``, ``rand_index``, ``f_score``; expected losses
        ``quadratic_loss``, ``linear_loss``, ``informational_loss`` (nats,
        ``inf`` when a class is never recognised), ``zero_one_loss``; the
        error-to-information ratio ``xi`` (``inf`` when no information is
        transferred but errors are made).
        Multi-class literature: ``balanced_error_rate``,
        ``combined_error_rate``, ``micro_f1``, ``macro_f1``,
        ``info_weighted_accuracy``.

    Warns
    -----
    UndefinedMeasureWarning
        For each undefined measure when ``replace_undefined_by="warn"``.

    See Also
    --------
    error_bounds : Fano and Hellman-Raviv bounds on the error.

    Notes
    -----
    Per-class rates whose numerator is 0 count as 0 (``0/0`` terms, as in the
    information measures). The losses follow Holt et al. with ``P`` the joint
    distribution of the squared matrix: quadratic
    ``sum_ij P_ij sum_k (P_ik - δ_ik)^2``, linear
    ``sum_ij P_ij sum_k |P_ik - δ_ik|``, informational
    ``sum_ij P_ij (-ln P_ii)`` and 0-1 ``sum_ij P_ij (-δ_ij)``. The combined
    error rate is the mean of the prior-weighted false-positive and
    false-negative rates; the information-weighted accuracy weights each
    class's hits by ``-p_i log p_i`` and is 1 for a perfect classifier.

    References
    ----------
    .. [1] B.-G. Hu and Y. Wang, Acta Automatica Sinica 34 (2008).
    .. [2] R. S. Holt et al., Proc. SPIE 7697 (2010), eqs. 2-10.

    Examples
    --------
    >>> from infometrics import conventional_measures
    >>> measures = conventional_measures([[74, 6, 10], [0, 9, 1]])
    >>> round(measures["accepted_accuracy"], 3), round(measures["reject_rate"], 3)
    (0.933, 0.11)
    >>> round(measures["kappa"], 3), round(measures["macro_f1"], 3)
    (0.467, 0.811)
    """
    replace_undefined_by = check_replace_undefined_by(replace_undefined_by)
    counts, _ = check_confusion_matrix(confusion_matrix)
    counts = with_reject_column(counts)
    n_classes = counts.shape[-2]
    if not isinstance(positive_class, (int, np.integer)) or not (
        0 <= positive_class < max(n_classes, 2)
    ):
        raise ValueError(
            f"positive_class must be a row index 0 or 1 for a binary matrix; got "
            f"{positive_class!r}."
        )
    total = counts.sum(axis=(-2, -1))
    empty = total <= 0
    safe_total = np.where(empty, 1.0, total)
    hits = _diagonal(counts[..., :, :n_classes])
    row_totals = counts.sum(axis=-1)
    column_totals = counts[..., :n_classes].sum(axis=-2)
    correct = hits.sum(axis=-1)
    rejected = counts[..., -1].sum(axis=-1)
    accepted = total - rejected

    results = {}
    undefined_conditions = {}

    def put(name, value, *conditions):
        results[name] = value
        undefined_conditions[name] = [(empty, EMPTY_REASON), *conditions]

    # Hu & Wang: rates with a reject option.
    put("correct_rate", correct / safe_total)
    put("error_rate", (accepted - correct) / safe_total)
    put("reject_rate", rejected / safe_total)
    put(
        "accepted_accuracy",
        _safe_divide(correct, accepted),
        (accepted <= 0, "every sample was rejected"),
    )
    if n_classes == 2:
        tp = hits[..., positive_class]
        predicted_positive = column_totals[..., positive_class]
        actual_positive = row_totals[..., positive_class]
        precision = _safe_divide(tp, predicted_positive)
        recall = _safe_divide(tp, actual_positive)
        put(
            "precision",
            precision,
            (predicted_positive <= 0, "the positive class is never predicted"),
        )
        put(
            "recall",
            recall,
            (actual_positive <= 0, "the positive class has no true samples"),
        )
        put(
            "f1",
            _safe_divide(2 * tp, predicted_positive + actual_positive),
            (
                predicted_positive + actual_positive <= 0,
                "the positive class is neither present nor predicted",
            ),
        )

    # Holt et al.: prior-weighted one-vs-rest rates on the squared matrix.
    squared = _square(counts)
    q = JointQuantities.from_counts(squared)
    joint, prior, output = q.joint, q.true_marginal, q.output_marginal
    p_hit = _diagonal(joint)
    accuracy = p_hit.sum(axis=-1)
    false_negative = prior - p_hit
    false_positive = output - p_hit
    true_negative = 1.0 - prior - output + p_hit
    chance = (prior * output).sum(axis=-1)

    def prior_weighted(rates):
        return (prior * rates).sum(axis=-1)

    put("accuracy", accuracy)
    put(
        "kappa",
        _safe_divide(accuracy - chance, 1.0 - chance),
        (chance >= 1.0, "chance agreement is 1 (a single class, always predicted)"),
    )
    tpr = prior_weighted(_safe_divide(p_hit, prior))
    fpr = prior_weighted(_safe_divide(false_positive, 1.0 - prior))
    put("tpr", tpr)
    put("fpr", fpr)
    put("ppv", prior_weighted(_safe_divide(p_hit, output)))
    put("npv", prior_weighted(_safe_divide(true_negative, 1.0 - output)))
    put("rand_index", prior_weighted(p_hit + true_negative))
    put(
        "f_score",
        prior_weighted(
            _safe_divide(2 * p_hit, 2 * p_hit + false_positive + false_negative)
        ),
    )
    identity = np.eye(squared.shape[-1])
    deviation = joint - identity
    put("quadratic_loss", (prior * (deviation**2).sum(axis=-1)).sum(axis=-1))
    put("linear_loss", (prior * np.abs(deviation).sum(axis=-1)).sum(axis=-1))
    with np.errstate(divide="ignore", invalid="ignore"):
        surprise = -np.log(p_hit)
        # A class with prior 0 (the reject row) carries no weight, even if P_ii = 0.
        informational = np.where(prior > 0, prior * surprise, 0.0).sum(axis=-1)
    put("informational_loss", informational)
    put("zero_one_loss", -accuracy)
    mutual_info_nats = q.mutual_info * np.log(2.0)
    error = 1.0 - accuracy
    no_information = mutual_info_nats <= 0
    put(
        "xi",
        np.where(
            no_information,
            np.where(error > 0, np.inf, 0.0),
            error / np.where(no_information, 1.0, mutual_info_nats),
        ),
        (no_information & (error <= 0), "no error and no information (0/0)"),
    )

    # Multi-class literature.
    present = row_totals > 0
    per_class_recall = _safe_divide(hits, row_totals)
    n_present = present.sum(axis=-1)
    put(
        "balanced_error_rate",
        1.0 - _safe_divide((per_class_recall * present).sum(axis=-1), n_present),
    )
    put("combined_error_rate", 0.5 * (fpr + (1.0 - tpr)))
    predicted = column_totals.sum(axis=-1)
    put("micro_f1", _safe_divide(2 * correct, predicted + total))
    per_class_f1 = _safe_divide(2 * hits, column_totals + row_totals)
    put("macro_f1", per_class_f1.mean(axis=-1))
    class_prior = row_totals / safe_total[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):
        weights = np.where(class_prior > 0, -class_prior * np.log2(class_prior), 0.0)
    normaliser = (row_totals * weights).sum(axis=-1)
    put(
        "info_weighted_accuracy",
        _safe_divide((hits * weights).sum(axis=-1), normaliser),
        (normaliser <= 0, "a single true class carries no information"),
    )

    output_values = {}
    for name, value in results.items():
        value = np.asarray(value, dtype=float)
        if name not in ("zero_one_loss", "xi", "informational_loss", "kappa"):
            value = np.clip(value, 0.0, 1.0 if "loss" not in name else np.inf) + 0.0
        output_values[name] = as_output(
            fill_undefined(
                value, undefined_conditions[name], replace_undefined_by, name=name
            )
        )
    return output_values


class ErrorBounds(NamedTuple):
    """Information-theoretic bounds on the probability of error.

    Attributes
    ----------
    lower : float or ndarray
        Fano's lower bound ``(H(T|Y) - 1) / log2 m``.
    upper : float or ndarray
        Hellman-Raviv's upper bound ``H(T|Y) / 2`` on the Bayes error of
        guessing ``T`` from the output.
    """

    lower: float | np.ndarray
    upper: float | np.ndarray


def error_bounds(confusion_matrix: ArrayLike) -> ErrorBounds:
    """Fano and Hellman-Raviv bounds on the error from the equivocation H(T|Y).

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts as for :func:`ni`.

    Returns
    -------
    bounds : ErrorBounds
        ``lower = (H(T|Y) - 1) / log2 m`` (Fano; ``-inf`` for ``m = 1``, where
        there is nothing to get wrong) and ``upper = H(T|Y) / 2``
        (Hellman-Raviv). Any classifier deciding from the output ``Y`` errs at
        least ``lower`` of the time (rejections count as errors); the best one
        errs at most ``upper``. The raw formulas are returned, not clipped to
        ``[0, 1]``.

    See Also
    --------
    conventional_measures : The observed rates.

    Examples
    --------
    >>> from infometrics import error_bounds
    >>> bounds = error_bounds([[40, 10], [5, 45]])
    >>> round(bounds.lower, 3), round(bounds.upper, 3)
    (-0.397, 0.301)
    """
    counts, _ = check_confusion_matrix(confusion_matrix)
    n_classes = counts.shape[-2]
    q = JointQuantities.from_counts(counts)
    equivocation = q.h_true_given_output
    with np.errstate(divide="ignore"):
        log_classes = np.log2(n_classes)
        lower = (
            (equivocation - 1.0) / log_classes
            if n_classes > 1
            else np.full(equivocation.shape, -np.inf)
        )
    return ErrorBounds(lower=as_output(lower), upper=as_output(equivocation / 2.0))


def mutual_info_sensitivity(
    confusion_matrix: ArrayLike, true_class: int, from_column: int, to_column: int
) -> float | np.ndarray:
    """First-order change of I(T;Y) when one sample moves within a row.

    Hu & Wang's eqs. 27-30: moving one sample of true class ``i`` from column
    ``k`` to column ``j`` changes the mutual information by about
    ``(1/n) [log2(c_ij / sum_i' c_i'j) - log2(c_ik / sum_i' c_i'k)]``, a term
    with a zero count being left out.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1), (m, m) or (..., m, m + 1)
        Counts.
    true_class : int
        Row ``i`` of the sample that moves.
    from_column, to_column : int
        Columns ``k`` and ``j`` (the reject column is ``m``).

    Returns
    -------
    change : float or ndarray
        Approximate change of ``I`` in bits (positive: the move adds
        information).

    Examples
    --------
    Moving a sample of the small class from an error to the reject column
    raises I:

    >>> from infometrics import mutual_info_sensitivity
    >>> round(mutual_info_sensitivity([[90, 0, 0], [1, 9, 0]], 1, 0, 2), 4)
    0.0651
    """
    counts, _ = check_confusion_matrix(confusion_matrix)
    n_rows, n_cols = counts.shape[-2:]
    for name, index, limit in (
        ("true_class", true_class, n_rows),
        ("from_column", from_column, n_cols),
        ("to_column", to_column, n_cols),
    ):
        if not isinstance(index, (int, np.integer)) or not 0 <= index < limit:
            raise ValueError(
                f"{name} must be an integer in [0, {limit - 1}] for a matrix of shape "
                f"{counts.shape[-2:]}; got {index!r}."
            )
    column_totals = counts.sum(axis=-2)
    total = counts.sum(axis=(-2, -1))
    row = counts[..., true_class, :]

    def log_posterior(column):
        count = row[..., column]
        ratio = _safe_divide(count, column_totals[..., column])
        return np.log2(ratio, out=np.zeros_like(ratio), where=count > 0)

    change = _safe_divide(log_posterior(to_column) - log_posterior(from_column), total)
    return as_output(change)
