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


def _sum_of_others(values, axis=-1):
    """``sum_{k != i} values_k`` along ``axis``, from exclusive running sums.

    Unlike ``total - values``, it is exactly 0 wherever every other entry is 0,
    and it loses no digits when one entry dominates.
    """
    values = np.moveaxis(values, axis, -1)
    before = np.zeros_like(values)
    np.cumsum(values[..., :-1], axis=-1, out=before[..., 1:])
    after = np.zeros_like(values)
    reversed_tail = values[..., :0:-1]
    np.cumsum(reversed_tail, axis=-1, out=after[..., -2::-1])
    return np.moveaxis(before + after, -1, axis)


def _with_reject_column(counts):
    """``counts`` with an all-zero reject column appended."""
    padded = np.zeros((*counts.shape[:-1], counts.shape[-1] + 1))
    padded[..., :-1] = counts
    return padded


_EXACT_INTEGER_LIMIT = 2.0**53


def _scaled_to_unit(counts):
    """Counts times a power of two that brings each matrix's largest count near 1.

    Multiplying by a power of two is exact, so integer structure (and with it
    exact independence) survives; sums of counts near the float maximum no
    longer overflow, tiny counts no longer underflow, and logarithms of counts
    stay small whatever the scale, so their rounding does not grow with it.
    """
    largest = counts.max(axis=(-2, -1), keepdims=True)
    _, exponent = np.frexp(np.where(largest > 0, largest, 1.0))
    return np.ldexp(counts, -exponent)


# Matrices up to this many cells always take the exact form of I (cheap there).
_EXACT_INFORMATION_CELLS = 4096


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
            counts = _with_reject_column(counts)
        self.n_classes = counts.shape[-2]
        self.stack_shape = counts.shape[:-2]
        self.positive = positive
        self._unscaled = counts
        self.counts = _scaled_to_unit(counts)
        self.total = self.counts.sum(axis=(-2, -1))
        self.empty = self.total <= 0
        safe_total = np.where(self.empty, 1.0, self.total)
        self.joint = self.counts / safe_total[..., None, None]
        self.row_totals = self.counts.sum(axis=-1)
        self.column_totals = self.counts.sum(axis=-2)
        # Totals over the total, not sums of rounded cells: a single class has
        # a marginal of exactly 1.
        self.true_marginal = self.row_totals / safe_total[..., None]
        self.output_marginal = self.column_totals / safe_total[..., None]
        self._sums = {}

    @cached_property
    def _exact(self):
        """Integer counts with totals below 2**53: their sums and differences are
        exact, so complements can be subtracted."""
        # Judged on the counts as given: the power-of-two scaling keeps every
        # sum and difference of integers below 2**53 exact.
        counts = self._unscaled
        if not np.all(counts.sum(axis=(-2, -1)) < _EXACT_INTEGER_LIMIT):
            return False
        return bool(np.array_equal(counts, counts.astype(np.int64)))

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
        return _with_reject_column(self.true_marginal[..., None, :])[..., 0, :]

    @cached_property
    def _rests(self):
        """``b, c, d`` of every cell (rest of its row, column and matrix), counts."""
        return _rests(self.counts, self._exact)

    def _share(self, counts):
        """Counts as proportions of the total."""
        return counts / np.where(self.empty, 1.0, self.total)[..., None]

    @cached_property
    def _columns(self):
        m = self.n_classes
        target_rest = np.ones_like(self.output_marginal)
        target_rest[..., :m] = self._complement(self.row_totals)
        return Fields(
            t=self._target,
            y=self.output_marginal,
            t_rest=target_rest,
            y_rest=self._complement(self.column_totals),
            reject=self._reject_mask,
        )

    @cached_property
    def _classes(self):
        m = self.n_classes
        hits = np.diagonal(self.joint[..., :, :m], axis1=-2, axis2=-1)
        row_rest, column_rest, matrix_rest = (
            np.diagonal(rest[..., :, :m], axis1=-2, axis2=-1) for rest in self._rests
        )
        return Fields(
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

    def _complement(self, totals):
        """``sum_{k != i} totals_k / n``: exactly 0 where the other totals are.

        For exact integer counts the complement is a subtraction of counts,
        otherwise running sums (no digits lost to a dominant entry).
        """
        rest = self.total[..., None] - totals if self._exact else _sum_of_others(totals)
        return rest / np.where(self.empty, 1.0, self.total)[..., None]

    @cached_property
    def _log_counts(self):
        """``log2 C_ij`` (``-inf`` for an empty cell): the one logarithm per cell."""
        with np.errstate(divide="ignore"):
            return np.log2(self.counts)

    def _log2_shares(self, totals, axis):
        """``log2(C_ij / totals)`` per cell (0 where empty), ``totals`` the line sums.

        ``log2 C - log2 total`` loses digits only where the share is near 1,
        i.e. for a cell holding more than half of its row or column (at most
        one per line); those cells get ``log1p(-rest / total)``, ``rest``
        being the sum of the other cells of the line.
        """
        a = self.counts
        whole = np.expand_dims(totals, axis)
        present = a > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            shares = np.where(present, self._log_counts - np.log2(whole), 0.0)
        dominant = (2 * a > whole) & present
        if not np.any(dominant):
            return shares
        # One dominant cell per line at most: the rest of its line is the sum
        # of the line's other cells.
        rest = np.expand_dims(np.where(dominant, 0.0, a).sum(axis=axis), axis)
        rest = np.broadcast_to(rest, a.shape)[dominant]
        shares[dominant] = np.log1p(-rest / (a[dominant] + rest)) / np.log(2.0)
        return shares

    @cached_property
    def _row_log_shares(self):
        """``log2(C_ij / R_i)``: each cell's share of its row."""
        return self._log2_shares(self.row_totals, -1)

    @cached_property
    def _column_log_shares(self):
        """``log2(C_ij / K_j)``: each cell's share of its column."""
        return self._log2_shares(self.column_totals, -2)

    @cached_property
    def _information_terms(self):
        """``P_ij log2(P_ij / (t_i y_j))`` per cell, 0 for an empty cell.

        For a large matrix, first as a difference of logarithms of the scaled
        counts (sharing the one log2 pass); its absolute error is a few
        ``1e-14`` bits, so where ``I`` or ``I_M`` comes out below ``1e-3`` bits
        the matrix is recomputed exactly; matrices of up to 4096 cells always
        take the exact form:
        with ``a`` the cell, ``b`` and ``c`` the rest of its row and column and
        ``d`` the rest of the matrix, ``P_ij / (t_i y_j) = 1 + (ad - bc) /
        ((a + b)(a + c))``, whose ``log1p`` keeps the digits of a ratio near 1
        (an exactly independent matrix, ``ad == bc``, gives exactly 0).
        """
        present = self.counts > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            log_ratio = (
                self._log_counts
                + (
                    np.log2(np.where(self.empty, 1.0, self.total))[..., None]
                    - np.log2(self.row_totals)
                )[..., :, None]
                - np.log2(self.column_totals)[..., None, :]
            )
            terms = np.where(present, self.joint * log_ratio, 0.0)
        small = (
            np.minimum(terms.sum(axis=(-2, -1)), terms[..., :-1].sum(axis=(-2, -1)))
            < 1e-3
        )
        if np.any(small):
            if terms.ndim == 2:
                terms = self._exact_information_terms(self.counts, self.joint)
            else:
                terms[small] = self._exact_information_terms(
                    self.counts[small], self.joint[small]
                )
        return terms

    def _exact_information_terms(self, a, joint):
        """The terms of ``I`` from ``log1p`` of the exact excess over 1."""
        b, c, d = self._rests if a is self.counts else _rests(a, self._exact)
        with np.errstate(divide="ignore", invalid="ignore"):
            excess = (a * d - b * c) / ((a + b) * (a + c))
            near_one = excess > -0.5
            log_ratio = np.where(
                near_one,
                np.log1p(np.where(near_one, excess, 0.0)),
                np.log((a * (a + b + c + d)) / ((a + b) * (a + c))),
            ) / np.log(2.0)
            return np.where(a > 0, joint * log_ratio, 0.0)

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
        """``H(T|Y) = sum -P_ij log2(P_ij / y_j)``, term by term."""
        value = -(self.joint * self._column_log_shares).sum(axis=(-2, -1))
        return np.clip(value, 0.0, self.h_true) + 0.0

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T) = sum -P_ij log2(P_ij / t_i)``, term by term."""
        terms = -(self.joint * self._row_log_shares)
        return np.maximum(terms.sum(axis=(-2, -1)), 0.0) + 0.0

    # -- per-class conditional entropies (reports, coverage) ------------------

    @cached_property
    def row_entropies(self):
        """``H(Y | T=i)`` for each true class; ``nan`` for an empty row."""
        return _line_entropies(self.counts, self._row_log_shares, -1)

    @cached_property
    def column_entropies(self):
        """``H(T | Y=j)`` for each column as given; ``nan`` for an empty column."""
        values = _line_entropies(self.counts, self._column_log_shares, -2)
        return values[..., : self.n_outputs]


def _rests(counts, exact):
    """``b, c, d`` of each cell: the rest of its row, its column, the matrix.

    For exact integer counts they are subtractions of counts; otherwise sums
    of the other entries, which lose no digits to a dominant cell.
    """
    if exact:
        rows = counts.sum(axis=-1, keepdims=True)
        columns = counts.sum(axis=-2, keepdims=True)
        total = rows.sum(axis=-2, keepdims=True)
        row_rest, column_rest = rows - counts, columns - counts
        return row_rest, column_rest, total - rows - column_rest
    row_rest = _sum_of_others(counts, axis=-1)
    column_rest = _sum_of_others(counts, axis=-2)
    return row_rest, column_rest, _sum_of_others(row_rest, axis=-2)


def _line_entropies(counts, log_shares, axis):
    """Entropy of each row or column from its cells' log shares.

    Exactly 0 for a line with one non-empty cell, ``nan`` for an empty line.
    """
    totals = counts.sum(axis=axis, keepdims=True)
    shares = np.divide(counts, totals, out=np.zeros_like(counts), where=totals > 0)
    value = np.maximum(-(shares * log_shares).sum(axis=axis), 0.0)
    support = np.count_nonzero(counts, axis=axis)
    value = np.where(support > 1, value, 0.0)
    return np.where(support > 0, value, np.nan)
