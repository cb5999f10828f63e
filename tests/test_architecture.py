"""The layout's promises that a test can keep: no import cycle in the core (type-only imports
count too, as grimp reads them)."""

from __future__ import annotations

import grimp

CORE = "rummy_tui.core"


def import_cycles(graph: grimp.ImportGraph, prefix: str) -> list[list[str]]:
    """The strongly connected groups of two or more modules among those under ``prefix``,
    each sorted (Tarjan's algorithm, walked without recursion)."""
    modules = sorted(
        module for module in graph.modules if module == prefix or module.startswith(prefix + ".")
    )
    inside = set(modules)
    imports = {
        module: sorted(set(graph.find_modules_directly_imported_by(module)) & inside)
        for module in modules
    }
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in modules:
        if root in order:
            continue
        walk = [(root, iter(imports[root]))]
        order[root] = low[root] = len(order)
        stack.append(root)
        on_stack.add(root)
        while walk:
            module, rest = walk[-1]
            following = next(rest, None)
            if following is None:
                walk.pop()
                if walk:
                    parent = walk[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == order[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif following not in order:
                order[following] = low[following] = len(order)
                stack.append(following)
                on_stack.add(following)
                walk.append((following, iter(imports[following])))
            elif following in on_stack:
                low[module] = min(low[module], order[following])
    return groups


def test_import_cycles_finds_a_cycle() -> None:
    """The search itself: two modules importing each other are one group."""

    class Graph:
        modules = frozenset({"p.a", "p.b", "p.c"})

        def find_modules_directly_imported_by(self, module: str) -> set[str]:
            return {"p.a": {"p.b"}, "p.b": {"p.a", "p.c"}, "p.c": set()}[module]

    assert import_cycles(Graph(), "p") == [["p.a", "p.b"]]  # type: ignore[arg-type]


def test_no_import_cycle_in_the_core() -> None:
    """No module of the core imports, even for types only, a module that imports it back."""
    graph = grimp.build_graph("rummy_tui")
    assert import_cycles(graph, CORE) == []
