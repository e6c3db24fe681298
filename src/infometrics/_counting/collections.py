"""Recognising the kinds of label input that take their own counting path.

Dask is an optional dependency (``pip install "infometrics[dask]"``). A Dask
collection can only exist if Dask was imported, so when it is not in
``sys.modules`` nothing is a Dask collection and Dask stays unimported.
Categorical, Arrow-backed and NumPy ``StringDType`` labels are counted over
their dictionaries (``encoded.py``).
"""

import sys

import numpy as np
import pandas as pd


def is_dask_collection(*values):
    """Whether any of ``values`` is a Dask collection (array, series, ...)."""
    if "dask" not in sys.modules:
        return False
    from dask import is_dask_collection as dask_is_collection

    return any(value is not None and dask_is_collection(value) for value in values)


def import_dask():
    """The ``dask`` module, or an ImportError that says how to install it."""
    try:
        import dask
        import dask.array
    except ImportError as error:
        raise ImportError(
            "This needs Dask, an optional dependency of infometrics: install it "
            'with pip install "infometrics[dask]" (or "dask[array,dataframe]").'
        ) from error
    return dask


def _is_encodable(y):
    """Categorical, Arrow-backed or NumPy StringDType labels."""
    if type(y).__module__.startswith("pyarrow"):
        return True
    dtype = getattr(y, "dtype", None)
    if dtype is None:
        return False
    if isinstance(dtype, pd.CategoricalDtype):
        return True
    if isinstance(dtype, pd.ArrowDtype) or (
        isinstance(dtype, pd.StringDtype) and dtype.storage.startswith("pyarrow")
    ):
        return True
    string_dtype = getattr(np.dtypes, "StringDType", None)
    return string_dtype is not None and isinstance(dtype, string_dtype)


def wants_encoded_path(y_true, y_pred):
    """Whether the dictionary-encoded path applies to this pair of inputs."""
    return _is_encodable(y_true) or _is_encodable(y_pred)
