"""What an audit searches, in words, and the refusal of a space too large to hold."""

from math import comb

from .search import n_compositions

# Every base matrix of a search costs about a kilobyte (its moved copies, the
# deduplication and the values): three million of them take about 3 GB.
MAX_MATRICES = 3_000_000


def n_base_matrices(sizes):
    """The matrices and class splits a search enumerates, by the closed forms."""
    max_samples, max_split_samples, n_random, max_samples_3class = sizes
    # In the order of ``sizes``.
    return {
        "binary matrices": n_compositions(6, max_samples),
        "binary splits": comb(max_split_samples, 2),
        "random cases": 4 * n_random,
        "3-class matrices": n_compositions(12, max_samples_3class),
    }


def check_space_size(sizes, names):
    """Refuse a search space too large for memory, naming the option to lower.

    Parameters
    ----------
    sizes : tuple of int
        ``(max_samples, max_split_samples, n_random, max_samples_3class)``.
    names : tuple of str
        The keyword names of those four sizes, for the message.
    """
    counts = n_base_matrices(sizes)
    total = sum(counts.values())
    if total <= MAX_MATRICES:
        return
    kinds = list(counts)
    largest = max(kinds, key=counts.get)
    index = kinds.index(largest)
    raise ValueError(
        f"The search space is too large: {total:,} matrices and class splits, "
        f"{counts[largest]:,} of them {largest} from {names[index]}="
        f"{sizes[index]}; at most {MAX_MATRICES:,} fit in memory (about 1 GB "
        f"a million). Lower {names[index]}."
    )


def space_description(prop, sizes, counts):
    """One sentence: what a property was checked on, with the closed-form counts."""
    max_samples, max_split_samples, n_random, max_samples_3class = sizes
    n_matrices = n_compositions(6, max_samples)
    n_splits = comb(max_split_samples, 2)
    designed = counts.get((2, "designed matrices"), 0) + counts.get(
        (3, "designed matrices"), 0
    )
    three = ""
    if max_samples_3class:
        three = (
            f"every 3-class augmented matrix with 1 to {max_samples_3class} "
            f"samples ({n_compositions(12, max_samples_3class):,}), "
        )
    matrices = (
        f"every binary augmented matrix with 1 to {max_samples} samples "
        f"({n_matrices:,}), {three}{n_random} random 3-class and {n_random} random "
        f"4-class matrices and the {designed} designed matrices of the papers"
    )
    splits = (
        f"every binary class split with 2 to {max_split_samples} samples "
        f"({n_splits:,}) and {n_random} random 3- and 4-class size vectors"
    )
    if prop == "Feature 1":
        return f"{matrices}: every move of one error to the diagonal"
    if prop == "P1 identity":
        return (
            f"{matrices}, and Theorem 1's relabelled exact classifications: "
            "each matrix with every class present that is not exact, against "
            "the exact classification of its rows"
        )
    if prop == "P3 symmetry":
        return f"{matrices}: each one without rejections, against its transpose"
    if prop == "Feature 2":
        return f"{splits}: one rejection of each class from the exact classification"
    if prop == "Feature 3 between":
        return (
            f"{splits}: one error against one rejection of the same class, from "
            "the exact classification"
        )
    return (
        f"{splits}: each pair of classes of different sizes, one "
        f"{'error' if prop.endswith('(errors)') else 'rejection'} on the small "
        "class against one on the large class, from the exact classification"
    )
