"""Timing helper shared by the benchmark scripts (best of several runs)."""

import time


def best_time(function, *, repeat=5, min_seconds=0.2):
    """Best wall-clock time of one call, over ``repeat`` rounds.

    Each round runs ``function`` enough times to last ``min_seconds``, so fast
    functions are not dominated by timer resolution.
    """
    start = time.perf_counter()
    function()
    single = time.perf_counter() - start
    number = max(1, int(min_seconds / max(single, 1e-9)))
    best = single
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def report(title, rows):
    """Print ``(name, seconds)`` rows with ratios against the first row."""
    print(f"\n{title}")
    reference = rows[0][1]
    for name, seconds in rows:
        print(f"  {name:<58s} {seconds * 1e3:10.2f} ms   {seconds / reference:7.2f}x")
