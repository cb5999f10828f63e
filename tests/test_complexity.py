"""Small, flat code (issue 31, item 4): radon's cyclomatic complexity of every block of the
package (function, method, closure and class) stays at most 20, and at most 15 in the
interface (rummy_tui/ui), the same limits ruff's mccabe rule keeps by its own count.

``radon cc -s -n C rummy_tui`` lists the blocks over 10, for a look at what comes near.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from radon.complexity import cc_visit
from radon.visitors import Class, Function

import rummy_tui

PACKAGE = Path(rummy_tui.__file__).parent
PACKAGE_LIMIT = 20
INTERFACE_LIMIT = 15


def blocks(code: str) -> Iterator[Function | Class]:
    """Every block radon measures in ``code``, each once: the top-level functions and
    classes, each class's methods and inner classes, and each function's closures
    (``cc_visit`` lists the methods of top-level classes beside their classes, and no
    closure)."""
    waiting: list[Function | Class] = [
        block for block in cc_visit(code) if isinstance(block, Class) or not block.is_method
    ]
    while waiting:
        block = waiting.pop()
        yield block
        if isinstance(block, Class):
            waiting.extend(block.methods)
            waiting.extend(block.inner_classes)
        else:
            waiting.extend(block.closures)


def limit_of(relative: str) -> int:
    """The complexity a module's blocks may reach, by the module's path in the package."""
    if relative.startswith("ui/"):
        return INTERFACE_LIMIT
    return PACKAGE_LIMIT


def over_limit() -> list[str]:
    """Every block of the package over its limit, as ``path:line name (complexity)``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        limit = limit_of(relative)
        for block in blocks(path.read_text(encoding="utf-8")):
            if block.complexity > limit:
                found.append(
                    f"rummy_tui/{relative}:{block.lineno} {block.fullname} ({block.complexity})"
                )
    return sorted(found)


@pytest.mark.slow  # reads every module of the package: about a second
def test_no_block_over_the_complexity_limits() -> None:
    found = over_limit()
    assert not found, "over the complexity limits:\n" + "\n".join(found)


def test_the_interface_has_the_lower_limit() -> None:
    assert limit_of("ui/widgets/players.py") == INTERFACE_LIMIT == 15
    assert limit_of("core/legal.py") == limit_of("bots/easy.py") == PACKAGE_LIMIT == 20


def test_the_measure_sees_closures_and_methods() -> None:
    """A closure and a method are measured on their own (21 branches make 22)."""
    branches = "".join(f"if x == {n}:\n    return {n}\n" for n in range(21))
    body = "".join(f"        {line}\n" for line in branches.splitlines())
    code = f"def outer():\n    def inner(x):\n{body}class A:\n    def m(self, x):\n{body}"
    measured = {block.fullname: block.complexity for block in blocks(code)}
    assert measured["inner"] == 22
    assert measured["A.m"] == 22
    assert sorted(measured) == ["A", "A.m", "inner", "outer"]
