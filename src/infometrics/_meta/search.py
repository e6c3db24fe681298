"""The audit's search spaces: stacks of distinct matrices and, per property, the
index pairs ``(a, b)`` it compares, each with a sentence saying how they relate."""

from itertools import combinations, permutations
from math import comb
from typing import NamedTuple

import numpy as np


class Property(NamedTuple):
    relation: str  # what the property asks of f(B) against f(A)
    short: str  # column of the text table
    title: str  # column of the figure


PROPERTIES = {
    "Feature 1": Property(">=", "F1", "Feature 1\nmonotone in\nthe diagonal"),
    "Feature 2": Property(">", "F2", "Feature 2\na rejection\nlowers it"),
    "Feature 3 within (errors)": Property(
        ">", "F3 err", "Feature 3\nsmall-class\nerror costlier"
    ),
    "Feature 3 within (rejections)": Property(
        ">", "F3 rej", "Feature 3\nsmall-class\nrejection costlier"
    ),
    "Feature 3 between": Property(
        ">", "F3 betw", "Feature 3\nrejection cheaper\nthan error"
    ),
    "P1 identity": Property(">", "P1", "P1\nbest only when\nexact"),
    "P3 symmetry": Property("==", "P3", "P3\nsymmetric"),
}


def compositions(n_cells, max_total, *, min_total=1):
    """Every vector of ``n_cells`` non-negative integers with a sum in the range."""
    # Stars and bars: n_cells bars among max_total + n_cells places; a cell
    # counts the stars before its bar, those after the last bar are slack.
    bars = combinations(range(max_total + n_cells), n_cells)
    bars = np.fromiter(bars, dtype=np.dtype((np.int64, n_cells))).reshape(-1, n_cells)
    vectors = np.diff(bars, axis=1, prepend=-1) - 1
    return vectors[vectors.sum(axis=1) >= min_total]


def n_compositions(n_cells, max_total, *, min_total=1):
    """``len(compositions(...))`` in closed form (stars and bars)."""
    return comb(max_total + n_cells, n_cells) - comb(min_total - 1 + n_cells, n_cells)


class Comparisons(NamedTuple):  # index pairs (a, b), each with moves[move]
    a: np.ndarray
    b: np.ndarray
    move: np.ndarray
    moves: list


class ProbeSet(NamedTuple):  # distinct matrices of one shape, their comparisons
    matrices: np.ndarray
    comparisons: dict
    n_samples: np.ndarray


class _Builder:
    """Collects matrices (deduplicated at the end) and index pairs."""

    def __init__(self, n_classes):
        self.n_classes, self.blocks, self.n_rows = n_classes, [], 0
        self.pairs = {label: [] for label in PROPERTIES}

    def add(self, matrices):
        """Register a stack; returns the provisional indices of its matrices."""
        m = self.n_classes
        self.blocks.append(np.reshape(matrices, (-1, m * (m + 1))).astype(np.int64))
        self.n_rows += len(matrices)
        return np.arange(self.n_rows - len(matrices), self.n_rows)

    def compare(self, prop, a, b, move):
        self.pairs[prop].append((np.asarray(a), np.asarray(b), move))

    def build(self):
        unique, inverse = np.unique(
            np.concatenate(self.blocks), axis=0, return_inverse=True
        )
        inverse = inverse.reshape(-1)
        comparisons = {}
        for prop, parts in self.pairs.items():
            parts = [(np.zeros(0, np.int64),) * 2 + ("",), *parts]
            a = inverse[np.concatenate([p[0] for p in parts])]
            b = inverse[np.concatenate([p[1] for p in parts])]
            move = np.repeat(np.arange(len(parts)), [len(p[0]) for p in parts])
            comparisons[prop] = Comparisons(a, b, move, [p[2] for p in parts])
        m = self.n_classes
        matrices = unique.reshape(-1, m, m + 1).astype(float)
        return ProbeSet(matrices, comparisons, unique.sum(axis=1))


def _moved(stack, row, source, target):
    """The stack with one sample of ``row`` moved from ``source`` to ``target``."""
    moved = stack.copy()
    moved[:, row, source] -= 1
    moved[:, row, target] += 1
    return moved


def _not_exact_pairs(builder, stack, indices):
    """P1: every matrix with every class present that is not exact, vs exact."""
    m = builder.n_classes
    rows = stack.sum(axis=2)
    diagonal = np.einsum("kii->ki", stack[:, :, :m])
    candidates = (rows >= 1).all(axis=1) & (diagonal != rows).any(axis=1)
    exact = np.zeros_like(stack[candidates])
    exact[:, np.arange(m), np.arange(m)] = rows[candidates]
    builder.compare(
        "P1 identity",
        indices[candidates],
        builder.add(exact),
        "A is not an exact classification; B is the exact classification of "
        "the same samples (each row's samples on its diagonal)",
    )


def _matrix_properties(builder, stack):
    """Feature 1, P1 and P3 on a stack of matrices."""
    m = builder.n_classes
    indices = builder.add(stack)
    for i, j in permutations(range(m), 2):
        has = stack[:, i, j] >= 1
        builder.compare(
            "Feature 1",
            indices[has],
            builder.add(_moved(stack[has], i, j, i)),
            f"B is A with one sample of true class {i} moved from predicted "
            f"class {j} to the diagonal (a correct prediction instead of an error)",
        )
    _not_exact_pairs(builder, stack, indices)
    square = (stack[:, :, m] == 0).all(axis=1)
    transposed = np.zeros_like(stack[square])
    transposed[:, :, :m] = np.swapaxes(stack[square][:, :, :m], 1, 2)
    builder.compare(
        "P3 symmetry",
        indices[square],
        builder.add(transposed),
        "A has no rejections; B is its transpose (true and predicted swapped)",
    )


def _split_properties(builder, sizes):
    """Features 2 and 3 around the exact classifications of ``sizes`` (n, m)."""
    m = builder.n_classes
    exact = np.zeros((len(sizes), m, m + 1), dtype=np.int64)
    exact[:, np.arange(m), np.arange(m)] = sizes
    exact_index = builder.add(exact)
    rejected = [builder.add(_moved(exact, i, i, m)) for i in range(m)]
    for i in range(m):
        builder.compare(
            "Feature 2",
            rejected[i],
            exact_index,
            f"B is an exact classification; A is B with one sample of class {i} "
            "rejected",
        )
    errors = {}
    for i, j in permutations(range(m), 2):
        errors[i, j] = builder.add(_moved(exact, i, i, j))
        builder.compare(
            "Feature 3 between",
            errors[i, j],
            rejected[i],
            f"from one exact classification: A has one sample of class {i} "
            f"predicted as {j} (an error), B has it rejected",
        )
    for small, large in errors:
        pick = sizes[:, large] > sizes[:, small]
        if pick.any():
            builder.compare(
                "Feature 3 within (errors)",
                errors[small, large][pick],
                errors[large, small][pick],
                "from one exact classification: A has one error on the small "
                f"class {small} (predicted {large}), B one error on the large "
                f"class {large} (predicted {small})",
            )
            builder.compare(
                "Feature 3 within (rejections)",
                rejected[small][pick],
                rejected[large][pick],
                "from one exact classification: A rejects one sample of the small "
                f"class {small}, B one sample of the large class {large}",
            )


def binary_splits(max_samples):
    """Every binary class split ``(c0, c1)``, both at least 1, ``c0 + c1 <= max``."""
    return compositions(2, max_samples - 2, min_total=0) + 1


def random_matrices(rng, n_classes, n_matrices, *, max_samples=60):
    """Random integer matrices, mostly accurate, with errors and rejections."""
    m = n_classes
    totals = rng.integers(m, max_samples + 1, size=n_matrices)
    # A Dirichlet draw per matrix that favours the diagonal, so the moves
    # happen around realistic classifiers as well as around noise.
    alpha = np.full((m, m + 1), 0.5)
    alpha[np.arange(m), np.arange(m)] = 3.0
    probabilities = rng.dirichlet(alpha.ravel(), size=n_matrices)
    stack = [rng.multinomial(t, p) for t, p in zip(totals, probabilities, strict=True)]
    return np.reshape(stack, (n_matrices, m, m + 1))


def build_probe_sets(
    *, max_samples, max_split_samples, n_random, rng, designed, max_samples_3class=0
):
    """``{n_classes: ProbeSet}``; ``designed`` is ``{n_classes: matrices}``."""
    builders = {m: _Builder(m) for m in (2, 3, 4)}
    _matrix_properties(builders[2], compositions(6, max_samples).reshape(-1, 2, 3))
    _split_properties(builders[2], binary_splits(max_split_samples))
    if max_samples_3class > 0:
        stack = compositions(12, max_samples_3class).reshape(-1, 3, 4)
        _matrix_properties(builders[3], stack)
    for m in (3, 4) if n_random > 0 else ():
        _matrix_properties(builders[m], random_matrices(rng, m, n_random))
        sizes = rng.integers(1, 61, size=(n_random, m))
        _split_properties(builders[m], sizes)
        # Theorem 1's witnesses, for P1: every exact classification of these
        # sizes with cyclically relabelled predictions.
        swapped = np.zeros((n_random, m, m + 1), dtype=np.int64)
        swapped[:, np.arange(m), (np.arange(m) + 1) % m] = sizes
        _not_exact_pairs(builders[m], swapped, builders[m].add(swapped))
    for m, matrices in designed.items():
        _matrix_properties(builders[m], np.asarray(matrices, dtype=np.int64))
    return {m: builder.build() for m, builder in builders.items() if builder.blocks}


def _space_counts(sizes):
    """How many base cases each size option yields (stars and bars)."""
    return {
        "max_samples": n_compositions(6, sizes["max_samples"]),
        "max_split_samples": comb(sizes["max_split_samples"], 2),
        "n_random": 4 * sizes["n_random"],
        "max_samples_3class": n_compositions(12, sizes["max_samples_3class"]),
    }


# Every base matrix of a search costs about a kilobyte (its moved copies, the
# deduplication and the values): three million of them take about 3 GB.
MAX_MATRICES = 3_000_000


def check_space_size(sizes):
    """Refuse a search space too large for memory, naming the option to lower."""
    counts = _space_counts(sizes)
    name = max(counts, key=counts.get)
    if sum(counts.values()) > MAX_MATRICES:
        raise ValueError(
            f"The search space is too large: {sum(counts.values()):,} matrices "
            f"and class splits, {counts[name]:,} of them from {name}="
            f"{sizes[name]}; at most {MAX_MATRICES:,} fit in memory (about 1 GB "
            f"a million). Lower {name}."
        )


def space_description(prop, sizes, n_designed):
    """What a property was checked on, with the closed-form counts."""
    counts, n_random = _space_counts(sizes), sizes["n_random"]
    if not prop.startswith(("Feature 1", "P")):
        return (
            f"every binary class split with 2 to {sizes['max_split_samples']} "
            f"samples ({counts['max_split_samples']:,}) and {n_random} random 3- "
            "and 4-class size vectors"
        )
    three = (
        f"every 3-class augmented matrix with 1 to {sizes['max_samples_3class']} "
        f"samples ({counts['max_samples_3class']:,}), "
        if sizes["max_samples_3class"]
        else ""
    )
    theorem_1 = ", and Theorem 1's relabelled exact classifications"
    return (
        f"every binary augmented matrix with 1 to {sizes['max_samples']} samples "
        f"({counts['max_samples']:,}), {three}{n_random} random 3-class and "
        f"{n_random} random 4-class matrices and the {n_designed} designed "
        "matrices of the papers"
    ) + (theorem_1 if prop == "P1 identity" else "")
