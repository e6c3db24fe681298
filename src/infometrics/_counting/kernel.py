"""The integer counting kernel: a dense (true x predicted) table in one pass.

The arrays are walked in cache-sized blocks, so a block's min/max, cell index
and count read data already in cache. Small tables (e.g. 10 classes) are
counted per block over the block's own ranges and added at their offsets, so
no index array of length n is written (that memory traffic is what the bare
``np.bincount(y_true * k + y_pred)`` pays for). Large tables (e.g. 1000
classes) write one global index buffer, block by block, with the ranges of
the first block, widened once to the full ranges if a later block exceeds
them (sorted labels cost one extra pass, not one per block). Ranges are
Python ints, indices int64: exact modulo 2**64.
"""

import numpy as np

# Labels per block: 2**16 int64 labels are 512 KiB per array, within a core's
# L2 cache together with the block's index.
_BLOCK = 1 << 16

# A block is counted into its own small table while the table has at most this
# share of the block's length in cells; beyond it an index buffer is cheaper
# than allocating, zeroing and adding a table per block.
_SMALL_TABLE_SHARE = 1 / 8


def _value_range(values):
    return int(values.min()), int(values.max())


def as_int64_operand(values):
    # uint64 and bool do not cast safely into int64 inside the ufuncs below;
    # they are converted once (the caller has checked uint64 values fit).
    if values.dtype == np.uint64 or values.dtype.kind == "b":
        return values.astype(np.int64)
    return values


def _block_index(true_block, pred_block, true_low, pred_low, n_columns, out=None):
    """Cell index ``(t - true_low) * n_columns + (p - pred_low)``, exact mod 2**64."""
    index = np.multiply(true_block, np.int64(n_columns), dtype=np.int64, out=out)
    index += pred_block
    # Python integers: the offset itself may lie beyond int64.
    offset = (true_low * n_columns + pred_low + 2**63) % 2**64 - 2**63
    if offset:
        index -= np.int64(offset)
    return index


def dense_pair_table(y_true, y_pred, weights=None, *, max_cells):
    """``(table, present, true_low, pred_low)`` of integer label pairs, or None.

    ``table[i, j]`` counts (or sums the weights of) the pairs ``(true_low + i,
    pred_low + j)``; ``present`` counts samples (zero weights still name their
    labels). None when the table would exceed ``max_cells``; uint64 values
    must fit in int64."""
    y_true, y_pred = as_int64_operand(y_true), as_int64_operand(y_pred)
    n_samples = y_true.shape[0]
    first_true = _value_range(y_true[:_BLOCK])
    first_pred = _value_range(y_pred[:_BLOCK])
    first_cells = (first_true[1] - first_true[0] + 1) * (
        first_pred[1] - first_pred[0] + 1
    )
    if first_cells > max_cells:
        return None
    if first_cells <= _SMALL_TABLE_SHARE * min(n_samples, _BLOCK):
        table, true_low, pred_low = _count_small_tables(
            y_true, y_pred, weights, max_cells=max_cells
        )
        if table is None:
            return None
        present = table
        if weights is not None:
            present, _, _ = _count_small_tables(
                y_true, y_pred, None, max_cells=max_cells
            )
        return table, present, true_low, pred_low
    index_and_shape = _index_buffer(
        y_true, y_pred, first_true, first_pred, max_cells=max_cells
    )
    if index_and_shape is None:
        return None
    index, (true_low, n_rows), (pred_low, n_columns) = index_and_shape
    n_cells = n_rows * n_columns
    table = np.bincount(index, weights=weights, minlength=n_cells)
    present = (
        table if weights is None else np.bincount(index, minlength=n_cells)
    ).reshape(n_rows, n_columns)
    return table.reshape(n_rows, n_columns), present, true_low, pred_low


def _count_small_tables(y_true, y_pred, weights, *, max_cells):
    """Per-block tables over each block's own ranges, added at their offsets."""
    parts = []
    true_low = pred_low = None
    true_high = pred_high = None
    for start in range(0, y_true.shape[0], _BLOCK):
        true_block = y_true[start : start + _BLOCK]
        pred_block = y_pred[start : start + _BLOCK]
        (t_low, t_high), (p_low, p_high) = (
            _value_range(true_block),
            _value_range(pred_block),
        )
        if true_low is None:
            true_low, true_high, pred_low, pred_high = t_low, t_high, p_low, p_high
        else:
            true_low, true_high = min(true_low, t_low), max(true_high, t_high)
            pred_low, pred_high = min(pred_low, p_low), max(pred_high, p_high)
        if (true_high - true_low + 1) * (pred_high - pred_low + 1) > max_cells:
            return None, None, None
        n_rows, n_columns = t_high - t_low + 1, p_high - p_low + 1
        index = _block_index(true_block, pred_block, t_low, p_low, n_columns)
        block_weights = None if weights is None else weights[start : start + _BLOCK]
        counts = np.bincount(index, weights=block_weights, minlength=n_rows * n_columns)
        parts.append((t_low, p_low, counts.reshape(n_rows, n_columns)))
    table = np.zeros(
        (true_high - true_low + 1, pred_high - pred_low + 1), dtype=parts[0][2].dtype
    )
    for t_low, p_low, counts in parts:
        rows = slice(t_low - true_low, t_low - true_low + counts.shape[0])
        columns = slice(p_low - pred_low, p_low - pred_low + counts.shape[1])
        table[rows, columns] += counts
    return table, true_low, pred_low


def _index_buffer(y_true, y_pred, first_true, first_pred, *, max_cells):
    """Global cell indices of every sample, block by block, in one buffer."""
    n_samples = y_true.shape[0]
    index = np.empty(n_samples, dtype=np.int64)
    (true_low, true_high), (pred_low, pred_high) = first_true, first_pred
    widened = False
    start = 0
    while start < n_samples:
        true_block = y_true[start : start + _BLOCK]
        pred_block = y_pred[start : start + _BLOCK]
        (t_low, t_high), (p_low, p_high) = (
            _value_range(true_block),
            _value_range(pred_block),
        )
        if (
            t_low < true_low
            or t_high > true_high
            or p_low < pred_low
            or (p_high > pred_high)
        ):
            # The stride changes: take the full ranges once and start over.
            if widened:  # pragma: no cover - the full ranges contain every block
                raise AssertionError("value ranges widened twice")
            widened = True
            (true_low, true_high), (pred_low, pred_high) = (
                _value_range(y_true),
                _value_range(y_pred),
            )
            if (true_high - true_low + 1) * (pred_high - pred_low + 1) > max_cells:
                return None
            start = 0
            continue
        _block_index(
            true_block,
            pred_block,
            true_low,
            pred_low,
            pred_high - pred_low + 1,
            out=index[start : start + _BLOCK],
        )
        start += _BLOCK
    return (
        index,
        (true_low, true_high - true_low + 1),
        (pred_low, pred_high - pred_low + 1),
    )
