"""A reject-threshold sweep at the cost of one sort: O(1) updates per sample.

Raising the threshold past a sample moves its weight ``w`` from its cell
``(i, j)`` (true ``i``, predicted ``j``) to the reject cell ``(i, m)``. Only
the two cells, the columns ``j`` and ``m`` and the class ``j`` (its hits
``d_j`` if ``i == j``, its output mass ``y_j`` and the rest ``y_rest_j``)
change; the total and the true marginal do not. Every statistic of
:mod:`~infometrics._measures.statistics` is a sum of an elementwise function
over cells, columns or classes, so each step changes it by ``f(after) -
f(before)`` of those few entries. Without a Python loop over samples or
thresholds, this module

1. puts the samples in rejection order (one ``argsort`` of the confidences);
2. groups the steps by the entry they change (by cell, by row, by predicted
   column), each group in time order, with stable counting sorts of small
   integer keys (``O(n)``), and gets the value of every entry before each of
   its steps from cumulative sums within the groups;
3. for each statistic, evaluates its function once per step on those values
   (in group order, where the value after a step is the value before the
   group's next step), scatters the changes back to time order, accumulates
   them and reads them at the ends of the tie groups (the thresholds).

Exactness where the measures need it: an entry that loses its last sample is
exactly 0 (never a rounding residue); the value after one step is the very
float the next step of that entry starts from, so the changes telescope and
the accumulated sum equals a direct evaluation up to the rounding of the
current terms, not of every past step; running sums are accumulated in short
blocks (no drift over a million steps); and a statistic is exactly 0 where
all its terms are (the number of non-zero terms is tracked exactly). Samples
of zero weight change nothing and take no step.
"""

from functools import cached_property

import numpy as np

from .._measures.quantities import (
    Fields,
    MatrixQuantities,
    Quantities,
    _rests,
    _sum_of_others,
)
from .._measures.statistics import FUNCTIONS, KINDS

# A statistic the sweep needs for H(Y) to be exactly 0 where one output is
# used, beyond the registry's own.
_SUPPORT_OUTPUT = "_support_output"
_EXTRA_FUNCTIONS = {_SUPPORT_OUTPUT: lambda c: (c.y > 0).astype(float)}
_EXTRA_KINDS = {_SUPPORT_OUTPUT: "column"}

# Steps accumulated in float64 within a block; the block totals then add up.
_PREFIX_BLOCK = 1024


def _small_integer_dtype(n_keys):
    # numpy's stable argsort is a radix (counting) sort for integers of at
    # most 16 bits: O(n), one pass per byte.
    if n_keys <= 1 << 8:
        return np.uint8
    if n_keys <= 1 << 16:
        return np.uint16
    return np.int64


def _group_order(keys, n_keys):
    """Positions sorted by key, ties in their original (time) order."""
    return np.argsort(keys.astype(_small_integer_dtype(n_keys)), kind="stable")


def _step_changes(values, final, ends, dtype):
    """``after - before`` per step, where the value after a step is the value
    before the next step of its group, or ``final`` after a group's last."""
    out = np.empty(len(values), dtype=dtype)
    np.subtract(values[1:], values[:-1], out=out[:-1], casting="unsafe")
    out[ends] = final - values[ends]
    return out


def _running_sums(weights, n_steps):
    """Inclusive and exclusive running sums (``weights=None``: all 1, exact)."""
    if weights is None:
        inclusive = np.arange(1.0, n_steps + 1.0)
        return inclusive, inclusive - 1.0
    inclusive = np.cumsum(weights)
    return inclusive, np.concatenate(([0.0], inclusive[:-1]))


class _Groups:
    """The steps grouped by a key, each group in time order.

    ``order`` maps group order to step (time) order. Per-group values are
    spread over the group's positions with ``np.repeat`` (sequential), so the
    random memory accesses are the gathers of the weights into group order
    and the scatters of the results back.
    """

    def __init__(self, order, sizes):
        self.order = order
        self.present = np.flatnonzero(sizes)
        self.sizes = sizes[self.present]
        self.ends = np.cumsum(self.sizes) - 1
        self.starts = self.ends - self.sizes + 1

    @classmethod
    def by_key(cls, keys, n_keys):
        return cls(_group_order(keys, n_keys), np.bincount(keys, minlength=n_keys))

    def spread(self, per_group):
        """One value per group, repeated over the group's positions."""
        return np.repeat(per_group, self.sizes)

    @cached_property
    def keys(self):
        """The key of every position (group order)."""
        return self.spread(self.present)

    def draining(self, grouped):
        """Value of a draining entry before each step, and after the last.

        ``grouped`` are the steps' weights in group order (``None``: all 1).
        The entry holds the weight of its group's steps not yet taken: it
        starts at the group's total and ends at exactly 0.
        """
        inclusive, exclusive = _running_sums(grouped, len(self.order))
        before = self.spread(inclusive[self.ends]) - exclusive
        if grouped is not None:
            # What is left includes the step's own weight; rounding must not
            # say otherwise (an entry with a sample left is never empty).
            np.maximum(before, grouped, out=before)
        return before, np.zeros(len(self.present))

    def filling(self, grouped, initial):
        """Value of a filling entry before each step, and after the last.

        ``initial[key]`` is the entry's value before the sweep; each step adds
        its weight (``grouped``, in group order; ``None``: all 1).
        """
        inclusive, exclusive = _running_sums(grouped, len(self.order))
        start_offset = exclusive[self.starts]
        base = initial[self.present]
        before = self.spread(base) + (exclusive - self.spread(start_offset))
        final = base + (inclusive[self.ends] - start_offset)
        return before, final

    def initial(self, before, n_keys):
        """The value each key's entry has before the sweep (0 if no step)."""
        values = np.zeros(n_keys)
        values[self.present] = before[self.starts]
        return values

    def changes(self, values, final, dtype=np.float64):
        """``f(after) - f(before)`` of every step, from ``f`` of the values
        before each step (group order) and after each group's last step."""
        return _step_changes(values, final, self.ends, dtype)

    def to_time(self, values):
        """Scatter values from group order back to step (time) order."""
        out = np.empty_like(values)
        out[self.order] = values
        return out


class _Reader:
    """Reads running sums of per-step changes at the points of a sweep.

    Changes are accumulated in float64 within blocks of ``_PREFIX_BLOCK``
    steps, each from its own start, and the block totals then add up: the
    rounding of a value read after step ``k`` comes from one block of steps
    plus the block totals, not from all ``k`` steps.
    """

    def __init__(self, steps_taken, n_steps):
        self.n_steps = n_steps
        self.steps_taken = steps_taken
        # The block of the last step taken (block 0 when none is).
        self.block = np.maximum(steps_taken - 1, 0) // _PREFIX_BLOCK

    def sums(self, changes):
        """``sum(changes[:k])`` at every point."""
        n = self.n_steps
        full = n - n % _PREFIX_BLOCK
        # running[k] = sum of the changes of steps block_start .. k - 1.
        running = np.empty(n + 1)
        running[0] = 0.0
        np.cumsum(
            changes[:full].reshape(-1, _PREFIX_BLOCK),
            axis=1,
            out=running[1 : full + 1].reshape(-1, _PREFIX_BLOCK),
        )
        np.cumsum(changes[full:], out=running[full + 1 :])
        block_totals = running[_PREFIX_BLOCK : full + 1 : _PREFIX_BLOCK]
        before_block = np.zeros(len(block_totals) + 1)
        np.cumsum(block_totals, out=before_block[1:])
        return before_block[self.block] + running[self.steps_taken]

    def counts(self, changes):
        """``sum(changes[:k])`` of small integer changes, exactly."""
        running = np.empty(self.n_steps + 1, dtype=np.int32)
        running[0] = 0
        np.cumsum(changes, dtype=np.int32, out=running[1:])
        return running[self.steps_taken]


class RejectSweep:
    """Sort once and group the steps of a reject-threshold sweep.

    Parameters
    ----------
    true_index : ndarray of int, shape (n_samples,)
        Row of each sample, in ``0 .. n_classes - 1``.
    predicted_index : ndarray of int, shape (n_samples,)
        Column of each sample; ``n_classes`` means rejected before any
        threshold (such a sample stays rejected).
    confidence : ndarray of float, shape (n_samples,)
        Higher = more sure; a threshold rejects the samples below it.
    weights : ndarray of float, shape (n_samples,)
        Validated non-negative weights.
    n_classes : int
    thresholds : ndarray of float or None
        Ascending; point ``k`` rejects the movable samples whose confidence
        is below ``thresholds[k]``. ``None``: every distinct confidence
        value, then ``inf`` (everything rejected).

    Attributes
    ----------
    thresholds : ndarray of shape (n_points,)
    steps_taken : ndarray of int, shape (n_points,)
        How many (positive-weight) steps each point has taken.
    initial_counts : ndarray of shape (n_classes, n_classes + 1)
        The matrix before any step, as the sweep's own sums give it.
    total : float
        Total weight.
    accepted, accepted_errors : ndarray of shape (n_points,)
        Accepted weight and accepted misclassified weight at every point
        (exactly 0 once nothing is accepted).
    """

    def __init__(
        self, true_index, predicted_index, confidence, weights, n_classes, thresholds
    ):
        m = n_classes
        self.n_classes = m
        movable = predicted_index < m
        rejected_rows = np.bincount(
            true_index[~movable], weights=weights[~movable], minlength=m
        )
        code_type = _small_integer_dtype(m * m)
        codes = (true_index * m + predicted_index).astype(code_type)
        if not movable.all():
            codes, confidence, weights = (
                codes[movable],
                confidence[movable],
                weights[movable],
            )
        order = np.argsort(confidence)
        sorted_confidence = confidence[order]
        # Point k rejects every movable sample below thresholds[k].
        if thresholds is None:
            # The tie groups' first positions: no search needed.
            new_value = np.flatnonzero(sorted_confidence[1:] != sorted_confidence[:-1])
            taken = np.concatenate(([0], new_value + 1, [len(sorted_confidence)]))
            taken = taken[: len(taken) - (len(sorted_confidence) == 0)]
            thresholds = np.append(sorted_confidence[taken[:-1]], np.inf)
        else:
            taken = np.searchsorted(sorted_confidence, thresholds, side="left")
        self.thresholds = thresholds
        codes = codes[order]
        unit = bool(np.all(weights == 1.0))
        if not unit:
            weights = weights[order]
        if not unit:
            positive = weights > 0
            if not positive.all():
                taken = np.concatenate(([0], np.cumsum(positive)))[taken]
                codes, weights = codes[positive], weights[positive]
        n_steps = len(codes)
        self.steps_taken = taken
        self.n_steps = n_steps
        self.unit = unit
        self.weights = weights
        self.codes = codes
        self.true_row, self.predicted_column = np.divmod(codes, code_type(m))
        self.rejected_rows = rejected_rows
        self.rejected_total = float(rejected_rows.sum())
        counts = np.zeros((m, m + 1))
        counts[:, :m] = np.bincount(
            codes, weights=None if unit else weights, minlength=m * m
        ).reshape(m, m)
        counts[:, m] = rejected_rows
        self.initial_counts = counts
        self.total = float(counts.sum())

    # Everything below is computed when a statistic first needs it.

    def _in_group_order(self, groups):
        return None if self.unit else self.weights[groups.order]

    # Three groupings of the steps, each by an O(n) counting sort: by
    # predicted column; by cell (key row * m + column): the column order
    # sorted stably by row, so each cell's steps stay in time order; by row.

    @cached_property
    def columns(self):
        return _Groups.by_key(self.predicted_column, self.n_classes)

    @cached_property
    def _rows_by_column(self):
        return self.true_row[self.columns.order]

    @cached_property
    def cells(self):
        m = self.n_classes
        by_row = _group_order(self._rows_by_column, m)
        return _Groups(
            self.columns.order[by_row], np.bincount(self.codes, minlength=m * m)
        )

    @cached_property
    def rows(self):
        return _Groups.by_key(self.true_row, self.n_classes)

    # Accepted cells drain; the reject cell of each row fills.

    @cached_property
    def _cell_sequence(self):
        values, final = self.cells.draining(self._in_group_order(self.cells))
        m = self.n_classes
        initial = self.cells.initial(values, m * m).reshape(m, m)
        return values, final, initial

    @cached_property
    def _reject_cell_sequence(self):
        return self.rows.filling(self._in_group_order(self.rows), self.rejected_rows)

    # Output column j drains into the reject column.

    @cached_property
    def _column_weights(self):
        return self._in_group_order(self.columns)

    @cached_property
    def _column_sequence(self):
        values, final = self.columns.draining(self._column_weights)
        return values, final, self.columns.initial(values, self.n_classes)

    @cached_property
    def _reject_column_sequence(self):
        moved, _ = _running_sums(None if self.unit else self.weights, self.n_steps)
        before = self.rejected_total + np.concatenate(([0.0], moved[:-1]))
        return before, self.rejected_total + moved[-1:]

    # Class j changes with every step out of column j: its hits d_j (the
    # diagonal steps of column j not yet taken drain), y_j, and y_rest_j
    # (every other column, the reject column included, fills).

    @cached_property
    def _hit_sequence(self):
        weights = self._column_weights
        diagonal_weights = np.where(
            self._rows_by_column == self.columns.keys,
            1.0 if weights is None else weights,
            0.0,
        )
        values, final = self.columns.draining(diagonal_weights)
        return values, final, self.columns.initial(values, self.n_classes)

    @cached_property
    def _off_diagonal_weights(self):
        """Column-order weights of the steps off the diagonal (i != j)."""
        weights = self._column_weights
        return np.where(
            self._rows_by_column == self.columns.keys,
            0.0,
            1.0 if weights is None else weights,
        )

    @cached_property
    def _initial_rests(self):
        """Per class: the rest of its row and the rest of the matrix outside
        its row and column, before the sweep (sums of the other entries)."""
        row_rest, _, matrix_rest = _rests(self.initial_counts, False)
        return np.diagonal(row_rest).copy(), np.diagonal(matrix_rest).copy()

    @cached_property
    def _row_off_sequence(self):
        """``t_off_j``: row j outside the diagonal, rejections included; a
        diagonal step moves weight from (j, j) to (j, m): it fills."""
        weights = self._column_weights
        diagonal_weights = np.where(
            self._rows_by_column == self.columns.keys,
            1.0 if weights is None else weights,
            0.0,
        )
        return self.columns.filling(diagonal_weights, self._initial_rests[0])

    @cached_property
    def _column_off_sequence(self):
        """``y_off_j``: column j outside the diagonal; its steps drain it."""
        values, final = self.columns.draining(self._off_diagonal_weights)
        return values, final, self.columns.initial(values, self.n_classes)

    @cached_property
    def _outside_sequence(self):
        """``tn_j``: outside row j and column j; an off-diagonal step of
        column j moves weight from (i, j) to (i, m) there: it fills."""
        return self.columns.filling(self._off_diagonal_weights, self._initial_rests[1])

    @cached_property
    def _accepted_sequence(self):
        """All accepted columns together (the reject column's ``y_rest``),
        before each step in time order, and after the last (exactly 0)."""
        return _suffix_sums(self.weights)[:-1], np.zeros(1)

    @cached_property
    def initial_column_totals(self):
        """The output columns' totals before the sweep, as the sweep tracks
        them (the last is the reject column)."""
        return np.append(self._column_sequence[2], self.rejected_total)

    @cached_property
    def _rest_sequence(self):
        rest = _sum_of_others(self.initial_column_totals)[: self.n_classes]
        return self.columns.filling(self._column_weights, rest)

    # Selective risks from the same pass: what is still accepted is a sum over
    # the steps not yet taken (exactly 0 after the last).

    @cached_property
    def rejected(self):
        """Rejected weight at every point (the classifier's own rejections
        included)."""
        if self.unit:
            return self.rejected_total + self.steps_taken
        moved = np.zeros(self.n_steps + 1)
        np.cumsum(self.weights, out=moved[1:])
        return self.rejected_total + moved[self.steps_taken]

    @cached_property
    def accepted(self):
        """Accepted weight at every point."""
        if self.unit:
            return (self.n_steps - self.steps_taken).astype(float)
        return _suffix_sums(self.weights)[self.steps_taken]

    @cached_property
    def accepted_errors(self):
        """Accepted misclassified weight at every point."""
        wrong = self.true_row != self.predicted_column
        if self.unit:
            errors = np.concatenate(([0], np.cumsum(wrong)))
            return (errors[-1] - errors[self.steps_taken]).astype(float)
        return _suffix_sums(np.where(wrong, self.weights, 0.0))[self.steps_taken]


def _suffix_sums(values):
    """``sum(values[k:])`` for ``k = 0 .. n``; exactly 0 at ``n``."""
    sums = np.zeros(len(values) + 1)
    np.cumsum(values[::-1], out=sums[-2::-1][: len(values)])
    return sums


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
        self._t_rest = _sum_of_others(true_totals) / self._total
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
        rest = _sum_of_others(totals)
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

    def _changes(self, kind, function):
        """Changes of the statistic and of its number of non-zero terms, per
        step in time order."""
        parts = getattr(self, f"_{kind}_fields")
        n_steps = self.sweep.n_steps
        changes = np.zeros(n_steps)
        nonzero_changes = np.zeros(n_steps, dtype=np.int8)
        for groups, values, final in parts:
            terms = _evaluated(function, values, n_steps)
            if groups is None:  # already in time order: one group
                ends, n_final, to_time = np.array([n_steps - 1]), 1, None
            else:
                ends, n_final = groups.ends, len(groups.present)
                to_time = groups.to_time
            final_terms = _evaluated(function, final, n_final)
            if not (terms.any() or final_terms.any()):
                continue  # e.g. a reject-only statistic on accepted entries
            step = _step_changes(terms, final_terms, ends, np.float64)
            nonzero = (terms != 0).view(np.int8)
            step_nonzero = _step_changes(
                nonzero, (final_terms != 0).view(np.int8), ends, np.int8
            )
            if to_time is not None:
                step, step_nonzero = to_time(step), to_time(step_nonzero)
            changes += step
            nonzero_changes += step_nonzero
        return changes, nonzero_changes

    def sum(self, name):
        """The statistic ``name`` at every point of the sweep.

        The sum is exactly 0 at a point where every term is 0 (an emptied
        set of cells, no accepted sample, ...).
        """
        if name not in self._sums:
            kind = _EXTRA_KINDS.get(name) or KINDS[name]
            function = _EXTRA_FUNCTIONS.get(name) or FUNCTIONS[name]
            initial = np.broadcast_to(
                _evaluated(function, self._initial_fields(kind), None),
                self._initial_shape(kind),
            )
            values = float(np.sum(initial))
            nonzero = np.count_nonzero(initial)
            if self.sweep.n_steps:
                changes, nonzero_changes = self._changes(kind, function)
                values = values + self._reader.sums(changes)
                nonzero = nonzero + self._reader.counts(nonzero_changes)
            if np.ndim(values) == 0:  # no step: the same at every point
                values = np.full(self.stack_shape, values)
            self._sums[name] = np.where(nonzero > 0, values, 0.0)
        return self._sums[name]

    def _initial_shape(self, kind):
        m = self.n_classes
        return {"cell": (m, m + 1), "column": (m + 1,), "class": (m,)}[kind]

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
