"""Helpers shared by test modules: labels counted through the public API."""

import numpy as np

import infometrics as im


def counts_and_labels(
    y_true, y_pred, *, labels=None, reject_label=-1, sample_weight=None
):
    """``(matrix, row labels)`` of labels, through the public counting API.

    The matrix is :func:`infometrics.augmented_confusion_matrix`'s (its
    checks and errors come first); the row labels are those of a
    :class:`infometrics.ConfusionAccumulator` given the same labels as one
    batch, whose matrix must be the same.
    """
    matrix = im.augmented_confusion_matrix(
        y_true,
        y_pred,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    accumulator = im.ConfusionAccumulator(labels=labels, reject_label=reject_label)
    accumulator.update(y_true, y_pred, sample_weight=sample_weight)
    np.testing.assert_array_equal(accumulator.confusion_matrix, matrix)
    return matrix, accumulator.labels
