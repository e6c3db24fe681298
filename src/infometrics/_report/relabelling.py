"""Say so when predictions score high information but are permuted labels."""

import warnings
from dataclasses import dataclass

import numpy as np

from .._measures.relabelling import clear_relabelling_of_counts
from .._warnings import find_stack_level
from ..exceptions import PermutedLabelsWarning


def _name(label):
    return repr(label) if isinstance(label, str) else str(label)


@dataclass(frozen=True)
class RelabellingNote:
    """A clear renaming of one matrix's predicted classes."""

    renaming: str
    correct_rate: float
    relabelled_correct_rate: float
    looks_like: dict


def relabelling_note(counts, class_labels):
    """The :class:`RelabellingNote` of a valid matrix, or None (no clear renaming)."""
    found = clear_relabelling_of_counts(counts)
    if found is None:
        return None
    names = np.asarray(class_labels).tolist()
    return RelabellingNote(
        renaming=", ".join(
            f"{_name(names[predicted])} -> {_name(names[true])}"
            for predicted, true in found.moves
        ),
        correct_rate=found.correct_rate,
        relabelled_correct_rate=found.relabelled_correct_rate,
        looks_like={predicted: names[true] for predicted, true in found.moves},
    )


def permuted_message(note, name=None):
    """The warning text for a :class:`RelabellingNote`."""
    sentence = (
        f"{'' if name is None else f'Classifier {name!r}: '}relabelling the "
        f"predictions {note.renaming} would raise the accuracy from "
        f"{note.correct_rate:.3f} to {note.relabelled_correct_rate:.3f}"
    )
    return (
        f"{sentence[0].upper()}{sentence[1:]}. NI1-NI9, information coverage "
        "and the entropy triangle do not change under such a relabelling and "
        "score these predictions as if they were labelled right; check how "
        "y_pred is encoded."
    )


def warn_permuted(note, name=None):
    """Emit :class:`PermutedLabelsWarning` for a note (nothing for ``None``)."""
    if note is not None:
        warnings.warn(
            permuted_message(note, name),
            PermutedLabelsWarning,
            stacklevel=find_stack_level(),
        )
