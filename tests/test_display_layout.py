"""Displays drawn on a user's own axes stay readable (artist state, Agg)."""

import inspect

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression

import infometrics as im

NEWSGROUPS = [
    "alt.atheism",
    "comp.graphics",
    "comp.os.ms-windows.misc",
    "comp.sys.ibm.pc.hardware",
    "comp.sys.mac.hardware",
    "comp.windows.x",
    "misc.forsale",
    "rec.autos",
    "rec.motorcycles",
    "rec.sport.baseball",
]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def iris():
    X, y = load_iris(return_X_y=True)
    abstaining = im.RejectOptionClassifier(
        LogisticRegression(max_iter=500), threshold=0.8
    ).fit(X, y)
    cautious = im.RejectOptionClassifier(
        LogisticRegression(C=0.01, max_iter=500), threshold=0.6
    ).fit(X, y)
    return abstaining, cautious, X, y


def _drawn_extent(artist):
    artist.figure.canvas.draw()
    return artist.get_window_extent()


def _inside(box, outer, slack=1.0):
    return (
        box.x0 >= outer.x0 - slack
        and box.y0 >= outer.y0 - slack
        and box.x1 <= outer.x1 + slack
        and box.y1 <= outer.y1 + slack
    )


def _displays(model, X, y, ax):
    return {
        "risk-coverage": lambda: im.plotting.RiskCoverageDisplay.from_estimator(
            model, X, y, plot_oracle=True, ax=ax
        ),
        "reject curve": lambda: im.plotting.RejectCurveDisplay.from_estimator(
            model, X, y, ax=ax
        ),
        "information coverage": lambda: (
            im.plotting.InformationCoverageDisplay.from_estimator(
                model, X, y, n_resamples=30, random_state=0, ax=ax
            )
        ),
    }


@pytest.mark.parametrize(
    "kind", ["risk-coverage", "reject curve", "information coverage"]
)
@pytest.mark.parametrize("layout", [None, "constrained"])
def test_legend_stays_inside_the_figure(iris, kind, layout):
    model, _, X, y = iris
    figure, ax = plt.subplots(layout=layout)
    display = _displays(model, X, y, ax)[kind]()
    legend = display.legend_
    assert legend is not None
    assert legend.get_texts()
    assert _inside(_drawn_extent(legend), figure.bbox)


def test_two_reject_curves_share_one_right_axis_with_distinct_colours(iris):
    first_model, second_model, X, y = iris
    figure, ax = plt.subplots()
    first = im.plotting.RejectCurveDisplay.from_estimator(
        first_model, X, y, ax=ax, name="A"
    )
    second = im.plotting.RejectCurveDisplay.from_estimator(
        second_model, X, y, ax=ax, name="B"
    )
    assert len(figure.axes) == 2  # the axes and one twin on the right
    assert second.lower_ax_ is first.lower_ax_ is not None
    colours = [
        {to_rgba(line.get_color()) for line in display.lines_.values()}
        for display in (first, second)
    ]
    assert len(colours[0]) == len(first.lines_)
    assert len(colours[1]) == len(second.lines_)
    assert not colours[0] & colours[1]
    assert ax.get_title() == "Reject curves: A, B"
    labels = [text.get_text() for text in second.legend_.get_texts()]
    assert "A: ni2 (higher is better)" in labels
    assert "B: ni2 (higher is better)" in labels
    assert sum(label.startswith("B: threshold") for label in labels) == 1
    assert figure.legends == []
    assert first.lower_ax_.get_legend() is None
    assert ax.get_legend() is second.legend_


def test_reject_curves_against_different_abscissae_are_refused(iris):
    model, _, X, y = iris
    _, ax = plt.subplots()
    im.plotting.RejectCurveDisplay.from_estimator(model, X, y, ax=ax)
    with pytest.raises(ValueError, match=r"against .reject_rate.*x=.reject_rate."):
        im.plotting.RejectCurveDisplay.from_estimator(model, X, y, ax=ax, x="coverage")


def test_reject_curve_axes_say_which_is_which_and_the_scale(iris):
    model, _, X, y = iris
    display = im.plotting.RejectCurveDisplay.from_estimator(
        model,
        X,
        y,
        measures=["ni2"],
        show_error_rate=False,
        show_selective_risk=True,
    )
    assert "square-root scale" in display.ax_.get_xlabel()
    assert display.ax_.get_ylabel() == "ni2 (solid, higher is better)"
    assert display.lower_ax_.get_ylabel() == "selective risk (dashed, lower is better)"
    linear = im.plotting.RejectCurveDisplay.from_estimator(model, X, y, xscale="linear")
    assert "square-root" not in linear.ax_.get_xlabel()


def test_entropy_triangle_legend_leaves_the_apex_label_free(iris):
    model, _, X, y = iris
    figure, ax = plt.subplots()
    display = im.plotting.EntropyTriangleDisplay.from_estimator(
        model, X, y, extended=True, ax=ax
    )
    names = [text.get_text() for text in display.legend_.get_texts()]
    assert names[0] == "RejectOptionClassifier\n(LogisticRegression)"
    legend_box = _drawn_extent(display.legend_)
    apex_box = display.vertex_labels_[2].get_window_extent()
    assert not legend_box.overlaps(apex_box)
    assert _inside(legend_box, figure.bbox)


def test_information_coverage_lists_the_iso_lines_only_when_drawn():
    matrices = {"A": [[40, 5, 5], [3, 45, 2]]}

    def legend_texts(display):
        return [text.get_text() for text in display.legend_.get_texts()]

    shown = im.plotting.InformationCoverageDisplay.from_confusion_matrices(matrices)
    assert shown.iso_lines_
    assert any("equal erroneous information" in t for t in legend_texts(shown))
    hidden = im.plotting.InformationCoverageDisplay.from_confusion_matrices(
        matrices, iso_levels=()
    )
    assert hidden.iso_lines_ == []
    assert not any("equal erroneous information" in t for t in legend_texts(hidden))


def _confusion(n_classes, names):
    rng = np.random.default_rng(n_classes)
    counts = rng.integers(0, 20, (n_classes, n_classes + 1))
    counts[np.arange(n_classes), np.arange(n_classes)] += 50
    return counts, names


def test_explicit_rotation_is_kept():
    counts, names = _confusion(10, NEWSGROUPS)
    display = im.plotting.AugmentedConfusionMatrixDisplay.from_confusion_matrix(
        counts, display_labels=names, xticks_rotation="vertical"
    )
    assert {label.get_rotation() for label in display.ax_.get_xticklabels()} == {90.0}


DISPLAYS = [
    im.plotting.AugmentedConfusionMatrixDisplay,
    im.plotting.EntropyTriangleDisplay,
    im.plotting.InformationCoverageDisplay,
    im.plotting.RejectCurveDisplay,
    im.plotting.RiskCoverageDisplay,
]


@pytest.mark.parametrize("display", DISPLAYS, ids=lambda d: d.__name__)
def test_from_predictions_signatures_follow_one_pattern(display):
    # (y_true, y_pred or y_score, *, confidence=... or confidence_method=...,
    #  sample_weight=None, ..., ax=None, name=None, **kwargs): confidence is
    #  always one per sample, confidence_method how scores become one.
    parameters = list(inspect.signature(display.from_predictions).parameters.values())
    positional = [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert positional[0] == "y_true"
    assert positional[1] in ("y_pred", "y_score")
    assert len(positional) == 2
    keywords = [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]
    assert keywords[-2:] == ["ax", "name"]
    first = keywords.index("sample_weight")
    assert keywords[:first] in ([], ["confidence"], ["confidence_method"])
    if positional[1] == "y_score":
        assert keywords[:first] == ["confidence_method"]
    assert parameters[-1].kind is inspect.Parameter.VAR_KEYWORD
    defaults = {p.name: p.default for p in parameters}
    assert defaults["sample_weight"] is defaults["ax"] is defaults["name"] is None


def test_risk_coverage_from_predictions_needs_the_confidence():
    with pytest.raises(ValueError, match="needs confidence="):
        im.plotting.RiskCoverageDisplay.from_predictions([0, 1], [0, 1])


def _ink(figure, keep):
    """Pixels drawn by the artists ``keep`` alone (every other artist hidden)."""
    artists = figure.findobj(lambda artist: artist.get_visible())
    shown = {id(artist) for artist in keep}
    for artist in artists:
        container = artist is figure or artist is artist.axes
        if not container and id(artist) not in shown:
            artist.set_visible(False)
    figure.patch.set_visible(False)
    figure.canvas.draw()
    pixels = np.asarray(figure.canvas.buffer_rgba())[..., 3] > 0
    for artist in artists:
        artist.set_visible(True)
    return pixels


@pytest.mark.parametrize("size", [(4, 4), (6.4, 4.8), (13, 6.5)])
def test_triangle_side_labels_never_cross_the_triangle(size):
    # Each side's label stays off the triangle, small figure or large.
    figure, ax = plt.subplots(figsize=size)
    display = im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
        {"A": [[40, 5, 5], [3, 45, 2]], "B": [[30, 10, 10], [5, 40, 5]]},
        ax=ax,
        extended=True,
    )
    outline = ax.lines[0]  # the triangle, drawn first
    edge = _ink(figure, [outline])
    for label in display.side_labels_:
        text = _ink(figure, [label])
        assert text.any()
        assert not (text & edge).any(), label.get_text()


@pytest.mark.parametrize("layout", [None, "constrained"])
def test_shared_reject_curves_keep_their_axis_labels_whole(iris, layout):
    """With two displays' legend below, the axes are short: two measure names
    and the rule go on two lines, so the left label stays inside the figure;
    in a plain figure (legend inside, no room made beside) they stay on one."""
    first_model, second_model, X, y = iris
    _, ax = plt.subplots(layout=layout)
    for model, name in ((first_model, "A"), (second_model, "B")):
        display = im.plotting.RejectCurveDisplay.from_estimator(
            model, X, y, name=name, ax=ax, show_selective_risk=True
        )
    for axes in (display.ax_, display.lower_ax_):
        label = axes.yaxis.label
        assert _inside(_drawn_extent(label), display.figure_.bbox), label.get_text()


def test_a_second_zoomed_triangle_on_the_axes_replaces_the_top_axis():
    # The top axis' VI' ticks are placed for one view's top edge.
    _, ax = plt.subplots()
    triangle = im.plotting.EntropyTriangleDisplay
    triangle.from_confusion_matrices({"A": [[40, 5, 5], [3, 45, 2]]}, ax=ax, zoom=True)
    second = triangle.from_confusion_matrices(
        {"B": [[30, 20, 0], [10, 40, 0]]}, ax=ax, zoom=True
    )
    assert ax.child_axes == [second.top_axis_]


def test_zoomed_triangles_on_one_axes_keep_every_point_in_view():
    _, ax = plt.subplots()
    triangle = im.plotting.EntropyTriangleDisplay
    first = triangle.from_confusion_matrices(
        {"A": [[40, 5, 5], [3, 45, 2]]}, ax=ax, zoom=True
    )
    triangle.from_confusion_matrices(
        {"B": [[30, 20, 0], [10, 40, 0]]}, ax=ax, zoom=True
    )
    (x_low, x_high), (y_low, y_high) = ax.get_xlim(), ax.get_ylim()
    for point in (*first.points_.values(), *ax.get_legend_handles_labels()[0]):
        x, y = np.ravel(point.get_data())
        assert x_low < x < x_high
        assert y_low < y < y_high
