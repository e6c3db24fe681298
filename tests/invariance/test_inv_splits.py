"""Invariant 5: any split of the data gives one call's result, or a clear error.

The parts go through the accumulator (``update`` batch by batch, ``merge``,
``+``, ``sum``) and through Dask (chunks, partitions); the reference is a
loop over every sample with Python's exact comparison of labels, so labels
above 2**53 or 2**63 mixed with other dtypes stay distinct.
"""

import re

import numpy as np
import pandas as pd
import pytest

import infometrics as im

from .cases import make_case, with_labels
from .checks import battery_params

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")


@pytest.fixture(autouse=True)
def _synchronous_scheduler():
    with dask.config.set(scheduler="synchronous"):
        yield


def reference(parts, reject_label):
    """Sorted labels and the augmented matrix, by a loop over samples."""
    labels = set()
    for y_true, y_pred, _ in parts:
        labels.update(np.asarray(y_true, dtype=object).tolist())
        labels.update(
            p for p in np.asarray(y_pred, dtype=object).tolist() if p != reject_label
        )
    labels = sorted(labels)
    index = {label: i for i, label in enumerate(labels)}
    matrix = np.zeros((len(labels), len(labels) + 1))
    for y_true, y_pred, weights in parts:
        weights = np.ones(len(y_true)) if weights is None else weights
        for t, p, w in zip(
            np.asarray(y_true, dtype=object).tolist(),
            np.asarray(y_pred, dtype=object).tolist(),
            weights,
            strict=True,
        ):
            column = len(labels) if p == reject_label else index[p]
            matrix[index[t], column] += w
    return labels, matrix


def _case_parts(kind, zero_weight_part=False):
    """The canonical case sorted by true class, cut in three parts.

    Sorted, so the parts see different label sets; with ``zero_weight_part``
    the middle part weighs nothing (its labels still count).
    """
    case = with_labels(make_case(seed=2), kind)
    order = np.argsort(case.codes_true, kind="stable")
    y_true = _take(case.y_true, order)
    y_pred = _take(case.y_pred, order)
    weights = case.sample_weight[order].copy()
    cuts = [slice(0, 10), slice(10, 30), slice(30, None)]
    if zero_weight_part:
        weights[cuts[1]] = 0
    parts = [(_take(y_true, c), _take(y_pred, c), weights[c]) for c in cuts]
    return parts, case.reject_label


def _take(values, index):
    return values[index]


def _mixed_above_2_53():
    # int64 labels that float64 cannot tell apart, then a float batch.
    big = 2**53
    ints = np.array([big, big + 1, big + 1, big + 2, big])
    ints_pred = np.array([big, big + 1, big, -1, big + 2])
    floats = np.array([0.0, 1.0, 1.0, 0.0])
    floats_pred = np.array([0.0, 1.0, -1.0, 1.0])
    return [(ints, ints_pred, None), (floats, floats_pred, None)], -1


def _mixed_above_2_63():
    big = 2**63
    uints = np.array([big + 1, big + 3, big + 3], dtype=np.uint64)
    uints_pred = np.array([big + 1, big + 1, big + 3], dtype=np.uint64)
    ints = np.array([-5, 7, 7, -5])
    ints_pred = np.array([-5, -1, 7, 7])
    return [(uints, uints_pred, None), (ints, ints_pred, None)], -1


SCENARIOS = {
    "label sets differ (int)": lambda: _case_parts("int64"),
    "label sets differ (str)": lambda: _case_parts("str"),
    "labels above 2**53 and floats": _mixed_above_2_53,
    "labels above 2**63 and int64": _mixed_above_2_63,
    "zero-weight part (int)": lambda: _case_parts("int64", zero_weight_part=True),
    "zero-weight part (str)": lambda: _case_parts("str", zero_weight_part=True),
    "zero-weight part (categorical)": lambda: _case_parts(
        "categorical", zero_weight_part=True
    ),
    "zero-weight part (string[pyarrow])": lambda: _case_parts(
        "string[pyarrow]", zero_weight_part=True
    ),
}


def _accumulator(part, reject_label):
    y_true, y_pred, weights = part
    return im.ConfusionAccumulator(reject_label=reject_label).update(
        y_true, y_pred, sample_weight=weights
    )


def _split_update(parts, reject_label):
    acc = im.ConfusionAccumulator(reject_label=reject_label)
    for y_true, y_pred, weights in parts:
        acc.update(y_true, y_pred, sample_weight=weights)
    return acc


def _split_merge(parts, reject_label):
    accumulators = [_accumulator(p, reject_label) for p in parts]
    merged = accumulators[0]
    for other in accumulators[1:]:
        merged = merged.merge(other)
    return merged


def _split_plus(parts, reject_label):
    accumulators = [_accumulator(p, reject_label) for p in parts]
    total = accumulators[0]
    for other in accumulators[1:]:
        total = total + other
    return total


def _split_sum(parts, reject_label):
    return sum(_accumulator(p, reject_label) for p in parts)


CLEAR_REFUSALS = ("type", "0 for every sample")
METHODS = {
    "update": _split_update,
    "merge": _split_merge,
    "+": _split_plus,
    "sum": _split_sum,
}


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("5-split", list(SCENARIOS), list(METHODS))
)
def test_accumulator_splits_give_one_calls_matrix(name, variant):
    parts, reject_label = SCENARIOS[name]()
    labels, matrix = reference(parts, reject_label)
    try:
        acc = METHODS[variant](parts, reject_label)
    except ValueError as error:
        refusal = str(error)
    else:
        refusal = None
    if refusal is not None:
        # A clear refusal is allowed where the parts cannot be combined (label
        # types that do not mix) or a part cannot be counted on its own (a
        # batch that weighs nothing, refused alike for every label kind).
        assert any(reason in refusal for reason in CLEAR_REFUSALS), refusal
        return
    assert acc.labels.tolist() == labels
    np.testing.assert_allclose(acc.confusion_matrix, matrix, rtol=1e-12)


def _as_series(values):
    if isinstance(values, pd.Categorical) or (
        hasattr(values, "dtype") and str(values.dtype) in ("category", "string")
    ):
        return pd.Series(values)
    return pd.Series(np.asarray(values))


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "5-split",
        [n for n in SCENARIOS if "above" not in n],
        ["dask partitions"],
    ),
)
def test_dask_partitions_give_one_calls_matrix(name, variant):
    parts, reject_label = SCENARIOS[name]()
    _, matrix = reference(parts, reject_label)
    frames = [
        pd.DataFrame({"y": _as_series(t), "p": _as_series(p), "w": w})
        for t, p, w in parts
    ]
    lazy = dd.from_delayed(
        [dask.delayed(frame) for frame in frames],
        meta=frames[0].iloc[:0],
        verify_meta=False,
    )
    result = im.augmented_confusion_matrix(
        lazy["y"], lazy["p"], reject_label=reject_label, sample_weight=lazy["w"]
    )
    np.testing.assert_allclose(result, matrix, rtol=1e-12)


def _numpy_case():
    case = make_case(seed=2)
    return case.y_true, case.y_pred, case.sample_weight


def _unknown_chunks(values):
    lazy = da.from_array(values, chunks=10)
    return lazy[lazy > np.iinfo(np.int64).min]  # chunk sizes now unknown (nan)


def _unknown_true_numpy_pred():
    y_true, y_pred, _ = _numpy_case()
    return _unknown_chunks(y_true), y_pred, None


def _unknown_true_and_pred():
    y_true, y_pred, _ = _numpy_case()
    return _unknown_chunks(y_true), _unknown_chunks(y_pred), None


def _different_partitions():
    y_true, y_pred, weights = _numpy_case()
    return (
        dd.from_pandas(pd.Series(y_true), npartitions=3),
        dd.from_pandas(pd.Series(y_pred), npartitions=2),
        dd.from_pandas(pd.Series(weights), npartitions=4),
    )


def _different_chunks():
    y_true, y_pred, weights = _numpy_case()
    return (
        da.from_array(y_true, chunks=7),
        da.from_array(y_pred, chunks=13),
        da.from_array(weights, chunks=(40, 8)),
    )


LAYOUTS = {
    "unknown chunk sizes, numpy y_pred": _unknown_true_numpy_pred,
    "unknown chunk sizes, both": _unknown_true_and_pred,
    "differently partitioned series": _different_partitions,
    "differently chunked arrays": _different_chunks,
}


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("5-split", ["augmented_confusion_matrix[dask]"], list(LAYOUTS)),
)
def test_dask_layouts_give_one_calls_matrix(name, variant):
    y_true, y_pred, weights = _numpy_case()
    lazy_true, lazy_pred, lazy_weights = LAYOUTS[variant]()
    expected = im.augmented_confusion_matrix(
        y_true, y_pred, sample_weight=None if lazy_weights is None else weights
    )
    result = im.augmented_confusion_matrix(
        lazy_true, lazy_pred, sample_weight=lazy_weights
    )
    np.testing.assert_allclose(result, expected, rtol=1e-12)


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params(
        "5-split",
        ["augmented_confusion_matrix[dask]", "ConfusionAccumulator[dask]"],
        ["all weights zero"],
    ),
)
def test_all_zero_weights_are_refused_as_in_numpy(name, variant):
    y_true, y_pred, weights = _numpy_case()
    zeros = np.zeros_like(weights)
    with pytest.raises(ValueError, match="0 for every sample") as numpy_error:
        im.augmented_confusion_matrix(y_true, y_pred, sample_weight=zeros)
    lazy = [da.from_array(v, chunks=16) for v in (y_true, y_pred, zeros)]
    if name == "ConfusionAccumulator[dask]":
        # An accumulator's update is one part of a total, and invariant 5
        # demands that all-zero-weight parts be accepted (they count
        # nothing). So "as in numpy" means as the in-memory accumulator: the
        # Dask update gives its matrix and labels, and neither raises.
        in_memory = im.ConfusionAccumulator()
        in_memory.update(y_true, y_pred, sample_weight=zeros)
        lazy_acc = im.ConfusionAccumulator()
        lazy_acc.update(lazy[0], lazy[1], sample_weight=lazy[2])
        np.testing.assert_array_equal(
            lazy_acc.confusion_matrix, in_memory.confusion_matrix
        )
        np.testing.assert_array_equal(lazy_acc.labels, in_memory.labels)
        return
    with pytest.raises(ValueError, match=re.escape(str(numpy_error.value))):
        im.augmented_confusion_matrix(lazy[0], lazy[1], sample_weight=lazy[2])


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("5-split", ["ConfusionAccumulator"], ["empty batch with weights"]),
)
def test_an_empty_batch_with_weights_is_refused(name, variant):
    acc = im.ConfusionAccumulator()
    # The refusal names the shape the weights must have ("sample_weight must
    # have shape (0,) ... got shape (1,)"): as clear as a length message.
    with pytest.raises(ValueError, match=r"length|empty|shape \(0,\)"):
        acc.update(np.array([], int), np.array([], int), sample_weight=[1.0])
    # Empty weights with an empty batch count nothing: streams of empty
    # partitions rely on it.
    acc.update(np.array([], int), np.array([], int), sample_weight=[])
    assert acc.confusion_matrix.sum() == 0


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("5-split", ["reject_curve[dask]"], ["thresholds=2", "thresholds=5"]),
)
def test_dask_quantile_thresholds_keep_the_point_that_rejects_nothing(name, variant):
    k = int(variant.split("=")[1])
    rng = np.random.default_rng(0)
    y_score = rng.dirichlet([1, 1, 1], 300)
    y_true = rng.integers(0, 3, 300)
    expected = im.curves.reject_curve(y_true, y_score, thresholds=k, measures="ni2")
    assert expected.reject_rate[0] == 0
    curve = im.curves.reject_curve(
        da.from_array(y_true, chunks=50),
        da.from_array(y_score, chunks=(50, 3)),
        thresholds=k,
        measures="ni2",
    )
    # Approximate quantiles may move the inner thresholds, not the ends.
    assert curve.reject_rate[0] == 0
    assert curve.reject_rate[-1] == 1
