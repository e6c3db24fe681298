"""
Rejecting beats misclassifying — if you measure information
============================================================

Hu, He & Yuan's binary models M1–M4 (90 negatives, 10 positives) differ in a
single sample. Accuracy cannot order them the way people do: an error on the
small class (M1) should cost more than one on the large class (M2), and
rejecting a sample (M3, M4) should cost less than misclassifying it. Of the 24
normalized information measures, only NI2 produces that ordering.
"""

import matplotlib.pyplot as plt

import infometrics as im

models = {
    "M1: positive → negative": [[90, 0, 0], [1, 9, 0]],
    "M2: negative → positive": [[89, 1, 0], [0, 10, 0]],
    "M3: positive rejected": [[90, 0, 0], [0, 9, 1]],
    "M4: negative rejected": [[89, 0, 1], [0, 10, 0]],
}
table = im.report.compare(models, measures=["ni1", "ni2", "ni3", "correct_rate"])
print(table.round(3))

# %%
# NI2 leaves the reject column's terms out of the mutual information, so a
# rejection removes less information than an error; errors on the small class
# remove more than errors on the large one.

fig, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
names = list(models)
for offset, measure in zip(
    (-0.25, 0, 0.25), ("ni1", "ni2", "correct_rate"), strict=True
):
    ax.bar(
        [i + offset for i in range(len(names))],
        table[measure],
        width=0.25,
        label=measure,
    )
ax.set_xticks(range(len(names)), [n.split(":")[0] for n in names])
ax.set_ylim(0.75, 1.01)
ax.set_ylabel("score")
ax.set_title("Only NI2 orders M4 > M3 > M2 > M1")
ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1))
plt.show()
