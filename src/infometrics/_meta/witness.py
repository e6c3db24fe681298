"""A counterexample of the audit: the matrices, the move and the two values."""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class MetaMeasureWitness:
    """A counterexample to one property of one measure: two matrices, how they
    are related, their values and the relation they break.

    Attributes
    ----------
    measure, property : str
        The measure's name in the audit and the property's label.
    matrix_a, matrix_b : ndarray of shape (m, m + 1)
        The two matrices (rows true classes, last column rejections).
    value_a, value_b : float
        The measure on each, oriented so that higher is better.
    move : str
        How ``B`` and ``A`` are related.
    expected : str
        The relation the property asks of the values, e.g. ``"f(B) > f(A)"``.

    Examples
    --------
    >>> import infometrics
    >>> audit = infometrics.meta.meta_measure_audit(
    ...     ["ni1"], max_samples=6, max_split_samples=10, n_random=0)
    >>> witness = audit.witness("ni1", "Feature 2")
    >>> witness.matrix_b.tolist(), witness.value_a, witness.value_b
    ([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], 1.0, 1.0)
    """

    measure: str
    property: str
    matrix_a: np.ndarray
    matrix_b: np.ndarray
    value_a: float
    value_b: float
    move: str
    expected: str

    def __str__(self):
        a, b = (m.astype(np.int64).tolist() for m in (self.matrix_a, self.matrix_b))
        return (
            f"{self.measure} fails {self.property}: {self.move}.\n"
            f"  A = {a}  f(A) = {self.value_a:.6g}\n"
            f"  B = {b}  f(B) = {self.value_b:.6g}\n"
            f"  expected {self.expected}"
        )
