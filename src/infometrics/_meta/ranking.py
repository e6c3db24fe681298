"""Ranking letters as the published tables print them."""

import numpy as np


def ranking_letters(values, decimals):
    """One letter per value: "A" for the highest, equal rounded values share one.

    Parameters
    ----------
    values : array-like of float
        The values of one measure on the models of a table; ``nan`` (a
        singular "S" entry) gets no letter.
    decimals : int
        The digits the table prints; values are compared after rounding.

    Returns
    -------
    letters : list of str
        ``""`` for a ``nan``.
    """
    rounded = np.round(np.asarray(values, dtype=float), decimals)
    distinct = sorted({value for value in rounded if not np.isnan(value)}, reverse=True)
    if len(distinct) > 26:
        raise ValueError(f"{len(distinct)} distinct values; at most 26 letters.")
    letter = {value: chr(ord("A") + rank) for rank, value in enumerate(distinct)}
    return ["" if np.isnan(value) else letter[value] for value in rounded]
