"""The integer counting kernel: a dense (true x predicted) table in one pass.

The bare idiom ``np.bincount(y_true * k + y_pred)`` reads both label arrays,
writes two temporaries of ``n`` int64 values and reads them back. A checked
version first needs the value ranges (a min/max pass over both arrays) to size
and offset the table. Done naively that is three to four passes over memory.

This kernel walks the arrays in cache-sized blocks (``_BLOCK`` labels, a few
hundred kilobytes), so the min/max of a block, its cell index and its count
all read data that is already in cache:

- *small tables* (at most ``_SMALL_TABLE_SHARE`` of a block's length, e.g. 10
  classes): each block is counted into a table spanning only its own value
  range, and the small tables are added into the global table at their
  offsets. No index array of length ``n`` is ever written.
- *large tables* (e.g. 1000 classes, a million cells, far larger than a
  block): the cell index of each block is written into one int64 buffer in
  global coordinates, and one ``np.bincount`` counts the buffer. The global
  ranges are those of the first block, widened as later blocks show wider
  values; widening changes the row stride, so the blocks already indexed are
  redone -- once at most: the first widening computes the full ranges with one
  min/max pass, so adversarial inputs (sorted labels) cost one extra pass, not
  one per block.

The ranges are Python integers (no int64 overflow; a table over the budget is
refused before it is allocated), and cell indices are computed in int64, which
is exact modulo 2**64: every index lies in ``[0, cells)``, so an intermediate
that wraps still gives the right index.
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
    """Cell index ``(t - true_low) * n_columns + (p - pred_low)`` in int64.

    Computed as ``t * n_columns + p - offset``: two passes over the block, a
    third only when the offset is not 0 (exact modulo 2**64, see above).
    """
    index = np.multiply(true_block, np.int64(n_columns), dtype=np.int64, out=out)
    index += pred_block
    # Python integers: the offset itself may lie beyond int64.
    offset = (true_low * n_columns + pred_low + 2**63) % 2**64 - 2**63
    if offset:
        index -= np.int64(offset)
    return index


def dense_pair_table(y_true, y_pred, weights=None, *, max_cells):
    """Count integer label pairs into a dense table over their value ranges.

    Parameters
    ----------
    y_true, y_pred : ndarray of shape (n_samples,)
        Integer (or boolean) labels, ``n_samples >= 1``; uint64 values must
        fit in int64.
    weights : ndarray of shape (n_samples,), default=None
        Float weights of the samples; None counts samples.
    max_cells : int
        Largest table allowed; a wider value range returns None (the caller
        then factorises the labels instead).

    Returns
    -------
    result : tuple or None
        ``(table, present, true_low, pred_low)``: ``table[i, j]`` is the count
        (or weight) of the pairs ``(true_low + i, pred_low + j)``; ``present``
        is the same table of sample counts (``table`` itself when unweighted),
        so a zero-weight sample still names its labels. None when the table
        would exceed ``max_cells``.

    Examples
    --------
    >>> import numpy as np
    >>> table, present, true_low, pred_low = dense_pair_table(
    ...     np.array([1, 1, 2]), np.array([-1, 2, 2]), max_cells=100
    ... )
    >>> table
    array([[1, 0, 0, 1],
           [0, 0, 0, 1]])
    >>> int(true_low), int(pred_low)
    (1, -1)
    """
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
