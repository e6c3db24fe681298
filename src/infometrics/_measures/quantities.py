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

from .count_arithmetic import (
    line_entropies,
    rests,
    scaled_to_unit,
    sum_of_others,
    with_reject_column,
)
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


_EXACT_INTEGER_LIMIT = 2.0**53


# A matrix, or stack of matrices, of up to this many cells in all always takes
# the exact form of I (cheap there).
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
            counts = with_reject_column(counts)
        self.n_classes = counts.shape[-2]
        self.stack_shape = counts.shape[:-2]
        self.positive = positive
        self._unscaled = counts
        self.counts = scaled_to_unit(counts)
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
        # A cell of 2**53 or more already rules it out; below that, the totals
        # of any realistic matrix cannot overflow while being summed.
        if counts.size and counts.max() >= _EXACT_INTEGER_LIMIT:
            return False
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
        return with_reject_column(self.true_marginal[..., None, :])[..., 0, :]

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
        row_rest, column_rest, matrix_rest = self._class_complements
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
        rest = self.total[..., None] - totals if self._exact else sum_of_others(totals)
        return rest / np.where(self.empty, 1.0, self.total)[..., None]

    @cached_property
    def _p_log_counts(self):
        """``P_ij log2 C_ij`` per cell (0 for an empty cell): the one log pass."""
        values = np.zeros_like(self.counts)
        np.log2(self.counts, out=values, where=self.counts > 0)
        values *= self.joint
        return values

    def _line_information(self, totals, axis):
        """``sum_j -P_ij log2(C_ij / totals_i)`` per line (row or column).

        As sums: ``-sum P log2 C + (line mass) log2 total``; that difference
        loses digits only through a cell holding more than half of its line
        (at most one per line), whose term is taken exactly instead, as
        ``-P log1p(-rest / total)`` with ``rest`` the sum of the line's other
        cells. Returns the per-line values (``0`` for an empty line).
        """
        counts, joint = self.counts, self.joint
        # The largest cell of each line, and whether it dominates the line.
        largest = np.expand_dims(counts.argmax(axis=axis), axis)
        top = np.take_along_axis(counts, largest, axis).squeeze(axis)
        top_p = np.take_along_axis(joint, largest, axis).squeeze(axis)
        dominant = 2 * top > totals
        # The other cells' sums, taken directly (not as line minus top, which
        # would cancel when they are tiny).
        others_p_log = self._p_log_counts.copy()
        np.put_along_axis(others_p_log, largest, 0.0, axis)
        others_p_log = others_p_log.sum(axis=axis)
        if self._exact:
            rest = totals - top
        else:
            others = counts.copy()
            np.put_along_axis(others, largest, 0.0, axis)
            rest = others.sum(axis=axis)
        others_mass = rest / np.where(self.empty, 1.0, self.total)[..., None]
        top_p_log = np.take_along_axis(self._p_log_counts, largest, axis).squeeze(axis)
        with np.errstate(divide="ignore", invalid="ignore"):
            log_totals = np.where(totals > 0, np.log2(totals), 0.0)
            exact_top = -top_p * np.log1p(-rest / np.where(top > 0, totals, 1.0))
        exact_top = np.where(top > 0, exact_top / np.log(2.0), 0.0)
        plain_top = -top_p_log + top_p * log_totals
        top_term = np.where(dominant, exact_top, plain_top)
        return np.maximum(top_term - others_p_log + others_mass * log_totals, 0.0)

    @cached_property
    def _row_information(self):
        """``t_i H(Y | T=i)`` per row."""
        return self._line_information(self.row_totals, -1)

    @cached_property
    def _column_information(self):
        """``y_j H(T | Y=j)`` per column."""
        return self._line_information(self.column_totals, -2)

    @cached_property
    def _information_terms(self):
        """``P_ij log2(P_ij / (t_i y_j))`` per cell, 0 for an empty cell.

        With ``a`` the cell, ``b`` and ``c`` the rest of its row and column and
        ``d`` the rest of the matrix, ``P_ij / (t_i y_j) = 1 + (ad - bc) /
        ((a + b)(a + c))``, whose ``log1p`` keeps the digits of a ratio near 1
        (an exactly independent matrix, ``ad == bc``, gives exactly 0).
        """
        a, joint = self.counts, self.joint
        b, c, d = rests(a, self._exact)
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
    def _information_and_without_reject(self):
        """``(I, I_M)``, term by term.

        A large matrix (or stack) first takes the sums ``sum P log2 C + log2 n
        - sum t log2 R - sum y log2 K`` (no extra pass over the cells); their
        absolute error is a few ``1e-14`` bits, so a matrix whose ``I`` or
        ``I_M`` comes out below ``1e-3`` bits — and every matrix or stack of up
        to 4096 cells in all — takes the exact per-cell form of
        :attr:`_information_terms` instead. (A matrix in a large stack can
        therefore differ from the same matrix alone in the last digits.)
        """
        if self.counts[..., 0, :].size * self.n_classes <= _EXACT_INFORMATION_CELLS:
            terms = self._information_terms
            return terms.sum(axis=(-2, -1)), terms[..., :-1].sum(axis=(-2, -1))
        with np.errstate(divide="ignore", invalid="ignore"):
            log_rows = np.where(self.row_totals > 0, np.log2(self.row_totals), 0.0)
            log_columns = np.where(
                self.column_totals > 0, np.log2(self.column_totals), 0.0
            )
        log_total = np.log2(np.where(self.empty, 1.0, self.total))
        cells = self._p_log_counts.sum(axis=(-2, -1))
        information = (
            cells
            + log_total
            - (self.true_marginal * log_rows).sum(axis=-1)
            - (self.output_marginal * log_columns).sum(axis=-1)
        )
        reject = self._p_log_counts[..., -1].sum(axis=-1)
        reject_mass = self.joint[..., -1].sum(axis=-1)
        reject_terms = (
            reject
            + reject_mass * (log_total - log_columns[..., -1])
            - (self.joint[..., -1] * log_rows).sum(axis=-1)
        )
        without_reject = information - reject_terms
        small = np.minimum(information, without_reject) < 1e-3
        if np.any(small):
            terms = self._information_terms
            information = np.where(small, terms.sum(axis=(-2, -1)), information)
            without_reject = np.where(
                small, terms[..., :-1].sum(axis=(-2, -1)), without_reject
            )
        return information, without_reject

    @cached_property
    def mutual_info(self):
        """``I = sum_ij P_ij log2(P_ij / (t_i y_j))``, accumulated term by term."""
        information, _ = self._information_and_without_reject
        return np.clip(information, 0.0, np.minimum(self.h_true, self.h_output)) + 0.0

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``: the terms of the first ``m`` columns only."""
        _, without_reject = self._information_and_without_reject
        return np.clip(without_reject, 0.0, self.mutual_info) + 0.0

    @cached_property
    def h_true_given_output(self):
        """``H(T|Y) = sum -P_ij log2(P_ij / y_j)``, term by term."""
        value = self._column_information.sum(axis=-1)
        return np.clip(value, 0.0, self.h_true) + 0.0

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T) = sum -P_ij log2(P_ij / t_i)``, term by term."""
        return self._row_information.sum(axis=-1) + 0.0

    # -- per-class conditional entropies (reports, coverage) ------------------

    @cached_property
    def row_entropies(self):
        """``H(Y | T=i)`` for each true class; ``nan`` for an empty row."""
        return line_entropies(
            self._row_information, self.true_marginal, self.counts, axis=-1
        )

    @cached_property
    def column_entropies(self):
        """``H(T | Y=j)`` for each column as given; ``nan`` for an empty column."""
        values = line_entropies(
            self._column_information, self.output_marginal, self.counts, axis=-2
        )
        return values[..., : self.n_outputs]

    # -- one-vs-rest complements of each class ---------------------------------

    @cached_property
    def _class_complements(self):
        """Counts of row ``i`` off the diagonal, column ``i`` off it, and the rest."""
        m = self.n_classes
        hits = np.diagonal(self.counts[..., :, :m], axis1=-2, axis2=-1)
        rows, columns = self.row_totals, self.column_totals[..., :m]
        if self._exact:
            row_off, column_off = rows - hits, columns - hits
            rest = self.total[..., None] - rows - column_off
            return row_off, column_off, rest
        row_rest, column_rest, matrix_rest = rests(self.counts, False)
        return tuple(
            np.diagonal(rest[..., :, :m], axis1=-2, axis2=-1)
            for rest in (row_rest, column_rest, matrix_rest)
        )
