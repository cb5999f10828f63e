"""The standing list of faults (``tests/faults/faults.toml``, issue 31) stays usable: it loads,
holds at least twenty faults over every area, and names each fault's mistake; at most three
of them sit in the interface files being rewritten. Whether each still applies is for the
script to say (``python tests/faults/run_faults.py --check``), not a failure here."""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
REWRITTEN = (
    "rummy_tui/ui/play/session.py",
    "rummy_tui/ui/own/shared_turns.py",
    "rummy_tui/ui/play/handing_on.py",
    "rummy_tui/ui/joined_session.py",
    "rummy_tui/ui/play/session_routes.py",
    "rummy_tui/ui/play/controller.py",
)


def runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "run_faults", ROOT / "tests" / "faults" / "run_faults.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("run_faults", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_list_holds_twenty_faults_over_every_area() -> None:
    module = runner()
    faults = module.load_faults()
    assert len(faults) >= 20
    assert {fault.area for fault in faults} >= {"core", "table", "glue", "saves", "words"}
    assert all(fault.models.strip() and fault.original != fault.replacement for fault in faults)
    assert sum(fault.file in REWRITTEN for fault in faults) <= 3


def test_a_fault_whose_snippet_is_gone_does_not_apply(tmp_path: Path) -> None:
    module = runner()
    fault = module.Fault("gone", "core", "a.py", "x = 1", "x = 2", "a test fault")
    assert "does not exist" in module.why_not_applicable(fault, tmp_path)
    (tmp_path / "a.py").write_text("y = 1\n")
    assert "found 0 times" in module.why_not_applicable(fault, tmp_path)
    (tmp_path / "a.py").write_text("x = 1\n")
    assert module.why_not_applicable(fault, tmp_path) is None
    module.apply(fault, tmp_path)
    assert (tmp_path / "a.py").read_text() == "x = 2\n"


def test_the_unit_guard_fails_a_unit_test_that_starts_a_process(
    request: pytest.FixtureRequest,
) -> None:
    """The guard of ``tests/conftest.py``: a unit test that starts a process (or a Textual
    app, or a socket) fails, even when the code under test swallows the error."""
    from tests.conftest import UnitTierViolation, unit_guard

    node = request.node
    swallowed = contextlib.suppress(UnitTierViolation)  # as code under test might
    failed = pytest.raises(pytest.fail.Exception, match="marked unit but called subprocess")
    with failed, unit_guard(node), swallowed:
        subprocess.run(["true"], check=False)
    assert node.get_closest_marker("unit") is not None
