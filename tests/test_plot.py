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
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
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
    display = im.plotting.EntropyTriangleDisplay.from_estimator(model, X, y, ax=ax)
    assert display.ax_ is ax
    assert list(display.points_) == ["RejectOptionClassifier(LogisticRegression)"]
    matrix = im.augmented_confusion_matrix(y, model.predict(X))
    triangle = im.entropy_triangle(matrix)
    np.testing.assert_allclose(
        np.ravel(next(iter(display.points_.values())).get_data()),
        _ternary(triangle.delta_h, triangle.mutual_info, triangle.variation_info),
    )
    other = im.plotting.EntropyTriangleDisplay.from_predictions(
        y, model.predict(X), name="same", ax=ax
    )
    assert other.marginal_points_ == {}


@pytest.mark.parametrize(
    ("r", "f"), [(0.31, 0.40), (0.05, 0.96), (0.9, 0.63), (2.5, 0.2)]
)
def test_information_coverage_iso_lines_follow_the_data(r, f):
    # A point at S_I/H(T) = 1 - f + r (0.91 for the first) has an iso-line
    # near it, whatever the level; fixed levels left 0.91 with none nearby.
    display = im.plotting.InformationCoverageDisplay({"A": (r, f)}).plot()
    levels = [float(label.get_text().split("=")[1]) for label in display.iso_labels_]
    assert 3 <= len(levels) <= 8
    steps = np.diff(levels)
    np.testing.assert_allclose(steps, steps[0])
    assert min(abs(level - (1 - f + r)) for level in levels) <= steps[0] + 1e-9
    plt.close("all")


@pytest.mark.parametrize("iso_levels", ["many", 0.5, None, ["a"], [np.nan], [[0.5]]])
def test_information_coverage_refuses_unknown_iso_levels(iso_levels):
    # A scalar, None or text used to end in a TypeError deep in the drawing.
    with pytest.raises(ValueError, match="iso_levels must be 'auto'"):
        im.plotting.InformationCoverageDisplay({"A": (0.3, 0.4)}).plot(
            iso_levels=iso_levels
        )
    plt.close("all")


def test_information_coverage_points_iso_lines_and_spread(iris_model):
    model, X, y = iris_model
    display = im.plotting.InformationCoverageDisplay.from_estimator(
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
    # Iso-lines: f = 1 + r - level; each drawn line carries its level's label.
    assert display.iso_lines_
    assert len(display.iso_labels_) == len(display.iso_lines_)
    for line, label in zip(display.iso_lines_, display.iso_labels_, strict=True):
        r, f = line.get_data()
        level = float(label.get_text().split("=")[1].strip(" $"))
        np.testing.assert_allclose(f, 1 - level + r)
    low_x, high_x = display.ax_.get_xlim()
    # The perfect point's star is wholly inside the view, not cut at x = 0.
    assert low_x < 0 < high_x
    assert display.ax_.get_ylim()[1] > 1
    assert display.perfect_point_.get_clip_on()
    assert high_x > coverage.false_info_ratio
    # A second classifier on the same axes: new colour, frame drawn once.
    im.plotting.InformationCoverageDisplay.from_predictions(
        y,
        model.predict(X),
        name="again",
        ax=display.ax_,
        n_resamples=30,
        random_state=0,
    )
    labels = [t.get_text() for t in display.ax_.get_legend().get_texts()]
    assert labels.count("perfect classifier (0, 1)") == 1
    assert sum(label.startswith("equal erroneous information") for label in labels) == 1
    # The spread is in the legend, saying what it is.
    assert "RejectOptionClassifier(LogisticRegression): 100 bootstrap resamples" in (
        labels
    )
    assert "again: 30 bootstrap resamples" in labels


def test_information_coverage_from_cv_results(iris_model):
    model, X, y = iris_model
    results = cross_validate(
        model, X, y, cv=4, scoring=["info_completeness", "neg_false_info_ratio"]
    )
    display = im.plotting.InformationCoverageDisplay.from_cv_results({"model": results})
    r, f = np.ravel(display.points_["model"].get_data())
    assert f == pytest.approx(results["test_info_completeness"].mean())
    assert r == pytest.approx(-results["test_neg_false_info_ratio"].mean())
    assert display.spread_["model"].get_offsets().shape == (4, 2)
    assert display.spread_["model"].get_label() == "model: 4 cross-validation folds"
    with pytest.raises(ValueError, match="lacks test_info_completeness"):
        im.plotting.InformationCoverageDisplay.from_cv_results(
            {"m": {"test_score": [1.0]}}
        )


def test_reject_curve_display(iris_model):
    model, X, y = iris_model
    display = im.plotting.RejectCurveDisplay.from_estimator(model, X, y)
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
    assert display.ax_.get_xlabel() == (
        "reject rate (share of samples rejected; square-root scale)"
    )
    plain = im.plotting.RejectCurveDisplay.from_predictions(
        y, model.predict_proba(X), measures=["ni2"], threshold=None
    ).plot(show_error_rate=False)
    assert plain.threshold_line_ is None
    assert list(plain.lines_) == ["ni2"]
    with pytest.raises(ValueError, match="must be a RejectCurve"):
        im.plotting.RejectCurveDisplay({"ni2": [1]})


def _axes_fraction(ax, x, y):
    return ax.transAxes.inverted().transform(ax.transData.transform((x, y)))


def test_reject_curve_steps_directions_and_sqrt_axis(iris_model):
    model, X, y = iris_model
    display = im.plotting.RejectCurveDisplay.from_estimator(model, X, y)
    ax, lower = display.ax_, display.lower_ax_
    # Only the reachable points exist: steps, not straight lines between them.
    for line in display.lines_.values():
        assert line.get_drawstyle() == "steps-post"
    # Higher-is-better solid on the left axis, lower-is-better dashed on the right.
    for name in ("ni2", "info_completeness"):
        assert display.lines_[name] in ax.lines
        assert display.lines_[name].get_linestyle() == "-"
    for name in ("false_info_ratio", "error_rate"):
        assert display.lines_[name] in lower.lines
        assert display.lines_[name].get_linestyle() == "--"
    assert "higher is better" in ax.get_ylabel()
    assert "lower is better" in lower.get_ylabel()
    legend = [t.get_text() for t in display.legend_.get_texts()]
    assert "ni2 (higher is better)" in legend
    assert "false_info_ratio (lower is better)" in legend
    # The square-root axis gives the first 5 % of rejections sqrt(0.05) ~ 22 %
    # of the width (a linear axis: 5 %).
    assert ax.get_xscale() == "function"
    assert _axes_fraction(ax, 0.05, 0.5)[0] == pytest.approx(np.sqrt(0.05))
    assert ax.get_xlim() == (0.0, 1.0)
    # The legend is below the axes, not over the curves.
    assert display.legend_.get_bbox_to_anchor().y0 < ax.get_window_extent().y0
    linear = im.plotting.RejectCurveDisplay(display.curve).plot(xscale="linear")
    assert linear.ax_.get_xscale() == "linear"


def test_reject_curve_against_coverage_with_selective_risk(iris_model):
    model, X, y = iris_model
    curve = im.curves.reject_curve(y, model.predict_proba(X), measures=["ni2"])
    display = im.plotting.RejectCurveDisplay(curve, threshold=0.7).plot(
        x="coverage", show_error_rate=False, show_selective_risk=True
    )
    np.testing.assert_allclose(display.lines_["ni2"].get_xdata(), 1 - curve.reject_rate)
    risk = display.lines_["selective_risk"]
    np.testing.assert_allclose(risk.get_ydata(), 1 - curve.accepted_accuracy)
    # Selective risk by direct count at the marked threshold.
    confidence = model.predict_proba(X).max(axis=1)
    accepted = confidence >= 0.7
    wrong = model.predict_proba(X).argmax(axis=1) != y
    marker = display.threshold_markers_["selective_risk"]
    assert marker.get_ydata()[0] == pytest.approx(wrong[accepted].mean())
    assert marker.get_xdata()[0] == pytest.approx(accepted.mean())
    assert display.ax_.get_xlabel() == (
        "coverage (share of samples accepted; square-root scale of the rejected share)"
    )
    # sqrt spread at the high-coverage end: 95 % coverage sits at 1 - sqrt(.05).
    x_fraction = _axes_fraction(display.ax_, 0.95, 0.5)[0]
    assert x_fraction == pytest.approx(1 - np.sqrt(0.05))


def test_reject_curve_few_confidences_draws_marked_steps():
    y = np.array([0, 1, 0, 1, 0, 1, 1, 0])
    proba = np.array([[0.9, 0.1]] * 4 + [[0.4, 0.6]] * 4)
    display = im.plotting.RejectCurveDisplay.from_predictions(
        y, proba, measures=["ni2"]
    )
    line = display.lines_["ni2"]
    assert len(line.get_xdata()) == 3  # two distinct confidences, then all
    assert line.get_marker() == "o"
    assert display.lower_ax_ is not None  # the error rate


def test_reject_curve_per_class_thresholds_are_not_marked(iris_model):
    _, X, y = iris_model
    per_class = make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(
            LogisticRegression(C=0.05), threshold=[0.6, 0.7, 0.8]
        ),
    ).fit(X, y)
    display = im.plotting.RejectCurveDisplay.from_estimator(per_class, X, y)
    assert display.threshold is None
    assert display.threshold_line_ is None
    with pytest.raises(ValueError, match="threshold must be one number"):
        im.plotting.RejectCurveDisplay(
            display.curve, threshold=np.array([0.6, 0.7, 0.8])
        )
    with pytest.raises(ValueError, match="threshold must be one number"):
        im.plotting.RejectCurveDisplay(display.curve, threshold="0.7")


def test_reject_curve_bad_options(iris_model):
    model, X, y = iris_model
    curve = im.curves.reject_curve(y, model.predict_proba(X), measures=["ni2"])
    display = im.plotting.RejectCurveDisplay(curve)
    with pytest.raises(ValueError, match="x must be one of"):
        display.plot(x="threshold")
    with pytest.raises(ValueError, match="xscale must be one of"):
        display.plot(xscale="log")
    with pytest.raises(ValueError, match="has no 'kappa'"):
        display.plot(measures=["kappa"])
    # Only lower-is-better lines: one axis, no twin.
    only_lower = display.plot(measures=[], show_error_rate=True)
    assert only_lower.lower_ax_ is None
    assert "lower is better" in only_lower.ax_.get_ylabel()


def _ternary(delta_h, mutual_info, variation_info):
    """Where the entropy triangle puts a point (Valverde-Albacete & Pelaez-Moreno
    2014): VI' = 1 at (0, 0), MI' = 1 at (1, 0), the Delta H' = 1 apex at
    (1/2, sqrt(3)/2)."""
    assert np.allclose(delta_h + mutual_info + variation_info, 1)
    return mutual_info + delta_h / 2, delta_h * np.sqrt(3) / 2


def _ternary_inverse(x, y):
    delta_h = y / (np.sqrt(3) / 2)
    mutual_info = x - delta_h / 2
    return delta_h, mutual_info, 1 - delta_h - mutual_info


def test_entropy_triangle_ticks_clear_of_points_on_the_base():
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        {"good": [[48, 2], [1, 49]]}, extended=True
    )
    ticks = [t for t in display.ax_.texts if t.get_text() in {"0.9", "0.5"}]
    assert len(ticks) == 2
    for tick in ticks:
        # Below the base by more than a marker's radius (the ▲ of the input
        # marginal of balanced classes sits on the base, y = 0).
        assert tick.get_position()[1] <= -0.04
        assert tick.get_va() == "top"


def test_entropy_triangle_side_labels_clear_of_points_on_the_sides():
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices({"a": A})
    left, right = display.side_labels_[1:]
    for label, corner in ((left, (0.0, 0.0)), (right, (1.0, 0.0))):
        x, y = label.get_position()
        # Distance from the slanted side through ``corner`` and the apex.
        direction = np.array([0.5 - corner[0], np.sqrt(3) / 2])
        direction /= np.linalg.norm(direction)
        offset = np.array([x - corner[0], y - corner[1]])
        distance = abs(offset[0] * direction[1] - offset[1] * direction[0])
        assert distance > 0.06
        # Outside the triangle.
        assert (x < 0.5 and y > np.sqrt(3) * x) or (
            x > 0.5 and y > np.sqrt(3) * (1 - x)
        )


def test_entropy_triangle_zoom_labels_its_grid_and_has_no_legend():
    matrices = {"a": [[45, 3, 2], [4, 44, 2]], "b": [[40, 8, 2], [7, 41, 2]]}
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        matrices, extended=True
    )
    _, ax = plt.subplots()
    zoomed = display.plot(ax=ax, extended=True, zoom=True, legend=False)
    assert ax.get_legend() is None
    assert zoomed.legend_ is None
    (x_low, x_high), (y_low, y_high) = ax.get_xlim(), ax.get_ylim()
    for line in [*zoomed.points_.values(), *sum(zoomed.marginal_points_.values(), ())]:
        x, y = np.ravel(line.get_data())
        assert x_low < x < x_high
        assert y_low < y < y_high
    # Bottom ticks: the 2MI' grid lines where they cross the bottom edge.
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert len(labels) >= 2
    for position, text in zip(ax.get_xticks(), labels, strict=True):
        _, mutual_info, _ = _ternary_inverse(position, y_low)
        assert mutual_info == pytest.approx(float(text), abs=1e-9)
    # Left ticks: ΔH' of the horizontal grid lines.
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) >= 2
    for position, text in zip(ax.get_yticks(), labels, strict=True):
        assert _ternary_inverse(0.0, position)[0] == pytest.approx(float(text))
    # Top ticks: VI' of the falling grid lines where they cross the top edge.
    top = zoomed.top_axis_
    labels = [t.get_text() for t in top.get_xticklabels()]
    assert len(labels) >= 2
    for position, text in zip(top.get_xticks(), labels, strict=True):
        assert _ternary_inverse(position, y_high)[2] == pytest.approx(float(text))
    assert "2MI'" in ax.get_xlabel()
    assert "ΔH'" in ax.get_ylabel()
    assert "VI'" in top.get_xlabel()
    # With its legend, the zoomed panel puts it below the axes when the layout
    # makes room for it, and inside the axes otherwise, never off the figure.
    _, ax = plt.subplots(layout="constrained")
    with_legend = display.plot(ax=ax, zoom=True)
    assert with_legend.legend_.get_bbox_to_anchor().y0 < ax.get_window_extent().y0
    figure, ax = plt.subplots()
    with_legend = display.plot(ax=ax, zoom=True)
    figure.canvas.draw()
    box = with_legend.legend_.get_window_extent()
    assert ax.get_window_extent().contains(box.x0, box.y0)
    assert ax.get_window_extent().contains(box.x1, box.y1)
    # The title clears the top axis' labels and stays inside the figure.
    title = ax.title.get_window_extent()
    assert title.y1 <= figure.bbox.y1
    assert title.y0 >= with_legend.top_axis_.get_tightbbox().y1 - 1


def test_information_coverage_labels_stay_off_the_points(iris_model):
    model, X, y = iris_model
    display = im.plotting.InformationCoverageDisplay.from_estimator(
        model, X, y, n_resamples=200, random_state=0
    )
    ax = display.ax_
    cloud = next(iter(display.spread_.values())).get_offsets()
    (r_low, r_high), (f_low, f_high) = ax.get_xlim(), ax.get_ylim()
    scale = np.array([r_high - r_low, f_high - f_low])
    for label in display.iso_labels_:
        r, f = label.get_position()
        assert r_low < r < r_high
        assert f_low < f < f_high
        distance = np.linalg.norm((cloud - [r, f]) / scale, axis=1).min()
        assert distance > 0.03
    # The legend sits below the axes.
    assert ax.get_legend().get_bbox_to_anchor().y0 < ax.get_window_extent().y0


def test_missing_matplotlib_gives_a_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    monkeypatch.delitem(sys.modules, "matplotlib.pyplot", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'infometrics\[plot\]'"):
        im.plotting.EntropyTriangleDisplay.from_confusion_matrices({"a": A})


def _wrapped(wrapper, model, X, y):
    """The fitted pipeline inside a search or inside a FrozenEstimator."""
    from sklearn.frozen import FrozenEstimator
    from sklearn.model_selection import GridSearchCV

    if wrapper == "frozen":
        return FrozenEstimator(model)
    search = GridSearchCV(model, {"standardscaler__with_mean": [True]}, cv=2)
    return search.fit(X, y)


@pytest.mark.parametrize("wrapper", ["search", "frozen"])
def test_displays_of_a_wrapped_pipeline_are_those_of_the_pipeline(wrapper):
    # A search or a FrozenEstimator around a pipeline ending in an abstaining
    # classifier: the Displays read its own response method, its threshold
    # and its name through the wrappers, as for the bare pipeline.
    X, y = load_iris(return_X_y=True)
    model = make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(
            LogisticRegression(C=0.05),
            threshold=0.5,
            response_method="decision_function",
        ),
    ).fit(X, y)
    wrapped = _wrapped(wrapper, model, X, y)
    bare = im.plotting.RejectCurveDisplay.from_estimator(model, X, y)
    other = im.plotting.RejectCurveDisplay.from_estimator(wrapped, X, y)
    assert other.name == bare.name == "RejectOptionClassifier(LogisticRegression)"
    assert other.threshold == bare.threshold == 0.5
    np.testing.assert_array_equal(other.curve.thresholds, bare.curve.thresholds)
    assert list(other.curve.measures) == list(bare.curve.measures)
    for name, values in bare.curve.measures.items():
        np.testing.assert_array_equal(other.curve.measures[name], values)
    bare = im.plotting.RiskCoverageDisplay.from_estimator(model, X, y)
    other = im.plotting.RiskCoverageDisplay.from_estimator(wrapped, X, y)
    assert other.name == bare.name
    np.testing.assert_array_equal(other.coverage, bare.coverage)
    np.testing.assert_array_equal(other.selective_risk, bare.selective_risk)
    assert other.aurc == bare.aurc


def test_entropy_triangle_zoom_needs_a_defined_point():
    # An all-zero matrix has no defined coordinates: nothing to zoom on.
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        {"empty": [[0, 0], [0, 0]]}
    )
    with pytest.raises(ValueError, match="No classifier has a defined"):
        display.plot(zoom=True)


def test_information_coverage_skips_spread_it_cannot_draw():
    # A cloud with no finite point, or of a classifier without a point, is
    # left out of the figure and of the legend.
    display = im.plotting.InformationCoverageDisplay(
        {"A": (0.2, 0.7)},
        spread={"A": [[np.nan, 0.5]], "B": [[0.1, 0.8], [0.2, 0.9]]},
    ).plot()
    assert display.spread_ == {}
    labels = [text.get_text() for text in display.legend_.get_texts()]
    assert not any("resamples" in label for label in labels)


def test_many_reject_curves_on_one_axes_reuse_the_colour_cycle(iris_model):
    # Past the ten colours of the cycle, later curves take colours again
    # rather than failing.
    model, X, y = iris_model
    _, ax = plt.subplots()
    for name in "ABCD":
        display = im.plotting.RejectCurveDisplay.from_estimator(
            model, X, y, name=name, ax=ax
        )
    assert len(display.lines_) == 4
    assert display.ax_.get_title() == "Reject curves: A, B, C, D"


def test_entropy_triangles_on_one_axes_list_the_marginal_markers_once():
    matrices = {"a": [[45, 3, 2], [4, 44, 2]]}
    first = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        matrices, extended=True
    )
    second = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        {"b": [[40, 8, 2], [7, 41, 2]]}, extended=True, ax=first.ax_
    )
    labels = [text.get_text() for text in second.legend_.get_texts()]
    assert labels.count("input marginal X") == 1
    assert labels.count("output marginal Y") == 1
    assert {"a", "b"} <= set(labels)


@pytest.mark.parametrize("zoom", [False, True])
def test_entropy_triangle_legend_lists_every_model_before_the_marginals(zoom):
    # A second model on the same axes used to come after the marginal markers.
    _, ax = plt.subplots(layout="constrained")
    for name, matrix in {
        "A": [[45, 3, 2], [4, 44, 2]],
        "B": [[40, 8, 2], [7, 41, 2]],
    }.items():
        display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
            {name: matrix}, extended=True, ax=ax, zoom=zoom
        )
    texts = [text.get_text() for text in display.legend_.get_texts()]
    assert texts == ["A", "B", "input marginal X", "output marginal Y"]
    plt.close("all")
