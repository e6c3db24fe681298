"""The command line's own error: one line, in the command line's words."""

import re


class UsageError(Exception):
    """A problem with the user's input, reported as one line."""


# The Python API's words in a library message and the flags that say the same;
# the longer spellings first.
_FLAG_WORDS = (
    (r"reject_label=np\.nan", "--reject-label nan"),
    (r"reject_label=None", "--reject-label none"),
    (r"undefined='skip'", "--skip-undefined"),
    (r"reject_label", "--reject-label"),
    (r"sample_weight", "--weight"),
    (r"thresholds", "--thresholds"),
    # The parameter opening a message, not the word in its text.
    (r"^confidence\b", "--confidence"),
    (r"y_true", "--y-true"),
    (r"y_pred", "--y-pred"),
    # The audit's search-space sizes.
    (
        r"\b(max_samples_3class|max_split_samples|max_samples|n_random)\b",
        lambda name: "--" + name[0].replace("_", "-"),
    ),
)


def in_flag_words(message):
    """``message`` of the Python API with its parameters spelled as flags."""
    for python, flag in _FLAG_WORDS:
        message = re.sub(python, flag, message)
    return message
