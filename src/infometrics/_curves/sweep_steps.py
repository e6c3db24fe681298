"""The sweep's steps grouped by the entry they change, and read at the thresholds.

Step 2 and 3 of :mod:`.sweep`: stable counting sorts of small integer keys
put the steps of each entry (cell, row, predicted column) together in time
order (:class:`_Groups`), and :class:`_Reader` accumulates per-step changes
in short float64 blocks and reads them at the ends of the tie groups.
"""

from functools import cached_property

import numpy as np

from .exact_sums import range_sums

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

    def draining(self, grouped, plain=None):
        """Value of a draining entry before each step, and after the last.

        ``grouped`` are the steps' weights in group order (``None``: all 1).
        The entry holds the weight of its group's steps not yet taken: it
        starts at the group's total and ends at exactly 0.
        """
        if grouped is None:
            inclusive, exclusive = _running_sums(None, len(self.order))
            before = self.spread(inclusive[self.ends]) - exclusive
        else:
            # The sum of the steps still to come, exactly: a difference of
            # running sums would keep the rounding of the weights already
            # gone (heavy ones) in what is left (possibly light ones).
            before = range_sums(
                grouped,
                np.arange(len(self.order)),
                self.spread(self.ends + 1),
                plain=plain,
            )
        return before, np.zeros(len(self.present))

    def filling(self, grouped, initial, plain=None):
        """Value of a filling entry before each step, and after the last.

        ``initial[key]`` is the entry's value before the sweep; each step adds
        its weight (``grouped``, in group order; ``None``: all 1).
        """
        base = initial[self.present]
        if grouped is None:
            inclusive, exclusive = _running_sums(None, len(self.order))
            start_offset = exclusive[self.starts]
            before = self.spread(base) + (exclusive - self.spread(start_offset))
            final = base + (inclusive[self.ends] - start_offset)
            return before, final
        added = range_sums(
            grouped, self.spread(self.starts), np.arange(len(self.order)), plain=plain
        )
        final = base + range_sums(grouped, self.starts, self.ends + 1, plain=plain)
        return self.spread(base) + added, final

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
