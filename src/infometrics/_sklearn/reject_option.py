"""Meta-estimators that abstain below a confidence threshold (Chow's rule)."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike
from sklearn import get_config
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.utils import get_tags
from sklearn.utils.metadata_routing import (
    MetadataRouter,
    MethodMapping,
    process_routing,
)
from sklearn.utils.metaestimators import available_if
from sklearn.utils.multiclass import type_of_target, unique_labels
from sklearn.utils.validation import check_array, check_is_fitted, column_or_1d

from .._counting.label_checks import reject_marker
from .._from_labels.scores import ni_score
from .responses import (
    abstaining_predictions,
    accepted,
    check_not_one_vs_one,
    check_reject_label,
    in_namespace_of,
    predictions_and_confidence,
    resolve_response_method,
)
from .scorers import estimator_classes


def _delegated(method):
    """The wrapped classifier's ``method``, available when it has one."""

    def available(self):
        return hasattr(getattr(self, "estimator_", self.estimator), method)

    def delegate(self, X):
        check_is_fitted(self, "estimator_")
        return getattr(self.estimator_, method)(X)

    delegate.__name__ = delegate.__qualname__ = method
    delegate.__doc__ = f"``{method}`` of the wrapped classifier."
    return available_if(available)(delegate)


class _BaseRejectOption(ClassifierMixin, MetaEstimatorMixin, BaseEstimator):
    """Prediction: the wrapped classifier's class, or the reject label."""

    # Read by infometrics' scorers: predictions may be `reject_label`.
    _infometrics_abstains = True

    def _check_fit(self, y):
        """``(y, classes, response method)``; ``StringDType`` y goes on as objects."""
        if self.reject_label is None:
            raise ValueError(
                "reject_label must be a value (e.g. -1 or 'reject'), not None: this "
                "classifier's purpose is to reject."
            )
        self._string_dtype = None
        if isinstance(getattr(y, "dtype", None), np.dtypes.StringDType):
            self._string_dtype = y.dtype
            y = np.asarray(y).astype(object)
            missing = [v for v in y.ravel().tolist() if not isinstance(v, str)]
            if missing:
                raise ValueError(
                    f"y holds a missing value ({missing[0]!r}, the na_object of "
                    f"its {self._string_dtype!r}); class labels must all be "
                    "strings. Drop or fill the missing labels first."
                )
        y = column_or_1d(y, warn=True)
        check_array(y, ensure_2d=False, dtype=None, input_name="y")
        target_type = type_of_target(y, input_name="y", raise_unknown=True)
        if target_type not in ("binary", "multiclass"):
            raise ValueError(
                f"{type(self).__name__} needs class labels (binary or multiclass "
                f"y); got a {target_type!r} target."
            )
        # NumPy values whatever the array library of y (array-API inputs).
        classes = np.asarray(unique_labels(y))
        check_reject_label(self.reject_label, classes)
        method = resolve_response_method(self.estimator, self.response_method)
        check_not_one_vs_one(self.estimator, n_classes=len(classes), method=method)
        return y, classes, method

    def _fit_estimator(self, X, y, fit_params):
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        for name in ("n_features_in_", "feature_names_in_"):
            if hasattr(self.estimator_, name):
                setattr(self, name, getattr(self.estimator_, name))

    @property
    def classes_(self):
        """The wrapped classifier's classes (the reject label is not a class)."""
        return self.estimator_.classes_

    def predict_confidence(self, X):
        """The confidence of each prediction on ``X``, compared with the threshold."""
        return self._predict_with_confidence(X)[1]

    def _predict_with_confidence(self, X):
        """Index of each prediction in ``classes_``, and its confidence."""
        check_is_fitted(self, "estimator_")
        return predictions_and_confidence(self.estimator_, X, self.response_method)

    def predict(self, X):
        """A class, or ``reject_label`` where the confidence is below the threshold,
        in the dtype of ``classes_`` widened to hold ``reject_label``."""
        predicted_index, confidence = self._predict_with_confidence(X)
        kept = accepted(confidence, self._active_threshold(), predicted_index)
        predictions = abstaining_predictions(
            np.asarray(self.classes_), predicted_index, kept, self.reject_label
        )
        string_dtype = self._string_dtype
        if string_dtype is not None:
            # The caller's StringDType; a non-string reject label is its na_object.
            if reject_marker(self.reject_label).kind == "missing":
                string_dtype = np.dtypes.StringDType(na_object=self.reject_label)
            predictions = predictions.astype(string_dtype)
        return in_namespace_of(X, predictions)

    predict_proba = _delegated("predict_proba")
    predict_log_proba = _delegated("predict_log_proba")
    decision_function = _delegated("decision_function")

    def score(self, X, y, sample_weight=None):
        """NI2 of the abstaining predictions on ``X`` (higher is better)."""
        y = np.asarray(y)
        return ni_score(
            y,
            np.asarray(self.predict(X)),
            measure="ni2",
            labels=estimator_classes(self, y),
            reject_label=self.reject_label,
            sample_weight=sample_weight,
        )

    def get_metadata_routing(self):
        """Routing of fit metadata to the wrapped estimator."""
        return MetadataRouter(owner=self).add(
            estimator=self.estimator,
            method_mapping=MethodMapping().add(caller="fit", callee="fit"),
        )

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = get_tags(self.estimator).input_tags.sparse
        return tags


class RejectOptionClassifier(_BaseRejectOption):
    """Classifier that abstains when its confidence is below a threshold.

    Predicts the wrapped classifier's class, or ``reject_label`` when the
    confidence (the top predicted probability, Chow's rule (Chow 1970), or the
    margin between the two top decision values) is below ``threshold``.

    Parameters
    ----------
    estimator : classifier
        Fitted by :meth:`fit` on a clone; wrap a fitted one in
        :class:`sklearn.frozen.FrozenEstimator` to keep it as it is.
    threshold : float or array-like of shape (n_classes,), default=0.5
        A confidence below it is rejected; 0 never rejects, ``np.inf`` always.
        An array gives one per class of :attr:`classes_`, the predicted
        class's applying.
    reject_label : scalar, default=-1
        Written for a rejected sample: not a class, of the classes' type, or
        a missing value (``np.nan``, ``pd.NA``).
    response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        Where the confidence comes from; ``"auto"`` prefers probabilities.

    Attributes
    ----------
    estimator_ : classifier
        The fitted clone.
    classes_, n_features_in_
        The fitted clone's (the reject label is not a class).

    See Also
    --------
    RejectOptionClassifierCV : Picks the threshold by cross-validation.
    sklearn.model_selection.FixedThresholdClassifier : Binary decision threshold.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from infometrics import RejectOptionClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> model = RejectOptionClassifier(LogisticRegression(max_iter=1000), threshold=0.9)
    >>> int((model.fit(X, y).predict(X) == -1).sum())  # rejected samples
    47
    >>> round(model.score(X, y), 3)  # NI2: rejecting this much loses information
    0.687
    >>> round(model.set_params(threshold=0.0).fit(X, y).score(X, y), 3)  # never
    0.901
    """

    def __init__(
        self,
        estimator,
        *,
        threshold: float | ArrayLike = 0.5,
        reject_label: Any = -1,
        response_method: Literal["auto", "predict_proba", "decision_function"] = "auto",
    ):
        self.estimator = estimator
        self.threshold = threshold
        self.reject_label = reject_label
        self.response_method = response_method

    def _active_threshold(self):
        # Checked at every prediction: the threshold may be set after fit.
        return self._checked_threshold(self.estimator_, np.asarray(self.classes_).size)

    def _checked_threshold(self, estimator, n_classes):
        """The threshold, a float or one per class, in the confidence's range."""
        threshold = self.threshold
        method = resolve_response_method(estimator, self.response_method)
        high, what = {
            "predict_proba": (1.0, "the maximum predicted probability"),
            "decision_function": (np.inf, "the decision margin"),
        }[method]
        try:
            values = np.asarray(threshold, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            values = None
        if (
            values is None
            or isinstance(threshold, (str, bool, np.bool_))
            or (np.ndim(threshold) == 0 and np.isnan(values[0]))
        ):
            raise ValueError(
                "threshold must be a real number (e.g. 0.8) or an array of one "
                f"real threshold per class; got {threshold!r}."
            )
        if np.ndim(threshold) and (np.ndim(threshold) != 1 or len(values) != n_classes):
            raise ValueError(
                f"threshold has shape {np.shape(threshold)}, but one threshold per "
                f"class is needed: an array of length {n_classes}, in the order of "
                "classes_."
            )
        if np.isnan(values).any():
            raise ValueError(f"threshold contains NaN: {threshold!r}.")
        checked = values[values != np.inf]  # +inf: reject everything, knowingly
        outside = checked[(checked < 0) | (checked > high)]
        if outside.size:
            raise ValueError(
                f"threshold {float(outside[0]):g} is outside [0, {high:g}], the "
                f"range of {what} (the confidence with response_method={method!r}):"
                f" it would {'reject every' if outside[0] > high else 'never reject a'}"
                f" sample without saying so. Pass thresholds in [0, {high:g}] (np.inf "
                "rejects everything knowingly)."
            )
        return float(values[0]) if np.ndim(threshold) == 0 else values

    def fit(self, X, y, **params):
        """Fit a clone of the wrapped classifier; ``**params`` go to its ``fit``."""
        y, classes, _ = self._check_fit(y)
        # Checked before the (possibly long) fit, against the classes of y.
        self._checked_threshold(self.estimator, len(classes))
        if get_config().get("enable_metadata_routing", False):
            params = process_routing(self, "fit", **params).estimator.fit
        self._fit_estimator(X, y, params)
        self._checked_threshold(self.estimator_, np.asarray(self.classes_).size)
        return self
