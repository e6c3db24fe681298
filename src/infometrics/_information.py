"""Entropies and mutual information of (stacks of) confusion matrices.

Everything here is pure numpy/scipy and vectorised over leading stack axes.
All quantities are in bits.
"""

from dataclasses import dataclass

import numpy as np
from scipy.special import entr

_LN2 = np.log(2.0)


def entropy_bits(probabilities, axis=-1):
    """Shannon entropy in bits along ``axis`` (``0 log 0 = 0``).

    A distribution with at most one non-zero entry has entropy exactly 0, even
    when rounding left its mass at ``1 + 2**-52``: the degenerate-case rules
    test ``H = 0``, so it must not depend on float noise.
    """
    value = entr(probabilities).sum(axis=axis) / _LN2
    support = np.count_nonzero(probabilities, axis=axis)
    return np.where(support > 1, np.maximum(value, 0.0), 0.0)


def information_terms(joint, true_marginal, output_marginal):
    """Cell-wise terms ``P_ij log2(P_ij / (p_t(i) p_y(j)))``, 0 where ``P_ij = 0``."""
    independent = true_marginal[..., :, None] * output_marginal[..., None, :]
    ratio = np.divide(joint, independent, out=np.ones_like(joint), where=joint > 0)
    return joint * np.log2(ratio)


@dataclass(frozen=True)
class JointQuantities:
    """Distributions and entropies shared by the measures of one stack.

    ``joint`` has shape (..., m, k); the marginals (..., m) and (..., k); every
    scalar quantity has the stack shape (...). ``total`` is the count ``n``.
    """

    total: np.ndarray
    joint: np.ndarray
    true_marginal: np.ndarray
    output_marginal: np.ndarray
    h_true: np.ndarray
    h_output: np.ndarray
    h_joint: np.ndarray
    mutual_info: np.ndarray
    terms: np.ndarray

    @classmethod
    def from_counts(cls, counts):
        """Compute every shared quantity from validated float counts."""
        total = counts.sum(axis=(-2, -1))
        safe_total = np.where(total > 0, total, 1.0)
        joint = counts / safe_total[..., None, None]
        true_marginal = joint.sum(axis=-1)
        output_marginal = joint.sum(axis=-2)
        terms = information_terms(joint, true_marginal, output_marginal)
        h_true = entropy_bits(true_marginal)
        h_output = entropy_bits(output_marginal)
        h_joint = entropy_bits(joint, axis=(-2, -1))
        # Summing the cell terms is more accurate than H(T) + H(Y) - H(T,Y)
        # when the mutual information is close to zero.
        mutual_info = np.clip(
            terms.sum(axis=(-2, -1)), 0.0, np.minimum(h_true, h_output)
        )
        return cls(
            total=total,
            joint=joint,
            true_marginal=true_marginal,
            output_marginal=output_marginal,
            h_true=h_true,
            h_output=h_output,
            h_joint=h_joint,
            mutual_info=mutual_info,
            terms=terms,
        )

    @property
    def empty(self):
        """Matrices holding no sample at all."""
        return self.total <= 0

    @property
    def h_true_given_output(self):
        """``H(T|Y) = H(T,Y) - H(Y)``, never below 0."""
        return np.maximum(self.h_joint - self.h_output, 0.0)

    @property
    def h_output_given_true(self):
        """``H(Y|T) = H(T,Y) - H(T)``, never below 0."""
        return np.maximum(self.h_joint - self.h_true, 0.0)
