"""The public API: __all__, docstrings with numpydoc sections, the demo."""

import inspect
import io

import pytest

import infometrics

PUBLIC = [getattr(infometrics, name) for name in infometrics.__all__]
FUNCTIONS = [obj for obj in PUBLIC if inspect.isfunction(obj)]


def test_all_names_exist_once():
    assert len(set(infometrics.__all__)) == len(infometrics.__all__)
    missing = [name for name in infometrics.__all__ if not hasattr(infometrics, name)]
    assert missing == []


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
def test_public_functions_have_numpydoc_sections(function):
    doc = inspect.getdoc(function)
    has_parameters = bool(inspect.signature(function).parameters)
    sections = (
        ("Parameters", "Returns", "Examples")
        if has_parameters
        else ("Returns", "Examples")
    )
    for section in sections:
        assert f"\n{section}\n" in doc, f"{function.__name__} lacks {section}"
    documented = doc.split("Returns")[0]
    for name in inspect.signature(function).parameters:
        assert name in documented, f"{function.__name__}: {name} not documented"


@pytest.mark.parametrize(
    "obj", [o for o in PUBLIC if inspect.isclass(o)], ids=lambda o: o.__name__
)
def test_public_classes_are_documented(obj):
    doc = inspect.getdoc(obj)
    assert doc
    assert "Attributes" in doc or "Examples" in doc


def test_keyword_only_options():
    for function in FUNCTIONS:
        parameters = inspect.signature(function).parameters.values()
        for parameter in parameters:
            if (
                parameter.default is not inspect.Parameter.empty
                and parameter.name not in ("measure", "measures")
            ):
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, (
                    f"{function.__name__}({parameter.name}) should be keyword-only"
                )


def test_core_modules_import_no_adapters_pandas_or_plotting():
    core = [
        "_information",
        "_measures",
        "_coverage",
        "_triangle",
        "_conventional",
        "_validation",
        "_exceptions",
    ]
    for module in core:
        source = inspect.getsource(getattr(infometrics, module))
        for forbidden in ("import pandas", "sklearn", "matplotlib"):
            assert forbidden not in source, f"{module} uses {forbidden}"


def test_demo_runs_the_model_selection_story():
    from infometrics._demo import run_demo

    output = io.StringIO()
    result = run_demo(stream=output)
    text = output.getvalue()
    assert 'scoring="ni2"' in text
    assert "RejectOptionClassifierCV" in text
    assert set(result["matrices"]) == {
        "never rejects",
        "grid-searched",
        "RejectOptionClassifierCV",
    }
    for matrix in result["matrices"].values():
        assert matrix.shape == (10, 11)
    assert result["matrices"]["never rejects"][:, -1].sum() == 0


SPEC_CONVENTIONAL_KEYS = {
    "correct_rate",
    "error_rate",
    "reject_rate",
    "accepted_accuracy",
    "kappa",
    "tpr",
    "fpr",
    "ppv",
    "npv",
    "rand_index",
    "f_score",
    "quadratic_loss",
    "linear_loss",
    "informational_loss",
    "zero_one_loss",
    "xi",
    "balanced_error_rate",
    "combined_error_rate",
    "micro_f1",
    "macro_f1",
    "info_weighted_accuracy",
}


def test_spec_contract_field_and_key_names():
    three = infometrics.conventional_measures(
        [[5, 1, 0, 1], [1, 5, 1, 0], [0, 1, 6, 0]]
    )
    assert set(three) >= SPEC_CONVENTIONAL_KEYS
    binary = infometrics.conventional_measures([[5, 1, 1], [1, 5, 0]])
    assert SPEC_CONVENTIONAL_KEYS | {"precision", "recall", "f1"} <= set(binary)
    coverage = infometrics.information_coverage([[5, 1, 1], [1, 5, 0]])
    for field in (
        "completeness",
        "false_info_ratio",
        "info_error",
        "h_true",
        "h_output",
        "mutual_info",
    ):
        assert hasattr(coverage, field)
    triangle = infometrics.entropy_triangle([[5, 1, 1], [1, 5, 0]])
    for point in (triangle, triangle.x, triangle.y):
        for field in ("delta_h", "mutual_info", "variation_info"):
            assert hasattr(point, field)
    assert set(infometrics.all_measures([[5, 1, 0], [1, 5, 0]])) == {
        f"ni{k}" for k in range(1, 25)
    }
