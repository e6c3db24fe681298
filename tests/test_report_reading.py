"""Reading the page: per-class averages and reject rates, intervals, wide tables."""

import re
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest

import infometrics as im

REJECT = -1


def _random_labels(seed, n_classes=4, n_samples=300):
    """Labels with every class true and predicted, and some rejections."""
    rng = np.random.default_rng(seed)
    y_true = np.r_[np.arange(n_classes), rng.integers(0, n_classes, n_samples)]
    y_pred = np.where(
        rng.random(len(y_true)) < 0.6, y_true, rng.integers(0, n_classes, len(y_true))
    )
    y_pred[:n_classes] = np.arange(n_classes)  # each class predicted once
    rejected = rng.random(len(y_true)) < 0.15
    rejected[:n_classes] = False
    return y_true, np.where(rejected, REJECT, y_pred)


@pytest.mark.parametrize("seed", range(6))
def test_averages_equal_scikit_learns(seed):
    from sklearn.metrics import precision_recall_fscore_support

    y_true, y_pred = _random_labels(seed)
    weights = np.random.default_rng(seed).random(len(y_true)) if seed % 2 else None
    table = im.report.per_class_report(y_true, y_pred, sample_weight=weights)
    classes = np.unique(y_true)
    for row, average in (("macro avg", "macro"), ("weighted avg", "weighted")):
        # A prediction outside ``labels`` (the rejection) is a miss of its class.
        expected = precision_recall_fscore_support(
            y_true, y_pred, labels=classes, average=average, sample_weight=weights
        )[:3]
        np.testing.assert_allclose(
            table.loc[row, ["precision", "recall", "f1"]].to_numpy(dtype=float),
            expected,
            rtol=1e-12,
        )
    total = len(y_true) if weights is None else weights.sum()
    assert table.loc["weighted avg", "true_support"] == pytest.approx(total)


@pytest.mark.parametrize("seed", range(6))
def test_reject_rates_and_entropy_averages_by_hand(seed):
    y_true, y_pred = _random_labels(seed, n_classes=3)
    table = im.report.per_class_report(y_true, y_pred)
    classes = np.unique(y_true)
    by_hand = [np.mean(y_pred[y_true == label] == REJECT) for label in classes]
    np.testing.assert_allclose(table["reject_rate"].iloc[:3], by_hand, rtol=1e-12)
    assert table.loc["macro avg", "reject_rate"] == pytest.approx(np.mean(by_hand))
    # Weighted by the classes' samples: the overall reject rate and the
    # conditional entropies of the whole matrix.
    assert table.loc["weighted avg", "reject_rate"] == pytest.approx(
        np.mean(y_pred == REJECT)
    )
    coverage = im.information_coverage_score(y_true, y_pred)
    assert table.loc["weighted avg", "H(S|T=class)"] == pytest.approx(
        coverage.h_output_given_true, rel=1e-12
    )
    assert table.loc["weighted avg", "H(T|S=output)"] == pytest.approx(
        coverage.h_true_given_output, rel=1e-12
    )
    assert list(table.columns[:5]) == [
        "precision",
        "recall",
        "f1",
        "reject_rate",
        "H(S|T=class)",
    ]


def test_an_undefined_class_value_is_left_out_of_the_averages():
    # Class 2 is never true: its recall, reject rate and H(S|T=2) are NaN.
    table = im.report.per_class_report(
        confusion_matrix=[[6, 2, 0, 2], [1, 8, 1, 0], [0] * 4]
    )
    assert np.isnan(table.loc[2, "recall"])
    assert table.loc["macro avg", "recall"] == pytest.approx((0.6 + 0.8) / 2)
    assert table.loc["macro avg", "reject_rate"] == pytest.approx((0.2 + 0.0) / 2)
    # Class 2 is predicted once (never right): its precision 0 counts.
    assert table.loc["macro avg", "precision"] == pytest.approx((6 / 7 + 0.8 + 0) / 3)


def test_averages_can_be_left_out():
    table = im.report.per_class_report([0, 1, 1], [0, 1, -1], averages=False)
    assert table.index.tolist() == [0, 1, "rejected"]


class _Cells(HTMLParser):
    """Every element with a class attribute, with its text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.found = [], []

    def handle_starttag(self, tag, attrs):
        self.open.append((tag, dict(attrs).get("class", ""), []))

    def handle_endtag(self, tag):
        while self.open:
            name, css, text = self.open.pop()
            joined = "".join(text)
            self.found.append((name, css, joined))
            if self.open:
                self.open[-1][2].append(joined)
            if name == tag:
                break

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)


def _elements(page, css):
    parser = _Cells()
    parser.feed(page)
    return [text for _, classes, text in parser.found if css in classes.split()]


MATRIX = [[70, 5, 3, 2], [4, 50, 2, 4], [1, 3, 40, 6]]


def test_headline_numbers_carry_their_bootstrap_intervals():
    page = im.report.html_report(confusion_matrix=MATRIX, figures=False, random_state=3)
    expected = im.resampling.bootstrap_measures(
        MATRIX,
        ["ni2", "info_completeness", "false_info_ratio", "accuracy", "reject_rate"],
        random_state=3,
    )
    shown = _elements(page, "interval")
    assert shown == [
        f"[{interval.low:.4f}, {interval.high:.4f}]" for interval in expected.values()
    ]
    sentence = _elements(page, "intervals")[0]
    assert "95% percentile bootstrap interval over 1000 resamples" in sentence
    assert "n_resamples=0" in sentence


def test_interval_level_resamples_and_switch():
    page = im.report.html_report(
        confusion_matrix=MATRIX,
        figures=False,
        n_resamples=200,
        confidence_level=0.9,
        random_state=0,
    )
    assert "90% percentile bootstrap interval over 200 resamples" in page
    assert len(_elements(page, "interval")) == 5
    off = im.report.html_report(confusion_matrix=MATRIX, figures=False, n_resamples=0)
    assert _elements(off, "interval") == []
    assert "bootstrap" not in off


def test_weighted_labels_resample_the_labels():
    y_true, y_pred = _random_labels(1)
    weights = np.random.default_rng(1).random(len(y_true))
    page = im.report.html_report(
        y_true, y_pred, sample_weight=weights, figures=False, random_state=5
    )
    expected = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        y_pred,
        ["ni2", "info_completeness", "false_info_ratio", "accuracy", "reject_rate"],
        sample_weight=weights,
        random_state=5,
    )
    assert _elements(page, "interval") == [
        f"[{interval.low:.4f}, {interval.high:.4f}]" for interval in expected.values()
    ]
    # A weighted matrix alone is no multinomial sample: no interval, and why.
    counts = im.augmented_confusion_matrix(y_true, y_pred, sample_weight=weights)
    page = im.report.html_report(confusion_matrix=counts, figures=False)
    assert _elements(page, "interval") == []
    assert "the counts are weighted" in page


def test_whole_weights_count_as_repeated_samples():
    # scikit-learn's convention: weight 3 is three samples, so the chance
    # adjustment and the jackknife read whole weights as repetitions; a
    # fractional weight is no count of samples.
    y_true, y_pred = _random_labels(2)
    weights = np.random.default_rng(2).integers(1, 4, len(y_true))
    columns = ["adjusted", "jackknife_se"]
    weighted = im.report.information_report(y_true, y_pred, sample_weight=weights)
    repeated = im.report.information_report(
        np.repeat(y_true, weights), np.repeat(y_pred, weights)
    )
    pd.testing.assert_frame_equal(weighted[columns], repeated[columns], rtol=1e-9)
    fractional = im.report.information_report(
        y_true, y_pred, sample_weight=weights * 1.0001
    )
    assert fractional[columns].isna().all().all()


def test_an_interval_that_misses_its_estimate_is_flagged():
    # 30 classes, 200 samples: the resampled plug-in NI2 is biased upwards.
    rng = np.random.default_rng(0)
    y = rng.integers(0, 30, 200)
    y_pred = np.where(rng.random(200) < 0.75, y, rng.integers(0, 30, 200))
    page = im.report.html_report(y, y_pred, figures=False, random_state=0)
    expected = im.resampling.bootstrap_measures(
        im.augmented_confusion_matrix(y, y_pred),
        ["ni2", "info_completeness", "false_info_ratio", "accuracy", "reject_rate"],
        random_state=0,
    )
    missed = [
        not interval.low <= interval.estimate <= interval.high
        for interval in expected.values()
    ]
    assert any(missed)
    shown = _elements(page, "interval")
    # Nothing is rejected: the page shows no reject rate, nor its interval.
    assert [text.endswith(" †") for text in shown] == missed[:4]
    assert "does not contain the estimate" in _elements(page, "intervals")[0]


def test_wide_tables_scroll_in_their_frame():
    names = [f"comp.sys.ibm.pc.hardware.{i}" for i in range(26)]
    rng = np.random.default_rng(0)
    y = rng.integers(0, 26, 500)
    pred = np.where(rng.random(500) < 0.8, y, rng.integers(0, 26, 500))
    labels = np.array(names)
    page = im.report.html_report(
        labels[y], labels[pred], reject_label=None, figures=False, n_resamples=0
    )
    frames = re.findall(r'<div class="scroll"><table class="([^"]+)"', page)
    assert frames == ["matrix", "per-class", "measures"]
    assert re.search(r"div\.scroll \{[^}]*overflow-x: auto", page)
    average_rows = re.findall(r'<tr class="average"><th>([^<]+)</th>', page)
    assert average_rows == ["macro avg", "weighted avg"]


def test_partial_intervals_are_stated_on_the_page_not_warned():
    # Two samples of each class: some resamples hold one true class, where
    # NI2 is undefined. The page says so beside the intervals, and the call
    # warns nothing (pytest turns warnings into errors).
    page = im.report.html_report(
        confusion_matrix=[[2, 0, 0], [0, 2, 0]],
        figures=False,
        n_resamples=200,
        random_state=0,
    )
    assert "is undefined (NaN) on" in page
    weighted = im.report.html_report(
        [0, 0, 1, 1],
        [0, 0, 1, -1],
        sample_weight=[1.0, 2.0, 1.0, 1.0],
        figures=False,
        n_resamples=200,
        random_state=0,
    )
    assert "is undefined (NaN) on" in weighted
