"""The interface's modules depend on each other one way (issue 22): no import cycle among the
``rummy_tui.ui`` modules, not even one hidden behind ``TYPE_CHECKING`` (grimp reads every
import statement), and no module but the app itself imports the app: the match session and
its helpers are handed a narrow host, never the whole app to reach through."""

from __future__ import annotations

from functools import cache

import grimp

from tests.test_architecture import import_cycles

UI = "rummy_tui.ui"
APP = "rummy_tui.ui.shell.app"


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rummy_tui")


def ui_modules() -> set[str]:
    return {module for module in graph().modules if module == UI or module.startswith(UI + ".")}


def test_no_import_cycle_among_the_interface_modules() -> None:
    assert import_cycles(ui_modules(), graph()) == []


def test_no_interface_module_but_the_app_imports_the_app() -> None:
    importers = graph().find_modules_that_directly_import(APP) & ui_modules()
    assert importers == set()


def test_the_match_session_owns_the_table_and_the_screen_knows_no_controller() -> None:
    imported = graph().find_modules_directly_imported_by("rummy_tui.ui.screens.table")
    assert "rummy_tui.ui.play.controller" not in imported
    assert "rummy_tui.ui.play.session" not in imported
    assert "rummy_tui.ui.play.session" in graph().find_modules_that_directly_import(
        "rummy_tui.ui.screens.table"
    )
