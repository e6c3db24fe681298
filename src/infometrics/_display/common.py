"""What every Display shares: lazy matplotlib, estimator predictions and names.

matplotlib is imported inside ``plot`` only (the optional ``plot`` extra).
"""

from .._sklearn.scorers import estimator_classes, estimator_reject_label


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # the plot extra is optional
        raise ImportError(
            "Plotting needs matplotlib; install it with pip install "
            "'infometrics[plot]'."
        ) from exc
    return plt


def _axes(ax):
    plt = _pyplot()
    if ax is None:
        _, ax = plt.subplots()
    return ax


def _estimator_predictions(estimator, X, y):
    labels = estimator_classes(estimator, y)
    return estimator.predict(X), labels, estimator_reject_label(estimator)


def _estimator_name(estimator):
    if hasattr(estimator, "steps"):
        return _estimator_name(estimator.steps[-1][1])
    inner = getattr(estimator, "estimator", None)
    if inner is not None and getattr(estimator, "_infometrics_abstains", False):
        return f"{type(estimator).__name__}({_estimator_name(inner)})"
    return type(estimator).__name__
