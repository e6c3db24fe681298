"""Label-input fuzz battery: label dtypes x missing markers x reject-label
kinds x weights. Every input gives the matrix a dict-counting reference gives,
or a clear ValueError/TypeError -- never a different matrix."""

import warnings

import numpy as np
import pandas as pd
import pytest
from counting_helpers import counts_and_labels
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im

INT64_MIN, INT64_MAX = np.iinfo(np.int64).min, np.iinfo(np.int64).max
LIMITS = [INT64_MIN, INT64_MAX, 0, 7]
NUMERIC_KINDS = [
    "int64",
    "int8",
    "uint16",
    "wide",
    "limits",
    "float",
    "Int64",
    "object_num",
]
STRING_KINDS = ["str", "object_str", "string_dtype", "categorical", "pd_string"]
REJECT = object()  # the code of a rejected prediction
MISSING = object()  # a missing label


def label_value(kind, code):
    if kind in ("int64", "int8", "uint16", "Int64", "object_num"):
        return code * 3 + 5
    if kind == "wide":
        return code * 10**15
    if kind == "limits":
        return LIMITS[code]
    if kind == "float":
        return float(code * 3 + 5)
    return f"c{code}"


def reject_value(kind):
    return "rej" if kind in STRING_KINDS else -1


def build_array(kind, values):
    """``values`` (Python labels, MISSING for a missing one) in container ``kind``."""
    has_missing = any(v is MISSING for v in values)
    if kind in STRING_KINDS:
        plain = [None if v is MISSING else v for v in values]
        if kind == "str":
            return (
                np.array(["" if v is None else v for v in plain])
                if not has_missing
                else np.array(plain, dtype=object)
            )
        if kind == "object_str":
            return np.array(plain, dtype=object)
        if kind == "string_dtype":
            return np.array(plain, dtype=np.dtypes.StringDType(na_object=None))
        if kind == "categorical":
            return pd.Series(pd.Categorical(plain))
        return pd.Series(plain, dtype="string")
    if kind == "float":
        return np.array([np.nan if v is MISSING else v for v in values], dtype=float)
    if kind == "Int64":
        return pd.Series([None if v is MISSING else v for v in values], dtype="Int64")
    if kind == "object_num":
        # Whole numbers as a mix of ints and floats of equal value.
        return np.array(
            [
                None if v is MISSING else (float(v) if i % 2 else v)
                for i, v in enumerate(values)
            ],
            dtype=object,
        )
    if has_missing:
        return np.array([None if v is MISSING else v for v in values], dtype=object)
    dtype = {"int8": np.int8, "uint16": np.uint16}.get(kind, np.int64)
    return np.array(values, dtype=dtype)


def dict_count(true_values, pred_values, weights, with_reject):
    classes = sorted(set(true_values) | {p for p in pred_values if p is not REJECT})
    width = len(classes) + (1 if with_reject else 0)
    matrix = np.zeros((len(classes), width))
    for t, p, w in zip(true_values, pred_values, weights, strict=True):
        column = len(classes) if p is REJECT else classes.index(p)
        matrix[classes.index(t), column] += w
    return matrix, classes


MARKERS = ["same", "float_equal", "np_int8", "nan", "none", "wrong_type", "default"]


@st.composite
def cases(draw):
    kind = draw(st.sampled_from(NUMERIC_KINDS + STRING_KINDS))
    n = draw(st.integers(1, 12))
    true_codes = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    pred_codes = draw(st.lists(st.integers(-1, 3), min_size=n, max_size=n))
    marker = draw(st.sampled_from(MARKERS))
    weights = draw(
        st.one_of(
            st.none(),
            st.lists(
                st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.25]), min_size=n, max_size=n
            ),
        )
    )
    missing_in = draw(st.sampled_from([None, None, "y_true", "y_pred"]))
    position = draw(st.integers(0, n - 1))
    return kind, true_codes, pred_codes, marker, weights, missing_in, position


@settings(max_examples=300)
@given(cases())
def test_the_right_matrix_or_a_clear_error(case):
    kind, true_codes, pred_codes, marker, weights, missing_in, position = case
    strings = kind in STRING_KINDS
    true_values = [label_value(kind, c) for c in true_codes]
    pred_values = [REJECT if c < 0 else label_value(kind, c) for c in pred_codes]
    expect_error = []
    expect_warning = False
    if marker in ("float_equal", "np_int8") and strings:
        marker = "same"
    if marker == "none":
        reject_label, written = None, label_value(kind, 0)
        pred_values = [label_value(kind, 0) if p is REJECT else p for p in pred_values]
    elif marker == "nan":
        reject_label, written = np.nan, MISSING
    elif marker == "wrong_type":
        reject_label = 7 if strings else "rej"
        written = reject_value(kind)
        expect_error.append("can never match")
    elif marker == "default":
        reject_label, written = -1, reject_value(kind)
        if strings:
            # -1 cannot be a string prediction: the string marker is then a
            # class, silently (no prediction reads "-1", so nothing suggests
            # a mismatch).
            expect_warning = False
            pred_values = [written if p is REJECT else p for p in pred_values]
    else:
        reject_label = {
            "same": reject_value(kind),
            "float_equal": -1.0,
            "np_int8": np.int8(-1),
        }[marker]
        written = reject_value(kind)
    if kind in ("uint16",) and written == -1:
        # An unsigned array cannot hold -1: rejections then go to an object array.
        kind = "int64"
    raw_pred = [written if p is REJECT else p for p in pred_values]
    raw_true = list(true_values)
    if missing_in == "y_true":
        raw_true[position] = MISSING
        expect_error.append("y_true contains missing")
    elif missing_in == "y_pred" and marker != "nan":
        raw_pred[position] = MISSING
        expect_error.append("y_pred contains missing")
    elif missing_in == "y_pred":
        raw_pred[position] = MISSING
        pred_values[position] = REJECT
    if weights is not None and not any(weights):
        expect_error.append("sample_weight is 0 for every sample")
    y_true = build_array(kind, raw_true)
    y_pred = build_array(kind, raw_pred)
    if kind in ("int64", "int8") and any(v is MISSING for v in raw_pred):
        assert np.asarray(y_pred).dtype == object
    call = lambda: counts_and_labels(  # noqa: E731
        y_true, y_pred, reject_label=reject_label, sample_weight=weights
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if expect_error:
            # Any of the problems present may be the one reported.
            with pytest.raises((ValueError, TypeError), match="|".join(expect_error)):
                call()
            return
        matrix, classes = call()
    warned = [
        w for w in caught if issubclass(w.category, im.exceptions.RejectLabelWarning)
    ]
    assert bool(warned) == expect_warning, [str(w.message) for w in caught]
    unit = [1.0] * len(true_values) if weights is None else weights
    expected, expected_classes = dict_count(
        true_values, pred_values, unit, reject_label is not None
    )
    np.testing.assert_array_equal(matrix, expected)
    assert list(np.asarray(classes).tolist()) == expected_classes
