"""Names and text helpers the demo and the files it writes share."""

import textwrap

# The two classifiers the demo compares.
NEVER, TUNED = "never rejects", "tuned reject option"
# Of the paired bootstrap interval of the NI2 difference.
CONFIDENCE_LEVEL = 0.95


def _wrap(text, width=88, indent=""):
    """``text`` as lines of at most ``width`` characters, each indented."""
    return textwrap.wrap(
        text, width=width, initial_indent=indent, subsequent_indent=indent
    )
