"""
Tuning a reject option with NI2
===============================

Two classes that overlap (``make_classification`` with ``class_sep=1.0``, the
setting of ``infometrics demo``) leave some samples ambiguous whatever the
model. :class:`~infometrics.RejectOptionClassifierCV` sweeps every distinct
confidence threshold out of fold and keeps the one that maximises NI2 — no
cost of an error or a rejection has to be invented. On held-out samples we
then ask whether abstaining paid off, with the paired bootstrap interval of
the NI2 difference.
"""

import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

import infometrics as im

X, y = make_classification(
    n_samples=4000,
    n_features=10,
    n_informative=6,
    n_redundant=2,
    n_clusters_per_class=1,
    class_sep=1.0,
    random_state=0,
)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.5, stratify=y, random_state=0
)
model = LogisticRegression(solver="liblinear")
tuned = im.RejectOptionClassifierCV(model, cv=5).fit(X_train, y_train)
print(f"threshold {tuned.best_threshold_:.3f}, out-of-fold NI2 {tuned.best_score_:.3f}")

# %%
# The out-of-fold reject curve the threshold was chosen from, against the
# coverage, one panel per quantity on a shared coverage axis: NI2 (higher is
# better) peaks where the selective risk (lower is better) has already fallen
# by half. The square-root axis spreads the high-coverage end, where the
# useful thresholds are.

fig, (ni2_ax, risk_ax) = plt.subplots(
    1, 2, figsize=(11, 4.8), sharex=True, layout="constrained"
)
display = im.plotting.RejectCurveDisplay(
    tuned.curve_, threshold=tuned.best_threshold_, name="out of fold"
)
display.plot(ax=ni2_ax, x="coverage", measures=["ni2"], show_error_rate=False)
display.plot(
    ax=risk_ax,
    x="coverage",
    measures=[],
    show_error_rate=False,
    show_selective_risk=True,
)
ni2_ax.set_title("NI2, out of fold")
risk_ax.set_title("Selective risk, out of fold")
for ax in (ni2_ax, risk_ax):
    ax.set_xlabel("")
fig.supxlabel("coverage (share of samples accepted; square-root scale)", fontsize=10)
plt.show()

# %%
# On the test split: what the tuned classifier rejected, per true class.

im.plotting.AugmentedConfusionMatrixDisplay.from_estimator(
    tuned, X_test, y_test, normalize="true"
)
plt.show()

# %%
# The same model that never rejects against the tuned reject option, with
# the bootstrap spread of each in the information-coverage plot.

plain = model.fit(X_train, y_train)
fig, ax = plt.subplots(figsize=(7, 5.5), layout="constrained")
im.plotting.InformationCoverageDisplay.from_predictions(
    y_test,
    plain.predict(X_test),
    name="never rejects",
    reject_label=None,
    n_resamples=300,
    random_state=0,
    ax=ax,
)
im.plotting.InformationCoverageDisplay.from_estimator(
    tuned,
    X_test,
    y_test,
    name="tuned reject option",
    n_resamples=300,
    random_state=0,
    ax=ax,
)
plt.show()

# %%
# The paired bootstrap of the NI2 difference on the same test samples.

comparison = im.resampling.paired_comparison(
    y_test,
    tuned.predict(X_test),
    plain.predict(X_test),
    n_resamples=1000,
    random_state=0,
)
print(comparison)
print(
    f"NI2 difference {comparison.estimate_difference:+.4f}, "
    f"{comparison.confidence_level:.0%} bootstrap interval "
    f"[{comparison.low:+.4f}, {comparison.high:+.4f}]"
)
