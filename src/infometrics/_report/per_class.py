"""The per-class report, with macro and weighted averages."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._from_labels.scores import counts_and_labels, with_label_parameters
from .._measures.quantities import MatrixQuantities, unit_scaled
from .._measures.registry import evaluate_measures
from .._warnings import holding_warnings_lock
from .relabelling import _name, relabelling_note, warn_permuted

AVERAGES = ("macro avg", "weighted avg")


@with_label_parameters
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
    {label_parameters}
    averages : bool, default=True
        Add the ``"macro avg"`` and ``"weighted avg"`` rows.

    Returns
    -------
    table : pandas.DataFrame
        One row per output (the classes, then ``"rejected"``), with columns
        ``precision``, ``recall``, ``f1``, ``reject_rate``, ``H(S|T=class)``,
        ``H(T|S=output)`` (bits), ``true_support`` and ``predicted_support``;
        NaN marks a 0/0 ratio. See the user guide, section "Reports".

    Warns
    -----
    PermutedLabelsWarning
        As :func:`information_report`.

    See Also
    --------
    information_report : Every measure of the classifier.

    Examples
    --------
    >>> from infometrics.report import per_class_report
    >>> table = per_class_report([0, 0, 0, 0, 1, 1], [0, 0, 0, -1, 1, 0])
    >>> table.index.tolist()
    [0, 1, 'rejected', 'macro avg', 'weighted avg']
    >>> table["reject_rate"].round(3).tolist()
    [0.25, 0.0, nan, 0.125, 0.167]
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


def check_row_names(class_labels, reject_column, averages=True):
    """Refuse a class named like a row the per-class table adds."""
    added = (["rejected"] if reject_column else []) + list(AVERAGES if averages else [])
    for name in np.asarray(class_labels).tolist():
        if isinstance(name, str) and name in added:
            # Any reject column adds the row, an empty one too.
            hint = (
                ", or count labels that are never rejected with reject_label=None,"
                if name == "rejected"
                else ""
            )
            raise ValueError(
                f"A class is named {name!r}, the name of a row the per-class "
                "table adds (rejected, macro avg, weighted avg); rename the "
                f"class (e.g. map it to another label){hint} to tell the rows "
                "apart."
            )


def _ratio(top, bottom):
    """Elementwise quotient, NaN where the denominator is 0."""
    return np.divide(top, bottom, out=np.full(np.shape(top), np.nan), where=bottom > 0)


def _supports(sums):
    """Sums as int64 when all are whole, else floats (inf beyond the float max)."""
    sums = np.asarray(sums, dtype=float)
    whole = np.all(sums == np.round(sums)) and np.all(np.abs(sums) < 2.0**53)
    return sums.astype(np.int64) if whole else sums


def _means(values, weights):
    """The mean and the weighted mean of the defined (not NaN) values."""
    defined = ~np.isnan(values)
    values, weights = values[defined], weights[defined]
    total = weights.sum()
    weighted = float(values @ weights / total) if total > 0 else np.nan
    return (values.mean() if defined.any() else np.nan), weighted


@holding_warnings_lock
def per_class_table(matrix, class_labels, *, averages=True, quantities=None):
    """The table of :func:`per_class_report` and its relabelling note (no warning)."""
    matrix = np.asarray(matrix, dtype=float)
    if quantities is None:
        quantities = MatrixQuantities(matrix)
    n_classes = matrix.shape[0]
    has_reject = matrix.shape[1] == n_classes + 1
    check_row_names(class_labels, has_reject, averages)
    scaled, _ = unit_scaled(matrix)  # the ratios from counts that sum finitely
    true_positives = np.diagonal(scaled)[:n_classes]
    true_support = scaled.sum(axis=1)  # rejected samples included: not recalled
    predicted_as_class = scaled[:, :n_classes].sum(axis=0)
    rejected = scaled[:, n_classes] if has_reject else np.zeros(n_classes)
    per_class = {
        "precision": _ratio(true_positives, predicted_as_class),
        "recall": _ratio(true_positives, true_support),
        # 2 TP / (2 TP + FP + FN), a rejection being a false negative.
        "f1": _ratio(2 * true_positives, predicted_as_class + true_support),
        "reject_rate": _ratio(rejected, true_support),
        "H(S|T=class)": np.asarray(quantities.row_entropies, dtype=float),
    }
    per_output = np.asarray(quantities.column_entropies, dtype=float)
    extra = [np.nan] if has_reject else []
    with np.errstate(over="ignore"):  # a sum beyond the float maximum is inf
        sums = [matrix.sum(axis=1), matrix.sum(axis=0), matrix.sum()]
    names = np.asarray(class_labels).tolist() + (["rejected"] if has_reject else [])
    table = pd.DataFrame(
        {
            **{column: [*values, *extra] for column, values in per_class.items()},
            "H(T|S=output)": per_output,
            "true_support": _supports([*sums[0], *([0] if has_reject else [])]),
            "predicted_support": _supports(sums[1]),
        },
        # tupleize_cols=False: a tuple label is one class, not index levels.
        index=pd.Index(names, name="class", tupleize_cols=False),
    )
    if averages:
        # Each class is weighted by its true support, each output by its own.
        per_class["H(T|S=output)"] = per_output
        weights = dict.fromkeys(per_class, true_support)
        weights["H(T|S=output)"] = scaled.sum(axis=0)
        means = {c: _means(v, weights[c]) for c, v in per_class.items()}
        rows = pd.DataFrame(means, index=list(AVERAGES))
        f1 = evaluate_measures(quantities, ["macro_f1"], replace_undefined_by=np.nan)
        rows.loc["macro avg", "f1"] = float(f1["macro_f1"])
        rows["true_support"] = rows["predicted_support"] = _supports([sums[2]])[0]
        table = pd.concat([table, rows]).rename_axis("class")
    note = relabelling_note(matrix, class_labels)
    if note is not None:
        table["note"] = [
            f"predictions look like class {_name(note.looks_like[row])}"
            if row in note.looks_like
            else ""
            for row in range(len(table))
        ]
    return table, note
