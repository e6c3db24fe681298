"""Resamplers: draw blocks of resampled count tables (SPEC §12).

Every resampler is the ordinary nonparametric bootstrap, exactly:

* :class:`_GroupResampler` -- groups of interchangeable samples (cells, or
  (cell, weight) groups); a resample is a multinomial draw of the samples
  over the groups (:func:`.multinomial.multinomial_draws`);
* :class:`_SampleResampler` -- weighted data whose weights are nearly all
  distinct: the sample indices themselves are drawn, vectorised over a block.

:func:`_resampler` picks one for samples coded by cell. ``draw(size, rng)``
returns one ``(size, n_cells)`` table per output.
"""

import numpy as np
import pandas as pd

from .multinomial import multinomial_draws

# Weighted resampling draws over (cell, weight) groups when there are at most
# this many samples per group fewer than samples (a multinomial variate costs
# about as much as resampling a few samples).
_SAMPLES_PER_GROUP = 8


def _scatter(values, cells, n_cells):
    """Sum ``values`` (shape (block, k)) into ``n_cells`` cells per row."""
    size = values.shape[0]
    index = cells[None, :] + (np.arange(size) * n_cells)[:, None]
    return np.bincount(
        index.ravel(), weights=values.ravel(), minlength=size * n_cells
    ).reshape(size, n_cells)


def _unchanged(values):
    return values


class _CellSums:
    """Sums the columns of a block of draws into their cells.

    Column ``g`` belongs to cell ``cells[g]``: the columns are put in cell
    order once, and a block is then summed with one ``np.add.reduceat``.
    """

    def __init__(self, cells, n_cells):
        self.order = np.argsort(cells, kind="stable")
        sorted_cells = cells[self.order]
        self.starts = np.flatnonzero(np.diff(sorted_cells, prepend=-1))
        self.targets = sorted_cells[self.starts]
        self.n_cells = n_cells

    def __call__(self, values):
        sums = np.zeros((values.shape[0], self.n_cells), dtype=values.dtype)
        sums[:, self.targets] = np.add.reduceat(
            values[:, self.order], self.starts, axis=1
        )
        return sums


class _GroupResampler:
    """Multinomial resampling of groups of identical samples.

    ``group_counts[g]`` samples share the weight ``group_weights[g]`` (None:
    weight 1). A resample draws the number of samples from each group (a
    multinomial of the total over the groups), which is exactly resampling
    the samples. Each of ``outputs`` maps a block of weighted group counts,
    shape ``(size, n_groups)``, to the cells of one resampled table.
    """

    def __init__(self, group_counts, outputs, group_weights=None):
        self.group_counts = np.asarray(group_counts, dtype=np.int64)
        self.outputs = outputs
        self.weights = group_weights
        self.description = (
            f"multinomial over {np.count_nonzero(self.group_counts)} "
            f"{'cells' if group_weights is None else '(cell, weight) groups'}"
        )

    def entries_per_resample(self):
        return self.group_counts.size * (1 + len(self.outputs))

    def draw(self, size, rng):
        draws = multinomial_draws(self.group_counts, size, rng)
        values = draws if self.weights is None else draws * self.weights
        return [output(values) for output in self.outputs]


class _SampleResampler:
    """Resampling sample indices (weighted data with many distinct weights)."""

    def __init__(self, sample_cells, n_cells, weights):
        self.sample_cells = sample_cells
        self.n_cells = n_cells
        self.weights = weights
        self.description = f"{weights.size} samples drawn with replacement"

    def entries_per_resample(self):
        return self.weights.size * (len(self.sample_cells) + 1)

    def draw(self, size, rng):
        n_samples = self.weights.size
        picks = rng.integers(0, n_samples, size=(size, n_samples))
        picked_weights = self.weights[picks]
        return [
            _scatter(picked_weights, cells[picks], self.n_cells)
            for cells in self.sample_cells
        ]


def _resampler(finest, outputs, n_cells, weights):
    """The exact resampler for samples coded by cell.

    ``finest[i]`` is the finest cell of sample ``i`` (samples with the same
    finest cell and weight are interchangeable); ``outputs`` are cell codes in
    ``range(n_cells)`` that are functions of it, one resampled table each.
    """
    groups, n_groups = _factorize(finest)
    if weights is None:
        group_counts = np.bincount(groups, minlength=n_groups)
        return _GroupResampler(
            group_counts, _cell_sums(groups, outputs, n_groups, n_cells)
        )
    weight_codes, distinct_weights = pd.factorize(weights)
    groups, n_groups = _factorize(groups * len(distinct_weights) + weight_codes)
    if n_groups * _SAMPLES_PER_GROUP > weights.size:
        return _SampleResampler(outputs, n_cells, weights)
    group_counts = np.bincount(groups, minlength=n_groups)
    group_weights = np.zeros(n_groups)
    group_weights[groups] = weights
    return _GroupResampler(
        group_counts, _cell_sums(groups, outputs, n_groups, n_cells), group_weights
    )


def _factorize(codes):
    """Dense group numbers ``0 ... k-1`` for non-negative integer codes."""
    high = int(codes.max()) + 1 if codes.size else 1
    if high <= 4 * codes.size + (1 << 20):
        return codes, high
    groups, uniques = pd.factorize(codes)
    return groups, len(uniques)


def _cell_sums(groups, outputs, n_groups, n_cells):
    """One :class:`_CellSums` per output: the cell of each group (every sample
    of a group shares it) receives the group's draws."""
    sums = []
    for cells in outputs:
        cell_of_group = np.zeros(n_groups, dtype=np.int64)
        cell_of_group[groups] = cells
        sums.append(_CellSums(cell_of_group, n_cells))
    return sums
