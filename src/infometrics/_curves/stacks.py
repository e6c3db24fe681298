"""Augmented matrices along a reject threshold, as sums (exact for integers)."""

import numpy as np

from .scores import quantile_thresholds

# Cells per block: bounded memory, temporaries in cache (2**16-2**18 fastest).
BLOCK_CELLS = 1 << 16


def stable_order(confidence):
    """``np.argsort(confidence, kind="stable")``, floats by int64 keys (faster)."""
    if confidence.dtype != np.float64:
        return np.argsort(confidence, kind="stable")
    bits = (confidence + 0.0).view(np.int64)
    keys = np.where(bits < 0, bits ^ np.int64(0x7FFFFFFFFFFFFFFF), bits)
    return np.argsort(keys, kind="stable")


def threshold_positions(sorted_confidence, thresholds):
    """How many sorted confidences lie below each threshold (ints: ``c < ceil(t)``)."""
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
    """``thresholds`` and the last point's: ``inf``, or the largest integer + 1."""
    thresholds = np.asarray(thresholds)
    if thresholds.dtype.kind not in "iu":
        return np.append(thresholds.astype(np.float64), np.inf)
    values = [v for v in (thresholds, confidence) if v.size]
    largest = max([int(v.max()) for v in values] or [0])
    smallest = min([int(v.min()) for v in values] or [0])
    final = largest + 1
    for dtype in (thresholds.dtype, np.dtype(np.int64), np.dtype(np.uint64)):
        info = np.iinfo(dtype)
        if info.min <= smallest and final <= info.max:
            return np.append(thresholds.astype(dtype), np.array(final, dtype=dtype))
    raise ValueError(
        "confidence holds the largest uint64 value, so no integer threshold "
        "rejects every sample; pass the confidences as float64 (or ranks)."
    )


def threshold_sweep(
    true,
    predicted,
    confidence,
    weights,
    thresholds,
    n_classes,
    *,
    fixed=None,
    reject_all=False,
):
    """``(ThresholdStacks, thresholds)`` of one sort; ``fixed`` (int8): -1 rejected,
    1 accepted at every point; ``reject_all`` adds a point rejecting everything."""
    m = n_classes
    fixed = np.zeros(len(true), np.int8) if fixed is None else fixed
    swept = np.flatnonzero(fixed == 0)
    swept = swept[stable_order(confidence[swept])]
    ranked = confidence[swept]
    if thresholds is None:
        # Every distinct value: the tie groups' first positions.
        taken = np.flatnonzero(np.r_[True, ranked[1:] != ranked[:-1]])[: ranked.size]
        thresholds = ranked[taken]
    else:
        if isinstance(thresholds, int):
            thresholds = quantile_thresholds(ranked, thresholds)
        taken = threshold_positions(ranked, thresholds)
    accepted = np.flatnonzero(fixed > 0)
    n_points = len(thresholds) + bool(reject_all)
    rejected = np.flatnonzero(fixed < 0)
    # A swept sample at sorted position p is accepted while <= p lie below.
    starts = np.bincount(taken[taken < ranked.size], minlength=ranked.size)
    steps = np.concatenate(
        [
            np.zeros(rejected.size, np.intp),
            np.cumsum(starts),
            np.full(accepted.size, n_points),
        ]
    )
    entries = np.concatenate([rejected, swept, accepted])
    # A fixed rejection's column is never read: 0 keeps its cell in range.
    columns = np.where(fixed[entries] < 0, 0, predicted[entries])
    entry_weights = None if np.all(weights == 1) else weights[entries]
    cells = true[entries] * m + columns
    return ThresholdStacks(cells, entry_weights, steps, n_points, m), thresholds


class ThresholdStacks:
    """The matrices of a sweep, block by block: entry ``i`` (cell ``true * m +
    predicted``) is accepted before point ``steps[i]`` (sorted)."""

    def __init__(self, cells, weights, steps, n_points, n_classes):
        m = n_classes
        self.n_classes = m
        self.n_points = n_points
        self.cells = cells
        self.weights = None if weights is None else np.asarray(weights, float)
        self.dtype = np.intp if weights is None else np.float64
        self.steps = steps
        self.block = max(1, BLOCK_CELLS // (m * (m + 1)))
        # Steps are sorted: a block's entries are contiguous, always-accepted last.
        n_point_blocks = -(-n_points // self.block)
        edges = np.minimum(np.arange(n_point_blocks + 1) * self.block, n_points)
        self._starts = np.searchsorted(steps, edges, side="left")
        n_blocks = n_point_blocks + 1
        # Sums carried across blocks: accepted cells from the end, rejected rows.
        keys = np.minimum(steps // self.block, n_point_blocks)
        keys[steps >= n_points] = n_point_blocks
        per_block = self._table(0, len(steps), keys, n_blocks)
        self._accepted_after = np.zeros((n_blocks + 1, m * m), self.dtype)
        np.cumsum(per_block[::-1], axis=0, out=self._accepted_after[-2::-1])
        self._rejected_before = np.zeros((n_blocks + 1, m), self.dtype)
        np.cumsum(
            per_block.reshape(n_blocks, m, m).sum(axis=2),
            axis=0,
            out=self._rejected_before[1:],
        )
        self.accepted = np.empty(n_points)
        self.errors = np.empty(n_points)
        self.correct = np.empty(n_points)
        self.rejected = np.empty(n_points)

    def _table(self, start, stop, keys, n_keys):
        """Weights of entries ``start:stop`` summed per (key, cell)."""
        m2 = self.n_classes**2
        index = keys * m2 + self.cells[start:stop]
        weights = None if self.weights is None else self.weights[start:stop]
        table = np.bincount(index, weights=weights, minlength=n_keys * m2)
        # Unit weights stay integers: exact, three times as fast to sum.
        return table.reshape(n_keys, m2).astype(self.dtype, copy=False)

    def blocks(self):
        """Yield the stack of each block of points, ``(k, m, m + 1)``, in order."""
        m = self.n_classes
        diagonal = np.eye(m, dtype=bool).ravel()
        for b, first in enumerate(range(0, self.n_points, self.block)):
            size = min(self.block, self.n_points - first)
            start, stop = self._starts[b], self._starts[b + 1]
            local = self._table(start, stop, self.steps[start:stop] - first, size)
            # Accepted at point k: entries of step > k, summed from the far end.
            accepted = np.empty((size, m * m), self.dtype)
            accepted[0] = self._accepted_after[b + 1]
            accepted[1:] = local[:0:-1]
            accepted = np.cumsum(accepted, axis=0, out=accepted)[::-1]
            # Rejected at point k: entries of step <= k, summed from the start.
            rejected = np.empty((size + 1, m), self.dtype)
            rejected[0] = self._rejected_before[b]
            rejected[1:] = local.reshape(size, m, m).sum(axis=2)
            rejected = np.cumsum(rejected, axis=0, out=rejected)[1:]
            window = slice(first, first + size)
            self.accepted[window] = accepted.sum(axis=1)
            self.correct[window] = accepted[:, diagonal].sum(axis=1)
            self.errors[window] = accepted[:, ~diagonal].sum(axis=1)
            self.rejected[window] = rejected.sum(axis=1)
            stack = np.empty((size, m, m + 1))
            stack[:, :, :m] = accepted.reshape(size, m, m)
            stack[:, :, m] = rejected
            yield stack
