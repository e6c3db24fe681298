"""Resampling: bootstrap intervals and paired comparisons of classifiers."""
