"""Invariant 10: text is data.

Hostile labels and names (mathtext, dollar amounts, HTML, quotes, long and
unicode text, spreadsheet formulas) are drawn literally in figures, escaped
in HTML, and neutralised in CSV output.
"""

import contextlib
import csv
import html
import io
import re

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pytest

import infometrics as im
from infometrics.cli import main as cli_main

from .cases import make_case
from .checks import battery_params
from .registry import run_cli, run_cli_plot

pytestmark = [
    pytest.mark.filterwarnings(
        "ignore::infometrics.exceptions.UndefinedMeasureWarning"
    ),
    # The machine's default font (DejaVu Sans) has no CJK glyphs: matplotlib
    # draws the text literally with placeholder boxes and warns. That is the
    # font installed, not the package, and the invariant is about mathtext.
    pytest.mark.filterwarnings("ignore:Glyph .* missing from (current )?font"),
]

HOSTILE = [
    "$^$",
    "$5 to $10",
    "<script>alert(1)</script>",
    'say "hi" & it\'s',
    "long " + "x" * 60,
    "naïve ☃ 中文 ünïcödé",
    "=1+2",
    "+cmd",
    "-2+3",
    "@SUM(A1)",
]
NAME = "$^$ costs $5 to $10 <b>bold</b> \"q\" 'q' naïve ☃"
REJECT = "rejected"


def _hostile_case():
    """The canonical case with the 10 hostile strings as its classes."""
    case = make_case(seed=4, n_samples=60)
    rng = np.random.default_rng(4)
    codes_true = rng.integers(0, len(HOSTILE), 60)
    codes_pred = np.where(rng.random(60) < 0.6, codes_true, rng.integers(0, 10, 60))
    labels = np.array(HOSTILE, dtype=object)
    y_pred = labels[codes_pred].copy()
    y_pred[case.confidence < 0.6] = REJECT
    return case.replace(
        y_true=labels[codes_true],
        y_pred=y_pred,
        y_pred_full=labels[codes_pred],
        reject_label=REJECT,
        classes=labels,
    )


def shown(text):
    """The string a Text artist draws, or None when it is parsed as mathtext."""
    string = text.get_text()
    if not text.get_parse_math() or not mpl.rcParams["text.parse_math"]:
        return string
    dollars = re.findall(r"(?<!\\)\$", string)
    if len(dollars) >= 2 and len(dollars) % 2 == 0:
        return None
    return string.replace(r"\$", "$")


def _drawn_strings(figure):
    figure.canvas.draw()  # mathtext errors surface here
    return [shown(t) for t in figure.findobj(mpl.text.Text)]


def _confusion(case):
    return im.plotting.AugmentedConfusionMatrixDisplay.from_predictions(
        case.y_true, case.y_pred, reject_label=REJECT
    ), HOSTILE


def _triangle(case):
    return im.plotting.EntropyTriangleDisplay.from_predictions(
        case.y_true, case.y_pred, reject_label=REJECT, name=NAME
    ), [NAME]


def _coverage(case):
    return im.plotting.InformationCoverageDisplay.from_predictions(
        case.y_true, case.y_pred, reject_label=REJECT, name=NAME
    ), [NAME]


def _reject_curve(case):
    return im.plotting.RejectCurveDisplay.from_predictions(
        case.y_true,
        np.eye(10)[np.searchsorted(np.sort(HOSTILE), case.y_pred_full)],
        labels=np.sort(np.array(HOSTILE, dtype=object)),
        name=NAME,
    ), [NAME]


def _risk_coverage(case):
    # confidence is keyword-only in RiskCoverageDisplay.from_predictions.
    return im.plotting.RiskCoverageDisplay.from_predictions(
        case.y_true, case.y_pred_full, confidence=case.confidence, name=NAME
    ), [NAME]


DISPLAYS = {
    "AugmentedConfusionMatrixDisplay": _confusion,
    "EntropyTriangleDisplay": _triangle,
    "InformationCoverageDisplay": _coverage,
    "RejectCurveDisplay": _reject_curve,
    "RiskCoverageDisplay": _risk_coverage,
}


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("10-text", list(DISPLAYS), ["figure"])
)
def test_figures_draw_hostile_text_literally(name, variant):
    display, expected = DISPLAYS[name](_hostile_case())
    try:
        strings = _drawn_strings(display.figure_)
    finally:
        plt.close(display.figure_)
    # The Displays draw a name inside a longer text ("Reject curve: NAME",
    # "NAME (AURC = ...)") and wrap a long legend entry over lines: what the
    # invariant asks is that it is drawn literally somewhere, not alone.
    drawn = [" ".join(string.split()) for string in strings if string]
    for text in expected:
        wanted = " ".join(text.split())
        assert any(wanted in string for string in drawn), (
            f"{text!r} not drawn literally"
        )


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("10-text", ["html_report[figures]"], ["html"])
)
def test_html_escapes_hostile_text(name, variant):
    case = _hostile_case()
    page = im.report.html_report(
        case.y_true,
        case.y_pred_full,
        confidence=case.confidence,
        threshold=0.6,
        reject_label=REJECT,
        name=NAME,
        title=NAME,
    )
    assert "<script>" not in page
    assert "<b>bold</b>" not in page
    for text in [*HOSTILE, NAME]:
        assert html.escape(text) in page, text


FORMULA_START = ("=", "+", "-", "@")


def _is_number(cell):
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(
    ("name", "variant"),
    battery_params("10-text", ["cli report csv"], ["per-class csv"]),
)
def test_csv_output_neutralises_formulas(name, variant):
    text = run_cli(_hostile_case(), "--format", "csv", "--per-class")
    rows = list(csv.reader(io.StringIO(text)))
    cells = [cell for row in rows for cell in row]
    # Every hostile class is in the table, none of them able to run.
    for label in HOSTILE:
        assert any(label in cell for cell in cells), label
    dangerous = [c for c in cells if c.startswith(FORMULA_START) and not _is_number(c)]
    assert not dangerous, dangerous


BAD_INPUTS = {
    "missing prediction": "y_true,y_pred\na,a\nb,\nc,c\n",
    "reject label in y_true": "y_true,y_pred\n1,1\n2,-1\n-1,2\n",
    "continuous prediction": "y_true,y_pred\n1,1\n2,1.5\n",
}
# Python spellings a command-line user cannot type.
PYTHON_ADVICE = ("reject_label=", "np.nan", "np.float64", "estimator.predict")


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("10-text", ["cli report csv"], list(BAD_INPUTS))
)
def test_cli_errors_name_the_file_and_speak_command_line(name, variant, tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text(BAD_INPUTS[variant])
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli_main(["report", str(path), "--kind", "labels"])
    message = err.getvalue()
    assert status == 2
    assert message.startswith(f"infometrics: error: {path}"), message
    assert not any(advice in message for advice in PYTHON_ADVICE), message


@pytest.mark.parametrize(
    ("name", "variant"), battery_params("10-text", ["cli plot"], ["hostile name"])
)
def test_cli_plot_draws_a_hostile_name(name, variant):
    # The legend entry is drawn into the PNG: it must not be parsed as mathtext.
    written = run_cli_plot(make_case(seed=0), name=NAME)
    assert written == ["entropy_triangle.png", "information_coverage.png"]
