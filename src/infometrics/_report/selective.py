"""The selective-classification section of the HTML page: one table from one
risk–coverage curve, exact at every confidence (labels) or at the bin edges."""

import numpy as np
import pandas as pd

from .._curves.selective import (
    curve_readings,
    excess_aurc,
    oracle_curve,
    selective_curve,
)
from .._warnings import holding_warnings_lock
from .render import BETTER, frame_table, section

COVERAGES = (0.5, 0.8, 0.9, 1.0)
RISKS = (0.01, 0.05, 0.1)
# The areas of a curve exact at every confidence (True) or at the bin edges.
_AREAS = {
    True: (
        ("aurc", "area under the risk–coverage curve"),
        ("e_aurc", "AURC minus that of the best ranking of these predictions"),
        ("augrc", "area under the generalized risk–coverage curve"),
    ),
    False: (
        ("AURC at the thresholds", "area under the risk–coverage curve, per bin"),
        ("AUGRC at the thresholds", "area under the generalized curve, per bin"),
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
    edge = "" if exact else ", at a bin edge"
    names = [name for name, _ in _AREAS[exact]]
    names += [f"risk at coverage {c:g}" for c in COVERAGES]
    names += [f"coverage at risk {r:g}" for r in RISKS]
    about = [description for _, description in _AREAS[exact]]
    about += [
        "error rate with every prediction accepted"
        if c == 1
        else f"error rate of the {c:.0%} most confident"
        if exact
        else f"error rate at the first bin edge that accepts at least {c:.0%}"
        for c in COVERAGES
    ]
    about += [f"largest share accepted at an error rate ≤ {r:.0%}{edge}" for r in RISKS]
    higher = [False] * (len(areas) + len(COVERAGES)) + [True] * len(RISKS)
    return pd.DataFrame(
        {
            "value": [*areas, *at_coverage, *at_risk],
            "better": [BETTER[h] for h in higher],
            "description": about,
        },
        index=pd.Index(names, name="measure"),
    )


def _section(rows, lead, drawn):
    return section(
        "Selective classification",
        f"What rejecting the least confident predictions does to the error "
        f"rate and the measures, {lead}.",
        drawn + frame_table(rows, "selective"),
    )


@holding_warnings_lock
def labels_section(checked, confidence, *, threshold, name, figures):
    """The section from checked labels (:func:`check_selective`) and confidences."""
    classes, true, pred, weights = checked
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
        threshold = None if isinstance(threshold, dict) else threshold
        drawn = selective_figures(reject, display, name, threshold=threshold)
    return _section(rows, "at every threshold", drawn)


@holding_warnings_lock
def binned_section(binned, *, name, figures=True):
    """The section from confidence-binned counts (the command line's)."""
    reject = binned.reject_curve()
    # From the most confident bin down, without the point rejecting everything.
    curve = [
        values[-2::-1]
        for values in (reject.coverage, reject.selective_risk, reject.error_rate)
    ]
    drawn = ""
    if figures:
        from ..plotting import RiskCoverageDisplay
        from .figures import selective_figures

        display = RiskCoverageDisplay(
            coverage=curve[0], selective_risk=curve[1], name=name
        )
        drawn = selective_figures(reject, display, name, exact=False)
    lead = f"at {len(binned.thresholds)} confidence thresholds"
    return _section(selective_rows(curve), lead, drawn)
