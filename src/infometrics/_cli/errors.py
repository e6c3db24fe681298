"""The command line's own error: one line, in the command line's words."""


class UsageError(Exception):
    """A problem with the user's input, reported as one line."""
