"""One self-contained HTML page that describes a classifier.

The tables come from the pandas reports, the figures from the Displays. Each
figure is rendered to SVG (text drawn as paths, so no font is needed) and
embedded as a ``data:`` URI in an ``<img>``: the page references no file and no
network address, and the figures cannot clash with one another's SVG ids or
with the page's style. matplotlib is needed only for the figures.
"""

from __future__ import annotations

import html
import os
from datetime import UTC, datetime
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._counting.label_checks import is_rejection, reject_marker
from .._from_labels.scores import counts_and_labels
from .html_figures import (
    _confusion_figure,
    _figure_sections,
    _reject_curve_figure,
    _risk_coverage_figure,
)
from .html_reading import (
    DEFAULT_RESAMPLES,
    headline,
    headline_intervals,
    interval_sentence,
    scrolling,
    value_reasons,
)
from .html_reading import STYLE as READING_STYLE
from .html_tables import (
    _counts_table,
    _measures_table,
    _per_class_table,
    _section,
    _text,
)
from .per_class import per_class_table
from .relabelling import permuted_message, warn_permuted
from .selective import rows_from_labels, selective_section
from .tables import measures_table

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue",
       Arial, sans-serif; color: #1f2328; background: #fff; margin: 0; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 1.7em; margin: 0.2em 0 0.1em; }
h2 { font-size: 1.25em; margin: 1.8em 0 0.4em; padding-bottom: 0.2em;
     border-bottom: 1px solid #d0d7de; }
p.meta { color: #57606a; margin: 0 0 1em; }
p.lead { margin: 0.3em 0 0.8em; color: #333; }
.note { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px;
        padding: 8px 12px; margin: 1em 0; }
dl.summary { display: grid; gap: 8px; margin: 0.6em 0 0;
             grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
dl.summary div { border: 1px solid #d0d7de; border-radius: 6px; padding: 6px 10px; }
dl.summary dt { font-size: 0.8em; color: #57606a; }
dl.summary dd { margin: 0; font-size: 1.25em; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.92em; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eaeef2; vertical-align: top; }
thead th { border-bottom: 2px solid #8c959f; text-align: left; background: #f6f8fa; }
tbody th { text-align: left; font-weight: 600; }
tbody tr.family th { background: #f6f8fa; font-size: 1.02em; padding-top: 8px; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums;
                 white-space: nowrap; }
td.undefined { color: #8c959f; font-style: italic; }
td.better { white-space: nowrap; color: #57606a; }
td.description { color: #444; }
table.matrix td { min-width: 3.5em; }
table.matrix .reject { border-left: 2px solid #8c959f; background: #fbfbfb; }
figure { margin: 0.6em 0 1.4em; }
figure img { display: block; max-width: 100%; height: auto; }
figure img.wide { width: 100%; }
figcaption { color: #444; font-size: 0.92em; max-width: 760px; margin-top: 0.3em; }
footer { color: #57606a; font-size: 0.85em; margin-top: 3em; }
"""


def _check_confidence(confidence, n_samples):
    scores = np.asarray(confidence)
    if scores.dtype.kind not in "biuf" or scores.shape != (n_samples,):
        raise ValueError(
            f"confidence must be a 1-d array of numbers, one per sample "
            f"({n_samples}); got dtype {scores.dtype} and shape {scores.shape}. "
            "For probabilities of shape (n_samples, n_classes) pass their row "
            "maximum."
        )
    if np.isnan(scores.astype(np.float64)).any():
        raise ValueError("confidence contains NaN; give every sample a confidence.")
    return scores


def _apply_threshold(y_pred, confidence, threshold, reject_label):
    """Check the confidence inputs; the predictions after rejection, if any."""
    predictions = np.asarray(y_pred, dtype=object)
    # Compared as the counting does: a missing-value marker (np.nan, pd.NA)
    # matches every missing prediction, where ``==`` never holds for NaN and
    # raises for pd.NA.
    marker = reject_marker(reject_label)
    if is_rejection(predictions.reshape(-1), marker).any():
        raise ValueError(
            "With confidence, pass y_pred before rejection (every prediction a "
            f"class, none {reject_label!r}): the page shows every threshold. To "
            "describe the classifier that rejects below a threshold t, add "
            "threshold=t."
        )
    if threshold is None:
        return y_pred
    if reject_label is None:
        raise ValueError(
            "threshold rejects predictions; pass the label that marks them as "
            "reject_label (not None)."
        )
    per_class = threshold if isinstance(threshold, dict) else None
    for value in [threshold] if per_class is None else per_class.values():
        if not isinstance(value, int | float | np.integer | np.floating) or (
            np.isnan(value)
        ):
            raise ValueError(f"threshold must be a number; got {value!r}.")
    if per_class is not None:
        # The threshold of each sample's predicted class.
        try:
            threshold = np.array([per_class[label] for label in predictions.tolist()])
        except KeyError as exc:
            raise ValueError(
                f"threshold has no value for the predicted class {exc.args[0]!r}; "
                "give one per class."
            ) from None
    predictions = predictions.copy()
    predictions[np.asarray(confidence) < threshold] = reject_label
    return predictions


class HTMLPage(str):
    """The text of an HTML page that a notebook shows as the page itself.

    A ``str`` in every respect (write it, search it, compare it); Jupyter
    calls :meth:`_repr_html_` and shows the page in an ``<iframe>``, so that
    the page's own style cannot restyle the notebook around it.
    """

    __slots__ = ()

    def _repr_html_(self):
        return (
            '<iframe style="width: 100%; height: 720px; border: 1px solid #d0d7de;" '
            f'srcdoc="{html.escape(self, quote=True)}"></iframe>'
        )


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

    The page holds the confusion matrix (counts, and a figure of the shares
    of each true class, :class:`AugmentedConfusionMatrixDisplay`), the
    per-class table (as :func:`per_class_report`), the entropy triangle and
    information coverage figures, the measures table (value, direction and
    description of every measure, as :func:`information_report`) and, when
    confidences are given, the reject curve (:class:`RejectCurveDisplay`)
    and the risk–coverage curve (:class:`RiskCoverageDisplay`) with the
    selective-classification measures (:func:`aurc` and its kin). Figures
    are SVG embedded in the page as ``data:`` URIs; the page loads nothing
    else (no script, stylesheet, font or network address), so it opens
    offline and can be mailed as one file.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,), default=None
        Labels; ``reject_label`` in ``y_pred`` marks a rejection. Or give
        ``confusion_matrix``.
    confidence : array-like of shape (n_samples,), default=None
        The classifier's confidence in each prediction (higher = more sure;
        e.g. the maximum predicted probability). Then ``y_pred`` holds the
        predictions *before* rejection, and the page adds the reject and
        risk–coverage curves and measures over every threshold.
    threshold : float or dict, default=None
        With ``confidence``: the tables describe the classifier that rejects
        the predictions whose confidence is below ``threshold`` (marked
        ``reject_label``), as :class:`RejectOptionClassifier` does; a dict
        ``{class: threshold}`` gives each predicted class its own.
    labels : array-like of shape (m,), default=None
        Class order (from labels), or the row names (from a matrix).
    reject_label : scalar or None, default=-1
        As for :func:`augmented_confusion_matrix`.
    sample_weight : array-like of shape (n_samples,), default=None
        With labels only; a matrix already holds weighted counts.
    confusion_matrix : array-like of shape (m, m + 1) or (m, m), default=None
        Counts, instead of ``y_true`` and ``y_pred``. A DataFrame with row
        and column names is read by name (the columns in any order, one
        extra column for rejections) and names the rows.
    name : str, default="classifier"
        The classifier's name in the figures' legends.
    title : str, default="Classifier report"
        The page's title and heading.
    figures : bool, default=True
        Draw the figures (needs matplotlib, the ``plot`` extra). ``False``
        gives the tables only, without matplotlib.
    n_resamples : int, default=1000
        Bootstrap resamples for the intervals shown below NI2, f(T;S),
        r(S|T), the accuracy and the reject rate (percentile intervals, as
        :func:`bootstrap_measures`; from the labels and weights with
        ``sample_weight``). 0 shows no intervals.
    confidence_level : float, default=0.95
        Coverage of those intervals.
    random_state : int, Generator or None, default=None
        Seed of the resampling, for a page that is the same on every run.
    path : str or path-like, default=None
        Also write the page to this file (UTF-8).

    Returns
    -------
    page : str
        The HTML document. A notebook shows it as the page (in a frame of
        its own) when it is the cell's last expression.

    Raises
    ------
    ImportError
        If ``figures=True`` and matplotlib is not installed.

    See Also
    --------
    information_report : The measures as a DataFrame.
    per_class_report : The per-class table as a DataFrame.
    risk_coverage_curve : Selective risk against coverage.

    Examples
    --------
    >>> from infometrics.report import html_report
    >>> page = html_report(confusion_matrix=[[90, 0, 0], [0, 9, 1]], figures=False)
    >>> page.startswith("<!DOCTYPE html>")
    True
    >>> "ni2" in page and "Per class" in page
    True
    """
    if confidence is not None:
        if confusion_matrix is not None or y_true is None or y_pred is None:
            raise ValueError(
                "confidence needs y_true and y_pred (one confidence per "
                "prediction), not a confusion matrix."
            )
        confidence = _check_confidence(confidence, np.asarray(y_true).shape[0])
        # First: a rejection already in y_pred is the likelier mistake.
        decided = _apply_threshold(y_pred, confidence, threshold, reject_label)
        selective = rows_from_labels(y_true, y_pred, confidence, sample_weight)
    elif threshold is not None:
        raise ValueError("threshold needs confidence (one per prediction).")
    else:
        decided, selective = y_pred, None
    matrix, class_labels = counts_and_labels(
        y_true,
        decided,
        confusion_matrix,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    if selective is not None:
        drawn = ""
        if figures:
            drawn = "\n".join(
                [
                    _reject_curve_figure(
                        y_true,
                        y_pred,
                        confidence,
                        labels=labels,
                        reject_label=reject_label,
                        sample_weight=sample_weight,
                        threshold=None if isinstance(threshold, dict) else threshold,
                        name=str(name),
                    ),
                    _risk_coverage_figure(
                        y_true, y_pred, confidence, sample_weight, str(name)
                    ),
                ]
            )
        selective = selective_section(
            selective,
            lead="the curves and these numbers cover every threshold at once"
            + ("" if threshold is None else ", not only the threshold of the tables"),
            figures=drawn,
        )
    intervals = None
    if sample_weight is not None and n_resamples and y_true is not None:
        # Weighted counts are no multinomial sample: resample the labels.
        from .._resampling.bootstrap import bootstrap_measures_from_predictions
        from .._resampling.intervals import interval_notes
        from .html_reading import HEADLINE

        # The page states why an interval is partial or NaN; no warning.
        with interval_notes() as notes:
            intervals = bootstrap_measures_from_predictions(
                y_true,
                decided,
                [measure for _, measure in HEADLINE],
                labels=labels,
                reject_label=reject_label,
                sample_weight=sample_weight,
                n_resamples=n_resamples,
                confidence_level=confidence_level,
                random_state=random_state,
            )
        intervals = (intervals, notes)
    page, note = html_page(
        matrix,
        class_labels,
        name=name,
        title=title,
        figures=figures,
        n_resamples=n_resamples,
        confidence_level=confidence_level,
        random_state=random_state,
        intervals=intervals,
        operating_point=None
        if threshold is None
        else "rejects below its per-class confidence thresholds"
        if isinstance(threshold, dict)
        else f"rejects below confidence {threshold:g}",
        can_reject=confidence is not None,
        sections=() if selective is None else (selective,),
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

    Reads from the estimator what :func:`html_report` needs: the confidences
    (``estimator.predict_confidence(X)``), the predictions before rejection
    (those of the wrapped classifier, ``estimator.estimator_``), the threshold
    (``best_threshold_`` of :class:`RejectOptionClassifierCV`, else
    ``threshold``; one per class with ``per_class=True``) and the
    ``reject_label``. The tables describe the estimator's own predictions;
    the curves, every threshold.

    Parameters
    ----------
    estimator : RejectOptionClassifier or RejectOptionClassifierCV
        Fitted.
    X : array-like of shape (n_samples, n_features)
        The data to describe, usually held out.
    y : array-like of shape (n_samples,)
        Its true labels.
    **options
        Any other option of :func:`html_report` (``name``, ``title``,
        ``figures``, ``sample_weight``, ``path``, ...).

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
    return html_report(
        y,
        estimator.estimator_.predict(X),
        confidence=estimator.predict_confidence(X),
        threshold=threshold,
        reject_label=estimator.reject_label,
        **options,
    )


def html_page(
    matrix,
    class_labels,
    *,
    name="classifier",
    title="Classifier report",
    figures=True,
    operating_point=None,
    can_reject=False,
    sections=(),
    n_resamples=DEFAULT_RESAMPLES,
    confidence_level=0.95,
    random_state=None,
    intervals=None,
):
    """The page of :func:`html_report` for one valid matrix, and its relabelling note.

    Does not warn (the command line says the note its own way).
    ``can_reject`` keeps an all-zero reject column (confidences were given:
    some threshold would reject). ``sections``
    are extra HTML sections placed before the measures table. ``intervals``
    (the headline measures' bootstrap intervals, computed by the caller from
    labels, with the list of notes that say where they are partial or NaN)
    replaces the intervals resampled here from the counts.
    """
    from .. import __version__

    n_classes = matrix.shape[0]
    if not can_reject and not np.any(matrix[:, n_classes:]):
        # Nothing was rejected and nothing could be (no confidences): an
        # all-zero reject column is no output (every measure is that of the
        # square part), so the page shows no reject column, row or rate.
        matrix = matrix[:, :n_classes]
    report, note = measures_table(matrix, class_labels)
    if intervals is None:
        intervals, interval_note = headline_intervals(
            matrix,
            n_resamples=n_resamples,
            confidence_level=confidence_level,
            random_state=random_state,
        )
    else:
        intervals, notes = intervals
        interval_note = " ".join(
            [interval_sentence(n_resamples, confidence_level), *notes]
        )
    reasons = value_reasons(matrix, report.index.get_level_values("measure"))
    report = report.assign(
        why=[reasons.get(name, "") for name in report.index.get_level_values(1)]
    )
    per_class, _ = per_class_table(matrix, class_labels)
    has_reject = matrix.shape[1] > n_classes
    if not has_reject:
        per_class = per_class.drop(columns="reject_rate")
    figure_sections = _figure_sections(matrix, str(name)) if figures else []
    confusion_figure = _confusion_figure(matrix, class_labels) if figures else ""
    generated = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    meta = [str(name), *([operating_point] if operating_point else [])]
    meta += [f"infometrics {__version__}", generated]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_text(title)}</title>",
        f"<style>{_STYLE}{READING_STYLE}</style></head><body><main>",
        f"<h1>{_text(title)}</h1>",
        f'<p class="meta">{_text(" · ".join(meta))}</p>',
        headline(report, matrix, intervals, interval_note),
    ]
    if note is not None:
        message = _text(permuted_message(note))
        parts.append(f'<p class="note"><strong>Note.</strong> {message}</p>')
    parts += [
        _section(
            "Confusion matrix",
            "Rows are the true classes, columns the predicted classes"
            + (" and the rejected samples." if has_reject else "."),
            scrolling(_counts_table(matrix, class_labels)) + confusion_figure,
        ),
        _section(
            "Per class",
            "Precision, recall and F1 of each class"
            + (
                " (a rejected sample is not recalled); reject_rate: the share of "
                "the class rejected; H(S|T=class): uncertainty left about the "
                "output given the true class (rejections included)"
                if has_reject
                else "; H(S|T=class): uncertainty left about the output given "
                "the true class"
            )
            + "; H(T|S=output): uncertainty left about the truth given the "
            "output (bits). The last rows average over the classes, plainly "
            "(macro) and weighted by each class's samples (weighted: "
            + ("the overall reject rate, " if has_reject else "")
            + "H(S|T) and H(T|S)).",
            scrolling(_per_class_table(per_class)),
        ),
        *figure_sections,
        *sections,
        _section(
            "Measures",
            "Every measure of this package for this confusion matrix; “better” "
            "says which direction is better; – marks a value undefined for this "
            "matrix, and a value that is 0 or undefined by the measure's "
            "definition (not by a bad classifier) says why beside it. "
            "“adjusted” is the value adjusted for chance (0 for outputs "
            "unrelated to the truth, 1 for an exact classification; – for a "
            "measure of the margins alone, or not affine in the information, "
            "or for weighted counts) and “jackknife SE” its jackknife "
            "standard error (– for weighted counts).",
            scrolling(_measures_table(report)),
        ),
        "<footer>Made with infometrics; the page is self-contained and loads "
        "nothing from the network.</footer>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n", note
