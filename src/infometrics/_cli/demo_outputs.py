"""What the demo writes: tables, and figures it has looked at."""

import numpy as np

from .demo import CONFIDENCE_LEVEL, TUNED, _wrap


def _write_outputs(folder, matrices, first, splits, progress):
    from pathlib import Path

    import pandas as pd

    from .._report.per_class import per_class_report
    from .._report.tables import compare, information_report
    from .csv_output import write_csv

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    progress.step(f"\nWriting tables and figures to {folder}/")
    written.append(folder / "comparison.csv")
    write_csv(compare(matrices), written[-1])
    written.append(folder / "report_tuned.csv")
    write_csv(information_report(confusion_matrix=matrices[TUNED]), written[-1])
    written.append(folder / "per_class_tuned.csv")
    write_csv(per_class_report(confusion_matrix=matrices[TUNED]), written[-1])
    columns = [
        "seed",
        "threshold",
        "n_test",
        "n_rejected",
        "ni2_never",
        "ni2_tuned",
        "difference",
        "low",
        "high",
        "prob_tuned_better",
    ]
    written.append(folder / "splits.csv")
    write_csv(
        pd.DataFrame([{c: s[c] for c in columns} for s in splits]).rename(
            columns={
                "low": f"difference_low_{CONFIDENCE_LEVEL:.0%}",
                "high": f"difference_high_{CONFIDENCE_LEVEL:.0%}",
            }
        ),
        written[-1],
        index=False,
    )
    skipped = None
    try:
        written += _write_figures(folder, matrices, first)
    except ImportError as exc:
        skipped = exc
    progress.done()
    if skipped is not None:
        progress.say(f"Figures skipped: {skipped}")
    progress.say(*(f"   {path.name}" for path in written))
    return written


def _write_figures(folder, matrices, first):
    from .._curves.reject_curve import reject_curve
    from .._report.figures import pyplot_free_figure
    from ..plotting import (
        AugmentedConfusionMatrixDisplay,
        EntropyTriangleDisplay,
        InformationCoverageDisplay,
        RejectCurveDisplay,
        RiskCoverageDisplay,
    )

    written = []
    y_test = first["y_test"]

    figure = pyplot_free_figure(13, 6.5, constrained=True)
    whole, zoomed = figure.subplots(1, 2)
    triangles = EntropyTriangleDisplay.from_confusion_matrices(
        matrices, extended=True, ax=whole
    )
    triangles.plot(ax=zoomed, extended=True, zoom=True, legend=False)
    _mark_zoom(whole, zoomed)
    written.append(folder / "entropy_triangle.png")
    figure.savefig(written[-1], dpi=110)

    figure = pyplot_free_figure(7.5, 6, constrained=True)
    ax = figure.add_subplot()
    for name, y_pred in first["predictions"].items():
        InformationCoverageDisplay.from_predictions(
            y_test,
            y_pred,
            name=name,
            labels=first["never"].classes_,
            n_resamples=300,
            random_state=0,
            ax=ax,
        )
    ax.set_title("Information coverage, held-out test split")
    # The figure explains why rejecting moves r(S|T) and S_I/H(T) up.
    figure.supxlabel(
        "\n".join(
            _wrap(
                "r(S|T) = H(S|T)/H(T): how unpredictable the output is once the "
                "true class is known. Rejecting adds an output symbol, "
                "'rejected', so each class's outputs spread over more symbols: "
                "r(S|T) and S_I/H(T) = 1 - f + r rise even where errors fall. "
                "NI2 leaves the reject column out and scores an abstention above "
                "an error.",
                width=95,
            )
        ),
        fontsize=8,
        color="0.25",
    )
    written.append(folder / "information_coverage.png")
    figure.savefig(written[-1], dpi=110)

    # One panel per quantity, each with both curves on one axis: where two
    # curves cross then means something (on twin axes it would not).
    figure = pyplot_free_figure(13, 5.5, constrained=True)
    panels = figure.subplots(1, 2, sharex=True)
    tuned = first["tuned"]
    curves = {
        "out of fold (tuning)": tuned.curve_,
        "held-out test split": reject_curve(
            y_test,
            first["never"].predict_proba(first["X_test"]),
            labels=first["never"].classes_,
            measures=["ni2"],
        ),
    }
    handles = []
    for name, curve in curves.items():
        display = RejectCurveDisplay(curve, threshold=tuned.best_threshold_, name=name)
        display.plot(ax=panels[0], measures=["ni2"], show_error_rate=False)
        handles.append(display.lines_["ni2"])
        display.plot(
            ax=panels[1], measures=[], show_error_rate=False, show_selective_risk=True
        )
    rejects = []
    for name, curve in curves.items():
        index = np.searchsorted(curve.thresholds, tuned.best_threshold_)
        rate = curve.reject_rate[min(index, len(curve.thresholds) - 1)]
        rejects.append(f"{rate:.1%} {name}")
    rejects = ", ".join(rejects)
    for ax in panels:
        ax.get_legend().remove()
    panels[0].set_ylabel("NI2")
    panels[0].set_title("NI2 (higher is better)")
    panels[1].set_ylabel("selective risk")
    panels[1].set_title("Selective risk: wrong among accepted (lower is better)")
    figure.legend(
        handles,
        list(curves),
        loc="outside lower center",
        ncols=2,
        frameon=False,
        title=f"dotted: threshold {tuned.best_threshold_:.3f} (rejects {rejects})",
        title_fontsize=9,
    )
    written.append(folder / "reject_curve.png")
    figure.savefig(written[-1], dpi=110)

    figure = pyplot_free_figure(11, 4.2, constrained=True)
    counts, rates = figure.subplots(1, 2)
    for ax, normalize, title in (
        (counts, None, "counts"),
        (rates, "true", "rates over each true class"),
    ):
        AugmentedConfusionMatrixDisplay.from_confusion_matrix(
            matrices[TUNED], normalize=normalize, ax=ax
        )
        ax.set_title(title)
    figure.suptitle(f"{TUNED}, held-out test split")
    written.append(folder / "confusion_matrix.png")
    figure.savefig(written[-1], dpi=110)

    figure = pyplot_free_figure(7.5, 5.5, constrained=True)
    ax = figure.add_subplot()
    display = RiskCoverageDisplay.from_estimator(
        first["never"],
        first["X_test"],
        y_test,
        name="logistic regression",
        plot_oracle=True,
        ax=ax,
    )
    accepted = first["predictions"][TUNED] != -1
    coverage = accepted.mean()
    risk = np.mean(first["predictions"][TUNED][accepted] != y_test[accepted])
    ax.plot(
        [coverage],
        [risk],
        marker="o",
        markersize=8,
        linestyle="none",
        color=display.line_.get_color(),
        label=f"{TUNED}: threshold {first['threshold']:.3f}, coverage "
        f"{coverage:.1%}, selective risk {risk:.1%}",
    )
    ax.set_title("Risk-coverage curve, held-out test split (lower is better)")
    ax.legend(
        loc="upper center", bbox_to_anchor=(0.5, -0.14), fontsize=8, frameon=False
    )
    written.append(folder / "risk_coverage.png")
    figure.savefig(written[-1], dpi=110)
    return written


def _mark_zoom(whole, zoomed):
    """Outline on the whole triangle the region the zoomed panel shows."""
    from matplotlib.patches import Polygon, Rectangle

    (x_low, x_high), (y_low, y_high) = zoomed.get_xlim(), zoomed.get_ylim()
    box = whole.add_patch(
        Rectangle(
            (x_low, y_low),
            x_high - x_low,
            y_high - y_low,
            fill=False,
            edgecolor="0.35",
            linewidth=0.8,
            zorder=2,
        )
    )
    # Only the part inside the triangle: outside, it would cross the labels
    # of the sides.
    inside = Polygon([(0, 0), (1, 0), (0.5, np.sqrt(3) / 2)], transform=whole.transData)
    box.set_clip_path(inside)
    zoomed.set_title(zoomed.get_title() + "\nthe grey box of the left panel")
