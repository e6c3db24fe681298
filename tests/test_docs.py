"""The documentation builds, warnings as errors, running the gallery examples."""

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_documentation_builds_without_warnings(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-W",
            "--keep-going",
            "-q",
            "-d",
            str(tmp_path / "doctrees"),
            str(DOCS),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    html = tmp_path / "html"
    for page in (
        "index.html",
        "user_guide.html",
        "api.html",
        "auto_examples/plot_tune_reject_option.html",
        "generated/infometrics.ni.html",
    ):
        assert (html / page).is_file(), page
    # The gallery figures come from running the examples.
    assert len(list((html / "_images").glob("sphx_glr_plot_*_001.png"))) == 3
