"""The audited measures, oriented so that higher is better, and their values."""

import contextlib
import functools
import re
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._measures.registry import MEASURES, check_measure, compute_measures
from .._warnings import WARNINGS_FILTERS_LOCK

# scikit-learn metrics by their scoring names, with the arguments that make them
# multiclass; any other name is looked up in ``sklearn.metrics``. Registry names
# come first: "accuracy" is the registry's, scikit-learn's is "accuracy_score".
SKLEARN_ALIASES = {
    "balanced_accuracy": ("balanced_accuracy_score", {}),
    "f1_macro": ("f1_score", {"average": "macro"}),
    "f1_micro": ("f1_score", {"average": "micro"}),
    "f1_weighted": ("f1_score", {"average": "weighted"}),
    "precision_macro": ("precision_score", {"average": "macro"}),
    "recall_macro": ("recall_score", {"average": "macro"}),
    "jaccard_macro": ("jaccard_score", {"average": "macro"}),
    "cohen_kappa": ("cohen_kappa_score", {}),
}


@dataclass(frozen=True)
class AuditedMeasure:
    """One measure: ``kind`` "registry", "labels" or "matrix"; ``sign`` -1: a loss."""

    name: str
    kind: str
    function: Any = None  # a labels metric or a matrix callable
    kwargs: Any = None
    sign: float = 1.0
    spec: Any = None  # the registry's entry


def _labels_metric(function, kwargs, label, name):
    """A scikit-learn metric, negated when its name says loss (_loss, _error)."""
    sign = -1.0 if function.__name__.endswith(("_loss", "_error")) else 1.0
    name = name or ("" if sign > 0 else "neg_") + label
    return AuditedMeasure(name, "labels", function, dict(kwargs), sign)


def resolve_measure(measure, name=None):
    """An :class:`AuditedMeasure` from a name or a callable, or a clear error."""
    if callable(measure):
        function, kwargs = measure, {}
        # functools.partial(f1_score, average="macro") sets scikit-learn's
        # options; its own __module__ is "functools", so look through it.
        while isinstance(function, functools.partial) and not function.args:
            kwargs = {**function.keywords, **kwargs}
            function = function.func
        module = getattr(function, "__module__", "") or ""
        function_name = getattr(function, "__name__", None)
        if module.startswith("sklearn.metrics") and function_name:
            options = ", ".join(f"{key}={value!r}" for key, value in kwargs.items())
            label = f"{function_name}({options})" if options else function_name
            return _labels_metric(function, kwargs, label, name)
        label = name or getattr(measure, "__name__", None) or repr(measure)
        return AuditedMeasure(label, "matrix", measure)
    if not isinstance(measure, str):
        raise ValueError(
            f"A measure must be a name or a callable; got {type(measure).__name__} "
            f"{measure!r}."
        )
    with contextlib.suppress(ValueError):
        spec = check_measure(measure)
        sign = 1.0 if spec.higher_is_better else -1.0
        return AuditedMeasure(
            name or spec.scorer_name, "registry", sign=sign, spec=spec
        )
    key = measure.lower()
    if key.startswith("neg_") and key[4:] in MEASURES:
        raise ValueError(
            f"{measure!r}: {key[4:]!r} is a measure where higher is better, "
            f"audited as it is; pass {key[4:]!r} (neg_ names only the measures "
            "where lower is better)."
        )
    import sklearn.metrics

    function_name, kwargs = SKLEARN_ALIASES.get(measure, (measure, {}))
    function = getattr(sklearn.metrics, function_name, None)
    if not callable(function) or function_name.startswith("_"):
        raise ValueError(
            f"Unknown measure {measure!r}: not a name of "
            "infometrics.measures.MEASURES (e.g. 'ni2', 'neg_false_info_ratio'), "
            f"nor a scikit-learn metric (e.g. {', '.join(map(repr, SKLEARN_ALIASES))}"
            ", or a function name of sklearn.metrics). Pass a callable f(C) -> "
            "float for any other measure."
        )
    return _labels_metric(function, kwargs, measure, name)


def resolve_measures(measures):
    """The measures of an audit, from ``None``, one measure, a list or a dict."""
    if measures is None:
        measures = list(MEASURES)
    elif isinstance(measures, str) or callable(measures):
        measures = [measures]
    if isinstance(measures, dict):
        resolved = [resolve_measure(value, str(key)) for key, value in measures.items()]
    else:
        try:
            resolved = [resolve_measure(measure) for measure in measures]
        except TypeError:
            raise ValueError(
                "measures must be a name or a callable, a list of them or a dict "
                f"{{name: measure}}; got {type(measures).__name__} {measures!r}."
            ) from None
    if not resolved:
        raise ValueError("No measure to audit: pass at least one measure.")
    names = [measure.name for measure in resolved]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise ValueError(
            f"Two measures have the same name {duplicates[0]!r}; pass a dict "
            "{name: measure} to name them apart."
        )
    return resolved


def _labels_of(matrix):
    """The ``(y_true, y_pred)`` an integer matrix counts, rejections as -1."""
    m = matrix.shape[0]
    counts = matrix.astype(np.int64).ravel()
    true = np.repeat(np.repeat(np.arange(m), m + 1), counts)
    return true, np.repeat(np.tile(np.append(np.arange(m), -1), m), counts)


# scikit-learn warns on almost every audited matrix (a predicted class no true
# sample has). While a metric is audited, warnings raised inside scikit-learn's
# modules are ignored, others untouched. The filters are shared by all threads
# and scikit-learn's own catch_warnings is not thread-safe before Python 3.14:
# the package's lock is held for the whole loop. The list is replaced, never
# changed in place, and every replaced list is kept alive: CPython up to 3.13
# walks it through a borrowed reference.
_IGNORE_IN_SKLEARN = ("ignore", None, Warning, re.compile(r"sklearn\."), 0)
_OUT_OF_SERVICE = []


def _replace_filters(filters):
    _OUT_OF_SERVICE.append(warnings.filters)
    warnings.filters = filters


@contextlib.contextmanager
def _metric_warnings_ignored():
    with WARNINGS_FILTERS_LOCK:
        _replace_filters([_IGNORE_IN_SKLEARN, *warnings.filters])
        try:
            yield
        finally:
            _replace_filters(
                [item for item in warnings.filters if item is not _IGNORE_IN_SKLEARN]
            )


def _evaluate_one_by_one(measure, matrices, undefined):
    """Values of a labels metric or matrix callable, one call per matrix."""
    import sklearn

    labels, plain = measure.kind == "labels", contextlib.nullcontext()
    with _metric_warnings_ignored() if labels else plain:
        values = [_checked_value(measure, matrices[0], undefined)]
        # After the first, checked call, scikit-learn's checks are off
        # (thread-locally): the later calls pass the same kind of labels.
        fast = sklearn.config_context(
            assume_finite=True, skip_parameter_validation=True
        )
        with fast if labels else plain:
            values += [_checked_value(measure, m, undefined) for m in matrices[1:]]
    return np.array(values)


def _checked_value(measure, matrix, undefined):
    """The oriented value of ``measure`` on one matrix, or a clear error."""
    shown = matrix.astype(np.int64).tolist()
    try:
        if measure.kind == "labels":
            value = measure.function(*_labels_of(matrix), **measure.kwargs)
        else:
            value = measure.function(matrix.copy())
    except Exception as exc:
        hint = (
            " A scikit-learn metric sees the labels 0 ... m - 1 and -1 for a "
            "rejection: set its options with functools.partial, e.g. "
            "partial(f1_score, average='macro'), or use an alias such as "
            "'f1_macro'."
            if measure.kind == "labels"
            else ""
        )
        raise ValueError(
            f"Measure {measure.name!r} raised {type(exc).__name__}: {exc} on "
            f"the matrix {shown}. An audited measure must return a float for "
            "every augmented confusion matrix (rows true classes, columns "
            f"predicted classes and a last reject column).{hint}"
        ) from exc
    # A text, a truth value or an array (even of one element) is a bug in the
    # measure, not a score, though float() may take it.
    refused = isinstance(value, (str, bytes, bool, np.bool_)) or np.ndim(value) != 0
    try:
        value = value if refused else float(value)
    except (TypeError, ValueError):
        refused = True
    if refused:
        raise ValueError(
            f"Measure {measure.name!r} returned {value!r} "
            f"({type(value).__name__}) on the matrix {shown}; it must return "
            "one real number (a float or a numpy floating scalar)."
        )
    if np.isnan(value) and (measure.kind == "labels" or undefined == "skip"):
        return np.nan
    if not np.isfinite(value):
        raise ValueError(
            f"Measure {measure.name!r} returned {value} on the matrix {shown}; "
            "an audited measure must return a finite number for every matrix. "
            "Return a defined value there, or pass undefined='skip' to leave "
            "the comparisons with an undefined (nan) value out."
        )
    return measure.sign * value


def evaluate(measures, matrices, undefined):
    """``{name: oriented values}`` on a stack: registry measures in one core call
    (nan where binary-only on more classes), the others one call per matrix."""
    values = {}
    registry = [m for m in measures if m.kind == "registry"]
    for m in measures:
        if m.kind != "registry":
            values[m.name] = _evaluate_one_by_one(m, matrices, undefined)
        elif m.spec.binary_only and matrices.shape[1] != 2:
            values[m.name] = np.full(len(matrices), np.nan)
            registry.remove(m)
    if registry:
        names = list(dict.fromkeys(m.spec.name for m in registry))
        computed = compute_measures(matrices, names, replace_undefined_by=np.nan)
        for m in registry:
            values[m.name] = m.sign * np.asarray(computed[m.spec.name], float)
    return values
