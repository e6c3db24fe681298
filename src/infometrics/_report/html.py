"""One self-contained HTML page of a classifier: the reports' tables and SVG figures."""

from __future__ import annotations

import html
import os
from datetime import UTC, datetime
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from .._curves.scores import check_confidence
from .._curves.selective import check_selective
from .._from_labels.scores import counts_and_labels, with_label_parameters
from .._measures.quantities import MatrixQuantities
from .._sklearn.responses import accepted, estimator_name
from .._warnings import holding_warnings_lock
from . import figures as drawing
from .per_class import AVERAGES, check_row_names, per_class_table
from .relabelling import permuted_message, warn_permuted
from .render import (
    BETTER,
    STYLE,
    fixed,
    frame_table,
    scrolling,
    section,
    text,
    total_text,
)
from .selective import labels_section
from .tables import measures_table

# (label, registry name) of the numbers with an interval each, the reject rate last.
HEADLINE = (
    ("NI2", "ni2"),
    ("f(T;S)", "info_completeness"),
    ("r(S|T)", "false_info_ratio"),
    ("accuracy", "accuracy"),
    ("reject rate", "reject_rate"),
)
# Shown without an interval, after the headline numbers.
_ALSO = (("accuracy on accepted", "accepted_accuracy"),)
DEFAULT_RESAMPLES = 1000


def _apply_threshold(classes, pred, confidence, threshold, reject_label):
    """The predicted codes, rejected (``len(classes)``) below ``threshold``."""
    if threshold is None:
        return pred
    if reject_label is None:
        raise ValueError(
            "threshold rejects predictions; pass the label that marks them as "
            "reject_label (not None)."
        )
    per_class = isinstance(threshold, dict)
    for value in threshold.values() if per_class else [threshold]:
        number = isinstance(value, int | float | np.integer | np.floating)
        if not number or isinstance(value, bool) or np.isnan(value):
            raise ValueError(f"threshold must be a number; got {value!r}.")
    if per_class:
        names = classes.tolist()
        missing = [names[k] for k in np.unique(pred) if names[k] not in threshold]
        if missing:
            raise ValueError(
                f"threshold has no value for the predicted class {missing[0]!r}; "
                "give one per class."
            )
        threshold = np.array([threshold.get(name, np.nan) for name in names])
    return np.where(accepted(confidence, threshold, pred), pred, len(classes))


class HTMLPage(str):
    """A ``str`` a notebook shows in an ``<iframe>`` (its style stays inside)."""

    __slots__ = ()

    def _repr_html_(self):
        return (
            '<iframe style="width: 100%; height: 720px; border: 1px solid #d0d7de;" '
            f'srcdoc="{html.escape(self, quote=True)}"></iframe>'
        )


@with_label_parameters
def html_report(
    y_true: ArrayLike | None = None,
    y_pred: ArrayLike | None = None,
    *,
    confidence: ArrayLike | None = None,
    threshold: float | dict | None = None,
    labels: ArrayLike | None = None,
    reject_label: Any = -1,
    sample_weight: ArrayLike | None = None,
    confusion_matrix: ArrayLike | None = None,
    name: str = "classifier",
    title: str = "Classifier report",
    figures: bool = True,
    n_resamples: int = DEFAULT_RESAMPLES,
    confidence_level: float = 0.95,
    random_state: Any = None,
    path: str | os.PathLike | None = None,
) -> str:
    """One self-contained HTML page: every measure, per class, and the figures.

    The tables of :func:`per_class_report` and :func:`information_report`, the
    Displays as embedded SVG and, with confidences, the selective-classification
    curves. See the user guide, section "Reports".

    Parameters
    ----------
    {label_parameters}
    confidence : array-like of shape (n_samples,), default=None
        Confidence in each prediction (higher = surer); ``y_pred`` then holds
        the predictions before rejection.
    threshold : float or dict, default=None
        With ``confidence``, the tables describe the classifier that rejects
        below it (a dict ``{class: threshold}``: per predicted class).
    name : str, default="classifier"
        The classifier's name in the figures.
    title : str, default="Classifier report"
        The page's title and heading.
    figures : bool, default=True
        Draw the figures (needs matplotlib, the ``plot`` extra).
    n_resamples : int, default=1000
        Bootstrap resamples of the headline intervals; 0 shows none.
    confidence_level : float, default=0.95
        Coverage of those intervals.
    random_state : int, Generator or None, default=None
        Seed of the resampling.
    path : str or path-like, default=None
        Also write the page to this file (UTF-8).

    Returns
    -------
    page : str
        The HTML document; a notebook shows it in a frame of its own.

    See Also
    --------
    information_report, per_class_report, risk_coverage_curve

    Examples
    --------
    >>> from infometrics.report import html_report
    >>> page = html_report(confusion_matrix=[[90, 0, 0], [0, 9, 1]], figures=False)
    >>> page.startswith("<!DOCTYPE html>") and "Per class" in page
    True
    """
    sections, class_names = (), None
    options = {"labels": labels, "reject_label": reject_label}
    options["sample_weight"] = sample_weight
    if confidence is not None:
        if confusion_matrix is not None or y_true is None or y_pred is None:
            raise ValueError(
                "confidence needs y_true and y_pred (one confidence per "
                "prediction), not a confusion matrix."
            )
        # The labels are checked once, then counted as codes.
        selective = check_selective(y_true, y_pred, **options)
        class_names, y_true, y_pred = selective[:3]
        confidence = check_confidence(confidence, len(y_true))
        y_pred = _apply_threshold(
            class_names, y_pred, confidence, threshold, reject_label
        )
        section = labels_section(
            selective, confidence, threshold=threshold, name=str(name), figures=figures
        )
        sections = (section,)
        options["labels"] = np.arange(len(class_names))
        options["reject_label"] = None if reject_label is None else len(class_names)
    elif threshold is not None:
        raise ValueError("threshold needs confidence (one per prediction).")
    matrix, class_labels = counts_and_labels(
        y_true, y_pred, confusion_matrix, **options
    )
    if class_names is not None:
        class_labels = class_names
    page, note = html_page(
        matrix,
        class_labels,
        name=name,
        title=title,
        figures=figures,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        random_state=random_state,
        # Weighted counts are no multinomial sample: resample the labels.
        weighted=sample_weight is not None
        and {"y_true": y_true, "y_pred": y_pred, **options},
        threshold=threshold,
        can_reject=confidence is not None,
        sections=sections,
    )
    warn_permuted(note)  # once for the page, which also says it in its text
    page = HTMLPage(page)
    if path is not None:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(page)
    return page


def html_report_from_estimator(
    estimator: Any, X: ArrayLike, y: ArrayLike, **options: Any
) -> str:
    """The HTML page of a fitted reject-option classifier on data ``X, y``.

    :func:`html_report` of ``y``, the wrapped classifier's predictions, and the
    estimator's confidences, threshold and ``reject_label``.

    Parameters
    ----------
    estimator : RejectOptionClassifier or RejectOptionClassifierCV
        The fitted estimator.
    X : array-like of shape (n_samples, n_features)
        The data to describe, usually held out.
    y : array-like of shape (n_samples,)
        Its true labels.
    **options
        Any other option of :func:`html_report`.

    Returns
    -------
    page : str
        As :func:`html_report`.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.linear_model import LogisticRegression
    >>> from infometrics import RejectOptionClassifier
    >>> from infometrics.report import html_report_from_estimator
    >>> X, y = load_iris(return_X_y=True)
    >>> model = RejectOptionClassifier(LogisticRegression(max_iter=500), threshold=0.8)
    >>> page = html_report_from_estimator(model.fit(X, y), X, y, figures=False)
    >>> "rejects below confidence 0.8" in page
    True
    """
    for attribute in ("predict_confidence", "estimator_", "reject_label"):
        if not hasattr(estimator, attribute):
            raise ValueError(
                "html_report_from_estimator takes a fitted RejectOptionClassifier "
                f"or RejectOptionClassifierCV; {type(estimator).__name__} has no "
                f"{attribute}. For another classifier, pass its predictions to "
                "html_report."
            )
    threshold = getattr(estimator, "best_threshold_", None)
    if threshold is None:
        threshold = estimator.threshold
    if np.ndim(threshold):
        threshold = dict(
            zip(np.asarray(estimator.classes_).tolist(), threshold, strict=True)
        )
    # Named as the Displays name it (the page's figures sit beside them).
    options.setdefault("name", estimator_name(estimator))
    return html_report(
        y,
        estimator.estimator_.predict(X),
        confidence=estimator.predict_confidence(X),
        threshold=threshold,
        reject_label=estimator.reject_label,
        **options,
    )


@holding_warnings_lock
def html_page(
    matrix,
    class_labels,
    *,
    name="classifier",
    title="Classifier report",
    figures=True,
    threshold=None,
    can_reject=False,
    sections=(),
    weighted=False,
    **resampling,
):
    """The page of a valid matrix and its relabelling note (no warning);
    ``can_reject`` keeps an all-zero reject column; ``weighted``: True for
    weighted counts, or the labels and weights to resample."""
    from .. import __version__

    n_classes = matrix.shape[0]
    check_row_names(class_labels, matrix.shape[1] > n_classes)
    if not can_reject and not np.any(matrix[:, n_classes:]):
        # Nothing was rejected and nothing could be: no reject column, row or rate.
        matrix = matrix[:, :n_classes]
    has_reject = matrix.shape[1] > n_classes
    quantities = MatrixQuantities(np.asarray(matrix, dtype=float))
    report, note = measures_table(matrix, class_labels, quantities=quantities)
    values = report["value"].droplevel(0)
    report = report.rename(columns={"higher_is_better": "better"})
    report["better"] = report["better"].map(BETTER)
    per_class, _ = per_class_table(matrix, class_labels, quantities=quantities)
    if not has_reject:
        per_class = per_class.drop(columns="reject_rate")
    outputs = per_class.index[: matrix.shape[1]]  # the classes, then "rejected"
    counts = pd.DataFrame(
        matrix, index=outputs[:n_classes].rename("true \\ predicted"), columns=outputs
    )
    # Counts show as integers whenever they are whole (weights may not be).
    digits = 0 if np.array_equal(matrix, np.round(matrix)) else 4
    meta = [str(name)]
    if isinstance(threshold, dict):
        meta.append("rejects below its per-class confidence thresholds")
    elif threshold is not None:
        meta.append(f"rejects below confidence {threshold:g}")
    meta += [
        f"infometrics {__version__}",
        datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    ]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{text(title)}</title>",
        f"<style>{STYLE}</style></head><body><main>",
        f"<h1>{text(title)}</h1>",
        f'<p class="meta">{text(" · ".join(meta))}</p>',
        headline(values, matrix, weighted=weighted, **resampling),
    ]
    if note is not None:
        message = text(permuted_message(note))
        parts.append(f'<p class="note"><strong>Note.</strong> {message}</p>')
    parts += [
        section(
            "Confusion matrix",
            "Rows are the true classes, columns the predicted classes"
            + (" and the rejected samples." if has_reject else "."),
            scrolling(frame_table(counts, "matrix", digits=digits))
            + (drawing.confusion_figure(matrix, class_labels) if figures else ""),
        ),
        section(
            "Per class",
            "Precision, recall, F1 and the conditional entropies (bits) of each "
            "class, and their macro and weighted averages (per_class_report).",
            scrolling(frame_table(per_class, "per-class", marked=AVERAGES)),
        ),
        *(drawing.figure_sections(matrix, str(name)) if figures else []),
        *sections,
        section(
            "Measures",
            "Every measure (information_report): – marks an undefined value, "
            "“adjusted” is adjusted for chance, “jackknife_se” its standard error.",
            scrolling(frame_table(report, "measures")),
        ),
        "<footer>Made with infometrics; the page loads nothing from the network. "
        "The user guide, section “Reports”, explains each part.</footer>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n", note


def _intervals(counts, weighted, options):
    """Bootstrap intervals of the headline measures and the sentence saying how."""
    from .._resampling.bootstrap import (
        bootstrap_measures,
        bootstrap_measures_from_predictions,
    )
    from .._resampling.intervals import interval_notes

    # html_report passes n_resamples; the command line has no such option.
    switch = " (n_resamples=0 leaves them out)" if "n_resamples" in options else ""
    options = {"n_resamples": DEFAULT_RESAMPLES, "confidence_level": 0.95, **options}
    if not options["n_resamples"] or (not weighted and not counts.any()):
        return {}, ""
    if weighted is True or not (weighted or np.array_equal(counts, np.round(counts))):
        return {}, (
            "No intervals: the counts are weighted, and a bootstrap resamples "
            "samples (infometrics.report.html_report(y_true, y_pred, "
            "sample_weight=...) resamples the weighted samples)."
        )
    if not weighted and counts.max() >= 2.0**62 / counts.size:
        # No sample of this many draws can be resampled (nor held).
        return {}, "No intervals: the counts are too large to be resampled."
    names = [name for _, name in HEADLINE]
    # The page states why an interval is partial or NaN; no warning.
    with interval_notes() as notes:
        if not weighted:
            intervals = bootstrap_measures(counts.astype(np.int64), names, **options)
        else:
            intervals = bootstrap_measures_from_predictions(
                measures=names, **weighted, **options
            )
    sentence = (
        f"Below each headline number: its {options['confidence_level']:.0%} "
        f"percentile bootstrap interval over {options['n_resamples']} "
        f"resamples{switch}."
    )
    return intervals, " ".join([sentence, *notes])


def headline(values, matrix, *, weighted=False, **options):
    """The summary boxes: samples, classes, the headline numbers and intervals."""
    counts = np.asarray(matrix, dtype=float)
    intervals, sentence = _intervals(counts, weighted, options)
    total = "total weight" if weighted else "samples"
    boxes = [(total, total_text(counts), ""), ("classes", f"{len(counts)}", "")]
    outside = []
    # Without a reject column, no reject rate (and the accuracy is on accepted).
    shown = (*HEADLINE, *_ALSO) if counts.shape[1] > len(counts) else HEADLINE[:-1]
    for label, name in shown:
        number, detail, interval = float(values[name]), "", intervals.get(name)
        if interval is not None and not np.isnan(number):
            if np.isnan(interval.low) or np.isnan(interval.high):
                detail = "interval undefined"
            else:
                detail = f"[{fixed(interval.low)}, {fixed(interval.high)}]"
                if not interval.low <= number <= interval.high:
                    detail += " †"
                    outside.append(label)
        boxes.append((label, "–" if np.isnan(number) else fixed(number), detail))
    cells = [
        f"<div><dt>{text(label)}</dt><dd>{shown}"
        + (f'<span class="interval">{text(detail)}</span>' if detail else "")
        + "</dd></div>"
        for label, shown, detail in boxes
    ]
    if outside:
        sentence += (
            f" † The interval of {', '.join(outside)} does not contain the "
            "estimate: with many classes and few samples per cell the resampled "
            "values are biased (see the user guide, “Uncertainty”)."
        )
    note = f'<p class="intervals">{text(sentence)}</p>' if sentence else ""
    return '<dl class="summary">' + "".join(cells) + "</dl>" + note
