"""Confusion counts of Dask collections, chunk by chunk.

Every chunk of labels is counted where it lives (per-chunk integer codes ->
per-chunk ``np.bincount``, the same code as for in-memory arrays), and the
small per-chunk matrices are summed in a tree, aligning their rows on the
union of the labels each chunk found. Nothing larger than one chunk and a few
matrices is held by any worker, and the computation runs on whatever
scheduler is active (threads, processes or a ``dask.distributed`` cluster).
"""

import numpy as np
import pandas as pd

from .collections import import_dask, is_dask_collection
from .count import confusion_matrix_and_labels
from .label_checks import check_labels_array
from .merging import merge_counts

# Per-chunk results merged by one task of the reduction tree.
_FAN_IN = 8


class _MisalignedChunksError(ValueError):
    """Chunks zipped by position hold different numbers of samples.

    Raised inside the graph when the inputs were paired chunk by chunk without
    known chunk sizes; the caller then aligns them by their lengths. Equal
    totals split differently are not an error.
    """


def _chunk_counts(y_true, y_pred, sample_weight, labels, reject_label):
    """(labels, matrix) of one chunk, or None for an empty chunk."""
    lengths = {len(y_true), len(y_pred)}
    if sample_weight is not None:
        lengths.add(len(sample_weight))
    if len(lengths) > 1:
        raise _MisalignedChunksError(
            f"Chunks of different lengths ({sorted(lengths)}) were paired."
        )
    if len(y_true) == 0:
        return None
    matrix, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        part_of_a_total=True,
    )
    return classes, matrix


def _merge_parts(has_reject, *parts):
    merged = None
    for part in parts:
        if part is None:
            continue
        if merged is None:
            merged = part
            continue
        merged = merge_counts(*merged, *part, has_reject=has_reject)
    return merged


def _check_1d(collection, name):
    if getattr(collection, "ndim", 1) == 2 and hasattr(collection, "columns"):
        raise ValueError(
            f"{name} must be 1-d, one label per sample; got a Dask DataFrame. Pass "
            "the column that holds the labels, frame[column]."
        )
    if getattr(collection, "ndim", 1) != 1:
        raise ValueError(
            f"{name} must be 1-d, one label per sample; got a Dask collection of "
            f"shape {collection.shape}. For a column vector pass {name}.ravel()."
        )


def _is_dask_series(value):
    """A Dask dataframe column (arrays have no ``to_dask_array``)."""
    return is_dask_collection(value) and hasattr(value, "to_dask_array")


def _object_values(partition):
    return pd.Series(partition.to_numpy(dtype=object), index=partition.index)


def series_to_dask_array(series):
    """A 1-d Dask array of a Dask dataframe column, with known chunk sizes."""
    dtype = series.dtype
    if not isinstance(dtype, np.dtype):
        # Extension dtypes (categorical, pyarrow strings) have no numpy
        # equivalent: their partitions become object arrays.
        series = series.map_partitions(_object_values, meta=(series.name, object))
    return series.to_dask_array(lengths=True)


def _as_dask_array(value, name, chunks=None):
    """A 1-d Dask array of ``value`` (a Dask or in-memory collection).

    Dask inputs get known chunk sizes (computed if needed, on a copy: the
    caller's array is left as it was).
    """
    import dask.array as da

    if is_dask_collection(value):
        _check_1d(value, name)
        if hasattr(value, "to_dask_array"):
            # Dask dataframe column: partition lengths are needed to align it.
            value = series_to_dask_array(value)
        _check_1d(value, name)
        if any(np.isnan(size) for size in value.chunks[0]):
            value = value.copy().compute_chunk_sizes()
        return value
    if name == "sample_weight":
        array = np.asarray(value)
    else:
        # As in memory: a nullable column with missing values becomes objects
        # (pd.NA), never floats that round integers beyond 2**53.
        array = check_labels_array(value, name)
    _check_1d(array, name)
    return da.from_array(array, chunks=chunks if chunks is not None else "auto")


def _has_unknown_chunks(value):
    chunks = getattr(value, "chunks", None)
    return chunks is not None and any(np.isnan(size) for size in chunks[0])


def _zipped_chunks(inputs):
    """Per-chunk pieces paired by position, or None if they cannot line up.

    Arrays with the same known chunks are paired. So are inputs with the same
    number of chunks whose sizes are not all known (columns of one dataframe,
    arrays cut by one boolean mask): they usually hold the same samples in
    chunk ``i``. Each chunk checks that its pieces have one length, and a
    mismatch sends the caller to :func:`_length_aligned_chunks`.
    """
    values = list(inputs.values())
    if not all(is_dask_collection(value) for value in values):
        return None
    for name, value in inputs.items():
        _check_1d(value, name)
    known = [
        value.chunks
        for value in values
        if not _is_dask_series(value) and not _has_unknown_chunks(value)
    ]
    if len(known) == len(values):
        if len(set(known)) > 1:
            return None
    elif len({value.npartitions for value in values}) > 1:
        return None
    return [_delayed_chunks(value) for value in values]


def _delayed_chunks(value):
    if _is_dask_series(value):
        return list(value.to_delayed())
    return list(value.to_delayed().ravel())


def _length_aligned_chunks(inputs):
    """Per-chunk pieces of the inputs rechunked to ``y_true``'s known chunks."""
    dask_values = [value for value in inputs.values() if is_dask_collection(value)]
    reference = _as_dask_array(dask_values[0], "y_true")
    arrays = {
        name: _as_dask_array(value, name, chunks=reference.chunks)
        for name, value in inputs.items()
    }
    lengths = {name: array.shape[0] for name, array in arrays.items()}
    if len(set(lengths.values())) > 1:
        raise ValueError(
            "y_true, y_pred (and sample_weight) have different lengths "
            f"({', '.join(f'{k}: {v}' for k, v in lengths.items())}); they need "
            "one entry per sample each."
        )
    target = arrays["y_true"].chunks
    arrays = {
        name: array if array.chunks == target else array.rechunk(target)
        for name, array in arrays.items()
    }
    return [_delayed_chunks(array) for array in arrays.values()]


def _aligned_chunks(y_true, y_pred, sample_weight, *, by_length=False):
    """Lists of per-chunk delayed pieces of the three inputs, aligned.

    Pieces are paired by position when that is cheap and likely right, else
    (or with ``by_length=True``) by the inputs' lengths.
    """
    inputs = {"y_true": y_true, "y_pred": y_pred}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    pieces = None if by_length else _zipped_chunks(inputs)
    if pieces is None:
        pieces = _length_aligned_chunks(inputs)
    if sample_weight is None:
        pieces.append([None] * len(pieces[0]))
    return list(zip(*pieces, strict=True))


def dask_counts_graph(
    y_true, y_pred, *, labels, reject_label, sample_weight, by_length=False
):
    """A Dask ``Delayed`` whose value is ``(labels, matrix)`` (or None if empty).

    Chunks paired by position raise :class:`_MisalignedChunksError` when they
    turn out to hold different numbers of samples; ``by_length=True`` pairs
    them by known lengths instead.
    """
    dask = import_dask()
    has_reject = reject_label is not None
    count = dask.delayed(_chunk_counts, pure=True)
    parts = [
        count(chunk_true, chunk_pred, chunk_weight, labels, reject_label)
        for chunk_true, chunk_pred, chunk_weight in _aligned_chunks(
            y_true, y_pred, sample_weight, by_length=by_length
        )
    ]
    merge = dask.delayed(_merge_parts, pure=True)
    while len(parts) > 1:
        parts = [
            merge(has_reject, *parts[start : start + _FAN_IN])
            for start in range(0, len(parts), _FAN_IN)
        ]
    if not parts:
        return dask.delayed(None)
    return merge(has_reject, parts[0])


def dask_confusion_matrix_and_labels(
    y_true,
    y_pred,
    *,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """``confusion_matrix_and_labels`` for Dask collections (computed now)."""
    dask = import_dask()
    if labels is not None:
        labels = np.asarray(labels)
    options = {
        "labels": labels,
        "reject_label": reject_label,
        "sample_weight": sample_weight,
    }
    try:
        (result,) = dask.compute(dask_counts_graph(y_true, y_pred, **options))
    except _MisalignedChunksError:
        # Equal totals may be split differently: align by the lengths.
        graph = dask_counts_graph(y_true, y_pred, by_length=True, **options)
        (result,) = dask.compute(graph)
    if result is None and part_of_a_total:
        # An empty batch of an accumulator counts nothing (as in memory).
        classes = labels if labels is not None else np.array([], dtype=np.int64)
        n_columns = len(classes) + (reject_label is not None)
        return np.zeros((len(classes), n_columns), dtype=np.int64), classes
    if result is None:
        raise ValueError(
            "y_true and y_pred are empty; at least one sample is needed to build a "
            "confusion matrix."
        )
    classes, matrix = result
    if sample_weight is not None and not part_of_a_total and not matrix.any():
        # Non-negative weights sum to 0 only if every one is 0.
        raise ValueError(
            "sample_weight is 0 for every sample, so there is nothing to count; "
            "give at least one sample a positive weight."
        )
    if labels is not None:
        # Fixed labels: every chunk used them, so the rows already follow them.
        classes = labels
    return matrix, np.asarray(classes)
