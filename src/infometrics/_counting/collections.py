"""Dask collections, recognised without importing Dask (an optional dependency)."""

import sys


def is_dask_collection(*values):
    # None can exist unless Dask is in sys.modules.
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
