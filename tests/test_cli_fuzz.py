"""CLI fuzz battery: malformed files give exactly one line on stderr,
no traceback and a non-zero exit -- or a report of exactly the numbers in the
file (the report of the same counts written plainly)."""

import json
import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from infometrics.cli import main
from infometrics.measures import MEASURES, compute_measures

NUMBERS = ["0", "1", "2", "5", "12", "3.0", "2.5", "1e3", "7e20"]
ODD_NUMBERS = ["-1", "nan", "inf", "1e400", "-0"]
TEXT = ["a", "b", "cat", "x y", "-", "n/a", "1,5"[:1] + "x"]
TOKENS = NUMBERS * 4 + ODD_NUMBERS + TEXT + [""]


def is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def expected_counts(grid):
    """The counts the documented rules read from a rectangular grid, or None."""
    grid = np.array(grid, dtype=object)
    grid = grid[(grid != "").any(axis=1)]
    if grid.size == 0:
        return None
    grid = grid[:, (grid != "").any(axis=0)]
    rows, columns = grid.shape
    header = names = None
    if rows > 1 and columns > 1 and grid[0, 0] == "":
        header, names = list(grid[0, 1:]), list(grid[1:, 0])
        grid = grid[1:, 1:]
    else:
        if rows > 1 and not any(is_number(c) for c in grid[0]):
            header = list(grid[0])
            grid = grid[1:]
        if grid.shape[1] > 1 and not any(is_number(c) for c in grid[:, 0]):
            names = list(grid[:, 0])
            header = None if header is None else header[1:]
            grid = grid[:, 1:]
    if not all(is_number(c) for c in grid.ravel()):
        return None
    if names is not None and len(set(names)) < len(names):
        # Two rows of one name: refused, as labels= with a class twice.
        return None
    if header is not None and names is not None:
        # Names on both sides: the columns are read by name.
        extra = [name for name in header if name not in names]
        if (
            len(set(header)) < len(header)
            or len(set(names)) < len(names)
            or not set(names) <= set(header)
            or len(extra) > 1
        ):
            return None
        grid = grid[:, [header.index(name) for name in names + extra]]
    counts = np.array([[float(c) for c in row] for row in grid])
    m, k = counts.shape
    if not np.isfinite(counts).all() or (counts < 0).any() or k not in (m, m + 1):
        return None
    return counts


def report_values(arguments, capsys):
    status = main(arguments)
    captured = capsys.readouterr()
    return status, captured


def values_of(stdout):
    return {row["measure"]: row["value"] for row in json.loads(stdout)}


@st.composite
def grids(draw):
    rows = draw(st.integers(1, 4))
    columns = draw(st.integers(1, 5))
    cells = draw(
        st.lists(
            st.lists(st.sampled_from(TOKENS), min_size=columns, max_size=columns),
            min_size=rows,
            max_size=rows,
        )
    )
    separator = draw(st.sampled_from([","] * 6 + [";"]))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    padding = draw(st.sampled_from(["", " "]))
    blank_line = draw(st.booleans())
    bom = draw(st.booleans())
    return cells, separator, newline, padding, blank_line, bom


@settings(max_examples=250, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=grids())
def test_a_file_is_reported_as_written_or_refused_in_one_line(case, tmp_path, capsys):
    cells, separator, newline, padding, blank_line, bom = case
    lines = [separator.join(padding + c + padding for c in row) for row in cells]
    if blank_line:
        lines.insert(1, "")
    text = ("\ufeff" if bom else "") + newline.join(lines) + newline
    path = tmp_path / "fuzz.csv"
    path.write_text(text, encoding="utf-8", newline="")
    status, captured = report_values(["report", str(path), "--format", "json"], capsys)
    assert "Traceback" not in captured.err
    expected = None
    if separator == "," or len(cells[0]) == 1:
        expected = expected_counts(cells)
    if expected is None or status != 0:
        # Refused: one line, the program's own, and a failure status. (A grid
        # whose counts have an empty row or column may still be refused by
        # the core's own rules, e.g. no true class at all.)
        assert status == 2, (text, captured.out[:200])
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1, captured.err
        # An input error names its file and speaks the command line's words.
        assert lines[0].startswith(f"infometrics: error: {path}: "), lines[0]
        assert "reject_label=" not in lines[0]
        assert "to_numpy" not in lines[0]
        assert expected is None or expected.sum() == 0 or "shape" in lines[0], (
            text,
            lines[0],
        )
        return
    # Accepted: exactly the report of the counts written plainly.
    plain = tmp_path / "plain.csv"
    plain.write_text(
        "\n".join(",".join(repr(float(v)) for v in row) for row in expected)
    )
    plain_status, plain_captured = report_values(
        ["report", str(plain), "--format", "json"], capsys
    )
    assert plain_status == 0, plain_captured.err
    assert values_of(captured.out) == values_of(plain_captured.out), text


SCRIPT_CASES = [",\n,\n", "a,6,10\n0,9,1\n"]


@pytest.mark.parametrize("text", SCRIPT_CASES)
def test_the_real_script_exits_2_with_one_line(text, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(text)
    result = subprocess.run(
        [sys.executable, "-m", "infometrics", "report", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("infometrics: error: ")


# --- tables of labels: read by the documented rules, or refused in one line ---

LABEL_TOKENS = ["a", "b", "NA", "None", "null", "", "nan", "-1", "1", "2", "2.0"]
LABEL_TOKENS += ["1.5", "=x", " a "]
REJECT_OPTIONS = ["-1", "nan", "none", "a", "NA", "2"]


def _number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    if not np.isfinite(value):
        return None
    return int(value) if value == int(value) else value


def expected_label_counts(y_true, y_pred, reject):
    """(matrix, classes) by the command line's documented rules, or None (refused).

    A slow reference, cell by cell: empty or nan is missing; ``none``, ``nan``
    or a label (same text, or the same number) marks the rejections; the
    classes are numbers when every class cell is one.
    """
    y_true = [cell.strip() for cell in y_true]
    y_pred = [cell.strip() for cell in y_pred]

    def missing(cell):
        return cell == "" or cell.lower() == "nan"

    def is_reject(cell):
        if reject == "none":
            return False
        if reject == "nan":
            return missing(cell)
        same_number = _number(cell) is not None and _number(cell) == _number(reject)
        return cell == reject or same_number

    if any(missing(cell) for cell in y_true):
        return None
    if reject not in ("none", "nan") and any(is_reject(cell) for cell in y_true):
        return None
    rejected = [is_reject(cell) for cell in y_pred]
    if any(missing(c) and not r for c, r in zip(y_pred, rejected, strict=True)):
        return None
    class_cells = y_true + [c for c, r in zip(y_pred, rejected, strict=True) if not r]
    if all(_number(cell) is not None for cell in class_cells):
        if any(isinstance(_number(cell), float) for cell in class_cells):
            return None
        key = _number
        never_matches = reject not in ("none", "nan") and _number(reject) is None
        if never_matches and not any(rejected):
            return None
    else:
        key = str
    classes = sorted({key(cell) for cell in class_cells})
    matrix = np.zeros((len(classes), len(classes) + (reject != "none")))
    for true, predicted, out in zip(y_true, y_pred, rejected, strict=True):
        column = len(classes) if out else classes.index(key(predicted))
        matrix[classes.index(key(true)), column] += 1
    return matrix, classes


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.tuples(st.sampled_from(LABEL_TOKENS), st.sampled_from(LABEL_TOKENS)),
        min_size=1,
        max_size=6,
    ),
    reject=st.sampled_from(REJECT_OPTIONS),
)
# The label 1 in the first row: the positive class of precision, recall and F1.
@example(rows=[("1", "2")], reject="-1")
def test_a_table_of_labels_is_read_by_the_rules_or_refused(
    rows, reject, tmp_path, capsys
):
    path = tmp_path / "labels.csv"
    lines = ["y_true,y_pred", *(f'"{t}","{p}"' for t, p in rows)]
    path.write_text("\n".join(lines) + "\n")
    expected = expected_label_counts([t for t, _ in rows], [p for _, p in rows], reject)
    arguments = ["report", str(path), "--kind", "labels", "--reject-label", reject]
    status, captured = report_values([*arguments, "--format", "json"], capsys)
    assert "Traceback" not in captured.err
    if expected is None:
        assert status == 2, (rows, reject)
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1, captured.err
        line = lines[0]
        assert line.startswith(f"infometrics: error: {path}: "), line
        for spelling in ("reject_label=", "np.", "labels=", "to_numpy"):
            assert spelling not in line
        return
    assert status == 0, captured.err
    matrix, expected_classes = expected
    matrix = np.asarray(matrix)
    # Every measure of the report is the expected matrix's.
    values = values_of(captured.out)
    names = [
        name
        for name, spec in MEASURES.items()
        if not (spec.binary_only and len(expected_classes) != 2)
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected_values = compute_measures(matrix, names, replace_undefined_by=np.nan)
        # Two classes: precision, recall and F1 are those of the label 1 when
        # it is a class (scikit-learn's default pos_label=1), else of the
        # second row; with the label 1 in the first row, those of the matrix
        # with the two classes swapped.
        ones = [row for row, label in enumerate(expected_classes) if label == 1]
        if len(expected_classes) == 2 and ones == [0]:
            swapped = matrix[[1, 0]][:, [1, 0, *range(2, matrix.shape[1])]]
            binary = [name for name in names if MEASURES[name].binary_only]
            expected_values.update(
                compute_measures(swapped, binary, replace_undefined_by=np.nan)
            )
    for name in names:
        got = np.nan if values[name] is None else float(values[name])
        np.testing.assert_allclose(got, expected_values[name], rtol=1e-12, err_msg=name)
    # The classes in order, with the matrix's row and column sums.
    status, captured = report_values(
        [*arguments, "--format", "json", "--per-class"], capsys
    )
    assert status == 0, captured.err
    m = len(expected_classes)
    rows = json.loads(captured.out)[:m]
    assert [str(row["class"]) for row in rows] == [str(c) for c in expected_classes]
    assert [row["true_support"] for row in rows] == matrix.sum(axis=1).tolist()
    assert [row["predicted_support"] for row in rows] == (
        matrix[:, :m].sum(axis=0).tolist()
    )
