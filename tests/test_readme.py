"""The README's Python examples run, print what they show, and warn nothing.

Each ```python block is a doctest run in a fresh namespace (every example is
self-contained); the suite's ``filterwarnings = error`` turns any warning an
example emits into a failure.
"""

import doctest
import re
from pathlib import Path

import matplotlib.pyplot as plt
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
