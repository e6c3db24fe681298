"""The quantities every measure of a matrix (or a stack of them) is computed from.

:class:`Quantities` derives the entropies and the mutual information from the
statistics of :mod:`~infometrics._measures.statistics` (``sum(name)``);
:class:`MatrixQuantities` supplies those sums from validated counts, once per
matrix, and computes a few quantities more precisely than the sums allow
(``I`` term by term, so an independent matrix gives exactly 0). A threshold
sweep subclasses :class:`Quantities` with sums updated sample by sample.

Everything is in bits and vectorised over the leading stack axes.
"""

from functools import cached_property

import numpy as np

from .statistics import CELL_SUMS, CLASS_SUMS, COLUMN_SUMS, KINDS

# A difference of two entropies below this is rounding, not information (only
# used where no exact term-by-term value is available, i.e. in sweeps).
_CANCELLATION_TOLERANCE = 64 * np.finfo(np.float64).eps


class Fields:
    """A bag of named arrays, the argument of the statistics' functions."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


class Quantities:
    """Entropies and mutual information of a stack, derived from its statistics.

    Subclasses set ``n_classes`` (``m``), ``n_outputs`` (the number of columns
    of the matrices as given: ``m`` without, ``m + 1`` with a reject column),
    ``stack_shape`` and ``empty`` (no sample at all), and implement
    :meth:`sum`.
    """

    n_classes: int
    n_outputs: int
    stack_shape: tuple
    empty: np.ndarray

    def sum(self, name):
        """The statistic ``name`` of :mod:`~infometrics._measures.statistics`."""
        raise NotImplementedError

    @cached_property
    def h_true(self):
        """``H(T)``, the entropy of the true marginal."""
        return _entropy(self.sum("neg_t_log_t"))

    @cached_property
    def h_output(self):
        """``H(Y)``, the entropy of the output marginal (reject outcome included)."""
        return _entropy(self.sum("neg_y_log_y"))

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T) = sum -P_ij log2(P_ij / t_i)``, summed term by term."""
        return _nonnegative(self.sum("neg_p_log_p_given_t"))

    @cached_property
    def h_joint(self):
        """``H(T,Y) = H(T) + H(Y|T)``: a sum of non-negative parts."""
        return self.h_true + self.h_output_given_true

    @cached_property
    def mutual_info(self):
        """``I(T;Y) = H(Y) - H(Y|T)``, 0 where the difference is rounding."""
        difference = self.h_output - self.h_output_given_true
        scale = np.maximum(self.h_output, 1.0)
        difference = np.where(
            difference <= _CANCELLATION_TOLERANCE * scale, 0.0, difference
        )
        return np.clip(difference, 0.0, np.minimum(self.h_true, self.h_output))

    @cached_property
    def reject_information(self):
        """The reject column's terms of ``I``: ``y_r KL(P(T|reject) || t) >= 0``."""
        terms = self.sum("reject_neg_y_log_y") - self.sum("reject_neg_p_log_p_given_t")
        return np.clip(terms, 0.0, self.mutual_info)

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``: ``I`` less the reject column's terms (NI2's numerator)."""
        return np.clip(self.mutual_info - self.reject_information, 0.0, None)

    @cached_property
    def h_true_given_output(self):
        """``H(T|Y) = H(T) - I``."""
        return _nonnegative(self.h_true - self.mutual_info)


def _entropy(values):
    """An entropy, exactly 0 where it is rounding (a degenerate distribution).

    Degenerate-case rules test ``H = 0``; a marginal of one class whose mass
    rounds to ``1 - 2**-53`` must not count as carrying information.
    """
    return np.where(values <= _CANCELLATION_TOLERANCE, 0.0, values)


def _nonnegative(values):
    """Clip rounding below 0 and turn ``-0.0`` into ``0.0``."""
    return np.maximum(values, 0.0) + 0.0


def _sum_of_others(values):
    """``sum_{k != i} values_k`` along the last axis, from exclusive running sums.

    Unlike ``total - values``, it is exactly 0 wherever every other entry is 0.
    """
    pad = [(0, 0)] * (values.ndim - 1) + [(1, 0)]
    before = np.pad(np.cumsum(values, axis=-1), pad)[..., :-1]
    reversed_values = np.flip(values, axis=-1)
    after = np.flip(np.pad(np.cumsum(reversed_values, axis=-1), pad)[..., :-1], axis=-1)
    return before + after


def _scaled_to_unit(counts):
    """Counts times a power of two that brings each matrix's largest count near 1.

    Multiplying by a power of two is exact, so integer structure (and with it
    exact independence, ``C_ij n = R_i K_j``) survives; sums of counts near the
    float maximum no longer overflow, and tiny counts no longer underflow.
    """
    largest = counts.max(axis=(-2, -1), keepdims=True)
    _, exponent = np.frexp(np.where(largest > 0, largest, 1.0))
    return np.ldexp(counts, -exponent)


class MatrixQuantities(Quantities):
    """The quantities of validated counts, each computed once and on demand.

    Parameters
    ----------
    counts : ndarray of shape (..., m, m) or (..., m, m + 1)
        Validated, finite, non-negative float counts.
    positive : int, default=1
        Row of the positive class of the binary measures.
    """

    def __init__(self, counts, *, positive=1):
        self.n_outputs = counts.shape[-1]
        if counts.shape[-1] == counts.shape[-2]:
            # No reject option: an all-zero reject column changes no quantity
            # and lets one code path serve both shapes.
            pad = [(0, 0)] * (counts.ndim - 1) + [(0, 1)]
            counts = np.pad(counts, pad)
        self.n_classes = counts.shape[-2]
        self.stack_shape = counts.shape[:-2]
        self.positive = positive
        self.counts = _scaled_to_unit(counts)
        self.total = self.counts.sum(axis=(-2, -1))
        self.empty = self.total <= 0
        safe_total = np.where(self.empty, 1.0, self.total)
        self.joint = self.counts / safe_total[..., None, None]
        self.row_totals = self.counts.sum(axis=-1)
        self.column_totals = self.counts.sum(axis=-2)
        self.true_marginal = self.joint.sum(axis=-1)
        self.output_marginal = self.joint.sum(axis=-2)
        self._sums = {}

    @classmethod
    def from_counts(cls, counts, *, positive=1):
        """The quantities of validated counts (see the class parameters)."""
        return cls(counts, positive=positive)

    # -- the statistics ------------------------------------------------------

    def sum(self, name):
        """The statistic ``name``, computed on first use."""
        if name not in self._sums:
            kind = KINDS[name]
            if kind == "cell":
                value = CELL_SUMS[name](self._cells).sum(axis=(-2, -1))
            elif kind == "column":
                value = COLUMN_SUMS[name](self._columns).sum(axis=-1)
            else:
                value = CLASS_SUMS[name](self._classes).sum(axis=-1)
            self._sums[name] = value
        return self._sums[name]

    @cached_property
    def _reject_mask(self):
        return np.arange(self.n_classes + 1) == self.n_classes

    @cached_property
    def _cells(self):
        m = self.n_classes
        return Fields(
            p=self.joint,
            t=self.true_marginal[..., :, None],
            reject=self._reject_mask,
            diagonal=np.eye(m, m + 1, dtype=bool),
        )

    @cached_property
    def _target(self):
        """``t`` on the ``m + 1`` outcomes: 0 on the reject outcome."""
        pad = [(0, 0)] * (self.true_marginal.ndim - 1) + [(0, 1)]
        return np.pad(self.true_marginal, pad)

    @cached_property
    def _columns(self):
        return Fields(t=self._target, y=self.output_marginal, reject=self._reject_mask)

    @cached_property
    def _classes(self):
        m = self.n_classes
        hits = np.diagonal(self.joint[..., :, :m], axis1=-2, axis2=-1)
        return Fields(
            d=hits,
            t=self.true_marginal,
            y=self.output_marginal[..., :m],
            t_rest=_sum_of_others(self.true_marginal),
            y_rest=_sum_of_others(self.output_marginal)[..., :m],
            index=np.arange(m),
            positive=self.positive,
        )

    # -- exact versions of the derived quantities -----------------------------

    @cached_property
    def h_true(self):
        """``H(T)``; exactly 0 when at most one class is present."""
        support = np.count_nonzero(self.row_totals, axis=-1)
        return np.where(support > 1, super().h_true, 0.0)

    @cached_property
    def h_output(self):
        """``H(Y)``; exactly 0 when at most one output column is used."""
        support = np.count_nonzero(self.column_totals, axis=-1)
        return np.where(support > 1, super().h_output, 0.0)

    @cached_property
    def _rest_of_row(self):
        """``b_ij``: the counts of row ``i`` outside cell ``(i, j)``."""
        return _sum_of_others(self.counts)

    @cached_property
    def _rest_of_column(self):
        """``c_ij``: the counts of column ``j`` outside cell ``(i, j)``."""
        return np.swapaxes(_sum_of_others(np.swapaxes(self.counts, -1, -2)), -1, -2)

    @cached_property
    def _information_terms(self):
        """``P_ij log2(P_ij / (t_i y_j))`` per cell, 0 for an empty cell.

        With ``a`` the cell, ``b`` and ``c`` the rest of its row and column and
        ``d`` the rest of the matrix (all sums of non-negative counts),
        ``P_ij / (t_i y_j) = 1 + (ad - bc) / ((a + b)(a + c))``: no product
        of large totals is compared with another, so a very skewed matrix keeps
        its digits, and an exactly independent one (``ad == bc``) gives 0.
        """
        a, b, c = self.counts, self._rest_of_row, self._rest_of_column
        # d_ij = sum over the other rows k of (row k without column j).
        d = np.swapaxes(_sum_of_others(np.swapaxes(b, -1, -2)), -1, -2)
        present = a > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            excess = (a * d - b * c) / ((a + b) * (a + c))
            terms = self.joint * np.log1p(excess) / np.log(2.0)
        return np.where(present, terms, 0.0)

    @cached_property
    def mutual_info(self):
        """``I = sum_ij P_ij log2(P_ij / (t_i y_j))``, accumulated term by term."""
        total = self._information_terms.sum(axis=(-2, -1))
        return np.clip(total, 0.0, np.minimum(self.h_true, self.h_output)) + 0.0

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``: the terms of the first ``m`` columns only."""
        columns = self._information_terms[..., :-1].sum(axis=-2)
        # Each column's terms sum to p_y(j) KL(P(T|j) || t) >= 0.
        return np.clip(np.maximum(columns, 0.0).sum(axis=-1), 0.0, self.mutual_info)

    @cached_property
    def h_true_given_output(self):
        """``H(T|Y) = sum -P_ij log2(P_ij / y_j)``, term by term.

        ``P_ij / y_j = a / (a + c)`` with ``c`` the rest of the column.
        """
        a, c = self.counts, self._rest_of_column
        terms = -self.joint * _log2_share(a, c)
        value = np.where(a > 0, terms, 0.0).sum(axis=(-2, -1))
        return np.clip(value, 0.0, self.h_true) + 0.0

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T) = sum -P_ij log2(P_ij / t_i)``, term by term."""
        a, b = self.counts, self._rest_of_row
        terms = -self.joint * _log2_share(a, b)
        return np.maximum(np.where(a > 0, terms, 0.0).sum(axis=(-2, -1)), 0.0) + 0.0

    # -- per-class conditional entropies (reports, coverage) ------------------

    @cached_property
    def row_entropies(self):
        """``H(Y | T=i)`` for each true class; ``nan`` for an empty row."""
        return _conditional_entropies(self.counts, self.row_totals[..., :, None], -1)

    @cached_property
    def column_entropies(self):
        """``H(T | Y=j)`` for each column as given; ``nan`` for an empty column."""
        values = _conditional_entropies(
            self.counts, self.column_totals[..., None, :], -2
        )
        return values[..., : self.n_outputs]


def _log2_share(part, rest):
    """``log2(part / (part + rest))`` without losing digits at either end.

    For a share near 1, ``log1p(-rest / (part + rest))`` keeps the small
    logarithm exact; for a small share the plain logarithm is exact.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        whole = part + rest
        near_one = np.log1p(-rest / whole)
        small = np.log(part / whole)
    value = np.where(part >= rest, near_one, small) / np.log(2.0)
    return np.where(part > 0, value, 0.0)


def _conditional_entropies(counts, totals, axis):
    """Entropy of each row or column of ``counts`` normalised by ``totals``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        share = counts / totals
        terms = np.where(counts > 0, -share * np.log2(share), 0.0)
    support = np.count_nonzero(counts, axis=axis)
    value = np.where(support > 1, np.maximum(terms.sum(axis=axis), 0.0), 0.0)
    return np.where(support > 0, value, np.nan)
