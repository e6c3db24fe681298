"""Meta-measures: which measure behaves as people expect (Hu, He & Yuan).

:func:`meta_measure_audit` checks any measure for the paper's three
meta-measures and the metric axioms by exhaustive and random search, each
failure with its witness.
"""

from ._meta.audit import MetaMeasureAudit, meta_measure_audit
from ._meta.crossover import ni2_crossover_ratio
from ._meta.witness import MetaMeasureWitness

__all__ = [
    "MetaMeasureAudit",
    "MetaMeasureWitness",
    "meta_measure_audit",
    "ni2_crossover_ratio",
]
