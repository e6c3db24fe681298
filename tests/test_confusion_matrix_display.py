"""AugmentedConfusionMatrixDisplay: artist state with the Agg backend."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im

Display = im.plotting.AugmentedConfusionMatrixDisplay


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


def _texts(display):
    return [[text.get_text() for text in row] for row in display.text_]


def test_from_predictions_counts_and_reject_column_apart():
    y_true = ["b", "a", "a", "b", "c", "c", "c"]
    y_pred = ["b", "a", "?", "a", "c", "?", "?"]
    display = Display.from_predictions(y_true, y_pred, reject_label="?")
    expected = im.augmented_confusion_matrix(y_true, y_pred, reject_label="?")
    np.testing.assert_array_equal(display.im_.get_array(), expected[:, :3])
    np.testing.assert_array_equal(display.reject_im_.get_array(), expected[:, 3:])
    assert _texts(display) == [
        [str(v) for v in row] for row in expected.astype(int).tolist()
    ]
    ax = display.ax_
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c", "rejected"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b", "c"]
    assert ax.get_xlabel() == "Predicted label"
    assert ax.get_ylabel() == "True label"
    # Set apart: a gap before the reject column and a colour map of its own.
    left, right, _, _ = display.reject_im_.get_extent()
    assert left > display.im_.get_extent()[1]
    assert right - left == pytest.approx(1.0)
    assert display.reject_im_.cmap.name != display.im_.cmap.name
    assert display.text_[0, 3].get_position()[0] == pytest.approx((left + right) / 2)
    # One value scale for both images.
    assert display.im_.norm.vmax == display.reject_im_.norm.vmax == expected.max()
    assert display.figure_ is ax.figure
    assert len(display.figure_.axes) == 2  # the colour bar


@pytest.mark.parametrize("normalize", ["true", "pred", "all"])
def test_normalize(normalize):
    counts = np.array([[5, 1, 2], [0, 0, 0], [1, 3, 4]])
    matrix = np.column_stack([counts, [2, 0, 1]])
    display = Display.from_confusion_matrix(matrix, normalize=normalize)
    shown = np.column_stack([display.im_.get_array(), display.reject_im_.get_array()])
    axis = {"true": 1, "pred": 0, "all": None}[normalize]
    totals = matrix.sum(axis=axis, keepdims=axis is not None)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.nan_to_num(matrix / totals)
    np.testing.assert_allclose(shown, expected)
    if normalize == "true":
        # Rates over each true class, rejections included: rows sum to 1.
        np.testing.assert_allclose(shown.sum(axis=1), [1, 0, 1])
    assert display.text_[0, 0].get_text() == f"{expected[0, 0]:.2f}"


def test_square_matrix_has_no_reject_column_and_options():
    display = Display.from_confusion_matrix(
        [[90, 0], [1, 9]], display_labels=["neg", "pos"], colorbar=False
    )
    # No reject option, no reject column: nothing of it is drawn or named.
    assert display.reject_im_ is None
    assert [t.get_text() for t in display.ax_.get_xticklabels()] == ["neg", "pos"]
    assert display.ax_.get_xlim() == (-0.5, 1.5)
    assert _texts(display) == [["90", "0"], ["1", "9"]]
    assert len(display.figure_.axes) == 1
    # Dark text on light cells, light text on dark ones.
    assert display.text_[0, 0].get_color() == display.im_.cmap(0.0)
    assert display.text_[1, 0].get_color() == display.im_.cmap(1.0)
    _, ax = plt.subplots()
    again = display.plot(ax=ax, include_values=False, xticks_rotation=45)
    assert again is display
    assert again.ax_ is ax
    assert again.text_ is None
    assert ax.get_xticklabels()[0].get_rotation() == 45
    weighted = Display.from_predictions(
        [0, 1, 1], [0, 1, -1], sample_weight=[0.5, 1.5, 2.0]
    )
    assert _texts(weighted) == [["0.5", "0", "0"], ["0", "1.5", "2"]]


def test_from_estimator_counts_the_rejections(iris_model):
    model, X, y = iris_model
    display = Display.from_estimator(model, X, y, normalize="true")
    counts = im.augmented_confusion_matrix(y, model.predict(X))
    rates = counts / counts.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(display.reject_im_.get_array()[:, 0], rates[:, -1])
    assert rates[:, -1].sum() > 0
    plain = Display.from_estimator(model[-1].estimator_, model[0].transform(X), y)
    # A classifier without a reject option gets no reject column at all.
    assert plain.reject_im_ is None


def test_bad_inputs():
    with pytest.raises(ValueError, match="normalize must be one of"):
        Display.from_confusion_matrix([[1, 0], [0, 1]], normalize="rows")
    with pytest.raises(ValueError, match="display_labels has 3 names"):
        Display.from_confusion_matrix([[1, 0], [0, 1]], display_labels=["a", "b", "c"])
    with pytest.raises(ValueError, match="shows one matrix"):
        Display.from_confusion_matrix(np.ones((2, 2, 3)))
    with pytest.raises(ValueError, match="shows one matrix"):
        Display(np.ones((2, 2, 3))).plot()
    with pytest.raises(ValueError, match="contains negative values"):
        Display.from_confusion_matrix([[1, -1], [0, 1]])


@pytest.mark.parametrize("scale", [1e-100, 1e100, 0.5])
def test_weighted_counts_are_shown_as_they_are(scale):
    # Counts are rounded to integers only when every one is exactly whole and
    # fits int64: x1e-100 once showed an all-zero matrix, x1e100 an invalid cast.
    y_true, y_pred = [0, 0, 1, 1, 1], [0, -1, 1, 0, 1]
    weight = np.array([1.0, 2.0, 3.0, 1.0, 1.0]) * scale
    display = Display.from_predictions(y_true, y_pred, sample_weight=weight)
    expected = np.array([[1.0, 0.0, 2.0], [1.0, 4.0, 0.0]]) * scale
    assert display.confusion_matrix.dtype == float
    np.testing.assert_allclose(display.confusion_matrix, expected, rtol=1e-15)
    shown = [float(text.get_text()) for text in display.text_.ravel()]
    np.testing.assert_allclose(shown, expected.ravel(), rtol=0.05)


def test_whole_weighted_counts_are_integers():
    display = Display.from_predictions([0, 1, 1], [0, 1, -1], sample_weight=[2.0, 3, 1])
    assert display.confusion_matrix.dtype == np.int64
    assert [t.get_text() for t in display.text_.ravel()] == [
        "2",
        "0",
        "0",
        "0",
        "3",
        "1",
    ]


def test_name_is_the_title(iris_model):
    model, X, y = iris_model
    # No title unless a name is given, as in scikit-learn; drawn literally.
    assert Display.from_estimator(model, X, y).ax_.get_title() == ""
    named = Display.from_estimator(model, X, y, name="cost $5")
    assert named.ax_.get_title() == r"cost \$5"


def test_from_predictions_names_the_classes_by_their_labels_or_display_labels():
    y_true, y_pred = ["b", "a", "b"], ["b", "a", "-"]
    display = Display.from_predictions(y_true, y_pred, reject_label="-")
    names = [label.get_text() for label in display.ax_.get_yticklabels()]
    assert names == ["a", "b"]
    display = Display.from_predictions(
        y_true, y_pred, reject_label="-", display_labels=["A", "B"], name="model"
    )
    names = [label.get_text() for label in display.ax_.get_yticklabels()]
    assert names == ["A", "B"]
    assert display.ax_.get_title() == "model"
