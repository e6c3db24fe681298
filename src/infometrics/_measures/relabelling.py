"""Would renaming the predicted classes raise the accuracy? The measures that read
only entropies cannot see it (Hu, He & Yuan, Theorem 1)."""

from typing import NamedTuple

import numpy as np

from .quantities import unit_scaled

# Measures unchanged when the predicted class columns (not the reject column)
# are permuted; tests/test_relabelling.py checks the registry against it.
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


class Relabelling(NamedTuple):
    """A renaming of predicted classes: ``moves`` are ``(predicted, true)`` row
    indices of the classes that change; the correct rates (rejections included)
    as labelled and after the renaming."""

    moves: tuple
    correct_rate: float
    relabelled_correct_rate: float


def _association(classes, true, predicted):
    """Phi coefficient of the 2 x 2 table "true ``true``" x "predicted
    ``predicted``" of the class part; 0 when one of its margins is empty."""
    total = classes.sum()
    row = classes[true].sum()
    column = classes[:, predicted].sum()
    spread = row * (total - row) * column * (total - column)
    if spread <= 0:
        return 0.0
    return float((classes[true, predicted] * total - row * column) / np.sqrt(spread))


def clear_relabelling_of_counts(counts) -> Relabelling | None:
    """The closed cycles of clear matches of one validated matrix, or None: a
    predicted class ``j`` clearly stands for a true class ``r != j`` when the
    cell ``(r, j)`` is a strict majority of its row and of its column."""
    # And the phi coefficient of "true r" x "predicted j" is at least
    # MIN_CLEAR_ASSOCIATION: any 10-class classifier has *some* renaming that
    # raises its accuracy a little (the user guide gives the simulations).
    counts, _ = unit_scaled(np.asarray(counts, dtype=float))
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
