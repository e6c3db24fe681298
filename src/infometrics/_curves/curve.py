"""The reject curve's result: measures, rates and risks at every threshold."""

from dataclasses import dataclass

import numpy as np

from .._counting.label_checks import raise_zero_weights
from .._measures.registry import check_measure, evaluate_stack_blocks

DEFAULT_MEASURES = ("ni2", "info_completeness", "false_info_ratio")


def fraction(values):
    """Ratios clipped to ``[0, 1]`` (the last rounding may pass 1), never -0.0."""
    return np.clip(np.asarray(values, dtype=float), 0.0, 1.0) + 0.0


@dataclass(frozen=True)
class RejectCurve:
    """Measures of an abstaining classifier at every confidence threshold.

    Point ``k`` rejects the samples whose confidence is below
    ``thresholds[k]``: the first point rejects nothing, the last everything.

    Attributes
    ----------
    thresholds : ndarray of shape (n_points,)
        Ascending, then ``inf`` (integer confidences: their largest plus one).
    reject_rate, error_rate, accepted_accuracy : ndarray of shape (n_points,)
        Fraction rejected, accepted and wrong, accuracy on the accepted.
    measures : dict of str to ndarray of shape (n_points,)
        The requested measures by registry name.
    classes : ndarray of shape (n_classes,)
        Row order of the matrices.
    coverage, selective_risk : ndarray of shape (n_points,)
        ``1 - reject_rate`` and ``1 - accepted_accuracy``.
    """

    thresholds: np.ndarray
    reject_rate: np.ndarray
    error_rate: np.ndarray
    accepted_accuracy: np.ndarray
    measures: dict
    classes: np.ndarray
    coverage: np.ndarray
    selective_risk: np.ndarray

    @classmethod
    def from_stacks(cls, stacks, thresholds, classes, names, replace_undefined_by):
        """The curve of a ``ThresholdStacks``, the rates from the same counts."""
        if stacks.weights is not None and not stacks.weights.any():
            raise_zero_weights()
        blocks, m = stacks.blocks(), stacks.n_classes
        values = evaluate_stack_blocks(
            blocks, m, names, replace_undefined_by=replace_undefined_by
        )
        # The last point rejects everything: its reject column is the total.
        total = float(stacks.rejected[-1])
        accepted, errors = stacks.accepted, stacks.errors
        among_accepted = np.full((2, accepted.size), np.nan)
        np.divide(
            [stacks.correct, errors], accepted, out=among_accepted, where=accepted > 0
        )
        return cls(
            thresholds=thresholds,
            reject_rate=fraction(stacks.rejected / total),
            error_rate=fraction(errors / total),
            accepted_accuracy=fraction(among_accepted[0]),
            measures={name: np.asarray(values[name], dtype=float) for name in names},
            classes=classes,
            coverage=fraction(accepted / total),
            selective_risk=fraction(among_accepted[1]),
        )

    def __repr__(self):
        measures = ", ".join(self.measures)
        return (
            f"RejectCurve({len(self.thresholds)} points, reject rate "
            f"{self.reject_rate[0]:.3g} to {self.reject_rate[-1]:.3g}, "
            f"measures: {measures})"
        )

    def _values(self, measure):
        spec = check_measure(measure)
        if spec.name not in self.measures:
            raise ValueError(
                f"The curve has no {spec.name!r}; it holds {sorted(self.measures)}. "
                "Pass it in measures= when building the curve."
            )
        return spec, self.measures[spec.name]

    def normalized_area(self, measure="ni2"):
        """Area under ``measure`` against the reject rate, divided by its width.

        Parameters
        ----------
        measure : str, default="ni2"
            A measure of :attr:`measures`.

        Returns
        -------
        area : float
        """
        _, values = self._values(measure)
        keep = np.isfinite(values)
        rates = self.reject_rate[keep]
        if rates.size < 2 or rates.max() <= rates.min():
            return float(values[keep][0]) if rates.size else float("nan")
        width = rates.max() - rates.min()
        return float(np.trapezoid(values[keep], rates) / width)

    def best(self, measure="ni2"):
        """Index, threshold and value of the best point for ``measure``.

        Parameters
        ----------
        measure : str, default="ni2"
            A measure of :attr:`measures`.

        Returns
        -------
        index : int
        threshold : float
        value : float
        """
        spec, values = self._values(measure)
        if not np.any(np.isfinite(values) | np.isposinf(values)):
            raise ValueError(
                f"{spec.name} is undefined (nan) at every point of the curve, so "
                "no threshold is best; look at the warnings of reject_curve with "
                'replace_undefined_by="warn" to see why.'
            )
        oriented = values if spec.higher_is_better else -values
        oriented = np.where(np.isnan(values), -np.inf, oriented)
        index = int(np.argmax(oriented))
        return index, float(self.thresholds[index]), float(values[index])
