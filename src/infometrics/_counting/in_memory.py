"""Counting labels that are in memory: encoded labels or plain arrays.

Categorical, Arrow and StringDType labels are counted over their
dictionaries (:mod:`.encoded`); everything else as NumPy arrays, through the
integer kernel or the hashing path (:mod:`.labels`). Dask chunks, once
computed, are counted here too.
"""

from . import encoded
from .collections import wants_encoded_path
from .labels import count_label_arrays


def count_in_memory(
    y_true,
    y_pred,
    *,
    labels=None,
    reject_label=-1,
    sample_weight=None,
    part_of_a_total=False,
):
    """``(matrix, labels)`` of in-memory labels, by the path that suits them."""
    if wants_encoded_path(y_true, y_pred):
        # No Python object per sample: the codes of the dictionaries.
        result = encoded.encoded_confusion_matrix_and_labels(
            y_true,
            y_pred,
            labels=labels,
            reject_label=reject_label,
            sample_weight=sample_weight,
            part_of_a_total=part_of_a_total,
        )
        if result is not None:
            return result
    return count_label_arrays(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
        part_of_a_total=part_of_a_total,
    )
