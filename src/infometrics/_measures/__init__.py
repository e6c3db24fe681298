"""The count-level core: counts in, numbers out (imports no scikit-learn, pandas,
matplotlib or counting layer)."""
