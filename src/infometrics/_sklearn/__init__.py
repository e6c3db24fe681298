"""scikit-learn adapters: scorers, scoring-name registration, reject meta-estimators.

The only subpackage that imports scikit-learn at module level.
"""
