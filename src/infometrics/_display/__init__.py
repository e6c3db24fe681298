"""Displays in scikit-learn's style; the public names are in ``plotting``."""
