"""Invariant 9: no call changes global state, also from 8 threads at once.

matplotlib's rcParams, the warnings filters, numpy's error state and
scikit-learn's config are compared before and after every entry point; from
8 threads at once the results must also be identical.
"""

import threading
import warnings

import matplotlib as mpl
import numpy as np
import pytest
import sklearn

from .cases import SIZES, make_case
from .checks import assert_same_outputs, battery_params
from .registry import (
    ENTRIES,
    NOT_THREADED,
    THREADS_OF,
    entries_taking,
    run_expecting,
)

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)

N_THREADS = 8


def _filter_meaning(entry):
    """A warnings filter by what it matches: a module given as ``"__main__"``
    and as ``re.compile("__main__")`` filter alike. (scikit-learn's
    ``Parallel`` rebuilds the caller's filters in its workers with
    ``filterwarnings``, which compiles them; on Python < 3.14
    ``catch_warnings`` is not thread-safe, so under threads the rebuilt,
    equivalent list can become the process's.)"""
    action, message, category, module, lineno = entry
    pattern = lambda part: getattr(part, "pattern", part)  # noqa: E731
    return (action, pattern(message), category, pattern(module), lineno)


def snapshot():
    return {
        "rcParams": {key: repr(value) for key, value in mpl.rcParams.items()},
        "warnings.filters": [_filter_meaning(entry) for entry in warnings.filters],
        "np.geterr": np.geterr(),
        "sklearn.get_config": sklearn.get_config(),
    }


def assert_same_state(before, after):
    for part in before:
        if part == "rcParams":
            changed = {
                key: (before[part][key], after[part].get(key))
                for key in before[part]
                if before[part][key] != after[part].get(key)
            }
            assert not changed, f"rcParams changed: {changed}"
        else:
            assert before[part] == after[part], f"{part} changed"


@pytest.fixture(scope="module", params=list(SIZES))
def case(request):
    n_samples, n_classes = SIZES[request.param]
    return make_case(seed=0, n_samples=n_samples, n_classes=n_classes)


@pytest.fixture(scope="module")
def canonical_case():
    # Threads contend for the same machinery at any size; one size suffices.
    return make_case(seed=0)


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("9-state", sorted(ENTRIES))
)
def test_a_call_leaves_global_state_alone(name, variant, case):
    before = snapshot()
    outputs = run_expecting(name, case)
    assert_same_state(before, snapshot())
    # Every entry reports numbers: flat, non-empty float arrays.
    assert outputs
    for key, values in outputs.items():
        assert isinstance(values, np.ndarray), key
        assert values.dtype == float, key
        assert values.size, key


# The threaded check runs the entries that touch shared machinery (figures,
# warnings, scikit-learn's config, Dask); the pure numpy ones are covered
# by the single call above.
THREADED = [
    name
    for name in entries_taking("threads")
    if not name.startswith(
        (
            "ni",
            "all_measures",
            "information_coverage",
            "entropy_triangle",
            "conventional_measures",
            "error_bounds",
            "mutual_info",
        )
    )
]


@pytest.mark.parametrize(("name", "variant"), battery_params("9-threads", THREADED))
def test_eight_threads_at_once_agree_and_leave_state_alone(
    name, variant, canonical_case
):
    case = canonical_case
    n_threads = THREADS_OF.get(name, N_THREADS)
    # One call first: a library's first import (pyarrow, scipy, ...) adds or
    # reorders warnings filters, and racing with the threads it would be read
    # as the package's doing. The single-call test above checks a first call.
    ENTRIES[name].run(case)
    before = snapshot()
    results, errors = [None] * n_threads, []
    start = threading.Barrier(n_threads)

    def work(index):
        try:
            start.wait()
            results[index] = ENTRIES[name].run(case)
        except Exception as error:  # reported below, with the thread's error
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
    for result in results[1:]:
        assert_same_outputs(result, results[0], rtol=0)
    assert_same_state(before, snapshot())


def test_every_entry_not_threaded_says_why():
    for name, reason in NOT_THREADED.items():
        assert name in ENTRIES
        assert "threads" not in ENTRIES[name].takes
        assert reason
