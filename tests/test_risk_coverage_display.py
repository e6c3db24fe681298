"""RiskCoverageDisplay: artist state with the Agg backend (no pixels compared)."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(
        n_samples=300,
        n_features=6,
        n_informative=4,
        n_classes=3,
        n_clusters_per_class=1,
        class_sep=0.8,
        random_state=0,
    )
    return X, y


def _random_problem(seed, n=60):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 3, n)
    y_pred = np.where(rng.uniform(size=n) < 0.7, y_true, rng.integers(0, 3, n))
    confidence = rng.integers(0, 6, n) / 5  # heavy ties
    weights = rng.uniform(0.2, 3.0, n)
    return y_true, y_pred, confidence, weights


@pytest.mark.parametrize("seed", range(5))
def test_curve_aurc_and_oracle(seed):
    y_true, y_pred, confidence, weights = _random_problem(seed)
    display = im.plotting.RiskCoverageDisplay.from_predictions(
        y_true,
        y_pred,
        confidence=confidence,
        sample_weight=weights,
        name="m",
        plot_oracle=True,
    )
    curve = im.curves.risk_coverage_curve(
        y_true, y_pred, confidence, sample_weight=weights
    )
    # The first risk is held from coverage 0 (c_0 = 0 of the step rule).
    x, r = display.line_.get_xdata(), display.line_.get_ydata()
    np.testing.assert_allclose(x, np.r_[0.0, curve.coverage])
    np.testing.assert_allclose(r, np.r_[curve.selective_risk[0], curve.selective_risk])
    assert display.line_.get_marker() == "o"  # few points: the reachable ones
    area = im.curves.aurc(y_true, y_pred, confidence, sample_weight=weights)
    assert display.aurc == pytest.approx(area)
    assert display.line_.get_label() == f"m (AURC = {area:.4f})"
    # The steps drawn are the AURC's step rule: R_g over (c_{g-1}, c_g].
    assert display.line_.get_drawstyle() == "steps-pre"
    assert np.sum(np.diff(x, prepend=0.0) * r) == pytest.approx(area)
    # The oracle is the best ranking: its area is aurc - e_aurc.
    excess = im.curves.e_aurc(y_true, y_pred, confidence, sample_weight=weights)
    assert display.oracle_aurc == pytest.approx(area - excess)
    ox, orisk = display.oracle_line_.get_xdata(), display.oracle_line_.get_ydata()
    assert np.sum(np.diff(ox, prepend=0.0) * orisk) == pytest.approx(area - excess)
    correct_share = weights[y_true == y_pred].sum() / weights.sum()
    assert np.all(orisk[ox <= correct_share + 1e-12] == 0)
    assert np.all(orisk[ox > correct_share + 1e-12] > 0)
    assert display.oracle_line_.get_color() == display.line_.get_color()
    assert display.oracle_line_.get_label().startswith("m, oracle ranking (AURC = ")


def test_several_classifiers_on_one_axes(data):
    X, y = data
    lr = LogisticRegression().fit(X, y)
    nb = GaussianNB().fit(X, y)
    first = im.plotting.RiskCoverageDisplay.from_estimator(lr, X, y)
    second = im.plotting.RiskCoverageDisplay.from_estimator(nb, X, y, ax=first.ax_)
    assert second.ax_ is first.ax_
    assert first.line_.get_color() != second.line_.get_color()
    labels = [t.get_text() for t in first.ax_.get_legend().get_texts()]
    assert [label.split(" (")[0] for label in labels] == [
        "LogisticRegression",
        "GaussianNB",
    ]
    # Both curves in view, whichever is higher.
    top = max(np.nanmax(first.line_.get_ydata()), np.nanmax(second.line_.get_ydata()))
    assert first.ax_.get_ylim()[1] >= top
    assert first.ax_.get_ylim()[0] == pytest.approx(
        -0.03 / 1.05 * first.ax_.get_ylim()[1]
    )
    # from_estimator: the top probability and the unrejected prediction.
    proba = lr.predict_proba(X)
    expected = im.curves.aurc(y, lr.classes_[proba.argmax(1)], proba.max(1))
    assert first.aurc == pytest.approx(expected)
    assert "lower is better" in first.ax_.get_title()


def test_reject_option_classifier_scores_its_predictions_before_rejection(data):
    X, y = data
    model = make_pipeline(
        StandardScaler(),
        im.RejectOptionClassifier(
            LogisticRegression(), threshold=0.5, response_method="decision_function"
        ),
    ).fit(X, y)
    display = im.plotting.RiskCoverageDisplay.from_estimator(model, X, y, xscale="sqrt")
    margin = model[-1].predict_confidence(model[0].transform(X))
    decision = model.decision_function(X)
    unrejected = model.classes_[decision.argmax(1)]
    assert display.aurc == pytest.approx(im.curves.aurc(y, unrejected, margin))
    assert display.line_.get_label().startswith(
        "RejectOptionClassifier(LogisticRegression) (AURC"
    )
    assert display.ax_.get_xscale() == "function"


def test_bad_inputs(data):
    X, y = data
    display = im.plotting.RiskCoverageDisplay(
        coverage=[0.5, 1.0], selective_risk=[0.0, 0.1]
    )
    drawn = display.plot()
    assert drawn.line_.get_label() == "classifier"
    assert drawn.oracle_line_ is None
    with pytest.raises(ValueError, match="no oracle curve"):
        display.plot(plot_oracle=True)
    with pytest.raises(ValueError, match="xscale must be one of"):
        display.plot(xscale="log")
    lr = LogisticRegression().fit(X, y)
    with pytest.raises(ValueError, match="response_method must be one of"):
        im.plotting.RiskCoverageDisplay.from_estimator(
            lr, X, y, response_method="predict"
        )

    with pytest.raises(ValueError, match="y_pred before rejection"):
        im.plotting.RiskCoverageDisplay.from_predictions(
            [0, 1, 1], [0, -1, 1], confidence=[0.9, 0.2, 0.8]
        )

    class NoScores:
        classes_ = np.array([0, 1, 2])

        def predict(self, X):
            return np.zeros(len(X), dtype=int)

    with pytest.raises(ValueError, match="neither predict_proba nor decision_function"):
        im.plotting.RiskCoverageDisplay.from_estimator(NoScores(), X, y)


def test_from_estimator_refuses_one_vs_one_decision_columns():
    # Three classes give three pairwise columns: the shape cannot tell them
    # from one column per class, so the estimator's setting is read.
    from sklearn.svm import SVC

    X, y = make_classification(
        n_samples=60, n_classes=3, n_informative=4, random_state=0
    )
    svc = SVC(decision_function_shape="ovo").fit(X, y)
    for display in (im.plotting.RiskCoverageDisplay, im.plotting.RejectCurveDisplay):
        with pytest.raises(ValueError, match="one decision column per pair"):
            display.from_estimator(svc, X, y)


@pytest.mark.parametrize(
    ("xscale", "label"),
    [
        ("linear", "coverage (share of samples accepted)"),
        (
            "sqrt",
            "coverage (share of samples accepted; square-root scale of the "
            "rejected share)",
        ),
    ],
)
def test_coverage_axis_names_its_scale(xscale, label):
    display = im.plotting.RiskCoverageDisplay.from_predictions(
        [0, 1, 1], [0, 1, 0], confidence=[0.9, 0.8, 0.7], xscale=xscale
    )
    assert display.ax_.get_xlabel() == label


def test_from_estimator_reads_a_class_minus_one_as_a_class(data):
    X, y = data
    y = np.array([-1, 1, 2])[y]
    lr = LogisticRegression().fit(X, y)
    display = im.plotting.RiskCoverageDisplay.from_estimator(lr, X, y)
    proba = lr.predict_proba(X)
    expected = im.curves.aurc(
        y, lr.classes_[proba.argmax(1)], proba.max(1), reject_label=None
    )
    assert display.aurc == pytest.approx(expected)
