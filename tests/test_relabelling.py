"""Permuted predictions: which measures cannot see them, and the reports say so."""

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import infometrics as im
from infometrics._measures.registry import MEASURES, compute_measures
from infometrics._measures.relabelling import (
    PREDICTION_RELABELLING_INVARIANT,
    best_relabelling,
)

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


def _slow_best_correct(counts):
    """Most correct predictions over every permutation of the predicted classes."""
    n_classes = counts.shape[0]
    return max(
        sum(counts[order[j], j] for j in range(n_classes))
        for order in itertools.permutations(range(n_classes))
    )


@settings(max_examples=60, deadline=None)
@given(
    n_classes=st.integers(1, 4),
    data=st.data(),
)
def test_best_relabelling_equals_trying_every_permutation(n_classes, data):
    cells = n_classes * (n_classes + 1)
    values = data.draw(st.lists(st.integers(0, 6), min_size=cells, max_size=cells))
    counts = np.array(values, dtype=float).reshape(n_classes, n_classes + 1)
    found = best_relabelling(counts)
    best = _slow_best_correct(counts)
    diagonal = np.trace(counts[:, :n_classes])
    if best == diagonal or counts.sum() == 0:
        assert found is None
        return
    assert found.correct_rate == pytest.approx(diagonal / counts.sum())
    assert found.relabelled_correct_rate == pytest.approx(best / counts.sum())
    # Applying the named moves reaches that count, and every move changes a class.
    renamed = dict(found.moves)
    assert all(predicted != true for predicted, true in found.moves)
    assert sorted(renamed) == sorted(renamed.values())  # a permutation of its own
    reached = sum(counts[renamed.get(j, j), j] for j in range(n_classes))
    assert reached == best
    # No class moves whose move gains nothing: fixing any one of them (sending
    # its predecessor to its target) loses correct predictions.
    for column, target in renamed.items():
        predecessor = next(p for p, t in renamed.items() if t == column)
        kept = counts[target, predecessor] + counts[column, column]
        assert kept < counts[column, predecessor] + counts[target, column]


def test_best_relabelling_leaves_out_cycles_that_only_tie():
    # Classes 0 and 1 are swapped (a gain); classes 2 and 3 tie either way.
    counts = np.array(
        [
            [0, 5, 0, 0, 0],
            [5, 0, 0, 0, 0],
            [0, 0, 3, 3, 0],
            [0, 0, 3, 3, 1],
        ]
    )
    found = best_relabelling(counts)
    assert found.moves == ((0, 1), (1, 0))
    assert found.correct_rate == pytest.approx(6 / 23)
    assert found.relabelled_correct_rate == pytest.approx(16 / 23)


def test_best_relabelling_does_not_move_unused_classes_it_need_not_move():
    # scipy's assignment sends this through a 4-cycle (0 -> 1 -> 2 -> 3 -> 0);
    # class 2 is neither true nor predicted and keeps its name.
    counts = np.array([[0, 0, 0, 5], [5, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    found = best_relabelling(counts)
    assert found.moves == ((0, 1), (1, 3), (3, 0))
    assert found.relabelled_correct_rate == 1.0


def test_best_relabelling_with_weighted_counts_and_errors():
    assert best_relabelling([[0.5, 0.0], [0.0, 0.25]]) is None
    assert best_relabelling([[0.0, 0.5], [0.25, 0.0]]).moves == ((0, 1), (1, 0))
    assert best_relabelling([[0, 0, 0], [0, 0, 0]]) is None
    assert best_relabelling([[3, 1]]) is None
    with pytest.raises(ValueError, match="not a stack"):
        best_relabelling(np.zeros((2, 2, 3)))
    with pytest.raises(ValueError, match="shape"):
        best_relabelling([[1, 2, 3, 4]])


def test_compare_ties_but_warns_and_notes_the_permuted_classifier():
    with pytest.warns(im.PermutedLabelsWarning, match="'shifted'") as caught:
        table = im.compare(
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
    with pytest.warns(im.PermutedLabelsWarning, match="'ant' -> 'cat'"):
        report = im.information_report(y_true, y_pred, reject_label=None)
    noted = report.index[report["note"] != ""].get_level_values("measure")
    assert set(noted) == PREDICTION_RELABELLING_INVARIANT & set(report.index.levels[1])
    assert report.loc[("normalized information", "ni2"), "note"] == (
        "unchanged if relabelled 'ant' -> 'cat', 'bee' -> 'ant', 'cat' -> 'bee'"
    )


def test_per_class_report_names_what_each_renamed_output_looks_like():
    with pytest.warns(im.PermutedLabelsWarning):
        table = im.per_class_report(
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
        report = im.information_report(confusion_matrix=matrix)
        table = im.compare({"A": matrix})
        per_class = im.per_class_report(confusion_matrix=matrix)
    assert "note" not in report
    assert "note" not in table
    assert "note" not in per_class


def test_a_small_gain_is_reported_too():
    # One class mostly predicted as the other: a real, if partial, mislabelling.
    matrix = [[20, 30, 0], [40, 10, 0]]
    with pytest.warns(im.PermutedLabelsWarning, match="0.300 to 0.700"):
        im.information_report(confusion_matrix=matrix)
