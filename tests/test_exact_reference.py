"""Exact-arithmetic differential test: every measure against a slow reference
written here from the published formulas (Valverde-Albacete & Pelaez-Moreno;
Hu, He & Yuan; Hu & Wang), with ``fractions.Fraction`` for the rational parts
and ``mpmath`` (40 digits) for the logarithms, on thousands of small matrices
rich in degenerate shapes.

The reference never calls the package. Degenerate decisions (a zero entropy, an
exactly independent matrix, an infinite divergence) are taken on exact
fractions, so the reference cannot confuse "zero" with "rounded to nearly zero".
"""

import math
from fractions import Fraction

import numpy as np
import pytest

mpmath = pytest.importorskip("mpmath")
from infometrics import entropy_triangle, information_coverage  # noqa: E402
from infometrics.measures import MEASURES, compute_measures  # noqa: E402

mpmath.mp.dps = 40
NAN = float("nan")
INF = float("inf")
# Values in [0, 1] (most measures) are compared absolutely, larger ones
# (losses, xi, entropies) relatively.
TOLERANCE = 1e-12


# -- the reference --------------------------------------------------------------


def log2(x):
    """log2 of a positive Fraction, to 40 digits (exactly 0 for 1)."""
    if x == 1:
        return mpmath.mpf(0)
    return mpmath.log(mpmath.mpf(x.numerator) / x.denominator, 2)


def ln(x):
    return log2(x) * mpmath.log(2)


def neg_entropy(masses):
    return -sum((m * log2(m) for m in masses if m > 0), mpmath.mpf(0))


def kl(a, b):
    """KL(a||b) in bits, or None if infinite."""
    if any(x > 0 and z == 0 for x, z in zip(a, b, strict=True)):
        return None
    return sum(
        (x * log2(x / z) for x, z in zip(a, b, strict=True) if x > 0), mpmath.mpf(0)
    )


def cross_entropy(a, b):
    """-sum a log2 b, or None if infinite."""
    if any(x > 0 and z == 0 for x, z in zip(a, b, strict=True)):
        return None
    return -sum(
        (x * log2(z) for x, z in zip(a, b, strict=True) if x > 0), mpmath.mpf(0)
    )


def ratio(numerator, denominator):
    """numerator / denominator, 0 where the numerator is 0 (a 0/0 term)."""
    return 0 if numerator == 0 else numerator / denominator


def reference(matrix):
    """Every measure and field of one matrix (tuple of tuples of ints)."""
    m, k = len(matrix), len(matrix[0])
    n = sum(map(sum, matrix))
    names = list(MEASURES)
    if n == 0:
        return dict.fromkeys(names, NAN) | {"fields": None}
    padded = [list(row) + ([0] if k == m else []) for row in matrix]
    # An all-zero reject column is not an output: the triangle's alphabet.
    n_y = m + 1 if any(row[m] for row in padded) else m
    P = [[Fraction(c, n) for c in row] for row in padded]
    t = [sum(row) for row in P]
    y = [sum(P[i][j] for i in range(m)) for j in range(m + 1)]
    t_out = [*t, Fraction(0)]  # the truth never takes the reject value
    d = [P[i][i] for i in range(m)]
    h_t, h_y = neg_entropy(t), neg_entropy(y)
    h_ty = neg_entropy([p for row in P for p in row])
    independent = all(P[i][j] == t[i] * y[j] for i in range(m) for j in range(m + 1))
    terms = {
        (i, j): P[i][j] * log2(P[i][j] / (t[i] * y[j]))
        for i in range(m)
        for j in range(m + 1)
        if P[i][j] > 0
    }
    mi = sum(terms.values(), mpmath.mpf(0))
    mi_m = sum((v for (i, j), v in terms.items() if j < m), mpmath.mpf(0))
    h_t_zero = sum(1 for x in t if x > 0) == 1
    h_y_zero = sum(1 for x in y if x > 0) == 1
    h_ty_zero = sum(1 for row in P for p in row if p > 0) == 1
    r = {}

    def group1(name, normaliser, normaliser_zero, divides_by_h_t):
        if h_t_zero and (divides_by_h_t or normaliser_zero):
            r[name] = NAN
        else:
            r[name] = 0 if independent else mi / normaliser

    group1("ni1", h_t, h_t_zero, True)
    r["ni2"] = NAN if h_t_zero else mi_m / h_t
    group1("ni3", h_y, h_y_zero, False)
    r["ni4"] = NAN if h_t_zero else (0 if independent else (mi / h_t + mi / h_y) / 2)
    group1("ni5", (h_t + h_y) / 2, h_t_zero and h_y_zero, False)
    group1("ni6", mpmath.sqrt(h_t * h_y), h_t_zero or h_y_zero, False)
    group1("ni7", h_ty, h_ty_zero, False)
    group1("ni8", max(h_t, h_y), h_t_zero and h_y_zero, False)
    group1("ni9", min(h_t, h_y), h_t_zero or h_y_zero, False)

    a, b = t_out, y
    zipped = list(zip(a, b, strict=True))

    def div(name, value):
        r[name] = NAN if value is None else mpmath.exp(-value)

    div("ni10", sum((x - z) ** 2 for x, z in zipped))
    sty = sum(x * z for x, z in zipped)
    div(
        "ni11",
        None
        if sty == 0
        else log2(sum(x * x for x in a) * sum(z * z for z in b) / sty**2),
    )
    kl_ty, kl_yt = kl(a, b), kl(b, a)
    div("ni12", kl_ty)
    bc = sum(mpmath.sqrt(mpmath.mpf(x * z)) for x, z in zipped)
    div("ni13", None if bc == 0 else -mpmath.log(bc, 2))

    def chi(u, v):
        if any(x != z and z == 0 for x, z in zip(u, v, strict=True)):
            return None
        return sum((x - z) ** 2 / z for x, z in zip(u, v, strict=True) if z > 0)

    div("ni14", chi(a, b))
    div(
        "ni15",
        sum(
            (mpmath.sqrt(mpmath.mpf(x)) - mpmath.sqrt(mpmath.mpf(z))) ** 2
            for x, z in zipped
        ),
    )
    div("ni16", sum(abs(x - z) for x, z in zipped))
    div("ni17", None if kl_ty is None or kl_yt is None else kl_ty + kl_yt)
    mid = [(x + z) / 2 for x, z in zipped]
    div("ni18", kl(a, mid) + kl(b, mid))
    chi_ty, chi_yt = chi(a, b), chi(b, a)
    div("ni19", None if chi_ty is None or chi_yt is None else chi_ty + chi_yt)
    if kl_ty is None or kl_yt is None:
        div("ni20", None)
    elif kl_ty + kl_yt == 0:
        div("ni20", 0)
    else:
        div("ni20", kl_ty * kl_yt / (kl_ty + kl_yt))

    ce_ty, ce_yt = cross_entropy(a, b), cross_entropy(b, a)

    def ce_ratio(numerator, denominator):
        if denominator is None:
            return 0  # infinite cross-entropy: the limit of the ratio
        if denominator == 0:
            return NAN
        return numerator / denominator

    r["ni21"] = ce_ratio(h_t, ce_ty)
    r["ni22"] = ce_ratio(h_y, ce_yt)
    r["ni23"] = (
        NAN
        if NAN in (r["ni21"], r["ni22"])
        or r["ni21"] != r["ni21"]
        or r["ni22"] != r["ni22"]
        else (r["ni21"] + r["ni22"]) / 2
    )
    r["ni24"] = ce_ratio(
        h_t + h_y, None if ce_ty is None or ce_yt is None else ce_ty + ce_yt
    )

    h_t_given_y, h_y_given_t = h_ty - h_y, h_ty - h_t
    if h_t_zero:
        r["info_completeness"] = r["false_info_ratio"] = r["info_error"] = NAN
    else:
        f = 0 if independent else mi / h_t
        r["info_completeness"] = f
        r["false_info_ratio"] = h_y_given_t / h_t
        r["info_error"] = 1 - f + h_y_given_t / h_t

    log_x = log2(Fraction(m))
    log_y = log2(Fraction(n_y))
    h_u = log_x + log_y
    if m == 1 and n_y == 1:
        r["triangle_dh"] = r["triangle_mi"] = r["triangle_vi"] = NAN
    else:
        r["triangle_dh"] = (h_u - h_t - h_y) / h_u
        r["triangle_mi"] = 2 * mi / h_u
        r["triangle_vi"] = (h_t_given_y + h_y_given_t) / h_u
    r["ema"] = mpmath.power(2, -h_t_given_y)
    r["nit"] = mpmath.power(2, mi) / m

    hits = sum(d)
    accepted = sum(y[:m])
    r["correct_rate"] = r["accuracy"] = hits
    r["error_rate"] = sum(P[i][j] for i in range(m) for j in range(m) if i != j)
    r["reject_rate"] = y[m]
    r["accepted_accuracy"] = NAN if accepted == 0 else hits / accepted
    if m == 2:
        r["precision"] = NAN if y[1] == 0 else d[1] / y[1]
        r["recall"] = NAN if t[1] == 0 else d[1] / t[1]
        r["f1"] = NAN if t[1] + y[1] == 0 else 2 * d[1] / (t[1] + y[1])
    chance = sum(x * z for x, z in zipped)
    r["kappa"] = NAN if chance == 1 else (hits - chance) / (1 - chance)
    t_rest = [sum(t) - t[i] for i in range(m)]
    y_rest = [sum(y) - y[i] for i in range(m)]
    true_negative = [t_rest[i] - (y[i] - d[i]) for i in range(m)]
    r["tpr"] = sum(t[i] * ratio(d[i], t[i]) for i in range(m))
    r["fpr"] = sum(t[i] * ratio(y[i] - d[i], t_rest[i]) for i in range(m))
    r["ppv"] = sum(t[i] * ratio(d[i], y[i]) for i in range(m))
    r["npv"] = sum(t[i] * ratio(true_negative[i], y_rest[i]) for i in range(m))
    r["rand_index"] = sum(t[i] * (d[i] + true_negative[i]) for i in range(m))
    r["f_score"] = sum(t[i] * ratio(2 * d[i], t[i] + y[i]) for i in range(m))
    r["quadratic_loss"] = sum(
        t[i] * (sum(p * p for p in P[i]) - 2 * d[i] + 1) for i in range(m)
    )
    r["linear_loss"] = sum(t[i] * (t[i] + 1 - 2 * d[i]) for i in range(m))
    r["informational_loss"] = (
        INF
        if any(t[i] > 0 and d[i] == 0 for i in range(m))
        else -sum((t[i] * ln(d[i]) for i in range(m) if t[i] > 0), mpmath.mpf(0))
    )
    r["zero_one_loss"] = 1 - hits  # scikit-learn's: a rejection is an error
    r["holt_zero_one_loss"] = -hits  # Holt et al.'s 0-1 loss matrix -δ_ij
    errors = 1 - hits
    if independent:
        r["xi"] = INF if errors > 0 else NAN
    else:
        r["xi"] = errors / (mi * mpmath.log(2))
    present = [i for i in range(m) if t[i] > 0]
    r["balanced_error_rate"] = 1 - sum(d[i] / t[i] for i in present) / len(present)
    r["combined_error_rate"] = (r["fpr"] + 1 - r["tpr"]) / 2
    r["micro_f1"] = 2 * hits / (accepted + 1)
    r["macro_f1"] = sum(ratio(2 * d[i], t[i] + y[i]) for i in range(m)) / m
    weight = [-(x * log2(x)) if x > 0 else 0 for x in t]
    normaliser = sum(t[i] * weight[i] for i in range(m))
    r["info_weighted_accuracy"] = (
        NAN if normaliser == 0 else sum(d[i] * weight[i] for i in range(m)) / normaliser
    )

    def conditional(masses):
        total = sum(masses)
        if total == 0:
            return NAN
        return neg_entropy([x / total for x in masses])

    r["fields"] = {
        "h_true": h_t,
        "h_output": h_y,
        "h_joint": h_ty,
        "mutual_info": 0 if independent else mi,
        "h_true_given_output": h_t_given_y,
        "h_output_given_true": h_y_given_t,
        "output_entropy_per_true_class": [conditional(row) for row in P],
        "true_entropy_per_output": [
            conditional([P[i][j] for i in range(m)]) for j in range(m + 1)
        ][:k],
        "x": None
        if m == 1
        else ((log_x - h_t) / log_x, mi / log_x, h_t_given_y / log_x),
        "y": None
        if n_y == 1
        else ((log_y - h_y) / log_y, mi / log_y, h_y_given_t / log_y),
    }
    return r


# -- the matrices -------------------------------------------------------------


def _random_matrices(rng):
    """``{category: [matrix, ...]}``, matrices as tuples of tuples of ints."""

    def shape():
        m = int(rng.integers(1, 5))
        return m, m + int(rng.integers(0, 2))

    def sparse(m, k, high=7, zeros=0.4):
        counts = rng.integers(0, high, (m, k))
        counts[rng.random((m, k)) < zeros] = 0
        return counts

    cases = {name: [] for name in CATEGORIES}
    for _ in range(700):
        cases["random"].append(sparse(*shape()))
    for _ in range(250):
        m, k = shape()
        counts = np.zeros((m, k), dtype=int)
        counts[:, rng.integers(0, k)] = rng.integers(0, 9, m)
        cases["majority"].append(counts)
    for _ in range(300):
        m, k = shape()
        counts = np.outer(rng.integers(0, 5, m), rng.integers(0, 5, k))
        cases["independent"].append(counts)
    for _ in range(150):
        m, k = shape()
        counts = np.zeros((m, k), dtype=int)
        counts[rng.integers(0, m), rng.integers(0, k)] = rng.integers(1, 10)
        cases["single_cell"].append(counts)
    for _ in range(300):
        m, k = shape()
        counts = sparse(m, k, zeros=0.2)
        counts[rng.random(m) < 0.4] = 0
        counts[:, rng.random(k) < 0.4] = 0
        cases["empty_rows_columns"].append(counts)
    for _ in range(100):
        cases["one_class"].append(rng.integers(0, 6, (1, int(rng.integers(1, 3)))))
    for _ in range(100):
        m = int(rng.integers(1, 5))
        counts = np.zeros((m, m + 1), dtype=int)
        counts[:, m] = rng.integers(0, 6, m)
        cases["all_rejected"].append(counts)
    for _ in range(100):
        m, k = shape()
        counts = np.zeros((m, k), dtype=int)
        counts[np.arange(m), np.arange(m)] = rng.integers(0, 6, m)
        cases["perfect"].append(counts)
    for m in range(1, 5):
        for k in (m, m + 1):
            cases["empty"].append(np.zeros((m, k), dtype=int))
    return {
        name: [tuple(map(tuple, np.asarray(c).tolist())) for c in matrices]
        for name, matrices in cases.items()
    }


CATEGORIES = [
    "random",
    "majority",
    "independent",
    "single_cell",
    "empty_rows_columns",
    "one_class",
    "all_rejected",
    "perfect",
    "empty",
]
MATRICES = _random_matrices(np.random.default_rng(20261123))
_REFERENCES = {}


def expected_values(matrix):
    if matrix not in _REFERENCES:
        _REFERENCES[matrix] = reference(matrix)
    return _REFERENCES[matrix]


def by_shape(matrices):
    groups = {}
    for matrix in matrices:
        groups.setdefault((len(matrix), len(matrix[0])), []).append(matrix)
    return groups


def mismatch(got, expected):
    """None if ``got`` equals the exact ``expected``, else a description."""
    got = float(got)
    if isinstance(expected, float) and math.isnan(expected):
        return None if math.isnan(got) else f"expected nan (undefined), got {got!r}"
    if expected == INF or expected == -INF:
        return None if got == expected else f"expected {expected}, got {got!r}"
    value = (
        mpmath.mpf(expected.numerator) / expected.denominator
        if isinstance(expected, Fraction)
        else mpmath.mpf(expected)
    )
    if not math.isfinite(got):
        return f"expected {mpmath.nstr(value, 17)}, got {got!r}"
    if got == 0 and math.copysign(1.0, got) < 0:
        return f"expected {mpmath.nstr(value, 17)}, got -0.0"
    error = abs(mpmath.mpf(got) - value)
    if error <= TOLERANCE * max(1, abs(value)):
        return None
    return f"expected {mpmath.nstr(value, 17)}, got {got!r}"


def measure_failures(name, category):
    failures = []
    for shape, matrices in by_shape(MATRICES[category]).items():
        if MEASURES[name].binary_only and shape[0] != 2:
            continue
        stack = np.array(matrices, dtype=np.int64)
        values = np.asarray(
            compute_measures(stack, [name], replace_undefined_by=np.nan)[name]
        )
        for matrix, got in zip(matrices, values.ravel(), strict=True):
            problem = mismatch(got, expected_values(matrix)[name])
            if problem:
                failures.append(f"{name} of {[list(r) for r in matrix]}: {problem}")
    return failures


# Known core defects (reported to the lead): each case must fail today, and
# turns into an XPASS (a failure, strict) once fixed -- then unmark it.
KNOWN_DEFECTS: dict[tuple[str, str], str] = {}


def _cases():
    for name in MEASURES:
        for category in CATEGORIES:
            reason = KNOWN_DEFECTS.get((name, category))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(name, category, marks=marks, id=f"{name}-{category}")


@pytest.mark.parametrize(("name", "category"), list(_cases()))
def test_measure_equals_the_exact_reference(name, category):
    failures = measure_failures(name, category)
    assert not failures, f"{len(failures)} mismatches, e.g.:\n" + "\n".join(
        failures[:5]
    )


FIELD_NAMES = [
    "h_true",
    "h_output",
    "h_joint",
    "mutual_info",
    "h_true_given_output",
    "h_output_given_true",
]


def field_failures(category):
    failures = []
    for matrices in by_shape(MATRICES[category]).values():
        stack = np.array(matrices, dtype=np.int64)
        coverage = information_coverage(stack, replace_undefined_by=np.nan)
        triangle = entropy_triangle(stack, replace_undefined_by=np.nan)
        for index, matrix in enumerate(matrices):
            fields = expected_values(matrix)["fields"]
            if fields is None:
                continue
            checks = [
                (name, getattr(coverage, name)[index], fields[name])
                for name in FIELD_NAMES
            ]
            for name in ("output_entropy_per_true_class", "true_entropy_per_output"):
                got = np.asarray(getattr(coverage, name))[index]
                checks += [
                    (f"{name}[{j}]", g, e)
                    for j, (g, e) in enumerate(zip(got, fields[name], strict=True))
                ]
            for axis in ("x", "y"):
                point = getattr(triangle, axis)
                parts = fields[axis] or (NAN, NAN, NAN)
                checks += [
                    (f"{axis}.{part}", np.asarray(getattr(point, part))[index], e)
                    for part, e in zip(
                        ("delta_h", "mutual_info", "variation_info"), parts, strict=True
                    )
                ]
            for name, got, expected in checks:
                problem = mismatch(got, expected)
                if problem:
                    failures.append(f"{name} of {[list(r) for r in matrix]}: {problem}")
    return failures


KNOWN_FIELD_DEFECTS = {}


@pytest.mark.parametrize(
    "category",
    [
        pytest.param(
            c,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_FIELD_DEFECTS[c])]
            if c in KNOWN_FIELD_DEFECTS
            else [],
        )
        for c in CATEGORIES
        if c != "empty"
    ],
)
def test_coverage_and_triangle_fields_equal_the_exact_reference(category):
    failures = field_failures(category)
    assert not failures, f"{len(failures)} mismatches, e.g.:\n" + "\n".join(
        failures[:5]
    )


def test_the_reference_itself_on_hand_checked_values():
    # An independent, a perfect, a one-class and a uniform matrix, by hand.
    independent = reference(((2, 4, 2), (1, 2, 1)))
    assert independent["ni1"] == 0
    assert independent["fields"]["mutual_info"] == 0
    assert independent["xi"] == INF
    perfect = reference(((3, 0), (0, 1)))
    assert abs(perfect["ni1"] - 1) < 1e-30
    assert perfect["accuracy"] == 1
    assert abs(perfect["ni10"] - 1) < 1e-30
    assert reference(((5, 0),))["ni1"] != reference(((5, 0),))["ni1"]  # nan
    half = reference(((1, 1), (1, 1)))
    assert half["kappa"] == 0
    assert half["tpr"] == Fraction(1, 2)
