"""Dask collections give exactly what the same labels in memory give."""

import sys

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics import ConfusionAccumulator

da = pytest.importorskip("dask.array")
dd = pytest.importorskip("dask.dataframe")
dask = pytest.importorskip("dask")


@pytest.fixture(autouse=True)
def _synchronous_scheduler():
    # The single-threaded scheduler keeps these small tests fast; the
    # distributed test below sets its own client.
    with dask.config.set(scheduler="synchronous"):
        yield


def _labels(kind, n=300, seed=0):
    rng = np.random.default_rng(seed)
    # Sorted by true class: the first chunks lack the later classes.
    y_true = np.sort(rng.integers(0, 4, n))
    y_pred = np.where(rng.random(n) < 0.7, y_true, rng.integers(-1, 4, n))
    reject = -1
    if kind in ("str", "categorical"):
        names = np.array(["ant", "bee", "cat", "dog", "?"])
        y_true, y_pred, reject = names[y_true], names[y_pred], "?"
    weights = rng.random(n) * 3
    weights[::7] = 0
    return y_true, y_pred, weights, reject


CHUNKINGS = [300, 64, (1, 50, 249)]


def _as_dask(kind, y_true, y_pred, weights, chunks):
    if kind == "categorical":
        frame = pd.DataFrame(
            {
                "y": pd.Categorical(y_true),
                "p": pd.Categorical(y_pred),
                "w": weights,
            }
        )
        npartitions = 5 if chunks == 64 else 1 if chunks == 300 else 3
        ddf = dd.from_pandas(frame, npartitions=npartitions, sort=False)
        return ddf["y"], ddf["p"], ddf["w"]
    return (
        da.from_array(y_true, chunks=chunks),
        da.from_array(y_pred, chunks=chunks),
        da.from_array(weights, chunks=chunks),
    )


LABEL_FUNCTIONS = {
    "ni_score": lambda t, p, **kw: im.ni_score(t, p, measure="ni5", **kw),
    "all_measures_score": lambda t, p, **kw: im.all_measures_score(
        t, p, replace_undefined_by=np.nan, **kw
    ),
    "information_coverage_score": lambda t, p, **kw: (
        im.information_coverage_score(t, p, **kw).completeness
    ),
    "entropy_triangle_score": lambda t, p, **kw: (
        im.entropy_triangle_score(t, p, **kw).mutual_info
    ),
    "conventional_measures_score": im.conventional_measures_score,
    "information_report": lambda t, p, **kw: im.report.information_report(
        y_true=t, y_pred=p, **kw
    )["value"].to_numpy(),
    "per_class_report": lambda t, p, **kw: im.report.per_class_report(
        y_true=t, y_pred=p, **kw
    ).to_numpy(dtype=float),
}


def _assert_same(left, right):
    if isinstance(left, dict):
        assert left.keys() == right.keys()
        for key in left:
            np.testing.assert_allclose(left[key], right[key], rtol=1e-12)
        return
    np.testing.assert_allclose(left, right, rtol=1e-12)


@pytest.mark.parametrize("kind", ["int", "str", "categorical"])
@pytest.mark.parametrize("chunks", CHUNKINGS)
@pytest.mark.parametrize("weighted", [False, True])
def test_augmented_confusion_matrix_on_dask_equals_numpy(kind, chunks, weighted):
    y_true, y_pred, weights, reject = _labels(kind)
    lazy_true, lazy_pred, lazy_weights = _as_dask(kind, y_true, y_pred, weights, chunks)
    options = {"reject_label": reject}
    expected = im.augmented_confusion_matrix(
        y_true, y_pred, sample_weight=weights if weighted else None, **options
    )
    result = im.augmented_confusion_matrix(
        lazy_true,
        lazy_pred,
        sample_weight=lazy_weights if weighted else None,
        **options,
    )
    assert result.dtype == expected.dtype
    if weighted:
        # Float sums per chunk, then summed: equal up to rounding.
        np.testing.assert_allclose(result, expected, rtol=1e-12)
    else:
        np.testing.assert_array_equal(result, expected)
    # Fixed labels (one of them absent from the data).
    labels = ["ant", "bee", "cat", "dog", "eel"] if kind != "int" else [0, 1, 2, 3, 4]
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(lazy_true, lazy_pred, labels=labels, **options),
        im.augmented_confusion_matrix(y_true, y_pred, labels=labels, **options),
    )


@pytest.mark.parametrize("name", sorted(LABEL_FUNCTIONS))
@pytest.mark.parametrize("kind", ["int", "str", "categorical"])
def test_every_label_level_function_takes_dask(name, kind):
    function = LABEL_FUNCTIONS[name]
    y_true, y_pred, weights, reject = _labels(kind)
    for chunks in (64, (1, 50, 249)):
        lazy_true, lazy_pred, lazy_weights = _as_dask(
            kind, y_true, y_pred, weights, chunks
        )
        _assert_same(
            function(lazy_true, lazy_pred, reject_label=reject),
            function(y_true, y_pred, reject_label=reject),
        )
        _assert_same(
            function(
                lazy_true, lazy_pred, reject_label=reject, sample_weight=lazy_weights
            ),
            function(y_true, y_pred, reject_label=reject, sample_weight=weights),
        )


def test_compare_and_accumulator_take_dask():
    y_true, y_pred, _, _ = _labels("int")
    lazy_true = da.from_array(y_true, chunks=70)
    lazy_pred = da.from_array(y_pred, chunks=70)
    expected = im.report.compare({"a": (y_true, y_pred), "b": (y_true, y_true)})
    result = im.report.compare(
        {"a": (lazy_true, lazy_pred), "b": (lazy_true, lazy_true)}
    )
    pd.testing.assert_frame_equal(result, expected)
    accumulator = im.ConfusionAccumulator()
    accumulator.update(lazy_true[:100], lazy_pred[:100])
    accumulator.update(y_true[100:], y_pred[100:])
    np.testing.assert_array_equal(
        accumulator.confusion_matrix, im.augmented_confusion_matrix(y_true, y_pred)
    )


def test_mixed_dask_and_memory_inputs_and_unknown_chunk_sizes():
    y_true, y_pred, weights, _ = _labels("int")
    expected = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    lazy_true = da.from_array(y_true, chunks=64)
    np.testing.assert_allclose(
        im.augmented_confusion_matrix(lazy_true, y_pred, sample_weight=weights),
        expected,
    )
    # Boolean indexing leaves chunk sizes unknown; the chunks still line up.
    keep = da.from_array(np.arange(300) % 3 != 0, chunks=64)
    lazy_pred = da.from_array(y_pred, chunks=64)
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(lazy_true[keep], lazy_pred[keep]),
        im.augmented_confusion_matrix(
            y_true[np.arange(300) % 3 != 0], y_pred[np.arange(300) % 3 != 0]
        ),
    )
    # A dataframe column with a dask array of other chunks.
    frame = dd.from_pandas(pd.DataFrame({"y": y_true}), npartitions=4)
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(frame["y"], da.from_array(y_pred, chunks=50)),
        im.augmented_confusion_matrix(y_true, y_pred),
    )


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: (
                da.zeros(5, chunks=2, dtype=int),
                da.zeros(6, chunks=2, dtype=int),
            ),
            "different lengths",
        ),
        (
            lambda: (
                da.zeros((3, 2), chunks=2, dtype=int),
                da.zeros((3, 2), chunks=2, dtype=int),
            ),
            "1-d",
        ),
        (
            lambda: (
                da.zeros(0, chunks=2, dtype=int),
                da.zeros(0, chunks=2, dtype=int),
            ),
            "empty",
        ),
        (
            lambda: (da.from_array([0, -1], chunks=1), da.from_array([0, 0], chunks=1)),
            "reject label",
        ),
        (
            lambda: (
                da.from_array(np.array([0.0, np.nan]), chunks=1),
                da.from_array([0, 0], chunks=1),
            ),
            "NaN|missing",
        ),
    ],
)
def test_dask_errors_are_the_in_memory_errors(make, message):
    y_true, y_pred = make()
    with pytest.raises(ValueError, match=message):
        im.augmented_confusion_matrix(y_true, y_pred)


def test_a_label_outside_fixed_labels_is_refused():
    with pytest.raises(ValueError, match="not in labels"):
        im.augmented_confusion_matrix(
            da.from_array([0, 1, 2], chunks=1),
            da.from_array([0, 1, 1], chunks=1),
            labels=[0, 1],
        )


def test_on_a_distributed_cluster():
    distributed = pytest.importorskip("distributed")
    y_true, y_pred, weights, reject = _labels("str")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster),
    ):
        result = im.augmented_confusion_matrix(
            da.from_array(y_true, chunks=50),
            da.from_array(y_pred, chunks=50),
            sample_weight=da.from_array(weights, chunks=50),
            reject_label=reject,
        )
    np.testing.assert_allclose(
        result,
        im.augmented_confusion_matrix(
            y_true, y_pred, sample_weight=weights, reject_label=reject
        ),
        rtol=1e-12,
    )


def test_dask_is_not_imported_for_in_memory_input(monkeypatch):
    # As if Dask had never been imported: in-memory input must not import it
    # (an import would put "dask" back into sys.modules).
    monkeypatch.delitem(sys.modules, "dask")
    im.ni_score([0, 1, 1], [0, 1, -1])
    im.ConfusionAccumulator(reject_label=None).update(["a"], ["a"], sample_weight=[2.0])
    im.curves.reject_curve([0, 1], [[0.9, 0.1], [0.3, 0.7]], measures=["ni2"])
    im.report.information_report(pd.Categorical([0, 1]), pd.Categorical([0, 1]))
    assert "dask" not in sys.modules


def test_dask_without_its_array_part_says_how_to_install(monkeypatch):
    # A Dask collection exists only if Dask is imported; Dask installed
    # without the array extra is what can be missing then.
    y = da.from_array(np.array([0, 1, 1, 0]), chunks=2)
    monkeypatch.setitem(sys.modules, "dask.array", None)
    with pytest.raises(ImportError, match=r"infometrics\[dask\]"):
        im.augmented_confusion_matrix(y, y)


def _label_columns(kind, values):
    """``values`` (small ints, -1 = reject) as a pandas column of ``kind``."""
    names = np.array(["?", "ant", "bee", "cat", "dog"])
    if kind == "int":
        return pd.Series(values), -1
    strings = names[np.asarray(values) + 1]
    if kind == "categorical":
        return pd.Series(pd.Categorical(strings)), "?"
    return pd.Series(strings, dtype="string[pyarrow]"), "?"


@pytest.mark.parametrize("kind", ["int", "categorical", "arrow"])
def test_partitions_with_all_zero_weights_count_their_labels(kind):
    pytest.importorskip("pyarrow")
    y_true, reject = _label_columns(kind, [0, 1, 2, 0, 1, 2, 3, 3])
    y_pred, _ = _label_columns(kind, [0, -1, 2, 1, 1, 2, 3, 0])
    weights = pd.Series([0.0, 0.0, 0.0, 1.5, 2.0, 0.5, 0.0, 0.0])
    frame = pd.DataFrame({"t": y_true, "p": y_pred, "w": weights})
    expected = im.augmented_confusion_matrix(
        frame.t, frame.p, reject_label=reject, sample_weight=frame.w
    )
    lazy = dd.from_pandas(frame, npartitions=3, sort=False)
    assert lazy.w.partitions[0].compute().sum() == 0  # an all-zero partition
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(
            lazy.t, lazy.p, reject_label=reject, sample_weight=lazy.w
        ),
        expected,
    )
    accumulator = ConfusionAccumulator(reject_label=reject)
    accumulator.update(lazy.t, lazy.p, sample_weight=lazy.w)
    np.testing.assert_array_equal(accumulator.confusion_matrix, expected)
    # In memory too: a zero-weight batch is part of a total.
    batches = ConfusionAccumulator(reject_label=reject)
    for part in np.array_split(np.arange(8), [3, 6]):
        batches.update(
            frame.t.iloc[part], frame.p.iloc[part], sample_weight=frame.w.iloc[part]
        )
    np.testing.assert_array_equal(batches.confusion_matrix, expected)


@pytest.mark.parametrize(
    "weights",
    [
        lambda w: da.from_array(w, chunks=2),
        lambda w: dd.from_pandas(pd.Series(w), npartitions=2),
        lambda w: w,
    ],
)
def test_all_zero_weights_are_refused_as_in_memory(weights):
    y = np.array([0, 1, 1, 0])
    zeros = np.zeros(4)
    with pytest.raises(ValueError, match="0 for every sample"):
        im.augmented_confusion_matrix(y, y, sample_weight=zeros)
    with pytest.raises(ValueError, match="0 for every sample"):
        im.augmented_confusion_matrix(
            da.from_array(y, chunks=2), y, sample_weight=weights(zeros)
        )
    # As a part of a total (a batch) they count nothing but name the classes.
    accumulator = ConfusionAccumulator().update(
        da.from_array(y, chunks=2), y, sample_weight=weights(zeros)
    )
    assert accumulator.labels.tolist() == [0, 1]
    assert not accumulator.confusion_matrix.any()


def test_unknown_chunk_sizes_with_in_memory_and_other_dask_inputs():
    y_true, y_pred, weights, _ = _labels("int")
    keep = np.arange(300) % 3 != 0
    expected = im.augmented_confusion_matrix(
        y_true[keep], y_pred[keep], sample_weight=weights[keep]
    )
    lazy_keep = da.from_array(keep, chunks=64)
    masked_true = da.from_array(y_true, chunks=64)[lazy_keep]
    assert np.isnan(masked_true.chunks[0][0])
    for y_pred_input, weight_input in [
        (y_pred[keep], weights[keep]),
        (da.from_array(y_pred[keep], chunks=37), weights[keep]),
        (pd.Series(y_pred[keep]), da.from_array(weights, chunks=50)[lazy_keep]),
        (dd.from_pandas(pd.Series(y_pred[keep]), npartitions=3), None),
    ]:
        result = im.augmented_confusion_matrix(
            masked_true, y_pred_input, sample_weight=weight_input
        )
        if weight_input is None:
            np.testing.assert_array_equal(
                result, im.augmented_confusion_matrix(y_true[keep], y_pred[keep])
            )
        else:
            np.testing.assert_allclose(result, expected, rtol=1e-13)
    # The caller's array keeps its unknown chunk sizes.
    assert np.isnan(masked_true.chunks[0][0])


def test_equal_length_columns_partitioned_differently():
    y_true, y_pred, weights, _ = _labels("int", n=40)
    expected = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    # Same number of partitions, different partition lengths.
    lazy_true = dd.from_pandas(pd.Series(y_true), npartitions=2)
    lazy_pred = dd.from_pandas(pd.Series(y_pred), chunksize=30)
    lazy_weights = dd.from_pandas(pd.Series(weights), chunksize=11)
    assert lazy_true.npartitions == lazy_pred.npartitions == 2
    np.testing.assert_allclose(
        im.augmented_confusion_matrix(lazy_true, lazy_pred, sample_weight=weights),
        expected,
        rtol=1e-13,
    )
    np.testing.assert_allclose(
        im.augmented_confusion_matrix(lazy_true, lazy_pred, sample_weight=lazy_weights),
        expected,
        rtol=1e-13,
    )
    # Arrays cut by different masks of the same total: unknown, misaligned chunks.
    first = np.arange(60) % 3 != 0
    second = np.arange(60) < 40
    lazy_true = da.from_array(np.resize(y_true, 60), chunks=20)[
        da.from_array(first, chunks=20)
    ]
    lazy_pred = da.from_array(np.resize(y_pred, 60), chunks=20)[
        da.from_array(second, chunks=20)
    ]
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(lazy_true, lazy_pred),
        im.augmented_confusion_matrix(
            np.resize(y_true, 60)[first], np.resize(y_pred, 60)[second]
        ),
    )
    # Different totals are still refused, naming the lengths.
    with pytest.raises(ValueError, match="different lengths"):
        im.augmented_confusion_matrix(
            dd.from_pandas(pd.Series(y_true), npartitions=2),
            dd.from_pandas(pd.Series(y_pred[:-1]), npartitions=2),
        )


def test_an_empty_dask_batch_changes_nothing_in_an_accumulator():
    empty = da.from_array(np.array([], dtype=np.int64))
    accumulator = ConfusionAccumulator().update([0, 1], [0, -1])
    accumulator.update(empty, empty)
    np.testing.assert_array_equal(accumulator.confusion_matrix, [[1, 0, 0], [0, 0, 1]])
    fixed = ConfusionAccumulator(labels=[0, 1]).update(empty, empty)
    np.testing.assert_array_equal(fixed.confusion_matrix, np.zeros((2, 3)))
    with pytest.raises(ValueError, match="empty"):
        im.augmented_confusion_matrix(empty, empty)


def test_a_dask_dataframe_is_not_a_label_column():
    frame = dd.from_pandas(pd.DataFrame({"y": [0, 1]}), npartitions=1)
    with pytest.raises(ValueError, match="Dask DataFrame"):
        im.augmented_confusion_matrix(frame, [0, 1])


def test_chunks_with_labels_beyond_float_precision_merge_exactly():
    # Chunks of one-element arrays: some hold only small labels, some labels
    # above 2**53 or 2**63, which float64 would merge with their neighbours.
    y_true = np.array([2**63 + 1, 5, 2**53 + 1, 2**63, 2**53, 5], dtype=object)
    y_pred = np.array([2**63 + 1, -1, 2**53 + 1, 2**63 + 1, 2**53, 2**53 + 1])
    y_pred = y_pred.astype(object)
    expected = im.augmented_confusion_matrix(y_true, y_pred)
    assert expected.shape == (5, 6)
    for chunks in (1, 2, (4, 2)):
        np.testing.assert_array_equal(
            im.augmented_confusion_matrix(
                da.from_array(y_true, chunks=chunks),
                da.from_array(y_pred, chunks=chunks),
            ),
            expected,
        )
    # int64 labels above 2**53 in one column, whole floats in the other.
    wide = np.array([2**53 + 1, 2**53, 3, 2**53 + 1], dtype=np.int64)
    floats = np.array([2.0**53, -1.0, 3.0, 2.0**53])
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(
            da.from_array(wide, chunks=1), da.from_array(floats, chunks=3)
        ),
        im.augmented_confusion_matrix(wide, floats),
    )
    assert im.augmented_confusion_matrix(wide, floats)[:, :3].sum() == 3


def test_in_memory_nullable_labels_beside_dask_keep_their_integers():
    y_true = pd.array([2**53 + 1, 2**53 + 2, 2**53, 2**53 + 1], dtype="Int64")
    y_pred = pd.array([2**53 + 1, None, 2**53 + 2, 2**53], dtype="Int64")
    expected = im.augmented_confusion_matrix(y_true, y_pred, reject_label=pd.NA)
    lazy_true = dd.from_pandas(pd.Series(y_true), npartitions=2, sort=False)
    # The in-memory column is aligned by length: never through float64.
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(lazy_true, y_pred, reject_label=pd.NA),
        expected,
    )
    # 2**53 + 1 is predicted once as itself, once as 2**53 (distinct labels).
    assert expected[1].tolist() == [1, 1, 0, 0]


def test_dask_scores_with_a_class_missing_from_y_true_name_the_labels_option():
    # The hint once named a "classes=" option that no function has.
    y_true = da.from_array(np.array([0, 1, 0, 1]), chunks=2)
    proba = da.from_array(np.full((4, 3), 1 / 3), chunks=(2, 3))
    with pytest.raises(ValueError, match="pass labels="):
        im.curves.reject_curve(y_true, proba, thresholds=[0.5])
    curve = im.curves.reject_curve(y_true, proba, thresholds=[0.5], labels=[0, 1, 2])
    assert curve.classes.tolist() == [0, 1, 2]
