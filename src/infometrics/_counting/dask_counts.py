"""Confusion counts of Dask collections: chunks counted in memory, summed in a tree."""

import functools
import operator

import numpy as np
import pandas as pd

from .collections import import_dask, is_dask_collection
from .counts import ConfusionCounts
from .label_checks import check_labels_array, raise_zero_weights

# Per-chunk results merged by one task of the reduction tree.
_FAN_IN = 8


class _MisalignedChunksError(ValueError):
    pass


def _chunk_counts(count, y_true, y_pred, sample_weight, labels, reject_label):
    lengths = {len(y_true), len(y_pred)}
    if sample_weight is not None:
        lengths.add(len(sample_weight))
    if len(lengths) > 1:
        raise _MisalignedChunksError(
            f"Chunks of different lengths ({sorted(lengths)}) were paired."
        )
    if len(y_true) == 0:
        return None
    matrix, classes = count(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        part_of_a_total=True,
    )
    return ConfusionCounts(matrix, classes, reject_label)


def _merge_parts(add, *parts):
    parts = [part for part in parts if part is not None]
    return functools.reduce(add, parts) if parts else None


def tree_sum(parts, add):
    """A Dask ``Delayed`` of the sum of ``parts`` by ``add``."""
    merge = import_dask().delayed(_merge_parts, pure=True)
    while len(parts) > 1:
        parts = [
            merge(add, *parts[start : start + _FAN_IN])
            for start in range(0, len(parts), _FAN_IN)
        ]
    return parts[0] if parts else import_dask().delayed(None)


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
    return is_dask_collection(value) and hasattr(value, "to_dask_array")


def _object_values(partition):
    return pd.Series(partition.to_numpy(dtype=object), index=partition.index)


def _has_unknown_chunks(value):
    chunks = getattr(value, "chunks", None)
    return chunks is not None and any(np.isnan(size) for size in chunks[0])


def as_dask_array(value, name, chunks=None):
    """A Dask array with known chunk sizes, 1-d unless ``name`` is ``"y_score"``."""
    import dask.array as da

    if is_dask_collection(value):
        if name != "y_score":
            _check_1d(value, name)
        if _is_dask_series(value) and not isinstance(value.dtype, np.dtype):
            # Extension dtypes have no NumPy equivalent: partitions as objects.
            value = value.map_partitions(_object_values, meta=(value.name, object))
        if _is_dask_series(value):
            value = value.to_dask_array(lengths=True)
        return (
            value.copy().compute_chunk_sizes() if _has_unknown_chunks(value) else value
        )
    array = (
        check_labels_array(value, name)
        if name in ("y_true", "y_pred")
        else np.asarray(value)
    )
    if name != "y_score":
        _check_1d(array, name)
    return da.from_array(array, chunks=chunks if chunks is not None else "auto")


def _delayed_chunks(value):
    if _is_dask_series(value):
        return list(value.to_delayed())
    return list(value.to_delayed().ravel())


def _zipped_chunks(inputs):
    """Per-chunk pieces paired by position (equal chunks or partitions), or None."""
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


def _length_aligned_chunks(inputs):
    """Per-chunk pieces of the inputs rechunked to ``y_true``'s known chunks."""
    dask_values = [value for value in inputs.values() if is_dask_collection(value)]
    reference = as_dask_array(dask_values[0], "y_true")
    arrays = {
        name: as_dask_array(value, name, chunks=reference.chunks)
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
    return [
        _delayed_chunks(array if array.chunks == target else array.rechunk(target))
        for array in arrays.values()
    ]


def _counts(pieces, count, labels, reject_label):
    """The summed ConfusionCounts of per-chunk pieces, None if there is no sample."""
    if len(pieces) == 2:
        pieces.append([None] * len(pieces[0]))
    count_chunk = import_dask().delayed(_chunk_counts, pure=True)
    parts = [
        count_chunk(count, chunk_true, chunk_pred, chunk_weight, labels, reject_label)
        for chunk_true, chunk_pred, chunk_weight in zip(*pieces, strict=True)
    ]
    return import_dask().compute(tree_sum(parts, operator.add))[0]


def dask_confusion_matrix_and_labels(
    y_true,
    y_pred,
    *,
    count,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """``confusion_matrix_and_labels`` of Dask collections, ``count`` per chunk."""
    if labels is not None:
        labels = np.asarray(labels)
    inputs = {"y_true": y_true, "y_pred": y_pred}
    if sample_weight is not None:
        inputs["sample_weight"] = sample_weight
    options = (count, labels, reject_label)
    try:
        pieces = _zipped_chunks(inputs) or _length_aligned_chunks(inputs)
        result = _counts(pieces, *options)
    except _MisalignedChunksError:
        result = _counts(_length_aligned_chunks(inputs), *options)
    if result is None:
        return count(
            np.array([]),
            np.array([]),
            labels=labels,
            reject_label=reject_label,
            part_of_a_total=part_of_a_total,
        )
    matrix = result.confusion_matrix
    if sample_weight is not None and not part_of_a_total and not matrix.any():
        raise_zero_weights()
    return matrix, result.labels if labels is None else labels
