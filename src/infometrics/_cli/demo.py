"""The README's first command: does a reject option tuned for NI2 pay off, on
held-out synthetic data? Every sentence of the reading is computed."""

import textwrap
import time
from pathlib import Path

import numpy as np

from .._counting.count import augmented_confusion_matrix
from .._report.tables import compare, information_report
from .csv_output import write_csv
from .errors import UsageError

NEVER, TUNED = "never rejects", "tuned reject option"
CONFIDENCE_LEVEL = 0.95
N_RESAMPLES = 2000
TABLE_MEASURES = [
    "ni2",
    "info_completeness",
    "false_info_ratio",
    "accuracy",
    "accepted_accuracy",
    "reject_rate",
]
# Two overlapping classes: a reject option pays where some cases are ambiguous
# whatever the model (on scikit-learn's breast-cancer data no interval excluded
# zero). Documented in the README.
DATA_SETTINGS = {
    "n_samples": 4000,
    "n_features": 10,
    "n_informative": 6,
    "n_redundant": 2,
    "n_clusters_per_class": 1,
    "class_sep": 1.0,
}
C_GRID = [0.01, 0.1, 1.0, 10.0]


class _Progress:
    """Lines on the stream as the work goes, each step with its duration."""

    def __init__(self, stream):
        self.stream = stream

    def say(self, *lines, end="\n"):
        print(*lines, sep="\n", end=end, file=self.stream, flush=True)

    def step(self, text):
        self.say(text + " ...", end="")
        self._start = time.perf_counter()

    def done(self, text=""):
        # Two significant digits: a step of a fraction of a second never reads "0.0 s".
        self.say(f" done ({time.perf_counter() - self._start:.2g} s). {text}".rstrip())


def _one_split(X, y, seed, progress):
    """Fit both classifiers on one half-split; score them on the other half."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV, train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from .._resampling.paired import paired_comparison
    from .._sklearn.reject_option_cv import RejectOptionClassifierCV

    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.5, stratify=y, random_state=seed
    )
    progress.say(
        f"[1/4] Data drawn with random_state={seed}, split in half (stratified): "
        f"{len(y_train)} samples to train on, {len(y_test)} held out for testing."
    )
    progress.step(
        f'[2/4] Choosing C by GridSearchCV(..., scoring="ni2", cv=5) over C in {C_GRID}'
    )
    search = GridSearchCV(
        make_pipeline(StandardScaler(), LogisticRegression(solver="liblinear")),
        {"logisticregression__C": C_GRID},
        scoring="ni2",
        cv=5,
    ).fit(X_train, y_train)
    never = search.best_estimator_
    progress.done(
        f"C = {search.best_params_['logisticregression__C']:g}, "
        f"cross-validated NI2 {search.best_score_:.4f}."
    )
    progress.step(
        "[3/4] Tuning the reject threshold: RejectOptionClassifierCV(cv=5) "
        "scores NI2 out of fold at every distinct confidence"
    )
    tuned = RejectOptionClassifierCV(never, cv=5).fit(X_train, y_train)
    curve = tuned.curve_
    index = int(np.searchsorted(curve.thresholds, tuned.best_threshold_))
    progress.done()
    progress.say(
        f"      {len(curve.thresholds) - 1} thresholds swept; the best, "
        f"{tuned.best_threshold_:.3f}, rejects {curve.reject_rate[index]:.1%} "
        "out of fold; NI2 of the pooled out-of-fold predictions "
        f"{curve.measures['ni2'][0]:.4f} without rejecting, "
        f"{tuned.best_score_:.4f} with."
    )
    progress.step(
        f"[4/4] Held-out comparison on {len(y_test)} test samples, paired "
        f"bootstrap of the NI2 difference ({N_RESAMPLES} resamples)"
    )
    predictions = {NEVER: never.predict(X_test), TUNED: tuned.predict(X_test)}
    comparison = paired_comparison(
        y_test,
        predictions[TUNED],
        predictions[NEVER],
        measure="ni2",
        labels=never.classes_,
        n_resamples=N_RESAMPLES,
        confidence_level=CONFIDENCE_LEVEL,
        random_state=seed,
    )
    progress.done()
    rejected = predictions[TUNED] == -1
    wrong = predictions[NEVER] != y_test
    return {
        "n_test": len(y_test),
        "n_rejected": int(rejected.sum()),
        "ni2_never": comparison.estimate_b,
        "ni2_tuned": comparison.estimate_a,
        "difference": comparison.estimate_difference,
        "low": comparison.low,
        "high": comparison.high,
        "rejected_wrong": int((rejected & wrong).sum()),
        "accepted_wrong": int((~rejected & wrong).sum()),
        "y_test": y_test,
        "X_test": X_test,
        "never": never,
        "tuned": tuned,
        "predictions": predictions,
    }


def _interval_sentence(split):
    if split["n_rejected"] == 0:
        return (
            "the tuned threshold rejects no test sample, so both classifiers "
            "make the same predictions and have the same NI2"
        )
    if split["low"] > 0:
        verdict = "it excludes zero: here the reject option clearly helps"
    elif split["high"] < 0:
        verdict = "it lies below zero: here the reject option clearly hurts"
    else:
        verdict = (
            f"it includes zero: {split['n_test']} test samples cannot settle "
            "the question by themselves"
        )
    return (
        f"{CONFIDENCE_LEVEL:.0%} bootstrap interval "
        f"[{split['low']:+.4f}, {split['high']:+.4f}]; {verdict}"
    )


def _reading(split):
    """One paragraph, every claim computed from the held-out ``split``."""
    n_test, n_rejected = split["n_test"], split["n_rejected"]
    direction = {1: "rose", -1: "fell", 0: "stayed the same,"}
    sentences = [
        f"The tuned reject option abstained on {n_rejected} of {n_test} test "
        f"samples ({n_rejected / n_test:.1%}), and held-out NI2 "
        f"{direction[int(np.sign(split['difference']))]} from "
        f"{split['ni2_never']:.4f} to {split['ni2_tuned']:.4f} (difference "
        f"{split['difference']:+.4f}, {_interval_sentence(split)})."
    ]
    if n_rejected:
        rate_rejected = split["rejected_wrong"] / n_rejected
        accepted = n_test - n_rejected
        rate_accepted = split["accepted_wrong"] / accepted if accepted else np.nan
        sentences.append(
            f"Of the {n_rejected} test samples it rejected, the model without a "
            f"reject option gets {split['rejected_wrong']} wrong "
            f"({rate_rejected:.0%}), against {rate_accepted:.1%} of the samples "
            "it accepted: "
            + (
                "it abstains where the model errs."
                if rate_rejected > rate_accepted
                else "its abstentions do not single out the model's errors."
            )
        )
    sentences.append(
        "The interval covers the variation of the test sample, not that of the "
        "training data: another draw of the data may tell otherwise."
    )
    return " ".join(sentences)


def run_demo(*, random_state=0, stream=None, output=None):
    """Print never rejecting against a tuned reject option and the reading;
    write tables and figures into the folder ``output``."""
    from sklearn.datasets import make_classification

    if output is not None:
        # The output folder is checked before the work, not after it.
        output = Path(output)
        try:
            output.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                f"--output {output}: cannot create the folder ({exc.strerror})"
            ) from None
    progress = _Progress(stream)
    settings = ", ".join(f"{key}={value}" for key, value in DATA_SETTINGS.items())
    progress.say(
        "Does letting a classifier abstain pay off? Data: scikit-learn's "
        f"make_classification({settings}): two classes that overlap, so some "
        "cases are ambiguous whatever the model.",
        "A logistic regression that always answers is compared with the same "
        "model allowed to reject its least confident cases; NI2 (normalized "
        "mutual information, Hu et al.) scores both, and it counts an error as "
        "worse than an abstention.",
        "",
    )
    X, y = make_classification(**DATA_SETTINGS, random_state=random_state)
    split = _one_split(X, y, random_state, progress)
    matrices = {
        name: augmented_confusion_matrix(
            split["y_test"], y_pred, labels=split["never"].classes_
        )
        for name, y_pred in split["predictions"].items()
    }
    table = compare(matrices, measures=TABLE_MEASURES, ranks=False).reset_index()
    text = table[["classifier", *TABLE_MEASURES]].to_string(
        index=False, float_format="{:.4f}".format
    )
    reading = _reading(split)
    progress.say(
        textwrap.indent(text, "      "),
        "",
        "Reading:",
        # Lines of at most 88 characters, indented.
        textwrap.indent(textwrap.fill(reading, 85), "   "),
    )
    written = []
    if output is not None:
        written = _write_outputs(output, matrices, split, progress)
    return {"matrices": matrices, "split": split, "reading": reading, "files": written}


def _write_outputs(folder, matrices, split, progress):
    """The tables as CSV and the figures as PNG in ``folder``; their paths."""

    from .._report.per_class import per_class_report

    progress.step(f"\nWriting tables and figures to {folder}/")
    tables = {
        "comparison.csv": compare(matrices),
        "report_tuned.csv": information_report(confusion_matrix=matrices[TUNED]),
        "per_class_tuned.csv": per_class_report(confusion_matrix=matrices[TUNED]),
    }
    written = [folder / name for name in tables]
    for path, table in zip(written, tables.values(), strict=True):
        write_csv(table, path)
    try:
        figures = _figures(matrices, split)
    except ImportError as exc:
        figures, skipped = {}, f"Figures skipped: {exc}"
    for name, figure in figures.items():
        written.append(folder / name)
        figure.savefig(written[-1], dpi=110, bbox_inches="tight")
    progress.done()
    if not figures:
        progress.say(skipped)
    progress.say(*(f"   {path.name}" for path in written))
    return written


def _figures(matrices, split):
    """``{file name: figure}`` of the held-out comparison, drawn outside pyplot."""
    from .._curves.reject_curve import reject_curve
    from .._report.figures import coverage_figure, pyplot_free_figure, triangle_figure
    from ..plotting import (
        AugmentedConfusionMatrixDisplay,
        RejectCurveDisplay,
        RiskCoverageDisplay,
    )

    never, tuned, X_test, y_test = (
        split[k] for k in ("never", "tuned", "X_test", "y_test")
    )
    figures = {
        "entropy_triangle.png": triangle_figure(matrices),
        "information_coverage.png": coverage_figure(matrices),
    }
    axes = {}
    for name in ("reject_curve.png", "confusion_matrix.png", "risk_coverage.png"):
        figures[name] = pyplot_free_figure(7.5, 5.5)
        axes[name] = figures[name].add_subplot()
    # The tuning's out-of-fold curve and the held-out one: does the best
    # threshold carry over to new data?
    held_out = reject_curve(
        y_test, never.predict_proba(X_test), labels=never.classes_, measures=["ni2"]
    )
    for name, curve in (("out of fold (tuning)", tuned.curve_), ("held-out", held_out)):
        RejectCurveDisplay(curve, threshold=tuned.best_threshold_, name=name).plot(
            ax=axes["reject_curve.png"], measures=["ni2"], show_error_rate=False
        )
    AugmentedConfusionMatrixDisplay.from_confusion_matrix(
        matrices[TUNED], ax=axes["confusion_matrix.png"]
    )
    ax = axes["risk_coverage.png"]
    RiskCoverageDisplay.from_estimator(
        never, X_test, y_test, name="logistic regression", plot_oracle=True, ax=ax
    )
    # Where the tuned reject option operates on that curve.
    accepted = split["predictions"][TUNED] != -1
    risk = np.mean(split["predictions"][TUNED][accepted] != y_test[accepted])
    ax.plot([accepted.mean()], [risk], "o", label=f"{TUNED}, held-out")
    ax.legend(fontsize=8)
    for name, ax in axes.items():
        ax.set_title(
            f"{name.removesuffix('.png').replace('_', ' ')}, held-out test split"
        )
    return figures
