"""Warnings raised by infometrics, and the lock of the warnings filters."""

import threading

# warnings.catch_warnings saves and restores the process's filters: not
# thread-safe before Python 3.14, so two of ours in different threads could
# restore each other's "ignore" for good. Every catch_warnings of the
# package's entry points holds this lock (re-entrant: one may call another).
WARNINGS_FILTERS_LOCK = threading.RLock()


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
    >>> issubclass(caught[0].category, infometrics.UndefinedMeasureWarning)
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
    >>> issubclass(caught[0].category, infometrics.RejectLabelWarning)
    True
    >>> infometrics.augmented_confusion_matrix(
    ...     ["a", "b"], ["a", "-1"], reject_label="-1"
    ... )
    array([[1, 0, 0],
           [0, 0, 1]])
    """
