"""pandas reports: one tidy table per classifier, and classifiers side by side."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._from_labels.scores import counts_and_labels, with_label_parameters
from .._measures.chance import ADJUSTABLE, adjusted_of_counts
from .._measures.jackknife import jackknife_of_counts
from .._measures.quantities import MatrixQuantities
from .._measures.registry import MEASURES, check_measure, evaluate_measures
from .._measures.relabelling import PREDICTION_RELABELLING_INVARIANT
from .._measures.validation import positive_row, sample_counts_problem
from .._warnings import WARNINGS_FILTERS_LOCK, holding_warnings_lock
from .relabelling import relabelling_note, warn_permuted


@with_label_parameters
def information_report(
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    *,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    confusion_matrix: ArrayLike | None = None,
) -> pd.DataFrame:
    """Every measure of one classifier, in one tidy table.

    Parameters
    ----------
    {label_parameters}

    Returns
    -------
    report : pandas.DataFrame
        One row per measure, indexed by ``(family, measure)``, with columns
        ``value``, ``adjusted`` (:func:`~infometrics.measures.adjusted_measures`),
        ``jackknife_se`` (:func:`~infometrics.measures.jackknife_measures`),
        ``higher_is_better`` and ``description``; NaN where undefined. See the
        user guide, section "Reports".

    Warns
    -----
    PermutedLabelsWarning
        When the predicted classes look renamed (the table then has a ``note`` column).

    See Also
    --------
    compare : Several classifiers side by side.
    per_class_report : Precision, recall, F1 and conditional entropies per class.

    Examples
    --------
    >>> from infometrics.report import information_report
    >>> y_true = [0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
    >>> y_pred = [0, 0, 0, -1, 1, 1, 0, 2, 2, 2]
    >>> report = information_report(y_true, y_pred)
    >>> report.loc[("normalized information", "ni2"), "value"].round(3)
    np.float64(0.709)
    """
    matrix, class_labels = counts_and_labels(
        y_true,
        y_pred,
        confusion_matrix,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    report, note = measures_table(matrix, class_labels)
    warn_permuted(note)
    return report


def measure_columns(matrix, names, class_labels, *, quantities=None):
    """``value``, ``adjusted`` and ``jackknife_se`` of each measure, binary-only
    ones of the positive class (label 1 if a class, as scikit-learn, else row 1)."""
    matrix = np.asarray(matrix, dtype=float)
    if quantities is None:
        quantities = MatrixQuantities(matrix)
    binary = [name for name in names if MEASURES[name].binary_only]
    if binary and _positive_row(class_labels) == 0:
        # The registry reads the positive class from row 1: swap the classes.
        swapped = matrix[[1, 0]][:, [1, 0, *range(2, matrix.shape[1])]]
        others = [name for name in names if name not in binary]
        parts = [_measure_columns(swapped, MatrixQuantities(swapped), binary)]
        parts.append(_measure_columns(matrix, quantities, others))
        return pd.concat(parts).loc[list(names)]
    return _measure_columns(matrix, quantities, names)


def _positive_row(class_labels):
    try:
        return positive_row(1, class_labels)
    except ValueError:
        return 1


def _measure_columns(matrix, quantities, names):
    values = evaluate_measures(quantities, names, replace_undefined_by=np.nan)
    adjusted, errors = {}, {}
    # Both shuffle or delete samples: whole weights count as repeated samples
    # (scikit-learn's convention); none for fractional weights or beyond 2**53.
    if names and sample_counts_problem(matrix) is None:
        adjustable = [name for name in names if name in ADJUSTABLE]
        if adjustable:
            adjusted = adjusted_of_counts(matrix, adjustable, np.nan, quantities)
        estimates = jackknife_of_counts(matrix, names, np.nan)
        errors = {name: estimate.standard_error for name, estimate in estimates.items()}
    columns = {"value": values, "adjusted": adjusted, "jackknife_se": errors}
    frame = pd.DataFrame({k: pd.Series(v, dtype=float) for k, v in columns.items()})
    return frame.reindex(names).rename_axis("measure")


@holding_warnings_lock
def measures_table(matrix, class_labels, *, quantities=None):
    """The table of :func:`information_report` and its relabelling note."""
    m = matrix.shape[0]
    names = [name for name, spec in MEASURES.items() if m == 2 or not spec.binary_only]
    report = measure_columns(matrix, names, class_labels, quantities=quantities)
    specs = [MEASURES[name] for name in names]
    report["higher_is_better"] = [spec.higher_is_better for spec in specs]
    report["description"] = [spec.description for spec in specs]
    families = pd.Index([spec.family for spec in specs], name="family")
    report = report.set_index(families, append=True).swaplevel()
    note = relabelling_note(matrix, class_labels)
    if note is not None:
        report["note"] = [
            f"unchanged if relabelled {note.renaming}"
            if name in PREDICTION_RELABELLING_INVARIANT
            else ""
            for name in names
        ]
    return report, note


_DEFAULT_COMPARED = (
    *(f"ni{k}" for k in range(1, 25)),
    *("info_completeness", "false_info_ratio", "info_error"),
    *("triangle_dh", "triangle_mi", "triangle_vi"),
    *("correct_rate", "error_rate", "reject_rate", "accepted_accuracy"),
)


def compare(
    classifiers: dict,
    *,
    measures=None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    ranks: bool = True,
) -> pd.DataFrame:
    """Several classifiers side by side, with ranks (1 = best).

    Parameters
    ----------
    classifiers : dict
        ``{name: (y_true, y_pred)}`` or ``{name: confusion matrix}``, mixed at will.
    measures : sequence of str, default=None
        Registry names; by default the 24 NIs, information coverage, the
        triangle and the Hu & Wang rates.
    labels : array-like, default=None
        Class order for label pairs and for bare matrices of that many rows.
    reject_label : scalar or None, default=-1
        As in :func:`information_report`.
    ranks : bool, default=True
        Add a ``rank_<measure>`` column per measure (``<NA>`` if undefined).

    Returns
    -------
    table : pandas.DataFrame
        One row per classifier, with columns ``<measure>``, ``<measure>
        adjusted``, ``<measure> jackknife_se``, the ranks, and a ``note``
        column when some classifier's predicted classes look renamed (which
        warns as :func:`information_report`).

    Examples
    --------
    >>> from infometrics.report import compare
    >>> table = compare(
    ...     {"M1": [[90, 0, 0], [1, 9, 0]], "M2": [[89, 1, 0], [0, 10, 0]],
    ...      "M3": [[90, 0, 0], [0, 9, 1]], "M4": [[89, 0, 1], [0, 10, 0]]},
    ...     measures=["ni2"],
    ... )
    >>> table["rank_ni2"].tolist()  # Hu, He & Yuan: M4 best, M1 worst
    [4, 3, 2, 1]
    """
    if not isinstance(classifiers, dict) or not classifiers:
        raise ValueError(
            "classifiers must be a non-empty dict {name: matrix or (y_true, y_pred)}."
        )
    if measures is None:
        measures = _DEFAULT_COMPARED
    names = [check_measure(name).name for name in measures]
    with WARNINGS_FILTERS_LOCK:
        rows, notes = {}, {}
        for name, entry in classifiers.items():
            pair = isinstance(entry, tuple)
            if pair and len(entry) != 2:
                raise ValueError(
                    f"classifiers[{name!r}] must be a matrix or a (y_true, y_pred) "
                    f"pair; got a tuple of {len(entry)}."
                )
            # Bare rows take ``labels`` that fit; named rows keep their names.
            named = hasattr(entry, "columns") or hasattr(entry, "labels")
            fits = (
                not (pair or named) and labels is not None and len(entry) == len(labels)
            )
            try:
                matrix, class_labels = counts_and_labels(
                    *(entry if pair else (None, None)),
                    None if pair else entry,
                    labels=labels if pair or fits else None,
                    reject_label=reject_label,
                    sample_weight=None,
                )
            except ValueError as exc:
                if "not a stack" not in str(exc):
                    raise
                raise ValueError(
                    f"classifiers[{name!r}] is a stack of matrices; compare takes "
                    "one confusion matrix per classifier."
                ) from None
            columns = measure_columns(matrix, names, class_labels)
            rows[name] = {
                measure if column == "value" else f"{measure} {column}": value
                for column in columns
                for measure, value in columns[column].items()
            }
            note = relabelling_note(matrix, class_labels)
            warn_permuted(note, name)
            # Accuracy first: notebooks cut long cells.
            notes[name] = (
                ""
                if note is None
                else f"accuracy {note.correct_rate:.3f} -> "
                f"{note.relabelled_correct_rate:.3f} if relabelled {note.renaming}"
            )
        table = pd.DataFrame.from_dict(rows, orient="index").rename_axis("classifier")
        for measure in names if ranks else ():
            rank = table[measure].rank(
                ascending=not MEASURES[measure].higher_is_better, method="min"
            )
            table[f"rank_{measure}"] = rank.astype("Int64")
        if any(notes.values()):
            table["note"] = pd.Series(notes)
        return table
