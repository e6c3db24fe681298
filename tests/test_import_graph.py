"""The package's modules import each other without cycles.

Every ``import`` is counted, also those inside functions: a lazy import that
closes a circle is still a circle (two modules that cannot be understood or
changed one without the other).
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "infometrics"


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_names(path):
    """Every name the file at ``path`` imports, at any depth, resolved:
    ``from .x import y`` gives both ``package.x`` and ``package.x.y``."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _imports(path):
    """Package modules imported by the file at ``path`` (resolved names)."""
    return {c for c in _imported_names(path) if c in MODULES} - {_module_name(path)}


MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _cycles(graph):
    """Every strongly connected component of more than one module."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_no_module_imports_itself_back_through_others():
    # Subpackages' __init__ modules re-export their members; an import of
    # the package from one of its own members is not counted as a cycle.
    graph = {
        name: {
            target
            for target in _imports(path)
            if not (MODULES[target].name == "__init__.py" and name.startswith(target))
        }
        for name, path in MODULES.items()
    }
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"]
    ]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_core_imports_no_adapters_pandas_or_plotting():
    """The count-level core (the measures, the warnings) imports only itself,
    NumPy and the standard library; every module of it, also ones added later."""
    core = [
        *(PACKAGE / "_measures").rglob("*.py"),
        PACKAGE / "_warnings.py",
        PACKAGE / "exceptions.py",
    ]
    assert len(core) >= 8
    core_modules = {_module_name(path) for path in core}
    for path in core:
        for name in _imported_names(path):
            top = name.split(".")[0]
            assert top not in {"pandas", "sklearn", "matplotlib", "dask"}, (
                f"{path.name} imports {name}"
            )
            if top == PACKAGE.name:
                # ``from .module import name`` reads as module.name too.
                assert {name, name.rpartition(".")[0]} & core_modules, (
                    f"{path.name} imports {name} from outside the core"
                )


def test_import_reader_sees_relative_and_nested_imports(monkeypatch):
    fake = PACKAGE / "_measures" / "fake.py"
    source = "def f():\n    from .._counting.labels import x\n    import pandas\n"
    monkeypatch.setattr(type(fake), "read_text", lambda self, encoding=None: source)
    labels = ".".join([PACKAGE.name, "_counting", "labels"])
    assert _imported_names(fake) == {labels, f"{labels}.x", "pandas"}
