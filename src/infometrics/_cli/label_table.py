"""A CSV of labels by the command line's rules: every cell a class, a rejection or
an error that names the file and the row."""

import sys

import numpy as np
import pandas as pd

from .errors import UsageError


def _is_missing(text):
    return text == "" or text.lower() == "nan"


def _number(text):
    """The number ``text`` spells (an int when whole, exactly), or None."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    if not np.isfinite(value):
        return None  # inf is a word
    return int(value) if value == round(value) else value


def _column(cells, path, name):
    """The cells below the header of the column ``name`` (it exists)."""
    header = cells[0].tolist()
    if header.count(name) > 1:
        raise UsageError(
            f"{path}: the header has {header.count(name)} columns {name!r} "
            f"(columns: {', '.join(header)})"
        )
    return cells[1:, header.index(name)]


def _row_error(path, mask, message):
    """Refuse the first True of ``mask``, named by its file row (header = 1)."""
    if mask.any():
        row = int(np.flatnonzero(mask)[0]) + 2
        raise UsageError(f"{path}: row {row}: {message}")


def _matches(cells, reject_text):
    """Which cells are the reject label: same text, or the same number."""
    number = _number(reject_text)
    return np.array(
        [
            cell == reject_text or (number is not None and _number(cell) == number)
            for cell in cells.tolist()
        ],
        dtype=bool,
    )


def read_label_columns(cells, path, true_column, pred_column, reject_text):
    """``(sorted classes (object array), true codes, predicted codes)`` of the text
    cells (header first); a code is a position in the classes, -1 a rejection."""
    y_true = _column(cells, path, true_column)
    y_pred = _column(cells, path, pred_column)
    if y_true.size == 0:
        raise UsageError(f"{path}: the table has no rows of labels")
    pred_missing = np.array([_is_missing(cell) for cell in y_pred], dtype=bool)
    _row_error(
        path,
        np.array([_is_missing(cell) for cell in y_true], dtype=bool),
        f"column {true_column} is empty (or nan); every sample needs its true class",
    )
    spelled = reject_text.strip()
    if spelled.lower() in ("none", "nan"):
        rejected = pred_missing & (spelled.lower() == "nan")
    else:
        rejected = _matches(y_pred, spelled)
        _row_error(
            path,
            _matches(y_true, spelled),
            f"column {true_column} holds the reject label {spelled!r}; a true class "
            "cannot be rejected. Give the label that marks a rejection with "
            "--reject-label, or --reject-label none if the classifier cannot reject",
        )
    _row_error(
        path,
        pred_missing & ~rejected,
        f"column {pred_column} is empty (or nan); every sample needs a prediction. "
        "If an empty prediction means the classifier abstained, add "
        "--reject-label nan",
    )
    cells = set(y_true.tolist()) | set(y_pred[~rejected].tolist())
    value = {cell: _number(cell) for cell in cells}
    if all(number is not None for number in value.values()):
        # _number gives an int for every whole number: a float has a fraction.
        fractions = [cell for cell, number in value.items() if type(number) is float]
        if fractions:
            raise UsageError(
                f"{path}: {min(fractions)!r} is not a class label (a number with "
                "a fraction); the columns must hold predicted classes, not "
                "scores or probabilities"
            )
        special = spelled.lower() in ("none", "nan")
        if _number(spelled) is None and not special and not rejected.any():
            raise UsageError(
                f"{path}: --reject-label {spelled!r} is not a number but the labels "
                "are numbers, so it can never match a prediction; give the number "
                "that marks a rejection (e.g. --reject-label -1), or --reject-label "
                "none"
            )
    else:
        # Text classes: every cell is its own name (01 and 1 are two classes).
        value = {cell: cell for cell in cells}
        # Only a prediction that is never a true class suggests a reject
        # marker spelled another way.
        never_true = sorted(set(y_pred.tolist()) - set(y_true.tolist()))
        if spelled == "-1" and not rejected.any() and never_true:
            print(
                f"infometrics: warning: {path}: no prediction is -1 (the default "
                f"--reject-label), and {never_true[0]!r} is predicted but never "
                "true; if it marks a rejection, give it with --reject-label (or "
                "--reject-label none if the classifier cannot reject)",
                file=sys.stderr,
            )
    # Object arrays keep big integers exact.
    cells = np.array([value[cell] for cell in [*y_true, *y_pred[~rejected]]], object)
    classes, codes = np.unique(cells, return_inverse=True)
    pred_codes = np.full(len(y_pred), -1)
    pred_codes[~rejected] = codes[len(y_true) :]
    return classes, codes[: len(y_true)], pred_codes


def numeric_column(cells, path, column):
    """A column of numbers (weights or confidences), or a clear error."""
    cells = _column(cells, path, column)
    values = pd.to_numeric(pd.Series(cells), errors="coerce").to_numpy(float)
    bad = np.isnan(values) & np.array([cell.lower() != "nan" for cell in cells])
    first = cells[bad][0] if bad.any() else None
    _row_error(path, bad, f"column {column} is {first!r}, not a number")
    return values
