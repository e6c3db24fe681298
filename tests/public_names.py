"""Every public name of the package: the top level and its subnamespaces."""

import infometrics

SUBNAMESPACES = (
    "counting",
    "measures",
    "curves",
    "resampling",
    "report",
    "plotting",
    "meta",
    "exceptions",
    "scoring",
    "cli",
)
MODULES = [infometrics, *(getattr(infometrics, name) for name in SUBNAMESPACES)]

# name -> object; a top-level name is also in its subnamespace (the same object).
PUBLIC = {}
for _module in MODULES:
    for _name in _module.__all__:
        PUBLIC.setdefault(_name, getattr(_module, _name))
