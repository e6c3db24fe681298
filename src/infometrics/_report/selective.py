"""The selective-classification section of the HTML page.

One table from one risk–coverage curve, exact at every distinct confidence
(from labels) or at the bin edges (from confidence-binned counts, what the
command line reads from a table of any size).
"""

import numpy as np
import pandas as pd

from .._curves.selective import (
    check_selective,
    curve_readings,
    excess_aurc,
    oracle_curve,
    selective_curve,
)
from .render import BETTER, frame_table, section

COVERAGES = (0.5, 0.8, 0.9, 1.0)
RISKS = (0.01, 0.05, 0.1)
# The areas of a curve exact at every confidence (True) or at the bin edges.
_AREAS = {
    True: (
        ("aurc", "area under the risk–coverage curve (mean selective risk)"),
        ("e_aurc", "AURC minus that of the best ranking of these predictions"),
        ("augrc", "area under the generalized risk–coverage curve"),
    ),
    False: (
        (
            "AURC at the thresholds",
            "area under the risk–coverage curve, with one step per confidence "
            "bin (the exact AURC needs every distinct confidence)",
        ),
        (
            "AUGRC at the thresholds",
            "area under the generalized-risk curve, one step per bin",
        ),
    ),
}


def selective_rows(curve, *, excess=None):
    """The table of a risk–coverage curve: areas, then readings at fixed targets;
    ``excess`` (the e-AURC) marks a curve exact at every confidence."""
    exact = excess is not None
    # A sum of bin weights may miss a share by rounding; labels are exact.
    aurc, augrc, at_coverage, at_risk = curve_readings(
        curve, coverages=COVERAGES, risks=RISKS, slack=0 if exact else 1e-12
    )
    areas = [aurc, excess, augrc] if exact else [aurc, augrc]
    rows = [
        (name, False, description, value)
        for (name, description), value in zip(_AREAS[exact], areas, strict=True)
    ]
    for target, risk in zip(COVERAGES, at_coverage, strict=True):
        if not exact:
            among = f"among the first bins covering {target:.0%} of the weight"
        elif target < 1:
            among = f"among the {target:.0%} most confident predictions"
        else:
            among = "with every prediction accepted"
        rows.append(
            (f"risk at coverage {target:g}", False, f"error rate {among}", risk)
        )
    edge = "" if exact else " at a bin edge"
    for risk, coverage in zip(RISKS, at_risk, strict=True):
        rows.append(
            (
                f"coverage at risk {risk:g}",
                True,
                f"largest share accepted{edge} with an error rate of at most "
                f"{risk:.0%}",
                coverage,
            )
        )
    names, higher, descriptions, values = zip(*rows, strict=True)
    return pd.DataFrame(
        {
            "value": values,
            "better": [BETTER[h] for h in higher],
            "description": descriptions,
        },
        index=pd.Index(names, name="measure"),
    )


def _section(rows, lead, drawn):
    return section(
        "Selective classification",
        "Accepting only the predictions whose confidence reaches a threshold "
        "trades coverage (the share accepted) for selective risk (the error "
        f"rate among the accepted); {lead}.",
        drawn + frame_table(rows, "selective"),
    )


def labels_section(
    y_true,
    y_pred,
    confidence,
    *,
    labels,
    reject_label,
    sample_weight,
    threshold,
    name,
    figures,
):
    """The section from labels and (checked) confidences, exact at every
    distinct confidence: the labels are checked once for its every part."""
    classes, true, pred, weights = check_selective(
        y_true, y_pred, sample_weight, labels=labels, reject_label=reject_label
    )
    wrong = true != pred
    curve, scaled = selective_curve(wrong, confidence, weights)
    oracle = oracle_curve(wrong, scaled)
    rows = selective_rows(curve, excess=excess_aurc(curve, oracle))
    drawn = ""
    if figures:
        from .._curves.reject_curve import (
            DEFAULT_MEASURES,
            DEFAULT_THRESHOLDS,
            threshold_curve,
        )
        from ..plotting import RiskCoverageDisplay
        from .figures import selective_figures

        reject = threshold_curve(
            true,
            pred,
            confidence,
            weights,
            classes,
            DEFAULT_MEASURES,
            DEFAULT_THRESHOLDS,
            np.nan,
        )
        display = RiskCoverageDisplay(
            coverage=curve.coverage,
            selective_risk=curve.selective_risk,
            aurc=curve_readings(curve)[0],
            name=name,
            oracle_coverage=oracle.coverage,
            oracle_selective_risk=oracle.selective_risk,
            oracle_aurc=curve_readings(oracle)[0],
        )
        drawn = selective_figures(
            reject,
            # Most thresholds worth choosing keep most samples: spread that end.
            lambda ax: display.plot(ax=ax, plot_oracle=True, xscale="sqrt"),
            name,
            threshold=None if isinstance(threshold, dict) else threshold,
        )
    lead = "the curves and these numbers cover every threshold at once"
    if threshold is not None:
        lead += ", not only the threshold of the tables"
    return _section(rows, lead, drawn)


def binned_section(binned, *, name, figures=True):
    """The section from confidence-binned counts (the command line's)."""
    reject = binned.reject_curve()
    # Its risk–coverage view from the most confident bin down (as
    # risk_coverage_curve), without the last point, which rejects everything.
    curve = [
        values[-2::-1]
        for values in (reject.coverage, reject.selective_risk, reject.error_rate)
    ]
    drawn = ""
    if figures:
        from ..plotting import RiskCoverageDisplay
        from .figures import selective_figures

        drawn = selective_figures(
            reject,
            lambda ax: RiskCoverageDisplay(
                coverage=curve[0], selective_risk=curve[1], name=name
            ).plot(ax=ax),
            name,
            exact=False,
        )
    lead = (
        f"here at {len(binned.thresholds)} confidence thresholds, exact at each of them"
    )
    return _section(selective_rows(curve), lead, drawn)
