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
    """Warning used when the default reject label cannot occur in the labels.

    The default ``reject_label=-1`` is a number; with string (or other
    non-numeric) labels no prediction can ever equal it, so the matrix gets an
    all-zero reject column. That is right for a classifier without a reject
    option, but it hides a misspelt marker: pass the marker your classifier
    uses (e.g. ``reject_label="reject"``) or ``reject_label=None`` to say that
    it cannot reject (a square matrix, and no warning).

    Examples
    --------
    >>> import warnings
    >>> import infometrics
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     matrix = infometrics.augmented_confusion_matrix(["a", "b"], ["a", "a"])
    >>> issubclass(caught[0].category, infometrics.RejectLabelWarning)
    True
    >>> infometrics.augmented_confusion_matrix(
    ...     ["a", "b"], ["a", "a"], reject_label=None
    ... )
    array([[1, 0],
           [1, 0]])
    """
