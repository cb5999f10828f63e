"""Styles live in ``assets/*.tcss``: every screen's sheets are found, and no Python string
holds CSS except a widget that several screens show."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

from textual.screen import Screen

import rummy_tui.ui
from rummy_tui.ui.shell.assets import SOURCE_ASSETS

UI = Path(rummy_tui.ui.__file__).resolve().parent

KEEPS_DEFAULT_CSS = {"KeyBar"}
"""Widgets whose style stays with them: shown on several screens (see each one's comment)."""


def _css_assignments() -> set[str]:
    found = set()
    for source in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id in ("CSS", "DEFAULT_CSS")
                    for target in statement.targets
                ):
                    found.add(node.name)
    return found


def test_no_css_in_python_strings_but_the_shared_widgets() -> None:
    assert _css_assignments() == KEEPS_DEFAULT_CSS


def test_every_screen_sheet_exists_and_every_sheet_is_used() -> None:
    for module in pkgutil.walk_packages([str(UI)], "rummy_tui.ui."):
        importlib.import_module(module.name)
    screens = set()
    pending = [Screen]
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if kind.__module__.startswith("rummy_tui."):
            screens.add(kind)
    used = set()
    for screen in screens:
        paths = screen.CSS_PATH
        assert paths, f"{screen.__name__} has no stylesheet"
        for path in paths if isinstance(paths, list) else [paths]:
            assert Path(path).is_file(), path
            used.add(Path(path).name)
    assert used | {"app.tcss"} == {sheet.name for sheet in SOURCE_ASSETS.glob("*.tcss")}
