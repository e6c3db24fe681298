"""Resampling: bootstrap intervals of any measure, and paired comparisons."""

from ._resampling.bootstrap import (
    BootstrapInterval,
    bootstrap_measures,
    bootstrap_measures_from_predictions,
)
from ._resampling.paired import PairedComparison, paired_comparison

__all__ = [
    "BootstrapInterval",
    "PairedComparison",
    "bootstrap_measures",
    "bootstrap_measures_from_predictions",
    "paired_comparison",
]
