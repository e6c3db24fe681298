"""The audit as reStructuredText, for the "Which measure?" page of the docs.

The docs build (``docs/conf.py``) runs the audit and writes this text next to
the page, so the tables always come from the code.
"""

import numpy as np

from .._measures.registry import MEASURES
from .audit import LEGEND, cell_texts
from .search import property_key

# The scikit-learn metrics shown beside the registry on the page.
SKLEARN_METRICS = (
    "accuracy_score",
    "balanced_accuracy",
    "f1_macro",
    "matthews_corrcoef",
    "cohen_kappa",
)


def _label(measure, prop):
    return f"meta-witness-{measure}-{property_key(prop)}".replace("_", "-")


def _matrix(matrix):
    return "``" + str(matrix.astype(np.int64).tolist()) + "``"


def _family(measure):
    spec = MEASURES.get(measure.removeprefix("neg_"))
    return spec.family if spec is not None else "scikit-learn metrics"


def audit_rst(audit):
    """reStructuredText of an audit: one table per measure family (failed cells
    link to their witnesses), the search space and the witnesses."""
    table, cells = audit.table, cell_texts(audit)
    families = {}
    for measure in table.index:
        families.setdefault(_family(measure), []).append(measure)
    lines = [LEGEND, ""]
    for family, measures in families.items():
        lines += [
            f".. list-table:: {family[0].upper()}{family[1:]}",
            "   :header-rows: 1",
            "   :stub-columns: 1",
            "   :class: meta-audit",
            "",
            "   * - measure",
        ]
        lines += [f"     - {label}" for label in table.columns]
        for measure in measures:
            lines.append(f"   * - ``{measure}``")
            for label in table.columns:
                cell = cells.at[measure, label]
                if audit.witness(measure, label) is not None:
                    cell = f":ref:`{cell} <{_label(measure, label)}>`"
                lines.append(f"     - {cell}")
        lines.append("")
    lines += ["", "Search space", "^^^^^^^^^^^^", ""]
    for label, row in audit.search_space.iterrows():
        for column, text in row.items():
            lines.append(f"* **{label}**, {column}: {text}.")
    lines += ["", "", "Witnesses", "^^^^^^^^^", ""]
    lines.append(
        "Each failure above, with the smallest counterexample found: two "
        "matrices A and B (rows true classes, last column rejections), how they "
        "are related, the measure's values (oriented so that higher is better) "
        "and what the property expects."
    )
    lines.append("")
    for (measure, label), witness in audit.witnesses.items():
        lines += [
            f".. _{_label(measure, label)}:",
            "",
            f"**{measure} — {label}.** {witness.move}: "
            f"A = {_matrix(witness.matrix_a)}, f(A) = {witness.value_a:.6g}; "
            f"B = {_matrix(witness.matrix_b)}, f(B) = {witness.value_b:.6g}; "
            f"expected {witness.expected}.",
            "",
        ]
    return "\n".join(lines) + "\n"
