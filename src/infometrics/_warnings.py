"""What every warning of the package shares: its stack level and the filters lock."""

import functools
import inspect
import os
import threading

# warnings.catch_warnings saves and restores the process's filters: not
# thread-safe before Python 3.14, so two of ours in different threads could
# restore each other's "ignore" for good. Every catch_warnings of the
# package's entry points holds this lock (re-entrant: one may call another).
WARNINGS_FILTERS_LOCK = threading.RLock()

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def holding_warnings_lock(function):
    """``function`` run under the lock: pandas wraps some of its own steps (a
    new column, an insertion) in ``catch_warnings``, so two reports built at
    once in threads could leave pandas' "ignore" filters behind for good."""

    @functools.wraps(function)
    def locked(*args, **kwargs):
        with WARNINGS_FILTERS_LOCK:
            return function(*args, **kwargs)

    return locked


def find_stack_level() -> int:
    """The ``stacklevel`` of the first frame outside infometrics.

    Public functions reach a warning through helpers of different depths, and
    scikit-learn calls the scorers and estimators from its own frames; a
    warning reported at the first frame outside the package points at the
    user's line (or at the scikit-learn call that ran the user's code). As
    pandas' ``find_stack_level``; the one place of the package that reads
    the call stack, and only to place a warning.

    Returns
    -------
    stacklevel : int
        For ``warnings.warn(..., stacklevel=find_stack_level())``.
    """
    frame = inspect.currentframe()
    level = 0
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
        level += 1
    return level
