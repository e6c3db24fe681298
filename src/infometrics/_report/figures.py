"""The figures of the HTML report, rendered to embedded SVG."""

import base64
import io
import re
import threading

from .render import scrolling, section, text

# The confusion-matrix figure fits the page up to _SCROLLING_FROM classes
# (_PAGE_WIDTH inches at most), then grows up to _WIDEST inches and scrolls in
# its frame; up to _MOST_VALUES classes its cells show their values.
_PAGE_WIDTH = 11.0
_WIDEST = 16.0
_SCROLLING_FROM = 40
_MOST_VALUES = 30


def pyplot_free_figure(width, height, *, constrained=False):
    """A matplotlib Figure outside pyplot: nothing global to close or leak."""
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise ImportError(
            "The figures of the HTML report need matplotlib; install it with "
            "pip install 'infometrics[plot]', or pass figures=False for the "
            "tables only."
        ) from exc
    figure = Figure(
        figsize=(width, height), layout="constrained" if constrained else None
    )
    # Saved with a tight bounding box, which takes in the legends the Displays
    # place below their axes (cheaper than a layout engine).
    figure._infometrics_tight_bbox = True
    return figure


# What the embedded SVG needs whatever the user's rcParams say: text drawn as
# paths (no font needed) and images inside the file. matplotlib's SVG writer
# reads these from the global rcParams while it draws; they are set (and put
# back) only when the user changed them, and under a lock, because rcParams
# are shared by every thread and matplotlib's rc_context is not thread-safe.
_SVG_RC = {"svg.fonttype": "path", "svg.image_inline": True}
# Held while a page's figures are built, and while saved: building lays
# text out, and matplotlib's mathtext parser (pyparsing) is not thread-safe
# either: two pages drawn at once in threads raised ParseException on the
# Displays' own mathtext labels.
_SVG_LOCK = threading.Lock()


# matplotlib names clip paths, markers, hatches and images by a hash salted
# with a random uuid unless ``svg.hashsalt`` is set: ids ending in 10 hex
# digits.
_HASHED_ID = re.compile(r'\bid="([^"]*[0-9a-f]{10})"')


def _stable_ids(svg):
    """The SVG with the hashed ids it defines (and their ``#id`` references)
    renumbered in order of appearance: the same bytes on every call without
    touching ``svg.hashsalt``."""
    renamed = {}
    for old in _HASHED_ID.findall(svg):
        renamed.setdefault(old, f"{old[:-10]}{len(renamed):010x}")
    if not renamed:
        return svg
    # Longest first: no id is replaced inside a longer one.
    pattern = "|".join(map(re.escape, sorted(renamed, key=len, reverse=True)))
    return re.sub(pattern, lambda match: renamed[match.group(0)], svg)


def _svg_data_uri(figure):
    import matplotlib

    buffer = io.BytesIO()
    with _SVG_LOCK:
        changed = {
            key: value
            for key, value in _SVG_RC.items()
            if matplotlib.rcParams[key] != value
        }
        saved = {key: matplotlib.rcParams[key] for key in changed}
        matplotlib.rcParams.update(changed)
        try:
            figure.savefig(
                buffer, format="svg", bbox_inches="tight", metadata={"Date": None}
            )
        finally:
            matplotlib.rcParams.update(saved)
    svg = _stable_ids(buffer.getvalue().decode("utf-8"))
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f"data:image/svg+xml;base64,{encoded}"


def _figure(figure, alt, caption, *, wide=False):
    """A rendered figure with its caption (the page's own text, escaped here)."""
    size = ' class="wide"' if wide else ""
    return (
        f'<figure><img{size} src="{_svg_data_uri(figure)}" alt="{text(alt)}">'
        f"<figcaption>{text(caption)}</figcaption></figure>"
    )


def confusion_figure(matrix, class_labels):
    from ..plotting import AugmentedConfusionMatrixDisplay

    n_classes = matrix.shape[0]
    scrolls = n_classes >= _SCROLLING_FROM
    widest = _WIDEST if scrolls else _PAGE_WIDTH
    with _SVG_LOCK:
        figure = pyplot_free_figure(
            min(widest, max(5.0, 2.5 + 0.6 * (n_classes + 1))),
            min(widest - 1.0, max(3.5, 1.6 + 0.5 * n_classes)),
        )
        display = AugmentedConfusionMatrixDisplay.from_confusion_matrix(
            matrix,
            normalize="true",
            # The Display draws the names literally (no mathtext).
            display_labels=list(class_labels),
            ax=figure.add_subplot(),
            # Beyond this, the shares no longer fit their cells; the table has them.
            include_values=n_classes <= _MOST_VALUES,
        )
        _fit_to_cells(display, max(len(str(label)) for label in class_labels))
    rendered = _figure(
        figure,
        "Confusion matrix as shares of each true class",
        "The same matrix as shares of each true class (rows sum to 1): the "
        "diagonal is each class's recall"
        + (
            "; the reject column, in its own colours, the share of the class rejected."
            if matrix.shape[1] > n_classes
            else "."
        )
        + (
            ""
            if n_classes <= _MOST_VALUES
            else " With this many classes the cells show colours only; the "
            "counts are in the table above."
        ),
    )
    return scrolling(rendered) if scrolls else rendered


def _fit_to_cells(display, longest):
    """Names and values sized to the cells (in points), names upright when
    side by side the longest would overlap."""
    ax = display.ax_
    ax.apply_aspect()
    origin, corner = ax.transData.transform([(0, 0), (1, 1)])
    cell = abs(corner - origin).min() * 72 / ax.figure.dpi
    size = min(10.0, 0.75 * cell)
    ax.tick_params(labelsize=size)
    if 0.7 * size * longest > cell:
        ax.tick_params(axis="x", labelrotation=90)
    for value in () if display.text_ is None else display.text_.ravel():
        value.set_fontsize(min(size, 0.3 * cell))


def triangle_figure(matrices):
    """The entropy triangle of ``{name: matrix}``: whole, and zoomed on its points."""
    from ..plotting import EntropyTriangleDisplay

    figure = pyplot_free_figure(12.0, 5.6)
    whole, zoomed = figure.subplots(1, 2, width_ratios=[1.25, 1])
    triangle = EntropyTriangleDisplay.from_confusion_matrices(
        matrices, extended=True, ax=whole
    )
    # Good classifiers crowd the ideal corner: a second panel fits the points.
    triangle.plot(ax=zoomed, extended=True, zoom=True, legend=False)
    return figure


def coverage_figure(matrices):
    """The information coverage of ``{name: matrix}``."""
    from ..plotting import InformationCoverageDisplay

    figure = pyplot_free_figure(6.4, 5.2)
    InformationCoverageDisplay.from_confusion_matrices(
        matrices, ax=figure.add_subplot()
    )
    return figure


def figure_sections(matrix, name):
    """The entropy-triangle and information-coverage sections of the page."""
    with _SVG_LOCK:
        triangle, coverage = (
            triangle_figure({name: matrix}),
            coverage_figure({name: matrix}),
        )
    triangle = _figure(
        triangle,
        f"Entropy triangle of {name}",
        "Each point splits the uncertainty of the true and predicted classes "
        "into information transferred (2MI′, towards the bottom right: "
        "better), information that stays unexplained (VI′, bottom left) and "
        "distance from uniform marginals (ΔH′, top). ▲ and ▼ are the true "
        "and predicted marginals. Right: the same points, zoomed.",
        wide=True,
    )
    coverage = _figure(
        coverage,
        f"Information coverage of {name}",
        "Completeness f(T;S) (share of the truth's information the "
        "predictions carry, higher is better) against the false-information "
        "ratio r(S|T) (information in the predictions that is not about the "
        "truth, lower is better); the perfect classifier sits at r = 0, "
        "f = 1.",
    )
    return [
        section("Entropy triangle", None, triangle),
        section("Information coverage", None, coverage),
    ]


def selective_figures(reject, draw_risk, name, *, threshold=None, exact=True):
    """The reject-curve and risk–coverage (``draw_risk(ax)``) figures; ``exact``:
    one step per distinct confidence, else per bin edge."""
    from ..plotting import RejectCurveDisplay

    with _SVG_LOCK:
        figure = pyplot_free_figure(7.2, 4.8)
        RejectCurveDisplay(reject, threshold=threshold, name=name).plot(
            ax=figure.add_subplot()
        )
        risk = pyplot_free_figure(6.4, 4.6)
        draw_risk(risk.add_subplot())
    reject_caption = (
        "The information measures and the error rate against the share of "
        f"samples rejected, one {'step' if exact else 'point'} per confidence "
        "threshold: higher-is-better measures are solid (left axis), "
        "lower-is-better ones dashed (right axis). The reject-rate axis is "
        "stretched where little is rejected."
        + ("" if threshold is None else " The marked point is the tables' threshold.")
    )
    drawn = _figure(figure, f"Reject curve of {name}", reject_caption)
    risk_caption = (
        "Selective risk (error rate among the accepted predictions) against "
        "coverage (the share accepted), one step per confidence threshold"
    )
    if exact:
        risk_caption += (
            "; the oracle ranks every correct prediction above every error, the "
            "best these predictions allow. The area under the curve is the AURC. "
            "The coverage axis is stretched towards 100 %, where most useful "
            "thresholds lie."
        )
    return drawn + _figure(
        risk, f"Risk–coverage curve of {name}", risk_caption + ("" if exact else ".")
    )
