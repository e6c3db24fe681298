"""Categorical, Arrow and StringDType labels give exactly the results (and errors)
of the same labels as plain arrays.

They are counted over their dictionaries for speed (benchmarks/bench_core.py
measures it); what a test can hold them to is the numbers and the errors.
"""

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels

import infometrics as im

pa = pytest.importorskip("pyarrow")

NAMES = np.array(["ant", "bee", "cat", "dog", "?"], dtype=object)


def _strings(n=500, seed=0):
    rng = np.random.default_rng(seed)
    codes_true = rng.integers(0, 4, n)
    codes_pred = np.where(rng.random(n) < 0.7, codes_true, rng.integers(0, 5, n))
    return NAMES[codes_true], NAMES[codes_pred]


REPRESENTATIONS = {
    "categorical series": lambda y: pd.Series(pd.Categorical(y)),
    "categorical": pd.Categorical,
    "categorical with unused categories": lambda y: pd.Categorical(
        y, categories=["zebra", *sorted(set(y))]
    ),
    "string[pyarrow] series": lambda y: pd.Series(y, dtype="string[pyarrow]"),
    "ArrowDtype series": lambda y: pd.Series(y, dtype=pd.ArrowDtype(pa.string())),
    "arrow index": lambda y: pd.Index(y, dtype="string[pyarrow]"),
    "pyarrow array": lambda y: pa.array(list(y)),
    "pyarrow chunked array": lambda y: pa.chunked_array([list(y[:7]), list(y[7:])]),
    "pyarrow dictionary array": lambda y: pa.array(list(y)).dictionary_encode(),
    "plain object (other side encoded)": lambda y: y,
}
if hasattr(np.dtypes, "StringDType"):
    REPRESENTATIONS["numpy StringDType"] = lambda y: y.astype(np.dtypes.StringDType())


@pytest.mark.parametrize("name", sorted(REPRESENTATIONS))
@pytest.mark.parametrize("weighted", [False, True])
def test_encoded_labels_count_as_plain_arrays(name, weighted):
    make = REPRESENTATIONS[name]
    y_true, y_pred = _strings()
    weights = np.random.default_rng(1).random(len(y_true)) if weighted else None
    weights = None if weights is None else np.where(np.arange(500) % 9, weights, 0)
    expected, expected_labels = counts_and_labels(
        y_true, y_pred, reject_label="?", sample_weight=weights
    )
    # The other side as a categorical, so the encoded path is taken even
    # for the plain representation.
    encoded_pred = pd.Categorical(y_pred) if name.startswith("plain") else make(y_pred)
    matrix, labels = counts_and_labels(
        make(y_true), encoded_pred, reject_label="?", sample_weight=weights
    )
    assert matrix.dtype == expected.dtype
    if weighted:
        np.testing.assert_allclose(matrix, expected, rtol=1e-12)
    else:
        np.testing.assert_array_equal(matrix, expected)
    assert list(labels) == list(expected_labels)
    # Explicit labels (one absent), and no reject option.
    explicit = ["dog", "cat", "bee", "ant", "eel"]
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(
            make(y_true), encoded_pred, labels=explicit, reject_label="?"
        ),
        im.augmented_confusion_matrix(
            y_true, y_pred, labels=explicit, reject_label="?"
        ),
    )
    square_true, square_pred = y_true, np.where(y_pred == "?", "ant", y_pred)
    np.testing.assert_array_equal(
        im.augmented_confusion_matrix(
            make(square_true), make(square_pred.astype(object)), reject_label=None
        ),
        im.augmented_confusion_matrix(square_true, square_pred, reject_label=None),
    )


def test_integer_categories_and_the_default_reject_label():
    rng = np.random.default_rng(2)
    y_true = rng.integers(0, 3, 200)
    y_pred = np.where(rng.random(200) < 0.8, y_true, -1)
    matrix, labels = counts_and_labels(
        pd.Series(pd.Categorical(y_true)), pd.Series(pd.Categorical(y_pred))
    )
    np.testing.assert_array_equal(matrix, im.augmented_confusion_matrix(y_true, y_pred))
    assert labels.tolist() == [0, 1, 2]
    assert im.ni_score(pd.Categorical(y_true), pd.Categorical(y_pred)) == pytest.approx(
        im.ni_score(y_true, y_pred)
    )


@pytest.mark.parametrize(
    ("y_true", "y_pred", "options", "message"),
    [
        (
            pd.Categorical(["a", None, "b"]),
            pd.Categorical(["a", "b", "b"]),
            {},
            "missing|NaN",
        ),
        (pa.array(["a", None]), pa.array(["a", "b"]), {}, "missing|NaN"),
        (
            pd.Series(["a", "b", "c"], dtype="string[pyarrow]"),
            pd.Series(["a", "b"], dtype="string[pyarrow]"),
            {},
            "different lengths",
        ),
        (
            pd.Categorical(["a", "?"]),
            pd.Categorical(["a", "a"]),
            {"reject_label": "?"},
            "reject label",
        ),
        (
            pd.Categorical(["a", "b"]),
            pd.Categorical(["a", "c"]),
            {"labels": ["a", "b"]},
            "not in labels",
        ),
        (
            pd.Categorical(["a", "b"]),
            pd.Categorical(["a", "b"]),
            {"sample_weight": [1.0, -1.0]},
            "negative",
        ),
        (
            pd.Categorical(["a", "b"]),
            pd.Categorical(["a", "b"]),
            {"sample_weight": [1.0]},
            "shape",
        ),
        (pd.Categorical([]), pd.Categorical([]), {}, "empty"),
    ],
)
def test_encoded_labels_fail_as_plain_arrays(y_true, y_pred, options, message):
    with pytest.raises(ValueError, match=message):
        im.augmented_confusion_matrix(
            y_true, y_pred, **{"reject_label": None, **options}
        )


@pytest.mark.parametrize(
    ("categories", "predictions"),
    [
        # Object categories beyond int64 and below 0: NumPy would make them
        # float64, where 2**63 + 1 and 2**63 are one value.
        ([2**63 + 1, -5, 2**63], [2**63 + 1, -1, 2**63]),
        ([2**53 + 1, 3, 2**53], [2.0**53, -1, 2.0**53]),
    ],
)
def test_categories_beyond_float_precision_keep_every_label(categories, predictions):
    y_true = pd.Categorical(np.array(categories, dtype=object))
    y_pred = np.array(predictions, dtype=object)
    matrix, labels = counts_and_labels(y_true, y_pred)
    expected, expected_labels = counts_and_labels(
        np.array(categories, dtype=object), y_pred
    )
    np.testing.assert_array_equal(matrix, expected)
    assert labels.tolist() == expected_labels.tolist() == sorted(set(categories))


ENCODERS = {"pyarrow array": lambda y: pa.array(y.tolist())}
if hasattr(np.dtypes, "StringDType"):
    ENCODERS["numpy StringDType"] = lambda y: y.astype(np.dtypes.StringDType())


@pytest.mark.parametrize("name", sorted(ENCODERS))
@pytest.mark.parametrize("weighted", [False, True])
def test_thousands_of_encoded_classes_match_a_dict_loop(name, weighted):
    # Thousands of classes: far more (true, predicted) pairs of the
    # dictionaries than samples.
    rng = np.random.default_rng(5)
    n_classes, n = 4000, 8000
    names = np.array([f"class {i:04d}" for i in range(n_classes)], dtype=object)
    y_true = names[rng.integers(0, n_classes, n)]
    y_pred = np.where(rng.random(n) < 0.5, y_true, names[rng.integers(0, n_classes, n)])
    y_pred[rng.random(n) < 0.1] = "?"
    weights = rng.integers(0, 4, n).astype(float) if weighted else None
    loop_weights = weights if weighted else [1] * n
    classes = sorted(set(y_true) | set(y_pred) - {"?"})
    row = {label: i for i, label in enumerate(classes)}
    row["?"] = len(classes)
    expected = np.zeros((len(classes), len(classes) + 1))
    for true, predicted, weight in zip(y_true, y_pred, loop_weights, strict=True):
        expected[row[true], row[predicted]] += weight
    make = ENCODERS[name]
    matrix = im.augmented_confusion_matrix(
        make(y_true), make(y_pred), reject_label="?", sample_weight=weights
    )
    assert matrix.dtype == (np.float64 if weighted else np.int64)
    np.testing.assert_array_equal(matrix, expected)
