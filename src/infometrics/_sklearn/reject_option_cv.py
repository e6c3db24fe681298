"""The reject-option classifier whose threshold is tuned out of fold."""

import numbers
import warnings
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.metrics import get_scorer
from sklearn.model_selection import check_cv, cross_val_predict
from sklearn.utils.metaestimators import available_if

from .._counting.labels import check_sample_weight, encode_labels
from .._curves.reject_curve import confidence_and_prediction, reject_curve
from .._measures.registry import MEASURES, check_measure, compute_measures
from .reject_option import _BaseRejectOption
from .scorers import AUTO, InformationScorer, MultiMeasureScorer

# Thresholds a scoring that is not a measure of this package is evaluated at,
# by default: each costs one call of the scorer on every sample.
_DEFAULT_GRID_SIZE = 100
# Rounds of coordinate ascent over the classes, at most (per_class=True).
_MAX_ROUNDS = 20
# Relative tolerance under which two objective values are a tie.
_TIE_RTOL = 1e-9

# Why a measure of this package prefers a degenerate end, for the warning.
_WHY_REJECT_ALL = {
    "false_info_ratio": "r(S|T) = 0 when nothing is accepted",
    "info_error": "no false information is transmitted when nothing is accepted",
    "error_rate": "no accepted sample can be wrong when nothing is accepted",
    "zero_one_loss": "no accepted sample can be wrong when nothing is accepted",
    "reject_rate": "the reject rate is not an objective",
}


class DegenerateThresholdWarning(UserWarning):
    """Tuning landed on a degenerate reject threshold, or could not choose one.

    Emitted by :class:`RejectOptionClassifierCV` when the objective is best
    when every sample is rejected, when it is best when no sample is
    rejected (rejecting was asked for, and does not help), or when several
    thresholds that reject different amounts tie for the best value.

    Examples
    --------
    >>> import warnings
    >>> from infometrics import DegenerateThresholdWarning
    >>> warnings.simplefilter("error", DegenerateThresholdWarning)  # fail loudly
    >>> warnings.resetwarnings()
    """


class _OutOfFoldPredictions(ClassifierMixin, BaseEstimator):
    """Replays out-of-fold predictions to a scorer; ``X`` holds sample indices.

    Lets any scikit-learn scorer evaluate a reject threshold without refitting:
    ``predict`` returns the abstaining predictions at the threshold under
    evaluation, ``predict_proba`` / ``decision_function`` the pooled out-of-fold
    scores (whichever the tuned classifier uses).
    """

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
    """What the thresholds are tuned for, evaluated on out-of-fold predictions.

    ``measure`` is set for a measure of this package (evaluated on stacks of
    confusion matrices, every candidate threshold at the cost of one sort);
    otherwise ``scorer`` is called once per candidate threshold.
    """

    def __init__(self, scoring):
        self.measure = None
        self.scorer = None
        if isinstance(scoring, InformationScorer) and (
            scoring.labels is None
            and isinstance(scoring.reject_label, str)
            and scoring.reject_label == AUTO
        ):
            self.measure = scoring.measure
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
        self.sign = (
            1 if self.measure is None or MEASURES[self.measure].higher_is_better else -1
        )

    def natural(self, oriented):
        """A value back in the measure's own direction."""
        return self.sign * oriented


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
    per_class : bool, default=False
        Tune one threshold per class (the predicted class's threshold
        applies) by coordinate ascent: start from the best global threshold,
        then sweep each class's threshold with the others fixed and keep the
        best, round after round, until no class improves the objective (at
        most 20 rounds). Each sweep of a package measure costs one sort of
        that class's predictions.
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
    best_threshold_ : float or ndarray of shape (n_classes,)
        The chosen threshold (one per class, in the order of ``classes_``,
        with ``per_class=True``); ``inf`` rejects every prediction (of that
        class).
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
        per_class: bool = False,
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
        if not isinstance(self.per_class, (bool, np.bool_)):
            raise ValueError(
                f"per_class must be True or False; got {self.per_class!r}."
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
            also weighs the objective.

        Returns
        -------
        self : RejectOptionClassifierCV
        """
        self._check_common_parameters()
        self._check_own_parameters()
        objective = _Objective(self.scoring)
        y, classes = self._check_target(y)
        fit_params = self._fit_params(params)
        method = self._resolved_response_method(self.estimator)
        kind = "max" if method == "predict_proba" else "margin"
        cv = check_cv(self.cv, y, classifier=True)
        self._log(f"fitting {cv.get_n_splits(X, y)} folds for out-of-fold {method}")
        scores = cross_val_predict(
            clone(self.estimator),
            X,
            y,
            cv=cv,
            method=method,
            n_jobs=self.n_jobs,
            params=fit_params,
            verbose=max(0, self.verbose - 1),
        )
        weights = check_sample_weight(params.get("sample_weight"), len(y))
        predicted, confidence = confidence_and_prediction(scores, kind)
        problem = _Problem(
            y=y,
            true=encode_labels(y, classes),
            predicted=predicted,
            confidence=confidence,
            weights=weights,
            sample_weight=params.get("sample_weight"),
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
            y,
            scores,
            classes=classes,
            measures=list(dict.fromkeys(curve_measures)),
            confidence=kind,
            thresholds=candidates,
            sample_weight=params.get("sample_weight"),
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
        threshold, value = float(curve.thresholds[best]), values[best]
        self.n_rounds_ = 0
        if self.per_class:
            threshold, value = self._coordinate_ascent(
                problem, np.full(len(classes), threshold), value
            )
        reject_rate = problem.reject_rate(threshold)
        _warn_if_degenerate_end(reject_rate, objective)
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


class _Problem:
    """Out-of-fold predictions, and the objective at given thresholds."""

    def __init__(
        self,
        *,
        y,
        true,
        predicted,
        confidence,
        weights,
        sample_weight,
        classes,
        scores,
        method,
        reject_label,
        objective,
    ):
        self.y = y
        self.true = true
        self.predicted = predicted
        self.confidence = confidence
        self.weights = weights
        self.sample_weight = sample_weight
        self.classes = classes
        self.objective = objective
        self.reject_label = reject_label
        if objective.scorer is not None:
            self.replay = _OutOfFoldPredictions(classes, reject_label, scores, method)
            self.indices = np.arange(len(y)).reshape(-1, 1)

    def accepted(self, threshold):
        return self.confidence >= np.asarray(threshold)[self.predicted]

    def reject_rate(self, threshold):
        total = self.weights.sum()
        per_class = np.broadcast_to(threshold, len(self.classes))
        rejected = self.weights[~self.accepted(per_class)].sum()
        return rejected / total if total > 0 else 0.0

    def scorer_value(self, threshold):
        """The scorer on the abstaining out-of-fold predictions (greater = better)."""
        labels = self.classes[self.predicted]
        self.replay.predictions = np.where(
            self.accepted(threshold), labels, self.reject_label
        )
        if self.sample_weight is None:
            value = self.objective.scorer(self.replay, self.indices, self.y)
        else:
            value = self.objective.scorer(
                self.replay, self.indices, self.y, sample_weight=self.sample_weight
            )
        if isinstance(value, dict):
            raise TypeError(
                f"scoring={self.objective.name} returned a dict; it must give one "
                "score."
            )
        return float(value)

    def sweep(self, threshold, k, candidates):
        """The objective for each candidate threshold of class ``k``, others fixed.

        For a measure: the matrix of the samples predicted as another class is
        fixed; the samples predicted as ``k`` are sorted by confidence once, and
        cumulative sums per true class give the rejected counts at every
        candidate, so all candidates are evaluated in one stack.
        """
        if self.objective.scorer is not None:
            values = []
            for candidate in candidates:
                trial = threshold.copy()
                trial[k] = candidate
                values.append(self.scorer_value(trial))
            return np.array(values)
        m = len(self.classes)
        others = self.predicted != k
        accepted = others & self.accepted(threshold)
        # Fixed part: samples predicted as another class, with their decisions.
        base = np.zeros((m, m + 1))
        np.add.at(
            base,
            (self.true[accepted], self.predicted[accepted]),
            self.weights[accepted],
        )
        rejected = others & ~accepted
        base[:, m] = np.bincount(
            self.true[rejected], weights=self.weights[rejected], minlength=m
        )
        own = ~others
        order = np.argsort(self.confidence[own], kind="stable")
        own_confidence = self.confidence[own][order]
        own_true = self.true[own][order]
        own_weights = self.weights[own][order]
        # Samples of class k's predictions rejected at each candidate: those
        # below it, a prefix of the sorted order.
        stops = np.searchsorted(own_confidence, candidates, side="left")
        rejected_k = np.empty((len(candidates), m))
        for i in range(m):
            cumulative = np.concatenate(
                [[0.0], np.cumsum(np.where(own_true == i, own_weights, 0.0))]
            )
            rejected_k[:, i] = cumulative[stops]
        totals = (
            rejected_k[-1]
            if candidates[-1] == np.inf
            else np.bincount(own_true, weights=own_weights, minlength=m)
        )
        stack = np.repeat(base[None], len(candidates), axis=0)
        stack[:, :, k] += np.maximum(totals[None, :] - rejected_k, 0.0)
        stack[:, :, m] += rejected_k
        values = compute_measures(
            stack,
            [self.objective.measure],
            replace_undefined_by=np.nan,  # undefined: never the best
        )[self.objective.measure]
        return self.objective.sign * np.asarray(values, dtype=float)


def _first_best(values):
    """Index of the first maximum (the least rejection), NaN ignored."""
    return int(np.nanargmax(values))


def _ties(values, best):
    tolerance = _TIE_RTOL * max(1.0, abs(values[best]))
    return np.flatnonzero(np.abs(values - values[best]) <= tolerance)


def _warn_if_tied(values, reject_rate, best, objective):
    ties = _ties(values, best)
    rates = np.unique(reject_rate[ties])
    if rates.size > 1 and rates[0] < 1:
        warnings.warn(
            f"{objective.name} reaches its best value at {ties.size} thresholds that "
            f"reject from {rates[0]:.3g} to {rates[-1]:.3g} of the samples (a "
            "plateau: the objective does not tell them apart); the one rejecting "
            "least was kept. A measure that values accepted information, such as "
            "'ni2', separates them.",
            DegenerateThresholdWarning,
            stacklevel=3,
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
            stacklevel=3,
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
            stacklevel=3,
        )
