"""The battery's checks that fail today, each because of a named defect.

One line per failing parametrised case, ``(entry, check): reason``. The
reason quotes the defect of issue 18 it comes from; ``"NEW: ..."`` marks a
defect the battery found that the issue does not list. Each case runs as
``xfail(strict=True)``: when a fix lands it XPASSes, and its line goes.
"""

KNOWN_DEFECTS: dict[tuple[str, str], str] = {}
