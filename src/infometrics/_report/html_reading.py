"""What the HTML page adds to read its numbers.

Bootstrap intervals beside the headline numbers, the reason beside a measure
that is 0 or undefined by its definition, and frames that let wide tables and
figures scroll instead of stretching the page.
"""

import re

import numpy as np

from .._measures.measure import EMPTY_REASON
from .._measures.ni import NI_MEASURES, cross_entropy_t_y, cross_entropy_y_t
from .._measures.quantities import MatrixQuantities
from .._measures.registry import MEASURES
from .html_tables import _fixed, _text, _total_text

# The headline numbers, with an interval each: (label, registry name).
HEADLINE = (
    ("NI2", "ni2"),
    ("f(T;S)", "info_completeness"),
    ("r(S|T)", "false_info_ratio"),
    ("accuracy", "accuracy"),
    ("reject rate", "reject_rate"),
)
# Shown without an interval, after the headline numbers.
_ALSO = (("accuracy on accepted", "accepted_accuracy"),)
DEFAULT_RESAMPLES = 1000

STYLE = """
dl.summary dd span.interval { display: block; font-size: 0.62em; color: #57606a;
                              white-space: nowrap; }
p.intervals { color: #57606a; font-size: 0.85em; margin: 0.4em 0 0; }
div.scroll { overflow-x: auto; max-width: 100%; margin: 0.4em 0 1em; }
div.scroll > table { margin: 0; }
div.scroll figure { margin: 0; }
div.scroll figure img { max-width: none; }
table.matrix thead th, table.per-class thead th { white-space: nowrap; }
table.matrix tbody th, table.per-class tbody th { position: sticky; left: 0;
                                                   background: #fff; }
table.per-class tr.average th, table.per-class tr.average td {
    border-top: 1px solid #8c959f; background: #f6f8fa; }
td.why { color: #57606a; font-size: 0.88em; }
"""


def scrolling(body):
    """``body`` in a frame that scrolls sideways when it is wider than the page."""
    return f'<div class="scroll">{body}</div>'


def headline_intervals(
    matrix, *, n_resamples, confidence_level=0.95, random_state=None
):
    """Bootstrap intervals of the headline measures, and the sentence saying how.

    Resamples the counts (multinomial draws of the samples), so the matrix
    must hold whole counts; weighted counts get no interval here (the labels
    and weights go to :func:`bootstrap_measures_from_predictions` instead).

    Returns
    -------
    intervals : dict of str to BootstrapInterval, or None
    sentence : str
    """
    from .._resampling.bootstrap import bootstrap_measures
    from .._resampling.intervals import interval_notes

    if not n_resamples:
        return None, ""
    counts = np.asarray(matrix, dtype=float)
    if counts.max(initial=0.0) <= 0:
        return None, ""
    if counts.max() >= 2.0**62 / counts.size:
        # No sample of this many draws can be resampled (nor held).
        return None, (
            "No intervals: the counts are too large to be resampled as samples."
        )
    if not np.array_equal(counts, np.round(counts)):
        return None, (
            "No intervals: the counts are weighted. Pass the labels and "
            "sample_weight to html_report for intervals of weighted data."
        )
    # The page states why an interval is partial or NaN; no warning.
    with interval_notes() as notes:
        intervals = bootstrap_measures(
            counts.astype(np.int64),
            [name for _, name in HEADLINE],
            n_resamples=n_resamples,
            confidence_level=confidence_level,
            random_state=random_state,
        )
    return intervals, " ".join(
        [interval_sentence(n_resamples, confidence_level), *notes]
    )


def interval_sentence(n_resamples, confidence_level):
    return (
        f"Below each headline number: its {confidence_level:.0%} percentile "
        f"bootstrap interval over {n_resamples} resamples of the samples "
        "(html_report(..., n_resamples=0) leaves them out)."
    )


def headline(report, matrix, intervals, sentence):
    """The summary boxes: samples, classes, the headline numbers and intervals."""
    value = report.reset_index(level="family")["value"]
    boxes = [
        ("samples", _total_text(np.asarray(matrix, dtype=float)), ""),
        ("classes", f"{np.asarray(matrix).shape[0]}", ""),
    ]
    outside = []
    can_reject = matrix.shape[1] > matrix.shape[0]
    for label, name in (*HEADLINE, *_ALSO):
        if not can_reject and name in ("reject_rate", "accepted_accuracy"):
            continue
        number = float(value[name])
        shown = "–" if np.isnan(number) else _fixed(number)
        interval = (intervals or {}).get(name)
        detail = ""
        if interval is not None and not np.isnan(number):
            if np.isnan(interval.low) or np.isnan(interval.high):
                detail = "interval undefined"
            else:
                detail = f"[{_fixed(interval.low)}, {_fixed(interval.high)}]"
                if not interval.low <= number <= interval.high:
                    detail += " †"
                    outside.append(label)
        boxes.append((label, shown, detail))
    cells = [
        f"<div><dt>{_text(label)}</dt><dd>{shown}"
        + (f'<span class="interval">{_text(detail)}</span>' if detail else "")
        + "</dd></div>"
        for label, shown, detail in boxes
    ]
    if outside:
        # A percentile interval misses its estimate when the resampled values
        # are biased, as plug-in entropies are with many sparse cells.
        sentence += (
            f" † The interval of {', '.join(outside)} does not contain the "
            "estimate: the resampled values are biased (typical with many "
            "classes and few samples per cell), so it is a poor guide to the "
            "uncertainty here."
        )
    note = f'<p class="intervals">{_text(sentence)}</p>' if sentence else ""
    return '<dl class="summary">' + "".join(cells) + "</dl>" + note


def value_reasons(matrix, names):
    """Why a measure is 0 or undefined by its definition, for this matrix.

    Undefined: the reason its registry entry gives for the condition that
    holds. Zero: a cross-entropy measure whose denominator holds a
    cross-entropy that is infinite (one distribution puts mass where the
    other has none, e.g. on the reject outcome), so the ratio is 0 in the
    limit. Measures that are simply low get no reason.

    Returns
    -------
    reasons : dict of str to str
        Only the measures that have one.
    """
    quantities = MatrixQuantities(np.asarray(matrix, dtype=float))
    reasons = {}
    values = {}
    for name in names:
        spec = MEASURES[name]
        raw, conditions = spec.compute(quantities)
        conditions = [(quantities.empty, EMPTY_REASON), *conditions]
        for mask, reason in conditions:
            if bool(np.any(mask)):
                reasons[name] = f"undefined: {reason}"
                break
        else:
            values[name] = float(np.asarray(raw))
    infinite = _infinite_cross_entropies(quantities)
    for name, number in values.items():
        ni = NI_MEASURES.get(name)
        if ni is None or ni.group != "cross-entropy" or number != 0.0:
            continue
        causes = [
            infinite[term] for term in _cross_entropies_in(ni) if term in infinite
        ]
        if causes:
            reasons[name] = (
                f"0 by definition: {' and '.join(causes)}, so the ratio is 0 in "
                "the limit"
            )
    return reasons


_CROSS_ENTROPIES = ("H(t; y)", "H(y; t)")


def _cross_entropies_in(ni):
    """The cross-entropies a measure's formula divides by, through NIk it names."""
    terms = [term for term in _CROSS_ENTROPIES if term in ni.formula]
    for number in re.findall(r"NI(\d+)", ni.formula):
        terms += _cross_entropies_in(NI_MEASURES[f"ni{number}"])
    return list(dict.fromkeys(terms))


def _infinite_cross_entropies(quantities):
    """The infinite cross-entropies of the marginals, each with its cause in words."""
    infinite = {}
    if not np.all(np.isfinite(cross_entropy_y_t(quantities))):
        rejected = quantities.n_outputs > quantities.n_classes and bool(
            np.any(quantities.column_totals[..., -1] > 0)
        )
        cause = (
            "the output puts mass on “rejected”, which the truth never takes"
            if rejected
            else "a class is predicted that is never true"
        )
        infinite["H(y; t)"] = f"H(y; t) is infinite ({cause})"
    if not np.all(np.isfinite(cross_entropy_t_y(quantities))):
        infinite["H(t; y)"] = "H(t; y) is infinite (a true class is never predicted)"
    return infinite
