"""The license the package declares is the one it ships."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_license_file_matches_the_declared_license():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert declared["license"] == "BSD-3-Clause"
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("BSD 3-Clause License\n")
    assert "Copyright (c) 2026, the infometrics developers" in text
    assert "Neither the name of the copyright holder" in text  # clause 3


def test_the_package_works_with_docstrings_stripped():
    # python -OO sets every docstring to None; the docstrings that share their
    # parameter text must not break the import.
    import subprocess
    import sys

    code = (
        "import infometrics as im; "
        "print(im.ni_score([0, 1, 1, 0], [0, 1, -1, 0]), im.ni_score.__doc__)"
    )
    result = subprocess.run(
        [sys.executable, "-OO", "-c", code], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0.75", "None"]
