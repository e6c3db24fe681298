"""scikit-learn adapters: scorers, scoring-name registration, reject meta-estimators."""
