"""The HTML report: no global state changed, text drawn literally, huge counts.

Figures are read from the page (its SVG documents) and from a Display's
legend: no rcParams written, the same bytes from several threads whatever
the user's rc, names drawn as their literal text.
"""

import base64
import re
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import numpy as np
import pytest

import infometrics as im

matplotlib = pytest.importorskip("matplotlib")
plt = pytest.importorskip("matplotlib.pyplot")


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


def _page_svgs(name, *, y_pred_shift=1):
    """The SVG documents of a small page's figures, its classifier named ``name``."""
    y_true = np.repeat([0, 1, 2], 4)
    y_pred = np.roll(y_true, y_pred_shift)
    y_pred[::5] = -1
    page = im.report.html_report(
        y_true, y_pred, name=name, n_resamples=0, random_state=0
    )
    uris = re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", page)
    assert uris
    return [base64.b64decode(uri).decode() for uri in uris]


def test_svg_figures_write_no_rcparams(monkeypatch):
    written = []
    original = matplotlib.RcParams.__setitem__

    def record(self, key, value):
        written.append(key)
        original(self, key, value)

    monkeypatch.setattr(matplotlib.RcParams, "__setitem__", record)
    before = dict(matplotlib.rcParams)
    _page_svgs("$5 to $10")
    assert written == []
    assert dict(matplotlib.rcParams) == before


def test_svg_figures_are_the_same_bytes_from_threads_whatever_the_rc():
    # The user's own settings: text as SVG text, images in files, random ids.
    user = {"svg.fonttype": "none", "svg.image_inline": False, "svg.hashsalt": None}
    with matplotlib.rc_context(user):
        before = _global_state()
        reference = _page_svgs("$^$")
        with ThreadPoolExecutor(4) as pool:
            svgs = list(pool.map(_page_svgs, ["$^$"] * 4))
        assert _global_state() == before
    assert svgs == [reference] * 4
    for text in reference:
        assert "<text" not in text  # drawn as paths, whatever svg.fonttype said
        # Every reference points at an id the document defines.
        ids = set(re.findall(r'\bid="([^"]+)"', text))
        assert set(re.findall(r"url\(#([^)]+)\)", text)) <= ids
        assert set(re.findall(r'xlink:href="#([^"]+)"', text)) <= ids
    # The confusion matrix is an image: inside the SVG, not in a file.
    assert any("data:image/png;base64," in text for text in reference)


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


def _legend_entry_and_literal(name):
    """A Display's legend entry for ``name`` and the literal text's artist."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        {name: [[5, 1, 1], [2, 6, 0]]}
    )
    figure = display.figure_
    renderer = FigureCanvasAgg(figure).get_renderer()
    (entry,) = [
        text
        for text in display.ax_.get_legend().get_texts()
        if "marginal" not in text.get_text()
    ]
    # Long names are wrapped at spaces: the literal text wrapped the same way.
    words, lines = name.split(" "), []
    for line in entry.get_text().split("\n"):
        lines.append(" ".join(words[: len(line.split(" "))]))
        words = words[len(line.split(" ")) :]
    assert not words
    literal = Text(
        0,
        0,
        "\n".join(lines),
        figure=figure,
        parse_math=False,
        fontproperties=entry.get_fontproperties(),
    )
    extents = [artist.get_window_extent(renderer).width for artist in (entry, literal)]
    plt.close(figure)
    return extents


@pytest.mark.parametrize("label", TRICKY)
def test_labels_are_drawn_literally(label):
    drawn, literal = _legend_entry_and_literal(label)
    assert drawn == pytest.approx(literal)


@pytest.mark.parametrize("name", ["_hidden", "$_x$", "__"])
def test_a_name_that_starts_with_an_underscore_stays_in_the_legend(name):
    drawn, literal = _legend_entry_and_literal(name)
    assert drawn == pytest.approx(literal)


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


def test_reports_built_in_threads_leave_the_warnings_filters_alone():
    # pandas (2.2) wraps a new column in catch_warnings, which is not
    # thread-safe before Python 3.14: reports built at once could leave its
    # "ignore" filter behind (this failed in every run before the reports
    # held the package's warnings lock).
    matrices = {"A": [[5, 1, 1], [1, 5, 1]], "B": [[4, 2, 1], [2, 4, 1]]}
    im.report.compare(matrices)
    before = list(warnings.filters)
    for _ in range(8):
        start = threading.Barrier(8)

        def build(start=start):
            start.wait()
            for _ in range(3):
                im.report.compare(matrices)

        threads = [threading.Thread(target=build) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert warnings.filters == before
