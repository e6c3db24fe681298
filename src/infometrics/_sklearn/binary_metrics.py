"""scikit-learn's binary-only metrics meeting a reject label, and what to say.

A binary metric (``f1_score`` with ``average='binary'`` and friends) sees the
reject label as a third class and fails in every fold: the reject estimators
recognise such a metric behind the scorer that calls them and warn with the
fix (:class:`BinaryMetricRejectionWarning`), and the tuner refuses it.
"""

import inspect


class BinaryMetricRejectionWarning(UserWarning):
    """A binary-only scikit-learn metric scores predictions holding rejections.

    Emitted by :class:`RejectOptionClassifier` and
    :class:`RejectOptionClassifierCV` when a scikit-learn scorer of a binary
    metric (``scoring="f1"``, ``"precision"``, ``"recall"``, ``"jaccard"``:
    ``average="binary"``) asks for predictions of a binary problem and some
    are the reject label. scikit-learn then sees a third class and the
    score fails (``nan`` in every fold of ``cross_val_score``). The message
    names the fix: an infometrics scorer (``scoring="ni2"``), or the
    positive class as the only label with an average,
    ``make_scorer(f1_score, labels=[1], average="micro")``, which counts a
    rejected positive as missed.

    Examples
    --------
    >>> import warnings
    >>> from infometrics import BinaryMetricRejectionWarning
    >>> warnings.simplefilter("error", BinaryMetricRejectionWarning)  # fail loudly
    >>> warnings.resetwarnings()
    """


# Frames searched above ``predict`` for the scikit-learn scorer calling it
# (scorer._score -> _cached_call -> _get_response_values -> Pipeline.predict
# -> predict, with room to spare).
_SCORER_SEARCH_DEPTH = 12


def binary_metric_of(scorer):
    """``(metric name, pos_label)`` if ``scorer`` scores a binary-only metric.

    A scikit-learn scorer holds its metric and keyword arguments as
    ``_score_func`` and ``_kwargs``; the metric is binary-only when its
    ``average`` is ``"binary"``. Returns ``False`` for a scorer of another
    metric and ``None`` for an object that is not such a scorer. Attributes
    are read statically, so no property of an unrelated object runs.
    """
    function = inspect.getattr_static(scorer, "_score_func", None)
    options = inspect.getattr_static(scorer, "_kwargs", None)
    if not (callable(function) and isinstance(options, dict)):
        return None
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False
    if "average" not in parameters:
        return False
    average = options.get("average", parameters["average"].default)
    if not (isinstance(average, str) and average == "binary"):
        return False
    default = parameters["pos_label"].default if "pos_label" in parameters else 1
    name = getattr(function, "__name__", repr(function))
    return name, options.get("pos_label", default)


def binary_metric_advice(name, pos_label):
    """How to score an abstaining binary classifier instead of ``name``."""
    return (
        "Score an abstaining classifier with an infometrics scorer "
        "(scoring='ni2', or make_ni_scorer()), or score the positive class "
        f"alone: make_scorer({name}, labels=[{pos_label!r}], average='micro') "
        "counts a rejected positive as missed."
    )


def _calling_binary_metric(frame):
    """The binary-only metric of the scikit-learn scorer up the stack, or None."""
    for _ in range(_SCORER_SEARCH_DEPTH):
        if frame is None:
            return None
        metric = binary_metric_of(frame.f_locals.get("self"))
        if metric is not None:
            return metric or None
        frame = frame.f_back
    return None
