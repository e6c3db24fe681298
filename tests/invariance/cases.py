"""The canonical case every entry point runs on, its variants and slow references.

A case is one classifier on a few dozen samples, kept in two forms: integer
codes (classes ``0 .. m-1``, ``-1`` for a rejection), from which every
variant is derived, and the arrays an entry point receives (labels of some
dtype, the reject marker of that dtype). Variants change one thing at a
time -- weights, label dtype, reject marker, confidences -- so an invariant
compares an entry point's numbers on two cases that must give the same.
"""

import dataclasses
from fractions import Fraction
from itertools import pairwise
from typing import Any

import numpy as np
import pandas as pd

N_SAMPLES = 48
N_CLASSES = 3
# The sizes every entry runs on, so that each size-dependent branch of the
# package is crossed: (number of samples, number of classes). The canonical
# case; more labels than one block of the counting kernel (2**16); and more
# classes than the exact per-cell information switch of a matrix (4,096
# cells: 70 x 71 = 4,970).
SIZES = {
    "48x3": (N_SAMPLES, N_CLASSES),
    "70000x3": (70_000, N_CLASSES),
    "2100x70": (2_100, 70),
}
# A prediction whose top score is below this is rejected (the rejections of
# ``y_pred``, and the threshold of the RejectOptionClassifier entries).
THRESHOLD = 0.6
# Top scores on a coarse grid, so confidences tie in groups.
TOP_SCORES = np.array([0.5, 0.625, 0.75, 0.875, 1.0])


@dataclasses.dataclass(frozen=True)
class Case:
    """One classifier's outputs, as codes and as the arrays an entry point gets.

    ``codes_true`` / ``codes_pred_full`` are class indices; ``y_pred`` is
    ``y_pred_full`` with the predictions whose confidence is below
    :data:`THRESHOLD` replaced by ``reject_label``. ``y_score`` (one column per
    class) has ``argmax = y_pred_full`` and ``max = confidence``.
    ``coverage_grid`` and ``risk_grid`` hold every coverage and selective
    risk the case's risk-coverage curve reaches (exactly, from fractions),
    then the midpoints between them.
    """

    codes_true: np.ndarray
    codes_pred_full: np.ndarray
    y_true: Any
    y_pred: Any
    y_pred_full: Any
    classes: Any
    reject_label: Any
    y_score: np.ndarray
    confidence: np.ndarray
    sample_weight: np.ndarray | None
    coverage_grid: tuple
    risk_grid: tuple
    n_exact_coverages: int
    n_exact_risks: int
    # The lowest accepted confidence: a threshold between it and the next
    # lower value decides the same, and it follows a confidence transform.
    threshold: Any = 0.625
    # The key of SIZES the case was made at (for the registry's expectations).
    size: str = "48x3"

    @property
    def n_samples(self):
        return len(self.codes_true)

    @property
    def codes_pred(self):
        return np.where(self.confidence < THRESHOLD, -1, self.codes_pred_full)

    @property
    def X(self):
        """Features of the fixed-score estimator: the scores themselves."""
        return self.y_score

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)


def _grids(codes_true, codes_pred_full, confidence, weights):
    """Every exact coverage and selective risk of the curve, then midpoints.

    Fractions of the integer (or unit) weights: the values a correct
    implementation must reach exactly, so tie groups land on them.
    """
    weights = np.ones(len(codes_true), int) if weights is None else weights
    total = Fraction(int(weights.sum()))
    coverages, risks = [], []
    for threshold in np.unique(confidence)[::-1]:
        accepted = confidence >= threshold
        accepted_weight = Fraction(int(weights[accepted].sum()))
        errors = Fraction(
            int(weights[accepted & (codes_true != codes_pred_full)].sum())
        )
        coverages.append(accepted_weight / total)
        if accepted_weight:
            risks.append(errors / accepted_weight)
    coverages = sorted(set(coverages))
    risks = sorted(set(risks))
    mid_coverages = [(a + b) / 2 for a, b in pairwise(coverages)]
    mid_risks = [(a + b) / 2 for a, b in pairwise(risks)]
    return (
        tuple(float(c) for c in coverages + mid_coverages),
        tuple(float(r) for r in risks + mid_risks),
        len(coverages),
        len(risks),
    )


def make_case(seed=0, *, weighted=True, n_samples=N_SAMPLES, n_classes=N_CLASSES):
    """The canonical case: 3 classes, ties in the confidences, integer weights.

    Weights 0..3 (zeros included: a zero-weight sample still names its
    class); every class appears in ``y_true`` and among the predictions.
    """
    rng = np.random.default_rng(seed)
    codes_true = np.arange(n_samples) % n_classes
    rng.shuffle(codes_true)
    correct = rng.random(n_samples) < 0.7
    codes_pred_full = np.where(
        correct,
        codes_true,
        (codes_true + rng.integers(1, n_classes, n_samples)) % n_classes,
    )
    confidence = rng.choice(TOP_SCORES, n_samples)
    # Correct predictions tend to be more confident, as in a real classifier.
    confidence = np.where(correct & (rng.random(n_samples) < 0.5), 1.0, confidence)
    if n_classes != N_CLASSES:
        # Many classes: errors less sure than correct predictions, or tuning
        # a reject threshold on NI2 degenerates (rejecting nothing is best).
        confidence = np.where(
            correct,
            rng.choice(TOP_SCORES[1:], n_samples),
            rng.choice(TOP_SCORES[:3], n_samples),
        )
    y_score = np.repeat(
        ((1 - confidence) / (n_classes - 1))[:, None], n_classes, axis=1
    )
    y_score[np.arange(n_samples), codes_pred_full] = confidence
    weights = rng.integers(0, 4, n_samples) if weighted else None
    if weights is not None:
        weights[:3] = [1, 2, 3]  # not all zero in any variant
    grids = _grids(codes_true, codes_pred_full, confidence, weights)
    case = Case(
        size=f"{n_samples}x{n_classes}",
        codes_true=codes_true,
        codes_pred_full=codes_pred_full,
        y_true=None,
        y_pred=None,
        y_pred_full=None,
        classes=None,
        reject_label=None,
        y_score=y_score,
        confidence=confidence,
        sample_weight=None if weights is None else weights.astype(float),
        coverage_grid=grids[0],
        risk_grid=grids[1],
        n_exact_coverages=grids[2],
        n_exact_risks=grids[3],
    )
    return with_labels(case, "int64")


# Label kinds: how the class codes 0, 1, 2 and a rejection are written.
# Each maps code -> label in an order that sorts like the codes, so every
# kind gives the same matrix.
_STRINGS = np.array(["ant", "bee", "cat"])


def _numpy_labels(values, reject, dtype):
    return np.asarray(values, dtype=dtype), reject


LABEL_KINDS = [
    "uint8",
    "int8",
    "int16",
    "int64",
    "bool",
    "float64",
    "str",
    "object",
    "categorical",
    "string[pyarrow]",
    "StringDType",
    "NA names",
]


def label_values(kind, n_classes=N_CLASSES):
    """``(class labels, reject marker, array constructor)`` of a label kind."""
    codes = np.arange(n_classes)
    if kind == "uint8":
        # -1 does not fit: the reject marker is another value of the dtype.
        return codes.astype(np.uint8), np.uint8(200), np.uint8
    if kind in ("int8", "int16", "int64"):
        return codes.astype(kind), -1, kind
    if kind == "bool":
        # Two classes only, and no room for a marker: the predictions carry
        # no rejection (the default marker -1 then never occurs).
        return np.array([False, True]), -1, bool
    if kind == "float64":
        return codes.astype(float), -1.0, float
    strings = (
        _STRINGS if n_classes == N_CLASSES else np.array([f"c{i:03d}" for i in codes])
    )
    if kind in ("str", "categorical", "string[pyarrow]", "StringDType"):
        return strings, "rejected", kind
    if kind == "object":
        return strings.astype(object), "rejected", object
    if kind == "NA names" and n_classes == N_CLASSES:
        # Class names that CSV readers take for missing values by default.
        return np.array(["NA", "None", "null"]), "rejected", "str"
    raise ValueError(kind)


def _encode(codes, classes, reject, kind):
    values = [reject if code < 0 else classes[code] for code in codes]
    if kind == "categorical":
        return pd.Categorical(values)
    if kind == "string[pyarrow]":
        return pd.array(values, dtype="string[pyarrow]")
    if kind == "StringDType":
        return np.array(values, dtype=np.dtypes.StringDType())
    if kind == "object":
        return np.array(values, dtype=object)
    if kind in ("str", "NA names"):
        return np.array(values)
    dtype = {"uint8": np.uint8, "bool": bool, "float64": float}.get(kind, kind)
    return np.array(values, dtype=dtype)


def with_labels(case, kind):
    """The case with its labels written in another kind (dtype)."""
    classes, reject, _ = label_values(kind, n_classes_of(case))
    codes_true, codes_pred_full = case.codes_true, case.codes_pred_full
    if kind == "bool":
        # Fold class 2 into class 1 (and drop the rejections, see label_values).
        codes_true = np.minimum(codes_true, 1)
        codes_pred_full = np.minimum(codes_pred_full, 1)
    codes_pred = np.where(case.confidence < THRESHOLD, -1, codes_pred_full)
    if kind == "bool":
        codes_pred = codes_pred_full
    return case.replace(
        codes_true=codes_true,
        codes_pred_full=codes_pred_full,
        y_true=_encode(codes_true, classes, reject, kind),
        y_pred=_encode(codes_pred, classes, reject, kind),
        y_pred_full=_encode(codes_pred_full, classes, reject, kind),
        classes=classes,
        reject_label=reject,
        y_score=case.y_score[:, : len(classes)]
        if kind != "bool"
        else _binary_scores(case, codes_pred_full),
    )


def _binary_scores(case, codes_pred_full):
    scores = np.empty((case.n_samples, 2))
    scores[np.arange(case.n_samples), codes_pred_full] = case.confidence
    scores[np.arange(case.n_samples), 1 - codes_pred_full] = 1 - case.confidence
    return scores


def n_classes_of(case):
    """The number of classes of a case (every class is among the true labels)."""
    return int(case.codes_true.max()) + 1


def with_nan_reject(case, marker=np.nan):
    """Float labels with ``marker`` (NaN or ``pd.NA``) for a rejection."""
    codes_pred = np.where(case.confidence < THRESHOLD, -1, case.codes_pred_full)
    if marker is pd.NA:
        y_true = pd.array(case.codes_true, dtype="Int64")
        y_pred = pd.array([pd.NA if c < 0 else c for c in codes_pred], dtype="Int64")
        y_pred_full = pd.array(case.codes_pred_full, dtype="Int64")
        classes = np.arange(n_classes_of(case))
    else:
        y_true = case.codes_true.astype(float)
        y_pred = np.where(codes_pred < 0, np.nan, codes_pred.astype(float))
        y_pred_full = case.codes_pred_full.astype(float)
        classes = np.arange(n_classes_of(case), dtype=float)
    return case.replace(
        y_true=y_true,
        y_pred=y_pred,
        y_pred_full=y_pred_full,
        classes=classes,
        reject_label=marker,
    )


def repeated(case):
    """Each sample repeated ``sample_weight`` times, unweighted."""
    counts = case.sample_weight.astype(int)
    assert np.array_equal(counts, case.sample_weight)

    def rep(values):
        if isinstance(values, pd.Categorical):
            return values[np.repeat(np.arange(len(values)), counts)]
        return np.repeat(np.asarray(values), counts, axis=0)

    return case.replace(
        codes_true=np.repeat(case.codes_true, counts),
        codes_pred_full=np.repeat(case.codes_pred_full, counts),
        y_true=rep(case.y_true),
        y_pred=rep(case.y_pred),
        y_pred_full=rep(case.y_pred_full),
        y_score=rep(case.y_score),
        confidence=rep(case.confidence),
        sample_weight=None,
    )


def with_weights(case, weights):
    return case.replace(sample_weight=np.asarray(weights, dtype=float))


def with_confidence(case, transform):
    """Confidences (and every score) through a strictly increasing map.

    ``transform`` maps a float array to an array of the same shape; the
    argmax of each score row and the order of the confidences are kept.
    """
    return case.replace(
        confidence=transform(case.confidence),
        y_score=transform(case.y_score),
        threshold=transform(np.array([case.threshold]))[0],
    )


def codes_of(values, case):
    """Class indices of labels written as in ``case`` (-1 for a rejection)."""
    values = list(values.tolist() if hasattr(values, "tolist") else values)
    classes = list(np.asarray(case.classes).tolist())
    codes = []
    for value in values:
        if is_missing(value) and is_missing(case.reject_label):
            codes.append(-1)
        elif not is_missing(value) and value in classes:
            codes.append(classes.index(value))
        elif not is_missing(value) and value == case.reject_label:
            codes.append(-1)
        else:
            raise AssertionError(f"{value!r} is neither a class nor the marker")
    return np.array(codes)


def is_missing(value):
    if value is None or value is pd.NA:
        return True
    try:
        return bool(np.isnan(value))
    except (TypeError, ValueError):
        return False


# Slow, obviously correct references: one matrix per threshold, by loops.


def reference_matrix(codes_true, codes_pred, weights, n_classes=None):
    """The augmented matrix by a loop over samples, as exact fractions.

    ``n_classes`` defaults to the classes of ``codes_true`` (a case's true
    labels hold every class).
    """
    if n_classes is None:
        n_classes = int(max(codes_true)) + 1
    matrix = [[Fraction(0)] * (n_classes + 1) for _ in range(n_classes)]
    for t, p, w in zip(codes_true, codes_pred, weights, strict=True):
        matrix[t][p if p >= 0 else n_classes] += Fraction(float(w))
    return matrix


def reference_risk_coverage(codes_true, codes_pred, confidence, weights):
    """Coverage, selective and generalized risk at every distinct threshold.

    Decreasing thresholds, as :func:`infometrics.curves.risk_coverage_curve`; each
    point from its own accepted set, in exact fractions.
    """
    weights = [Fraction(float(w)) for w in weights]
    total = sum(weights)
    points = []
    for threshold in np.unique(confidence)[::-1]:
        # A prediction already rejected (code -1) stays rejected.
        accepted = [
            c >= threshold and p >= 0
            for c, p in zip(confidence, codes_pred, strict=True)
        ]
        accepted_weight = sum(w for w, a in zip(weights, accepted, strict=True) if a)
        errors = sum(
            w
            for w, a, t, p in zip(
                weights, accepted, codes_true, codes_pred, strict=True
            )
            if a and t != p
        )
        risk = errors / accepted_weight if accepted_weight else None
        points.append((accepted_weight / total, risk, errors / total, threshold))
    return points
