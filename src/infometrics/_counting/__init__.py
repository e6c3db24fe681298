"""Labels -> augmented confusion matrix: encoding, validation, counting."""
