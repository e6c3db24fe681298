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
