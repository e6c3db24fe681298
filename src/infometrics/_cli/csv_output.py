"""CSV that a spreadsheet opens as data: text cells never run as formulas.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (and,
in some, a tab or a carriage return) as a formula, so a class named
``=HYPERLINK(...)`` in a CSV the package wrote would be a formula in the
reader's spreadsheet (CSV injection). Every CSV the package writes (the
command line's ``--format csv``, the demo's tables) goes through
:func:`write_csv`, which puts a single quote before such a *text* cell, as
OWASP advises; numbers (a negative value in a numeric column) are written as
they are.
"""

import numpy as np
import pandas as pd

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value):
    """``value``, with ``'`` in front if it is text that a spreadsheet would run."""
    if isinstance(value, str | np.str_) and str(value).startswith(FORMULA_STARTS):
        return "'" + str(value)
    return value


def _neutralise_labels(index):
    """An index (or columns) with its text labels neutralised, levels included."""
    renamed = index.map(
        lambda label: (
            tuple(map(neutralise, label))
            if isinstance(label, tuple)
            else neutralise(label)
        )
    )
    renamed.names = [None if name is None else neutralise(name) for name in index.names]
    return renamed


def safe_frame(frame):
    """A copy of ``frame`` whose text cells and labels cannot run as formulas."""
    frame = frame.copy()
    for position, dtype in enumerate(frame.dtypes):
        # Numbers are written as numbers; only text can hold a formula.
        if not pd.api.types.is_numeric_dtype(dtype):
            column = frame.iloc[:, position].astype(object)
            frame.isetitem(position, column.map(neutralise))
    frame.index = _neutralise_labels(frame.index)
    frame.columns = _neutralise_labels(frame.columns)
    return frame


def write_csv(frame, path_or_buffer=None, **options):
    """``frame.to_csv(...)`` with every formula-like text cell neutralised."""
    return safe_frame(frame).to_csv(path_or_buffer, **options)
