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

from .._measures.count_arithmetic import rests, sum_of_others
from .exact_sums import key_sums, plain_sums_are_exact, prefix_sums, range_sums
from .sweep_steps import _group_order, _Groups, _small_integer_dtype

# A statistic the sweep needs for H(Y) to be exactly 0 where one output is
# used, beyond the registry's own.
_SUPPORT_OUTPUT = "_support_output"
_EXTRA_FUNCTIONS = {_SUPPORT_OUTPUT: lambda c: (c.y > 0).astype(float)}
_EXTRA_KINDS = {_SUPPORT_OUTPUT: "column"}

# Positive weights further apart than this ratio: the statistics of the
# sweep are summed exactly (see RejectSweep.exact_statistics).
_EXACT_WEIGHT_RATIO = 2.0**8


def threshold_positions(sorted_confidence, thresholds):
    """How many of the sorted confidences lie below each threshold, exactly.

    Float thresholds against integer confidences are compared in the
    integers (``c < t`` iff ``c < ceil(t)``): numpy would compare both as
    float64 and merge integers beyond ``2**53``.
    """
    thresholds = np.asarray(thresholds)
    if not (sorted_confidence.dtype.kind in "iu" and thresholds.dtype.kind == "f"):
        return np.searchsorted(sorted_confidence, thresholds, side="left")
    info = np.iinfo(sorted_confidence.dtype)
    ceiling = np.ceil(thresholds)
    above = ceiling >= float(int(info.max) + 1)
    below = ceiling <= float(info.min)
    # In range, ceil(t) converts to the integer dtype exactly.
    inside = np.where(above | below, float(info.min), ceiling)
    positions = np.searchsorted(
        sorted_confidence, inside.astype(sorted_confidence.dtype), side="left"
    )
    return np.where(above, len(sorted_confidence), positions)


def with_final_threshold(thresholds, confidence):
    """``thresholds`` and the threshold of the last point (every sample
    rejected): ``inf`` for floats, the largest value plus one for integers
    (in a wider integer dtype when needed, never float).

    The last point rejects every sample by construction, also those of
    confidence ``+inf``, which no float threshold rejects under "below the
    threshold". Its threshold is still ``inf`` (never NaN, never a finite
    value that would hide the rule): with ``+inf`` confidences it repeats the
    threshold of the point before, and the last point reads "reject all".
    """
    thresholds = np.asarray(thresholds)
    if thresholds.dtype.kind not in "iu":
        return np.append(thresholds.astype(np.float64), np.inf)
    largest = max(
        [int(values.max()) for values in (thresholds, confidence) if values.size] or [0]
    )
    smallest = min(
        [int(values.min()) for values in (thresholds, confidence) if values.size] or [0]
    )
    final = largest + 1
    for dtype in (thresholds.dtype, np.dtype(np.int64), np.dtype(np.uint64)):
        info = np.iinfo(dtype)
        if info.min <= smallest and final <= info.max:
            return np.append(thresholds.astype(dtype), np.array(final, dtype=dtype))
    raise ValueError(
        "confidence holds the largest uint64 value, so no integer threshold "
        "rejects every sample; pass the confidences as float64 (or ranks)."
    )


def _stable_order(confidence):
    """``np.argsort(confidence, kind="stable")``.

    Stable: tied samples step in their own order whatever the dtype or the
    transform of the confidences, so float sums round the same way. Floats
    are sorted as integers of the same order (their bit patterns, negative
    ones reversed, -0.0 as 0.0): numpy's stable sort is faster on int64.
    """
    if confidence.dtype != np.float64:
        return np.argsort(confidence, kind="stable")
    bits = (confidence + 0.0).view(np.int64)
    keys = np.where(bits < 0, bits ^ np.int64(0x7FFFFFFFFFFFFFFF), bits)
    return np.argsort(keys, kind="stable")


class RejectSweep:
    """Sort once and group the steps of a reject-threshold sweep.

    Parameters
    ----------
    true_index : ndarray of int, shape (n_samples,)
        Row of each sample, in ``0 .. n_classes - 1``.
    predicted_index : ndarray of int, shape (n_samples,)
        Column of each sample; ``n_classes`` means rejected before any
        threshold (such a sample stays rejected).
    confidence : ndarray of shape (n_samples,)
        Higher = more sure; a threshold rejects the samples below it. Float64
        or an integer dtype (ranked exactly, also beyond ``2**53``).
    weights : ndarray of float, shape (n_samples,)
        Validated non-negative weights.
    n_classes : int
    thresholds : ndarray or None
        Ascending, distinct; point ``k`` rejects the movable samples whose
        confidence is below ``thresholds[k]``. ``None``: every distinct
        confidence value. A last point that rejects everything follows (see
        :func:`with_final_threshold`).

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
        (exact sums; exactly 0 once nothing is accepted).
    exact_statistics : bool
        Whether the statistics are summed exactly: weights whose positive
        values span more than a factor ``2**8``. Lighter samples left after
        heavier ones would otherwise carry the rounding of the heavy ones'
        terms.
    """

    def __init__(
        self, true_index, predicted_index, confidence, weights, n_classes, thresholds
    ):
        m = n_classes
        self.n_classes = m
        all_confidence = confidence
        movable = predicted_index < m
        self._rejected_weights = weights[~movable]
        # Whether running sums of the weights (and of any subset) are exact.
        all_unit = bool(np.all(weights == 1.0))
        plain = all_unit or plain_sums_are_exact(weights)
        rejected_rows = key_sums(
            true_index[~movable], weights[~movable], m, plain=plain
        )
        total = (
            float(len(weights))
            if all_unit
            else float(prefix_sums(weights, [len(weights)], plain=plain)[0])
        )
        code_type = _small_integer_dtype(m * m)
        codes = (true_index * m + predicted_index).astype(code_type)
        if not movable.all():
            codes, confidence, weights = (
                codes[movable],
                confidence[movable],
                weights[movable],
            )
        order = _stable_order(confidence)
        sorted_confidence = confidence[order]
        # Point k rejects every movable sample below thresholds[k]; the last
        # point rejects every sample (also those of confidence +inf).
        if thresholds is None:
            # The tie groups' first positions: no search needed.
            new_value = np.flatnonzero(sorted_confidence[1:] != sorted_confidence[:-1])
            taken = np.concatenate(([0], new_value + 1))[: len(sorted_confidence)]
            thresholds = sorted_confidence[taken]
        else:
            taken = threshold_positions(sorted_confidence, thresholds)
        taken = np.append(taken, len(sorted_confidence))
        self.thresholds = with_final_threshold(thresholds, all_confidence)
        codes = codes[order]
        unit = all_unit or bool(np.all(weights == 1.0))
        if not unit:
            weights = weights[order]
        if not unit:
            positive = weights > 0
            if not positive.all():
                taken = np.concatenate(([0], np.cumsum(positive)))[taken]
                codes, weights = codes[positive], weights[positive]
        n_steps = len(codes)
        self.plain = plain
        # Light samples left after heavy ones: summed in float64, the changes
        # of the heavy ones would leave rounding larger than the light ones'
        # terms, so the statistics are then summed exactly (slower).
        self.exact_statistics = bool(
            not unit and n_steps and weights.max() > _EXACT_WEIGHT_RATIO * weights.min()
        )
        self.steps_taken = taken
        self.n_steps = n_steps
        self.unit = unit
        self.weights = weights
        self.codes = codes
        self.true_row, self.predicted_column = np.divmod(codes, code_type(m))
        self.rejected_rows = rejected_rows
        self.rejected_total = float(
            prefix_sums(
                self._rejected_weights, [self._rejected_weights.size], plain=plain
            )[0]
        )
        counts = np.zeros((m, m + 1))
        counts[:, :m] = (
            np.bincount(codes, minlength=m * m)
            if unit
            else key_sums(codes, weights, m * m, plain=plain)
        ).reshape(m, m)
        counts[:, m] = rejected_rows
        self.initial_counts = counts
        self.total = total

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
        values, final = self.cells.draining(
            self._in_group_order(self.cells), self.plain
        )
        m = self.n_classes
        initial = self.cells.initial(values, m * m).reshape(m, m)
        return values, final, initial

    @cached_property
    def _reject_cell_sequence(self):
        return self.rows.filling(
            self._in_group_order(self.rows), self.rejected_rows, self.plain
        )

    # Output column j drains into the reject column.

    @cached_property
    def _column_weights(self):
        return self._in_group_order(self.columns)

    @cached_property
    def _column_sequence(self):
        values, final = self.columns.draining(self._column_weights, self.plain)
        return values, final, self.columns.initial(values, self.n_classes)

    @cached_property
    def _reject_column_sequence(self):
        moved = self._moved
        return self.rejected_total + moved[:-1], self.rejected_total + moved[-1:]

    @cached_property
    def _moved(self):
        """Weight of the first ``k`` steps, ``k = 0 .. n_steps``, exactly."""
        if self.unit:
            return np.arange(self.n_steps + 1.0)
        return prefix_sums(self.weights, np.arange(self.n_steps + 1), plain=self.plain)

    @cached_property
    def _still_accepted(self):
        """Weight of the steps from ``k`` on, ``k = 0 .. n_steps``, exactly."""
        if self.unit:
            return np.arange(self.n_steps, -1.0, -1.0)
        n = self.n_steps
        return range_sums(
            self.weights, np.arange(n + 1), np.full(n + 1, n), plain=self.plain
        )

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
        values, final = self.columns.draining(diagonal_weights, self.plain)
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
        row_rest, _, matrix_rest = rests(self.initial_counts, False)
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
        return self.columns.filling(
            diagonal_weights, self._initial_rests[0], self.plain
        )

    @cached_property
    def _column_off_sequence(self):
        """``y_off_j``: column j outside the diagonal; its steps drain it."""
        values, final = self.columns.draining(self._off_diagonal_weights, self.plain)
        return values, final, self.columns.initial(values, self.n_classes)

    @cached_property
    def _outside_sequence(self):
        """``tn_j``: outside row j and column j; an off-diagonal step of
        column j moves weight from (i, j) to (i, m) there: it fills."""
        return self.columns.filling(
            self._off_diagonal_weights, self._initial_rests[1], self.plain
        )

    @cached_property
    def _accepted_sequence(self):
        """All accepted columns together (the reject column's ``y_rest``),
        before each step in time order, and after the last (exactly 0)."""
        return self._still_accepted[:-1], np.zeros(1)

    @cached_property
    def initial_column_totals(self):
        """The output columns' totals before the sweep, as the sweep tracks
        them (the last is the reject column)."""
        return np.append(self._column_sequence[2], self.rejected_total)

    @cached_property
    def _rest_sequence(self):
        rest = sum_of_others(self.initial_column_totals)[: self.n_classes]
        return self.columns.filling(self._column_weights, rest, self.plain)

    # Selective risks from the same pass: what is still accepted is a sum over
    # the steps not yet taken (exactly 0 after the last).

    @cached_property
    def rejected(self):
        """Rejected weight at every point (the classifier's own rejections
        included)."""
        return self.rejected_total + self._moved[self.steps_taken]

    @cached_property
    def accepted(self):
        """Accepted weight at every point."""
        return self._still_accepted[self.steps_taken]

    def _accepted_where(self, mask):
        """Accepted weight of the steps in ``mask`` at every point."""
        n = self.n_steps
        if self.unit:
            counts = np.zeros(n + 1)
            np.cumsum(mask[::-1], out=counts[-2::-1][:n])
            return counts[self.steps_taken]
        return range_sums(
            np.where(mask, self.weights, 0.0),
            self.steps_taken,
            np.full(len(self.steps_taken), n),
            plain=self.plain,
        )

    @cached_property
    def accepted_errors(self):
        """Accepted misclassified weight at every point."""
        return self._accepted_where(self.true_row != self.predicted_column)

    @cached_property
    def accepted_correct(self):
        """Accepted correctly classified weight at every point."""
        if self.plain:  # both sums exact: so is their difference
            return self.accepted - self.accepted_errors
        return self._accepted_where(self.true_row == self.predicted_column)


def _positions_at(groups, n_steps, keys, taken):
    """For each (key, point): the group-order position of the key's first
    step taken at or after ``taken`` steps (its group's end when none)."""
    # Group order is sorted by key, then by time: one sorted array of both.
    combined = groups.keys.astype(np.int64) * (n_steps + 1) + groups.order
    queries = keys[:, None].astype(np.int64) * (n_steps + 1) + taken[None, :]
    return np.searchsorted(combined, queries)


def matrices_at(sweep, points):
    """The augmented matrices of some points of a sweep, from exact sums.

    Parameters
    ----------
    sweep : RejectSweep
    points : ndarray of int
        Indices of points.

    Returns
    -------
    stack : ndarray of shape (len(points), n_classes, n_classes + 1)
    """
    m, n = sweep.n_classes, sweep.n_steps
    taken = sweep.steps_taken[points]
    stack = np.zeros((len(points), m, m + 1))
    stack[:, :, m] = sweep.rejected_rows
    if n == 0:
        return stack
    weights = np.ones(n) if sweep.unit else sweep.weights
    # Accepted: each cell's steps not yet taken.
    cells = sweep.cells
    first = _positions_at(cells, n, cells.present, taken)
    stop = np.broadcast_to((cells.ends + 1)[:, None], first.shape)
    accepted = range_sums(weights[cells.order], first.ravel(), stop.ravel())
    rows, columns = np.divmod(cells.present, m)
    stack[:, rows, columns] = accepted.reshape(first.shape).T
    # Rejected: each row's steps taken, on top of its own rejections.
    row_groups = sweep.rows
    first = _positions_at(row_groups, n, row_groups.present, taken)
    start = np.broadcast_to(row_groups.starts[:, None], first.shape)
    moved = range_sums(weights[row_groups.order], start.ravel(), first.ravel())
    stack[:, row_groups.present, m] += moved.reshape(first.shape).T
    return stack
