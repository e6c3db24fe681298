"""The battery's checks that fail today, each because of a named defect.

One line per failing parametrised case, ``(entry, check): reason``. The
reason starts with ``"KNOWN:"`` for a defect already reported, ``"NEW:"``
for one the battery found. Each case runs as
``xfail(strict=True)``: when a fix lands it XPASSes, and its line goes.
"""

KNOWN_DEFECTS: dict[tuple[str, str], str] = {}
