"""The registry covers every public name, and the known-defect table is exact."""

import contextlib
import dataclasses
import importlib
import io
import re
from pathlib import Path

import pytest
from public_names import PUBLIC

import infometrics as im

from .checks import GENERATED
from .known_defects import KNOWN_DEFECTS
from .registry import ENTRIES

pytestmark = pytest.mark.filterwarnings(
    "ignore::infometrics.exceptions.UndefinedMeasureWarning"
)

# Public names that are not entry points, and why. Every other public name
# (tests/public_names.py) must be exercised by an entry of the registry.
EXEMPT = {
    "MEASURES": "constant: the measure registry (tests/test_registry_common.py)",
    "NI_MEASURES": "constant: the NI formulas, a view of MEASURES",
    "MeasureSpec": "the type of MEASURES' values",
    "NIMeasure": "the type of NI_MEASURES' values",
    "BootstrapInterval": "result of bootstrap_measures(_from_predictions)",
    "JackknifeEstimate": "result of jackknife_measures",
    "EntropyTriangle": "result of entropy_triangle(_score)",
    "TriangleCoordinates": "field type of EntropyTriangle",
    "ErrorBounds": "result of error_bounds",
    "InformationCoverage": "result of information_coverage(_score)",
    "PairedComparison": "result of paired_comparison",
    "RejectCurve": "result of reject_curve(_from_predictions)",
    "RiskCoverageCurve": "result of risk_coverage_curve",
    "DegenerateThresholdWarning": "warning class",
    "PermutedLabelsWarning": "warning class",
    "RejectLabelWarning": "warning class",
    "ScorerRegistrationWarning": "warning class",
    "UndefinedMeasureWarning": "warning class",
    "register_scorers": "runs at import; changes scikit-learn's scorer names on "
    "purpose (tests/test_scoring_entry_points.py)",
}


def test_every_public_name_is_an_entry_or_exempt():
    covered = {name for entry in ENTRIES.values() for name in entry.covers}
    missing = sorted(set(PUBLIC) - covered - set(EXEMPT))
    assert not missing, (
        f"public names without a registry entry in tests/invariance/registry.py: "
        f"{missing}; add an entry (or an exemption with its reason)"
    )
    assert not (set(EXEMPT) - set(PUBLIC)), "exemptions of names no longer public"
    assert not (covered - set(PUBLIC)), "entries cover names that are not public"


# Subcommands of the command line not run by an entry, and why.
CLI_EXEMPT = {
    "demo": "an end-to-end run that fits and tunes on synthetic data for many "
    "seconds (tests/test_demo.py)",
}


def test_every_cli_subcommand_is_an_entry_or_exempt():
    # The subcommands as ``infometrics --help`` lists them: {report,plot,...}.
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        im.cli.main(["--help"])
    commands = re.search(r"\{([\w,-]+)\}", out.getvalue()).group(1).split(",")
    assert len(commands) >= 4, out.getvalue()
    for command in commands:
        covered = any(name.startswith(f"cli {command}") for name in ENTRIES)
        assert covered or command in CLI_EXEMPT, (
            f"no entry runs 'infometrics {command}'"
        )


def test_every_exemption_is_a_result_a_warning_or_says_why():
    for name, reason in EXEMPT.items():
        obj = PUBLIC[name]
        assert reason
        if reason.startswith("result"):
            assert dataclasses.is_dataclass(obj) or isinstance(obj, type), name
        if reason == "warning class":
            assert issubclass(obj, UserWarning), name


def test_the_known_defect_table_names_only_generated_checks():
    # Import every battery module, so every parametrised case is generated.
    for path in sorted(Path(__file__).parent.glob("test_inv_*.py")):
        importlib.import_module(f"{__package__}.{path.stem}")
    stale = sorted(set(KNOWN_DEFECTS) - GENERATED)
    assert not stale, f"KNOWN_DEFECTS entries that match no check: {stale}"
    for key, reason in KNOWN_DEFECTS.items():
        assert reason.startswith(("KNOWN:", "NEW:")), key
