"""The documentation builds, warnings as errors, running the gallery examples."""

import doctest
import re
import subprocess
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
# Pages whose ">>>" examples are shown to readers as runnable code.
DOCTESTED_PAGES = ["quickstart.rst", "user_guide.rst"]


@pytest.mark.parametrize("page", DOCTESTED_PAGES)
def test_page_examples_run_as_shown(page):
    # Failures are printed (pytest shows them with the failing assertion).
    try:
        result = doctest.testfile(
            str(DOCS / page),
            module_relative=False,
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        )
    finally:
        plt.close("all")
    assert result.attempted > 0
    assert result.failed == 0


def test_quickstart_has_examples():
    text = (DOCS / "quickstart.rst").read_text(encoding="utf-8")
    assert text.count(">>> ") >= 20
    for needed in ('scoring="ni2"', "RejectOptionClassifierCV", "html_report"):
        assert needed in text


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
        "which_measure.html",
        "quickstart.html",
        "choosing.html",
        "command_line.html",
    ):
        assert (html / page).is_file(), page
    # The "Which measure?" page holds the audit the build ran, as tables of
    # text, every failed cell linking to its witness on the page.
    which = (html / "which_measure.html").read_text(encoding="utf-8")
    assert "fails: holds in" in which
    assert 'href="#meta-witness-ni1-feature-2"' in which
    assert 'id="meta-witness-ni1-feature-2"' in which
    links = set(re.findall(r'href="#(meta-witness-[\w-]+)"', which))
    assert links == set(re.findall(r'id="(meta-witness-[\w-]+)"', which))
    assert "matthews_corrcoef" in which
    # The gallery figures come from running the examples.
    examples = list((DOCS / "examples").glob("plot_*.py"))
    assert len(list((html / "_images").glob("sphx_glr_plot_*_001.png"))) == len(
        examples
    )
    # Signatures name array arguments ArrayLike, not numpy's private protocols.
    api_pages = sorted((html / "generated").glob("*.html"))
    assert api_pages
    for page in api_pages:
        text = page.read_text(encoding="utf-8")
        assert "_SupportsArray" not in text, page.name
        assert "_NestedSequence" not in text, page.name
    # The command-line page holds the parser's own help of every command.
    command_line = (html / "command_line.html").read_text(encoding="utf-8")
    for command in ("report", "plot", "demo", "audit"):
        assert f"usage: infometrics {command}" in command_line, command
    # The reject default's evidence is on the user-guide page.
    assert "reject-default-evidence" in (html / "user_guide.html").read_text(
        encoding="utf-8"
    )
    ni_score_page = (html / "generated/infometrics.ni_score.html").read_text()
    assert "ArrayLike" in ni_score_page
