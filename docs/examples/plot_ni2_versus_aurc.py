"""
Two views of a reject option: NI2 and the risk–coverage curve
==============================================================

An abstaining classifier can be judged by the *information* its accepted
decisions carry about the truth (NI2 against the reject rate, Hu & Wang) or by
the *risk* it runs on what it accepts (the risk–coverage curve and its area,
AURC, Geifman & El-Yaniv). Both come from one sort of the confidences: one
:func:`~infometrics.curves.reject_curve_from_predictions` call gives NI2 and the
selective risk at every distinct threshold.

We compare a logistic regression with a Gaussian naive Bayes classifier on
the digits data. Naive Bayes is overconfident: it gives most test samples a
probability of (almost) 1, wrong ones included, so raising the threshold
cannot separate its errors from its correct answers.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import infometrics as im

X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.5, random_state=0, stratify=y
)
classifiers = {
    "logistic regression": make_pipeline(
        StandardScaler(), LogisticRegression(C=0.05, max_iter=2000)
    ),
    "Gaussian naive Bayes": GaussianNB(),
}

curves, rows = {}, []
for name, classifier in classifiers.items():
    proba = classifier.fit(X_train, y_train).predict_proba(X_test)
    y_pred = classifier.classes_[proba.argmax(axis=1)]
    confidence = proba.max(axis=1)
    curve = im.curves.reject_curve_from_predictions(
        y_test,
        y_pred,
        confidence,
        labels=classifier.classes_,
        reject_label=None,
        measures=["ni2"],
    )
    curves[name] = (curve, y_pred, confidence)
    _, best_threshold, best_ni2 = curve.best("ni2")
    rows.append(
        (
            name,
            np.mean(y_pred == y_test),
            curve.measures["ni2"][0],
            best_ni2,
            curve.normalized_area("ni2"),
            im.curves.aurc(y_test, y_pred, confidence),
            im.curves.e_aurc(y_test, y_pred, confidence),
            im.curves.augrc(y_test, y_pred, confidence),
        )
    )

print(
    f"{'':22s} {'accuracy':>8s} {'NI2':>6s} {'best NI2':>8s} {'NI2 area':>8s} "
    f"{'AURC':>7s} {'E-AURC':>7s} {'AUGRC':>7s}"
)
for name, *values in rows:
    print(f"{name:22s} " + " ".join(f"{value:8.4f}" for value in values))

# %%
# Side by side: NI2 as the reject rate grows (left) and the risk–coverage
# curves with their AURC (right). The logistic regression's errors sit at low
# confidence: rejecting them first drops its selective risk to 0 well before
# full rejection, and NI2 stays high while it does. Naive Bayes ties most of
# its samples at the top confidence, errors included: its risk stays flat
# until almost everything is rejected, and its NI2 falls steadily. (Its curve
# starts at about half coverage, and its NI2 curve has no point between about
# half rejected and all rejected: that many test samples tie at the top
# confidence, and tied samples are accepted or rejected together.)

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2), layout="constrained")
for name, (curve, _, _) in curves.items():
    # One point per distinct threshold; no threshold lies between two points.
    left.plot(
        curve.reject_rate, curve.measures["ni2"], marker=".", markersize=3, label=name
    )
left.set_xlabel("reject rate")
left.set_ylabel("NI2 (normalized information)")
left.set_title("Information of the accepted decisions")
left.set_xlim(0, 1)
left.set_ylim(0, 1)
left.legend(loc="lower left")

for name, (_, y_pred, confidence) in curves.items():
    im.plotting.RiskCoverageDisplay.from_predictions(
        y_test, y_pred, confidence=confidence, name=name, ax=right
    )
right.set_title("Risk of the accepted decisions")
plt.show()

# %%
# The two views agree on the ranking here, and they answer different
# questions: NI2 scores the decisions at one threshold (pick the threshold with
# ``curve.best("ni2")`` or :class:`~infometrics.RejectOptionClassifierCV`), the
# AURC scores the confidence ranking over all thresholds at once, and E-AURC
# removes the part of it that is due to the error rate alone.
