"""The interface's modules depend on each other one way (issue 22): no import cycle among the
``rummy_tui.ui`` modules, not even one hidden behind ``TYPE_CHECKING`` (grimp reads every
import statement), and no module but the app itself imports the app: the match session and
its helpers are handed a narrow host, never the whole app to reach through."""

from __future__ import annotations

from functools import cache

import grimp

UI = "rummy_tui.ui"
APP = "rummy_tui.ui.app"


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rummy_tui")


def ui_modules() -> set[str]:
    return {module for module in graph().modules if module == UI or module.startswith(UI + ".")}


def ui_imports() -> dict[str, set[str]]:
    """Each interface module's direct imports of other interface modules (a package counts
    as its ``__init__``)."""
    modules = ui_modules()
    return {
        module: graph().find_modules_directly_imported_by(module) & modules for module in modules
    }


def cycle_in(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle among ``edges`` (its modules in order, the first again at the end), or
    None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(module: str) -> list[str] | None:
        path.append(module)
        on_path.add(module)
        for imported in sorted(edges.get(module, ())):
            if imported in on_path:
                return [*path[path.index(imported) :], imported]
            if imported not in done:
                found = visit(imported)
                if found is not None:
                    return found
        path.pop()
        on_path.discard(module)
        done.add(module)
        return None

    for module in sorted(edges):
        if module not in done:
            found = visit(module)
            if found is not None:
                return found
    return None


def test_cycle_finder_finds_a_cycle_and_none_where_there_is_none() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_among_the_interface_modules() -> None:
    assert cycle_in(ui_imports()) is None


def test_no_interface_module_but_the_app_imports_the_app() -> None:
    importers = graph().find_modules_that_directly_import(APP) & ui_modules()
    assert importers == set()


def test_the_match_session_owns_the_table_and_the_screen_knows_no_controller() -> None:
    imported = graph().find_modules_directly_imported_by("rummy_tui.ui.screens.table")
    assert "rummy_tui.ui.controller" not in imported
    assert "rummy_tui.ui.session" not in imported
    assert "rummy_tui.ui.session" in graph().find_modules_that_directly_import(
        "rummy_tui.ui.screens.table"
    )
