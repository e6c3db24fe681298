"""Every warning infometrics emits (``infometrics.exceptions``).

Each is reported at the caller's line (see ``infometrics._warnings``).
"""

__all__ = [
    "DegenerateThresholdWarning",
    "PermutedLabelsWarning",
    "RejectLabelWarning",
    "ScorerRegistrationWarning",
    "UndefinedMeasureWarning",
]


class UndefinedMeasureWarning(UserWarning):
    """Warning used when a measure is undefined for the given counts.

    A measure is undefined, for instance, when it divides by the target entropy
    ``H(T)`` and the confusion matrix holds a single true class, or when a
    divergence between the marginals is infinite (singular). The measure is then
    ``nan`` unless the caller asked for a replacement value with
    ``replace_undefined_by``.

    Examples
    --------
    >>> import warnings
    >>> import infometrics
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     value = infometrics.ni([[5, 0], [0, 0]], measure="ni1")
    >>> value
    nan
    >>> issubclass(caught[0].category, infometrics.exceptions.UndefinedMeasureWarning)
    True
    """


class RejectLabelWarning(UserWarning):
    """Warning used when string predictions hold the default reject label.

    The default ``reject_label=-1`` is a number. String labels without a
    reject option get an all-zero reject column, silently. When the string
    predictions hold ``"-1"`` (e.g. read from a text file) the rejections are
    counted as a class ``"-1"``: pass the marker your classifier writes
    (``reject_label="-1"``), or ``reject_label=None`` to say that it cannot
    reject (a square matrix, and no warning).

    Examples
    --------
    >>> import warnings
    >>> import infometrics
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     matrix = infometrics.augmented_confusion_matrix(["a", "b"], ["a", "-1"])
    >>> issubclass(caught[0].category, infometrics.exceptions.RejectLabelWarning)
    True
    >>> infometrics.augmented_confusion_matrix(
    ...     ["a", "b"], ["a", "-1"], reject_label="-1"
    ... )
    array([[1, 0, 0],
           [0, 0, 1]])
    """


class PermutedLabelsWarning(UserWarning):
    """Warning used when renaming the predicted classes would raise the accuracy.

    NI1-NI9, information coverage and the entropy triangle depend on the
    confusion matrix only through entropies, which do not change when the
    predicted classes are renamed: ``y_pred = (y_true + 1) % 3`` has accuracy
    0 and NI2 = 1 (Hu, He & Yuan, Theorem 1). The reports
    (:func:`information_report`, :func:`compare`, :func:`per_class_report`)
    emit this warning, and add a ``note`` column, when the counts clearly
    point to a renaming of the predicted classes: for every renamed
    prediction ``j -> r``, most samples of class ``r`` are predicted ``j``,
    most samples predicted ``j`` are of class ``r`` (rejections left out),
    and the association of "true class ``r``" with "predicted ``j``" (phi
    coefficient) is at least 0.4. A classifier that is no better than chance
    has some renaming that raises its accuracy a little; that wobble does
    not warn (random predictions: no warning in 2000 trials each with 2
    classes and 100 samples, or 3 to 10 classes and 50 samples). The
    criterion uses only proportions of the counts, so scaling the weights
    changes nothing. The message names the renaming.

    Examples
    --------
    >>> import warnings
    >>> import infometrics
    >>> y_true = [0, 0, 1, 1, 2, 2]
    >>> y_pred = [1, 1, 2, 2, 0, 0]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     report = infometrics.report.information_report(y_true, y_pred)
    >>> issubclass(caught[0].category, infometrics.exceptions.PermutedLabelsWarning)
    True
    >>> report.loc[("normalized information", "ni2"), "value"]
    np.float64(1.0)
    """


class ScorerRegistrationWarning(UserWarning):
    """scikit-learn's internals changed: scorer names could not be registered.

    The scorer objects still work when passed directly.

    Examples
    --------
    >>> import warnings
    >>> from infometrics.exceptions import ScorerRegistrationWarning
    >>> warnings.simplefilter("error", ScorerRegistrationWarning)  # fail loudly
    >>> warnings.resetwarnings()
    """


class DegenerateThresholdWarning(UserWarning):
    """Tuning landed on a degenerate reject threshold, or could not choose one.

    Emitted by :class:`RejectOptionClassifierCV` when the objective is best
    when every sample is rejected, when it is best when no sample is
    rejected (rejecting was asked for, and does not help), or when several
    thresholds that reject different amounts tie for the best value.

    Examples
    --------
    >>> import warnings
    >>> from infometrics.exceptions import DegenerateThresholdWarning
    >>> warnings.simplefilter("error", DegenerateThresholdWarning)  # fail loudly
    >>> warnings.resetwarnings()
    """
