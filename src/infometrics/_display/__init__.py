"""Displays in scikit-learn's style, one module per Display.

The public names are in :mod:`infometrics.plotting`.
"""
