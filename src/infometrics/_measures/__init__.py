"""The count-level core: pure numpy/scipy functions of augmented confusion matrices.

Never imports scikit-learn, pandas, matplotlib or the counting layer (a test
enforces it): counts in, numbers out.
"""
