"""Former home of the warnings; kept so that imports of other branches still merge.

The classes live in :mod:`infometrics.exceptions`, the lock in
``infometrics._warnings``.
"""

from ._warnings import WARNINGS_FILTERS_LOCK
from .exceptions import RejectLabelWarning, UndefinedMeasureWarning

__all__ = ["WARNINGS_FILTERS_LOCK", "RejectLabelWarning", "UndefinedMeasureWarning"]
