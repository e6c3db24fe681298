"""Reports equal the core; bootstrap intervals behave; paired comparisons."""

import warnings

import numpy as np
import pandas as pd
import pytest

import infometrics as im
from infometrics.measures import compute_measures

M5 = [[74, 6, 10], [0, 9, 1]]
REPORT_COLUMNS = [
    "value",
    "adjusted",
    "jackknife_se",
    "higher_is_better",
    "description",
]


def test_report_values_equal_the_core():
    report = im.report.information_report(confusion_matrix=M5)
    assert list(report.index.names) == ["family", "measure"]
    assert list(report.columns) == REPORT_COLUMNS
    values = report["value"].droplevel("family")
    core = im.all_measures(M5, replace_undefined_by=np.nan)
    for name, value in core.items():
        np.testing.assert_equal(values[name], value)
    coverage = im.information_coverage(M5)
    assert values["info_completeness"] == coverage.completeness
    assert values["false_info_ratio"] == coverage.false_info_ratio
    triangle = im.entropy_triangle(M5)
    assert values["triangle_vi"] == triangle.variation_info
    conventional = im.conventional_measures(M5)
    assert values["kappa"] == conventional["kappa"]
    assert values["f1"] == conventional["f1"]
    assert (
        report.loc[("information coverage", "false_info_ratio"), "higher_is_better"]
        == np.False_
    )
    families = report.index.get_level_values("family").unique().tolist()
    assert families == [
        "normalized information",
        "information coverage",
        "entropy triangle",
        "conventional",
    ]


def test_report_from_labels_equals_report_from_matrix():
    rng = np.random.default_rng(0)
    y_true = rng.integers(0, 3, 200)
    y_pred = np.where(rng.random(200) < 0.7, y_true, rng.integers(-1, 3, 200))
    from_labels = im.report.information_report(y_true, y_pred)
    matrix = im.augmented_confusion_matrix(y_true, y_pred)
    from_matrix = im.report.information_report(confusion_matrix=matrix)
    pd.testing.assert_frame_equal(from_labels, from_matrix)
    assert "f1" not in from_labels.index.get_level_values("measure")
    # The keyword spelling of the labels keeps working.
    pd.testing.assert_frame_equal(
        im.report.information_report(y_true=y_true, y_pred=y_pred), from_labels
    )


LABEL_LEVEL = [
    im.report.information_report,
    im.report.per_class_report,
    im.ni_score,
    im.all_measures_score,
    im.information_coverage_score,
    im.entropy_triangle_score,
    im.conventional_measures_score,
]


@pytest.mark.parametrize("function", LABEL_LEVEL, ids=lambda f: f.__name__)
def test_one_call_shape_labels_positional_or_confusion_matrix_keyword(function):
    import inspect

    parameters = list(inspect.signature(function).parameters.values())
    assert [p.name for p in parameters[:2]] == ["y_true", "y_pred"]
    assert parameters[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
    assert inspect.signature(function).parameters["confusion_matrix"].kind is (
        inspect.Parameter.KEYWORD_ONLY
    )
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 2, 60)
    y_pred = np.where(rng.random(60) < 0.8, y_true, rng.integers(-1, 2, 60))
    matrix = im.augmented_confusion_matrix(y_true, y_pred)
    options = (
        {}
        if function in (im.report.information_report, im.report.per_class_report)
        else {"replace_undefined_by": 0.0}  # NI17 is singular with rejections
    )
    from_labels = function(y_true, y_pred, **options)
    from_counts = function(confusion_matrix=matrix, **options)
    if isinstance(from_labels, pd.DataFrame):
        pd.testing.assert_frame_equal(from_labels, from_counts)
    else:
        assert repr(from_labels) == repr(from_counts)
    for bad, message in [
        ({}, "either confusion_matrix"),
        ({"y_true": y_true, "y_pred": y_pred, "confusion_matrix": matrix}, "not both"),
        ({"y_pred": y_pred}, "both y_true and y_pred"),
        ({"confusion_matrix": [matrix, matrix]}, "not a stack"),
        ({"confusion_matrix": matrix, "labels": ["a"]}, "1 entries for 2 rows"),
        ({"confusion_matrix": matrix, "sample_weight": np.ones(60)}, "Drop sample"),
    ]:
        with pytest.raises(ValueError, match=message):
            function(**bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "either confusion_matrix"),
        ({"confusion_matrix": M5, "y_true": [0], "y_pred": [0]}, "either"),
        ({"y_true": [0, 1]}, "both y_true and y_pred"),
        ({"confusion_matrix": [M5, M5]}, "not a stack"),
        ({"confusion_matrix": M5, "labels": ["a"]}, "1 entries for 2 rows"),
    ],
)
def test_report_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        im.report.information_report(**kwargs)


def test_compare_ranks_like_the_paper_and_accepts_labels():
    table = im.report.compare(
        {
            "M1": [[90, 0, 0], [1, 9, 0]],
            "M2": [[89, 1, 0], [0, 10, 0]],
            "M3": [[90, 0, 0], [0, 9, 1]],
            "M4": ([0] * 89 + [0] + [1] * 10, [0] * 89 + [-1] + [1] * 10),
        },
        measures=["ni2", "false_info_ratio", "reject_rate"],
    )
    assert table.index.tolist() == ["M1", "M2", "M3", "M4"]
    assert table["rank_ni2"].tolist() == [4, 3, 2, 1]
    # Lower is better for r(S|T): rank 1 is the smallest value.
    assert table.loc[table["false_info_ratio"].idxmin(), "rank_false_info_ratio"] == 1
    assert table.loc["M4", "ni2"] == pytest.approx(im.ni([[89, 0, 1], [0, 10, 0]]))
    default = im.report.compare({"A": M5})
    assert {"ni24", "triangle_mi", "accepted_accuracy", "rank_ni2"} <= set(default)
    no_ranks = im.report.compare({"A": M5}, measures=["ni2"], ranks=False)
    assert list(no_ranks.columns) == ["ni2", "ni2 adjusted", "ni2 jackknife_se"]


@pytest.mark.parametrize(
    ("classifiers", "message"),
    [
        ({}, "non-empty dict"),
        ([M5], "non-empty dict"),
        ({"A": ([0], [0], [1])}, "tuple of 3"),
        ({"A": [M5, M5]}, "stack of matrices"),
        # Any other problem of a matrix is the counting's own message.
        ({"A": [[5, -1, 0], [0, 5, 0]]}, "negative"),
    ],
)
def test_compare_errors(classifiers, message):
    with pytest.raises(ValueError, match=message):
        im.report.compare(classifiers)


def test_compare_names_the_rows_of_bare_matrices_by_labels_that_fit():
    swapped = [[0, 9, 1], [8, 0, 0]]
    with pytest.warns(im.exceptions.PermutedLabelsWarning, match="'x' -> 'y'"):
        table = im.report.compare({"A": swapped}, labels=["x", "y"], measures=["ni2"])
    assert "'x' -> 'y', 'y' -> 'x'" in table.loc["A", "note"]


def test_per_class_report_equals_the_core():
    table = im.report.per_class_report(
        ["a", "a", "b", "b", "b"],
        ["a", "-", "b", "a", "b"],
        reject_label="-",
        averages=False,
    )
    assert table.index.tolist() == ["a", "b", "rejected"]
    matrix = im.augmented_confusion_matrix(
        ["a", "a", "b", "b", "b"], ["a", "-", "b", "a", "b"], reject_label="-"
    )
    coverage = im.information_coverage(matrix)
    np.testing.assert_allclose(
        table["H(S|T=class)"].iloc[:2], coverage.output_entropy_per_true_class
    )
    np.testing.assert_allclose(table["H(T|S=output)"], coverage.true_entropy_per_output)
    assert table["predicted_support"].tolist() == [2, 2, 1]


def _precision_recall_f1_by_hand(y_true, y_pred, classes, weights):
    """Loops over samples: a rejection is a miss of its class, no one's hit."""
    rows = []
    for label in classes:
        tp = fp = fn = 0.0
        for truth, guess, weight in zip(y_true, y_pred, weights, strict=True):
            if truth == label and guess == label:
                tp += weight
            elif guess == label:
                fp += weight
            elif truth == label:
                fn += weight  # predicted another class, or rejected
        precision = tp / (tp + fp) if tp + fp else np.nan
        recall = tp / (tp + fn) if tp + fn else np.nan
        f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else np.nan
        rows.append((precision, recall, f1))
    return np.array(rows)


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.PermutedLabelsWarning")
@pytest.mark.parametrize("seed", range(12))
def test_per_class_precision_recall_f1_by_hand_with_rejections(seed):
    rng = np.random.default_rng(seed)
    n_samples = int(rng.integers(1, 40))
    n_classes = int(rng.integers(1, 5))
    y_true = rng.integers(0, n_classes, n_samples)
    y_pred = np.where(
        rng.random(n_samples) < 0.6, y_true, rng.integers(-1, n_classes, n_samples)
    )
    weights = rng.integers(0, 3, n_samples) if seed % 2 else np.ones(n_samples)
    classes = np.unique(np.concatenate([y_true, y_pred[y_pred != -1]]))
    table = im.report.per_class_report(
        y_true, y_pred, sample_weight=weights, averages=False
    )
    expected = _precision_recall_f1_by_hand(y_true, y_pred, classes, weights)
    np.testing.assert_allclose(
        table[["precision", "recall", "f1"]].to_numpy()[: len(classes)],
        expected,
        rtol=1e-12,
    )
    assert table.loc["rejected", ["precision", "recall", "f1"]].isna().all()
    # Unweighted (or whole-number weighted) counts are integers.
    assert table["true_support"].dtype == np.int64
    assert table["predicted_support"].dtype == np.int64
    assert table["true_support"].sum() == weights.sum()


@pytest.mark.filterwarnings("ignore::infometrics.exceptions.PermutedLabelsWarning")
@pytest.mark.parametrize("seed", range(8))
def test_per_class_precision_recall_f1_equal_sklearn_without_rejections(seed):
    from sklearn.metrics import precision_recall_fscore_support

    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 4, 50)
    y_pred = np.where(rng.random(50) < 0.5, y_true, rng.integers(0, 4, 50))
    weights = rng.random(50) if seed % 2 else None
    table = im.report.per_class_report(
        y_true, y_pred, reject_label=None, sample_weight=weights, averages=False
    )
    precision, recall, f1, support = precision_recall_fscore_support(
        y_true,
        y_pred,
        labels=table.index.to_numpy(),
        sample_weight=weights,
        zero_division=np.nan,
    )
    np.testing.assert_allclose(table["precision"], precision, rtol=1e-12)
    np.testing.assert_allclose(table["recall"], recall, rtol=1e-12)
    np.testing.assert_allclose(table["f1"], f1, rtol=1e-12)
    np.testing.assert_allclose(table["true_support"], support, rtol=1e-12)
    assert "rejected" not in table.index
    if weights is not None:
        assert table["true_support"].dtype == np.float64


def test_per_class_undefined_ratios_are_nan_and_columns_in_order():
    # Class 2 is never true and never predicted; class 1 is never predicted.
    table = im.report.per_class_report(
        confusion_matrix=[[3, 0, 0, 1], [2, 0, 0, 2], [0, 0, 0, 0]], averages=False
    )
    assert list(table.columns) == [
        "precision",
        "recall",
        "f1",
        "reject_rate",
        "H(S|T=class)",
        "H(T|S=output)",
        "true_support",
        "predicted_support",
    ]
    assert table.loc[0, "precision"] == pytest.approx(3 / 5)
    assert table.loc[1, ["precision", "recall", "f1"]].tolist() == [
        pytest.approx(np.nan, nan_ok=True),
        0.0,
        0.0,
    ]
    assert table.loc[2, ["precision", "recall", "f1"]].isna().all()
    assert table["true_support"].tolist() == [4, 4, 0, 0]


def test_reports_display_integers_as_integers_in_a_notebook():
    html = im.report.per_class_report(
        confusion_matrix=[[8, 2, 0], [0, 5, 5]]
    )._repr_html_()
    assert "<td>10</td>" in html
    assert "10.0" not in html
    table = im.report.compare({"A": [[8, 2, 0], [0, 5, 5]]}, measures=["ni2"])
    assert "<td>1</td>" in table._repr_html_()  # the rank
    report = im.report.information_report(confusion_matrix=[[8, 2, 0], [0, 5, 5]])
    assert report["value"].dtype == np.float64
    assert "<th>ni2</th>" in report._repr_html_()


def test_bootstrap_interval_contains_the_estimate_and_shrinks_with_counts():
    small = im.resampling.bootstrap_measures(
        M5, ["ni2", "info_completeness"], n_resamples=400, random_state=0
    )
    large = im.resampling.bootstrap_measures(
        np.array(M5) * 20, ["ni2", "info_completeness"], n_resamples=400, random_state=0
    )
    for name in ("ni2", "info_completeness"):
        for result in (small[name], large[name]):
            assert result.low <= result.estimate <= result.high
            assert result.distribution.shape == (400,)
        assert (large[name].high - large[name].low) < 0.5 * (
            small[name].high - small[name].low
        )
    assert small["ni2"].estimate == pytest.approx(im.ni(M5, "ni2"))


def test_bootstrap_is_reproducible_and_vectorised_resamples_are_right():
    first = im.resampling.bootstrap_measures(M5, n_resamples=50, random_state=3)["ni2"]
    again = im.resampling.bootstrap_measures(M5, n_resamples=50, random_state=3)["ni2"]
    np.testing.assert_array_equal(first.distribution, again.distribution)
    # Each resample is a multinomial draw with the original total (over the
    # cells that hold samples: an empty cell stays empty).
    rng = np.random.default_rng(3)
    flat = np.array(M5, dtype=float).ravel()
    present = np.flatnonzero(flat)
    draws = np.zeros((50, flat.size))
    draws[:, present] = rng.multinomial(
        int(flat.sum()), flat[present] / flat.sum(), size=50
    )
    expected = compute_measures(
        draws.reshape(50, 2, 3), ["ni2"], replace_undefined_by=np.nan
    )["ni2"]
    np.testing.assert_allclose(first.distribution, expected)


def test_bootstrap_from_labels_resamples_samples_with_their_weights():
    rng = np.random.default_rng(1)
    y_true = rng.integers(0, 3, 300)
    y_pred = np.where(rng.random(300) < 0.8, y_true, -1)
    weights = rng.random(300) + 0.5
    result = im.resampling.bootstrap_measures_from_predictions(
        y_true,
        y_pred,
        ["ni2"],
        sample_weight=weights,
        n_resamples=300,
        random_state=0,
    )["ni2"]
    assert result.estimate == pytest.approx(
        im.ni_score(y_true, y_pred, sample_weight=weights)
    )
    assert result.low <= result.estimate <= result.high
    unweighted = im.resampling.bootstrap_measures_from_predictions(
        y_true, y_pred, n_resamples=300, random_state=0
    )["ni2"]
    assert unweighted.estimate != pytest.approx(result.estimate)


def test_paired_comparison():
    y_true = np.repeat([0, 1, 2], 100)
    rejects = y_true.copy()
    rejects[::10] = -1
    errs = y_true.copy()
    errs[::10] = (errs[::10] + 1) % 3
    better = im.resampling.paired_comparison(
        y_true, rejects, errs, n_resamples=300, random_state=0
    )
    assert better.fraction_a_better == 1.0
    assert better.p_value == pytest.approx(1 / 301)
    assert better.estimate_a == pytest.approx(im.ni_score(y_true, rejects))
    worse = im.resampling.paired_comparison(
        y_true, errs, rejects, n_resamples=300, random_state=0
    )
    assert worse.fraction_a_better == 0.0
    same = im.resampling.paired_comparison(
        y_true, errs, errs, n_resamples=50, random_state=0
    )
    assert same.fraction_a_better == 0.5
    np.testing.assert_array_equal(same.distribution, 0)
    # Direction follows the measure: S_I/H(T) is better when lower.
    error = im.resampling.paired_comparison(
        y_true, rejects, errs, measure="info_error", n_resamples=100, random_state=0
    )
    assert error.estimate_a < error.estimate_b
    assert error.fraction_a_better == 1.0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: im.resampling.bootstrap_measures(M5, n_resamples=0),
            "positive integer",
        ),
        (
            lambda: im.resampling.bootstrap_measures(M5, confidence_level=1.5),
            r"in \(0, 1\)",
        ),
        (
            lambda: im.resampling.bootstrap_measures([[0.5, 0.5], [1, 0]]),
            "integer counts",
        ),
        (lambda: im.resampling.bootstrap_measures([[0, 0], [0, 0]]), "empty"),
        (lambda: im.resampling.bootstrap_measures([M5, M5]), "not a stack"),
        (lambda: im.resampling.bootstrap_measures(M5, ["nope"]), "Unknown measure"),
        (
            lambda: im.resampling.paired_comparison(
                [0, 1], [0, 1], [0, 1], measure="x"
            ),
            "Unknown measure",
        ),
        (
            lambda: im.resampling.bootstrap_measures_from_predictions(
                [0, 1], [0, 2], labels=[0, 1]
            ),
            "not in labels",
        ),
    ],
)
def test_uncertainty_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "matrix",
    [
        [[5, 0, 0], [0, 0, 0]],  # one true class: H(T) = 0
        [[0, 0, 0], [0, 0, 0]],  # empty
        [[3, 0], [0, 0]],  # square, one class
        [[0, 0, 4], [0, 0, 6]],  # everything rejected
        [[5, 1]],  # a single class, with rejections
        [[2.5, 0.5, 0.0], [0.0, 1.25, 0.25]],  # weighted counts
    ],
)
def test_reports_of_degenerate_matrices_warn_nothing(matrix):
    # Undefined values are NaN in the tables; the core is asked for NaN, so
    # nothing warns and no warnings filter is needed around it.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = im.report.information_report(confusion_matrix=matrix)
        per_class = im.report.per_class_report(confusion_matrix=matrix)
        table = im.report.compare({"A": matrix, "B": matrix})
    assert list(report.columns) == REPORT_COLUMNS
    # The classes, "rejected" when there is a reject column, the two averages.
    assert len(per_class) == len(matrix) + (len(matrix[0]) > len(matrix)) + 2
    assert table.loc["A"].equals(table.loc["B"])
