"""The one evaluator: the quantities, in bits, every measure of a matrix or stack
is computed from (the same bits alone or in any stack, with or without an empty
reject column)."""

from functools import cached_property
from types import SimpleNamespace

import numpy as np

from .statistics import KINDS, STATISTICS, _neg_entropy_term

# A difference of two entropies below this is rounding, not information.
_CANCELLATION_TOLERANCE = 64 * np.finfo(np.float64).eps


def with_reject_column(counts):
    """Counts ``(..., m, m)`` with an all-zero reject column (one path for both)."""
    missing = counts.shape[-2] + 1 - counts.shape[-1]
    padding = [(0, 0)] * (counts.ndim - 1) + [(0, missing)]
    return np.pad(counts, padding) if missing else counts


def unit_scaled(counts):
    """``(counts / 2**exponent, exponent)``, each matrix's largest count brought
    near 1 exactly, so that sums near the float maximum do not overflow."""
    largest = counts.max(axis=(-2, -1), keepdims=True)
    _, exponent = np.frexp(np.where(largest > 0, largest, 1.0))
    return np.ldexp(counts, -exponent), exponent


class MatrixQuantities:
    """The quantities of validated counts, each computed on first use;
    ``positive``: the row of the binary measures' positive class."""

    def __init__(self, counts, *, positive=1):
        self.n_columns = counts.shape[-1]
        m = counts.shape[-2]
        counts = with_reject_column(counts)
        self.n_classes = m
        self.stack_shape = counts.shape[:-2]
        self.positive = positive
        with np.errstate(over="ignore", invalid="ignore"):
            # Whole counts of a total below 2**53: every rest (sum of the other
            # entries) is an exact subtraction, the bits of the running sums.
            self._exact = counts.sum() < 2.0**53 and np.all(counts == np.floor(counts))
        self.counts, _ = unit_scaled(counts)
        self.total = self.counts.sum(axis=(-2, -1))
        self.empty = self.total <= 0
        self._safe_total = safe_total = np.where(self.empty, 1.0, self.total)
        self.joint = self.counts / safe_total[..., None, None]
        self.row_totals = self.counts.sum(axis=-1)
        self.column_totals = self.counts.sum(axis=-2)
        self.n_outputs = np.where(self.column_totals[..., m] > 0, m + 1, m)
        # Totals over the total, not sums of rounded cells: a single class has
        # a marginal of exactly 1.
        self.true_marginal = self.row_totals / safe_total[..., None]
        self.output_marginal = self.column_totals / safe_total[..., None]
        self._sums = {}

    def sum(self, name):
        """The statistic ``name`` of :mod:`~infometrics._measures.statistics`."""
        if name not in self._sums:
            fields = getattr(self, KINDS[name])  # built on first use
            axes = (-2, -1) if KINDS[name] == "_cells" else -1
            self._sums[name] = STATISTICS[name](fields).sum(axis=axes)
        return self._sums[name]

    def _others(self, values, totals, axis):
        """``sum_{k != i} values_k`` along ``axis``: exactly 0 where every other
        entry is, and no digits lost to a dominant one (running sums if inexact)."""
        if self._exact:
            return totals - values
        values = np.moveaxis(values, axis, -1)
        before, after = np.zeros_like(values), np.zeros_like(values)
        np.cumsum(values[..., :-1], axis=-1, out=before[..., 1:])
        np.cumsum(values[..., :0:-1], axis=-1, out=after[..., -2::-1])
        return np.moveaxis(before + after, -1, axis)

    @cached_property
    def _rests(self):
        """``b, c, d`` of each cell: the rest of its row, its column, the matrix."""
        counts = self.counts
        row_rest = self._others(counts, self.row_totals[..., :, None], axis=-1)
        column_rest = self._others(counts, self.column_totals[..., None, :], axis=-2)
        # The rest of the matrix, as the other rows' rests of the column.
        rest_totals = (self.total[..., None] - self.column_totals)[..., None, :]
        return row_rest, column_rest, self._others(row_rest, rest_totals, axis=-2)

    @cached_property
    def _cells(self):
        m = self.n_classes
        return SimpleNamespace(
            p=self.joint,
            t=self.true_marginal[..., :, None],
            reject=np.arange(m + 1) == m,
            diagonal=np.eye(m, m + 1, dtype=bool),
        )

    def _share(self, counts):
        """Counts as proportions of the total."""
        return counts / self._safe_total[..., None]

    @cached_property
    def _columns(self):
        m = self.n_classes
        # t on the m + 1 outcomes: 0 (its rest 1) on the reject outcome.
        target = np.zeros_like(self.output_marginal)
        target[..., :m] = self.true_marginal
        target_rest = np.ones_like(self.output_marginal)
        target_rest[..., :m] = self._complement(self.row_totals)
        return SimpleNamespace(
            t=target,
            y=self.output_marginal,
            t_rest=target_rest,
            y_rest=self._complement(self.column_totals),
            reject=np.arange(m + 1) == m,
        )

    @cached_property
    def _classes(self):
        m = self.n_classes
        hits = np.diagonal(self.joint[..., :, :m], axis1=-2, axis2=-1)
        # Counts of row i off the diagonal, column i off it, and the rest.
        row_rest, column_rest, matrix_rest = (
            np.diagonal(rest[..., :, :m], axis1=-2, axis2=-1) for rest in self._rests
        )
        return SimpleNamespace(
            d=hits,
            t=self.true_marginal,
            y=self.output_marginal[..., :m],
            t_rest=self._complement(self.row_totals),
            y_rest=self._complement(self.column_totals)[..., :m],
            t_off=self._share(row_rest),
            y_off=self._share(column_rest),
            tn=self._share(matrix_rest),
            index=np.arange(m),
            positive=self.positive,
        )

    def _entropy(self, totals, statistic):
        """An entropy, exactly 0 with one value used or within rounding of 0."""
        value = self.sum(statistic)
        value = np.where(value <= _CANCELLATION_TOLERANCE, 0.0, value)
        return np.where(np.count_nonzero(totals, axis=-1) > 1, value, 0.0)

    @cached_property
    def h_true(self):
        """``H(T)``."""
        return self._entropy(self.row_totals, "neg_t_log_t")

    @cached_property
    def h_output(self):
        """``H(Y)``, the reject outcome included."""
        return self._entropy(self.column_totals, "neg_y_log_y")

    @cached_property
    def h_joint(self):
        """``H(T,Y) = H(T) + H(Y|T)``: a sum of non-negative parts."""
        return self.h_true + self.h_output_given_true

    def _complement(self, totals):
        """``sum_{k != i} totals_k / n``: exactly 0 where the other totals are."""
        return self._share(self._others(totals, self.total[..., None], axis=-1))

    def _line_entropies(self, rest, totals, axis):
        """``H`` of each line's shares (logs near 1 from the rests); nan if empty."""
        safe = np.expand_dims(np.where(totals > 0, totals, 1.0), axis)
        entropies = _neg_entropy_term(self.counts / safe, rest / safe).sum(axis) + 0.0
        return np.where(totals > 0, entropies, np.nan)

    @cached_property
    def row_entropies(self):
        """``H(Y | T=i)`` for each true class; ``nan`` for an empty row."""
        return self._line_entropies(self._rests[0], self.row_totals, -1)

    @cached_property
    def _column_entropies(self):
        return self._line_entropies(self._rests[1], self.column_totals, -2)

    @cached_property
    def column_entropies(self):
        """``H(T | Y=j)`` for each column as given; ``nan`` for an empty column."""
        return self._column_entropies[..., : self.n_columns]

    @cached_property
    def _information_terms(self):
        """``P_ij log2(P_ij / (t_i y_j))`` per cell as ``log1p((ad - bc) / ((a + b)
        (a + c)))`` (``b, c, d``: the rests): exactly 0 if independent."""
        a, joint = self.counts, self.joint
        b, c, d = self._rests
        present = a > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            row = a + b
            margins = a + c
            margins *= row
            excess = a * d
            excess -= b * c
            excess /= margins
            # One logarithm per cell, unmasked (a masked ufunc call costs ten
            # times as much); each cell then keeps the branch it needs.
            far = excess <= -0.5
            far &= present
            log_ratio = np.log1p(excess, out=excess)
            if np.any(far):
                # Whole-stack passes: most off-diagonal cells are far.
                whole = row
                whole += c
                whole += d
                whole *= a
                whole /= margins
                np.log(whole, out=whole)
                log_ratio = np.where(far, whole, log_ratio)
            log_ratio /= np.log(2.0)
            # 0 for an empty cell.
            log_ratio = np.where(present, log_ratio, 0.0)
            log_ratio *= joint
            return log_ratio

    @cached_property
    def mutual_info(self):
        """``I = sum_ij P_ij log2(P_ij / (t_i y_j))``, accumulated term by term."""
        information = self._information_terms.sum(axis=(-2, -1))
        return np.clip(information, 0.0, np.minimum(self.h_true, self.h_output)) + 0.0

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``: the terms of the first ``m`` columns only."""
        without_reject = self._information_terms[..., :-1].sum(axis=(-2, -1))
        return np.clip(without_reject, 0.0, self.mutual_info) + 0.0

    @cached_property
    def h_true_given_output(self):
        """``H(T|Y) = sum -P_ij log2(P_ij / y_j)``, term by term."""
        value = (self.output_marginal * np.nan_to_num(self._column_entropies)).sum(-1)
        return np.clip(value, 0.0, self.h_true) + 0.0

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T) = sum -P_ij log2(P_ij / t_i)``, term by term."""
        return (self.true_marginal * np.nan_to_num(self.row_entropies)).sum(-1) + 0.0
