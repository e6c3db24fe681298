"""The reject-option classifier whose threshold is tuned out of fold."""

from __future__ import annotations

import warnings
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn import get_config
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.metrics import get_scorer
from sklearn.model_selection import check_cv, cross_val_predict
from sklearn.utils.metadata_routing import MethodMapping, process_routing
from sklearn.utils.metaestimators import available_if

from .._counting.label_checks import check_sample_weight
from .._counting.labels import encode_labels
from .._curves.curve import RejectCurve
from .._curves.scores import check_thresholds
from .._curves.stacks import threshold_sweep, with_final_threshold
from .._measures.registry import MEASURES, check_measure
from .._measures.validation import check_replace_undefined_by
from .._warnings import find_stack_level
from ..exceptions import DegenerateThresholdWarning
from .compat import binary_metric_of
from .reject_option import _BaseRejectOption
from .responses import abstaining_predictions, accepted, read_class_scores
from .scorers import InformationScorer, MultiMeasureScorer, is_auto, make_ni_scorer

__all__ = ["RejectOptionClassifierCV"]

# Thresholds of a scorer (one call each) when thresholds="auto".
_DEFAULT_GRID_SIZE = 100
_MAX_ROUNDS = 20
# per_class="auto" from this many samples of the rarest class on
# (benchmarks/bench_reject_default.py).
_PER_CLASS_MIN_SAMPLES = 30
_TIE_RTOL = 1e-9
_CURVE_MEASURES = ("ni2", "info_completeness", "false_info_ratio")
_WHY_REJECT_ALL = {
    "false_info_ratio": "r(S|T) = 0 when nothing is accepted",
    "info_error": "no false information is transmitted when nothing is accepted",
    "error_rate": "no accepted sample can be wrong when nothing is accepted",
    "reject_rate": "the reject rate is not an objective",
}


def _float_where_exact(confidence, *, per_class):
    """Integer confidences as float64 where exact (``|c| <= 2**53``), else kept."""
    if confidence.dtype.kind not in "iu":
        return confidence
    if confidence.size == 0 or (
        int(confidence.max()) <= 2**53 and int(confidence.min()) >= -(2**53)
    ):
        return confidence.astype(np.float64)
    if per_class:
        raise ValueError(
            "The confidences are integers beyond 2**53 (integer class scores), "
            "which per_class=True would compare as float64, where distinct "
            "values tie. Pass per_class=False (its single threshold compares "
            "them exactly), or give the scores as floats or ranks."
        )
    return confidence


class _OutOfFoldPredictions(ClassifierMixin, BaseEstimator):
    """The out-of-fold predictions replayed to a scorer; ``X`` holds indices."""

    # Read by infometrics' scorers: predictions may be rejections.
    _infometrics_abstains = True

    def __init__(self, classes, reject_label, scores, method):
        self.classes = classes
        self.reject_label = reject_label
        self.scores = scores
        self.method = method
        self.classes_ = classes
        self.predictions = None

    def predict(self, X):
        return self.predictions[np.asarray(X)[:, 0]]

    @available_if(lambda self: self.method == "predict_proba")
    def predict_proba(self, X):
        return self.scores[np.asarray(X)[:, 0]]

    @available_if(lambda self: self.method == "decision_function")
    def decision_function(self, X):
        return self.scores[np.asarray(X)[:, 0]]


class _Objective:
    """A ``measure`` of this package (swept on matrices), or a ``scorer``."""

    def __init__(self, scoring):
        self.measure = self.scorer = None
        # An undefined point: the scorer's replace_undefined_by, else nan.
        self.undefined = np.nan
        # A plain measure's scorer is swept as that measure.
        if (
            isinstance(scoring, InformationScorer)
            and scoring.labels is None
            and is_auto(scoring.reject_label)
            and not scoring.adjusted
        ):
            self.measure = scoring.measure
            replace = check_replace_undefined_by(scoring.replace_undefined_by)
            if replace != "warn":
                self.undefined = replace
        elif isinstance(scoring, MultiMeasureScorer):
            raise TypeError(
                "scoring must give one score; a multi-measure scorer gives several. "
                "Pass one measure, e.g. scoring='ni2'."
            )
        elif isinstance(scoring, str):
            try:
                self.measure = check_measure(scoring).name
            except ValueError:
                try:
                    self.scorer = get_scorer(scoring)
                except ValueError:
                    raise ValueError(
                        f"scoring={scoring!r} is neither a measure of infometrics "
                        "(e.g. 'ni2', 'info_completeness', 'triangle_mi') nor a "
                        "scikit-learn scorer name (sklearn.metrics.get_scorer_names(),"
                        " e.g. 'balanced_accuracy')."
                    ) from None
        elif callable(scoring):
            self.scorer = scoring
        else:
            raise TypeError(
                "scoring must be a measure name, a scikit-learn scorer name or a "
                f"callable scorer(estimator, X, y); got {scoring!r}."
            )
        self.name = self.measure if self.measure else repr(scoring)
        higher = self.measure is None or MEASURES[self.measure].higher_is_better
        # Values are oriented (greater = better); sign * value is natural.
        self.sign = 1 if higher else -1


class _Problem:
    """Out-of-fold predictions, and the objective at given thresholds."""

    def __init__(self, y, classes, scores, method, sample_weight, owner, objective):
        self.y, self.classes, self.objective = y, classes, objective
        self.predicted, self.confidence = read_class_scores(
            scores, n_classes=len(classes), estimator=owner.estimator, method=method
        )
        self.true = encode_labels(y, classes)
        self.sample_weight = sample_weight
        self.weights = check_sample_weight(sample_weight, len(y))
        self.reject_label = owner.reject_label
        if objective.scorer is not None:
            self.replay = _OutOfFoldPredictions(
                classes, owner.reject_label, scores, method
            )
            self.indices = np.arange(len(y)).reshape(-1, 1)

    def accepted(self, threshold):
        return accepted(self.confidence, threshold, self.predicted)

    def accept_all_where_none_rejected(self, threshold):
        """0 where a threshold rejects no out-of-fold prediction (of its class),
        so that the fitted classifier rejects none on new data either."""
        kept = self.accepted(threshold)
        if np.ndim(threshold) == 0:
            return 0.0 if kept.size and kept.all() else threshold
        n_classes = len(self.classes)
        predicted = np.bincount(self.predicted, minlength=n_classes)
        rejected = np.bincount(self.predicted[~kept], minlength=n_classes)
        return np.where((predicted > 0) & (rejected == 0), 0.0, threshold)

    def reject_rate(self, threshold):
        total = self.weights.sum()
        rejected = self.weights[~self.accepted(threshold)].sum()
        return rejected / total if total > 0 else 0.0

    def scorer_value(self, threshold):
        """The scorer on the abstaining out-of-fold predictions."""
        self.replay.predictions = abstaining_predictions(
            self.classes, self.predicted, self.accepted(threshold), self.reject_label
        )
        weight = (
            {} if self.sample_weight is None else {"sample_weight": self.sample_weight}
        )
        value = self.objective.scorer(self.replay, self.indices, self.y, **weight)
        if isinstance(value, dict):
            raise TypeError(
                f"scoring={self.objective.name} returned a dict; it must give one "
                "score."
            )
        return float(value)

    def sweep(self, thresholds, threshold=None, k=None, names=()):
        """The reject curve of class ``k``'s threshold (every class's if None), the
        others at ``threshold``, and the objective (greater = better) on it."""
        fixed = None
        if k is not None:
            fixed = np.where(self.accepted(threshold), 1, -1).astype(np.int8)
            fixed[self.predicted == k] = 0
        stacks, cuts = threshold_sweep(
            self.true,
            self.predicted,
            self.confidence,
            self.weights,
            thresholds,
            len(self.classes),
            fixed=fixed,
            reject_all=True,
        )
        measure = self.objective.measure
        names = list(dict.fromkeys([measure or "ni2", *names]))
        curve = RejectCurve.from_stacks(
            stacks,
            with_final_threshold(cuts, self.confidence),
            self.classes,
            names,
            np.nan,
        )
        if measure is not None:
            values = curve.measures[measure]
            values = np.where(np.isnan(values), self.objective.undefined, values)
            return curve, self.objective.sign * values
        own = np.arange(len(self.classes)) == k
        values = [
            self.scorer_value(t if k is None else np.where(own, t, threshold))
            for t in curve.thresholds
        ]
        return curve, np.array(values)


def _warn_if_tied(values, reject_rate, best, objective):
    tolerance = _TIE_RTOL * max(1.0, abs(values[best]))
    ties = np.flatnonzero(np.abs(values - values[best]) <= tolerance)
    rates = np.unique(reject_rate[ties])
    if rates.size > 1 and rates[0] < 1:
        warnings.warn(
            f"{objective.name} reaches its best value at {ties.size} thresholds that "
            f"reject from {rates[0]:.3g} to {rates[-1]:.3g} of the samples (a "
            "plateau: the objective does not tell them apart); the one rejecting "
            "least was kept. A measure that values accepted information, such as "
            "'ni2', separates them.",
            DegenerateThresholdWarning,
            stacklevel=find_stack_level(),
        )


def _warn_if_degenerate_end(reject_rate, objective):
    if reject_rate >= 1:
        reason = _WHY_REJECT_ALL.get(
            objective.measure, "it is best when no prediction is kept"
        )
        warnings.warn(
            f"{objective.name} is best when every sample is rejected ({reason}): "
            "the tuned classifier rejects everything. Tune a measure that counts "
            "a rejected sample as lost information, such as scoring='ni2'.",
            DegenerateThresholdWarning,
            stacklevel=find_stack_level(),
        )
    elif reject_rate <= 0:
        hint = (
            " scikit-learn metrics count a rejection as an error, so rejecting "
            "cannot help them; an information measure such as scoring='ni2' "
            "values what rejecting saves."
            if objective.measure is None
            else ""
        )
        warnings.warn(
            f"{objective.name} is best when no sample is rejected: rejecting does "
            "not improve it on the out-of-fold predictions, and the tuned "
            "classifier rejects no training sample." + hint,
            DegenerateThresholdWarning,
            stacklevel=find_stack_level(),
        )


class RejectOptionClassifierCV(_BaseRejectOption):
    """Abstaining classifier whose threshold maximises a measure out of fold.

    The counterpart of ``TunedThresholdClassifierCV`` for abstention, multiclass:
    ``scoring`` is evaluated on the pooled out-of-fold class scores at candidate
    thresholds, the best is kept and the classifier refitted on all the data.
    See the user guide, section "Tuning a reject threshold".

    Parameters
    ----------
    estimator : classifier
        The classifier to wrap.
    scoring : str or callable, default="ni2"
        What to maximise (lower-is-better measures are minimised): a measure of
        this package, a scikit-learn scorer name or a callable
        ``scorer(estimator, X, y)``, to which a rejection is an error.
    per_class : bool or "auto", default="auto"
        One threshold per class by coordinate ascent; ``"auto"``: with more than
        two classes and at least 30 samples in the rarest
        (:ref:`reject-default-evidence`).
    thresholds : "auto", None, int or array-like, default="auto"
        Candidates: ``None`` every distinct confidence, an int that many
        quantiles, an array those values; ``"auto"`` is ``None`` for a measure
        of this package, 100 otherwise.
    cv : int, cross-validation generator or iterable, default=5
        As in scikit-learn; every sample must be predicted exactly once.
    reject_label, response_method
        As in :class:`RejectOptionClassifier`.
    n_jobs : int, default=None
        Parallel fits over the folds.

    Attributes
    ----------
    estimator_ : classifier
        The classifier refitted on all the data.
    best_threshold_ : float or ndarray of shape (n_classes,)
        The chosen threshold; 0 where it rejected no out-of-fold prediction.
    best_score_ : float
        The objective there, out of fold, in its natural direction.
    equivalent_reject_cost_ : float or ndarray of shape (n_classes,)
        ``1 - best_threshold_``, Chow's reject cost; ``nan`` for a margin.
    curve_ : RejectCurve
        The out-of-fold reject curve of the global threshold.
    cv_results_ : dict of ndarray
        The global sweep: ``"thresholds"``, ``"scores"`` (greater is better)
        and ``"reject_rate"``.
    n_rounds_, per_class_ : int, bool
        Rounds of coordinate ascent done; whether it was done.
    classes_, n_features_in_
        As in :class:`RejectOptionClassifier`.

    See Also
    --------
    RejectOptionClassifier : A fixed threshold.
    reject_curve : The curve itself.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from infometrics import RejectOptionClassifierCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = RejectOptionClassifierCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression())
    ... ).fit(X, y)
    >>> model.per_class_  # "auto": two classes, one threshold
    False
    >>> bool(model.best_score_ > model.curve_.measures["ni2"][0])  # rejecting helps
    True
    """

    def __init__(
        self,
        estimator,
        *,
        scoring: str | Any = "ni2",
        per_class: bool | Literal["auto"] = "auto",
        thresholds: Literal["auto"] | int | ArrayLike | None = "auto",
        cv=5,
        reject_label: Any = -1,
        response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
        n_jobs: int | None = None,
    ):
        self.estimator = estimator
        self.scoring = scoring
        self.per_class = per_class
        self.thresholds = thresholds
        self.cv = cv
        self.reject_label = reject_label
        self.response_method = response_method
        self.n_jobs = n_jobs

    def _active_threshold(self):
        return self.best_threshold_

    def _check_own_parameters(self):
        if not (
            isinstance(self.per_class, (bool, np.bool_))
            or (isinstance(self.per_class, str) and self.per_class == "auto")
        ):
            raise ValueError(
                f"per_class must be True, False or 'auto'; got {self.per_class!r}."
            )
        if not isinstance(self.thresholds, str):
            return check_thresholds(self.thresholds)
        if self.thresholds != "auto":
            raise ValueError(
                f"thresholds must be 'auto', an int or an array; got "
                f"{self.thresholds!r}."
            )
        return self.thresholds

    def fit(self, X, y, **params):
        """Choose the threshold out of fold, then refit on all the data.

        ``**params`` go to the wrapped classifier's ``fit`` (routed as by
        ``TunedThresholdClassifierCV``); ``sample_weight`` also weighs the objective.
        """
        thresholds = self._check_own_parameters()
        objective = _Objective(self.scoring)
        if isinstance(thresholds, str):  # "auto"
            thresholds = None if objective.measure else _DEFAULT_GRID_SIZE
        y, classes, method = self._check_fit(y)
        metric = binary_metric_of(objective.scorer)
        if len(classes) == 2 and metric:
            name, pos_label = metric
            raise ValueError(
                f"scoring={self.scoring!r} is a binary metric ({name} with "
                "average='binary'): a rejection is a third label to it, so it "
                "fails at every threshold that rejects. Tune with an infometrics "
                "measure (scoring='ni2'), or score the positive class alone: "
                f"make_scorer({name}, labels=[{pos_label!r}], average='micro') "
                "counts a rejected positive as missed."
            )
        if get_config().get("enable_metadata_routing", False):
            # As TunedThresholdClassifierCV: the scorer gets sample_weight only
            # if it requested it, the folds get the estimator's and the splitter's.
            routed = process_routing(self, "fit", **params)
            fit_params, score_params = routed.estimator.fit, routed.scorer.score
            fold_params = {**fit_params, **routed.splitter.split}
        else:
            fit_params = score_params = fold_params = params
        cv = check_cv(self.cv, y, classifier=True)
        scores = cross_val_predict(
            clone(self.estimator),
            X,
            y,
            cv=cv,
            method=method,
            n_jobs=self.n_jobs,
            params=fold_params,
        )
        # The wrapped classifier sees y as given; the sweep its NumPy values.
        scores = np.asarray(scores)
        if not np.all(np.isfinite(scores)):
            raise ValueError(
                f"The out-of-fold {method} of {type(self.estimator).__name__} "
                "contains NaN or infinite values, which rank no prediction."
            )
        problem = _Problem(
            np.asarray(y),
            classes,
            scores,
            method,
            score_params.get("sample_weight"),
            self,
            objective,
        )
        per_class = self.per_class
        if isinstance(per_class, str):  # "auto"
            counts = np.bincount(problem.true, minlength=len(classes))
            per_class = len(classes) > 2 and counts.min() >= _PER_CLASS_MIN_SAMPLES
        self.per_class_ = bool(per_class)
        problem.confidence = _float_where_exact(
            problem.confidence, per_class=self.per_class_
        )
        curve, values = problem.sweep(thresholds, names=_CURVE_MEASURES)
        if np.all(np.isnan(values)):
            raise ValueError(
                f"{objective.name} is undefined at every threshold: the data hold a "
                "single class (once weighted by sample_weight, if given), so there "
                "is no threshold to choose."
            )
        best = int(np.nanargmax(values))  # the first: the least rejection
        _warn_if_tied(values, curve.reject_rate, best, objective)
        # An integer threshold stays one: integer confidences beyond 2**53.
        threshold, value = curve.thresholds[best].item(), values[best]
        self.n_rounds_ = 0
        if self.per_class_:
            threshold, value = self._coordinate_ascent(
                problem, np.full(len(classes), threshold), value, thresholds
            )
        _warn_if_degenerate_end(problem.reject_rate(threshold), objective)
        threshold = problem.accept_all_where_none_rejected(threshold)
        self.best_threshold_ = threshold
        self.best_score_ = float(objective.sign * value)
        # Chow's rule on calibrated probabilities: reject below 1 - cost.
        cost = 1.0 - np.asarray(threshold, dtype=float)
        if method != "predict_proba":  # a margin is not a probability
            cost = np.full_like(cost, np.nan)
        self.equivalent_reject_cost_ = float(cost) if cost.ndim == 0 else cost
        self.curve_ = curve
        self.cv_results_ = {
            "thresholds": curve.thresholds,
            "scores": values,
            "reject_rate": curve.reject_rate,
        }
        self._fit_estimator(X, y, fit_params)
        return self

    def get_metadata_routing(self):
        """Routing of fit metadata, as by ``TunedThresholdClassifierCV``."""
        objective = _Objective(self.scoring)
        scorer = (
            self.scoring
            if callable(self.scoring)
            else objective.scorer or make_ni_scorer(objective.measure)
        )
        return (
            super()
            .get_metadata_routing()
            .add(
                scorer=scorer,
                method_mapping=MethodMapping().add(caller="fit", callee="score"),
            )
            .add(
                splitter=check_cv(self.cv, classifier=True),
                method_mapping=MethodMapping().add(caller="fit", callee="split"),
            )
        )

    def _coordinate_ascent(self, problem, threshold, value, thresholds):
        """Per-class thresholds: sweep one class at a time until none improves."""
        for self.n_rounds_ in range(1, _MAX_ROUNDS + 1):
            improved = False
            for k in range(len(problem.classes)):
                curve, values = problem.sweep(thresholds, threshold, k)
                if np.all(np.isnan(values)):
                    continue
                best = int(np.nanargmax(values))
                if values[best] > value + _TIE_RTOL * max(1.0, abs(value)):
                    threshold[k], value = curve.thresholds[best], values[best]
                    improved = True
            if not improved:
                break
        return threshold, value
