"""Displays: artist state with the Agg backend (no pixels compared)."""

import builtins
import sys

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im
from infometrics._display.entropy_triangle import _ternary

A = [[15, 0, 5], [0, 15, 5], [0, 0, 20]]
MAJORITY = [[0, 0, 5], [0, 0, 5], [0, 0, 50]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def iris_model():
    X, y = load_iris(return_X_y=True)
    model = make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(LogisticRegression(C=0.05), threshold=0.7),
    ).fit(X, y)
    return model, X, y


def test_entropy_triangle_points_sit_at_their_coordinates():
    display = im.EntropyTriangleDisplay.from_confusion_matrices(
        {"a": A, "majority": MAJORITY}, extended=True
    )
    triangle = im.entropy_triangle(A)
    x, y = display.points_["a"].get_data()
    expected = _ternary(triangle.delta_h, triangle.mutual_info, triangle.variation_info)
    np.testing.assert_allclose([x[0], y[0]], expected)
    # The majority classifier's output marginal is the ΔH' = 1 apex.
    _, output_marker = display.marginal_points_["majority"]
    np.testing.assert_allclose(
        np.ravel(output_marker.get_data()), [0.5, np.sqrt(3) / 2]
    )
    legend = [text.get_text() for text in display.ax_.get_legend().get_texts()]
    assert legend == ["a", "majority", "input marginal X", "output marginal Y"]
    assert len(display.grid_lines_) == 27
    assert display.points_["a"].get_color() != display.points_["majority"].get_color()
    labels = " ".join(text.get_text() for text in display.vertex_labels_)
    assert "ideal" in labels
    assert "degenerate" in labels
    assert display.figure_ is display.ax_.figure


def test_entropy_triangle_from_estimator_and_predictions(iris_model):
    model, X, y = iris_model
    _, ax = plt.subplots()
    display = im.EntropyTriangleDisplay.from_estimator(model, X, y, ax=ax)
    assert display.ax_ is ax
    assert list(display.points_) == ["RejectOptionClassifier(LogisticRegression)"]
    matrix = im.augmented_confusion_matrix(y, model.predict(X))
    triangle = im.entropy_triangle(matrix)
    np.testing.assert_allclose(
        np.ravel(next(iter(display.points_.values())).get_data()),
        _ternary(triangle.delta_h, triangle.mutual_info, triangle.variation_info),
    )
    other = im.EntropyTriangleDisplay.from_predictions(
        y, model.predict(X), name="same", ax=ax
    )
    assert other.marginal_points_ == {}


def test_information_coverage_points_iso_lines_and_spread(iris_model):
    model, X, y = iris_model
    display = im.InformationCoverageDisplay.from_estimator(
        model, X, y, n_resamples=100, random_state=0
    )
    coverage = im.information_coverage(
        im.augmented_confusion_matrix(y, model.predict(X))
    )
    point = next(iter(display.points_.values()))
    np.testing.assert_allclose(
        np.ravel(point.get_data()), [coverage.false_info_ratio, coverage.completeness]
    )
    spread = next(iter(display.spread_.values()))
    assert spread.get_offsets().shape == (100, 2)
    np.testing.assert_allclose(np.ravel(display.perfect_point_.get_data()), [0, 1])
    # Iso-lines: f = 1 + r - level.
    for level, line in zip((0.25, 0.5, 1.0, 1.5), display.iso_lines_, strict=True):
        r, f = line.get_data()
        np.testing.assert_allclose(f, 1 - level + r)
    low_x, high_x = display.ax_.get_xlim()
    assert low_x == 0
    assert high_x > coverage.false_info_ratio
    assert display.ax_.get_ylim()[1] >= 1
    # A second classifier on the same axes: new colour, frame drawn once.
    im.InformationCoverageDisplay.from_predictions(
        y,
        model.predict(X),
        name="again",
        ax=display.ax_,
        n_resamples=30,
        random_state=0,
        spread_kind="ellipse",
    )
    labels = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert labels.count("perfect") == 1
    assert len(display.ax_.patches) == 1  # the ellipse


def test_information_coverage_from_cv_results(iris_model):
    model, X, y = iris_model
    results = cross_validate(
        model, X, y, cv=4, scoring=["info_completeness", "neg_false_info_ratio"]
    )
    display = im.InformationCoverageDisplay.from_cv_results({"model": results})
    r, f = np.ravel(display.points_["model"].get_data())
    assert f == pytest.approx(results["test_info_completeness"].mean())
    assert r == pytest.approx(-results["test_neg_false_info_ratio"].mean())
    assert display.spread_["model"].get_offsets().shape == (4, 2)
    with pytest.raises(ValueError, match="lacks test_info_completeness"):
        im.InformationCoverageDisplay.from_cv_results({"m": {"test_score": [1.0]}})
    with pytest.raises(ValueError, match="spread_kind"):
        display.plot(spread_kind="cloud")


def test_reject_curve_display(iris_model):
    model, X, y = iris_model
    display = im.RejectCurveDisplay.from_estimator(model, X, y)
    abstainer = model[-1]
    assert display.threshold == abstainer.threshold
    curve = display.curve
    np.testing.assert_allclose(display.lines_["ni2"].get_xdata(), curve.reject_rate)
    np.testing.assert_allclose(display.lines_["ni2"].get_ydata(), curve.measures["ni2"])
    rate = display.threshold_line_.get_xdata()[0]
    observed = np.mean(model.predict(X) == -1)
    assert rate == pytest.approx(observed)
    marker_y = display.threshold_markers_["ni2"].get_ydata()[0]
    assert marker_y == pytest.approx(model.score(X, y))
    assert display.ax_.get_xlabel() == "reject rate"
    plain = im.RejectCurveDisplay.from_predictions(
        y, model.predict_proba(X), measures=["ni2"], threshold=None
    ).plot(show_error_rate=False)
    assert plain.threshold_line_ is None
    assert list(plain.lines_) == ["ni2"]
    with pytest.raises(ValueError, match="must be a RejectCurve"):
        im.RejectCurveDisplay({"ni2": [1]})


def test_missing_matplotlib_gives_a_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    monkeypatch.delitem(sys.modules, "matplotlib.pyplot", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'infometrics\[plot\]'"):
        im.EntropyTriangleDisplay.from_confusion_matrices({"a": A})
