"""The invariance battery of issue 18: one registry of every public entry point.

``registry.ENTRIES`` lists the entry points with adapters that run them on a
:class:`cases.Case`; each ``test_inv_*`` module checks one family of
invariants over the entries it applies to; ``known_defects.KNOWN_DEFECTS``
marks the checks that fail today because of a defect named in the issue.
"""
