"""Confusion counts of Dask collections, chunk by chunk (SPEC §12).

Every chunk of labels is counted where it lives (per-chunk integer codes ->
per-chunk ``np.bincount``, the same code as for in-memory arrays), and the
small per-chunk matrices are summed in a tree, aligning their rows on the
union of the labels each chunk found. Nothing larger than one chunk and a few
matrices is held by any worker, and the computation runs on whatever
scheduler is active (threads, processes or a ``dask.distributed`` cluster).
"""

import numpy as np
import pandas as pd

from .accumulator import merge_counts
from .collections import import_dask, is_dask_collection
from .labels import confusion_matrix_and_labels

# Per-chunk results merged by one task of the reduction tree.
_FAN_IN = 8


def _chunk_counts(y_true, y_pred, sample_weight, labels, reject_label):
    """(labels, matrix) of one chunk, or None for an empty chunk."""
    if len(y_true) == 0 and len(y_pred) == 0:
        return None
    matrix, classes = confusion_matrix_and_labels(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
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
    if getattr(collection, "ndim", 1) != 1:
        raise ValueError(
            f"{name} must be 1-d, one label per sample; got a Dask collection of "
            f"shape {collection.shape}. For a column vector pass {name}.ravel()."
        )


def _is_dask_series(value):
    return (
        is_dask_collection(value)
        and hasattr(value, "npartitions")
        and (getattr(value, "ndim", None) == 1)
    )


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
    """A 1-d Dask array of ``value`` (a Dask or in-memory collection)."""
    import dask.array as da

    if is_dask_collection(value):
        if hasattr(value, "to_dask_array"):
            # Dask dataframe column: partition lengths are needed to align it.
            value = series_to_dask_array(value)
        _check_1d(value, name)
        return value
    array = value.to_numpy() if isinstance(value, (pd.Series, pd.Index)) else value
    array = np.asarray(array)
    _check_1d(array, name)
    return da.from_array(array, chunks=chunks if chunks is not None else "auto")


def _aligned_chunks(y_true, y_pred, sample_weight):
    """Lists of per-chunk delayed pieces of the three inputs, aligned."""
    inputs = {"y_true": y_true, "y_pred": y_pred}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    dask_values = [value for value in inputs.values() if is_dask_collection(value)]
    if all(_is_dask_series(value) for value in inputs.values()) and (
        len({value.npartitions for value in dask_values}) == 1
    ):
        # Columns of one dataframe (or equally partitioned ones): partition i
        # of each holds the same samples. Lengths are checked per chunk.
        pieces = [value.to_delayed() for value in inputs.values()]
    else:
        reference = next(iter(dask_values))
        reference = _as_dask_array(reference, "y_true")
        arrays = {
            name: _as_dask_array(value, name, chunks=reference.chunks)
            for name, value in inputs.items()
        }
        lengths = {name: array.shape[0] for name, array in arrays.items()}
        known = {name: n for name, n in lengths.items() if not np.isnan(n)}
        if len(set(known.values())) > 1:
            raise ValueError(
                "y_true, y_pred (and sample_weight) have different lengths "
                f"({', '.join(f'{k}: {v}' for k, v in known.items())}); they need "
                "one entry per sample each."
            )
        target = arrays["y_true"].chunks
        if not any(np.isnan(size) for size in target[0]):
            arrays = {
                name: array if array.chunks == target else array.rechunk(target)
                for name, array in arrays.items()
            }
        numblocks = {array.numblocks for array in arrays.values()}
        if len(numblocks) != 1:
            raise ValueError(
                "The Dask inputs have unknown chunk sizes that do not line up; call "
                ".compute_chunk_sizes() on them first."
            )
        pieces = [list(array.to_delayed().ravel()) for array in arrays.values()]
    if sample_weight is None:
        pieces.append([None] * len(pieces[0]))
    return list(zip(*pieces, strict=True))


def dask_counts_graph(y_true, y_pred, *, labels, reject_label, sample_weight):
    """A Dask ``Delayed`` whose value is ``(labels, matrix)`` (or None if empty)."""
    dask = import_dask()
    has_reject = reject_label is not None
    count = dask.delayed(_chunk_counts, pure=True)
    parts = [
        count(chunk_true, chunk_pred, chunk_weight, labels, reject_label)
        for chunk_true, chunk_pred, chunk_weight in _aligned_chunks(
            y_true, y_pred, sample_weight
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
    y_true, y_pred, *, labels=None, reject_label=-1, sample_weight=None
):
    """``confusion_matrix_and_labels`` for Dask collections (computed now)."""
    dask = import_dask()
    if labels is not None:
        labels = np.asarray(labels)
    graph = dask_counts_graph(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    (result,) = dask.compute(graph)
    if result is None:
        raise ValueError(
            "y_true and y_pred are empty; at least one sample is needed to build a "
            "confusion matrix."
        )
    classes, matrix = result
    if labels is not None:
        # Fixed labels: every chunk used them, so the rows already follow them.
        classes = labels
    return matrix, np.asarray(classes)
