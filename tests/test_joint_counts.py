"""Joint (true, A, B) counts: the dense integer path equals plain counting."""

from collections import Counter

import numpy as np
import pytest

import infometrics as im
from infometrics._counting.count import confusion_matrix_and_labels
from infometrics._counting.joint import joint_counts_and_labels


def _reference(y_true, pred_a, pred_b, classes, reject_label):
    """Count every sample in a dict, then lay the counts out."""
    n_classes = len(classes)
    column = {label: i for i, label in enumerate(classes.tolist())}
    joint = np.zeros((n_classes, n_classes + 1, n_classes + 1), dtype=np.int64)
    for (t, a, b), count in Counter(
        zip(y_true.tolist(), pred_a.tolist(), pred_b.tolist(), strict=True)
    ).items():
        a_column = n_classes if a == reject_label else column[a]
        b_column = n_classes if b == reject_label else column[b]
        joint[column[t], a_column, b_column] += count
    return joint


def _labels(rng, n, dtype, low=0, n_classes=4, reject=-1):
    y_true = rng.integers(low, low + n_classes, n)
    pred_a = np.where(rng.random(n) < 0.7, y_true, rng.integers(low, low + 5, n))
    pred_b = np.where(rng.random(n) < 0.6, y_true, rng.integers(low, low + 5, n))
    if reject is not None:
        pred_a[rng.random(n) < 0.1] = reject
        pred_b[rng.random(n) < 0.2] = reject
    return y_true.astype(dtype), pred_a.astype(dtype), pred_b.astype(dtype)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
@pytest.mark.parametrize("seed", range(4))
def test_dense_path_equals_dict_counting(dtype, seed):
    rng = np.random.default_rng(seed)
    y_true, pred_a, pred_b = _labels(rng, 500, dtype, low=seed)
    joint, classes = joint_counts_and_labels(
        y_true, pred_a, pred_b, labels=None, reject_label=-1
    )
    _, expected_classes = confusion_matrix_and_labels(
        np.concatenate([y_true, y_true]),
        np.concatenate([pred_a, pred_b]),
        reject_label=-1,
    )
    np.testing.assert_array_equal(classes, expected_classes)
    np.testing.assert_array_equal(
        joint, _reference(y_true, pred_a, pred_b, classes, -1)
    )
    # The margins are the two classifiers' own confusion matrices.
    for axis, prediction in ((2, pred_a), (1, pred_b)):
        np.testing.assert_array_equal(
            joint.sum(axis=axis),
            im.augmented_confusion_matrix(y_true, prediction, labels=classes),
        )


@pytest.mark.parametrize(
    "arrays",
    [
        # Unsigned labels (no -1 can occur) and a reject marker they hold.
        lambda rng: _labels(rng, 300, np.uint8, reject=4),
        lambda rng: _labels(rng, 300, np.uint64, reject=4),
        # A range too wide for a dense table: the hashing path.
        lambda rng: tuple(a * 10**12 for a in _labels(rng, 300, np.int64, reject=4)),
        # Strings and floats: the hashing path.
        lambda rng: tuple(a.astype(str) for a in _labels(rng, 300, np.int64, reject=4)),
        lambda rng: tuple(a * 1.0 for a in _labels(rng, 300, np.int64, reject=4)),
    ],
)
def test_every_label_kind(arrays):
    y_true, pred_a, pred_b = arrays(np.random.default_rng(1))
    # The rejections were drawn as 4, so the marker is 4 in each kind.
    marker = {"u": 4, "i": 4 * 10**12, "U": "4", "f": 4.0}[y_true.dtype.kind]
    joint, classes = joint_counts_and_labels(
        y_true, pred_a, pred_b, labels=None, reject_label=marker
    )
    np.testing.assert_array_equal(
        joint, _reference(y_true, pred_a, pred_b, classes, marker)
    )


def test_explicit_labels_order_and_no_reject():
    rng = np.random.default_rng(2)
    y_true, pred_a, pred_b = _labels(rng, 400, np.int64, reject=None)
    labels = np.array([3, 0, 4, 2, 1])
    joint, classes = joint_counts_and_labels(
        y_true, pred_a, pred_b, labels=labels, reject_label=None
    )
    np.testing.assert_array_equal(classes, labels)
    assert joint.shape == (5, 5, 5)
    reference = _reference(y_true, pred_a, pred_b, classes, object())
    np.testing.assert_array_equal(joint, reference[:, :5, :5])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t, a, b: (t, a, np.where(b == 2, 9, b)), "9"),
        (lambda t, a, b: (np.where(t == 1, -1, t), a, b), "reject"),
    ],
)
def test_errors_are_those_of_one_classifier(change, message):
    rng = np.random.default_rng(3)
    y_true, pred_a, pred_b = change(*_labels(rng, 200, np.int64))
    with pytest.raises(ValueError, match=message):
        joint_counts_and_labels(
            y_true, pred_a, pred_b, labels=[0, 1, 2, 3, 4], reject_label=-1
        )
    with pytest.raises(ValueError, match=message):
        im.paired_comparison(
            y_true, pred_a, pred_b, labels=[0, 1, 2, 3, 4], n_resamples=10
        )


def test_extreme_int64_labels_never_wrap():
    info = np.iinfo(np.int64)
    y_true = np.array([info.min, info.max, info.min, 0])
    pred_a = np.array([info.min, info.max, 0, 0])
    pred_b = np.array([info.max, info.max, info.min, 0])
    joint, classes = joint_counts_and_labels(
        y_true, pred_a, pred_b, labels=None, reject_label=None
    )
    np.testing.assert_array_equal(classes, [info.min, 0, info.max])
    np.testing.assert_array_equal(
        joint, _reference(y_true, pred_a, pred_b, classes, object())[:, :3, :3]
    )


@pytest.mark.parametrize(
    ("pred_a", "pred_b"),
    [
        # int64 beyond 2**53 beside floats: a label only A predicts must survive.
        (
            np.array([2**53 + 3, 2**53, 2**53 + 1, 2**53], dtype=np.int64),
            np.array([2.0**53, 2.0**53, 2.0**53, -1.0]),
        ),
        (
            np.array([2**63 + 5, 2**63, 2**63 + 1, 2**63], dtype=np.uint64),
            np.array([2**63, -1, 2**63, 2**63], dtype=object),
        ),
    ],
)
def test_predictions_of_two_dtypes_keep_every_label(pred_a, pred_b):
    y_true = np.array([pred_a[2], pred_a[1], pred_a[2], pred_a[1]], dtype=pred_a.dtype)
    joint, classes = joint_counts_and_labels(
        y_true, pred_a, pred_b, labels=None, reject_label=-1
    )
    assert classes.tolist() == sorted(set(y_true.tolist()) | set(pred_a.tolist()))
    np.testing.assert_array_equal(
        joint, _reference(y_true, pred_a, pred_b, classes, -1)
    )
    # The weighted paired comparison encodes the same labels.
    weights = [1.0, 2.0, 1.0, 1.0]
    result = im.paired_comparison(
        y_true,
        pred_a,
        pred_b,
        measure="accuracy",
        sample_weight=weights,
        n_resamples=5,
    )
    for estimate, prediction in (
        (result.estimate_a, pred_a),
        (result.estimate_b, pred_b),
    ):
        right = sum(
            w
            for w, t, p in zip(
                weights, y_true.tolist(), prediction.tolist(), strict=True
            )
            if t == p
        )
        assert estimate == pytest.approx(right / sum(weights))


def test_string_and_number_predictions_are_not_compared_as_strings():
    y_true = np.array(["1", "2", "1", "2"])
    with pytest.raises(ValueError, match="mix types"):
        joint_counts_and_labels(
            y_true, y_true, np.array([1, 2, 1, 2]), labels=None, reject_label=None
        )
