"""The augmented confusion-matrix Display: a confusion matrix with its reject column."""

import numpy as np

from .._measures.validation import check_confusion_matrix
from .common import Display, _axes, _check_choice, _literal

_REJECT_GAP = 0.35  # in cells, between the classes' columns and the reject one


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


class AugmentedConfusionMatrixDisplay(Display):
    """A confusion matrix with the reject column set apart, in orange.

    Built as scikit-learn's ConfusionMatrixDisplay. With a dozen classes or more
    the cell values crowd a default figure: pass ``include_values=False`` or an
    ``ax`` on a larger figure.

    Parameters
    ----------
    confusion_matrix : ndarray of shape (n_classes, n_classes + 1)
        Counts or rates; square without a reject option (no reject column).
    display_labels : array-like of shape (n_classes,), default=None
        Class names; ``0 .. n_classes - 1`` by default.

    Attributes
    ----------
    im_, reject_im_ : matplotlib AxesImage
        The classes' block and the reject column (None for a square matrix).
    text_ : ndarray of matplotlib Text, or None
    ax_, figure_ : matplotlib Axes and Figure

    See Also
    --------
    augmented_confusion_matrix : The matrix from labels.

    Examples
    --------
    >>> from infometrics.plotting import AugmentedConfusionMatrixDisplay
    >>> display = AugmentedConfusionMatrixDisplay.from_predictions(
    ...     ["cat", "cat", "dog", "dog", "dog"],
    ...     ["cat", "reject", "dog", "cat", "reject"],
    ...     reject_label="reject",
    ... )
    >>> [label.get_text() for label in display.ax_.get_xticklabels()]
    ['cat', 'dog', 'rejected']
    """

    _names_the_estimator = False

    def __init__(self, confusion_matrix, *, display_labels=None):
        self.confusion_matrix = confusion_matrix
        self.display_labels = display_labels

    def plot(
        self,
        *,
        include_values=True,
        cmap="Blues",
        xticks_rotation=45,
        values_format=None,
        ax=None,
        colorbar=True,
        im_kw=None,
        text_kw=None,
    ):
        """Draw the matrix, the reject column apart, and the values.

        Parameters
        ----------
        include_values, cmap, xticks_rotation, values_format, ax, colorbar, \
im_kw, text_kw
            As in scikit-learn's ``ConfusionMatrixDisplay.plot``, except that
            ``xticks_rotation`` defaults to 45 degrees (long class names stay
            apart); ``cmap`` colours the classes' block (the reject column is
            orange).

        Returns
        -------
        self : AugmentedConfusionMatrixDisplay
        """
        from matplotlib.colors import Normalize

        # Checked once per public call: from_confusion_matrix has checked it.
        has_reject = self.__dict__.pop("_has_reject", None)
        counts = self.confusion_matrix
        if has_reject is None:
            counts, has_reject = _one_matrix(counts)
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
        x_of = [*range(n_classes), *[n_classes + _REJECT_GAP] * has_reject]
        blocks = [(counts[:, :n_classes], cmap, -0.5, edge)]
        if has_reject:
            column = (x_of[-1] - 0.5, x_of[-1] + 0.5)
            blocks.append((counts[:, n_classes:], "Oranges", *column))
        images = [
            ax.imshow(block, cmap=colors, extent=(left, right, edge, -0.5), **image_kw)
            for block, colors, left, right in blocks
        ]
        self.im_, self.reject_im_ = (*images, None)[:2]
        if colorbar:
            ax.figure.colorbar(self.im_, ax=ax)
        names = [*labels, *["rejected"] * has_reject]
        # Class names are data: drawn literally, never as mathtext.
        ax.set_xticks(x_of, [_literal(n) for n in names], rotation=xticks_rotation)
        ax.set_yticks(range(n_classes), [_literal(label) for label in labels])
        ax.set(xlim=(-0.5, x_of[-1] + 0.5), ylim=(edge, -0.5))
        ax.set(xlabel="Predicted label", ylabel="True label")
        for label in ax.get_xticklabels():
            if label.get_rotation() % 90:  # slanted names end under their column
                label.set(horizontalalignment="right", rotation_mode="anchor")
        self.text_ = None
        if include_values:
            self.text_ = self._write_values(ax, counts, values_format, x_of, text_kw)
        if has_reject:
            ax.get_xticklabels()[-1].set_color(self.reject_im_.cmap(0.8))
        return self._finish(ax)

    def _write_values(self, ax, counts, values_format, x_of, text_kw):
        if values_format is None:
            values_format = "d" if _whole_counts(counts) else ".2g"
        middle = (float(counts.min()) + float(counts.max())) / 2.0
        texts = np.empty(counts.shape, dtype=object)
        for (row, column), value in np.ndenumerate(counts):
            image = self.im_ if column < len(counts) else self.reject_im_
            # Dark text on light cells, light text on dark ones.
            color = image.cmap(float(value <= middle))
            shown = format(
                round(value) if values_format == "d" else value, values_format
            )
            style = {"ha": "center", "va": "center", "color": color, **(text_kw or {})}
            texts[row, column] = ax.text(x_of[column], row, shown, **style)
        return texts

    @classmethod
    def from_confusion_matrix(
        cls,
        confusion_matrix,
        *,
        normalize=None,
        display_labels=None,
        ax=None,
        name=None,
        **kwargs,
    ):
        """Plot a given augmented confusion matrix.

        Parameters
        ----------
        confusion_matrix, display_labels
            As in the constructor.
        normalize : {"true", "pred", "all"}, default=None
            As in scikit-learn's ``confusion_matrix``; counts if None.
        ax, **kwargs
            Passed to :meth:`plot`.
        name : str, default=None
            The axes' title; none if None.

        Returns
        -------
        display : AugmentedConfusionMatrixDisplay
        """
        counts, has_reject = _one_matrix(confusion_matrix)
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
        display = cls(counts, display_labels=display_labels)
        display._has_reject = has_reject
        display.plot(ax=ax, **kwargs)
        if name is not None:
            display.ax_.set_title(_literal(name))
        return display

    @classmethod
    def _from_matrix(cls, matrix, class_labels, *, display_labels=None, **kwargs):
        names = class_labels if display_labels is None else display_labels
        return cls.from_confusion_matrix(matrix, display_labels=names, **kwargs)
