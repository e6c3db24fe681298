"""One line per public entry point: what it takes and how to read its numbers.

Each :class:`Entry` runs its entry point on a :class:`~invariance.cases.Case`
and returns a flat ``{name: float array}`` of every number it produced, so an
invariant compares two runs without knowing the entry point. Its ``takes``
say which invariants apply:

- ``"labels"``: class labels of any dtype and a reject marker (invariants 3, 4);
- ``"weights"``: ``sample_weight`` (invariants 1, 2);
- ``"confidence"``: a confidence or scores whose order is all that counts (6);
- ``"matrix"``: a confusion matrix (count scaling of invariant 2);
- ``"threads"``: safe to call from several threads at once (9). Entries
  without it say why in :data:`NOT_THREADED`.

Invariants also read the output names: see ``test_inv_ranges``.
"""

import contextlib
import dataclasses
import hashlib
import io
import json
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin

import infometrics as im
from infometrics.cli import main as cli_main

from .cases import Case, codes_of

MEASURES = ("ni2", "info_completeness", "false_info_ratio")


@dataclasses.dataclass(frozen=True)
class Entry:
    name: str
    run: Callable[[Case], dict]
    takes: frozenset
    # Public names (of tests/public_names.py) this entry exercises.
    covers: tuple


ENTRIES: dict[str, Entry] = {}

# Warnings an entry gives on a case size by design: ``{(entry, size):
# (category, reason)}``. A check that runs the entry there expects the warning
# instead of failing on it.
EXPECTED_WARNINGS: dict[tuple[str, str], tuple[type, str]] = {}


def run_expecting(name, case):
    """``ENTRIES[name].run(case)``, expecting the warning the registry lists."""
    expected = EXPECTED_WARNINGS.get((name, case.size))
    if expected is None:
        return ENTRIES[name].run(case)
    with pytest.warns(expected[0]):
        return ENTRIES[name].run(case)


# Exceptions to the invariants, as data: each says which entry and why.

# Entries whose numbers mix counts and measures in one list.
SCALE_EXEMPT = {
    "html_report": "the page prints the weighted counts next to the measures",
    "adjusted_measures": "the expected information under the permutation model "
    "depends on the number of samples, not only on their shares",
    "jackknife_measures": "deleting one sample of n: the correction and its "
    "standard error depend on n by definition",
    "get_scorer[adjusted names]": "as adjusted_measures",
    "mutual_info_sensitivity": "the change of I when one sample moves: 1/n of "
    "the counts by definition",
}
# Entries that may refuse a scaled input with a clear error instead: the
# multinomial bootstrap of a matrix needs integer counts.
CLEAR_REFUSALS = {
    "bootstrap_measures": "integer counts",
    "adjusted_measures": "needs integer counts",
    "jackknife_measures": "needs integer counts",
    "get_scorer[adjusted names]": "needs integer counts",
}
# Entries that must refuse, clearly and before allocating, whole counts whose
# total int64 cannot hold: the issue's defect "float counts >= 2**63 wrap and
# then ask for 67 GiB" is fixed by this refusal (×1e100 gives such counts),
# so equal numbers cannot be asked of them.
INT64_REFUSALS = {"bootstrap_measures": r"at most 2\*\*63 - 1"}


# e_aurc is the one number that is not the same for integer weights and
# repetitions, and cannot be while invariant 2 holds. Its oracle ranks samples
# (the same step formula with the oracle ranking, no ties), and
# doubling unit weights, which must change nothing (invariant 2), is repeating
# every sample twice: 1 correct + 1 error gives an oracle area of 1/4 as two
# samples and 5/24 as four (twice the steps, a smaller area). The only oracle
# free of both (a function of the error rate alone) is Geifman et al.'s
# continuous ``r + (1 - r) ln(1 - r)``, which is not the step oracle (a perfect
# ranking of n samples would no longer score 0): that is a change of the
# definition to decide, not of the battery. So here e_aurc's outputs are checked against
# e_aurc itself on each side (the weighted case is checked against the step oracle in
# test_e_aurc_oracle_ranks_weighted_samples), and every other output of these
# entries must still equal the repetition's. Its docstring says so.
E_AURC_KEYS = {
    "e_aurc": "area",
    "get_scorer[risk-coverage names]": "neg_e_aurc",
    "make_risk_coverage_scorer": "e_aurc",
}


# Entries that see the classifier's own rejections (y_pred), not y_pred_full.
SEES_REJECTIONS = {"reject_curve_from_predictions"}

# A page with figures is about a second of matplotlib: fewer threads keep
# the battery within its time budget and still overlap the renderings.
THREADS_OF = {"html_report[figures]": 2}

# Entries not run from several threads at once, and why.
NOT_THREADED = {
    "cli report csv": "the CLI prints to sys.stdout, which a test can only "
    "capture by redirecting it for the whole process",
    "cli report json per-class": "as 'cli report csv'",
    "cli plot": "as 'cli report csv'",
    "cli audit": "as 'cli report csv'",
}


def entry(name, *takes, covers=None):
    def register(function):
        ENTRIES[name] = Entry(
            name=name,
            run=function,
            takes=frozenset(takes)
            | ({"threads"} if name not in NOT_THREADED else set()),
            covers=tuple(covers if covers is not None else [name]),
        )
        return function

    return register


def flat(**values):
    """``{name: 1-d float array}``; dicts, named tuples and dataclasses spread."""
    out = {}
    for key, value in values.items():
        if isinstance(value, dict):
            out.update(flat(**{f"{key}.{k}": v for k, v in value.items()}))
        elif isinstance(value, tuple) and hasattr(value, "_asdict"):
            out.update(flat(**{f"{key}.{k}": v for k, v in value._asdict().items()}))
        elif dataclasses.is_dataclass(value):
            fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
            out.update(flat(**{f"{key}.{k}": v for k, v in fields.items()}))
        elif isinstance(value, pd.DataFrame):
            numeric = value.select_dtypes(include=["number", "bool"])
            out.update(
                flat(**{f"{key}.{col}": numeric[col].to_numpy() for col in numeric})
            )
        elif value is None:
            continue
        else:
            out[key] = np.atleast_1d(np.asarray(value, dtype=float)).ravel()
    return out


def _labels_kw(case):
    return {"reject_label": case.reject_label, "sample_weight": case.sample_weight}


def matrix_of(case):
    return im.augmented_confusion_matrix(
        case.y_true,
        case.y_pred,
        reject_label=case.reject_label,
        sample_weight=case.sample_weight,
    )


# Label level ---------------------------------------------------------------


@entry("augmented_confusion_matrix", "labels", "weights")
def _(case):
    return flat(
        matrix=im.augmented_confusion_matrix(
            case.y_true, case.y_pred, **_labels_kw(case)
        )
    )


@entry("ni_score", "labels", "weights")
def _(case):
    return flat(
        ni2=im.ni_score(case.y_true, case.y_pred, **_labels_kw(case)),
        ni12=im.ni_score(
            case.y_true,
            case.y_pred,
            measure="ni12",
            replace_undefined_by=np.nan,
            **_labels_kw(case),
        ),
    )


@entry("all_measures_score", "labels", "weights")
def _(case):
    return flat(
        m=im.all_measures_score(
            case.y_true, case.y_pred, replace_undefined_by=np.nan, **_labels_kw(case)
        )
    )


@entry("information_coverage_score", "labels", "weights")
def _(case):
    return flat(
        c=im.information_coverage_score(case.y_true, case.y_pred, **_labels_kw(case))
    )


@entry("entropy_triangle_score", "labels", "weights")
def _(case):
    return flat(
        t=im.entropy_triangle_score(case.y_true, case.y_pred, **_labels_kw(case))
    )


@entry("conventional_measures_score", "labels", "weights")
def _(case):
    return flat(
        m=im.conventional_measures_score(
            case.y_true,
            case.y_pred,
            replace_undefined_by=np.nan,
            **_labels_kw(case),
        )
    )


@entry("information_report", "labels", "weights")
def _(case):
    return flat(
        r=im.report.information_report(
            y_true=case.y_true, y_pred=case.y_pred, **_labels_kw(case)
        )[["value"]]
    )


@entry("per_class_report", "labels", "weights")
def _(case):
    return flat(
        r=im.report.per_class_report(
            y_true=case.y_true, y_pred=case.y_pred, **_labels_kw(case)
        )
    )


@entry("compare", "labels")
def _(case):
    table = im.report.compare(
        {"a": (case.y_true, case.y_pred), "b": (case.y_true, case.y_pred_full)},
        reject_label=case.reject_label,
    )
    return flat(t=table)


_NUMBER = re.compile(r'<td class="num[^"]*"[^>]*>([^<]*)</td>')


def html_numbers(page):
    """Every number of the page's tables, '–' (undefined) as NaN."""
    values = []
    for text in _NUMBER.findall(page):
        text = text.replace("−", "-").replace(",", "").strip()
        values.append(np.nan if text in ("–", "") else float(text.rstrip("%")))
    return np.array(values)


@entry("html_report", "labels", "weights", "confidence")
def _(case):
    page = im.report.html_report(
        case.y_true,
        case.y_pred_full,
        confidence=case.confidence,
        threshold=case.threshold,
        figures=False,
        **_labels_kw(case),
    )
    return flat(numbers=html_numbers(page))


@entry("html_report[figures]", covers=["html_report"])
def _(case):
    # The page with its figures, for the state and text invariants: figures
    # are what touch matplotlib. A seed: the page's bootstrap intervals are
    # drawn afresh on every call without one (documented), so two calls (or
    # threads) could never give the same bytes.
    page = im.report.html_report(
        case.y_true,
        case.y_pred_full,
        confidence=case.confidence,
        threshold=case.threshold,
        random_state=0,
        **_labels_kw(case),
    )
    return flat(numbers=html_numbers(page), page=page_digest(page))


@entry("html_report_from_estimator", "labels")
def _(case):
    page = im.report.html_report_from_estimator(
        fitted_reject_option(case), case.X, case.y_true, figures=False
    )
    return flat(numbers=html_numbers(page))


_META = re.compile(r'<p class="meta">.*?</p>')


def page_digest(page):
    """The page's SHA-256 as 8 exact floats, its time stamp left out.

    Figures are part of the page: two equal calls must give the same bytes.
    """
    digest = hashlib.sha256(_META.sub("", page).encode()).digest()
    return np.frombuffer(digest, dtype=np.uint32).astype(float)


@entry("bootstrap_measures_from_predictions", "labels", "weights")
def _(case):
    result = im.resampling.bootstrap_measures_from_predictions(
        case.y_true,
        case.y_pred,
        ["ni2", "accepted_accuracy"],
        n_resamples=40,
        random_state=0,
        **_labels_kw(case),
    )
    # Resamples of weighted and repeated samples differ; the estimates do not.
    return flat(**{name: interval.estimate for name, interval in result.items()})


@entry(
    "bootstrap_measures_from_predictions[interval]",
    "labels",
    covers=["bootstrap_measures_from_predictions"],
)
def _(case):
    result = im.resampling.bootstrap_measures_from_predictions(
        case.y_true,
        case.y_pred,
        ["ni2"],
        n_resamples=40,
        random_state=0,
        **_labels_kw(case),
    )
    return flat(i=result["ni2"])


@entry("paired_comparison", "labels", "weights")
def _(case):
    result = im.resampling.paired_comparison(
        case.y_true,
        case.y_pred,
        case.y_pred_full,
        n_resamples=40,
        random_state=0,
        **_labels_kw(case),
    )
    return flat(a=result.estimate_a, b=result.estimate_b, d=result.estimate_difference)


# Count level ---------------------------------------------------------------


@entry("ni", "matrix")
def _(case):
    return flat(v=im.ni(matrix_of(case), "ni5"))


@entry("all_measures", "matrix")
def _(case):
    return flat(m=im.all_measures(matrix_of(case), replace_undefined_by=np.nan))


@entry("information_coverage", "matrix")
def _(case):
    return flat(c=im.information_coverage(matrix_of(case)))


@entry("entropy_triangle", "matrix")
def _(case):
    return flat(t=im.entropy_triangle(matrix_of(case)))


@entry("conventional_measures", "matrix")
def _(case):
    return flat(
        m=im.conventional_measures(matrix_of(case), replace_undefined_by=np.nan)
    )


@entry("compute_measures", "matrix")
def _(case):
    return flat(
        m=im.measures.compute_measures(
            matrix_of(case),
            [n for n, s in im.measures.MEASURES.items() if not s.binary_only],
            replace_undefined_by=np.nan,
        )
    )


@entry("error_bounds", "matrix")
def _(case):
    bounds = im.measures.error_bounds(matrix_of(case))
    return flat(lower=bounds.lower, upper=bounds.upper)


@entry("adjusted_measures", "matrix")
def _(case):
    return flat(
        m=im.measures.adjusted_measures(
            matrix_of(case), ["ni2", "ni5", "info_completeness", "triangle_mi"]
        )
    )


@entry("jackknife_measures", "matrix")
def _(case):
    return flat(**im.measures.jackknife_measures(matrix_of(case), list(MEASURES)))


@entry("mutual_info_sensitivity", "matrix")
def _(case):
    return flat(s=im.measures.mutual_info_sensitivity(matrix_of(case), 0, 0, 1))


@entry("bootstrap_measures", "matrix")
def _(case):
    result = im.resampling.bootstrap_measures(
        matrix_of(case), ["ni2"], n_resamples=40, random_state=0
    )
    return flat(estimate=result["ni2"].estimate)


# Selective classification and reject curves --------------------------------


def _selective_args(case):
    return (case.y_true, case.y_pred_full, case.confidence)


@entry("risk_coverage_curve", "labels", "weights", "confidence")
def _(case):
    curve = im.curves.risk_coverage_curve(
        *_selective_args(case), sample_weight=case.sample_weight
    )
    return flat(
        coverage=curve.coverage,
        selective_risk=curve.selective_risk,
        generalized_risk=curve.generalized_risk,
    )


def _area_entry(function):
    def run(case):
        return flat(
            area=function(*_selective_args(case), sample_weight=case.sample_weight)
        )

    return run


for _area in ("aurc", "e_aurc", "augrc"):
    entry(_area, "labels", "weights", "confidence")(
        _area_entry(getattr(im.curves, _area))
    )


@entry("selective_risk_at_coverage", "labels", "weights", "confidence")
def _(case):
    values = [
        im.curves.selective_risk_at_coverage(
            *_selective_args(case), coverage=c, sample_weight=case.sample_weight
        )
        for c in case.coverage_grid
    ]
    k = case.n_exact_coverages
    return flat(selective_risk_on_points=values[:k], selective_risk_between=values[k:])


@entry("coverage_at_risk", "labels", "weights", "confidence")
def _(case):
    values = [
        im.curves.coverage_at_risk(
            *_selective_args(case), risk=r, sample_weight=case.sample_weight
        )
        for r in case.risk_grid
    ]
    k = case.n_exact_risks
    return flat(coverage_on_points=values[:k], coverage_between=values[k:])


def curve_numbers(curve):
    return flat(
        reject_rate=curve.reject_rate,
        error_rate=curve.error_rate,
        accepted_accuracy=curve.accepted_accuracy,
        coverage=curve.coverage,
        selective_risk=curve.selective_risk,
        measures=curve.measures,
        thresholds=curve.thresholds,
    )


@entry("reject_curve", "labels", "weights", "confidence")
def _(case):
    curve = im.curves.reject_curve(
        case.y_true,
        case.y_score,
        labels=case.classes,
        measures=MEASURES,
        sample_weight=case.sample_weight,
    )
    return curve_numbers(curve)


@entry("reject_curve_from_predictions", "labels", "weights", "confidence")
def _(case):
    curve = im.curves.reject_curve_from_predictions(
        case.y_true,
        case.y_pred,
        case.confidence,
        measures=MEASURES,
        **_labels_kw(case),
    )
    return curve_numbers(curve)


def binned_edges(case):
    # Every distinct confidence is an edge, so the binned curve is the exact one.
    return np.unique(case.confidence)


@entry(
    "confidence_binned_counts",
    "labels",
    "weights",
    covers=["confidence_binned_counts", "ConfidenceBinnedCounts"],
)
def _(case):
    binned = im.counting.confidence_binned_counts(
        case.y_true,
        case.y_score,
        thresholds=binned_edges(case),
        labels=case.classes,
        sample_weight=case.sample_weight,
    )
    return {
        **flat(counts=binned.counts),
        **curve_numbers(binned.reject_curve(MEASURES)),
    }


# Streaming and Dask --------------------------------------------------------


@entry("ConfusionAccumulator", "labels", "weights")
def _(case):
    # Three batches, merged by update, merge, + and sum: one call's matrix.
    n = case.n_samples
    parts = [slice(0, n // 4), slice(n // 4, n // 2), slice(n // 2, n)]
    accumulators = []
    for part in parts:
        acc = im.ConfusionAccumulator(reject_label=case.reject_label)
        weights = None if case.sample_weight is None else case.sample_weight[part]
        acc.update(
            _take(case.y_true, part), _take(case.y_pred, part), sample_weight=weights
        )
        accumulators.append(acc)
    merged = accumulators[0].merge(accumulators[1]).merge(accumulators[2])
    return flat(
        merged=merged.confusion_matrix,
        plus=(accumulators[0] + accumulators[1] + accumulators[2]).confusion_matrix,
        summed=sum(accumulators[1:], accumulators[0]).confusion_matrix,
    )


def _take(values, part):
    return values[part]


def _dask_array(values, chunks):
    import dask.array as da

    if not isinstance(values, np.ndarray):
        values = np.asarray(values)
    return da.from_array(values, chunks=chunks)


def _dask_inputs(case, chunks=(5, 20, 23)):
    """The case's labels and weights as Dask collections.

    numpy labels become arrays in uneven chunks; pandas ones (categorical,
    Arrow strings, nullable integers) columns of a dataframe in partitions.
    """
    chunks = _fit_chunks(case.n_samples, chunks)
    if not all(isinstance(v, np.ndarray) for v in (case.y_true, case.y_pred)):
        import dask.dataframe as dd

        frame = pd.DataFrame({"y": pd.Series(case.y_true), "p": pd.Series(case.y_pred)})
        if case.sample_weight is not None:
            frame["w"] = case.sample_weight
        lazy = dd.from_pandas(frame, npartitions=3, sort=False)
        weights = lazy["w"] if case.sample_weight is not None else None
        return lazy["y"], lazy["p"], weights, chunks
    weights = (
        None if case.sample_weight is None else _dask_array(case.sample_weight, chunks)
    )
    return (
        _dask_array(case.y_true, chunks),
        _dask_array(case.y_pred, chunks),
        weights,
        chunks,
    )


def _fit_chunks(n, chunks):
    """``chunks`` cut or extended to add up to ``n``."""
    out, total = [], 0
    for size in chunks:
        size = min(size, n - total)
        if size > 0:
            out.append(size)
            total += size
    if total < n:
        out.append(n - total)
    return tuple(out)


def _synchronous():
    import dask

    return dask.config.set(scheduler="synchronous")


@entry(
    "augmented_confusion_matrix[dask]",
    "labels",
    "weights",
    covers=["augmented_confusion_matrix"],
)
def _(case):
    y_true, y_pred, weights, _ = _dask_inputs(case)
    with _synchronous():
        return flat(
            matrix=im.augmented_confusion_matrix(
                y_true, y_pred, reject_label=case.reject_label, sample_weight=weights
            )
        )


@entry("ni_score[dask]", "labels", "weights", covers=["ni_score"])
def _(case):
    y_true, y_pred, weights, _ = _dask_inputs(case)
    with _synchronous():
        return flat(
            ni2=im.ni_score(
                y_true, y_pred, reject_label=case.reject_label, sample_weight=weights
            )
        )


@entry(
    "ConfusionAccumulator[dask]", "labels", "weights", covers=["ConfusionAccumulator"]
)
def _(case):
    y_true, y_pred, weights, _ = _dask_inputs(case)
    with _synchronous():
        acc = im.ConfusionAccumulator(reject_label=case.reject_label)
        acc.update(y_true, y_pred, sample_weight=weights)
    return flat(matrix=acc.confusion_matrix)


@entry("reject_curve[dask]", "labels", "weights", covers=["reject_curve"])
def _(case):
    import dask.array as da

    chunks = _fit_chunks(case.n_samples, (5, 20, 23))
    scores = da.from_array(case.y_score, chunks=(chunks, case.y_score.shape[1]))
    weights = (
        None if case.sample_weight is None else _dask_array(case.sample_weight, chunks)
    )
    with _synchronous():
        curve = im.curves.reject_curve(
            _dask_array(case.y_true, chunks),
            scores,
            labels=case.classes,
            measures=MEASURES,
            thresholds=binned_edges(case),
            sample_weight=weights,
        )
    return curve_numbers(curve)


@entry(
    "confidence_binned_counts[dask]",
    "labels",
    "weights",
    covers=["confidence_binned_counts"],
)
def _(case):
    import dask.array as da

    chunks = _fit_chunks(case.n_samples, (5, 20, 23))
    scores = da.from_array(case.y_score, chunks=(chunks, case.y_score.shape[1]))
    weights = (
        None if case.sample_weight is None else _dask_array(case.sample_weight, chunks)
    )
    with _synchronous():
        binned = im.counting.confidence_binned_counts(
            _dask_array(case.y_true, chunks),
            scores,
            thresholds=binned_edges(case),
            labels=case.classes,
            sample_weight=weights,
        )
    return flat(counts=binned.counts)


# Displays ------------------------------------------------------------------


def _close(display):
    import matplotlib.pyplot as plt

    plt.close(display.figure_)


@entry("AugmentedConfusionMatrixDisplay", "labels", "weights")
def _(case):
    display = im.plotting.AugmentedConfusionMatrixDisplay.from_predictions(
        case.y_true, case.y_pred, **_labels_kw(case)
    )
    _close(display)
    return flat(matrix=display.confusion_matrix)


@entry("EntropyTriangleDisplay", "labels", "weights")
def _(case):
    display = im.plotting.EntropyTriangleDisplay.from_predictions(
        case.y_true, case.y_pred, name="clf", **_labels_kw(case)
    )
    _close(display)
    return flat(triangle=display.triangles["clf"])


@entry("InformationCoverageDisplay", "labels", "weights")
def _(case):
    display = im.plotting.InformationCoverageDisplay.from_predictions(
        case.y_true, case.y_pred, name="clf", **_labels_kw(case)
    )
    _close(display)
    return flat(points=display.points)


@entry("RejectCurveDisplay", "labels", "weights", "confidence")
def _(case):
    display = im.plotting.RejectCurveDisplay.from_predictions(
        case.y_true,
        case.y_score,
        labels=case.classes,
        measures=MEASURES,
        sample_weight=case.sample_weight,
        name="clf",
    )
    _close(display)
    return curve_numbers(display.curve)


@entry("RiskCoverageDisplay", "labels", "weights", "confidence")
def _(case):
    y_true, y_pred, confidence = _selective_args(case)
    display = im.plotting.RiskCoverageDisplay.from_predictions(
        y_true,
        y_pred,
        confidence=confidence,
        sample_weight=case.sample_weight,
        name="clf",
    )
    _close(display)
    return flat(
        coverage=display.coverage,
        selective_risk=display.selective_risk,
        aurc=display.aurc,
    )


# Tables of an engine ------------------------------------------------------


@entry(
    "counts_from_table",
    "labels",
    "weights",
    covers=["counts_from_table", "ConfusionCounts"],
)
def _(case):
    # A pandas table (the engine grid itself is tests/test_engines.py); the
    # counts go on to a count-level function, as a user's would.
    frame = pd.DataFrame({"t": case.y_true, "p": case.y_pred})
    if case.sample_weight is not None:
        frame["w"] = case.sample_weight
    counts = im.counts_from_table(
        frame,
        y_true="t",
        y_pred="p",
        sample_weight=None if case.sample_weight is None else "w",
        reject_label=case.reject_label,
    )
    return flat(matrix=counts.confusion_matrix, ni2=im.ni(counts))


# Meta-measures --------------------------------------------------------------

# A small search: the battery checks the entry's seams, not the audit's
# results (tests/test_meta_measures.py).
AUDIT_SPACE = {
    "max_samples": 6,
    "max_split_samples": 20,
    "n_random": 10,
    # Small 3-class spaces: the entry is run many times (threads, repeats).
    "max_samples_3class": 4,
}


@entry(
    "meta_measure_audit",
    covers=["meta_measure_audit", "MetaMeasureAudit", "MetaMeasureWitness"],
)
def _(case):
    audit = im.meta.meta_measure_audit(
        ["ni2", "accuracy", "accuracy_score"], **AUDIT_SPACE
    )
    witnesses = audit.witnesses
    return flat(
        held=audit.table.astype(float).to_numpy(),
        share=np.asarray(audit.share_held, dtype=float),
        n_witnesses=len(witnesses),
    )


@entry("ni2_crossover_ratio")
def _(case):
    return flat(omega=[im.meta.ni2_crossover_ratio(n) for n in (20, 100, 1000)])


@entry("cli audit", covers=[])
def _(case):
    options = [
        f"--{key.replace('_', '-')}={value}" for key, value in AUDIT_SPACE.items()
    ]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main(["audit", "ni2", "accuracy", *options])
    if status != 0:
        raise ValueError(f"CLI exit {status}: {err.getvalue()}")
    return flat(n_characters=len(out.getvalue()))


# Command line --------------------------------------------------------------


def _reject_option(case):
    marker = case.reject_label
    if marker is None:
        return "none"
    if marker is pd.NA or (isinstance(marker, float) and np.isnan(marker)):
        return "nan"
    return str(marker.item() if hasattr(marker, "item") else marker)


def run_cli(case, *options, text_labels=False):
    """``infometrics report`` of the case's labels, in process; stdout text."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "labels.csv"
        frame = pd.DataFrame(
            {
                "y_true": np.asarray(case.y_true, dtype=object),
                "y_pred": np.asarray(case.y_pred, dtype=object),
            }
        )
        frame.to_csv(path, index=False)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli_main(
                [
                    "report",
                    str(path),
                    "--kind",
                    "labels",
                    "--reject-label",
                    _reject_option(case),
                    *options,
                ]
            )
    if status != 0:
        raise ValueError(f"CLI exit {status}: {err.getvalue()}")
    return out.getvalue()


@entry("cli report csv", "labels", covers=["main"])
def _(case):
    text = run_cli(case, "--format", "csv")
    table = pd.read_csv(io.StringIO(text))
    return flat(t=table)


@entry("cli report json per-class", "labels", covers=[])
def _(case):
    records = json.loads(run_cli(case, "--format", "json", "--per-class"))
    return flat(t=pd.DataFrame.from_records(records))


def run_cli_plot(case, name="classifier"):
    """``infometrics plot`` of the case's labels, in process; the PNG sizes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "labels.csv"
        frame = pd.DataFrame(
            {
                "y_true": np.asarray(case.y_true, dtype=object),
                "y_pred": np.asarray(case.y_pred, dtype=object),
            }
        )
        frame.to_csv(path, index=False)
        output = Path(folder) / "figures"
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli_main(
                [
                    "plot",
                    str(path),
                    "--kind",
                    "labels",
                    "--reject-label",
                    _reject_option(case),
                    "--output",
                    str(output),
                    "--name",
                    name,
                ]
            )
        if status != 0:
            raise ValueError(f"CLI exit {status}: {err.getvalue()}")
        return sorted(p.name for p in output.iterdir())


@entry("cli plot", covers=[])
def _(case):
    return flat(n_figures=len(run_cli_plot(case)))


# Estimators and scorers ----------------------------------------------------


class FixedScores(ClassifierMixin, BaseEstimator):
    """A classifier whose class scores are its features (``X = y_score``).

    The reject meta-estimators and the scorers see exactly the case's scores,
    so their numbers can be compared with the label-level functions.
    """

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(np.asarray(y))
        return self

    # The scores are returned as given (int64 included), so an entry point
    # sees exactly what a transform of the confidences produced.
    def predict_proba(self, X):
        return np.asarray(X)

    def decision_function(self, X):
        return np.asarray(X)

    def predict(self, X):
        return self.classes_[np.argmax(np.asarray(X), axis=1)]


def fitted_reject_option(case, **options):
    options = {
        "threshold": case.threshold,
        "reject_label": case.reject_label,
        **options,
    }
    return im.RejectOptionClassifier(FixedScores(), **options).fit(case.X, case.y_true)


@entry("RejectOptionClassifier", "labels")
def _(case):
    model = fitted_reject_option(case)
    return flat(predicted=codes_of(model.predict(case.X), case))


@entry("RejectOptionClassifierCV", "labels")
def _(case):
    model = im.RejectOptionClassifierCV(
        FixedScores(),
        cv=3,
        reject_label=case.reject_label,
        response_method="decision_function",
    ).fit(case.X, case.y_true)
    return flat(predicted=codes_of(model.predict(case.X), case))


RISK_COVERAGE_SCORERS = ("neg_aurc", "neg_e_aurc", "neg_augrc")
ADJUSTED_SCORERS = tuple(n for n in im.get_scorer_names() if n.startswith("adjusted_"))


def _scorers_entry(names):
    # Every name in one entry (one matrix per name, the same code path): the
    # battery stays small, and a defect of one name still fails the entry.
    def run(case):
        model = fitted_reject_option(case)
        return flat(
            **{
                name: im.get_scorer(name)(
                    model, case.X, case.y_true, sample_weight=case.sample_weight
                )
                for name in names
            }
        )

    return run


entry(
    "get_scorer[information names]",
    "labels",
    "weights",
    covers=["get_scorer", "get_scorer_names"],
)(
    _scorers_entry(
        [
            n
            for n in im.get_scorer_names()
            if n not in RISK_COVERAGE_SCORERS + ADJUSTED_SCORERS
        ]
    )
)
entry(
    "get_scorer[adjusted names]",
    "labels",
    "weights",
    covers=["get_scorer", "get_scorer_names"],
)(_scorers_entry(ADJUSTED_SCORERS))
entry(
    "get_scorer[risk-coverage names]",
    "labels",
    "weights",
    covers=["get_scorer", "get_scorer_names"],
)(_scorers_entry(RISK_COVERAGE_SCORERS))


@entry(
    "make_ni_scorer",
    "labels",
    "weights",
    covers=["make_ni_scorer", "InformationScorer"],
)
def _(case):
    model = fitted_reject_option(case)
    scorer = im.make_ni_scorer("ni5")
    return flat(
        score=scorer(model, case.X, case.y_true, sample_weight=case.sample_weight)
    )


@entry(
    "make_multi_measure_scorer",
    "labels",
    "weights",
    covers=["make_multi_measure_scorer", "MultiMeasureScorer"],
)
def _(case):
    model = fitted_reject_option(case)
    scorer = im.make_multi_measure_scorer(replace_undefined_by=np.nan)
    return flat(s=scorer(model, case.X, case.y_true, sample_weight=case.sample_weight))


@entry(
    "make_risk_coverage_scorer",
    "labels",
    "weights",
    covers=["make_risk_coverage_scorer", "RiskCoverageScorer"],
)
def _(case):
    model = FixedScores().fit(case.X, case.y_true)
    return flat(
        **{
            area: im.scoring.make_risk_coverage_scorer(area)(
                model, case.X, case.y_true, sample_weight=case.sample_weight
            )
            for area in ("aurc", "e_aurc", "augrc")
        }
    )


def entries_taking(*takes):
    """Names of the entries that take every one of ``takes``, sorted."""
    return sorted(name for name, e in ENTRIES.items() if set(takes) <= e.takes)
