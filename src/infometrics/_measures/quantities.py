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


def _conditional_entropy(cell_entropy_sums, marginal, support):
    """``H`` of each row (or column) from its sum of ``-P log2 P`` terms.

    ``-sum_j (P_ij / p_i) log2(P_ij / p_i) = (sum_j -P_ij log2 P_ij) / p_i
    + log2 p_i``; ``nan`` for an empty row, exactly 0 for a single cell.
    """
    present = marginal > 0
    safe = np.where(present, marginal, 1.0)
    value = np.maximum(cell_entropy_sums / safe + np.log2(safe), 0.0)
    value = np.where(support > 1, value, 0.0)
    return np.where(present, value, np.nan)


@dataclass(frozen=True)
class JointQuantities:
    """Distributions and entropies shared by the measures of one stack.

    ``joint`` has shape (..., m, k); the marginals (..., m) and (..., k); every
    scalar quantity has the stack shape (...). ``total`` is the count ``n``.
    ``row_entropies`` (..., m) and ``column_entropies`` (..., k) are the
    conditional entropies of each row and column (``nan`` where empty).
    """

    total: np.ndarray
    joint: np.ndarray
    true_marginal: np.ndarray
    output_marginal: np.ndarray
    h_true: np.ndarray
    h_output: np.ndarray
    h_joint: np.ndarray
    mutual_info: np.ndarray
    row_entropies: np.ndarray
    column_entropies: np.ndarray

    @classmethod
    def from_counts(cls, counts):
        """Compute every shared quantity from validated float counts.

        One pass of ``-P log2 P`` over the matrix serves the joint entropy and
        every conditional entropy; the rest works on the marginals.
        """
        total = counts.sum(axis=(-2, -1))
        safe_total = np.where(total > 0, total, 1.0)
        joint = counts / safe_total[..., None, None]
        true_marginal = joint.sum(axis=-1)
        output_marginal = joint.sum(axis=-2)
        # -P log2 P by hand: 2-3x faster than scipy.special.entr on large
        # matrices; the 0 log 0 cells (nan here) are then set to 0.
        with np.errstate(divide="ignore", invalid="ignore"):
            cell_entropy = -joint * np.log2(joint)
        nonzero = joint > 0
        np.copyto(cell_entropy, 0.0, where=~nonzero)
        row_sums = cell_entropy.sum(axis=-1)
        h_true = entropy_bits(true_marginal)
        h_output = entropy_bits(output_marginal)
        h_joint = np.maximum(row_sums.sum(axis=-1), 0.0)
        single_cell = np.count_nonzero(nonzero, axis=(-2, -1)) <= 1
        h_joint = np.where(single_cell, 0.0, h_joint)
        mutual_info = np.clip(
            h_true + h_output - h_joint, 0.0, np.minimum(h_true, h_output)
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
            row_entropies=_conditional_entropy(
                row_sums, true_marginal, np.count_nonzero(nonzero, axis=-1)
            ),
            column_entropies=_conditional_entropy(
                cell_entropy.sum(axis=-2),
                output_marginal,
                np.count_nonzero(nonzero, axis=-2),
            ),
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

    def column_information(self, column):
        """The mutual-information terms of one column, summed over the rows.

        ``sum_i P_ic log2(P_ic / (p_t(i) p_y(c)))`` = ``p_y(c) KL(P(T|c) || p_t)``.
        """
        cells = self.joint[..., :, column]
        independent = self.true_marginal * self.output_marginal[..., column, None]
        ratio = np.divide(cells, independent, out=np.ones_like(cells), where=cells > 0)
        return np.maximum((cells * np.log2(ratio)).sum(axis=-1), 0.0)
