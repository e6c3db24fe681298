"""The selective-classification section of the HTML page.

One table from one risk–coverage curve, exact at every distinct confidence
(from labels) or at the bin edges (from confidence-binned counts, what the
command line reads from a table of any size).
"""

import numpy as np
import pandas as pd

from .._curves.selective import e_aurc, risk_coverage_curve
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
    coverage, selective_risk, generalized_risk = curve[:3]
    steps = np.diff(coverage, prepend=0.0)
    exact = excess is not None
    aurc = float(np.sum(steps * np.nan_to_num(selective_risk)))
    augrc = float(np.sum(steps * generalized_risk))
    areas = [aurc, excess, augrc] if exact else [aurc, augrc]
    rows = [
        (name, False, description, value)
        for (name, description), value in zip(_AREAS[exact], areas, strict=True)
    ]
    for target in COVERAGES:
        # A sum of bin weights may miss a share by rounding; labels are exact.
        reached = np.flatnonzero(coverage >= target - (0 if exact else 1e-12))
        if not exact:
            among = f"among the first bins covering {target:.0%} of the weight"
        elif target < 1:
            among = f"among the {target:.0%} most confident predictions"
        else:
            among = "with every prediction accepted"
        risk = float(selective_risk[reached[0]]) if reached.size else np.nan
        rows.append(
            (f"risk at coverage {target:g}", False, f"error rate {among}", risk)
        )
    for risk in RISKS:
        within = np.flatnonzero(selective_risk <= risk)
        edge = "" if exact else " at a bin edge"
        rows.append(
            (
                f"coverage at risk {risk:g}",
                True,
                f"largest share accepted{edge} with an error rate of at most "
                f"{risk:.0%}",
                float(coverage[within].max()) if within.size else 0.0,
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
    """The section from labels and confidences, exact at every distinct confidence."""
    data = (y_true, y_pred, confidence)
    rows = selective_rows(
        risk_coverage_curve(*data, sample_weight=sample_weight),
        excess=e_aurc(*data, sample_weight=sample_weight),
    )
    drawn = ""
    if figures:
        from .._curves.reject_curve import reject_curve_from_predictions
        from ..plotting import RiskCoverageDisplay
        from .figures import selective_figures

        drawn = selective_figures(
            reject_curve_from_predictions(
                *data,
                labels=labels,
                reject_label=reject_label,
                sample_weight=sample_weight,
            ),
            lambda ax: RiskCoverageDisplay.from_predictions(
                y_true,
                y_pred,
                confidence=confidence,
                sample_weight=sample_weight,
                name=name,
                plot_oracle=True,
                # Most thresholds worth choosing keep most samples: spread that end.
                xscale="sqrt",
                ax=ax,
            ),
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
        for values in (reject.coverage, reject.selective_risk, reject.generalized_risk)
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
