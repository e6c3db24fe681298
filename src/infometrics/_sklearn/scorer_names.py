"""The scorer names infometrics registers, and the scorer object of each."""

import difflib

from .._measures.chance import ADJUSTABLE
from .._measures.registry import MEASURES
from .compat import register
from .scorers import (
    AREAS,
    InformationScorer,
    RiskCoverageScorer,
    make_ni_scorer,
    make_risk_coverage_scorer,
)

# scikit-learn scores the conventional measures under its own names.
SCORER_NAMES = (
    *(m.scorer_name for m in MEASURES.values() if m.family != "conventional"),
    *(f"neg_{area}" for area in AREAS),
    *(f"adjusted_{name}" for name in ADJUSTABLE),
)


def _scorer_for_name(name):
    """A new scorer object for a name of :data:`SCORER_NAMES`."""
    if name.removeprefix("neg_") in AREAS:
        return make_risk_coverage_scorer(name.removeprefix("neg_"))
    adjusted = name.startswith("adjusted_")
    return make_ni_scorer(name.removeprefix("adjusted_"), adjusted=adjusted)


def get_scorer(name: str) -> InformationScorer | RiskCoverageScorer:
    """A new scorer object for a registered name, without touching scikit-learn.

    Parameters
    ----------
    name : str
        One of :func:`get_scorer_names`.

    Returns
    -------
    scorer : InformationScorer or RiskCoverageScorer
        A fresh worker process needs the object, not the name (see the user
        guide, section "Scoring names and parallel workers").

    Examples
    --------
    >>> from infometrics import get_scorer
    >>> get_scorer("neg_false_info_ratio")
    make_ni_scorer('false_info_ratio')
    """
    if name not in SCORER_NAMES:
        lower = str(name).lower()
        close = (
            [lower]
            if lower in SCORER_NAMES
            else difflib.get_close_matches(lower, SCORER_NAMES, n=3)
        )
        hint = f"did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ValueError(
            f"{name!r} is not an infometrics scorer name (they are lower case); "
            f"{hint or 'e.g. ni2.'} infometrics.get_scorer_names() lists them all."
        )
    return _scorer_for_name(name)


def get_scorer_names() -> list[str]:
    """The scorer names infometrics registers with scikit-learn.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from infometrics import get_scorer_names
    >>> get_scorer_names()[:3], len(get_scorer_names())
    (['ni1', 'ni2', 'ni3'], 48)
    """
    return list(SCORER_NAMES)


def register_scorers() -> bool:
    """Register the infometrics scorer names with scikit-learn (idempotent).

    Returns
    -------
    registered : bool
        False, with a :class:`ScorerRegistrationWarning`, when scikit-learn's
        internals were not as expected.

    Examples
    --------
    >>> from infometrics.scoring import register_scorers
    >>> register_scorers()  # import infometrics did it already
    True
    """
    return register({name: _scorer_for_name(name) for name in SCORER_NAMES})
