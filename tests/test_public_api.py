"""The public API: __all__, docstrings with numpydoc sections, the demo."""

import inspect

import pytest
from public_names import MODULES, SUBNAMESPACES
from public_names import PUBLIC as PUBLIC_NAMES

import infometrics

PUBLIC = list(PUBLIC_NAMES.values())
FUNCTIONS = [obj for obj in PUBLIC if inspect.isfunction(obj)]


def test_all_names_exist_once():
    for module in MODULES:
        assert len(set(module.__all__)) == len(module.__all__), module.__name__
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert missing == [], module.__name__


def test_the_top_level_is_small_and_the_rest_is_in_subnamespaces():
    top_level = MODULES[0]
    assert top_level is infometrics
    assert len(top_level.__all__) <= 20
    for name in SUBNAMESPACES:
        module = getattr(infometrics, name)
        assert module.__name__ == f"infometrics.{name}"
        assert module.__doc__
    # A name means one thing wherever it is exported.
    for module in MODULES:
        for name in module.__all__:
            assert getattr(module, name) is PUBLIC_NAMES[name], name


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
        parameters = inspect.signature(function).parameters
        # Labels or counts: y_true and y_pred stay positional (scikit-learn's
        # shape) and default to None when confusion_matrix= may replace them.
        # The command line's argv is its input and defaults to sys.argv, as
        # for a console script.
        data = (
            ("y_true", "y_pred")
            if "confusion_matrix" in parameters
            and parameters["confusion_matrix"].kind is inspect.Parameter.KEYWORD_ONLY
            else ("argv",)
            if function is infometrics.cli.main
            else ()
        )
        for parameter in parameters.values():
            if (
                parameter.default is not inspect.Parameter.empty
                and parameter.name not in ("measure", "measures", *data)
            ):
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, (
                    f"{function.__name__}({parameter.name}) should be keyword-only"
                )


DOCUMENTED_CONVENTIONAL_KEYS = {
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
    "holt_zero_one_loss",
    "xi",
    "balanced_error_rate",
    "combined_error_rate",
    "micro_f1",
    "macro_f1",
    "info_weighted_accuracy",
}


def test_documented_field_and_key_names():
    three = infometrics.conventional_measures(
        [[5, 1, 0, 1], [1, 5, 1, 0], [0, 1, 6, 0]]
    )
    assert set(three) >= DOCUMENTED_CONVENTIONAL_KEYS
    binary = infometrics.conventional_measures([[5, 1, 1], [1, 5, 0]])
    assert DOCUMENTED_CONVENTIONAL_KEYS | {"precision", "recall", "f1"} <= set(binary)
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


def test_signatures_name_array_arguments_arraylike_not_numpys_protocols():
    # help() shows annotations as written: "ArrayLike", not the ~1 kB union
    # of numpy's private protocols it stands for.
    import inspect

    for name, obj in PUBLIC_NAMES.items():
        functions = [obj] if inspect.isfunction(obj) else []
        if inspect.isclass(obj):
            functions = [
                member
                for _, member in inspect.getmembers(obj, inspect.isfunction)
                if member.__module__.startswith("infometrics")
            ]
        for function in functions:
            text = str(inspect.signature(function))
            assert "numpy._typing" not in text, f"{name}: {text[:120]}"
