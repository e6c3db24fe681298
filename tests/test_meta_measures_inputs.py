"""Meta-measures: regressions of an outside audit (search space, inputs, output)."""

import threading
import warnings
from math import comb

import numpy as np
import pandas as pd
import pytest
from designed_matrices import (
    HU_HE_YUAN_MATRICES,
    HU_WANG_TABLE_3_MATRICES,
    HU_WANG_TABLE_4_MATRICES,
)
from test_meta_measures import SMALL, SMALL_LOOP, _class_weighted_cost

import infometrics as im


def _numpy_mcc(matrix):
    """Multi-class MCC of the labels a matrix counts (a rejection: label -1)."""
    m = matrix.shape[0]
    square = np.zeros((m + 1, m + 1))
    square[:m] = matrix  # the reject row of the squared matrix is empty
    true, predicted = square.sum(axis=1), square.sum(axis=0)
    n, correct = square.sum(), np.trace(square)
    scale = np.sqrt((n * n - predicted @ predicted) * (n * n - true @ true))
    return float((correct * n - true @ predicted) / scale) if scale else 0.0


def test_kappa_and_mcc_fail_feature_1_on_small_three_class_matrices():
    """Both are monotone on binary matrices; the 3-class counterexamples have
    4 and 5 samples, which random, mostly accurate matrices never drew."""
    audit = im.meta.meta_measure_audit(
        {"kappa": "kappa", "mcc": _numpy_mcc},
        max_samples=6,
        max_split_samples=10,
        n_random=0,
        max_samples_3class=5,
    )
    for name, samples in (("kappa", 4), ("mcc", 5)):
        assert not audit.table.at[name, "Feature 1"], name
        witness = audit.witness(name, "Feature 1")
        assert witness.matrix_a.shape == (3, 4)
        assert witness.matrix_a.sum() == samples
    # Recomputed from the witness matrices, outside the audit.
    kappa = audit.witness("kappa", "Feature 1")
    before = im.conventional_measures(kappa.matrix_a)["kappa"]
    after = im.conventional_measures(kappa.matrix_b)["kappa"]
    assert after < before - 0.01
    mcc = audit.witness("mcc", "Feature 1")
    assert _numpy_mcc(mcc.matrix_b) < _numpy_mcc(mcc.matrix_a) - 0.01
    # The stated space: every 3-class augmented matrix (12 cells) up to 5
    # samples, by stars and bars.
    assert (
        "every 3-class augmented matrix with 1 to 5 samples (6,187)"
        in (audit.search_space.at["Feature 1", "registry measures (whole stacks)"])
    )
    assert comb(5 + 12, 12) - 1 == 6187


# Every designed matrix of the papers, which the audit probes too.
DESIGNED = [
    *HU_HE_YUAN_MATRICES.values(),
    *HU_WANG_TABLE_3_MATRICES.values(),
    *HU_WANG_TABLE_4_MATRICES.values(),
]


def test_three_class_search_visits_the_closed_form_count():
    """Every move of one error to the diagonal, on every 3-class matrix."""
    n = 3
    audit = im.meta.meta_measure_audit(
        ["correct_rate"],
        max_samples=1,
        max_split_samples=3,
        n_random=0,
        max_samples_3class=n,
    )
    designed_moves = sum(
        int(np.count_nonzero(matrix[:, :-1] - np.diag(np.diag(matrix[:, :-1]))))
        for matrix in map(np.array, DESIGNED)
    )
    # A move needs c_ij >= 1: the other samples fill 12 cells, 0 to n - 1 of them.
    binary_moves, three_class_moves = 2 * comb(0 + 6, 6), 6 * comb(n - 1 + 12, 12)
    assert audit.n_checked.at["correct_rate", "Feature 1"] == (
        binary_moves + three_class_moves + designed_moves
    )


def test_scikit_learn_metrics_through_functools_partial():
    from functools import partial

    from sklearn.metrics import f1_score, fbeta_score, zero_one_loss

    tiny = {
        "max_samples": 3,
        "max_split_samples": 8,
        "n_random": 0,
        "max_samples_3class": 0,
    }
    # Named by the function and its options; a loss negated.
    named = im.meta.meta_measure_audit(
        [
            partial(f1_score, average="macro"),
            partial(zero_one_loss, normalize=False),
        ],
        **tiny,
    )
    assert list(named.share_held.index) == [
        "f1_score(average='macro')",
        "neg_zero_one_loss(normalize=False)",
    ]
    assert repr(named) == (
        f"MetaMeasureAudit(2 measures, {len(named.witnesses)} failures with witnesses)"
    )
    audit = im.meta.meta_measure_audit(
        {"by partial": partial(f1_score, average="macro"), "by alias": "f1_macro"},
        **tiny,
    )
    pd.testing.assert_frame_equal(
        audit.share_held.loc[["by partial"]],
        audit.share_held.loc[["by alias"]].rename(index={"by alias": "by partial"}),
    )
    im.meta.meta_measure_audit([partial(fbeta_score, average="macro", beta=2)], **tiny)
    # A metric that needs options says how to set them.
    with pytest.raises(ValueError, match=r"partial\(f1_score, average='macro'\)"):
        im.meta.meta_measure_audit(["f1_score"], **tiny)


@pytest.mark.parametrize(
    "returned", ["0.5", True, np.bool_(False), b"1", None, np.array([0.5])]
)
def test_a_callable_must_return_a_real_number(returned):
    def measure(matrix):
        return returned

    with pytest.raises(ValueError, match=r"'measure' returned .* must return one real"):
        im.meta.meta_measure_audit([measure], **SMALL_LOOP)


def test_numpy_scalars_are_real_numbers():
    def measure(matrix):
        return np.float32(np.trace(matrix[:, :-1]) / matrix.sum())

    audit = im.meta.meta_measure_audit([measure], **SMALL_LOOP)
    assert audit.table.at["measure", "Feature 1"]


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"max_samples": 10**6}, "max_samples"),
        ({"max_split_samples": 10**5}, "max_split_samples"),
        ({"n_random": 10**7}, "n_random"),
        ({"max_samples_3class": 30}, "max_samples_3class"),
    ],
)
def test_a_search_space_too_large_for_memory_is_refused(options, option):
    # Refused from the closed form before anything is allocated (10^6 samples
    # would be 10^33 matrices: a MemoryError, or worse, a swapping machine).
    with pytest.raises(ValueError, match=rf"too large: .* Lower {option}\.$"):
        im.meta.meta_measure_audit(["ni2", "accuracy_score"], **options)


def test_witnesses_are_listed_in_table_order():
    audit = im.meta.meta_measure_audit(
        {"weighted cost": _class_weighted_cost, "ni1": "ni1"}, **SMALL
    )
    measures = [measure for measure, _ in audit.witnesses]
    assert measures == sorted(measures, key=list(audit.table.index).index)
    text = audit.to_text()
    assert text.index("weighted cost fails") < text.index("ni1 fails")


class _ThreadWarning(UserWarning):
    pass


def test_a_sklearn_metric_audit_leaves_other_threads_warnings_alone(monkeypatch):
    """The warnings filters are shared by all threads (Python < 3.14): an audit
    that ignored warnings around its loop swallowed those of other threads, and
    left its ignore filter behind for good when another thread entered
    catch_warnings meanwhile (its exit restored the list it had copied)."""
    import sklearn.metrics

    in_call, go_on = threading.Event(), threading.Event()
    accuracy = sklearn.metrics.accuracy_score

    def paused_accuracy(y_true, y_pred):
        # The first call waits while the main thread warns and enters
        # catch_warnings; then the audit runs to its end. Warnings raised inside
        # scikit-learn's modules (a real metric's, about the reject label) are
        # ignored; this one is raised as if there.
        warnings.warn_explicit(
            "from the audited metric",
            _ThreadWarning,
            "sklearn/metrics/_classification.py",
            1,
            module="sklearn.metrics._classification",
        )
        if not in_call.is_set():
            in_call.set()
            assert go_on.wait(30)
        return accuracy(y_true, y_pred)

    monkeypatch.setattr(sklearn.metrics, "accuracy_score", paused_accuracy)
    audit = threading.Thread(
        target=im.meta.meta_measure_audit, args=(["accuracy_score"],), kwargs=SMALL_LOOP
    )
    with warnings.catch_warnings(record=True) as outer:
        warnings.simplefilter("always")
        audit.start()
        assert in_call.wait(30)
        warnings.warn("raised while the audit runs", _ThreadWarning, stacklevel=1)
        with warnings.catch_warnings():
            go_on.set()
            audit.join(60)
        warnings.warn("raised after the audit", _ThreadWarning, stacklevel=1)
    assert not audit.is_alive()
    assert [str(w.message) for w in outer if w.category is _ThreadWarning] == [
        "raised while the audit runs",
        "raised after the audit",
    ]
    # No filter left behind ignores this thread's warnings.
    with pytest.warns(_ThreadWarning):
        warnings.warn("raised at the end", _ThreadWarning, stacklevel=1)


def test_the_audit_imports_only_what_the_core_imports():
    """At module level, the audit's modules import numpy, scipy, the standard
    library and the package's core; pandas (its results), scikit-learn (its
    metrics) and matplotlib (its figure) when they are used."""
    import ast
    import sys
    from pathlib import Path

    folder = Path(im.__file__).parent / "_meta"
    allowed = {"numpy", "scipy", *sys.stdlib_module_names}
    core = {"_measures", "_counting", "_warnings"}  # _warnings: the core's too
    for path in folder.glob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                tops = {alias.name.split(".")[0] for alias in node.names}
                assert tops <= allowed, (path.name, tops)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    assert node.module.split(".")[0] in allowed, path.name
                elif node.level == 2:  # from the package: only its core
                    assert node.module.split(".")[0] in core, (path.name, node.module)
