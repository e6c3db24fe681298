"""Say so when predictions score high information but are permuted labels."""

import warnings
from dataclasses import dataclass

import numpy as np

from .._measures.relabelling import (
    clear_relabelling_of_counts,
)
from .._measures.validation import caller_stacklevel


class PermutedLabelsWarning(UserWarning):
    """Warning used when renaming the predicted classes would raise the accuracy.

    NI1-NI9, information coverage and the entropy triangle depend on the
    confusion matrix only through entropies, which do not change when the
    predicted classes are renamed: ``y_pred = (y_true + 1) % 3`` has accuracy
    0 and NI2 = 1 (Hu, He & Yuan, Theorem 1). The reports
    (:func:`information_report`, :func:`compare`, :func:`per_class_report`)
    emit this warning, and add a ``note`` column, when the counts clearly
    point to a renaming of the predicted classes: for every renamed
    prediction ``j -> r``, most samples of class ``r`` are predicted ``j``,
    most samples predicted ``j`` are of class ``r`` (rejections left out),
    and the association of "true class ``r``" with "predicted ``j``" (phi
    coefficient) is at least 0.4. A classifier that is no better than chance
    has some renaming that raises its accuracy a little; that wobble does
    not warn (random predictions: no warning in 2000 trials each with 2
    classes and 100 samples, or 3 to 10 classes and 50 samples). The
    criterion uses only proportions of the counts, so scaling the weights
    changes nothing. The message names the renaming.

    Examples
    --------
    >>> import warnings
    >>> import infometrics
    >>> y_true = [0, 0, 1, 1, 2, 2]
    >>> y_pred = [1, 1, 2, 2, 0, 0]
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     report = infometrics.information_report(y_true, y_pred)
    >>> issubclass(caught[0].category, infometrics.PermutedLabelsWarning)
    True
    >>> report.loc[("normalized information", "ni2"), "value"]
    np.float64(1.0)
    """


def _name(label):
    return repr(label) if isinstance(label, str) else str(label)


@dataclass(frozen=True)
class RelabellingNote:
    """What a report says about renaming the predicted classes of one matrix."""

    renaming: str
    correct_rate: float
    relabelled_correct_rate: float
    looks_like: dict

    def __str__(self):
        return (
            f"relabelling the predictions {self.renaming} would raise the accuracy "
            f"from {self.correct_rate:.3f} to {self.relabelled_correct_rate:.3f}"
        )

    @property
    def classifier_note(self):
        """The note on a classifier's row.

        The accuracy comes first: notebooks cut long cells
        (``display.max_colwidth``).
        """
        return (
            f"accuracy {self.correct_rate:.3f} -> "
            f"{self.relabelled_correct_rate:.3f} if relabelled {self.renaming}"
        )

    @property
    def measure_note(self):
        """The note on the row of a measure that the renaming leaves unchanged."""
        return f"unchanged if relabelled {self.renaming}"


def relabelling_note(counts, class_labels):
    """The :class:`RelabellingNote` of one validated matrix, or ``None``.

    ``None`` when the counts point to no clear renaming of the predicted
    classes (:func:`~infometrics._measures.relabelling.clear_relabelling_of_counts`);
    ``looks_like`` maps each renamed predicted row index to the true class
    name its predictions would take.
    """
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
    note = str(note)
    if name is None:
        sentence = f"{note[0].upper()}{note[1:]}"
    else:
        sentence = f"Classifier {name!r}: {note}"
    return (
        f"{sentence}. NI1-NI9, information coverage and the entropy triangle do "
        "not change under such a relabelling and score these predictions as if "
        "they were labelled right; check how y_pred is encoded."
    )


def warn_permuted(note, name=None):
    """Emit :class:`PermutedLabelsWarning` for a note (nothing for ``None``)."""
    if note is not None:
        warnings.warn(
            permuted_message(note, name),
            PermutedLabelsWarning,
            stacklevel=caller_stacklevel(),
        )
