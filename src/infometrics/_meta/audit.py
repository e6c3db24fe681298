"""Meta-measures (Hu, He & Yuan): which measures behave as people expect, by search."""

import itertools
import numbers
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .designed import DESIGNED
from .measures import evaluate, resolve_measures
from .search import (
    PROPERTIES,
    build_probe_sets,
    check_space_size,
    space_description,
)
from .witness import MetaMeasureWitness

if TYPE_CHECKING:
    import pandas

# Differences below this (relative to the values) are rounding, not a change:
# "strictly lower" needs more, "never lower" tolerates it.
RELATIVE_TOLERANCE = 1e-9


@dataclass(repr=False, eq=False)
class MetaMeasureAudit:
    """The result of :func:`meta_measure_audit`.

    Attributes
    ----------
    table : pandas.DataFrame
        Measures by properties: ``True`` where no counterexample was found,
        ``False`` where one was, ``<NA>`` where the measure was always undefined.
    share_held, n_checked : pandas.DataFrame
        The share of the comparisons (both values defined) where it holds, and
        their number.
    witnesses : dict
        ``{(measure, property): MetaMeasureWitness}`` for every failure.
    search_space : pandas.DataFrame
        What each property was checked on, for each kind of measure audited.
    """

    table: "pandas.DataFrame"
    share_held: "pandas.DataFrame"
    n_checked: "pandas.DataFrame"
    witnesses: dict
    search_space: "pandas.DataFrame"

    def __repr__(self):
        return (
            f"MetaMeasureAudit({len(self.table)} measures, "
            f"{len(self.witnesses)} failures with witnesses)"
        )

    def witness(self, measure, prop):
        """The counterexample of ``measure`` to ``prop``, or None where it holds.

        Parameters
        ----------
        measure, prop : str
            A row and a column of :attr:`table`, e.g. ``"ni2", "Feature 2"``.

        Returns
        -------
        witness : MetaMeasureWitness or None
        """
        if measure not in self.table.index:
            raise ValueError(
                f"{measure!r} is not a measure of this audit; it has "
                f"{', '.join(map(repr, self.table.index))}."
            )
        if prop not in self.table.columns:
            raise ValueError(
                f"Unknown property {prop!r}; the properties are "
                f"{', '.join(map(repr, self.table.columns))}."
            )
        return self.witnesses.get((measure, prop))

    def to_text(self) -> str:
        """The table, every witness and the search space, as text."""
        import pandas as pd

        short = {label: PROPERTIES[label].short for label in self.table}
        with pd.option_context("display.max_rows", None, "display.width", 250):
            lines = [cell_texts(self).rename(columns=short).to_string(), ""]
        columns = "; ".join(f"{short[label]} = {label}" for label in self.table)
        lines.append(f"Columns: {columns}. {LEGEND}")
        if self.witnesses:
            lines += ["", "Witnesses:", *map(str, self.witnesses.values())]
        space = self.search_space.stack().items()
        lines += ["", "Search space:", *(f"- {p}, {c}: {t}." for (p, c), t in space)]
        return "\n".join(lines)

    def plot(self, *, ax=None):
        """Draw the table as a grid of measures by properties; returns the Axes.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Axes to draw on; a new figure sized to the table if None.
        """
        from matplotlib.patches import Patch, Rectangle

        from .._display.common import pyplot

        cells = cell_texts(self)
        n_rows, n_columns = cells.shape
        if ax is None:
            _, ax = pyplot().subplots(
                figsize=(12, 1.8 + 0.3 * n_rows), layout="constrained"
            )
        for (row, column), text in np.ndenumerate(cells.to_numpy()):
            colour = COLOURS[text.split(":")[0]]
            ax.add_patch(Rectangle((column, row), 1, 1, fc=colour, ec="white"))
            text = text.replace(": ", ":\n")
            ax.text(column + 0.5, row + 0.5, text, ha="center", va="center", fontsize=7)
        ax.set(xlim=(0, n_columns), ylim=(n_rows, 0))
        titles = [PROPERTIES[label].title for label in cells.columns]
        ax.set_xticks(np.arange(n_columns) + 0.5, titles, fontsize=8)
        ax.set_yticks(np.arange(n_rows) + 0.5, cells.index, fontsize=8)
        ax.xaxis.tick_top()
        ax.tick_params(length=0)
        ax.spines[:].set_visible(False)
        ax.legend(
            handles=[Patch(facecolor=c, label=key) for key, c in COLOURS.items()],
            title=textwrap.fill(LEGEND, 130),
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncol=3,
            fontsize=8,
            title_fontsize=7,
            frameon=False,
        )
        return ax


# Blue for held, orange for failed (told apart without red-green vision), grey
# where nothing could be compared; every cell also says it in words.
COLOURS = {"holds": "#9ecae1", "fails": "#f4a261", "n/a": "#e0e0e0"}
LEGEND = (
    "holds = no counterexample in the search space; fails: holds in n% = a "
    "counterexample was found, and the property holds in n% of the comparisons "
    "searched; n/a = the measure is undefined on every case compared."
)


def cell_texts(audit):
    """What the audit says of each measure and property, in a few words."""
    # A failure never rounds to 100%, nor a hit to 0%.
    share = audit.share_held.map(
        lambda s: ">99%" if s > 0.995 else "<1%" if 0 < s < 0.005 else f"{s:.0%}"
    )
    held = audit.table.fillna(False).astype(bool)
    cells = ("fails: holds in " + share).mask(held, "holds")
    return cells.where(audit.table.notna(), "n/a")


# The sizes of a search space as build_probe_sets names them: their minima, and
# the most a measure called once per matrix (a millisecond a call) searches.
SIZES = {
    "max_samples": (1, 5),
    "max_split_samples": (3, 16),
    "n_random": (0, 8),
    "max_samples_3class": (0, 5),
}
# The relation a property asks of f(B) against f(A), given the tolerance.
RELATIONS = {
    ">=": lambda difference, tolerance: difference >= -tolerance,
    ">": lambda difference, tolerance: difference > tolerance,
    "==": lambda difference, tolerance: np.abs(difference) <= tolerance,
}


def _check_count(value, name, minimum):
    integer = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if not integer or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}.")
    return int(value)


def meta_measure_audit(
    measures=None,
    *,
    max_samples: int = 20,
    max_split_samples: int = 200,
    n_random: int = 200,
    max_samples_3class: int = 7,
    undefined: str = "raise",
    random_state: int = 0,
) -> MetaMeasureAudit:
    """Check Hu, He & Yuan's meta-measures and two metric axioms, by search.

    Each property compares the measure (higher is better) on pairs of matrices,
    found exhaustively up to a size, at random and in the papers: "held" means
    no counterexample there; each failure has a witness. A scikit-learn metric
    or callable, called once per matrix, searches sizes of at most 5, 16, 8 and
    5. See the "Which measure?" page of the documentation.

    Parameters
    ----------
    measures : str, callable, list or dict, default=None
        A registry name (a lower-is-better one negated as ``neg_<name>``), a
        scikit-learn metric by name (``"f1_macro"``, any function of
        ``sklearn.metrics``) or as a function (it sees the classes ``0 ... m -
        1`` and ``-1`` for a rejection), a callable ``f(C) -> float`` of the
        augmented confusion matrix (higher is better), a list of them or a dict
        ``{name: measure}``; None: every measure of the registry.
    max_samples : int, default=20
        Feature 1, P1 and P3: every binary matrix of 1 to this many samples.
    max_split_samples : int, default=200
        Features 2 and 3: every binary class split of at most this many samples.
    n_random : int, default=200
        Random 3-class and 4-class matrices and class sizes, each.
    max_samples_3class : int, default=7
        Feature 1, P1 and P3 also on every 3-class matrix of 1 to this many samples.
    undefined : {"raise", "skip"}, default="raise"
        A callable's ``nan``: an error naming the matrix, or left out of the
        comparisons (as for the other measures).
    random_state : int, default=0
        Seed of the random cases.

    Returns
    -------
    audit : MetaMeasureAudit

    Raises
    ------
    ValueError
        Also for a search space too large for memory, or a measure that raises
        or returns a non-finite value on a matrix.

    See Also
    --------
    ni2_crossover_ratio : Theorem A2's cross-over of NI2 for given class sizes.

    Examples
    --------
    >>> import infometrics
    >>> audit = infometrics.meta.meta_measure_audit(
    ...     ["ni1", "ni2", "accuracy"], max_samples=8, max_split_samples=30,
    ...     n_random=20)
    >>> audit.table[["Feature 1", "Feature 2", "Feature 3 within (errors)"]]
              Feature 1  Feature 2  Feature 3 within (errors)
    ni1           False      False                       True
    ni2           False       True                       True
    accuracy       True       True                      False
    >>> print(audit.witness("ni2", "Feature 1").move)
    B is A with one sample of true class 0 moved from predicted class 1 to the
    diagonal (a correct prediction instead of an error)
    """
    import pandas as pd  # here only: the audit's modules import what the core does

    given = dict(locals())  # every option by its name, for the checks below
    sizes = {
        name: _check_count(given[name], name, minimum)
        for name, (minimum, _) in SIZES.items()
    }
    # Before any allocation: a space too large fails here, not in numpy.
    check_space_size(sizes)
    random_state = _check_count(random_state, "random_state", 0)
    if undefined not in ("raise", "skip"):
        raise ValueError(f"undefined must be 'raise' or 'skip'; got {undefined!r}.")
    resolved = resolve_measures(measures)
    registry = [m for m in resolved if m.kind == "registry"]
    groups = {  # column of the search space: (measures, sizes)
        "registry measures (whole stacks)": (registry, sizes),
        "scikit-learn metrics and callables (one call per matrix)": (
            [m for m in resolved if m not in registry],
            {name: min(size, SIZES[name][1]) for name, size in sizes.items()},
        ),
    }
    n_designed = sum(map(len, DESIGNED.values()))
    labels, names = list(PROPERTIES), [m.name for m in resolved]
    n_held = pd.DataFrame(0, index=names, columns=labels)
    checked = n_held.copy()
    witnesses, space = {}, {}
    for column, (members, space_sizes) in groups.items():
        if not members:
            continue
        probe_sets = build_probe_sets(
            **space_sizes, rng=np.random.default_rng(random_state), designed=DESIGNED
        )
        space[column] = {
            prop: space_description(prop, space_sizes, n_designed) for prop in labels
        }
        values = {
            n_classes: evaluate(members, probes.matrices, undefined)
            for n_classes, probes in probe_sets.items()
        }
        for key in itertools.product([m.name for m in members], labels):
            counts = _check_property(*key, probe_sets, values)
            n_held.at[key], checked.at[key], witnesses[key] = counts
    held = (n_held == checked).astype("boolean").mask(checked == 0)
    # Registry measures were checked first: list the witnesses in table order.
    order = itertools.product(names, labels)
    witnesses = {key: witnesses[key] for key in order if witnesses[key] is not None}
    search_space = pd.DataFrame(space).rename_axis("property")
    return MetaMeasureAudit(held, n_held / checked, checked, witnesses, search_space)


def _check_property(name, label, probe_sets, values):
    """``(n_held, n_defined, witness or None)`` of one property of one measure;
    ``values`` is ``{n_classes: {name: values}}``."""
    relation = PROPERTIES[label].relation
    n_held = n_defined = 0
    failures = []  # (n_samples, -violation, n_classes, index), one per shape
    for n_classes, probes in probe_sets.items():
        pairs, own = probes.comparisons[label], values[n_classes][name]
        # Undefined values (nan, or an infinite loss) are left out.
        defined = np.isfinite(own[pairs.a]) & np.isfinite(own[pairs.b])
        value_a, value_b = np.where(defined, [own[pairs.a], own[pairs.b]], 0.0)
        difference = value_b - value_a
        tolerance = RELATIVE_TOLERANCE * np.maximum(
            1.0, np.maximum(np.abs(value_a), np.abs(value_b))
        )
        held = RELATIONS[relation](difference, tolerance) & defined
        n_held += int(held.sum())
        n_defined += int(defined.sum())
        failed = np.flatnonzero(defined & ~held)
        if failed.size:
            # The smallest counterexample is the easiest to read; among those,
            # the clearest violation.
            samples = probes.n_samples[pairs.a[failed]]
            violation = np.abs(difference[failed])
            first = np.lexsort((-violation, samples))[0]
            failures.append(
                (samples[first], -violation[first], n_classes, failed[first])
            )
    if not failures:
        return n_held, n_defined, None
    *_, n_classes, index = min(failures)
    pairs = probe_sets[n_classes].comparisons[label]
    a_b = [pairs.a[index], pairs.b[index]]  # fancy indexing: copies
    witness = MetaMeasureWitness(
        name,
        label,
        *probe_sets[n_classes].matrices[a_b],
        *map(float, values[n_classes][name][a_b]),
        pairs.moves[pairs.move[index]],
        f"f(B) {relation} f(A)",
    )
    return n_held, n_defined, witness
