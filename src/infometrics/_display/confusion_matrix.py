"""The augmented confusion-matrix Display: a confusion matrix with its reject column."""

from itertools import product

import numpy as np

from .._measures.validation import check_confusion_matrix
from .common import Display, _axes, _check_choice, _literal

# The gap, in cells, between the classes' columns and the reject column.
_REJECT_GAP = 0.35


def _one_matrix(confusion_matrix):
    counts, has_reject = check_confusion_matrix(confusion_matrix)
    if counts.ndim != 2:
        raise ValueError(
            "AugmentedConfusionMatrixDisplay shows one matrix; got shape "
            f"{counts.shape}."
        )
    return counts, has_reject


def _whole_counts(counts):
    """Whether every count is exactly a whole number that int64 holds."""
    return counts.dtype.kind in "biu" or bool(
        np.all(np.isfinite(counts))
        and np.array_equal(counts, np.round(counts))
        and np.all(np.abs(counts) < 2.0**63)
    )


def _cell_size(ax):
    """Width and height of one cell, in display units."""
    origin = ax.transData.transform((0.0, 0.0))
    return np.abs(ax.transData.transform((1.0, 1.0)) - origin)


def _shrink_to(texts, width, height, smallest, measured=None):
    """Shrink the font of ``texts`` so that the largest of ``measured`` fits."""
    boxes = [text.get_window_extent() for text in measured or texts]
    widest, tallest = np.max([[box.width, box.height] for box in boxes], axis=0)
    fits = [room / size for room, size in ((width, widest), (height, tallest)) if size]
    scale = min([1.0, *fits])
    if scale < 1.0:
        for text in texts:
            text.set_fontsize(max(smallest, text.get_fontsize() * scale))


class AugmentedConfusionMatrixDisplay(Display):
    """A confusion matrix with the reject column set apart.

    Rows are the true classes, columns the predicted ones, then, after a gap
    and in a colour map of its own, the rejected samples. Built as
    scikit-learn's ConfusionMatrixDisplay.

    Parameters
    ----------
    confusion_matrix : ndarray of shape (n_classes, n_classes + 1)
        Counts or rates; square without a reject option (no reject column).
    display_labels : array-like of shape (n_classes,), default=None
        Class names; ``0 .. n_classes - 1`` by default.
    reject_display_label : str, default="rejected"
        The reject column's name.

    Attributes
    ----------
    im_, reject_im_ : matplotlib AxesImage
        The classes' block and the reject column (None for a square matrix).
    text_ : ndarray of matplotlib Text, or None
        The value in each cell; None with ``include_values=False``.
    ax_, figure_ : matplotlib Axes and Figure

    See Also
    --------
    augmented_confusion_matrix : The matrix from labels.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from infometrics.plotting import AugmentedConfusionMatrixDisplay
    >>> display = AugmentedConfusionMatrixDisplay.from_predictions(
    ...     ["cat", "cat", "dog", "dog", "dog"],
    ...     ["cat", "reject", "dog", "cat", "reject"],
    ...     reject_label="reject",
    ... )
    >>> [[text.get_text() for text in row] for row in display.text_]
    [['1', '0', '1'], ['1', '1', '1']]
    >>> [label.get_text() for label in display.ax_.get_xticklabels()]
    ['cat', 'dog', 'rejected']
    """

    _names_the_estimator = False

    def __init__(
        self, confusion_matrix, *, display_labels=None, reject_display_label="rejected"
    ):
        self.confusion_matrix = confusion_matrix
        self.display_labels = display_labels
        self.reject_display_label = reject_display_label

    def plot(
        self,
        *,
        include_values=True,
        cmap="Blues",
        reject_cmap="Oranges",
        xticks_rotation="auto",
        values_format=None,
        ax=None,
        colorbar=True,
        im_kw=None,
        text_kw=None,
    ):
        """Draw the matrix, the reject column apart, and the values.

        Parameters
        ----------
        include_values : bool, default=True
        cmap, reject_cmap : str or matplotlib Colormap, default="Blues", "Oranges"
            Of the classes' block and of the reject column (same value scale).
        xticks_rotation : {"auto", "vertical", "horizontal"} or float, \
default="auto"
            ``"auto"``: horizontal if the names fit their columns, else 45° or,
            if slanted names would touch, vertical. Names and values larger
            than their cells get a smaller font (unless ``text_kw`` sets one).
        values_format : str, default=None
            ``"d"`` for whole numbers, else ``".2g"``.
        ax : matplotlib Axes, default=None
            A new figure if None.
        colorbar : bool, default=True
        im_kw, text_kw : dict, default=None
            Passed to both ``imshow`` calls, and to ``ax.text`` for the values.

        Returns
        -------
        self : AugmentedConfusionMatrixDisplay
        """
        from matplotlib.colors import Normalize

        counts, has_reject = _one_matrix(self.confusion_matrix)
        n_classes = counts.shape[0]
        labels = self.display_labels
        labels = np.arange(n_classes) if labels is None else np.asarray(labels)
        if len(labels) != n_classes:
            raise ValueError(
                f"display_labels has {len(labels)} names for a matrix of "
                f"{n_classes} classes; give one name per row."
            )
        ax = _axes(ax)
        image_kw = {
            "interpolation": "nearest",
            "norm": Normalize(vmin=float(counts.min()), vmax=float(counts.max())),
            **(im_kw or {}),
        }
        edge = n_classes - 0.5
        # Column positions: the classes, then the reject column after a gap.
        x_of = [*range(n_classes), *[n_classes + _REJECT_GAP] * has_reject]
        # The classes' block, then the reject column in a colour map of its own.
        blocks = [(counts[:, :n_classes], cmap, -0.5, edge)]
        if has_reject:
            column = (x_of[-1] - 0.5, x_of[-1] + 0.5)
            blocks.append((counts[:, n_classes:], reject_cmap, *column))
        images = [
            ax.imshow(block, cmap=colors, extent=(left, right, edge, -0.5), **image_kw)
            for block, colors, left, right in blocks
        ]
        self.im_, self.reject_im_ = (*images, None)[:2]
        if colorbar:
            ax.figure.colorbar(self.im_, ax=ax)
        names = [*labels, *[self.reject_display_label] * has_reject]
        # Class names are data: drawn literally, never as mathtext.
        ax.set_xticks(x_of, [_literal(name) for name in names])
        ax.set_yticks(range(n_classes), [_literal(label) for label in labels])
        ax.set_xlim(-0.5, x_of[-1] + 0.5)
        ax.set_ylim(edge, -0.5)
        ax.set_xlabel("Predicted label")
        ax.set_ylabel("True label")
        _set_tick_labels(ax, xticks_rotation)
        self.text_ = None
        if include_values:
            self.text_ = self._write_values(ax, counts, values_format, x_of, text_kw)
            if not (text_kw and "fontsize" in text_kw):
                flat = self.text_.ravel()
                longest = max(flat, key=lambda text: len(text.get_text()))
                _shrink_to(flat, *0.9 * _cell_size(ax), 3.0, [longest])
        if has_reject:
            # The reject column's tick label in the reject colour map's hue.
            ax.get_xticklabels()[-1].set_color(self.reject_im_.cmap(0.8))
        return self._finish(ax)

    def _write_values(self, ax, counts, values_format, x_of, text_kw):
        if values_format is None:
            values_format = "d" if _whole_counts(counts) else ".2g"
        middle = (float(counts.min()) + float(counts.max())) / 2.0
        texts = np.empty(counts.shape, dtype=object)
        for row, column in product(*map(range, counts.shape)):
            value = counts[row, column]
            image = self.im_ if column < len(counts) else self.reject_im_
            # Dark text on light cells, light text on dark ones.
            color = image.cmap(0.0 if value > middle else 1.0)
            shown = round(value) if values_format == "d" else value
            texts[row, column] = ax.text(
                x_of[column],
                row,
                format(shown, values_format),
                **{"ha": "center", "va": "center", "color": color, **(text_kw or {})},
            )
        return texts

    @classmethod
    def from_confusion_matrix(
        cls,
        confusion_matrix,
        *,
        normalize=None,
        display_labels=None,
        reject_display_label="rejected",
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot a given augmented confusion matrix.

        Parameters
        ----------
        confusion_matrix, display_labels, reject_display_label
            As for the constructor.
        normalize : {"true", "pred", "all"}, default=None
            Rates over each true class, each column or all samples (0 for an
            empty one, as in scikit-learn); counts if None.
        ax : matplotlib Axes, default=None
        name : str, default=None
            The axes' title (e.g. the classifier's name); none if None.
        **kwargs : dict
            Passed to :meth:`plot` (``cmap``, ``values_format``, ...).

        Returns
        -------
        display : AugmentedConfusionMatrixDisplay
        """
        counts, _ = _one_matrix(confusion_matrix)
        if normalize is not None:
            _check_choice("normalize", normalize, ("true", "pred", "all"))
            axis = {"true": 1, "pred": 0, "all": None}[normalize]
            totals = counts.sum(axis=axis, keepdims=axis is not None)
            counts = np.divide(
                counts, totals, out=np.zeros_like(counts), where=totals > 0
            )
            kwargs.setdefault("values_format", ".2f")
        elif _whole_counts(counts):
            counts = np.round(counts).astype(np.int64)
        display = cls(
            counts,
            display_labels=display_labels,
            reject_display_label=reject_display_label,
        ).plot(ax=ax, **kwargs)
        if name is not None:
            display.ax_.set_title(_literal(name))
        return display

    @classmethod
    def _from_matrix(cls, matrix, class_labels, *, display_labels=None, **kwargs):
        names = class_labels if display_labels is None else display_labels
        return cls.from_confusion_matrix(matrix, display_labels=names, **kwargs)


def _set_tick_labels(ax, xticks_rotation):
    """Fit the names to their cells; with ``"auto"``, rotate them by their size
    (measured now: a layout engine may still shrink the axes a little)."""
    ax.apply_aspect()
    column_width, row_height = _cell_size(ax)
    x_labels, y_labels = ax.get_xticklabels(), ax.get_yticklabels()
    # Names taller than their column or row is wide could never be read.
    _shrink_to(x_labels, np.inf, column_width, 4.0)
    _shrink_to(y_labels, np.inf, row_height, 4.0)
    if isinstance(xticks_rotation, str) and xticks_rotation == "auto":
        widest = max(label.get_window_extent().width for label in x_labels)
        height = max(label.get_window_extent().height for label in x_labels)
        xticks_rotation = (
            0.0
            if widest <= 0.9 * column_width
            else 45.0
            if height * np.sqrt(2.0) <= column_width
            else 90.0
        )
    for label in x_labels:
        label.set_rotation(xticks_rotation)
        if label.get_rotation() not in (0.0, 90.0):
            # Slanted names end under their column.
            label.set_horizontalalignment("right")
            label.set_rotation_mode("anchor")
