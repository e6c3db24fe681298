"""CLI fuzz battery (issue 8): malformed files give exactly one line on stderr,
no traceback and a non-zero exit -- or a report of exactly the numbers in the
file (the report of the same counts written plainly)."""

import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from infometrics._cli.main import main

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
    if rows > 1 and columns > 1 and grid[0, 0] == "":
        grid = grid[1:, 1:]
    else:
        if rows > 1 and not any(is_number(c) for c in grid[0]):
            grid = grid[1:]
        if grid.shape[1] > 1 and not any(is_number(c) for c in grid[:, 0]):
            grid = grid[:, 1:]
    if not all(is_number(c) for c in grid.ravel()):
        return None
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
        assert lines[0].startswith("infometrics: error: ")
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
