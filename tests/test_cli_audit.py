"""``infometrics audit``: the meta-measure table and witnesses on the command line."""

import sys

import pytest

from infometrics.cli import main

SMALL = [
    "--max-samples",
    "5",
    "--max-split-samples",
    "12",
    "--n-random",
    "5",
]


def weighted_cost(matrix):
    """A measure of the matrix for the module:function path (see the test)."""
    m = matrix.shape[0]
    sizes = matrix.sum(axis=1)
    errors = sizes - matrix.diagonal() - matrix[:, m]
    return -float(((2 * errors + matrix[:, m]) / sizes.clip(min=1)).sum())


def undefined_at_zero(matrix):
    """Undefined (nan) when the first class has no correct sample."""
    return float("nan") if matrix[0, 0] == 0 else 1.0


def test_audit_prints_table_witnesses_and_search_space(capsys):
    assert main(["audit", "ni1", "neg_false_info_ratio", *SMALL]) == 0
    out = capsys.readouterr().out
    table = out.split("\n\n")[0].splitlines()
    header = "F1 F2 F3 err F3 rej F3 betw P1 P3"
    assert table[0].split() == header.split()
    assert table[1].startswith("ni1 ")
    assert table[2].startswith("neg_false_info_ratio ")
    # NI1 is left at 1 by a rejection from an exact classification.
    assert "ni1 fails Feature 2: B is an exact classification" in out
    assert "f(A) = 1\n" in out
    assert "Search space:\n- Feature 1, registry measures" in out


def test_audit_of_a_function_path(capsys):
    assert main(["audit", "test_cli_audit:weighted_cost", *SMALL]) == 0
    out = capsys.readouterr().out
    row = out.splitlines()[1].split()
    # Built to satisfy Features 1-3 and P1; not symmetric.
    assert row[0] == "weighted_cost"
    assert row[1:7] == ["holds"] * 6
    assert row[7:10] == ["fails:", "holds", "in"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["audit", "ni99"], "Unknown measure 'ni99'"),
        (["audit", "no_such_module_xyz:f"], "No module named 'no_such_module_xyz'"),
        (["audit", "math:nothing"], "has no attribute 'nothing'"),
        (["audit", ":f"], "cannot import it as module:function"),
        (["audit", "math:pi"], "'math:pi': not a function"),
        (["audit", "ni2", "--max-samples", "0"], "--max-samples must be an integer"),
        (["audit", "ni2", "--n-random", "x"], "invalid int value"),
        (["audit", "math:sqrt", *SMALL], "'sqrt' raised TypeError"),
        # The library's undefined="skip" is the command's flag.
        (["audit", "test_cli_audit:undefined_at_zero", *SMALL], "--skip-undefined"),
    ],
)
def test_audit_errors_are_one_line(arguments, message, capsys):
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert err.startswith("infometrics: error: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_audit_searches_three_class_matrices_and_says_so(capsys):
    """Cohen's kappa is monotone on binary matrices, not on 3-class ones."""
    options = [*SMALL, "--max-samples-3class", "4"]
    assert main(["audit", "kappa", *options]) == 0
    out = capsys.readouterr().out
    cells = out.splitlines()[1].split()
    assert cells[:5] == ["kappa", "fails:", "holds", "in", ">99%"]
    assert "kappa fails Feature 1" in out
    assert "every 3-class augmented matrix with 1 to 4 samples (1,819)" in out


def test_audit_help_says_a_function_must_be_higher_is_better(capsys):
    with pytest.raises(SystemExit):
        main(["audit", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "where higher is better (negate a loss first)" in help_text
    assert "--max-samples-3class N" in help_text


def test_audit_refuses_a_search_space_too_large_in_one_line(capsys):
    assert main(["audit", "ni2", "--max-samples", "100000"]) == 2
    err = capsys.readouterr().err
    assert "search space is too large" in err
    assert "Lower --max-samples." in err
    assert len(err.strip().splitlines()) == 1


def test_audit_imports_a_function_from_the_current_folder(tmp_path, monkeypatch):
    """As ``python -m`` does: ``infometrics audit mymod:f`` in mymod's folder."""
    name = "infometrics_audit_cwd_module"
    (tmp_path / f"{name}.py").write_text(
        "def accepted(matrix):\n    return float(matrix.trace() / matrix.sum())\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, name, raising=False)
    path_before = list(sys.path)
    try:
        assert main(["audit", f"{name}:accepted", *SMALL]) == 0
    finally:
        sys.modules.pop(name, None)
    assert sys.path == path_before  # the folder is on the path for that import only
