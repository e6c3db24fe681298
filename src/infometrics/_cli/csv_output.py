"""CSV that a spreadsheet opens as data: a formula-like text cell gets a ``'`` in
front, as OWASP advises against CSV injection; numbers are written as they are."""

import numpy as np
import pandas as pd

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _neutralise(value):
    if isinstance(value, tuple):  # a label of a MultiIndex
        return tuple(map(_neutralise, value))
    if isinstance(value, str | np.str_) and str(value).startswith(FORMULA_STARTS):
        return "'" + str(value)
    return value


def write_csv(frame, path_or_buffer=None, **options):
    """``frame.to_csv(...)`` with every formula-like text cell and label quoted."""
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
