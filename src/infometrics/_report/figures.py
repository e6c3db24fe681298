"""The figures of the HTML report, rendered to embedded SVG."""

import base64
import io
import re
import threading

from .render import scrolling, section, text


def pyplot_free_figure(width, height):
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
    # The Displays' legends below the axes fit a tight bounding box.
    figure._infometrics_tight_bbox = True
    return figure


# Text as paths (no font needed) and images inline, whatever the user's
# rcParams: set and put back under a lock, as rcParams are global and neither
# rc_context nor the mathtext parser is thread-safe (the lock also guards
# building the figures).
_SVG_RC = {"svg.fonttype": "path", "svg.image_inline": True}
_SVG_LOCK = threading.Lock()
# matplotlib's ids of clip paths, markers and images: a random-salted hash.
_HASHED_ID = re.compile(r'\bid="([^"]*[0-9a-f]{10})"')


def _stable_ids(svg):
    """The SVG with its hashed ids renumbered in order: the same bytes on every call."""
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
    """A rendered figure with its (escaped) caption."""
    size = ' class="wide"' if wide else ""
    return (
        f'<figure><img{size} src="{_svg_data_uri(figure)}" alt="{text(alt)}">'
        f"<figcaption>{text(caption)}</figcaption></figure>"
    )


def confusion_figure(matrix, class_labels):
    from ..plotting import AugmentedConfusionMatrixDisplay

    n_classes = matrix.shape[0]
    # The figure fits the page (inches) below 40 classes, then grows and scrolls.
    scrolls = n_classes >= 40
    widest = 16.0 if scrolls else 11.0
    with _SVG_LOCK:
        figure = pyplot_free_figure(
            min(widest, max(5.0, 2.5 + 0.6 * (n_classes + 1))),
            min(widest - 1.0, max(3.5, 1.6 + 0.5 * n_classes)),
        )
        display = AugmentedConfusionMatrixDisplay.from_confusion_matrix(
            matrix,
            normalize="true",
            display_labels=list(class_labels),
            ax=figure.add_subplot(),
            include_values=n_classes <= 30,  # beyond, the shares do not fit
        )
        _fit_to_cells(display, max(len(str(label)) for label in class_labels))
    rendered = _figure(
        figure,
        "Confusion matrix as shares of each true class",
        "The same matrix as shares of each true class: the diagonal is the recall.",
    )
    return scrolling(rendered) if scrolls else rendered


def _fit_to_cells(display, longest):
    """Names and values sized to the cells; names upright if they would overlap."""
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
    """The entropy triangle of ``{name: matrix}``, whole and zoomed."""
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
    matrices = {name: matrix}
    with _SVG_LOCK:
        triangle, coverage = triangle_figure(matrices), coverage_figure(matrices)
    triangle = _figure(
        triangle,
        f"Entropy triangle of {name}",
        "The uncertainty split into information transferred (2MI′, better to "
        "the bottom right), left unexplained (VI′) and margins (ΔH′); right: zoomed.",
        wide=True,
    )
    coverage = _figure(
        coverage,
        f"Information coverage of {name}",
        "Completeness f(T;S) (higher is better) against the false-information "
        "ratio r(S|T) (lower is better).",
    )
    return [
        section("Entropy triangle", None, triangle),
        section("Information coverage", None, coverage),
    ]


def selective_figures(reject, risk_display, name, *, threshold=None, exact=True):
    """The reject-curve and risk–coverage figures."""
    from ..plotting import RejectCurveDisplay

    with _SVG_LOCK:
        figure = pyplot_free_figure(7.2, 4.8)
        RejectCurveDisplay(reject, threshold=threshold, name=name).plot(
            ax=figure.add_subplot()
        )
        risk = pyplot_free_figure(6.4, 4.6)
        # Most thresholds worth choosing keep most samples: spread that end.
        spread = {"plot_oracle": True, "xscale": "sqrt"} if exact else {}
        risk_display.plot(ax=risk.add_subplot(), **spread)
    drawn = _figure(
        figure,
        f"Reject curve of {name}",
        "The measures against the share rejected, one point per threshold.",
    )
    return drawn + _figure(
        risk,
        f"Risk–coverage curve of {name}",
        "Error rate among the accepted against the share accepted"
        + ("; the oracle ranks every error last." if exact else "."),
    )
