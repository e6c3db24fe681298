"""
Entropy triangle: same accuracy, different classifiers
======================================================

Valverde-Albacete & Peláez-Moreno's matrices ``a``, ``b`` and ``c`` all have
an accuracy of 0.83, yet the entropy triangle tells them apart: ``a``
transfers the most information, ``c`` barely any — it mostly guesses the
majority class, like the degenerate majority classifier at the top.
"""

import matplotlib.pyplot as plt
import numpy as np

import infometrics as im

matrices = {
    "a": [[15, 0, 5], [0, 15, 5], [0, 0, 20]],
    "b": [[16, 2, 2], [2, 16, 2], [1, 1, 18]],
    "c": [[1, 0, 4], [0, 1, 4], [1, 1, 48]],
    "majority": [[0, 0, 5], [0, 0, 5], [0, 0, 50]],
}
for name, matrix in matrices.items():
    point = im.entropy_triangle(matrix)
    accuracy = np.trace(matrix) / np.sum(matrix)
    print(
        f"{name:>9}: accuracy {accuracy:.2f}, (ΔH', 2MI', VI') = "
        f"({point.delta_h:.2f}, {point.mutual_info:.2f}, {point.variation_info:.2f})"
    )

# %%
# The extended diagram adds each classifier's input (▲) and output (▼)
# marginal points: the majority classifier's output sits at the degenerate apex.

fig, ax = plt.subplots(figsize=(7, 6.5))
im.plotting.EntropyTriangleDisplay.from_confusion_matrices(
    matrices, extended=True, ax=ax
)
plt.show()
