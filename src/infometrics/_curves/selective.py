"""Selective classification: risk-coverage curves and their areas."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .._counting.count import confusion_matrix_and_labels
from .._counting.label_checks import check_fraction, check_sample_weight
from .._counting.labels import encode_labels
from .scores import check_confidence, raise_rejected_predictions
from .stacks import threshold_sweep


class RiskCoverageCurve(NamedTuple):
    """Risk-coverage curve of an abstaining classifier, one point per threshold.

    Point ``g`` accepts the samples whose confidence is at least
    ``thresholds[g]``; unpacks like :func:`sklearn.metrics.roc_curve`'s result.

    Attributes
    ----------
    coverage, selective_risk, generalized_risk : ndarray of shape (n_thresholds,)
        Accepted weight ``c_g`` (the last is 1), the 0-1 loss ``R_g`` among the
        accepted (``nan`` if none) and ``c_g * R_g``.
    thresholds : ndarray of shape (n_thresholds,)
        The distinct confidence values, decreasing.
    """

    coverage: np.ndarray
    selective_risk: np.ndarray
    generalized_risk: np.ndarray
    thresholds: np.ndarray


def check_selective(
    y_true, y_pred, sample_weight, *, labels=None, reject_label=None, rejected=False
):
    """``(classes, true codes, predicted codes, weights)``, checked; ``y_pred``
    holds ``reject_label`` only if ``rejected``."""
    kinds = {np.asarray(y).dtype.kind for y in (y_true, y_pred)}
    if kinds & set("biuf") and kinds & set("USTa"):
        raise ValueError(
            "y_true and y_pred cannot hold the same labels (numbers against "
            "strings); every prediction would count as an error. Pass labels "
            "of one kind."
        )
    _, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    true = encode_labels(y_true, classes)
    pred = encode_labels(y_pred, classes, name="y_pred", reject_label=reject_label)
    if not rejected and (pred == len(classes)).any():
        raise_rejected_predictions(reject_label)
    return classes, true, pred, check_sample_weight(sample_weight, true.shape[0])


def selective_curve(wrong, confidence, weights):
    """The curve of checked samples and the weights it summed, scaled."""
    # Only ratios matter: an exact power of two keeps the sums finite.
    headroom = (
        1000 - int(np.frexp(weights.max())[1]) - int(np.ceil(np.log2(weights.size)))
    )
    weights = np.ldexp(weights, headroom) if headroom < 0 else weights
    # One row: cell 0 a correct sample, cell 1 an error (off the diagonal).
    rows = np.zeros(wrong.size, np.intp)
    stacks, thresholds = threshold_sweep(
        rows, wrong.astype(np.intp), confidence, weights, None, 2
    )
    for _ in stacks.blocks():
        pass
    # Point k accepts tie group k and the more confident ones.
    accepted, errors = stacks.accepted[::-1], stacks.errors[::-1]
    total = float(stacks.accepted[0])
    risk = np.full(accepted.shape, np.nan)
    np.divide(errors, accepted, out=risk, where=accepted > 0)
    curve = RiskCoverageCurve(accepted / total, risk, errors / total, thresholds[::-1])
    return curve, weights


def oracle_curve(wrong, weights):
    """The best ranking's curve: correct samples, then errors lightest first."""
    correct = float(weights[~wrong].sum())
    head = [0.0] if not wrong.all() else []
    errors = np.concatenate([head, np.cumsum(np.sort(weights[wrong]))])
    accepted = correct + errors
    risk = np.full(accepted.shape, np.nan)
    np.divide(errors, accepted, out=risk, where=accepted > 0)
    thresholds = np.concatenate(
        [[1.0] * len(head), -np.arange(wrong.sum(), dtype=float)]
    )
    total = accepted[-1]
    return RiskCoverageCurve(accepted / total, risk, errors / total, thresholds)


def excess_aurc(curve, oracle):
    """The AURC of ``curve`` minus that of ``oracle`` (:func:`oracle_curve`)."""
    excess = curve_readings(curve)[0] - curve_readings(oracle)[0]
    # The oracle's area is the minimum; only rounding makes this negative.
    return max(excess, 0.0)


def checked_curve(y_true, y_pred, confidence, sample_weight, reject_label):
    """``(wrong, scaled weights, curve)`` of the inputs, checked."""
    _, true, pred, weights = check_selective(
        y_true, y_pred, sample_weight, reject_label=reject_label
    )
    wrong = true != pred
    curve, weights = selective_curve(
        wrong, check_confidence(confidence, true.shape[0]), weights
    )
    return wrong, weights, curve


def curve_readings(curve, *, coverages=(), risks=(), slack=0.0):
    """AURC, AUGRC, the risk at each of ``coverages``, the coverage at each of
    ``risks`` (``slack``: allowed shortfall of a coverage by rounding)."""
    coverage, selective_risk, generalized_risk = curve[:3]
    # sum_g (c_g - c_{g-1}) R_g with c_0 = 0; a point accepting nothing adds 0.
    steps = np.diff(coverage, prepend=0.0)
    aurc = float(np.sum(steps * np.nan_to_num(selective_risk)))
    augrc = float(np.sum(steps * generalized_risk))
    # The first point reaching each target (the last point covers everything).
    first = np.searchsorted(coverage, np.asarray(coverages, float) - slack)
    at_coverage = selective_risk[np.minimum(first, len(coverage) - 1)].tolist()
    at_risk = []
    for risk in risks:
        # Compare the selective risks themselves: E_g <= risk * A_g rounds otherwise.
        safe = np.flatnonzero(selective_risk <= risk)
        at_risk.append(float(coverage[safe[-1]]) if safe.size else 0.0)
    return aurc, augrc, at_coverage, at_risk


def risk_coverage_curve(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> RiskCoverageCurve:
    """Selective risk and coverage at every distinct confidence threshold.

    A threshold ``tau`` accepts the samples with ``confidence >= tau``
    (Geifman & El-Yaniv, NeurIPS 2017); see the user guide, "Selective
    classification".

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True labels and predictions before rejection (``reject_label`` is refused).
    confidence : array-like of shape (n_samples,)
        Any score, higher = more sure (``±inf`` allowed); only the order matters.
    reject_label : scalar or None, default=-1
        The reject marker; None if every value is a class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights, not all zero.

    Returns
    -------
    curve : RiskCoverageCurve

    See Also
    --------
    reject_curve : Every information measure along the same thresholds.

    Examples
    --------
    >>> from infometrics.curves import risk_coverage_curve
    >>> y_true, y_pred = [0, 1, 1, 0, 1], [0, 1, 0, 1, 1]
    >>> coverage, risk, generalized, thresholds = risk_coverage_curve(
    ...     y_true, y_pred, [0.9, 0.8, 0.7, 0.7, 0.6]
    ... )
    >>> coverage, risk
    (array([0.2, 0.4, 0.8, 1. ]), array([0. , 0. , 0.5, 0.4]))
    """
    return checked_curve(y_true, y_pred, confidence, sample_weight, reject_label)[2]


def aurc(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the risk-coverage curve (AURC), lower is better.

    ``sum_g (c_g - c_{g-1}) R_g`` over the points of :func:`risk_coverage_curve`
    (Geifman, Uziel & El-Yaniv, ICLR 2019).

    Parameters
    ----------
    y_true, y_pred, confidence, reject_label, sample_weight
        As for :func:`risk_coverage_curve`.

    Returns
    -------
    aurc : float

    Examples
    --------
    >>> from infometrics.curves import aurc
    >>> aurc([0, 1, 1, 0], [0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6])
    0.1458
    """
    curve = checked_curve(y_true, y_pred, confidence, sample_weight, reject_label)[2]
    return curve_readings(curve)[0]


def e_aurc(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Excess AURC: the AURC minus that of the oracle ranking, lower is better.

    The oracle ranks every correct sample above every error, lightest errors
    first; it ranks whole samples, so unlike the other areas ``e_aurc`` changes
    when samples are repeated instead of weighted.

    Parameters
    ----------
    y_true, y_pred, confidence, reject_label, sample_weight
        As for :func:`risk_coverage_curve`.

    Returns
    -------
    e_aurc : float

    Examples
    --------
    >>> from infometrics.curves import e_aurc
    >>> e_aurc([0, 1, 1, 0], [0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6])
    0.0833
    """
    wrong, weights, curve = checked_curve(
        y_true, y_pred, confidence, sample_weight, reject_label
    )
    return excess_aurc(curve, oracle_curve(wrong, weights))


def augrc(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the generalized risk-coverage curve (AUGRC), lower is better.

    ``sum_g (c_g - c_{g-1}) GR_g``, the average risk of silent failures over
    all coverages (Traub et al., NeurIPS 2024).

    Parameters
    ----------
    y_true, y_pred, confidence, reject_label, sample_weight
        As for :func:`risk_coverage_curve`.

    Returns
    -------
    augrc : float

    Examples
    --------
    >>> from infometrics.curves import augrc
    >>> augrc([0, 1, 1, 0], [0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6])
    0.125
    """
    curve = checked_curve(y_true, y_pred, confidence, sample_weight, reject_label)[2]
    return curve_readings(curve)[1]


def selective_risk_at_coverage(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    coverage: float,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Selective risk at the first threshold whose coverage reaches ``coverage``.

    Parameters
    ----------
    y_true, y_pred, confidence, reject_label, sample_weight
        As for :func:`risk_coverage_curve`.
    coverage : float
        Target coverage, in ``(0, 1]``.

    Returns
    -------
    risk : float

    Examples
    --------
    >>> from infometrics.curves import selective_risk_at_coverage
    >>> y_true, y_pred = [0, 1, 1, 0], [0, 1, 0, 0]
    >>> selective_risk_at_coverage(y_true, y_pred, [0.9, 0.8, 0.7, 0.6], coverage=0.6)
    0.3333
    """
    target = check_fraction(coverage, "coverage", "(0, 1]")
    curve = checked_curve(y_true, y_pred, confidence, sample_weight, reject_label)[2]
    return curve_readings(curve, coverages=[target])[2][0]


def coverage_at_risk(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    confidence: ArrayLike,
    *,
    risk: float,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Largest coverage of a threshold whose selective risk is at most ``risk``.

    Parameters
    ----------
    y_true, y_pred, confidence, reject_label, sample_weight
        As for :func:`risk_coverage_curve`.
    risk : float
        Largest acceptable selective risk, in ``[0, 1]``.

    Returns
    -------
    coverage : float
        0 if no threshold is that safe.

    Examples
    --------
    >>> from infometrics.curves import coverage_at_risk
    >>> coverage_at_risk([0, 1, 1, 0], [0, 1, 0, 0], [0.9, 0.8, 0.7, 0.6], risk=0.2)
    0.5
    """
    limit = check_fraction(risk, "risk", "[0, 1]")
    curve = checked_curve(y_true, y_pred, confidence, sample_weight, reject_label)[2]
    return curve_readings(curve, risks=[limit])[3][0]
