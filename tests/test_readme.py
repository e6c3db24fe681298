"""The README's Python examples run, print what they show, and warn nothing.

Each ```python block is a doctest run in a fresh namespace (every example is
self-contained); the suite's ``filterwarnings = error`` turns any warning an
example emits into a failure.
"""

import doctest
import re
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _python_blocks():
    text = README.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 2, match.group(1))
        for match in _PYTHON_BLOCK.finditer(text)
    ]


def test_readme_has_python_examples():
    assert len(_python_blocks()) >= 3


def test_every_readme_python_block_is_a_doctest():
    # A block without prompts would be shown to readers but never run here.
    for line, block in _python_blocks():
        assert block.lstrip().startswith(">>> "), f"README.md line {line}"


@pytest.mark.parametrize(
    ("line", "block"),
    _python_blocks(),
    ids=[f"line{line}" for line, _ in _python_blocks()],
)
def test_readme_example(line, block, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, f"README.md:{line}", str(README), line - 1)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    output = []
    try:
        runner.run(test, out=output.append)
    finally:
        plt.close("all")
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "".join(output)


_BASH_BLOCK = re.compile(r"^```bash\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _command_lines():
    """The README's ``infometrics report`` and ``plot`` commands, as shown."""
    text = README.read_text(encoding="utf-8")
    return [
        line.split("  #")[0].strip()
        for block in _BASH_BLOCK.findall(text)
        for line in block.splitlines()
        if line.startswith(("infometrics report", "infometrics plot"))
    ]


def test_readme_command_examples_are_real_commands():
    lines = _command_lines()
    assert len(lines) >= 6
    # One command per format, not a shell pipe of alternatives.
    assert not any("|" in line for line in lines)
    shown = " ".join(lines)
    for option in ("--format csv", "--format json", "--format html", "--per-class"):
        assert option in shown


@pytest.mark.parametrize("line", _command_lines())
def test_readme_command_runs_on_the_shipped_files(line, tmp_path, capsys):
    import shlex

    from infometrics.cli import main

    words = shlex.split(line)[1:]  # without the program's name
    redirect = None
    if ">" in words:
        redirect = words[words.index(">") + 1]
        words = words[: words.index(">")]
    if "--output" in words:
        words[words.index("--output") + 1] = str(tmp_path / "figures")
    # The README runs them from the repository's root.
    root = README.parent
    words = [str(root / word) if word.startswith("docs/") else word for word in words]
    if "predictions.parquet" in words:
        # Written by the README's "At scale" example just above the command.
        pytest.importorskip("duckdb")
        rng = np.random.default_rng(0)
        label = rng.integers(0, 3, 1000)
        parquet = tmp_path / "predictions.parquet"
        pd.DataFrame(
            {
                "label": label,
                "prediction": np.where(
                    rng.random(1000) < 0.8, label, rng.integers(-1, 3, 1000)
                ),
            }
        ).to_parquet(parquet)
        words = [str(parquet) if w == "predictions.parquet" else w for w in words]
    try:
        assert main(words) == 0, capsys.readouterr().err
    finally:
        plt.close("all")
    out = capsys.readouterr().out
    if redirect is not None:
        assert out.startswith("<!DOCTYPE html>")
    elif "--output" in words:
        assert sorted(path.suffix for path in (tmp_path / "figures").iterdir())
    else:
        assert "ni2" in out or "precision" in out
