"""The HTML report: parsed with the standard library, tables and figures checked."""

import base64
import builtins
import html
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.cli import main

SVG_PREFIX = "data:image/svg+xml;base64,"


class _Page(HTMLParser):
    """Tables as lists of rows of cell texts, images, and every URL-like value."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables = []  # (class, rows); a row is a list of cell texts
        self.images = []  # attribute dicts
        self.urls = []  # every href / src / action / srcset value
        self.tags = []
        self.title = None
        self.headings = []
        self._cell = None
        self._in = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append(tag)
        for key in ("href", "src", "action", "srcset", "xlink:href", "poster"):
            if key in attributes:
                self.urls.append(attributes[key])
        if tag == "table":
            self.tables.append((attributes.get("class", ""), []))
        elif tag == "tr":
            self.tables[-1][1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "img":
            self.images.append(attributes)
        elif tag in ("title", "h1", "h2"):
            self._in = tag
            self._text = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][1][-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == self._in:
            text = "".join(self._text).strip()
            if tag == "title":
                self.title = text
            else:
                self.headings.append(text)
            self._in = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._in is not None:
            self._text.append(data)

    def table(self, css_class):
        (rows,) = [rows for name, rows in self.tables if name == css_class]
        return rows


def _parse(page):
    parser = _Page()
    parser.feed(page)
    parser.close()
    return parser


def _svg(image):
    assert image["src"].startswith(SVG_PREFIX)
    return base64.b64decode(image["src"][len(SVG_PREFIX) :])


def _labels(seed=0, n=200):
    rng = np.random.default_rng(seed)
    names = np.array(["cat", "dog", "bird"])
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.random(n) < 0.75, y_true, rng.integers(0, 3, n))
    y_pred = np.where(rng.random(n) < 0.1, -1, y_pred)
    return names[y_true], np.where(y_pred < 0, "?", names[y_pred.clip(0)])


@pytest.fixture(scope="module")
def labels_page():
    y_true, y_pred = _labels()
    return html_page_and_inputs(y_true, y_pred)


def html_page_and_inputs(y_true, y_pred):
    page = im.report.html_report(y_true, y_pred, reject_label="?", name="model A")
    return page, y_true, y_pred


def test_page_is_one_html_document_with_a_title(labels_page):
    page, _, _ = labels_page
    parsed = _parse(page)
    assert page.startswith("<!DOCTYPE html>")
    assert parsed.title == "Classifier report"
    assert parsed.headings[0] == "Classifier report"
    assert 'charset="utf-8"' in page


def test_measures_table_lists_every_measure_with_value_and_direction(labels_page):
    page, y_true, y_pred = labels_page
    rows = _parse(page).table("measures")
    expected = im.report.information_report(
        confusion_matrix=im.augmented_confusion_matrix(y_true, y_pred, reject_label="?")
    )
    measure_rows = {row[0]: row for row in rows if len(row) >= 4}
    head = measure_rows.pop("measure")
    assert head[:5] == ["measure", "value", "adjusted", "jackknife_se", "better"]
    better, description = head.index("better"), head.index("description")
    assert len(measure_rows) == len(expected)
    families = [row[0] for row in rows if len(row) == 1]
    assert families == list(dict.fromkeys(expected.index.get_level_values("family")))
    for (_, name), row in expected.iterrows():
        cells = measure_rows[name]
        if np.isnan(row["value"]):
            assert cells[1] == "–"
        else:
            assert float(cells[1]) == pytest.approx(row["value"], abs=5e-5)
        assert cells[better] == ("↑ higher" if row["higher_is_better"] else "↓ lower")
        assert cells[description] == row["description"]


def test_per_class_and_counts_tables_match_the_matrix(labels_page):
    page, y_true, y_pred = labels_page
    parsed = _parse(page)
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label="?")
    counts = parsed.table("matrix")
    assert counts[0] == ["true \\ predicted", "bird", "cat", "dog", "rejected"]
    assert [row[0] for row in counts[1:]] == ["bird", "cat", "dog"]
    assert np.array_equal([[int(v) for v in row[1:]] for row in counts[1:]], matrix)
    per_class = parsed.table("per-class")
    expected = im.report.per_class_report(
        confusion_matrix=matrix, labels=["bird", "cat", "dog"]
    )
    assert per_class[0] == ["class", *expected.columns]
    assert [row[0] for row in per_class[1:]] == [str(v) for v in expected.index]
    support = per_class[0].index("true_support")
    assert [row[support] for row in per_class[1:]] == [
        str(v) for v in expected["true_support"]
    ]  # integer counts show as integers
    for row, (_, values) in zip(per_class[1:], expected.iterrows(), strict=True):
        for cell, value in zip(row[1:], values, strict=True):
            if isinstance(value, str):
                assert cell == value
            elif np.isnan(value):
                assert cell == "–"
            else:
                assert float(cell) == pytest.approx(value, abs=5e-5)


def test_figures_are_embedded_svg_documents(labels_page):
    page, _, _ = labels_page
    parsed = _parse(page)
    assert {"Confusion matrix", "Entropy triangle", "Information coverage"} <= set(
        parsed.headings
    )
    assert [image["alt"] for image in parsed.images] == [
        "Confusion matrix as shares of each true class",
        "Entropy triangle of model A",
        "Information coverage of model A",
    ]
    for image in parsed.images:
        root = ET.fromstring(_svg(image))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert len(list(root.iter())) > 50  # drawn, not an empty canvas
        assert image["alt"]


def test_page_references_nothing_outside_itself(labels_page):
    page, _, _ = labels_page
    parsed = _parse(page)
    assert not {"script", "link", "iframe", "object", "embed"} & set(parsed.tags)
    assert all(url.startswith(("data:", "#")) for url in parsed.urls)
    assert "@import" not in page
    assert "url(" not in page
    assert not re.search(r"https?://", page)
    for image in parsed.images:
        svg = _svg(image).decode("utf-8")
        # Namespace names are identifiers, not fetched; every link is internal
        # (an image drawn with imshow is an inline PNG).
        links = re.findall(r'(?:xlink:)?href="([^"]*)"', svg)
        assert all(link.startswith(("#", "data:image/png;base64,")) for link in links)
        assert "url(#" in svg or "url(" not in svg
        assert not re.search(r"url\((?!#)", svg)


def test_matrix_input_gives_the_same_tables_as_labels(labels_page):
    page, y_true, y_pred = labels_page
    matrix = im.augmented_confusion_matrix(y_true, y_pred, reject_label="?")
    from_matrix = im.report.html_report(
        confusion_matrix=matrix, labels=["bird", "cat", "dog"], figures=False
    )
    for css_class in ("measures", "per-class", "matrix"):
        assert _parse(from_matrix).table(css_class) == _parse(page).table(css_class)


def test_square_matrix_has_no_reject_column_and_weights_show_as_decimals():
    page = im.report.html_report(confusion_matrix=[[5, 1], [2, 7]], figures=False)
    assert _parse(page).table("matrix")[0] == ["true \\ predicted", "0", "1"]
    weighted = im.report.html_report(
        [0, 1, 1], [0, 1, -1], sample_weight=[0.5, 1.25, 2.0], figures=False
    )
    counts = _parse(weighted).table("matrix")
    assert counts[1:] == [
        ["0", "0.5000", "0.0000", "0.0000"],
        ["1", "0.0000", "1.2500", "2.0000"],
    ]


def test_text_is_escaped():
    page = im.report.html_report(
        ["<b>", "a&b", "<b>"],
        ["<b>", "a&b", "a&b"],
        title="<script>alert(1)</script>",
        name='"quoted"',
        figures=False,
        reject_label=None,
    )
    parsed = _parse(page)
    assert "script" not in parsed.tags
    assert "b" not in parsed.tags
    assert parsed.title == "<script>alert(1)</script>"
    assert parsed.table("matrix")[0][1:3] == ["<b>", "a&b"]


def test_a_notebook_shows_the_page_in_a_frame_of_its_own():
    page = im.report.html_report(confusion_matrix=[[9, 1, 0], [0, 8, 2]], figures=False)
    assert isinstance(page, str)
    frame = _parse(page._repr_html_())
    assert frame.tags == ["iframe"]
    # The frame's document is the page itself, its style kept inside.
    inner = re.search(r'srcdoc="([^"]*)"', page._repr_html_()).group(1)
    assert html.unescape(inner) == page


def test_path_writes_the_same_page_in_utf8(tmp_path):
    target = tmp_path / "report.html"
    page = im.report.html_report(
        confusion_matrix=[[9, 1, 0], [0, 8, 2]], figures=False, path=target
    )
    assert target.read_text(encoding="utf-8") == page
    assert "↑ higher" in target.read_text(encoding="utf-8")


def test_tables_only_page_needs_no_matplotlib(monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    page = im.report.html_report(confusion_matrix=[[9, 1, 0], [0, 8, 2]], figures=False)
    assert _parse(page).images == []
    assert _parse(page).table("measures")
    with pytest.raises(ImportError, match=r"infometrics\[plot\].*figures=False"):
        im.report.html_report(confusion_matrix=[[9, 1, 0], [0, 8, 2]])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "Pass either confusion_matrix"),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "confusion_matrix": [[1, 0], [0, 1]]},
            "not both",
        ),
        ({"y_true": [0, 1]}, "both y_true and y_pred"),
        (
            {"confusion_matrix": [[1, 0], [0, 1]], "sample_weight": [1, 1]},
            r"already holds the \(weighted\) counts",
        ),
        ({"confusion_matrix": [[[1, 0], [0, 1]]] * 2}, "not a stack"),
        ({"confusion_matrix": [[1, 0], [0, 1]], "labels": ["a"]}, "one name per row"),
        (
            {"confusion_matrix": [[1, 0], [0, 1]], "confidence": [0.5, 0.6]},
            "confidence needs y_true and y_pred",
        ),
        (
            {"y_true": [0, 1, 1], "y_pred": [0, 1, 0], "confidence": [0.5, 0.6]},
            r"shape \(3,\), one value per sample",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "confidence": [[0.5, 0.5]] * 2},
            "row maximum",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, 1], "confidence": [0.5, np.nan]},
            "NaN",
        ),
        (
            {"y_true": [0, 1], "y_pred": [0, -1], "confidence": [0.5, 0.4]},
            "before rejection",
        ),
        # A missing-value marker matches missing predictions (pd.NA used to
        # raise "boolean value of NA is ambiguous"; NaN was never found).
        *[
            (
                {
                    "y_true": ["a", "b"],
                    "y_pred": ["a", missing],
                    "confidence": [0.5, 0.4],
                    "reject_label": missing,
                },
                "before rejection",
            )
            for missing in (np.nan, pd.NA)
        ],
        ({"y_true": [0, 1], "y_pred": [0, 1], "threshold": 0.5}, "needs confidence"),
        (
            {
                "y_true": [0, 1],
                "y_pred": [0, 1],
                "confidence": [0.5, 0.4],
                "threshold": 0.5,
                "reject_label": None,
            },
            "reject_label",
        ),
        (
            {
                "y_true": [0, 1],
                "y_pred": [0, 1],
                "confidence": [0.5, 0.4],
                "threshold": "high",
            },
            "threshold must be a number",
        ),
        (
            {
                "y_true": [0, 1],
                "y_pred": [0, 1],
                "confidence": [0.5, 0.4],
                "threshold": {0: 0.5},
            },
            "no value for the predicted class 1",
        ),
        # A boolean is no threshold (True used to read as 1.0).
        *[
            (
                {
                    "y_true": [0, 1],
                    "y_pred": [0, 1],
                    "confidence": [0.5, 0.4],
                    "threshold": flag,
                },
                "threshold must be a number",
            )
            for flag in (True, np.bool_(False))
        ],
        # The labels are checked before the confidences are counted against
        # them (a scalar or a dict used to raise IndexError).
        ({"y_true": 5, "y_pred": 5, "confidence": [1.0]}, "y_true must be"),
        ({"y_true": {"a": 1}, "y_pred": [1], "confidence": [1.0]}, "y_true must be"),
    ],
)
def test_bad_input_says_what_to_do(kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.report.html_report(figures=False, **kwargs)


def test_confidence_adds_the_selective_measures_and_threshold_rejects():
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 3, 120)
    y_pred = np.where(rng.random(120) < 0.7, y_true, (y_true + 1) % 3)
    confidence = np.where(y_pred == y_true, 0.6, 0.4) + rng.random(120) * 0.5
    page = im.report.html_report(y_true, y_pred, confidence=confidence, figures=False)
    rows = {row[0]: row for row in _parse(page).table("selective")}
    assert float(rows["aurc"][1]) == pytest.approx(
        im.curves.aurc(y_true, y_pred, confidence), abs=5e-5
    )
    assert float(rows["e_aurc"][1]) == pytest.approx(
        im.curves.e_aurc(y_true, y_pred, confidence), abs=5e-5
    )
    assert float(rows["risk at coverage 1"][1]) == pytest.approx(
        np.mean(y_true != y_pred), abs=5e-5
    )
    assert rows["risk at coverage 1"][-1] == "error rate with every prediction accepted"
    assert rows["risk at coverage 0.5"][-1] == "error rate of the 50% most confident"
    assert float(rows["coverage at risk 0.05"][1]) == pytest.approx(
        im.curves.coverage_at_risk(y_true, y_pred, confidence, risk=0.05), abs=5e-5
    )
    # Without a threshold the tables describe every prediction accepted ...
    counts = _parse(page).table("matrix")
    assert counts[0] == ["true \\ predicted", "0", "1", "2", "rejected"]
    assert [row[-1] for row in counts[1:]] == ["0", "0", "0"]
    # ... with one, the samples below it are rejected (accept when >= t).
    decided = np.where(confidence >= 0.7, y_pred, -1)
    thresholded = im.report.html_report(
        y_true, y_pred, confidence=confidence, threshold=0.7, figures=False
    )
    expected = im.augmented_confusion_matrix(y_true, decided)
    counts = _parse(thresholded).table("matrix")
    assert counts[0][-1] == "rejected"
    assert np.array_equal([[int(v) for v in row[1:]] for row in counts[1:]], expected)
    assert "rejects below confidence 0.7" in thresholded
    # The selective measures do not depend on the threshold.
    assert _parse(thresholded).table("selective") == _parse(page).table("selective")


def _selective_readings(y_true, y_pred, confidence, **weights):
    """Each row of the selective table, by the public function it reports."""
    data = (y_true, y_pred, confidence)
    readings = {
        "augrc": im.curves.augrc(*data, **weights),
        **{
            f"risk at coverage {c:g}": im.curves.selective_risk_at_coverage(
                *data, coverage=c, **weights
            )
            for c in (0.5, 0.8, 0.9, 1.0)
        },
        **{
            f"coverage at risk {r:g}": im.curves.coverage_at_risk(
                *data, risk=r, **weights
            )
            for r in (0.01, 0.05, 0.1)
        },
    }
    return {name: f"{value:.4f}" for name, value in readings.items()}


def test_the_selective_table_reads_as_the_public_functions():
    rng = np.random.default_rng(8)
    y_true = rng.integers(0, 3, 300)
    y_pred = np.where(rng.random(300) < 0.8, y_true, (y_true + 1) % 3)
    confidence = rng.choice([0.2, 0.5, 0.7, 0.9, 0.97], 300)  # tie groups
    weights = {"sample_weight": rng.integers(1, 4, 300).astype(float)}
    page = im.report.html_report(
        y_true, y_pred, confidence=confidence, figures=False, n_resamples=0, **weights
    )
    rows = {row[0]: row[1] for row in _parse(page).table("selective")}
    expected = _selective_readings(y_true, y_pred, confidence, **weights)
    assert {name: rows[name] for name in expected} == expected


def test_confidence_adds_the_risk_coverage_figure():
    y_true, y_pred = _labels(seed=4)
    y_pred = np.where(y_pred == "?", "cat", y_pred)
    confidence = np.random.default_rng(4).random(len(y_true))
    page = im.report.html_report(
        y_true, y_pred, confidence=confidence, name="m", reject_label=None
    )
    parsed = _parse(page)
    assert "Selective classification" in parsed.headings
    alts = [image["alt"] for image in parsed.images]
    assert alts[-2:] == ["Reject curve of m", "Risk–coverage curve of m"]
    assert len(alts) == 5
    assert ET.fromstring(_svg(parsed.images[-1])).tag.endswith("svg")
    assert all(url.startswith(("data:", "#")) for url in parsed.urls)


def test_permuted_labels_warn_once_and_the_page_says_so():
    y_true = [0, 0, 1, 1, 2, 2]
    y_pred = [1, 1, 2, 2, 0, 0]
    with pytest.warns(im.exceptions.PermutedLabelsWarning) as caught:
        page = im.report.html_report(y_true, y_pred, figures=False)
    assert len(caught) == 1
    parsed = _parse(page)
    assert "would raise the accuracy" in page
    assert parsed.table("measures")[0][-1] == "note"
    assert parsed.table("per-class")[0][-1] == "note"


def test_command_line_writes_the_page(tmp_path, capsys):
    matrix = tmp_path / "matrix.csv"
    matrix.write_text(",a,b,rejected\na,40,3,2\nb,5,45,5\n")
    assert main(["report", str(matrix), "--format", "html"]) == 0
    page = capsys.readouterr().out
    parsed = _parse(page)
    assert [row[0] for row in parsed.table("matrix")[1:]] == ["a", "b"]
    assert len(parsed.images) == 3


def test_a_tiny_negative_value_is_not_shown_as_negative_zero():
    # Independent rows and columns: kappa is 0, computed as -1.7e-16, which
    # "{:.4f}" would print as "-0.0000".
    matrix = np.outer([7, 8, 4], [6, 8, 6])
    assert -1e-15 < im.conventional_measures(matrix)["kappa"] < 0
    page = im.report.html_report(confusion_matrix=matrix, figures=False)
    assert "-0.0000" not in page
    row = re.search(r"<th>kappa</th>.*?</tr>", page, flags=re.S)
    assert row
    assert '<td class="num">0.0000</td>' in row.group(0)


@pytest.mark.parametrize("per_class", [False, True])
def test_threshold_compares_integer_confidences_exactly(per_class):
    # Integer confidences beyond 2**53 are compared with the threshold
    # exactly, as RejectOptionClassifier accepts them: 2**53 + 3 is below
    # 2**53 + 4, although both round to the same float64.
    y_true = np.array([0, 1, 0, 1])
    y_pred = np.array([0, 1, 1, 1])
    confidence = np.array([2**53 + 3, 2**53 + 5, 2**53 + 3, 2**53 + 4])
    threshold = float(2**53 + 4)
    if per_class:
        threshold = {0: threshold, 1: threshold}
    page = im.report.html_report(
        y_true, y_pred, confidence=confidence, threshold=threshold, figures=False
    )
    expected = im.augmented_confusion_matrix(y_true, [-1, 1, -1, 1])
    counts = _parse(page).table("matrix")
    assert np.array_equal([[int(v) for v in row[1:]] for row in counts[1:]], expected)


def test_a_threshold_keeps_the_classes_of_the_predictions_it_rejects():
    # The classes come from the labels before rejection: a class predicted only
    # below the threshold stays a class of the tables, as of the curves.
    page = im.report.html_report(
        [0, 0, 1, 1],
        [0, 2, 1, 1],
        confidence=[0.9, 0.1, 0.9, 0.9],
        threshold=0.5,
        figures=False,
        n_resamples=0,
    )
    counts = _parse(page).table("matrix")
    assert counts[0] == ["true \\ predicted", "0", "1", "2", "rejected"]
    assert counts[3] == ["2", "0", "0", "0", "0"]
