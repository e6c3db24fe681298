"""Scorers of the areas under risk-coverage curves, read from the estimator."""

from typing import Literal

import numpy as np
from sklearn.metrics import make_scorer

from .._curves.scores import confidence_and_prediction
from .._curves.selective import augrc, aurc, e_aurc
from .compat import EstimatorAwareScorer
from .responses import check_class_scores

_AREAS = {"aurc": aurc, "e_aurc": e_aurc, "augrc": augrc}
_CONFIDENCE_METHODS = ("auto", "predict_proba", "decision_function")


def _abstainer_and_input(estimator, X):
    """The final estimator and its input, through searches and Pipelines."""
    while True:
        if hasattr(estimator, "best_estimator_"):
            estimator = estimator.best_estimator_
        elif hasattr(estimator, "steps") and estimator.steps:
            if len(estimator.steps) > 1:
                X = estimator[:-1].transform(X)
            estimator = estimator.steps[-1][1]
        else:
            return estimator, X


def _area_of_labels(y_true, y_pred, *, sample_weight=None, **options):
    """The metric of labels given to ``make_scorer``; refuses.

    scikit-learn code that thresholds a classifier itself (the decision
    threshold of ``TunedThresholdClassifierCV``) calls it with thresholded
    labels. An area under a risk-coverage curve sums over every confidence
    threshold, so it cannot score one threshold: refuse with the reason.
    """
    raise ValueError(
        f"neg_{options['area']} is an area under the risk-coverage curve: it sums "
        "over every confidence threshold, so it cannot score one decision "
        "threshold (it was given thresholded labels, e.g. by "
        "TunedThresholdClassifierCV). Tune a threshold with a measure of labels "
        "instead (e.g. scoring='ni2' or "
        "'balanced_accuracy'), or a reject threshold with "
        "infometrics.RejectOptionClassifierCV; use neg_aurc to compare models "
        "(cross_val_score, GridSearchCV)."
    )


class RiskCoverageScorer(EstimatorAwareScorer):
    """Scorer of an area under a risk-coverage curve, read from the estimator.

    Returns ``-area`` (greater is better, as every scorer). The confidence
    and the predictions come from the fitted estimator: a
    :class:`RejectOptionClassifier` (also as the last step of a ``Pipeline``)
    gives its own confidence (``predict_confidence``) and its predictions
    before rejection; any other classifier its top predicted probability or,
    without probabilities, the margin between its two top decision values,
    with the class of the top score as the prediction. Build it with
    :func:`make_risk_coverage_scorer`; registered as ``"neg_aurc"``,
    ``"neg_e_aurc"`` and ``"neg_augrc"``.

    Parameters
    ----------
    area : {"aurc", "e_aurc", "augrc"}
        :func:`aurc`, :func:`e_aurc` or :func:`augrc`.
    response_method : {"auto", "predict_proba", "decision_function"}, \
default="auto"
        Where the confidence of a classifier without a reject option comes
        from; ``"auto"`` prefers probabilities. A
        :class:`RejectOptionClassifier` always uses its own.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from infometrics.scoring import RiskCoverageScorer
    >>> from infometrics.curves import aurc
    >>> X, y = load_iris(return_X_y=True)
    >>> model = LogisticRegression(C=0.05).fit(X, y)
    >>> proba = model.predict_proba(X)
    >>> value = RiskCoverageScorer("aurc")(model, X, y)
    >>> bool(value == -aurc(y, proba.argmax(axis=1), proba.max(axis=1)))
    True
    """

    def __init__(self, area, *, response_method="auto"):
        if area not in _AREAS:
            raise ValueError(f"area must be one of {sorted(_AREAS)}; got {area!r}.")
        if response_method not in _CONFIDENCE_METHODS:
            raise ValueError(
                f"response_method must be one of {_CONFIDENCE_METHODS}; got "
                f"{response_method!r}."
            )
        self.area = area
        self.response_method = response_method
        self._adopt(make_scorer(_area_of_labels, greater_is_better=False, area=area))

    def _prediction_and_confidence(self, estimator, X):
        final, final_input = _abstainer_and_input(estimator, X)
        if getattr(final, "_infometrics_abstains", False) and hasattr(
            final, "_predict_with_confidence"
        ):
            index, confidence = final._predict_with_confidence(final_input)
            return np.asarray(final.classes_)[index], confidence
        methods = (
            ("predict_proba", "decision_function")
            if self.response_method == "auto"
            else (self.response_method,)
        )
        for method in methods:
            if hasattr(estimator, method):
                kind = "max" if method == "predict_proba" else "margin"
                scores = check_class_scores(
                    getattr(estimator, method)(X),
                    n_classes=len(estimator.classes_),
                    estimator=estimator,
                    method=method,
                )
                index, confidence = confidence_and_prediction(scores, kind)
                return np.asarray(estimator.classes_)[index], confidence
        raise ValueError(
            f"{type(estimator).__name__} has no {' or '.join(methods)}: there is no "
            f"confidence to rank its predictions by, so {self.area} is undefined."
        )

    def score_estimator(self, estimator, X, y_true, sample_weight=None, **kwargs):
        """Minus the area of a fitted estimator on ``X`` against ``y_true``.

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
            ``-area`` (lower areas are better).
        """
        if kwargs:
            raise TypeError(
                f"{self!r} got unexpected metadata {sorted(kwargs)}; it accepts only "
                "sample_weight."
            )
        y_pred, confidence = self._prediction_and_confidence(estimator, X)
        area = _AREAS[self.area](
            y_true, y_pred, confidence, sample_weight=sample_weight
        )
        return -float(area) + 0.0

    def __repr__(self):
        options = (
            ""
            if self.response_method == "auto"
            else f", response_method={self.response_method!r}"
        )
        return f"make_risk_coverage_scorer({self.area!r}{options})"


def make_risk_coverage_scorer(
    area: Literal["aurc", "e_aurc", "augrc"],
    *,
    response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
) -> RiskCoverageScorer:
    """Build a scorer of an area under a risk-coverage curve.

    Parameters
    ----------
    area : {"aurc", "e_aurc", "augrc"}
        :func:`aurc` (Geifman & El-Yaniv 2017), :func:`e_aurc` (its excess
        over the oracle ranking) or :func:`augrc` (Traub et al. 2024).
    response_method : {"auto", "predict_proba", "decision_function"}, \
default="auto"
        Where the confidence of a classifier without a reject option comes
        from: its top probability or its decision margin.

    Returns
    -------
    scorer : RiskCoverageScorer
        ``scorer(estimator, X, y, sample_weight=None)`` returns ``-area``.

    See Also
    --------
    risk_coverage_curve : The curve.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.model_selection import cross_val_score
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from infometrics.scoring import make_risk_coverage_scorer
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cross_val_score(GaussianNB(), X, y, scoring="neg_aurc", cv=3)
    >>> bool((scores <= 0).all())
    True
    >>> make_risk_coverage_scorer("augrc")
    make_risk_coverage_scorer('augrc')
    """
    return RiskCoverageScorer(area, response_method=response_method)
