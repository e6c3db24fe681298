"""Test configuration: no timing assertions, headless plotting."""

from hypothesis import settings

# Deadlines are timings, and timings do not belong in tests (benchmarks/ has
# them); a cold first call must not fail a property.
settings.register_profile("infometrics", deadline=None)
settings.load_profile("infometrics")

import matplotlib  # noqa: E402

# Displays are tested on artist state with the non-interactive backend.
matplotlib.use("Agg")
