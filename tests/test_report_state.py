"""The HTML report: no global state changed, text drawn literally, huge counts.

This module imports the private figure helpers, and must: that a figure
writes no rcParams, gives the same SVG bytes from eight threads whatever the
user's rc, and draws a name's text literally (its rendered extent equals the
literal text's) is checked on one figure drawn by the helpers every page and
Display uses; the pages themselves are checked through ``im.report``.
"""

import base64
import re
import warnings
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import numpy as np
import pytest

import infometrics as im

matplotlib = pytest.importorskip("matplotlib")

from infometrics._display.common import _legend_label as _legend_name  # noqa: E402
from infometrics._display.common import _literal  # noqa: E402
from infometrics._report.html_figures import (  # noqa: E402
    _svg_data_uri,
    pyplot_free_figure,
)

TRICKY = [
    "$^$",
    "$5 to $10",
    "a$b$c",
    r"\$x",
    "a_b^c {x} %d #1 & ~",
    "<b>bold</b> & 'single' \"double\"",
    "éß€ Ωμ",
    "x" * 300,
]


def _global_state():
    """Everything a call must leave as it found it."""
    import sklearn

    return (
        dict(matplotlib.rcParams),
        list(warnings.filters),
        np.geterr(),
        sklearn.get_config(),
    )


def _figure_svg(label):
    figure = pyplot_free_figure(2.0, 1.5)
    axes = figure.add_subplot()
    axes.plot([0, 1], [1, 0], marker="o", label=_literal(label))
    axes.set_title(_literal(label[:20]))
    axes.legend()
    # An image too (the confusion matrix is one): it must stay inside the SVG.
    figure.add_axes((0.7, 0.7, 0.2, 0.2)).imshow([[0.0, 1.0], [1.0, 0.5]])
    return _svg_data_uri(figure)


def test_svg_figures_write_no_rcparams(monkeypatch):
    written = []
    original = matplotlib.RcParams.__setitem__

    def record(self, key, value):
        written.append(key)
        original(self, key, value)

    monkeypatch.setattr(matplotlib.RcParams, "__setitem__", record)
    before = dict(matplotlib.rcParams)
    _figure_svg("$5 to $10")
    assert written == []
    assert dict(matplotlib.rcParams) == before


def test_svg_figures_are_the_same_bytes_from_8_threads_whatever_the_rc():
    # The user's own settings: text as SVG text, images in files, random ids.
    user = {"svg.fonttype": "none", "svg.image_inline": False, "svg.hashsalt": None}
    with matplotlib.rc_context(user):
        before = _global_state()
        reference = _figure_svg("$^$")
        with ThreadPoolExecutor(8) as pool:
            svgs = list(pool.map(_figure_svg, ["$^$"] * 16))
        assert _global_state() == before
    assert svgs == [reference] * 16
    text = base64.b64decode(reference.split(",", 1)[1]).decode()
    assert "<text" not in text  # drawn as paths, whatever svg.fonttype said
    assert "data:image/png;base64," in text  # the image inside, not in a file
    # Every reference points at an id the document defines.
    ids = set(re.findall(r'\bid="([^"]+)"', text))
    assert set(re.findall(r"url\(#([^)]+)\)", text)) <= ids
    assert set(re.findall(r'xlink:href="#([^"]+)"', text)) <= ids


def _page(index):
    """A page whose every name is tricky (mathtext, HTML, quotes, unicode)."""
    names = np.array(["$^$", "$5 to $10", TRICKY[5], TRICKY[6]])
    y_true = np.repeat(names, 2)
    y_pred = np.roll(y_true, 2)
    y_pred[::3] = y_true[::3]
    page = im.report.html_report(
        y_true,
        y_pred,
        reject_label=None,
        name='$5 to $10 <i>"it"</i>',
        title="$^$ <script>",
        random_state=0,  # the same bootstrap intervals on every page
    )
    # The page says when it was made; the minute may turn between calls.
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "", page)


def test_html_report_from_8_threads_keeps_global_state_and_gives_one_page():
    before = _global_state()
    with ThreadPoolExecutor(8) as pool:
        pages = list(pool.map(_page, range(8)))
    assert _global_state() == before
    assert pages == [pages[0]] * 8
    # Every name drawn (no mathtext error) and escaped in the HTML.
    page = pages[0]
    for tag in ("<script", "<i>", "<b>"):
        assert tag not in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page
    assert page.count("data:image/svg+xml") == 3


@pytest.mark.parametrize("label", TRICKY)
def test_labels_are_drawn_literally(label):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    figure = pyplot_free_figure(3.0, 2.0)
    renderer = FigureCanvasAgg(figure).get_renderer()
    escaped = Text(0, 0, _literal(label), figure=figure)
    literal = Text(0, 0, label, figure=figure, parse_math=False)
    assert escaped.get_window_extent(renderer).bounds == pytest.approx(
        literal.get_window_extent(renderer).bounds
    )


@pytest.mark.parametrize("name", ["_hidden", "$_x$", "__"])
def test_a_name_that_starts_with_an_underscore_stays_in_the_legend(name):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    figure = pyplot_free_figure(3.0, 2.0)
    axes = figure.add_subplot()
    axes.plot([0, 1], [0, 1], label=_legend_name(name))
    (entry,) = axes.legend().get_texts()
    renderer = FigureCanvasAgg(figure).get_renderer()
    literal = Text(0, 0, name, figure=figure, parse_math=False)
    assert entry.get_window_extent(renderer).width == pytest.approx(
        literal.get_window_extent(renderer).width
    )


def test_the_permuted_labels_note_survives_the_float_maximum():
    swapped = np.array([[0.0, 8, 0, 1], [9, 0, 0, 0], [0, 0, 7, 1]])
    # The counts sum to 1.6 times the float maximum.
    scale = np.finfo(float).max / 16
    for matrix in (swapped, swapped * scale):
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            with pytest.warns(
                im.exceptions.PermutedLabelsWarning, match="0 -> 1, 1 -> 0"
            ):
                page = im.report.html_report(confusion_matrix=matrix, figures=False)
            with pytest.warns(im.exceptions.PermutedLabelsWarning):
                table = im.report.per_class_report(confusion_matrix=matrix)
        assert "would raise the accuracy from 0.269 to 0.923" in page
        assert table["precision"].tolist()[:3] == pytest.approx([0, 0, 1])
        assert table["f1"].tolist()[:3] == pytest.approx([0, 0, 14 / 15])
    total = Decimal(np.finfo(float).max) / 16 * 26  # beyond the float maximum
    assert f"<dt>samples</dt><dd>{total:.4g}</dd>" in page
    assert table["true_support"].tolist()[:3] == [9 * scale, 9 * scale, 8 * scale]
