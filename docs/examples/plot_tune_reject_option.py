"""
Tuning a reject option with NI2
===============================

A weakly regularised logistic regression on the digits data is uncertain on
many samples. :class:`~infometrics.RejectOptionClassifierCV` sweeps every
distinct confidence threshold out of fold and keeps the one that maximises
NI2 — no cost of an error or a rejection has to be invented.
"""

import matplotlib.pyplot as plt
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im

X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.5, stratify=y, random_state=0
)
model = make_pipeline(StandardScaler(), LogisticRegression(C=0.001, max_iter=1000))
tuned = im.RejectOptionClassifierCV(model, cv=4).fit(X_train, y_train)
print(f"threshold {tuned.best_threshold_:.3f}, out-of-fold NI2 {tuned.best_score_:.3f}")

# %%
# The out-of-fold reject curve the threshold was chosen from.

display = im.RejectCurveDisplay(
    tuned.curve_, threshold=tuned.best_threshold_, name="out of fold"
).plot()
plt.show()

# %%
# On the test split: the abstaining classifier against the same model that
# never rejects, with bootstrap spread in the information-coverage plot.

plain = model.fit(X_train, y_train)
fig, ax = plt.subplots(figsize=(7, 5))
im.InformationCoverageDisplay.from_predictions(
    y_test,
    plain.predict(X_test),
    name="never rejects",
    reject_label=None,
    n_resamples=300,
    random_state=0,
    ax=ax,
)
im.InformationCoverageDisplay.from_estimator(
    tuned,
    X_test,
    y_test,
    name="tuned reject option",
    n_resamples=300,
    random_state=0,
    ax=ax,
)
plt.show()

comparison = im.paired_comparison(
    y_test,
    tuned.predict(X_test),
    plain.predict(X_test),
    n_resamples=1000,
    random_state=0,
)
print(comparison)
