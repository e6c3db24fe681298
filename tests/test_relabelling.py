"""Permuted predictions: which measures cannot see them, and the reports say so.

This module imports the private relabelling search, and must: that the
relabelling found equals the best of every permutation (a brute-force
reference) can only be checked on the search itself; the public warning
(``PermutedLabelsWarning``) gives only its summary in words.
"""

import itertools
import warnings

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment

import infometrics as im
from infometrics._measures.relabelling import (
    PREDICTION_RELABELLING_INVARIANT,
    clear_relabelling_of_counts,
)
from infometrics.measures import MEASURES, compute_measures

Y = np.repeat([0, 1, 2], 10)
SHIFTED = (Y + 1) % 3


def _matrices(rng):
    """Random matrices with and without rejections, and square ones."""
    for trial in range(48):
        n_classes = 2 + trial % 3
        counts = rng.integers(1, 20, (n_classes, n_classes + 1)).astype(float)
        if trial % 2:
            counts[:, -1] = 0  # rejections make NI17/19/20/22/24 constant
        if trial % 4 == 1:
            counts = counts[:, :n_classes]
        yield counts


def _relabelled(counts, order):
    """Predicted class ``j`` renamed ``order[j]``; the reject column stays last."""
    n_classes = counts.shape[0]
    columns = np.argsort(order)
    return counts[:, [*columns, *range(n_classes, counts.shape[1])]]


def test_invariant_measures_are_exactly_those_the_computation_finds():
    """Registry-driven: every measure is classified by computing it."""
    rng = np.random.default_rng(0)
    changed = set()
    for counts in _matrices(rng):
        n_classes = counts.shape[0]
        names = [n for n, s in MEASURES.items() if n_classes == 2 or not s.binary_only]
        order = [*range(1, n_classes), 0]
        before = compute_measures(counts, names, replace_undefined_by=np.nan)
        after = compute_measures(
            _relabelled(counts, order), names, replace_undefined_by=np.nan
        )
        changed.update(
            name
            for name in names
            if not np.isclose(
                before[name], after[name], rtol=1e-12, atol=1e-12, equal_nan=True
            )
        )
    invariant = set(MEASURES) - changed
    assert invariant == PREDICTION_RELABELLING_INVARIANT & set(MEASURES)
    assert {f"ni{k}" for k in range(1, 10)} <= invariant
    assert not {f"ni{k}" for k in range(10, 25)} & invariant


def test_marginal_measures_score_a_permutation_with_equal_priors_as_perfect():
    """NI10-NI24 compare marginals: equal priors make the shift look perfect."""
    shifted = im.augmented_confusion_matrix(Y, SHIFTED)
    values = im.all_measures(shifted)
    assert all(values[f"ni{k}"] == pytest.approx(1.0) for k in range(1, 25))
    assert im.conventional_measures(shifted)["correct_rate"] == 0.0


def test_compare_ties_but_warns_and_notes_the_permuted_classifier():
    with pytest.warns(im.exceptions.PermutedLabelsWarning, match="'shifted'") as caught:
        table = im.report.compare(
            {"perfect": (Y, Y), "shifted": (Y, SHIFTED)},
            measures=["ni2", "correct_rate"],
        )
    assert len(caught) == 1
    assert caught[0].filename == __file__  # points at the caller's line
    assert "0 -> 2, 1 -> 0, 2 -> 1" in str(caught[0].message)
    assert table["ni2"].tolist() == [1.0, 1.0]
    assert table["rank_ni2"].tolist() == [1, 1]
    assert table.loc["perfect", "note"] == ""
    assert table.loc["shifted", "note"] == (
        "accuracy 0.000 -> 1.000 if relabelled 0 -> 2, 1 -> 0, 2 -> 1"
    )
    assert list(table.columns)[-1] == "note"


def test_information_report_notes_only_the_invariant_measures():
    names = ["ant", "bee", "cat"]
    y_true = np.array(names)[Y]
    y_pred = np.array(names)[SHIFTED]
    with pytest.warns(im.exceptions.PermutedLabelsWarning, match="'ant' -> 'cat'"):
        report = im.report.information_report(y_true, y_pred, reject_label=None)
    noted = report.index[report["note"] != ""].get_level_values("measure")
    assert set(noted) == PREDICTION_RELABELLING_INVARIANT & set(report.index.levels[1])
    assert report.loc[("normalized information", "ni2"), "note"] == (
        "unchanged if relabelled 'ant' -> 'cat', 'bee' -> 'ant', 'cat' -> 'bee'"
    )


def test_per_class_report_names_what_each_renamed_output_looks_like():
    with pytest.warns(im.exceptions.PermutedLabelsWarning):
        table = im.report.per_class_report(
            confusion_matrix=[[0, 4, 0, 1], [4, 0, 0, 0], [0, 0, 5, 0]],
            labels=["a", "b", "c"],
        )
    assert table["note"].tolist() == [
        "predictions look like class 'b'",
        "predictions look like class 'a'",
        "",
        "",
        "",  # macro avg
        "",  # weighted avg
    ]


def test_no_warning_and_no_note_when_the_labels_are_right():
    matrix = [[8, 1, 1], [2, 7, 1]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = im.report.information_report(confusion_matrix=matrix)
        table = im.report.compare({"A": matrix})
        per_class = im.report.per_class_report(confusion_matrix=matrix)
    assert "note" not in report
    assert "note" not in table
    assert "note" not in per_class


def test_a_small_gain_is_reported_too():
    # One class mostly predicted as the other: a real, if partial, mislabelling.
    matrix = [[20, 30, 0], [40, 10, 0]]
    with pytest.warns(im.exceptions.PermutedLabelsWarning, match="0.300 to 0.700"):
        im.report.information_report(confusion_matrix=matrix)


# --- When the reports flag permuted labels: clear matches, not wobbles -------


def _random_counts(rng, n_classes, n_samples):
    """Confusion matrix of predictions drawn independently of the truth."""
    y_true = rng.integers(0, n_classes, n_samples)
    y_pred = rng.integers(0, n_classes, n_samples)
    counts = np.zeros((n_classes, n_classes + 1))
    np.add.at(counts, (y_true, y_pred), 1)
    return counts


@pytest.mark.parametrize(
    ("n_classes", "n_samples"), [(10, 50), (10, 200), (10, 2000), (3, 50), (2, 100)]
)
def test_random_classifiers_do_not_look_permuted(n_classes, n_samples):
    # The documented false-alarm check: no clear renaming in 300 random
    # classifiers (the docstring's 2000 were run once; 300 keep this fast).
    rng = np.random.default_rng(n_classes * 10_000 + n_samples)
    alarms = sum(
        clear_relabelling_of_counts(_random_counts(rng, n_classes, n_samples))
        is not None
        for _ in range(300)
    )
    assert alarms == 0
    # Any of them has some renaming that wins a little: that is the wobble.
    counts = _random_counts(rng, n_classes, n_samples)[:, :n_classes]
    rows, columns = linear_sum_assignment(counts, maximize=True)
    assert counts[rows, columns].sum() > np.trace(counts)


def test_a_random_10_class_report_does_not_warn():
    rng = np.random.default_rng(7)
    y_true, y_pred = rng.integers(0, 10, (2, 1000))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = im.report.information_report(y_true, y_pred, reject_label=None)
    assert "note" not in report


@pytest.mark.parametrize("n_samples", [1000, 5000, 20_000])
def test_a_genuinely_swapped_classifier_is_flagged(n_samples):
    # 10 classes, 70 % right; the labels 0 <-> 1 and 2 -> 3 -> 4 -> 2 are mixed
    # up. (With 100 samples, 10 a class, the whole renaming is found in about
    # half of the seeds: a class of 10 is often no clear majority.)
    rng = np.random.default_rng(n_samples)
    y_true = rng.integers(0, 10, n_samples)
    guesses = rng.integers(0, 10, n_samples)
    y_pred = np.where(rng.random(n_samples) < 0.7, y_true, guesses)
    renamed = np.array([1, 0, 3, 4, 2, 5, 6, 7, 8, 9])
    with pytest.warns(
        im.exceptions.PermutedLabelsWarning, match="0 -> 1, 1 -> 0, 2 -> 4"
    ):
        report = im.report.information_report(
            y_true, renamed[y_pred], reject_label=None
        )
    assert report.loc[("normalized information", "ni2"), "note"] != ""


def _clear_by_definition(counts):
    """The clear renaming from its definition: every permutation, exact fractions.

    The permutation with the most moved classes among those whose every move
    ``j -> r`` takes a strict majority of row ``r`` and of column ``j`` of the
    class part, with phi >= 2/5 (phi**2 >= 4/25 and a positive numerator).
    """
    from fractions import Fraction

    n_classes = counts.shape[0]
    cells = [[Fraction(int(value)) for value in row[:n_classes]] for row in counts]
    total = sum(map(sum, cells))
    rows = [sum(row) for row in cells]
    columns = [sum(cells[r][j] for r in range(n_classes)) for j in range(n_classes)]

    def clear(j, r):
        cell = cells[r][j]
        numerator = cell * total - rows[r] * columns[j]
        spread = rows[r] * (total - rows[r]) * columns[j] * (total - columns[j])
        return (
            2 * cell > rows[r]
            and 2 * cell > columns[j]
            and spread > 0
            and numerator > 0
            and numerator**2 >= Fraction(4, 25) * spread
        )

    best = ()
    for order in itertools.permutations(range(n_classes)):
        moves = tuple((j, r) for j, r in enumerate(order) if j != r)
        if all(clear(j, r) for j, r in moves) and len(moves) > len(best):
            best = moves
    return best


def test_clear_relabelling_equals_its_definition_on_random_small_matrices():
    rng = np.random.default_rng(3)
    flagged = 0
    for trial in range(400):
        n_classes = 2 + trial % 3
        counts = rng.integers(0, 6, (n_classes, n_classes + 1)).astype(float)
        counts[rng.random(counts.shape) < 0.3] = 0  # empty rows and columns too
        found = clear_relabelling_of_counts(counts)
        expected = _clear_by_definition(counts)
        assert (() if found is None else found.moves) == expected, counts
        flagged += found is not None
    assert flagged > 20  # the search met clear renamings, not only None


@pytest.mark.parametrize("scale", [2.0**-60, 2.0**40, 1e-100, 1e100, 1e-300, 3.3e306])
def test_the_clear_renaming_does_not_depend_on_the_scale_of_the_counts(scale):
    rng = np.random.default_rng(11)
    for _ in range(50):
        counts = rng.integers(0, 20, (3, 4)).astype(float)
        counts[:, :3] = counts[:, :3][:, rng.permutation(3)]
        found = clear_relabelling_of_counts(counts)
        scaled = clear_relabelling_of_counts(counts * scale)
        assert (found is None) == (scaled is None)
        if found is not None:
            assert scaled.moves == found.moves
            assert scaled.correct_rate == pytest.approx(found.correct_rate)
            assert scaled.relabelled_correct_rate == pytest.approx(
                found.relabelled_correct_rate
            )
