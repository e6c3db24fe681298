"""The scorer names infometrics registers, and the scorer object of each."""

from .risk_coverage_scorers import (
    _AREAS,
    RiskCoverageScorer,
    make_risk_coverage_scorer,
)
from .scorers import InformationScorer, make_ni_scorer

# The scorer names of SPEC §7 and §11 and the risk-coverage areas, registered with
# scikit-learn on import.
SCORER_NAMES = (
    *(f"ni{k}" for k in range(1, 25)),
    "info_completeness",
    "neg_false_info_ratio",
    "neg_info_error",
    "triangle_mi",
    "neg_triangle_vi",
    "neg_triangle_dh",
    "ema",
    "nit",
    "neg_aurc",
    "neg_e_aurc",
    "neg_augrc",
)


def _scorer_for_name(name):
    """A new scorer object for a name of :data:`SCORER_NAMES`."""
    if name.removeprefix("neg_") in _AREAS:
        return make_risk_coverage_scorer(name.removeprefix("neg_"))
    return make_ni_scorer(name)


def get_scorer(name: str) -> InformationScorer | RiskCoverageScorer:
    """A new scorer object for a registered name, without touching scikit-learn.

    Parameters
    ----------
    name : str
        One of :func:`get_scorer_names`.

    Returns
    -------
    scorer : InformationScorer or RiskCoverageScorer
        A :class:`RiskCoverageScorer` for ``"neg_aurc"``, ``"neg_e_aurc"``
        and ``"neg_augrc"``.

    Notes
    -----
    Pass the object rather than the string to an estimator that is itself
    fitted in a fresh worker process (a ``GridSearchCV(..., scoring="ni2")``
    inside ``cross_val_score(..., n_jobs=2)``): such a worker never imported
    infometrics, so scikit-learn there does not know the name, while the
    object carries its definition with it.

    Examples
    --------
    >>> from infometrics import get_scorer
    >>> get_scorer("neg_false_info_ratio")
    make_ni_scorer('false_info_ratio')
    """
    if name not in SCORER_NAMES:
        raise ValueError(
            f"{name!r} is not an infometrics scorer name; use one of "
            f"infometrics.get_scorer_names(), e.g. 'ni2'."
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
    (['ni1', 'ni2', 'ni3'], 35)
    """
    return list(SCORER_NAMES)
