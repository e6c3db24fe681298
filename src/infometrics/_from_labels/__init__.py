"""Label-level measures: build the augmented confusion matrix, call the core."""
