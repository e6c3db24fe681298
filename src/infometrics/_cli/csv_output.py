"""CSV that a spreadsheet opens as data: text cells never run as formulas.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (in
some, a tab or a carriage return) as a formula, so a class named
``=HYPERLINK(...)`` would be one in the reader's spreadsheet (CSV injection).
Every CSV the command line and the demo write goes through :func:`write_csv`,
which puts a single quote before such a *text* cell, as OWASP advises; numbers
(a negative value in a numeric column) are written as they are.
"""

import numpy as np
import pandas as pd

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _neutralise(value):
    """``value``, with ``'`` in front if it is text that a spreadsheet would run."""
    if isinstance(value, tuple):  # a label of a MultiIndex
        return tuple(map(_neutralise, value))
    if isinstance(value, str | np.str_) and str(value).startswith(FORMULA_STARTS):
        return "'" + str(value)
    return value


def write_csv(frame, path_or_buffer=None, **options):
    """``frame.to_csv(...)`` with every formula-like text cell and label neutralised."""
    frame = frame.copy()
    for position, dtype in enumerate(frame.dtypes):
        # Numbers are written as numbers; only text can hold a formula.
        if not pd.api.types.is_numeric_dtype(dtype):
            column = frame.iloc[:, position].astype(object)
            frame.isetitem(position, column.map(_neutralise))
    for axis in ("index", "columns"):
        labels = getattr(frame, axis)
        renamed = labels.map(_neutralise)
        renamed.names = [_neutralise(name) for name in labels.names]
        setattr(frame, axis, renamed)
    return frame.to_csv(path_or_buffer, **options)
