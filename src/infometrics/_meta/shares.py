"""Shares of a search space as text, for the audit's table, page and figure."""


def format_share(share):
    """A share in percent that never rounds a failure to 100% (or a hit to 0%)."""
    if share > 0.995:
        return ">99%"
    if 0 < share < 0.005:
        return "<1%"
    return f"{share:.0%}"
