"""The selective-classification section of the HTML page.

How the risk trades against the coverage over the confidence thresholds,
from labels (exact at every threshold) or from confidence-binned counts
(exact at the bin edges, what the command line reads from a table of any
size). Both give rows ``(name, higher is better, description, value)`` for
one table.
"""

import numpy as np

from .._curves.selective import (
    augrc,
    aurc,
    coverage_at_risk,
    e_aurc,
    selective_risk_at_coverage,
)
from .html_tables import _BETTER, _number, _section, _text

COVERAGES = (0.5, 0.8, 0.9, 1.0)
RISKS = (0.01, 0.05, 0.1)
_AREAS = [
    ("aurc", False, "area under the risk–coverage curve (mean selective risk)"),
    ("e_aurc", False, "AURC minus that of the best ranking of these predictions"),
    ("augrc", False, "area under the generalized risk–coverage curve"),
]


def rows_from_labels(y_true, y_pred, confidence, sample_weight):
    """Areas of the risk–coverage curve and readings at fixed coverages/risks."""
    data = (y_true, y_pred, confidence)
    rows = [
        (name, better, description, area(*data, sample_weight=sample_weight))
        for (name, better, description), area in zip(
            _AREAS, (aurc, e_aurc, augrc), strict=True
        )
    ]
    rows += [
        (
            f"risk at coverage {coverage:g}",
            False,
            f"error rate among the {coverage:.0%} most confident predictions"
            if coverage < 1
            else "error rate with every prediction accepted",
            selective_risk_at_coverage(
                *data, coverage=coverage, sample_weight=sample_weight
            ),
        )
        for coverage in COVERAGES
    ]
    rows += [
        (
            f"coverage at risk {risk:g}",
            True,
            f"largest share accepted with an error rate of at most {risk:.0%}",
            coverage_at_risk(*data, risk=risk, sample_weight=sample_weight),
        )
        for risk in RISKS
    ]
    return rows


def binned_risk_coverage(binned):
    """Coverage, selective and generalized risk at the bin edges.

    Point ``j`` accepts the bins at or above ``thresholds[j - 1]`` (point 0
    accepts everything); points are in decreasing threshold, as
    :func:`risk_coverage_curve` orders them, empty bins skipped.
    """
    counts = np.asarray(binned.counts, dtype=float)
    weight = counts.sum(axis=(1, 2))
    correct = np.trace(counts, axis1=1, axis2=2)
    total = weight.sum()
    # From the most confident bin down.
    accepted = np.cumsum(weight[::-1])
    errors = np.cumsum((weight - correct)[::-1])
    edges = np.append(-np.inf, binned.thresholds)[::-1]
    keep = weight[::-1] > 0
    accepted, errors, edges = accepted[keep], errors[keep], edges[keep]
    coverage = accepted / total
    selective_risk = np.divide(
        errors, accepted, out=np.full(len(accepted), np.nan), where=accepted > 0
    )
    return coverage, selective_risk, errors / total, edges


def rows_from_bins(coverage, selective_risk, generalized_risk):
    """The rows of :func:`rows_from_labels`, at the bin edges only."""
    steps = np.diff(coverage, prepend=0.0)
    rows = [
        (
            "AURC at the thresholds",
            False,
            "area under the risk–coverage curve, with one step per confidence "
            "bin (the exact AURC needs every distinct confidence)",
            float(np.sum(steps * np.nan_to_num(selective_risk))),
        ),
        (
            "AUGRC at the thresholds",
            False,
            "area under the generalized-risk curve, one step per bin",
            float(np.sum(steps * generalized_risk)),
        ),
    ]
    for target in COVERAGES:
        reached = np.flatnonzero(coverage >= target - 1e-12)
        rows.append(
            (
                f"risk at coverage {target:g}",
                False,
                f"error rate among the first bins covering {target:.0%} of the weight",
                float(selective_risk[reached[0]]) if reached.size else np.nan,
            )
        )
    for risk in RISKS:
        within = np.flatnonzero(selective_risk <= risk)
        rows.append(
            (
                f"coverage at risk {risk:g}",
                True,
                f"largest share accepted at a bin edge with an error rate of at "
                f"most {risk:.0%}",
                float(coverage[within].max()) if within.size else 0.0,
            )
        )
    return rows


def selective_section(rows, *, lead, figures=""):
    """The section: the figures (already rendered), then the table of ``rows``."""
    lines = [
        f"<tr><th>{_text(name)}</th>{_number(value)}"
        f'<td class="better">{_BETTER[better]}</td>'
        f'<td class="description">{_text(description)}</td></tr>'
        for name, better, description, value in rows
    ]
    table = (
        '<table class="selective"><thead><tr><th>measure</th>'
        "<th class='num'>value</th><th>better</th><th>description</th></tr>"
        "</thead><tbody>" + "\n".join(lines) + "</tbody></table>"
    )
    return _section(
        "Selective classification",
        "Accepting only the predictions whose confidence reaches a threshold "
        "trades coverage (the share accepted) for selective risk (the error "
        f"rate among the accepted); {lead}.",
        "\n".join([figures, table] if figures else [table]),
    )


def binned_section(binned, *, name, figures=True):
    """The section from confidence-binned counts (the command line's)."""
    from .html_figures import binned_curve_figures

    coverage, selective_risk, generalized_risk, _ = binned_risk_coverage(binned)
    return selective_section(
        rows_from_bins(coverage, selective_risk, generalized_risk),
        lead=f"here at {len(binned.thresholds)} confidence thresholds, exact "
        "at each of them",
        figures=binned_curve_figures(binned, coverage, selective_risk, name)
        if figures
        else "",
    )
