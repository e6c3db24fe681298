"""The audit as reStructuredText, for the "Which measure?" page of the docs.

The docs build (``docs/conf.py``) runs the audit and writes this text and the
figure next to the page, so the table always comes from the code.
"""

import numpy as np
import pandas as pd

from .shares import format_share

# The scikit-learn metrics shown beside the registry on the page.
SKLEARN_METRICS = (
    "accuracy_score",
    "balanced_accuracy",
    "f1_macro",
    "matthews_corrcoef",
    "cohen_kappa",
)


def _label(measure, prop):
    slug = prop.lower().replace(" ", "-").replace("(", "").replace(")", "")
    return f"meta-witness-{measure.replace('_', '-')}-{slug}"


def _matrix(matrix):
    return "``" + str(matrix.astype(np.int64).tolist()) + "``"


def audit_rst(audit):
    """The table (failed cells linking to witnesses), the witnesses and the space.

    Parameters
    ----------
    audit : MetaMeasureAudit

    Returns
    -------
    text : str
        reStructuredText to include in a page.
    """
    table = audit.table
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :stub-columns: 1",
        "",
        "   * - measure",
    ]
    lines += [f"     - {label}" for label in table.columns]
    for measure in table.index:
        lines.append(f"   * - ``{measure}``")
        for label in table.columns:
            held = table.at[measure, label]
            if held is pd.NA:
                cell = "n/a"
            elif held:
                cell = "held"
            else:
                share = format_share(audit.share_held.at[measure, label])
                cell = f":ref:`fails ({share}) <{_label(measure, label)}>`"
            lines.append(f"     - {cell}")
    lines += ["", "", "Search space", "^^^^^^^^^^^^", ""]
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
