"""The per-class report: precision, recall, F1, reject rate and conditional
entropies per class, with macro and weighted averages.

Reports compute with ``replace_undefined_by=nan``: an undefined value shows as
NaN in the table, and the core emits no warning for it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._from_labels.scores import counts_and_labels
from .._measures.quantities import MatrixQuantities
from .._measures.registry import evaluate_measures
from .relabelling import _name, relabelling_note, warn_permuted


def _whole_numbers(values):
    """``values`` as int64 when every value is a whole number, else as floats."""
    values = np.asarray(values, dtype=float)
    if np.all(values == np.round(values)) and np.all(np.abs(values) < 2.0**53):
        return values.astype(np.int64)
    return values


def _scaled_by_power_of_two(matrix):
    """``matrix`` divided by the power of two that brings its largest count near 1."""
    largest = matrix.max(initial=0.0)
    return matrix if largest == 0 else np.ldexp(matrix, -np.frexp(largest)[1])


def _sums(matrix, axis):
    """Row or column sums; a sum beyond the float maximum is inf (it has no float)."""
    with np.errstate(over="ignore"):
        return matrix.sum(axis=axis)


def _ratio(numerator, denominator):
    """Elementwise quotient, NaN where the denominator is 0 (undefined)."""
    quotient = np.full(np.shape(numerator), np.nan)
    np.divide(numerator, denominator, out=quotient, where=denominator > 0)
    return quotient


def per_class_report(
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    confusion_matrix: ArrayLike | None = None,
    averages: bool = True,
) -> pd.DataFrame:
    """Precision, recall, F1, reject rate and conditional entropies of each class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), default=None
        True labels.
    y_pred : array-like of shape (n_samples,), default=None
        Predicted labels; ``reject_label`` marks a rejection.
    labels : array-like of shape (m,), default=None
        Class order (from labels), or the row names (from a matrix).
    reject_label : scalar or None, default=-1
        As for :func:`augmented_confusion_matrix`.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    confusion_matrix : array-like of shape (m, m + 1) or (m, m), default=None
        Counts, passed instead of ``y_true`` and ``y_pred``. A DataFrame
        with row and column names is read by name (the columns in any
        order, one extra column for rejections) and names the rows.
    averages : bool, default=True
        Add the ``"macro avg"`` and ``"weighted avg"`` rows.

    Returns
    -------
    table : pandas.DataFrame
        One row per output (the classes, then ``"rejected"`` when there is a
        reject option) with

        - ``precision``, ``recall``, ``f1``: as
          :func:`sklearn.metrics.precision_recall_fscore_support` per class,
          where a rejected sample of a class counts as not recalled (a false
          negative) and as nobody's false positive; ``f1`` is
          ``2 TP / (2 TP + FP + FN)``. NaN where a ratio is 0/0, and on the
          ``"rejected"`` row;
        - ``reject_rate``: the share of the class's samples rejected (NaN for
          an absent class and on the ``"rejected"`` row);
        - ``H(S|T=class)`` (bits): how scattered the outputs for that true
          class are, the rejections included (NaN for an absent class and on
          the ``"rejected"`` row);
        - ``H(T|S=output)`` (bits): how mixed the true classes behind that
          output are (NaN for an unused output);
        - ``true_support``, ``predicted_support``: the counts (integers when
          every count is a whole number, as for unweighted labels).

        With ``averages``, two last rows, as in scikit-learn's
        ``classification_report``:
        ``"macro avg"``, the mean over the classes (a class whose value is
        NaN left out; except ``f1``, which is :func:`conventional_measures`'
        ``macro_f1``: a class with neither true nor predicted samples counts
        as 0, as in scikit-learn's ``f1_score(average="macro", labels=...)``,
        so that listing a class can only lower the score), and
        ``"weighted avg"``, the mean weighted by each class's true support,
        which for ``reject_rate`` is the overall reject rate and for
        ``H(S|T=class)`` the conditional entropy ``H(S|T)``;
        ``H(T|S=output)`` is weighted by each output's support (giving
        ``H(T|S)``). Their supports are the number of samples.

        When the counts clearly point to a renaming of the predicted
        classes (:class:`PermutedLabelsWarning`), a
        ``note`` column names, on each renamed output's row, the true class
        its predictions look like.

    Warns
    -----
    PermutedLabelsWarning
        When the counts clearly point to a renaming of the predicted classes
        that raises the accuracy (not a chance wobble).

    Examples
    --------
    >>> from infometrics.report import per_class_report
    >>> table = per_class_report([0, 0, 0, 0, 1, 1], [0, 0, 0, -1, 1, 0])
    >>> table.index.tolist()
    [0, 1, 'rejected', 'macro avg', 'weighted avg']
    >>> table[["precision", "recall", "f1"]].round(3).loc[0].tolist()
    [0.75, 0.75, 0.75]
    >>> table["reject_rate"].round(3).tolist()
    [0.25, 0.0, nan, 0.125, 0.167]
    >>> table["true_support"].tolist()
    [4, 2, 0, 6, 6]

    Counts already tallied go in through ``confusion_matrix=``:

    >>> table = per_class_report(confusion_matrix=[[8, 2, 0], [0, 5, 5]])
    >>> table["H(S|T=class)"].round(3).tolist()
    [0.722, 1.0, nan, 0.861, 0.861]
    """
    matrix, class_labels = counts_and_labels(
        y_true,
        y_pred,
        confusion_matrix,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    table, note = per_class_table(matrix, class_labels, averages=averages)
    warn_permuted(note)
    return table


def per_class_table(matrix, class_labels, *, averages=True):
    """The table of :func:`per_class_report` and its relabelling note (no warning)."""
    matrix = np.asarray(matrix, dtype=float)
    quantities = MatrixQuantities(matrix)
    n_classes = matrix.shape[0]
    has_reject = matrix.shape[1] == n_classes + 1
    extra = [np.nan] if has_reject else []
    # The ratios from the counts divided by a power of two (exact): sums of
    # counts near the float maximum would overflow.
    scaled = _scaled_by_power_of_two(matrix)
    true_positives = np.diagonal(scaled)[:n_classes]
    true_support = scaled.sum(axis=1)  # rejected samples included: not recalled
    predicted_as_class = scaled[:, :n_classes].sum(axis=0)
    false_positives = predicted_as_class - true_positives
    false_negatives = true_support - true_positives
    names = list(np.asarray(class_labels).tolist())
    index = names + (["rejected"] if has_reject else [])
    taken = set(index[n_classes:]) | (
        {"macro avg", "weighted avg"} if averages else set()
    )
    clashing = [name for name in names if isinstance(name, str) and name in taken]
    if clashing:
        raise ValueError(
            f"A class is named {clashing[0]!r}, the name of a row the per-class "
            "table adds (rejected, macro avg, weighted avg); rename the class "
            "(e.g. map it to another label) to tell the rows apart."
        )
    rejected = scaled[:, n_classes] if has_reject else np.zeros(n_classes)
    per_class = {
        "precision": _ratio(true_positives, predicted_as_class),
        "recall": _ratio(true_positives, true_support),
        "f1": _ratio(
            2 * true_positives,
            2 * true_positives + false_positives + false_negatives,
        ),
        "reject_rate": _ratio(rejected, true_support),
        "H(S|T=class)": np.asarray(quantities.row_entropies, dtype=float),
    }
    table = pd.DataFrame(
        {
            **{column: [*values, *extra] for column, values in per_class.items()},
            "H(T|S=output)": quantities.column_entropies,
            "true_support": _whole_numbers(
                [*_sums(matrix, axis=1), *([0] if has_reject else [])]
            ),
            "predicted_support": _whole_numbers(_sums(matrix, axis=0)),
        },
        # tupleize_cols=False: a tuple label is one class, not index levels.
        index=pd.Index(index, name="class", tupleize_cols=False),
    )
    if averages:
        table = pd.concat([table, _averages(matrix, scaled, per_class, quantities)])
        table.index.name = "class"
    note = relabelling_note(matrix, class_labels)
    if note is not None:
        table["note"] = [
            f"predictions look like class {_name(note.looks_like[row])}"
            if row in note.looks_like
            else ""
            for row in range(len(table))
        ]
    return table, note


def _averages(matrix, scaled, per_class, quantities):
    """The ``macro avg`` and ``weighted avg`` rows (as ``classification_report``).

    A class whose value is undefined (NaN) is left out of the mean and weights.
    """
    # Weights from the counts scaled by a power of two (exact; no overflow
    # near the float maximum); the support shown is the unscaled total. Each
    # class is weighted by its true support, each output by its own.
    weighted_by = {column: scaled.sum(axis=1) for column in per_class}
    weighted_by["H(T|S=output)"] = scaled.sum(axis=0)
    per_output = np.asarray(quantities.column_entropies, dtype=float)
    macro, weighted = {}, {}
    for column, values in {**per_class, "H(T|S=output)": per_output}.items():
        defined = ~np.isnan(values)
        macro[column] = values[defined].mean() if defined.any() else np.nan
        weights = weighted_by[column][defined]
        weighted[column] = (
            float(np.dot(values[defined], weights) / weights.sum())
            if weights.sum() > 0
            else np.nan
        )
    # The registry's macro F1, not a second definition (see its docstring).
    macro["f1"] = float(
        evaluate_measures(quantities, ["macro_f1"], replace_undefined_by=np.nan)[
            "macro_f1"
        ]
    )
    support = _whole_numbers([_sums(matrix, axis=None)])[0]
    rows = pd.DataFrame(
        [macro, weighted], index=pd.Index(["macro avg", "weighted avg"])
    )
    rows["true_support"] = support
    rows["predicted_support"] = support
    return rows
