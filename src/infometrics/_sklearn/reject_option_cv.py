"""The reject-option classifier whose threshold is tuned out of fold."""

from __future__ import annotations

import numbers
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn import get_config
from sklearn.base import clone
from sklearn.model_selection import check_cv, cross_val_predict
from sklearn.utils.metadata_routing import (
    MetadataRouter,
    MethodMapping,
    process_routing,
)

from .._counting.label_checks import check_sample_weight
from .._counting.labels import encode_labels
from .._curves.reject_curve import reject_curve
from .._curves.scores import confidence_and_prediction
from .compat import binary_metric_of
from .reject_option import _BaseRejectOption
from .responses import check_class_scores, check_not_one_vs_one, to_numpy
from .scorers import make_ni_scorer
from .threshold_objective import (
    _TIE_RTOL,
    _first_best,
    _Objective,
    _Problem,
    _warn_if_degenerate_end,
    _warn_if_tied,
)

__all__ = ["RejectOptionClassifierCV"]

# Thresholds a scoring that is not a measure of this package is evaluated at,
# by default: each costs one call of the scorer on every sample.
_DEFAULT_GRID_SIZE = 100
# Rounds of coordinate ascent over the classes, at most (per_class=True).
_MAX_ROUNDS = 20
# per_class="auto": one threshold per class from this many samples of the
# rarest class on (benchmarks/bench_reject_default.py).
_PER_CLASS_MIN_SAMPLES = 30


def _per_class_by_default(true, n_classes):
    """The rule of ``per_class="auto"``: more than two classes, each well sampled.

    On held-out NI2 over 9 data sets, 3 models and 5 seeds
    (benchmarks/bench_reject_default.py), per-class thresholds beat the
    global one in 46 of 60 runs with more than two classes and at least 30
    samples of the rarest class, and lost none; with fewer they changed
    nothing in 42 of 45 runs (1 better, 2 worse); on two classes the
    evidence was split (one data set gained, the other lost twice).
    """
    counts = np.bincount(true, minlength=n_classes)
    return bool(n_classes > 2 and counts.min() >= _PER_CLASS_MIN_SAMPLES)


def _float_where_exact(confidence, *, per_class):
    """Integer confidences as float64 where that is exact (``|c| <= 2**53``).

    Beyond, they stay integers, which the global sweep and the prediction
    compare exactly; the per-class search works on float thresholds, so it
    refuses them.
    """
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


class RejectOptionClassifierCV(_BaseRejectOption):
    """Abstaining classifier whose threshold maximises a measure out of fold.

    The counterpart of scikit-learn's ``TunedThresholdClassifierCV`` for
    abstention, multiclass: fits the wrapped classifier on each CV fold, pools
    the out-of-fold probabilities (or decision values), evaluates ``scoring``
    at candidate confidence thresholds, keeps the best, then refits on all the
    data.

    * A measure of this package (``"ni2"``, ``"info_completeness"``, ...) is
      evaluated at **every** distinct confidence value with one sort of the
      confidences (:func:`reject_curve`).
    * Any other scikit-learn scoring — a scorer name such as
      ``"balanced_accuracy"`` or ``"f1_macro"``, or a callable
      ``scorer(estimator, X, y)`` — is evaluated at ``thresholds`` values (100
      by default, at evenly spaced quantiles of the confidence, plus "reject
      everything"), one call of the scorer on every out-of-fold prediction
      each. Such a metric sees a rejection as a prediction of ``reject_label``,
      that is, as an error.

    Parameters
    ----------
    estimator : classifier
        The classifier to wrap.
    scoring : str or callable, default="ni2"
        What to maximise. Measures that count a rejected sample as lost
        information make sense to tune: ``"ni2"`` (the default; Hu & Wang's
        measure for abstaining classifiers), ``"info_completeness"``,
        ``"triangle_mi"``, ``"ni1"``. Measures that improve by accepting less
        do not: ``"false_info_ratio"`` (``r(S|T) = 0`` when nothing is
        accepted), ``"info_error"``, ``"error_rate"`` and
        ``"accepted_accuracy"`` end at, or next to, "reject everything".
        scikit-learn metrics (``"accuracy"`` aside, which is this package's
        measure) count a rejection as an error, so rejecting rarely pays for
        them. A degenerate choice warns (:class:`DegenerateThresholdWarning`).
        Lower-is-better measures are minimised.
    per_class : bool or "auto", default="auto"
        Tune one threshold per class (the predicted class's threshold
        applies) by coordinate ascent: start from the best global threshold,
        then sweep each class's threshold with the others fixed and keep the
        best, round after round, until no class improves the objective (at
        most 20 rounds). Each sweep of a package measure costs one sort of
        that class's predictions. ``"auto"``: per class when there are more
        than two classes and the rarest has at least 30 samples in ``y``,
        one global threshold otherwise. The rule comes from held-out NI2 on
        9 data sets, 3 models and 5 seeds (``benchmarks/bench_reject_default.py``,
        table in the user guide): there, per-class thresholds were better in
        46 of 60 such runs and never worse, and changed nothing when the
        rarest class had fewer samples. The choice made is ``per_class_``.
    thresholds : "auto", int or array-like, default="auto"
        Candidate thresholds. ``"auto"``: every distinct confidence for a
        measure of this package, 100 quantiles otherwise. An int ``k``: ``k``
        thresholds at evenly spaced quantiles of the out-of-fold confidence.
        An array: those values. "Reject everything" is always a candidate.
    cv : int, cross-validation generator or iterable, default=5
        As in scikit-learn (stratified for classifiers); every sample must be
        predicted exactly once.
    reject_label : scalar, default=-1
        As for :class:`RejectOptionClassifier`.
    response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        As for :class:`RejectOptionClassifier`.
    n_jobs : int, default=None
        Parallel fits over the folds.
    verbose : int, default=0
        Progress messages: above 0, one line per sweep and the chosen
        threshold; above 1, also the fold fits (scikit-learn's messages).

    Attributes
    ----------
    estimator_ : classifier
        The classifier refitted on all the data.
    best_threshold_ : float, int or ndarray of shape (n_classes,)
        The chosen threshold (one per class, in the order of ``classes_``,
        with ``per_class=True``); ``inf`` rejects every prediction (of that
        class). An int when the confidences are integers beyond ``2**53``
        (integer class scores), so that they are compared exactly. Where the
        best threshold rejects no out-of-fold prediction (of
        that class), it is 0, so that the fitted classifier rejects nothing
        (of that class) on new data either, also below the lowest confidence
        seen out of fold.
    best_score_ : float
        The objective at that threshold, out of fold: a measure in its
        natural direction (``false_info_ratio``: lower is better), a scorer's
        value as the scorer gives it.
    equivalent_reject_cost_ : float or ndarray of shape (n_classes,)
        ``1 - best_threshold_``: with calibrated probabilities, the cost of a
        rejection, in units of the cost of an error, for which Chow's rule
        (reject when the top probability is below ``1 - cost``) makes the same
        decisions (Zhang & Hu 2014); per class with ``per_class=True``.
        ``nan`` when the confidence is a decision margin, not a probability.
    curve_ : RejectCurve
        The out-of-fold reject curve of the global threshold (the NI2,
        information-completeness and false-information-ratio curves, and the
        measure tuned if it is one of this package's).
    cv_results_ : dict of ndarray
        The global sweep: ``"thresholds"``, ``"scores"`` (the objective,
        greater is better: lower-is-better measures negated) and
        ``"reject_rate"`` at each candidate.
    n_rounds_ : int
        Rounds of coordinate ascent done (0 without ``per_class``).
    per_class_ : bool
        Whether one threshold per class was tuned (``per_class``, with
        ``"auto"`` resolved).
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
        Number of features seen during fit, if the wrapped classifier has it.

    See Also
    --------
    RejectOptionClassifier : A fixed threshold.
    reject_curve : The curve itself.

    References
    ----------
    .. [1] C. K. Chow, "On optimum recognition error and reject tradeoff", IEEE
       Transactions on Information Theory 16 (1970).
    .. [2] X. Zhang and B.-G. Hu, "A new strategy of cost-free learning in the
       class imbalance problem", IEEE Transactions on Knowledge and Data
       Engineering 26 (2014): the costs equivalent to thresholds learnt without
       costs.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from infometrics import RejectOptionClassifierCV
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> model = RejectOptionClassifierCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression()), cv=5
    ... ).fit(X, y)
    >>> model.per_class_  # "auto": two classes, one threshold
    False
    >>> 0.5 <= model.best_threshold_ < 1.0
    True
    >>> bool(model.best_score_ > model.curve_.measures["ni2"][0])  # rejecting helps
    True
    >>> bool(model.equivalent_reject_cost_ == 1 - model.best_threshold_)
    True

    One threshold per class:

    >>> per_class = RejectOptionClassifierCV(
    ...     make_pipeline(StandardScaler(), LogisticRegression()), per_class=True
    ... ).fit(X, y)
    >>> per_class.best_threshold_.shape
    (2,)
    >>> bool(per_class.best_score_ >= model.best_score_)  # never worse
    True
    """

    def __init__(
        self,
        estimator,
        *,
        scoring: str | Any = "ni2",
        per_class: bool | Literal["auto"] = "auto",
        thresholds: Literal["auto"] | int | ArrayLike = "auto",
        cv=5,
        reject_label: Any = -1,
        response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
        n_jobs: int | None = None,
        verbose: int = 0,
    ):
        self.estimator = estimator
        self.scoring = scoring
        self.per_class = per_class
        self.thresholds = thresholds
        self.cv = cv
        self.reject_label = reject_label
        self.response_method = response_method
        self.n_jobs = n_jobs
        self.verbose = verbose

    def _active_threshold(self):
        return self.best_threshold_

    def _log(self, message):
        if self.verbose > 0:
            print(f"[{type(self).__name__}] {message}")

    def _check_own_parameters(self):
        if not (
            isinstance(self.per_class, (bool, np.bool_))
            or (isinstance(self.per_class, str) and self.per_class == "auto")
        ):
            raise ValueError(
                f"per_class must be True, False or 'auto'; got {self.per_class!r}."
            )
        if not isinstance(self.verbose, numbers.Integral) or isinstance(
            self.verbose, bool
        ):
            raise ValueError(f"verbose must be an int; got {self.verbose!r}.")
        thresholds = self.thresholds
        if isinstance(thresholds, str):
            if thresholds != "auto":
                raise ValueError(
                    "thresholds must be 'auto', an int or an array; got "
                    f"{thresholds!r}."
                )
        elif isinstance(thresholds, numbers.Integral) and not isinstance(
            thresholds, bool
        ):
            if thresholds < 1:
                raise ValueError(f"thresholds must be at least 1; got {thresholds}.")
        else:
            values = np.asarray(thresholds, dtype=float)
            if values.ndim != 1 or values.size == 0 or not np.isfinite(values).all():
                raise ValueError(
                    "thresholds must be 'auto', a positive int or a 1-d array of "
                    f"finite values; got {thresholds!r}."
                )

    def _candidates(self, confidence, objective):
        """Finite candidate thresholds (ascending) for a sweep over ``confidence``.

        ``None`` means every distinct value (the one-sort sweep of a measure).
        """
        thresholds = self.thresholds
        if isinstance(thresholds, str):  # "auto"
            if objective.measure is not None:
                return None
            thresholds = _DEFAULT_GRID_SIZE
        if isinstance(thresholds, numbers.Integral):
            if confidence.size == 0:
                return np.empty(0)
            return np.unique(np.quantile(confidence, np.linspace(0, 1, thresholds)))
        return np.unique(np.asarray(thresholds, dtype=float))

    def fit(self, X, y, **params):
        """Choose the threshold out of fold, then refit on all the data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        **params : dict
            Passed to the wrapped classifier's ``fit``; a ``sample_weight``
            also weighs the objective. With metadata routing enabled, routed
            as ``TunedThresholdClassifierCV`` routes them: to the classifier's
            ``fit`` and the scorer's ``score`` as each requested (an
            unrequested ``sample_weight`` raises where scikit-learn raises).

        Returns
        -------
        self : RejectOptionClassifierCV
        """
        self._check_common_parameters()
        self._check_own_parameters()
        objective = _Objective(self.scoring)
        y, classes = self._check_target(y)
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
            # As TunedThresholdClassifierCV: the scorer gets sample_weight
            # only when it requested it (an unrequested one raises).
            routed = process_routing(self, "fit", **params)
            fit_params, score_params = routed.estimator.fit, routed.scorer.score
            # cross_val_predict routes these on: the estimator's to its fit,
            # the splitter's (groups) to the splitter, as the tuner does.
            fold_params = {**fit_params, **routed.splitter.split}
        else:
            fit_params = score_params = fold_params = params
        sample_weight = score_params.get("sample_weight")
        method = self._resolved_response_method(self.estimator)
        kind = "max" if method == "predict_proba" else "margin"
        check_not_one_vs_one(self.estimator, n_classes=len(classes), method=method)
        cv = check_cv(self.cv, y, classifier=True)
        self._log(f"fitting {cv.get_n_splits(X, y)} folds for out-of-fold {method}")
        scores = cross_val_predict(
            clone(self.estimator),
            X,
            y,
            cv=cv,
            method=method,
            n_jobs=self.n_jobs,
            params=fold_params,
            verbose=max(0, self.verbose - 1),
        )
        scores = check_class_scores(
            to_numpy(scores),
            n_classes=len(classes),
            estimator=self.estimator,
            method=method,
        )
        # The wrapped classifier sees y as given; the sweep its NumPy values.
        y_values = to_numpy(y)
        weights = check_sample_weight(sample_weight, len(y_values))
        predicted, confidence = confidence_and_prediction(scores, kind)
        true = encode_labels(y_values, classes)
        per_class = self.per_class
        if isinstance(per_class, str):  # "auto"
            per_class = _per_class_by_default(true, len(classes))
        self.per_class_ = bool(per_class)
        confidence = _float_where_exact(confidence, per_class=self.per_class_)
        problem = _Problem(
            y=y_values,
            true=true,
            predicted=predicted,
            confidence=confidence,
            weights=weights,
            sample_weight=sample_weight,
            classes=classes,
            scores=scores,
            method=method,
            reject_label=self.reject_label,
            objective=objective,
        )
        curve_measures = ["ni2", "info_completeness", "false_info_ratio"]
        if objective.measure is not None:
            curve_measures = [objective.measure, *curve_measures]
        candidates = self._candidates(confidence, objective)
        curve = reject_curve(
            y_values,
            scores,
            labels=classes,
            measures=list(dict.fromkeys(curve_measures)),
            confidence=kind,
            thresholds=candidates,
            sample_weight=sample_weight,
        )
        if objective.measure is not None:
            values = objective.sign * curve.measures[objective.measure]
        else:
            values = np.array(
                [
                    problem.scorer_value(np.full(len(classes), candidate))
                    for candidate in curve.thresholds
                ]
            )
        if np.all(np.isnan(values)):
            raise ValueError(
                f"{objective.name} is undefined at every threshold: the data hold a "
                "single class (once weighted by sample_weight, if given), so there "
                "is no threshold to choose."
            )
        best = _first_best(values)
        self._log(
            f"global sweep: {len(values)} thresholds, best {objective.name} = "
            f"{objective.natural(values[best]):.6g} at threshold "
            f"{curve.thresholds[best]:.6g} (reject rate {curve.reject_rate[best]:.3g})"
        )
        _warn_if_tied(values, curve.reject_rate, best, objective)
        # An integer threshold stays one: as a float, integer confidences
        # beyond 2**53 would tie with it.
        threshold, value = curve.thresholds[best].item(), values[best]
        if confidence.dtype.kind == "f":
            threshold = float(threshold)
        self.n_rounds_ = 0
        if self.per_class_:
            threshold, value = self._coordinate_ascent(
                problem, np.full(len(classes), threshold), value
            )
        reject_rate = problem.reject_rate(threshold)
        _warn_if_degenerate_end(reject_rate, objective)
        threshold = problem.accept_all_where_none_rejected(threshold)
        self.best_threshold_ = threshold
        self.best_score_ = float(objective.natural(value))
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
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        self._set_fitted_attributes()
        return self

    def get_metadata_routing(self):
        """Routing of fit metadata to the wrapped estimator and to the scorer.

        As ``TunedThresholdClassifierCV``: ``fit`` routes to the estimator's
        ``fit``, to the scorer's ``score`` (a measure name is scored by
        :func:`make_ni_scorer`, which requests nothing by default) and to the
        splitter's ``split`` (``groups`` for a group splitter).

        Returns
        -------
        routing : MetadataRouter
        """
        objective = _Objective(self.scoring)
        scorer = (
            self.scoring
            if callable(self.scoring)
            else objective.scorer or make_ni_scorer(objective.measure)
        )
        return (
            MetadataRouter(owner=self)
            .add(
                estimator=self.estimator,
                method_mapping=MethodMapping().add(caller="fit", callee="fit"),
            )
            .add(
                scorer=scorer,
                method_mapping=MethodMapping().add(caller="fit", callee="score"),
            )
            .add(
                splitter=check_cv(self.cv, classifier=True),
                method_mapping=MethodMapping().add(caller="fit", callee="split"),
            )
        )

    def _coordinate_ascent(self, problem, threshold, value):
        """Per-class thresholds: sweep one class at a time until none improves."""
        objective = problem.objective
        for round_index in range(1, _MAX_ROUNDS + 1):
            improved = False
            for k in range(len(problem.classes)):
                own = problem.confidence[problem.predicted == k]
                candidates = self._candidates(own, objective)
                if candidates is None:
                    candidates = np.unique(own)
                candidates = np.append(candidates, np.inf)
                values = problem.sweep(threshold, k, candidates)
                if np.all(np.isnan(values)):
                    continue
                best = _first_best(values)
                if values[best] > value + _TIE_RTOL * max(1.0, abs(value)):
                    self._log(
                        f"round {round_index}, class {problem.classes[k]}: "
                        f"threshold {threshold[k]:.6g} -> {candidates[best]:.6g}, "
                        f"{objective.name} {objective.natural(value):.6g} -> "
                        f"{objective.natural(values[best]):.6g}"
                    )
                    threshold = threshold.copy()
                    threshold[k] = candidates[best]
                    value = values[best]
                    improved = True
            self.n_rounds_ = round_index
            if not improved:
                break
        self._log(f"per-class thresholds after {self.n_rounds_} rounds: {threshold}")
        return threshold, value
