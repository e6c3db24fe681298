"""Confidence-binned counts: additive, and their reject curve is exact at the edges."""

import numpy as np
import pytest

import infometrics as im
from infometrics.counting import ConfidenceBinnedCounts, confidence_binned_counts


def _data(n=400, n_classes=3, seed=0):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, n_classes, n)
    logits = rng.normal(size=(n, n_classes))
    logits[np.arange(n), y_true] += 1.5
    proba = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    # Ties: some confidences repeated exactly, some exactly at a threshold.
    proba[: n // 10] = proba[n // 10 : n // 5]
    weights = rng.random(n) * 2
    return y_true, np.round(proba, 3), weights


def _assert_same_curve(left, right):
    np.testing.assert_array_equal(left.thresholds, right.thresholds)
    for field in ("reject_rate", "error_rate", "accepted_accuracy"):
        np.testing.assert_allclose(
            getattr(left, field), getattr(right, field), rtol=1e-12, atol=1e-15
        )
    assert left.measures.keys() == right.measures.keys()
    for name in left.measures:
        np.testing.assert_allclose(
            left.measures[name], right.measures[name], rtol=1e-9, atol=1e-12
        )


@pytest.mark.parametrize("confidence", ["max", "margin"])
@pytest.mark.parametrize("weighted", [False, True])
def test_binned_curve_equals_the_exact_curve_at_the_thresholds(confidence, weighted):
    y_true, proba, weights = _data()
    weights = weights if weighted else None
    # Given thresholds, some equal to confidences in the data.
    # The documented confidences: the top score, or the top two's difference.
    ordered = np.sort(proba, axis=1)
    top = ordered[:, -1]
    confidences = top if confidence == "max" else top - ordered[:, -2]
    given = np.sort(np.concatenate([confidences[:3], [0.0, 0.55, 2.0]]))
    for thresholds in (given, 7):
        binned = confidence_binned_counts(
            y_true,
            proba,
            thresholds=thresholds,
            confidence_method=confidence,
            sample_weight=weights,
        )
        exact = im.curves.reject_curve(
            y_true,
            proba,
            thresholds=thresholds,
            confidence_method=confidence,
            sample_weight=weights,
            measures=["ni2", "info_completeness", "kappa"],
        )
        _assert_same_curve(
            binned.reject_curve(["ni2", "info_completeness", "kappa"]), exact
        )


def test_bins_count_each_sample_once_by_a_plain_loop():
    y_true, proba, _ = _data(n=60)
    thresholds = np.array([0.4, 0.5, 0.6])
    binned = confidence_binned_counts(y_true, proba, thresholds=thresholds)
    expected = np.zeros((4, 3, 3), dtype=np.int64)
    for label, row in zip(y_true, proba, strict=True):
        top = row.max()
        bin_index = sum(top >= threshold for threshold in thresholds)
        expected[bin_index, label, int(np.argmax(row))] += 1
    np.testing.assert_array_equal(binned.counts, expected)
    assert binned.counts.dtype == np.int64


def test_counts_add_up_over_batches():
    y_true, proba, weights = _data()
    thresholds = [0.45, 0.6, 0.75]
    parts = [
        confidence_binned_counts(
            y_true[start : start + 100],
            proba[start : start + 100],
            thresholds=thresholds,
            labels=[0, 1, 2],
            sample_weight=weights[start : start + 100],
        )
        for start in range(0, 400, 100)
    ]
    whole = confidence_binned_counts(
        y_true, proba, thresholds=thresholds, sample_weight=weights
    )
    np.testing.assert_allclose(sum(parts).counts, whole.counts, rtol=1e-12)
    assert "3 thresholds" in repr(whole)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda y, p: confidence_binned_counts(y, p, thresholds=None),
            ValueError,
            "need thresholds",
        ),
        (
            lambda y, p: confidence_binned_counts(y, p, thresholds=0),
            ValueError,
            "at least 1",
        ),
        (
            lambda y, p: confidence_binned_counts(y, p, thresholds=[np.nan]),
            ValueError,
            "finite",
        ),
        (
            lambda y, p: confidence_binned_counts(y, p[:, :2], thresholds=3),
            ValueError,
            "3 classes but y_score has 2",
        ),
        (
            lambda y, p: confidence_binned_counts(y[:5], p, thresholds=3),
            ValueError,
            "one row per label",
        ),
        (
            lambda y, p: confidence_binned_counts(
                y, p, thresholds=3, confidence_method="min"
            ),
            ValueError,
            "'max' or 'margin'",
        ),
        (
            lambda y, p: confidence_binned_counts(y, p, thresholds=3, labels=[0, 0, 1]),
            ValueError,
            "duplicates",
        ),
        (
            lambda y, p: confidence_binned_counts(
                y, np.where(p > 0.5, np.nan, p), thresholds=[0.5]
            ),
            ValueError,
            "NaN",
        ),
        (
            lambda y, p: (
                confidence_binned_counts(y, p, thresholds=[0.5])
                + confidence_binned_counts(y, p, thresholds=[0.6])
            ),
            ValueError,
            "same thresholds",
        ),
        (
            lambda y, p: confidence_binned_counts(y, p, thresholds=[0.5]) + 1,
            TypeError,
            "unsupported operand",
        ),
    ],
)
def test_binned_errors(call, error, message):
    y_true, proba, _ = _data(n=50)
    with pytest.raises(error, match=message):
        call(y_true, proba)


class TestDask:
    @pytest.fixture(autouse=True)
    def _dask(self):
        self.da = pytest.importorskip("dask.array")
        self.dd = pytest.importorskip("dask.dataframe")
        dask = pytest.importorskip("dask")
        with dask.config.set(scheduler="synchronous"):
            yield

    @pytest.mark.parametrize("chunks", [400, 64, (1, 150, 249)])
    def test_reject_curve_of_dask_equals_numpy_at_given_thresholds(self, chunks):
        y_true, proba, weights = _data()
        thresholds = [0.4, 0.5, 0.55, 0.7, 0.9]
        lazy_true = self.da.from_array(y_true, chunks=chunks)
        lazy_proba = self.da.from_array(proba, chunks=(chunks, 1))
        lazy_weights = self.da.from_array(weights, chunks=chunks)
        _assert_same_curve(
            im.curves.reject_curve(
                lazy_true, lazy_proba, thresholds=thresholds, measures=["ni2"]
            ),
            im.curves.reject_curve(
                y_true, proba, thresholds=thresholds, measures=["ni2"]
            ),
        )
        _assert_same_curve(
            im.curves.reject_curve(
                lazy_true,
                lazy_proba,
                thresholds=thresholds,
                sample_weight=lazy_weights,
                measures=["ni2"],
            ),
            im.curves.reject_curve(
                y_true,
                proba,
                thresholds=thresholds,
                sample_weight=weights,
                measures=["ni2"],
            ),
        )

    def test_quantile_thresholds_are_estimated_and_the_counts_exact(self):
        y_true, proba, _ = _data()
        names = np.array(["ant", "bee", "cat"])
        frame = self.dd.from_pandas(
            __import__("pandas").DataFrame({"y": names[y_true]}), npartitions=3
        )
        lazy_proba = self.da.from_array(proba, chunks=(100, 3))
        binned = confidence_binned_counts(frame["y"], lazy_proba, thresholds=9)
        assert binned.classes.tolist() == ["ant", "bee", "cat"]
        assert 1 <= len(binned.thresholds) <= 9
        # Whatever thresholds the estimate gave, the counts at them are exact.
        exact = confidence_binned_counts(
            names[y_true], proba, thresholds=binned.thresholds
        )
        np.testing.assert_array_equal(binned.counts, exact.counts)
        # Roughly quantiles: every bin holds a share of the samples.
        inner = binned.counts.sum(axis=(1, 2))[1:-1]
        assert inner.max() < 0.4 * len(y_true)

    def test_dask_inputs_in_memory_or_of_unknown_chunk_sizes(self):
        y_true, proba, weights = _data(n=60)
        keep = np.arange(60) % 3 != 0
        expected = confidence_binned_counts(
            y_true[keep],
            proba[keep],
            thresholds=[0.5, 0.7],
            sample_weight=weights[keep],
        )
        # Boolean indexing by a Dask array leaves the chunk sizes unknown.
        lazy_keep = self.da.from_array(keep, chunks=20)
        unknown = self.da.from_array(proba, chunks=(20, 3))[lazy_keep]
        assert np.isnan(unknown.chunks[0]).all()
        for labels in (y_true[keep], self.da.from_array(y_true[keep], chunks=7)):
            got = confidence_binned_counts(
                labels, unknown, thresholds=[0.5, 0.7], sample_weight=weights[keep]
            )
            np.testing.assert_allclose(got.counts, expected.counts, rtol=1e-12)

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"nan": True}, "NaN or infinite"),
            ({"confidence_method": "top"}, "'max' or 'margin'"),
            ({"n_labels": 59}, "one row per label"),
            ({"column": True}, "y_true must be 1-d"),
        ],
    )
    def test_dask_bad_input(self, change, message):
        y_true, proba, _ = _data(n=60)
        if change.get("nan"):
            proba[33, 1] = np.nan
        labels = y_true[: change.get("n_labels", 60)]
        if change.get("column"):
            labels = labels.reshape(-1, 1)
        with pytest.raises(ValueError, match=message):
            confidence_binned_counts(
                self.da.from_array(labels, chunks=20),
                self.da.from_array(proba, chunks=(20, 3)),
                thresholds=[0.5],
                confidence_method=change.get("confidence_method", "max"),
            )

    def test_dask_reject_curve_needs_thresholds(self):
        y_true, proba, _ = _data(n=20)
        with pytest.raises(ValueError, match="global sort"):
            im.curves.reject_curve(
                self.da.from_array(y_true, chunks=5),
                self.da.from_array(proba, chunks=(5, 3)),
                thresholds=None,
            )


def test_binned_counts_add_only_to_binned_counts():
    y_true, proba, _ = _data(n=20)
    binned = confidence_binned_counts(y_true, proba, thresholds=[0.5])
    with pytest.raises(TypeError, match="unsupported operand"):
        binned + 1
    assert sum([binned, binned]).counts.sum() == 40


def test_public_names():
    assert "confidence_binned_counts" in im.counting.__all__
    assert "ConfidenceBinnedCounts" in im.counting.__all__
    assert isinstance(
        confidence_binned_counts([0, 1], [[0.9, 0.1], [0.2, 0.8]], thresholds=1),
        ConfidenceBinnedCounts,
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"counts": -np.ones((2, 2, 2))}, "non-negative"),
        ({"counts": np.full((2, 2, 2), np.nan)}, "finite"),
        ({"counts": np.ones((3, 2, 2))}, r"shape \(2, 2, 2\)"),
        ({"thresholds": [0.7, 0.2]}, "ascending"),
        ({"thresholds": [np.inf]}, "finite"),
        ({"thresholds": ["a"]}, "bin edges"),
        ({"confidence_method": "x"}, "confidence_method"),
    ],
)
def test_binned_counts_built_by_hand_are_checked(change, message):
    # Counts kept from a streaming job: a bad table used to give silent curves.
    parts = {"thresholds": [0.5], "classes": np.array([0, 1])}
    parts["counts"] = np.ones((2, 2, 2))
    parts.update(change)
    with pytest.raises(ValueError, match=message):
        ConfidenceBinnedCounts(**parts)
    kept = ConfidenceBinnedCounts([0.5], np.array([0, 1]), np.ones((2, 2, 2)))
    assert kept.reject_curve("ni2").reject_rate.tolist() == [0.5, 1.0]
