"""The package's shape: no import cycle (type-only imports included), no loose module.

The import graph is grimp's (the one import-linter reads), which counts every import a
module makes: at the top, inside functions and under ``TYPE_CHECKING``. A cycle means two
modules stand on each other's floor; the floors are in pyproject.toml's layers contract.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import grimp

import rummy_tui

PACKAGE = Path(rummy_tui.__file__).parent


def strongly_connected_components(
    nodes: Iterable[str], successors: Callable[[str], Iterable[str]]
) -> list[set[str]]:
    """The strongly connected components of a directed graph (Tarjan's algorithm, without
    recursion so a deep import chain cannot overflow the stack), in no particular order.

    >>> graph = {"a": ["b"], "b": ["a", "c"], "c": []}
    >>> sorted(sorted(part) for part in strongly_connected_components(graph, graph.__getitem__))
    [['a', 'b'], ['c']]
    """
    index_of: dict[str, int] = {}
    lowlink: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[set[str]] = []
    for root in nodes:
        if root in index_of:
            continue
        index_of[root] = lowlink[root] = len(index_of)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(successors(root)))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index_of:
                    index_of[child] = lowlink[child] = len(index_of)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors(child))))
                elif child in on_stack:
                    lowlink[node] = min(lowlink[node], index_of[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowlink[parent] = min(lowlink[parent], lowlink[node])
            if lowlink[node] == index_of[node]:
                component: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def import_cycles(modules: set[str], graph: grimp.ImportGraph) -> list[list[str]]:
    """Every group of ``modules`` that import one another in a circle (each sorted), a
    module importing itself included."""

    def imported_by(module: str) -> set[str]:
        return graph.find_modules_directly_imported_by(module) & modules

    return sorted(
        sorted(component)
        for component in strongly_connected_components(sorted(modules), imported_by)
        if len(component) > 1 or next(iter(component)) in imported_by(next(iter(component)))
    )


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_import_cycle_in_the_package() -> None:
    """No module of rummy_tui imports, even for types only or inside a function, a module
    that imports it back (the core, the interface and every floor between)."""
    graph = grimp.build_graph("rummy_tui")
    assert import_cycles(set(graph.modules), graph) == []


def test_no_import_cycle_in_the_core() -> None:
    """The same for the core alone, so a cycle there is named as the core's."""
    graph = grimp.build_graph("rummy_tui")
    core = {module for module in graph.modules if _inside(module, "rummy_tui.core")}
    assert import_cycles(core, graph) == []


def test_the_cycle_finder_sees_a_cycle_through_a_package() -> None:
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(module)
    graph.add_import(importer="pkg", imported="pkg.a")
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    assert import_cycles(set(graph.modules), graph) == [["pkg", "pkg.a", "pkg.b"]]


def test_no_loose_top_level_module() -> None:
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
