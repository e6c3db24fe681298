"""The quantities at every threshold of a sweep, each sum updated in O(1) a step."""

from functools import cached_property

import numpy as np

from .._measures.count_arithmetic import sum_of_others
from .._measures.quantities import (
    Fields,
    MatrixQuantities,
    Quantities,
)
from .._measures.statistics import FUNCTIONS, KINDS
from .exact_sums import exact_sums
from .sweep import (
    _EXTRA_FUNCTIONS,
    _EXTRA_KINDS,
    _SUPPORT_OUTPUT,
    matrices_at,
)
from .sweep_steps import _Reader, _step_changes

# A difference of sums smaller than this share of them has lost more digits
# than a measure may (about 6 of 16): such points are computed directly.
_DIGITS_LOST = 1e-6
_ABSOLUTE_FLOOR = 1e-12
# The quantities taken from the points' own matrices there.
_PATCHED = (
    "mutual_info",
    "mutual_info_without_reject",
    "h_true_given_output",
    "h_output_given_true",
)
# Cells of the matrices built at once for those points.
_BLOCK_CELLS = 1 << 22


class SweepQuantities(Quantities):
    """The quantities of every point of a reject sweep, by O(1) updates.

    ``sum(name)`` starts from the statistic of the matrix before any
    rejection and adds, step by step, ``f(after) - f(before)`` of the entries
    each step changes; the values are read at the points (stack shape
    ``(n_points,)``). ``H(T)`` is constant along a sweep and is taken from the
    full matrix; ``H(Y)`` is exactly 0 wherever at most one output is used.

    Parameters
    ----------
    sweep : RejectSweep
    positive : int, default=1
        Row of the positive class of the binary measures.
    """

    def __init__(self, sweep, *, positive=1):
        self.sweep = sweep
        self.positive = positive
        m = sweep.n_classes
        self.n_classes = m
        self.n_outputs = m + 1
        self.stack_shape = sweep.steps_taken.shape
        total = sweep.total
        self.empty = np.full(self.stack_shape, not total > 0)
        # Divide by the total (never multiply by its inverse): a row holding
        # every sample then has t = 1 exactly, as in MatrixQuantities.
        self._total = total if total > 0 else 1.0
        true_totals = sweep.initial_counts.sum(axis=1)
        self._t = true_totals / self._total
        self._t_rest = sum_of_others(true_totals) / self._total
        self._sums = {}

    def _p(self, values):
        return values / self._total

    # -- the entries, before each step (group order) and after the last -------

    @cached_property
    def _cell_fields(self):
        """Accepted cells (by cell) and reject cells (by row)."""
        s = self.sweep
        m = self.n_classes
        values, final, _ = s._cell_sequence
        row, column = np.divmod(s.cells.keys, m)
        final_row, final_column = np.divmod(s.cells.present, m)
        reject_values, reject_final = s._reject_cell_sequence
        return (
            (
                s.cells,
                Fields(
                    p=self._p(values),
                    t=self._t[row],
                    reject=False,
                    diagonal=row == column,
                ),
                Fields(
                    p=self._p(final),
                    t=self._t[final_row],
                    reject=False,
                    diagonal=final_row == final_column,
                ),
            ),
            (
                s.rows,
                Fields(
                    p=self._p(reject_values),
                    t=self._t[s.rows.keys],
                    reject=True,
                    diagonal=False,
                ),
                Fields(
                    p=self._p(reject_final),
                    t=self._t[s.rows.present],
                    reject=True,
                    diagonal=False,
                ),
            ),
        )

    @cached_property
    def _column_y(self):
        values, final, _ = self.sweep._column_sequence
        return self._p(values), self._p(final)

    @cached_property
    def _column_fields(self):
        """Output columns (by column) and the reject column (in time order)."""
        s = self.sweep
        columns = s.columns
        y, y_final = self._column_y
        rest, rest_final = self._rest_y
        reject_values, reject_final = s._reject_column_sequence
        accepted, accepted_final = s._accepted_sequence
        j, present = columns.keys, columns.present
        return (
            (
                columns,
                Fields(
                    t=self._t[j],
                    t_rest=self._t_rest[j],
                    y=y,
                    y_rest=rest,
                    reject=False,
                ),
                Fields(
                    t=self._t[present],
                    t_rest=self._t_rest[present],
                    y=y_final,
                    y_rest=rest_final,
                    reject=False,
                ),
            ),
            (
                None,
                Fields(
                    t=0.0,
                    t_rest=1.0,
                    y=self._p(reject_values),
                    y_rest=self._p(accepted),
                    reject=True,
                ),
                Fields(
                    t=0.0,
                    t_rest=1.0,
                    y=self._p(reject_final),
                    y_rest=self._p(accepted_final),
                    reject=True,
                ),
            ),
        )

    @cached_property
    def _rest_y(self):
        rest, rest_final = self.sweep._rest_sequence
        return self._p(rest), self._p(rest_final)

    @cached_property
    def _class_fields(self):
        """Classes, by predicted column."""
        s = self.sweep
        columns = s.columns
        y, y_final = self._column_y
        rest, rest_final = self._rest_y
        hits, hits_final, _ = s._hit_sequence
        row_off, row_off_final = s._row_off_sequence
        column_off, column_off_final, _ = s._column_off_sequence
        outside, outside_final = s._outside_sequence
        j, present = columns.keys, columns.present
        return (
            (
                columns,
                Fields(
                    d=self._p(hits),
                    t=self._t[j],
                    y=y,
                    t_rest=self._t_rest[j],
                    y_rest=rest,
                    t_off=self._p(row_off),
                    y_off=self._p(column_off),
                    tn=self._p(outside),
                    index=j,
                    positive=self.positive,
                ),
                Fields(
                    d=self._p(hits_final),
                    t=self._t[present],
                    y=y_final,
                    t_rest=self._t_rest[present],
                    y_rest=rest_final,
                    t_off=self._p(row_off_final),
                    y_off=self._p(column_off_final),
                    tn=self._p(outside_final),
                    index=present,
                    positive=self.positive,
                ),
            ),
        )

    def _initial_fields(self, kind):
        """The entries before the sweep, as the sweep's own sums give them
        (the first value of each entry's sequence)."""
        s = self.sweep
        m = self.n_classes
        reject = np.arange(m + 1) == m
        if kind == "cell":
            counts = np.column_stack([s._cell_sequence[2], s.rejected_rows])
            return Fields(
                p=self._p(counts),
                t=self._t[:, None],
                reject=reject,
                diagonal=np.eye(m, m + 1, dtype=bool),
            )
        totals = s.initial_column_totals
        rest = sum_of_others(totals)
        if kind == "column":
            # The reject column's rest (every accepted sample) as its own
            # sequence starts.
            accepted = s._accepted_sequence[0][:1] if s.n_steps else rest[m:]
            return Fields(
                t=np.append(self._t, 0.0),
                t_rest=np.append(self._t_rest, 1.0),
                y=self._p(totals),
                y_rest=self._p(np.append(rest[:m], accepted)),
                reject=reject,
            )
        row_rest, matrix_rest = s._initial_rests
        return Fields(
            d=self._p(s._hit_sequence[2]),
            t=self._t,
            y=self._p(totals[:m]),
            t_rest=self._t_rest,
            y_rest=self._p(rest[:m]),
            t_off=self._p(row_rest),
            y_off=self._p(s._column_off_sequence[2]),
            tn=self._p(matrix_rest),
            index=np.arange(m),
            positive=self.positive,
        )

    # -- the statistics -------------------------------------------------------

    @cached_property
    def _reader(self):
        return _Reader(self.sweep.steps_taken, self.sweep.n_steps)

    def _steps(self, kind, function, exact):
        """The terms of the statistic after and before every step (time
        order, one pair per part of the entries; only their difference
        unless ``exact``), and the change of its number of non-zero terms
        per step."""
        parts = getattr(self, f"_{kind}_fields")
        n_steps = self.sweep.n_steps
        pairs = []
        nonzero_changes = np.zeros(n_steps, dtype=np.int8)
        for groups, values, final in parts:
            before = _evaluated(function, values, n_steps)
            if groups is None:  # already in time order: one group
                ends, n_final, to_time = np.array([n_steps - 1]), 1, None
            else:
                ends, n_final = groups.ends, len(groups.present)
                to_time = groups.to_time
            final_terms = _evaluated(function, final, n_final)
            if not (before.any() or final_terms.any()):
                continue  # e.g. a reject-only statistic on accepted entries
            # The value after a step is the value before its entry's next
            # step (the very same float), or the final value.
            after = np.empty(n_steps)
            after[:-1] = before[1:]
            after[ends] = final_terms
            nonzero = (before != 0).view(np.int8)
            step_nonzero = _step_changes(
                nonzero, (final_terms != 0).view(np.int8), ends, np.int8
            )
            # Summed exactly, the terms stay apart; in float64 only their
            # changes are needed (one scatter instead of two).
            pair = (after, before) if exact else (after - before,)
            if to_time is not None:
                pair = tuple(map(to_time, pair))
                step_nonzero = to_time(step_nonzero)
            pairs.append(pair)
            nonzero_changes += step_nonzero
        return pairs, nonzero_changes

    def sum(self, name):
        """The statistic ``name`` at every point of the sweep.

        The initial terms plus, step by step, the terms after minus the terms
        before. With weights of very different sizes (see
        ``RejectSweep.exact_statistics``) these are summed without rounding
        (:func:`exact_sums`): as each entry's terms telescope, the result is
        the sum of the current terms, rounded once, however many steps came
        before and however much larger their terms were. Otherwise the
        changes are summed in float64 blocks (:class:`_Reader`), whose
        rounding stays at the scale of the terms. Exactly 0 at a point where
        every term is 0.
        """
        if name not in self._sums:
            kind = _EXTRA_KINDS.get(name) or KINDS[name]
            function = _EXTRA_FUNCTIONS.get(name) or FUNCTIONS[name]
            initial = np.broadcast_to(
                _evaluated(function, self._initial_fields(kind), None),
                self._initial_shape(kind),
            )
            nonzero = np.count_nonzero(initial)
            taken = self.sweep.steps_taken
            pairs = []
            exact = self.sweep.exact_statistics
            if self.sweep.n_steps:
                pairs, nonzero_changes = self._steps(kind, function, exact)
                nonzero = nonzero + self._reader.counts(nonzero_changes)
            if exact:
                terms = []
                for after, before in pairs:
                    terms += [(after, 1), (before, -1)]
                values = exact_sums(
                    terms, [initial], n_out=taken.size, reads=[(taken, 1)]
                )
            else:
                values = np.full(taken.size, float(np.sum(initial)))
                if pairs:
                    changes = pairs[0][0]
                    for (more,) in pairs[1:]:
                        changes = changes + more
                    values = values + self._reader.sums(changes)
            self._sums[name] = np.where(nonzero > 0, values, 0.0)
        return self._sums[name]

    def _initial_shape(self, kind):
        m = self.n_classes
        return {"cell": (m, m + 1), "column": (m + 1,), "class": (m,)}[kind]

    # -- differences of sums, where they would lose digits ---------------------

    @cached_property
    def _direct(self):
        """The points where a difference of the sweep's sums (``I = H(Y) -
        H(Y|T)`` and the like) would lose more than ``_DIGITS_LOST`` of
        their digits, with the quantities of their own matrices.

        Only with weights of very different sizes (``exact_statistics``):
        when heavy samples are rejected, the light ones left make terms far
        smaller than the entropies they are differences of. Those few points
        take the matrix's term-by-term forms (:class:`MatrixQuantities`),
        as the direct matrix would; so does the last point, which rejects
        everything, whatever the weights.
        """
        n_points = np.shape(self.h_output)[0]
        if not self.sweep.exact_statistics:
            # The last point rejects everything: its quantities are exactly
            # 0 from its own matrix, where the sums' differences leave
            # rounding (1e-16 at weights of 1e-100).
            return self._direct_at(np.array([n_points - 1]))
        h_output = self.h_output
        h_given = Quantities.h_output_given_true.func(self)
        information = h_output - h_given
        reject_y = self.sum("reject_neg_y_log_y")
        reject_p = self.sum("reject_neg_p_log_p_given_t")
        reject = reject_y - reject_p

        def loses_digits(difference, *scales):
            # Sums with relative errors of a few eps: their difference keeps
            # few digits when far below them, and Quantities' own rounding
            # tolerance (64 eps of max(sum, 1)) zeroes it below ~1e-14.
            return (np.abs(difference) < _DIGITS_LOST * np.maximum.reduce(scales)) | (
                np.abs(difference) < _ABSOLUTE_FLOOR
            )

        flagged = (
            loses_digits(information, h_output, h_given)
            | loses_digits(reject, reject_y, reject_p)
            | loses_digits(information - reject, information)
            | loses_digits(self.h_true - information, self.h_true)
            # -P log(P / t) of a row almost wholly in one cell: the log of a
            # ratio near 1 of rounded masses, an absolute error of a few eps
            # (the matrix's own form sums the row's rest instead).
            | ((h_given > 0) & (h_given < _DIGITS_LOST))
        )
        flagged[-1] = True  # the point that rejects everything, as above
        return self._direct_at(np.flatnonzero(flagged))

    def _direct_at(self, points):
        """``(points, quantities of their own matrices)``."""
        # Matrices of a block of points at a time: memory stays bounded
        # however many points need it.
        m = self.n_classes
        block = max(1, _BLOCK_CELLS // (m * (m + 1)))
        direct = {name: np.empty(points.size) for name in _PATCHED}
        for start in range(0, points.size, block):
            window = slice(start, start + block)
            stack = matrices_at(self.sweep, points[window])
            quantities = MatrixQuantities(stack, positive=self.positive)
            for name in _PATCHED:
                direct[name][window] = getattr(quantities, name)
        return points, direct

    def _patched(self, name):
        values = getattr(Quantities, name).func(self)
        if self._direct is None:
            return values
        points, direct = self._direct
        values = np.array(values, dtype=float)
        values[points] = direct[name]
        return values

    @cached_property
    def mutual_info(self):
        """``I``; from the point's own matrix where ``H(Y) - H(Y|T)``
        loses digits."""
        return self._patched("mutual_info")

    @cached_property
    def mutual_info_without_reject(self):
        """``I_M``; from the point's own matrix where it loses digits."""
        return self._patched("mutual_info_without_reject")

    @cached_property
    def h_true_given_output(self):
        """``H(T|Y)``; from the point's own matrix where it loses digits."""
        return self._patched("h_true_given_output")

    @cached_property
    def h_output_given_true(self):
        """``H(Y|T)``; from the point's own matrix where it loses digits."""
        return self._patched("h_output_given_true")

    # -- exact versions of quantities that are constant or degenerate ---------

    @cached_property
    def h_true(self):
        """``H(T)``: the true marginal does not change along a sweep."""
        initial = MatrixQuantities(self.sweep.initial_counts)
        return np.full(self.stack_shape, float(initial.h_true))

    @cached_property
    def h_output(self):
        """``H(Y)``; exactly 0 where at most one output column is used."""
        support = self.sum(_SUPPORT_OUTPUT)
        return np.where(support > 1.5, super().h_output, 0.0)


def _evaluated(function, fields, size):
    """``function(fields)`` as a float array of ``size`` entries (scalar fields
    broadcast); ``size=None`` keeps the function's own shape."""
    values = np.asarray(function(fields), dtype=np.float64)
    return values if size is None else np.broadcast_to(values, (size,))
