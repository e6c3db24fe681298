"""The figures of the HTML report, rendered to embedded SVG."""

import base64
import io

from .html_reading import scrolling
from .html_tables import _section, _text

# The confusion-matrix figure fits the page up to _SCROLLING_FROM classes
# (_PAGE_WIDTH inches at most), then grows up to _WIDEST inches and scrolls in
# its frame; up to _MOST_VALUES classes its cells show their values.
_PAGE_WIDTH = 11.0
_WIDEST = 16.0
_SCROLLING_FROM = 40
_MOST_VALUES = 30


def _pyplot_free_figure(width, height):
    """A matplotlib Figure outside pyplot: nothing global to close or leak."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise ImportError(
            "The figures of the HTML report need matplotlib; install it with "
            "pip install 'infometrics[plot]', or pass figures=False for the "
            "tables only."
        ) from exc
    figure = Figure(figsize=(width, height))
    # Saved with a tight bounding box, which takes in the legends the Displays
    # place below their axes (cheaper than a layout engine).
    figure._infometrics_tight_bbox = True
    return figure


def _svg_data_uri(figure):
    from matplotlib import rc_context

    buffer = io.BytesIO()
    # Text as paths: the SVG needs no font; a fixed salt keeps its ids stable.
    with rc_context({"svg.fonttype": "path", "svg.hashsalt": "infometrics"}):
        figure.savefig(
            buffer, format="svg", bbox_inches="tight", metadata={"Date": None}
        )
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"data:image/svg+xml;base64,{encoded}"


def _figure(figure, alt, caption, *, wide=False):
    """A rendered figure with its caption (the page's own text, escaped here)."""
    size = ' class="wide"' if wide else ""
    return (
        f'<figure><img{size} src="{_svg_data_uri(figure)}" alt="{_text(alt)}">'
        f"<figcaption>{_text(caption)}</figcaption></figure>"
    )


def _confusion_figure(matrix, class_labels):
    from .._display import AugmentedConfusionMatrixDisplay

    n_classes = matrix.shape[0]
    scrolls = n_classes >= _SCROLLING_FROM
    widest = _WIDEST if scrolls else _PAGE_WIDTH
    # Names turn and shrink, values shrink, to fit their cells.
    figure = _pyplot_free_figure(
        min(widest, max(5.0, 2.5 + 0.6 * (n_classes + 1))),
        min(widest - 1.0, max(3.5, 1.6 + 0.5 * n_classes)),
    )
    AugmentedConfusionMatrixDisplay.from_confusion_matrix(
        matrix,
        normalize="true",
        display_labels=[str(label) for label in class_labels],
        ax=figure.add_subplot(),
        # Beyond this, the shares no longer fit their cells; the table has them.
        include_values=n_classes <= _MOST_VALUES,
    )
    rendered = _figure(
        figure,
        "Confusion matrix as shares of each true class",
        "The same matrix as shares of each true class (rows sum to 1): the "
        "diagonal is each class's recall; the reject column, in its own colours, "
        "the share of the class rejected."
        + (
            ""
            if n_classes <= _MOST_VALUES
            else " With this many classes the cells show colours only; the "
            "counts are in the table above."
        ),
    )
    return scrolling(rendered) if scrolls else rendered


def _figure_sections(matrix, name):
    from .._display import EntropyTriangleDisplay, InformationCoverageDisplay

    figure = _pyplot_free_figure(12.0, 5.6)
    whole, zoomed = figure.subplots(1, 2, width_ratios=[1.25, 1])
    triangle = EntropyTriangleDisplay.from_confusion_matrices(
        {name: matrix}, extended=True, ax=whole
    )
    # Good classifiers crowd the ideal corner: a second panel fits the points.
    triangle.plot(ax=zoomed, extended=True, zoom=True, legend=False)
    triangle_section = _section(
        "Entropy triangle",
        None,
        _figure(
            figure,
            f"Entropy triangle of {name}",
            "Each point splits the uncertainty of the true and predicted classes "
            "into information transferred (2MI′, towards the bottom right: "
            "better), information that stays unexplained (VI′, bottom left) and "
            "distance from uniform marginals (ΔH′, top). ▲ and ▼ are the true "
            "and predicted marginals. Right: the same points, zoomed.",
            wide=True,
        ),
    )
    figure = _pyplot_free_figure(6.4, 5.2)
    InformationCoverageDisplay.from_confusion_matrices(
        {name: matrix}, ax=figure.add_subplot()
    )
    coverage_section = _section(
        "Information coverage",
        None,
        _figure(
            figure,
            f"Information coverage of {name}",
            "Completeness f(T;S) (share of the truth's information the "
            "predictions carry, higher is better) against the false-information "
            "ratio r(S|T) (information in the predictions that is not about the "
            "truth, lower is better); the perfect classifier sits at r = 0, "
            "f = 1.",
        ),
    )
    return [triangle_section, coverage_section]


def _reject_curve_figure(
    y_true, y_pred, confidence, *, labels, reject_label, sample_weight, threshold, name
):
    from .._curves.reject_curve import reject_curve_from_predictions
    from .._display import RejectCurveDisplay

    curve = reject_curve_from_predictions(
        y_true,
        y_pred,
        confidence,
        labels=labels,
        reject_label=reject_label,
        sample_weight=sample_weight,
    )
    figure = _pyplot_free_figure(7.2, 4.8)
    RejectCurveDisplay(curve, threshold=threshold, name=name).plot(
        ax=figure.add_subplot()
    )
    marked = "" if threshold is None else " The marked point is the tables' threshold."

    return _figure(
        figure,
        f"Reject curve of {name}",
        "The information measures and the error rate against the share of "
        "samples rejected, one step per confidence threshold: higher-is-better "
        "measures are solid (left axis), lower-is-better ones dashed (right "
        "axis). The reject-rate axis is stretched where little is rejected." + marked,
    )


def _risk_coverage_figure(y_true, y_pred, confidence, sample_weight, name):
    from .._display import RiskCoverageDisplay

    figure = _pyplot_free_figure(6.4, 4.6)
    RiskCoverageDisplay.from_predictions(
        y_true,
        y_pred,
        confidence=confidence,
        sample_weight=sample_weight,
        name=name,
        plot_oracle=True,
        # Most thresholds worth choosing keep most samples: spread that end.
        xscale="sqrt",
        ax=figure.add_subplot(),
    )
    return _figure(
        figure,
        f"Risk–coverage curve of {name}",
        "Selective risk (error rate among the accepted predictions) against "
        "coverage (the share accepted), one step per confidence threshold; the "
        "oracle ranks every correct prediction above every error, the best "
        "these predictions allow. The area under the curve is the AURC. The "
        "coverage axis is stretched towards 100 %, where most useful thresholds "
        "lie.",
    )
