"""The invariance battery: one registry of every public entry point.

``registry.ENTRIES`` lists the entry points with adapters that run them on a
:class:`cases.Case`; each ``test_inv_*`` module checks one family of
invariants over the entries it applies to (the number in a check's name is
the invariant's: 1-2 weights, 3-4 labels, 6-7 confidences, 9 state);
``known_defects.KNOWN_DEFECTS`` marks the checks that fail today because of
a known defect, as ``xfail(strict=True)``.

A new public function gets every check by one ``@entry(...)`` in
``registry.py`` saying what it takes (``"labels"``, ``"weights"``,
``"confidence"``, ``"matrix"``); ``test_inv_registry`` fails until it has one
(or an exemption with its reason).
"""
