"""Would relabelling the predictions raise the accuracy? (pure numpy/scipy)

Every measure that depends on the confusion matrix only through entropies and
mutual information (NI1-NI9, information coverage, the entropy triangle) is
unchanged when the predicted classes are renamed: ``y_pred = (y + 1) % 3``
has accuracy 0 and NI2 = 1 (Hu, He & Yuan, Theorem 1). The function below
finds the renaming of the predicted classes that maximises the number of
correct predictions; :func:`clear_relabelling_of_counts` keeps only the
renamings that are clear matches, not sampling wobbles, so that a report can
say when the predictions look like permuted labels.
"""

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linear_sum_assignment

from .validation import check_confusion_matrix

# Measures whose value never changes when the predicted class columns are
# permuted (the reject column staying where it is). Verified for every entry
# of the registry by tests/test_relabelling.py; EMA and NIT are functions of
# H(T|Y) and I(T;Y) and belong here once they are registered.
PREDICTION_RELABELLING_INVARIANT = frozenset(
    {
        *(f"ni{k}" for k in range(1, 10)),
        "info_completeness",
        "false_info_ratio",
        "info_error",
        "triangle_dh",
        "triangle_mi",
        "triangle_vi",
        "reject_rate",
        "ema",
        "nit",
    }
)


# The association a renamed pair must reach (see clear_relabelling_of_counts).
MIN_CLEAR_ASSOCIATION = 0.4


@dataclass(frozen=True)
class Relabelling:
    """A renaming of predicted classes that raises the number of correct predictions.

    Attributes
    ----------
    moves : tuple of (int, int)
        ``(predicted, true)`` class indices (row order): predictions of
        class ``predicted`` would be counted as class ``true``. Only the
        classes that change are listed; every cycle listed raises the count.
    correct_rate : float
        Correct predictions over all samples (rejections included in the
        total), as labelled.
    relabelled_correct_rate : float
        The same after the renaming (the largest reachable by any renaming).
    """

    moves: tuple
    correct_rate: float
    relabelled_correct_rate: float


def _cycles(permutation):
    """Cycles of length > 1 of a permutation given as ``column -> row``."""
    seen = np.zeros(len(permutation), dtype=bool)
    cycles = []
    for start in range(len(permutation)):
        if seen[start] or permutation[start] == start:
            seen[start] = True
            continue
        cycle = []
        column = start
        while not seen[column]:
            seen[column] = True
            cycle.append(column)
            column = permutation[column]
        cycles.append(cycle)
    return cycles


def _fix_what_costs_nothing(classes, row_of_column, tolerance):
    """Leave in place every class whose renaming gains nothing.

    An optimal assignment may move classes it need not move (an unused class
    on a cycle). Taking class ``c`` out of its cycle sends its predecessor
    ``p`` straight to ``c``'s target; when that keeps the count of correct
    predictions, ``c`` keeps its own name. Repeated until nothing changes.
    """
    row_of_column = row_of_column.copy()
    changed = True
    while changed:
        changed = False
        for column in range(len(row_of_column)):
            target = row_of_column[column]
            if target == column:
                continue
            (predecessor,) = np.flatnonzero(row_of_column == column)
            before = classes[column, predecessor] + classes[target, column]
            after = classes[target, predecessor] + classes[column, column]
            if after >= before - tolerance:
                row_of_column[predecessor] = target
                row_of_column[column] = column
                changed = True
    return row_of_column


def best_relabelling(confusion_matrix) -> Relabelling | None:
    """The renaming of predicted classes that most raises the accuracy, if any.

    Parameters
    ----------
    confusion_matrix : array-like of shape (m, m + 1) or (m, m)
        One augmented confusion matrix (rows true classes, columns predicted
        classes in the same order, optional last reject column).

    Returns
    -------
    relabelling : Relabelling or None
        ``None`` when no renaming of the predicted classes gives more
        correct predictions than the labels as they are (ties included).
        Otherwise the renaming with the most correct predictions (an
        assignment problem on the ``m x m`` class part of the matrix),
        reduced to the cycles that gain: cycles that only tie are left out.

    Examples
    --------
    >>> from infometrics._measures.relabelling import best_relabelling
    >>> shifted = [[0, 10, 0], [0, 0, 10], [10, 0, 0]]  # y_pred = (y + 1) % 3
    >>> found = best_relabelling(shifted)
    >>> found.moves, found.correct_rate, found.relabelled_correct_rate
    (((0, 2), (1, 0), (2, 1)), 0.0, 1.0)
    >>> best_relabelling([[8, 2, 1], [3, 7, 0]]) is None
    True
    """
    counts, _ = check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError(
            "best_relabelling describes one confusion matrix, not a stack; "
            "call it once per matrix."
        )
    return relabelling_of_counts(counts)


def _scaled(counts):
    """The counts divided by a power of two that brings the largest near 1.

    Exact (only the exponent changes), and sums of up to ``m**2`` cells no
    longer overflow near the float maximum.
    """
    counts = np.asarray(counts, dtype=float)
    largest = counts.max(initial=0.0)
    if largest == 0:
        return counts
    return np.ldexp(counts, -np.frexp(largest)[1])


def relabelling_of_counts(counts) -> Relabelling | None:
    """:func:`best_relabelling` of one matrix that is already validated."""
    counts = _scaled(counts)
    n_classes = counts.shape[0]
    classes = counts[:, :n_classes]
    total = counts.sum()
    if total == 0 or n_classes < 2:
        return None
    rows, columns = linear_sum_assignment(classes, maximize=True)
    # row_of_column[j]: the true class predicted column j would be renamed to.
    row_of_column = np.empty(n_classes, dtype=int)
    row_of_column[columns] = rows
    diagonal = np.trace(classes)
    # Counts may be weighted floats: a gain must exceed rounding of the sums.
    tolerance = 1e-12 * max(total, 1.0) * n_classes
    row_of_column = _fix_what_costs_nothing(classes, row_of_column, tolerance)
    moves = []
    gained = 0.0
    for cycle in _cycles(row_of_column):
        # Each cycle can be applied on its own; its gain is its own cells
        # minus its own diagonal.
        gain = sum(classes[row_of_column[j], j] - classes[j, j] for j in cycle)
        if gain > tolerance:
            moves.extend((int(j), int(row_of_column[j])) for j in cycle)
            gained += gain
    if not moves:
        return None
    return Relabelling(
        moves=tuple(sorted(moves)),
        correct_rate=float(diagonal / total),
        relabelled_correct_rate=float(min((diagonal + gained) / total, 1.0)),
    )


def _association(classes, true, predicted):
    """Phi coefficient of 'true class ``true``' and 'predicted ``predicted``'.

    The Matthews correlation of the 2 x 2 table that the class part of the
    matrix collapses to (this class against the rest, this prediction against
    the rest); 0 when one of its margins is empty.
    """
    total = classes.sum()
    row = classes[true].sum()
    column = classes[:, predicted].sum()
    spread = row * (total - row) * column * (total - column)
    if spread <= 0:
        return 0.0
    return float((classes[true, predicted] * total - row * column) / np.sqrt(spread))


def clear_relabelling_of_counts(counts) -> Relabelling | None:
    """The renaming of predicted classes that the counts clearly point to, if any.

    A report should flag permuted labels when renaming is a real gain, not a
    wobble of a classifier that is no better than chance (any 10-class
    classifier has *some* renaming that raises its accuracy a little). A
    predicted class ``j`` is a *clear match* of the true class ``r != j``
    when, on the class part of the matrix (rejections left out),

    - most of the samples of class ``r`` are predicted ``j`` and most of the
      samples predicted ``j`` are of class ``r`` (a strict majority of the
      row and of the column: the relabelled cell dominates both), and
    - the association of "true class ``r``" with "predicted ``j``" is at
      least moderate: the phi coefficient (Matthews correlation) of the
      2 x 2 table the matrix collapses to is at least
      ``MIN_CLEAR_ASSOCIATION`` (0.4).

    A strict majority is unique in its row and its column, so the clear
    matches form a partial renaming; the renaming returned is made of its
    closed cycles (a renaming must be a permutation), each of which raises
    the number of correct predictions. Both conditions are ratios of counts:
    the result does not change when every count is scaled (weights times
    ``2**k`` or ``1e100``, integer weights or repeated samples), up to the
    float maximum.

    False alarms: random predictions (independent of the truth, uniform
    classes) made no clear match in 2000 simulated matrices each of 2
    classes with 100 or 1000 samples and of 3, 4 or 10 classes with 50 or
    more; with 50 samples, 2 classes gave 0.25 %; with 20 samples, 2 classes
    gave 4 %, 3 classes 0.35 % and 10 classes 0.1 %
    (tests/test_relabelling.py repeats the first at 300 matrices each). Few
    samples can look permuted by chance under any rule that only sees
    proportions.

    Parameters
    ----------
    counts : ndarray of shape (m, m + 1) or (m, m)
        One validated matrix.

    Returns
    -------
    relabelling : Relabelling or None
        ``None`` when there is no clear renaming; ``relabelled_correct_rate``
        is the correct rate after the clear renaming (which may be below the
        best reachable by any renaming, :func:`best_relabelling`).
    """
    counts = _scaled(counts)
    n_classes = counts.shape[0]
    classes = counts[:, :n_classes]
    total = counts.sum()
    if total == 0 or n_classes < 2:
        return None
    row_sums = classes.sum(axis=1)
    column_sums = classes.sum(axis=0)
    # target[j]: the true class predicted class j clearly stands for, or -1.
    target = np.full(n_classes, -1)
    for predicted in range(n_classes):
        true = int(np.argmax(classes[:, predicted]))
        cell = classes[true, predicted]
        if (
            true != predicted
            and 2 * cell > row_sums[true]
            and 2 * cell > column_sums[predicted]
            and _association(classes, true, predicted) >= MIN_CLEAR_ASSOCIATION
        ):
            target[predicted] = true
    moves = []
    gained = 0.0
    for start in range(n_classes):
        # Follow start -> target -> ...; a cycle that closes is a renaming.
        cycle = [start]
        while target[cycle[-1]] >= 0 and target[cycle[-1]] not in cycle:
            cycle.append(int(target[cycle[-1]]))
        if target[cycle[-1]] != start or start != min(cycle):
            continue  # not closed, or found from its smallest member already
        moves.extend((j, int(target[j])) for j in cycle)
        gained += sum(classes[target[j], j] - classes[j, j] for j in cycle)
    if not moves:
        return None
    diagonal = np.trace(classes)
    return Relabelling(
        moves=tuple(sorted(moves)),
        correct_rate=float(diagonal / total),
        relabelled_correct_rate=float(min((diagonal + gained) / total, 1.0)),
    )
