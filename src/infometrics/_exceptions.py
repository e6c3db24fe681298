"""Warnings raised by infometrics."""


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
