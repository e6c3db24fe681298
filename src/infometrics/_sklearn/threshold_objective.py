"""What a reject threshold is tuned for, evaluated on out-of-fold predictions.

The objective of :class:`RejectOptionClassifierCV` (a measure of this package,
swept with cumulative counts, or any scikit-learn scorer, replayed on the
abstaining predictions), one-class sweeps for per-class thresholds, and the
warnings for degenerate choices.
"""

import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.metrics import get_scorer
from sklearn.utils.metaestimators import available_if

from .._curves.stacks import ThresholdStacks, stable_order
from .._measures.registry import MEASURES, check_measure, evaluate_stack_blocks
from .._warnings import find_stack_level
from ..exceptions import DegenerateThresholdWarning
from .responses import abstaining_predictions, at_least
from .scorers import AUTO, InformationScorer, MultiMeasureScorer

# Relative tolerance under which two objective values are a tie.
_TIE_RTOL = 1e-9

# Why a measure of this package prefers a degenerate end, for the warning.
_WHY_REJECT_ALL = {
    "false_info_ratio": "r(S|T) = 0 when nothing is accepted",
    "info_error": "no false information is transmitted when nothing is accepted",
    "error_rate": "no accepted sample can be wrong when nothing is accepted",
    "reject_rate": "the reject rate is not an objective",
}


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
        return at_least(self.confidence, np.asarray(threshold)[self.predicted])

    def accept_all_where_none_rejected(self, threshold):
        """0 where a threshold rejects no out-of-fold prediction (of its class).

        The lowest out-of-fold confidence is only the lowest seen: a threshold
        there would still reject a less confident sample of new data. When
        tuning chose to reject nothing (of a class), the fitted classifier
        must reject nothing of it on any data; every confidence (a top
        probability or a margin) is at least 0.
        """
        if np.ndim(threshold) == 0:
            below = self.confidence < threshold
            return 0.0 if self.confidence.size and not below.any() else threshold
        threshold = np.array(threshold, dtype=float)
        for k in range(len(threshold)):
            own = self.confidence[self.predicted == k]
            if own.size and not (own < threshold[k]).any():
                threshold[k] = 0.0
        return threshold

    def reject_rate(self, threshold):
        total = self.weights.sum()
        per_class = np.broadcast_to(threshold, len(self.classes))
        rejected = self.weights[~self.accepted(per_class)].sum()
        return rejected / total if total > 0 else 0.0

    def scorer_value(self, threshold):
        """The scorer on the abstaining out-of-fold predictions (greater = better)."""
        self.replay.predictions = abstaining_predictions(
            self.classes, self.predicted, self.accepted(threshold), self.reject_label
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
        rejected = others & ~accepted
        own = np.flatnonzero(~others)
        own = own[stable_order(self.confidence[own])]
        n_points = len(candidates)
        # Samples of class k's predictions rejected at a candidate: those
        # below it, a prefix of the sorted order; the other classes' samples
        # keep their decisions at every candidate.
        stops = np.searchsorted(self.confidence[own], candidates, side="left")
        starts = np.bincount(stops[stops < own.size], minlength=own.size)
        entries = np.concatenate(
            [np.flatnonzero(rejected), own, np.flatnonzero(accepted)]
        )
        steps = np.concatenate(
            [
                np.zeros(np.count_nonzero(rejected), np.intp),
                np.cumsum(starts),
                np.full(np.count_nonzero(accepted), n_points),
            ]
        )
        cells = self.true[entries] * m + self.predicted[entries]
        stacks = ThresholdStacks(cells, self.weights[entries], steps, n_points, m)
        values = evaluate_stack_blocks(
            stacks.blocks(),
            m,
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
