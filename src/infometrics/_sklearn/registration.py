"""Make ``scoring="ni2"`` (and the other names) work everywhere in scikit-learn.

scikit-learn has no public scorer registry. Two private things decide whether
a scoring string is accepted:

1. ``sklearn.metrics._scorer._SCORERS``, the dict ``get_scorer`` and
   ``get_scorer_names`` read;
2. ``StrOptions(set(get_scorer_names()))`` constraints, built when each
   scikit-learn module is imported and stored on estimator classes
   (``_parameter_constraints``) and on functions decorated with
   ``validate_params`` (``_skl_parameter_constraints``). They are found by
   their content (a set holding scikit-learn's own scorer names), not by
   their class.

Adding to (1) covers every module imported later, because they build their
sets from it. For modules already imported, the sets in (2) are updated in
place. This is the only module of infometrics that touches scikit-learn
internals; if they are not as expected it warns once and leaves the scorer
objects (``infometrics.get_scorer``) fully usable.
"""

import sys
import warnings

from .scorer_names import SCORER_NAMES, _scorer_for_name

# Names every scikit-learn scorer-name set contains; used to recognise them.
_SENTINEL_NAMES = frozenset({"accuracy", "neg_log_loss", "f1_macro"})


class ScorerRegistrationWarning(UserWarning):
    """scikit-learn's internals changed: scorer names could not be registered.

    The scorer objects still work when passed directly.

    Examples
    --------
    >>> import warnings
    >>> from infometrics import ScorerRegistrationWarning
    >>> warnings.simplefilter("error", ScorerRegistrationWarning)  # fail loudly
    >>> warnings.resetwarnings()
    """


def _scorer_name_sets_in(constraints):
    """Scorer-name sets among a parameter-constraints dict's values.

    Recognised by what they hold, not by their class, so a renamed constraint
    class does not matter.
    """
    for options in constraints.values():
        if not isinstance(options, list):
            continue
        for constraint in options:
            names = getattr(constraint, "options", None)
            if isinstance(names, (set, frozenset)) and names >= _SENTINEL_NAMES:
                yield names


def _captured_name_sets():
    """Every scorer-name set of the scikit-learn modules imported so far."""
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith("sklearn"):
            continue
        for value in list(vars(module).values()):
            constraints = getattr(value, "_skl_parameter_constraints", None)
            if constraints is None and isinstance(value, type):
                constraints = value.__dict__.get("_parameter_constraints")
            if isinstance(constraints, dict):
                yield from _scorer_name_sets_in(constraints)


def register_scorers():
    """Register the infometrics scorer names with scikit-learn (idempotent).

    Returns
    -------
    registered : bool
        False when scikit-learn's internals were not as expected; a
        :class:`ScorerRegistrationWarning` was then emitted.

    Examples
    --------
    ``import infometrics`` calls it; calling it again changes nothing.

    >>> from sklearn.metrics import get_scorer_names
    >>> from infometrics import register_scorers
    >>> register_scorers()
    True
    >>> "ni2" in get_scorer_names()
    True
    """
    try:
        from sklearn.metrics import _scorer

        scorers = _scorer._SCORERS
        if not isinstance(scorers, dict):
            raise TypeError("sklearn.metrics._scorer._SCORERS is not a dict")
        name_sets = list(_captured_name_sets())
        if any(not isinstance(names, set) for names in name_sets):
            raise TypeError("a captured scorer-name set is immutable")
        for name in SCORER_NAMES:
            scorers.setdefault(name, _scorer_for_name(name))
        for names in name_sets:
            names.update(SCORER_NAMES)
    except Exception as exc:  # any change of the internals must not break import
        warnings.warn(
            "infometrics could not register its scorer names with scikit-learn "
            f"({type(exc).__name__}: {exc}); scoring='ni2' strings will not work, "
            "but infometrics.get_scorer('ni2') and make_ni_scorer() do.",
            ScorerRegistrationWarning,
            stacklevel=2,
        )
        return False
    return True
