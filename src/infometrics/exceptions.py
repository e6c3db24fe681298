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

    String predictions holding ``"-1"`` (e.g. read from a text file) are
    counted as a class ``"-1"``: pass ``reject_label="-1"``, or
    ``reject_label=None`` to say that the classifier cannot reject.

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

    NI1-NI9, information coverage and the entropy triangle do not change when
    the predicted classes are renamed (Hu, He & Yuan, Theorem 1). The reports
    emit this warning, and add a ``note`` column, when the counts clearly
    point to such a renaming; the message names it. See the user guide,
    "Relabelled predictions".

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
