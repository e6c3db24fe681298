"""The sums every scalar measure is made of: statistics of the padded matrix."""

import numpy as np

# A statistic sums an elementwise function over the cells, the m + 1 output
# columns or the m classes of the fields MatrixQuantities supplies. Every
# function is 0 where its mass is 0; an infinite term is left out and counted
# by a *_singular statistic (a measure tells "infinite" from "large"); *_rest
# are sums of the other entries, never 1 - x, so exactly 0 when those are.


def _where_positive(mask, compute, like):
    """``compute()`` where ``mask``, else 0; no warnings from the masked-out terms."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        values = compute()
    return np.where(mask, values, 0.0) + np.zeros_like(like)


def ratio(numerator, denominator):
    """``numerator / denominator``, 0 where either is 0."""
    numerator, denominator = np.broadcast_arrays(numerator, denominator)
    return np.divide(
        numerator,
        denominator,
        out=np.zeros(numerator.shape),
        where=(numerator != 0) & (denominator != 0),
    )


def _log2(mass, rest):
    """``log2 mass`` (0 where ``mass`` is), from ``log1p(-rest)`` above 1/2: the
    digits a mass near 1 loses, ``rest`` being ``1 - mass`` summed exactly."""
    mass, rest = np.broadcast_arrays(mass, rest)
    with np.errstate(divide="ignore", invalid="ignore"):
        values = np.log(mass)
    near_one = mass > 0.5
    values[near_one] = np.log1p(-rest[near_one])
    values[mass <= 0] = 0.0
    return values / np.log(2.0)


def _neg_entropy_term(mass, rest):
    """``-mass log2 mass``, 0 where ``mass`` is 0."""
    return _where_positive(mass > 0, lambda: -mass * _log2(mass, rest), mass)


def _log_ratio_term(a, a_rest, b, b_rest):
    """``a log2(a / b)`` where both are positive (the finite part of a KL sum)."""
    return _where_positive(
        (a > 0) & (b > 0), lambda: a * (_log2(a, a_rest) - _log2(b, b_rest)), a
    )


def _cross_entropy_term(a, b, b_rest):
    """``-a log2 b`` where both are positive (the finite part of a cross-entropy)."""
    return _where_positive((a > 0) & (b > 0), lambda: -a * _log2(b, b_rest), a)


def _chi_square_term(a, b):
    """``(a - b)^2 / b`` where ``b > 0`` (the finite part of Pearson's sum)."""
    return _where_positive(b > 0, lambda: (a - b) ** 2 / b, a)


def _jensen_shannon_term(c):
    """``t log2(2t / (t + y)) + y log2(2y / (t + y))``: KL of each to the midpoint."""
    middle = 0.5 * (c.t + c.y)
    middle_rest = 0.5 * (c.t_rest + c.y_rest)
    return _log_ratio_term(c.t, c.t_rest, middle, middle_rest) + _log_ratio_term(
        c.y, c.y_rest, middle, middle_rest
    )


CELL_SUMS = {
    # Misclassified accepted mass (Hu & Wang's error rate E), exactly 0 if none.
    "error": lambda c: np.where(c.reject | c.diagonal, 0.0, c.p),
    # Holt's quadratic loss needs sum_i t_i sum_k P_ik^2.
    "t_p_squared": lambda c: c.t * c.p**2,
}

COLUMN_SUMS = {
    "neg_t_log_t": lambda c: _neg_entropy_term(c.t, c.t_rest),
    "neg_y_log_y": lambda c: _neg_entropy_term(c.y, c.y_rest),
    "reject_y": lambda c: np.where(c.reject, c.y, 0.0),
    "accepted_y": lambda c: np.where(c.reject, 0.0, c.y),
    # Divergences between the true marginal t and the output marginal y.
    "squared_difference": lambda c: (c.t - c.y) ** 2,
    "t_squared": lambda c: c.t**2,
    "y_squared": lambda c: c.y**2,
    "t_times_y": lambda c: c.t * c.y,
    # 1 - sum t_j y_j = sum t_j (1 - y_j): kappa's chance complement, exact.
    "t_times_y_rest": lambda c: c.t * c.y_rest,
    "sqrt_t_times_y": lambda c: np.sqrt(c.t * c.y),
    "hellinger": lambda c: (np.sqrt(c.t) - np.sqrt(c.y)) ** 2,
    "absolute_difference": lambda c: np.abs(c.t - c.y),
    "kl_t_y": lambda c: _log_ratio_term(c.t, c.t_rest, c.y, c.y_rest),
    "kl_y_t": lambda c: _log_ratio_term(c.y, c.y_rest, c.t, c.t_rest),
    # Outcomes where one marginal has mass and the other none: KL, chi-square
    # and cross-entropy against the empty side are infinite there.
    "t_singular": lambda c: ((c.t > 0) & (c.y <= 0)).astype(float),
    "y_singular": lambda c: ((c.y > 0) & (c.t <= 0)).astype(float),
    "chi_square_t_y": lambda c: _chi_square_term(c.t, c.y),
    "chi_square_y_t": lambda c: _chi_square_term(c.y, c.t),
    "jensen_shannon": _jensen_shannon_term,
    "cross_entropy_t_y": lambda c: _cross_entropy_term(c.t, c.y, c.y_rest),
    "cross_entropy_y_t": lambda c: _cross_entropy_term(c.y, c.t, c.t_rest),
}

CLASS_SUMS = {
    "hits": lambda k: k.d,
    "misses": lambda k: k.t_off,
    # Holt et al.'s one-vs-rest rates of each class, weighted by its prior.
    "prior_tpr": lambda k: k.t * ratio(k.d, k.t),
    "prior_fpr": lambda k: k.t * ratio(k.y_off, k.t_rest),
    "prior_ppv": lambda k: k.t * ratio(k.d, k.y),
    "prior_npv": lambda k: k.t * ratio(k.tn, k.y_rest),
    "prior_rand": lambda k: k.t * (k.d + k.tn),
    "prior_f_score": lambda k: k.t * ratio(2 * k.d, k.t + k.y),
    # Row i's quadratic loss is sum_k P_ik^2 + (1 - P_ii)^2 - P_ii^2 and its
    # linear loss (t_i - P_ii) + (1 - P_ii); 1 - P_ii = t_off + t_rest.
    "prior_quadratic_correction": lambda k: k.t * ((k.t_off + k.t_rest) ** 2 - k.d**2),
    "prior_linear_deviation": lambda k: k.t * (2 * k.t_off + k.t_rest),
    "prior_neg_ln_hits": lambda k: _where_positive(
        (k.t > 0) & (k.d > 0), lambda: -k.t * np.log(k.d), k.t
    ),
    "never_recognised": lambda k: ((k.t > 0) & (k.d <= 0)).astype(float),
    "recall_of_present": lambda k: ratio(k.d, k.t),
    "present": lambda k: (k.t > 0).astype(float),
    "f1": lambda k: ratio(2 * k.d, k.t + k.y),
    "information_weighted_hits": lambda k: k.d * _neg_entropy_term(k.t, k.t_rest),
    "information_weighted_prior": lambda k: k.t * _neg_entropy_term(k.t, k.t_rest),
    "positive_hits": lambda k: np.where(k.index == k.positive, k.d, 0.0),
    "positive_true": lambda k: np.where(k.index == k.positive, k.t, 0.0),
    "positive_predicted": lambda k: np.where(k.index == k.positive, k.y, 0.0),
}

# Each statistic's fields: the MatrixQuantities attribute it reads.
KINDS = {
    **dict.fromkeys(CELL_SUMS, "_cells"),
    **dict.fromkeys(COLUMN_SUMS, "_columns"),
    **dict.fromkeys(CLASS_SUMS, "_classes"),
}
STATISTICS = {**CELL_SUMS, **COLUMN_SUMS, **CLASS_SUMS}
