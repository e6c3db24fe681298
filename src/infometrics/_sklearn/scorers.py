"""scikit-learn scorers of the measures and risk-coverage areas, reading the
fitted estimator's classes, reject label and confidence."""

from typing import Any, Literal

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._curves.selective import augrc, aurc, e_aurc
from .._measures.chance import adjusted_measures, check_adjustable
from .._measures.registry import MEASURES, check_measure, compute_measures
from .compat import EstimatorAwareScorer
from .responses import (
    check_response_method,
    final_estimator,
    predictions_and_confidence,
)

AUTO = "auto"
AREAS = {"aurc": aurc, "e_aurc": e_aurc, "augrc": augrc}


def is_auto(value):
    return isinstance(value, str) and value == AUTO


def estimator_reject_label(estimator):
    """The reject label of an estimator whose final step abstains, else None."""
    final, _ = final_estimator(estimator)
    if getattr(final, "_infometrics_abstains", False):
        return final.reject_label
    return None


def estimator_classes(estimator, y_true):
    """The estimator's ``classes_``, then the labels of ``y_true`` it never saw."""
    # A test fold may hold a class its training fold lacked: its row shows errors.
    classes = getattr(estimator, "classes_", None)
    if classes is None:
        return None
    classes = np.asarray(classes)
    unseen = np.setdiff1d(np.unique(np.asarray(y_true)), classes)
    return np.concatenate([classes, unseen]) if unseen.size else classes


def _measures_of_labels(y_true, y_pred, names, *, sample_weight=None, **options):
    """``{name: value}`` of true and predicted labels, in natural directions."""
    matrix = augmented_confusion_matrix(
        y_true,
        y_pred,
        labels=options.get("labels"),
        reject_label=options.get("reject_label"),
        sample_weight=sample_weight,
    )
    compute = adjusted_measures if options.get("adjusted") else compute_measures
    return compute(
        matrix, names, replace_undefined_by=options.get("replace_undefined_by", "warn")
    )


def _ranked_measure_of_labels(y_true, y_pred, *, sample_weight=None, **options):
    """The metric of labels a threshold tuner sees; undefined ranks last."""
    # **options: LogisticRegressionCV rebuilds scorers whose function has labels.
    name = options["measure"]
    value = _measures_of_labels(
        y_true, y_pred, [name], sample_weight=sample_weight, **options
    )[name]
    if np.isnan(value):
        return -np.inf if _higher_is_better(name, options.get("adjusted")) else np.inf
    return value


def _refuse_labels(y_true, y_pred, *, sample_weight=None, **options):
    """The metric of labels of a scorer that cannot score one threshold."""
    raise ValueError(options["refusal"])


def _higher_is_better(name, adjusted):
    # An adjusted measure is 1 at best, whatever the measure's direction.
    return bool(adjusted) or MEASURES[name].higher_is_better


class _MeasureScorer(EstimatorAwareScorer):
    """The measures of the estimator's predictions, negated when lower is better."""

    def __init__(
        self,
        score_func,
        names,
        *,
        reject_label,
        labels,
        replace_undefined_by,
        adjusted=False,
        **options,
    ):
        self.reject_label = reject_label
        self.labels = labels
        self.replace_undefined_by = replace_undefined_by
        self.adjusted = bool(adjusted)
        self._names = names
        # Only the options set: the others are read from the estimator.
        if self.adjusted:
            options["adjusted"] = True
        if not is_auto(reject_label):
            options["reject_label"] = reject_label
        if labels is not None:
            options["labels"] = labels
        super().__init__(
            score_func, replace_undefined_by=replace_undefined_by, **options
        )

    def _values(self, estimator, X, y_true, sample_weight):
        values = _measures_of_labels(
            y_true,
            estimator.predict(X),
            self._names,
            sample_weight=sample_weight,
            labels=(
                estimator_classes(estimator, y_true)
                if self.labels is None
                else self.labels
            ),
            reject_label=(
                estimator_reject_label(estimator)
                if is_auto(self.reject_label)
                else self.reject_label
            ),
            replace_undefined_by=self.replace_undefined_by,
            adjusted=self.adjusted,
        )
        # "+ 0.0" keeps a negated 0 from printing as -0.0.
        return {
            name: (1 if _higher_is_better(name, self.adjusted) else -1) * float(value)
            + 0.0
            for name, value in values.items()
        }

    def _options_repr(self):
        options = []
        if not is_auto(self.reject_label):
            options.append(f"reject_label={self.reject_label!r}")
        if self.labels is not None:
            options.append(f"labels={list(self.labels)!r}")
        if self.replace_undefined_by != "warn":
            options.append(f"replace_undefined_by={self.replace_undefined_by!r}")
        return "".join(f", {option}" for option in options)


class InformationScorer(_MeasureScorer):
    """Estimator-aware scorer of one measure; parameters as :func:`make_ni_scorer`.

    Examples
    --------
    >>> from infometrics.scoring import InformationScorer
    >>> InformationScorer("false_info_ratio")  # negated: lower is better
    make_ni_scorer('false_info_ratio')
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
        super().__init__(
            _ranked_measure_of_labels,
            [self.measure],
            greater_is_better=_higher_is_better(self.measure, adjusted),
            reject_label=reject_label,
            labels=labels,
            replace_undefined_by=replace_undefined_by,
            adjusted=adjusted,
            measure=self.measure,
        )

    def _value(self, estimator, X, y_true, sample_weight):
        return self._values(estimator, X, y_true, sample_weight)[self.measure]

    def __repr__(self):
        adjusted = ", adjusted=True" if self.adjusted else ""
        return f"make_ni_scorer({self.measure!r}{adjusted}{self._options_repr()})"


class MultiMeasureScorer(_MeasureScorer):
    """Scorer of many measures from one confusion matrix; parameters as
    :func:`make_multi_measure_scorer`.

    Examples
    --------
    >>> from infometrics.scoring import MultiMeasureScorer
    >>> MultiMeasureScorer(["ni2", "info_error"])
    make_multi_measure_scorer(['ni2', 'info_error'])
    """

    def __init__(
        self, measures, *, reject_label=AUTO, labels=None, replace_undefined_by="warn"
    ):
        self.measures = [check_measure(name).name for name in measures]
        if not self.measures:
            raise ValueError("measures must name at least one measure.")
        super().__init__(
            _refuse_labels,
            self.measures,
            reject_label=reject_label,
            labels=labels,
            replace_undefined_by=replace_undefined_by,
            refusal=(
                f"make_multi_measure_scorer({self.measures!r}) gives several scores, "
                "but a decision threshold is tuned for one: pass one measure, e.g. "
                "scoring='ni2' or make_ni_scorer('ni2')."
            ),
        )

    def _value(self, estimator, X, y_true, sample_weight):
        values = self._values(estimator, X, y_true, sample_weight)
        return {MEASURES[name].scorer_name: value for name, value in values.items()}

    def __repr__(self):
        return f"make_multi_measure_scorer({self.measures!r}{self._options_repr()})"


class RiskCoverageScorer(EstimatorAwareScorer):
    """Scorer of ``-area`` under a risk-coverage curve; parameters as
    :func:`make_risk_coverage_scorer`.

    Examples
    --------
    >>> from infometrics.scoring import RiskCoverageScorer
    >>> RiskCoverageScorer("aurc")
    make_risk_coverage_scorer('aurc')
    """

    def __init__(self, area, *, response_method="auto"):
        if area not in AREAS:
            raise ValueError(f"area must be one of {sorted(AREAS)}; got {area!r}.")
        check_response_method(response_method)
        self.area = area
        self.response_method = response_method
        super().__init__(
            _refuse_labels,
            greater_is_better=False,
            refusal=(
                f"neg_{area} sums over every confidence threshold, so it cannot "
                "score one decision threshold (e.g. in TunedThresholdClassifierCV): "
                "tune with a measure of labels (scoring='ni2') or "
                "infometrics.RejectOptionClassifierCV, and compare models with it."
            ),
        )

    def _value(self, estimator, X, y_true, sample_weight):
        final, final_X = final_estimator(estimator, X)
        if hasattr(final, "_predict_with_confidence"):  # a reject option's own
            index, confidence = final._predict_with_confidence(final_X)
        else:
            index, confidence = predictions_and_confidence(
                estimator, X, self.response_method
            )
        y_pred = np.asarray(estimator.classes_)[index]
        # Classes before rejection: a class -1 is no reject marker here.
        area = AREAS[self.area](
            y_true, y_pred, confidence, reject_label=None, sample_weight=sample_weight
        )
        return -float(area) + 0.0

    def __repr__(self):
        options = (
            ""
            if self.response_method == "auto"
            else f", response_method={self.response_method!r}"
        )
        return f"make_risk_coverage_scorer({self.area!r}{options})"


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
        A registry name; lower-is-better measures are negated.
    reject_label : "auto", scalar or None, default="auto"
        ``"auto"`` reads it from the estimator (a :class:`RejectOptionClassifier`,
        also as a Pipeline's last step; others cannot reject).
    labels : array-like, default=None
        Class order; by default the estimator's ``classes_``.
    replace_undefined_by : "warn" or float, default="warn"
        Value when the measure is undefined on a fold.
    adjusted : bool, default=False
        Score the chance-adjusted measure (see
        :func:`~infometrics.measures.adjusted_measures`); higher is better.

    Returns
    -------
    scorer : InformationScorer
        ``scorer(estimator, X, y, sample_weight=None)`` returns a float.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from infometrics import make_ni_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> model = LogisticRegression(max_iter=1000).fit(X, y)
    >>> round(make_ni_scorer("ni2")(model, X, y), 3)
    0.901
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
        Registry names.
    reject_label, labels, replace_undefined_by
        As in :func:`make_ni_scorer`.

    Returns
    -------
    scorer : MultiMeasureScorer
        Returns ``{scorer name: value}``; use ``refit="ni2"`` in a search.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from infometrics import make_multi_measure_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> model = DecisionTreeClassifier(random_state=0).fit(X, y)
    >>> make_multi_measure_scorer(["ni2", "info_error"])(model, X, y)
    {'ni2': 1.0, 'neg_info_error': 0.0}
    """
    return MultiMeasureScorer(
        measures,
        reject_label=reject_label,
        labels=labels,
        replace_undefined_by=replace_undefined_by,
    )


def make_risk_coverage_scorer(
    area: Literal["aurc", "e_aurc", "augrc"],
    *,
    response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
) -> RiskCoverageScorer:
    """Build a scorer of an area under a risk-coverage curve.

    Parameters
    ----------
    area : {"aurc", "e_aurc", "augrc"}
        :func:`aurc`, :func:`e_aurc` or :func:`augrc`.
    response_method : {"auto", "predict_proba", "decision_function"}, \
default="auto"
        As in :class:`RejectOptionClassifier`, for a classifier without a
        reject option (a :class:`RejectOptionClassifier` gives its own).

    Returns
    -------
    scorer : RiskCoverageScorer
        ``scorer(estimator, X, y, sample_weight=None)`` returns ``-area``.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from infometrics.scoring import make_risk_coverage_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> round(make_risk_coverage_scorer("aurc")(GaussianNB().fit(X, y), X, y), 4)
    -0.0034
    """
    return RiskCoverageScorer(area, response_method=response_method)
