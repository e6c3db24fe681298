"""The reject-option classifier whose threshold is tuned out of fold."""

from typing import Any, Literal

import numpy as np
from sklearn.base import clone
from sklearn.model_selection import check_cv, cross_val_predict

from .._curves.reject_curve import reject_curve
from .._measures.registry import check_measure
from .reject_option import _BaseRejectOption


class RejectOptionClassifierCV(_BaseRejectOption):
    """Abstaining classifier whose threshold maximises an information measure.

    The counterpart of scikit-learn's ``TunedThresholdClassifierCV`` for
    abstention, multiclass: fits the wrapped classifier on each CV fold, pools
    the out-of-fold probabilities (or decision values), evaluates the reject
    curve at every distinct confidence threshold and keeps the threshold that
    maximises ``scoring`` (NI2 by default), then refits on all the data.

    Parameters
    ----------
    estimator : classifier
        The classifier to wrap.
    scoring : str, default="ni2"
        Registry name of the measure to maximise (``"ni2"``,
        ``"info_completeness"``, ``"false_info_ratio"`` — minimised —,
        ``"triangle_mi"``, ...).
    cv : int, cross-validation generator or iterable, default=5
        As in scikit-learn (stratified for classifiers); every sample must be
        predicted exactly once.
    reject_label : scalar, default=-1
        As for :class:`RejectOptionClassifier`.
    response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        As for :class:`RejectOptionClassifier`.
    n_jobs : int, default=None
        Parallel fits over the folds.

    Attributes
    ----------
    estimator_ : classifier
        The classifier refitted on all the data.
    best_threshold_ : float
        The chosen threshold.
    best_score_ : float
        The measure at that threshold, out of fold (in its natural direction).
    curve_ : RejectCurve
        The out-of-fold reject curve the threshold was chosen from.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
        Number of features seen during fit, if the wrapped classifier has it.

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
    ...     make_pipeline(StandardScaler(), LogisticRegression()), cv=5
    ... ).fit(X, y)
    >>> 0.5 <= model.best_threshold_ < 1.0
    True
    >>> bool(model.best_score_ > model.curve_.measures["ni2"][0])  # rejecting helps
    True
    """

    def __init__(
        self,
        estimator,
        *,
        scoring: str = "ni2",
        cv=5,
        reject_label: Any = -1,
        response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
        n_jobs: int | None = None,
    ):
        self.estimator = estimator
        self.scoring = scoring
        self.cv = cv
        self.reject_label = reject_label
        self.response_method = response_method
        self.n_jobs = n_jobs

    def _active_threshold(self):
        return self.best_threshold_

    def fit(self, X, y, **params):
        """Choose the threshold out of fold, then refit on all the data.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        **params : dict
            Passed to the wrapped classifier's ``fit``; a ``sample_weight``
            also weighs the reject curve.

        Returns
        -------
        self : RejectOptionClassifierCV
        """
        self._check_common_parameters()
        measure = check_measure(self.scoring).name
        y, classes = self._check_target(y)
        fit_params = self._fit_params(params)
        method = self._resolved_response_method(self.estimator)
        cv = check_cv(self.cv, y, classifier=True)
        scores = cross_val_predict(
            clone(self.estimator),
            X,
            y,
            cv=cv,
            method=method,
            n_jobs=self.n_jobs,
            params=fit_params,
        )
        curve = reject_curve(
            y,
            scores,
            classes=classes,
            measures=list(
                dict.fromkeys([measure, "ni2", "info_completeness", "false_info_ratio"])
            ),
            confidence="max" if method == "predict_proba" else "margin",
            sample_weight=params.get("sample_weight"),
        )
        if np.all(np.isnan(curve.measures[measure])):
            raise ValueError(
                f"{measure} is undefined at every threshold: the data hold a single "
                "class (once weighted by sample_weight, if given), so there is no "
                "threshold to choose."
            )
        _, self.best_threshold_, self.best_score_ = curve.best(measure)
        self.curve_ = curve
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        self._set_fitted_attributes()
        return self
