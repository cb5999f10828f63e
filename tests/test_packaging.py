"""The installed package holds every subpackage of the source tree.

``pyproject.toml`` lists the packages by hand (the assets folder is mapped into the package),
so a new subpackage that is not listed would be missing from ``pip install .`` while the
tests, which import the source checkout, still pass.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_source_package_is_listed_for_installation() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    source = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "rummy_tui").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    missing = sorted(source - listed)
    assert not missing, f"packages missing from pyproject.toml: {missing}"
