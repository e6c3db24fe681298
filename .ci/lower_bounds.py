"""The lower bounds pyproject.toml declares, as pip constraints (or a check).

``python .ci/lower_bounds.py`` prints ``name==X`` for every ``name>=X`` of the
runtime requirements and the ``test`` extra; ``--check`` verifies that the
installed versions are exactly those, so the minimum-versions CI run tests
the versions it claims to.
"""

import re
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

# Requirements whose declared lower bound this run does not pin (resolved
# against the pinned ones instead), each with the reason.
UNPINNED = {
    "dask": "declared by the Dask integration; its minimum is not verified here",
    # Engines of counts_from_table: optional, tested at the versions pip
    # resolves against the pinned core (narwhals, the dependency, is pinned).
    "duckdb": "an optional engine; its minimum is not verified here",
    "polars": "an optional engine; its minimum is not verified here",
    "pyarrow": "an optional engine; its minimum is not verified here",
    "pyspark": "an optional engine; its minimum is not verified here",
    "ibis-framework": "an optional engine; its minimum is not verified here",
}
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*)")


def lower_bounds():
    project = tomllib.loads(
        (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    )["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    bounds = {}
    for requirement in requirements:
        match = REQUIREMENT.match(requirement)
        if match is None:
            raise SystemExit(f"no lower bound in requirement {requirement!r}")
        if match.group(1) not in UNPINNED:
            bounds[match.group(1)] = match.group(3)
    return bounds


def _release(text):
    """A version without trailing zero components ("2.0.0" -> "2")."""
    parts = text.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def main(argv):
    bounds = lower_bounds()
    if "--check" not in argv:
        for name, minimum in bounds.items():
            print(f"{name}=={minimum}")
        return 0
    wrong = []
    for name, minimum in bounds.items():
        try:
            installed = version(name)
        except PackageNotFoundError:
            installed = "not installed"
        if _release(installed) != _release(minimum):
            wrong.append(f"{name} {installed} (declared minimum {minimum})")
    if wrong:
        print("not the declared minimums: " + "; ".join(wrong), file=sys.stderr)
        return 1
    print("minimum versions: " + ", ".join(f"{n}=={v}" for n, v in bounds.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
