"""scikit-learn scorers for every registry measure, made by ``make_scorer``.

A scorer predicts with the fitted estimator, builds the augmented confusion
matrix in the estimator's own class order, reads rejections with the
estimator's own reject label, and returns the measure (negated for measures
where lower is better, so greater is always better).
"""

from typing import Any, Literal

import numpy as np
from sklearn.metrics import make_scorer

from .._counting.count import augmented_confusion_matrix
from .._measures.chance import adjusted_measures, check_adjustable
from .._measures.registry import MEASURES, check_measure, compute_measures
from .compat import EstimatorAwareScorer

AUTO = "auto"


def _final_estimator(estimator):
    """The estimator that predicts: the last Pipeline step, a search's best."""
    while True:
        if hasattr(estimator, "best_estimator_"):
            estimator = estimator.best_estimator_
        elif hasattr(estimator, "steps") and estimator.steps:
            estimator = estimator.steps[-1][1]
        else:
            return estimator


def estimator_reject_label(estimator):
    """The label with which a fitted estimator abstains, or None if it cannot.

    An estimator abstains when its final step declares it through the
    ``_infometrics_abstains`` attribute (as :class:`RejectOptionClassifier`
    does) and has a ``reject_label``.
    """
    final = _final_estimator(estimator)
    if getattr(final, "_infometrics_abstains", False):
        return final.reject_label
    return None


def estimator_classes(estimator, y_true):
    """The estimator's ``classes_``, then any label of ``y_true`` it never saw.

    A test fold may hold a class the training fold lacked; appending it keeps
    every sample (its row shows the errors) and the matrices comparable.
    """
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        return None
    classes = np.asarray(classes)
    unseen = np.setdiff1d(np.unique(np.asarray(y_true)), classes)
    return np.concatenate([classes, unseen]) if unseen.size else classes


def _measure_of_labels(y_true, y_pred, *, sample_weight=None, **options):
    """One measure of true and predicted labels, in its natural direction.

    The metric given to ``make_scorer`` (through
    :func:`_ranked_measure_of_labels`): scikit-learn code that builds
    predictions itself calls it with the labels of a thresholded binary
    decision (``TunedThresholdClassifierCV`` does). ``options`` are the
    ``make_scorer`` keyword arguments: ``measure``, ``replace_undefined_by``,
    and ``reject_label`` and ``labels`` when the user set them.
    Without an estimator, ``reject_label="auto"`` means the predictions are
    classes (scikit-learn's thresholded predictions never abstain), and the
    classes default to the sorted union of both label arrays. The options are
    taken through ``**options``, not named, so that
    ``LogisticRegressionCV``, which rebuilds scorers whose score function has
    a ``labels`` parameter, keeps calling the estimator-aware scorer.
    """
    measure = options["measure"]
    reject_label = options.get("reject_label", AUTO)
    if isinstance(reject_label, str) and reject_label == AUTO:
        reject_label = None
    matrix = augmented_confusion_matrix(
        y_true,
        y_pred,
        labels=options.get("labels"),
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    compute = adjusted_measures if options.get("adjusted") else compute_measures
    return compute(
        matrix,
        [measure],
        replace_undefined_by=options.get("replace_undefined_by", "warn"),
    )[measure]


def _ranked_measure_of_labels(y_true, y_pred, *, sample_weight=None, **options):
    """:func:`_measure_of_labels`, with an undefined value ranked last.

    The metric scikit-learn sees: its threshold
    tuners pick ``argmax`` of the scores, and ``np.argmax`` picks a NaN. An
    undefined measure (e.g. a divergence of the NI family when every sample is
    predicted as one class) is therefore the worst value, ``-inf`` once
    oriented by ``greater_is_better`` — after the same
    :class:`UndefinedMeasureWarning`.
    """
    value = _measure_of_labels(y_true, y_pred, sample_weight=sample_weight, **options)
    if np.isnan(value):
        better = _higher_is_better(options["measure"], options.get("adjusted"))
        return -np.inf if better else np.inf
    return value


def _higher_is_better(name, adjusted):
    # An adjusted measure is 1 at best, 0 at chance, whatever the direction
    # of the measure it adjusts.
    return bool(adjusted) or MEASURES[name].higher_is_better


def _several_measures_of_labels(y_true, y_pred, *, sample_weight=None, **options):
    """The metric scikit-learn asks a multi-measure scorer for; refuses.

    A threshold tuner (``TunedThresholdClassifierCV``) maximises one score per
    threshold; a dict of measures is not one.
    """
    raise ValueError(
        f"make_multi_measure_scorer({options['measures']!r}) gives several scores, but "
        "a decision threshold is tuned for one: pass one measure, e.g. "
        "scoring='ni2' or make_ni_scorer('ni2')."
    )


def _oriented(name, value, adjusted=False):
    """The value with greater = better: negated for lower-is-better measures."""
    value = float(value)
    # "+ 0.0" keeps a negated 0 from printing as -0.0.
    return (value if _higher_is_better(name, adjusted) else -value) + 0.0


class _ScorerBase(EstimatorAwareScorer):
    """Shared by the single- and multi-measure scorers."""

    def __init__(
        self,
        score_func,
        *,
        greater_is_better=True,
        reject_label=AUTO,
        labels=None,
        replace_undefined_by="warn",
        **options,
    ):
        self.reject_label = reject_label
        self.labels = labels
        self.replace_undefined_by = replace_undefined_by
        # Only the options the user set: the others are read from the
        # estimator when it is scored.
        if not (isinstance(reject_label, str) and reject_label == AUTO):
            options["reject_label"] = reject_label
        if labels is not None:
            options["labels"] = labels
        self._adopt(
            make_scorer(
                score_func,
                greater_is_better=greater_is_better,
                replace_undefined_by=replace_undefined_by,
                **options,
            )
        )

    def _resolved_labels(self, estimator, y_true):
        """The class order and reject label for this fitted estimator."""
        reject_label = (
            estimator_reject_label(estimator)
            if isinstance(self.reject_label, str) and self.reject_label == AUTO
            else self.reject_label
        )
        labels = (
            self.labels
            if self.labels is not None
            else estimator_classes(estimator, y_true)
        )
        return labels, reject_label

    def _confusion_matrix(self, estimator, X, y_true, sample_weight):
        y_pred = estimator.predict(X)
        labels, reject_label = self._resolved_labels(estimator, y_true)
        return augmented_confusion_matrix(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
        )

    def _options_repr(self):
        options = []
        if not (isinstance(self.reject_label, str) and self.reject_label == AUTO):
            options.append(f"reject_label={self.reject_label!r}")
        if self.labels is not None:
            options.append(f"labels={list(self.labels)!r}")
        if self.replace_undefined_by != "warn":
            options.append(f"replace_undefined_by={self.replace_undefined_by!r}")
        return "".join(f", {option}" for option in options)


class InformationScorer(_ScorerBase):
    """Scorer of one measure, estimator-aware; use :func:`make_ni_scorer`.

    An instance of the class :func:`sklearn.metrics.make_scorer` returns,
    with the state it gives (score function of labels, sign, keyword
    arguments, metadata request), so every scikit-learn version reads it as
    its own; only the scoring of a fitted estimator also reads the
    estimator's classes and reject label.

    Parameters
    ----------
    measure : str
        Registry name of the measure.
    reject_label : "auto", scalar or None, default="auto"
        ``"auto"`` reads it from the estimator (a plain classifier cannot
        reject); a value or ``None`` overrides.
    labels : array-like or None, default=None
        Class order; by default the estimator's ``classes_``.
    replace_undefined_by : "warn" or float, default="warn"
        As for the measures.
    adjusted : bool, default=False
        Score the measure adjusted for chance (see :func:`make_ni_scorer`).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.model_selection import cross_val_score
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from infometrics.scoring import InformationScorer
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cross_val_score(
    ...     DecisionTreeClassifier(random_state=0), X, y,
    ...     scoring=InformationScorer("false_info_ratio"),
    ... )
    >>> bool((scores <= 0).all())  # negated: lower ratio is better
    True
    """

    def __init__(
        self,
        measure,
        *,
        reject_label=AUTO,
        labels=None,
        replace_undefined_by="warn",
        adjusted=False,
    ):
        self.measure = (check_adjustable if adjusted else check_measure)(measure).name
        self.adjusted = bool(adjusted)
        options = {"adjusted": True} if self.adjusted else {}
        super().__init__(
            _ranked_measure_of_labels,
            greater_is_better=_higher_is_better(self.measure, self.adjusted),
            reject_label=reject_label,
            labels=labels,
            replace_undefined_by=replace_undefined_by,
            measure=self.measure,
            **options,
        )

    def score_estimator(self, estimator, X, y_true, sample_weight=None, **kwargs):
        """Score a fitted estimator on ``X`` against ``y_true``.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like
            Test data.
        y_true : array-like of shape (n_samples,)
            True labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Sample weights.
        **kwargs : dict
            Further routed metadata; rejected.

        Returns
        -------
        score : float
            The measure, negated when lower is better.
        """
        if kwargs:
            raise TypeError(
                f"{self!r} got unexpected metadata {sorted(kwargs)}; it accepts only "
                "sample_weight."
            )
        labels, reject_label = self._resolved_labels(estimator, y_true)
        value = _measure_of_labels(
            y_true,
            estimator.predict(X),
            sample_weight=sample_weight,
            measure=self.measure,
            labels=labels,
            reject_label=reject_label,
            replace_undefined_by=self.replace_undefined_by,
            adjusted=self.adjusted,
        )
        return _oriented(self.measure, value, self.adjusted)

    def __repr__(self):
        adjusted = ", adjusted=True" if self.adjusted else ""
        return f"make_ni_scorer({self.measure!r}{adjusted}{self._options_repr()})"


class MultiMeasureScorer(_ScorerBase):
    """Scorer computing many measures from one confusion matrix.

    Returns a dict ``{scorer name: value}`` (``neg_`` names for lower-is-better
    measures, negated), usable as ``scoring=`` with ``refit="ni2"``. Build it
    with :func:`make_multi_measure_scorer`.

    Parameters
    ----------
    measures : sequence of str
        Registry names.
    reject_label : "auto", scalar or None, default="auto"
        As for :class:`InformationScorer`.
    labels : array-like or None, default=None
        As for :class:`InformationScorer`.
    replace_undefined_by : "warn" or float, default="warn"
        As for :class:`InformationScorer`.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from infometrics.scoring import MultiMeasureScorer
    >>> X, y = load_iris(return_X_y=True)
    >>> model = DecisionTreeClassifier(random_state=0).fit(X, y)
    >>> MultiMeasureScorer(["ni2", "info_error"])(model, X, y)
    {'ni2': 1.0, 'neg_info_error': 0.0}
    """

    def __init__(
        self, measures, *, reject_label=AUTO, labels=None, replace_undefined_by="warn"
    ):
        self.measures = [check_measure(name).name for name in measures]
        if not self.measures:
            raise ValueError("measures must name at least one measure.")
        super().__init__(
            _several_measures_of_labels,
            reject_label=reject_label,
            labels=labels,
            replace_undefined_by=replace_undefined_by,
            measures=list(self.measures),
        )

    def score_estimator(self, estimator, X, y_true, sample_weight=None, **kwargs):
        """Score a fitted estimator on every measure; see :class:`InformationScorer`.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like
        y_true : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
        **kwargs : dict
            Further routed metadata; rejected.

        Returns
        -------
        scores : dict
            ``{scorer name: value}``, greater is better for every entry.
        """
        if kwargs:
            raise TypeError(
                f"{self!r} got unexpected metadata {sorted(kwargs)}; it accepts only "
                "sample_weight."
            )
        matrix = self._confusion_matrix(estimator, X, y_true, sample_weight)
        values = compute_measures(
            matrix, self.measures, replace_undefined_by=self.replace_undefined_by
        )
        return {
            MEASURES[name].scorer_name: _oriented(name, value)
            for name, value in values.items()
        }

    def __repr__(self):
        return f"make_multi_measure_scorer({self.measures!r}{self._options_repr()})"


def make_ni_scorer(
    measure: str = "ni2",
    *,
    reject_label: Any = AUTO,
    labels=None,
    replace_undefined_by: float | Literal["warn"] = "warn",
    adjusted: bool = False,
) -> InformationScorer:
    """Build an estimator-aware scorer of one information measure.

    Parameters
    ----------
    measure : str, default="ni2"
        ``"ni1"`` ... ``"ni24"``, ``"info_completeness"``,
        ``"false_info_ratio"`` (or ``"neg_false_info_ratio"``),
        ``"info_error"``, ``"triangle_mi"``, ``"triangle_vi"``,
        ``"triangle_dh"`` or a conventional measure such as ``"kappa"``.
        Lower-is-better measures are negated.
    reject_label : "auto", scalar or None, default="auto"
        ``"auto"`` reads the reject label from the estimator (a
        :class:`RejectOptionClassifier`, also as the last step of a Pipeline);
        an estimator without a reject option cannot reject. A value overrides.
    labels : array-like, default=None
        Class order of the matrix; by default the estimator's ``classes_``
        (plus any label of the test fold it never saw).
    replace_undefined_by : "warn" or float, default="warn"
        Value when the measure is undefined on a fold.
    adjusted : bool, default=False
        Score ``(value - expected) / (best - expected)``, the expectation under
        random permutation of the fold's outputs (see
        :func:`~infometrics.measures.adjusted_measures`): 0 for chance, 1 for
        an exact classification, higher is better for every measure. It
        removes the small-fold bias of the plug-in information, which favours
        classifiers that scatter errors over many cells. Only measures
        affine in the mutual information; needs unweighted (integer) counts.
        The registered names are ``"adjusted_<measure>"``.

    Returns
    -------
    scorer : InformationScorer
        ``scorer(estimator, X, y, sample_weight=None)`` returns a float.

    See Also
    --------
    get_scorer : The registered scorers by name.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from infometrics import make_ni_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> model = LogisticRegression(max_iter=1000).fit(X, y)
    >>> scorer = make_ni_scorer("ni2")
    >>> round(scorer(model, X, y), 3)
    0.901
    >>> round(make_ni_scorer("ni2", adjusted=True)(model, X, y), 3)
    0.9
    """
    return InformationScorer(
        measure,
        reject_label=reject_label,
        labels=labels,
        replace_undefined_by=replace_undefined_by,
        adjusted=adjusted,
    )


def make_multi_measure_scorer(
    measures=("ni2", "info_completeness", "false_info_ratio", "triangle_mi"),
    *,
    reject_label: Any = AUTO,
    labels=None,
    replace_undefined_by: float | Literal["warn"] = "warn",
) -> MultiMeasureScorer:
    """Build one scorer that returns many measures from a single confusion matrix.

    Parameters
    ----------
    measures : sequence of str, default=("ni2", "info_completeness", \
"false_info_ratio", "triangle_mi")
        Registry names (see :func:`make_ni_scorer`).
    reject_label : "auto", scalar or None, default="auto"
        As for :func:`make_ni_scorer`.
    labels : array-like, default=None
        As for :func:`make_ni_scorer`.
    replace_undefined_by : "warn" or float, default="warn"
        As for :func:`make_ni_scorer`.

    Returns
    -------
    scorer : MultiMeasureScorer
        Returns ``{scorer name: value}``: use it as ``scoring=`` with
        ``refit="ni2"``.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.model_selection import cross_validate
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from infometrics import make_multi_measure_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cross_validate(
    ...     DecisionTreeClassifier(random_state=0), X, y,
    ...     scoring=make_multi_measure_scorer(["ni2", "false_info_ratio"]),
    ... )
    >>> sorted(key for key in scores if key.startswith("test_"))
    ['test_neg_false_info_ratio', 'test_ni2']
    """
    return MultiMeasureScorer(
        measures,
        reject_label=reject_label,
        labels=labels,
        replace_undefined_by=replace_undefined_by,
    )
