"""The one module using scikit-learn's private API (no public form exists, 1.6-1.9):
a ``make_scorer`` scorer that reads the estimator, and the scorer-name registration.
"""

import inspect
import sys
import warnings

from sklearn.metrics import _scorer, accuracy_score, make_scorer

from .._warnings import find_stack_level
from ..exceptions import ScorerRegistrationWarning

# The class make_scorer returns for a metric of predicted labels.
_MADE_SCORER = type(make_scorer(accuracy_score))

# Names every scikit-learn scorer-name set contains; used to recognise them.
_SENTINEL_NAMES = frozenset({"accuracy", "neg_log_loss", "f1_macro"})


class EstimatorAwareScorer(_MADE_SCORER):
    """A ``make_scorer`` scorer whose score, ``_value``, reads the estimator."""

    def __init__(self, score_func, **options):
        # make_scorer's state in any version: TunedThresholdClassifierCV reads it.
        vars(self).update(vars(make_scorer(score_func, **options)))

    def _score(self, method_caller, estimator, X, y_true, sample_weight=None, **kw):
        # The private hook: every scikit-learn path scores an estimator here.
        if kw:
            raise TypeError(
                f"{self!r} got unexpected metadata {sorted(kw)}; it accepts only "
                "sample_weight."
            )
        return self._value(estimator, X, y_true, sample_weight)


def binary_metric_of(scorer):
    """``(metric name, pos_label)`` if ``scorer`` scores a metric with
    ``average="binary"``, else None."""
    if not isinstance(scorer, _scorer._BaseScorer):
        return None
    function, options = scorer._score_func, scorer._kwargs
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return None
    average = options.get("average", getattr(parameters.get("average"), "default", 0))
    if not (isinstance(average, str) and average == "binary"):
        return None
    pos_label = getattr(parameters.get("pos_label"), "default", 1)
    name = getattr(function, "__name__", repr(function))
    return name, options.get("pos_label", pos_label)


def _captured_name_sets():
    """Every scorer-name set in the parameter constraints of scikit-learn's modules."""
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith("sklearn"):
            continue
        for value in list(vars(module).values()):
            constraints = getattr(value, "_skl_parameter_constraints", None)
            if constraints is None and isinstance(value, type):
                constraints = value.__dict__.get("_parameter_constraints")
            if not isinstance(constraints, dict):
                continue
            for options in constraints.values():
                for constraint in options if isinstance(options, list) else ():
                    names = getattr(constraint, "options", None)
                    if isinstance(names, (set, frozenset)) and names >= _SENTINEL_NAMES:
                        yield names


def register(scorers):
    """Register ``{name: scorer}`` with scikit-learn; else warn and return False."""
    registry = getattr(_scorer, "_SCORERS", None)
    problems = []
    if isinstance(registry, dict):
        for name, scorer in scorers.items():
            registry.setdefault(name, scorer)
    else:
        problems.append("sklearn.metrics._scorer._SCORERS is not a dict")
    frozen = 0
    for names in _captured_name_sets():
        if isinstance(names, set):
            names.update(scorers)
        else:
            frozen += 1
    if frozen:
        problems.append(f"{frozen} scikit-learn scorer-name constraint(s) are frozen")
    if not problems:
        return True
    warnings.warn(
        f"infometrics could not register the scoring names {list(scorers)} "
        f"with scikit-learn ({'; '.join(problems)}): scoring='ni2' strings may be "
        "refused. Pass the scorer object instead, which always works: "
        "scoring=infometrics.get_scorer('ni2') or infometrics.make_ni_scorer('ni2').",
        ScorerRegistrationWarning,
        stacklevel=find_stack_level(),
    )
    return False
