"""The mutation sites of the rules core for ``benchmarks/mutation_operators.py``.

Four operators, each a small edit of the source text (the rest of the module stays as it is,
comments and line numbers included):

- ``true`` / ``false``: the condition of an ``if``, ``while``, conditional expression or
  comprehension filter, or one operand of ``and`` / ``or``, replaced by ``True`` or ``False``;
- ``plus1``: an integer literal ``n`` replaced by ``n + 1`` (not in type annotations; booleans
  are not integers here);
- ``andor``: every ``and`` of one expression made ``or``, or every ``or`` made ``and``;
- ``loosen``: a comparison loosened, ``<`` to ``<=``, ``>`` to ``>=``, and ``==`` to ``<=`` or
  to ``>=``.

A site's name is ``module:scope:+line:operator:index``: the module under ``rummy_tui.core``,
the function (``Class.method``) or, at module level, the name the statement assigns; the line
counted from the start of that scope (a decorator's line is negative); and the number of the
site among the same scope, line and operator. A change to one function leaves the names of
every other function's sites as they were.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "rummy_tui" / "core"

LOOSER = {ast.Lt: [("<", "<=")], ast.Gt: [(">", ">=")], ast.Eq: [("==", "<="), ("==", ">=")]}
"""The comparisons the ``loosen`` operator changes, with what it writes instead."""


@dataclass(frozen=True)
class Site:
    """One mutant: ``text`` between ``start`` and ``end`` (offsets in the module's source) is
    replaced by ``new``."""

    name: str
    module: str
    path: Path
    start: int
    end: int
    old: str
    new: str
    lines: tuple[int, ...]
    """The source lines the change is on, and the first line of its statement: a test that ran
    none of them cannot notice it."""
    scope_lines: tuple[int, int]
    """The first and last line of the function (or module-level statement) it is in."""

    def source(self) -> str:
        text = self.path.read_text("utf-8")
        assert text[self.start : self.end] == self.old, self.name
        return text[: self.start] + self.new + text[self.end :]


def modules() -> list[Path]:
    """The core's modules, in a fixed order."""
    return sorted(CORE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


class _Finder(ast.NodeVisitor):
    """Walks one module and lists its sites."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = path.read_text("utf-8")
        lines = self.text.splitlines(keepends=True)
        self.starts = [0]
        for line in lines:
            self.starts.append(self.starts[-1] + len(line))
        self.lines = lines
        self.module = module_name(path).removeprefix("rummy_tui.core.")
        self.scope: list[tuple[str, int, int]] = []
        self.statement = 0
        self.found: list[Site] = []
        self.counts: dict[tuple[str, int, str], int] = {}

    # -- positions ---------------------------------------------------------------------------
    def offset(self, line: int, col: int) -> int:
        """Character offset of (1-based line, UTF-8 byte column)."""
        text = self.lines[line - 1].encode("utf-8")[:col].decode("utf-8")
        return self.starts[line - 1] + len(text)

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def add(self, node: ast.AST, operator: str, start: int, end: int, new: str) -> None:
        scope, first, last = self.scope[-1] if self.scope else ("<module>", 1, 1)
        line = node.lineno  # type: ignore[attr-defined]
        key = (scope, line - first, operator)
        index = self.counts.get(key, 0)
        self.counts[key] = index + 1
        name = f"{self.module}:{scope}:{line - first:+d}:{operator}:{index}"
        end_line = node.end_lineno or line  # type: ignore[attr-defined]
        lines = tuple(sorted({self.statement, *range(line, end_line + 1)}))
        old = self.text[start:end]
        found = Site(name, self.module, self.path, start, end, old, new, lines, (first, last))
        self.found.append(found)

    # -- scopes ------------------------------------------------------------------------------
    def visit_Module(self, node: ast.Module) -> None:
        for statement in node.body:
            if _is_docstring(statement):
                continue
            names = _assigned(statement)
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.visit(statement)
            else:
                last = statement.end_lineno or statement.lineno
                self.scope.append((names or f"<module {statement.lineno}>", statement.lineno, last))
                self.statement = statement.lineno
                self.visit(statement)
                self.scope.pop()

    def _enter(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        outer = self.scope[-1][0] if self.scope and self.scope[-1][0][0] != "<" else ""
        name = f"{outer}.{node.name}" if outer else node.name
        self.scope.append((name, node.lineno, node.end_lineno or node.lineno))
        for decorator in node.decorator_list:  # named after the function, at lines -1, -2 ...
            self.statement = decorator.lineno
            self.visit(decorator)
        if not isinstance(node, ast.ClassDef):
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    self.visit(default)
        for statement in node.body:
            if _is_docstring(statement):
                continue
            self.statement = statement.lineno
            self.visit(statement)
        self.scope.pop()

    visit_FunctionDef = _enter
    visit_AsyncFunctionDef = _enter
    visit_ClassDef = _enter

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt) and not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        ):
            self.statement = node.lineno
        super().generic_visit(node)

    # -- annotations are not mutated ------------------------------------------------------
    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.statement = node.lineno
        if node.value is not None:
            self.visit(node.value)

    # -- conditions --------------------------------------------------------------------------
    def condition(self, test: ast.expr) -> None:
        if isinstance(test, ast.Constant) or _is_type_checking(test):
            return
        start, end = self.span(test)
        self.add(test, "true", start, end, "True")
        self.add(test, "false", start, end, "False")

    def visit_If(self, node: ast.If) -> None:
        self.statement = node.lineno
        if _is_type_checking(node.test):
            for statement in node.orelse:
                self.visit(statement)
            return
        self.condition(node.test)
        self.generic_visit(node)

    def visit_While(self, node: ast.While) -> None:
        self.statement = node.lineno
        self.condition(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.condition(node.test)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        for test in node.ifs:
            self.condition(test)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        # an assertion's condition is not a rule of the game: only its operands are visited
        self.statement = node.lineno
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        for value in node.values:
            self.condition(value)
        old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        start, end = self.span(node)
        text = self.text[start:end]
        pieces = []
        last = 0
        for left, right in zip(node.values, node.values[1:], strict=False):
            gap_start = self.span(left)[1] - start
            gap_end = self.span(right)[0] - start
            gap = text[gap_start:gap_end]
            pieces.append(text[last:gap_start])
            pieces.append(re.sub(rf"\b{old}\b", new, gap, count=1))
            last = gap_end
        pieces.append(text[last:])
        self.add(node, "andor", start, end, "".join(pieces))
        self.generic_visit(node)

    # -- comparisons -------------------------------------------------------------------------
    def visit_Compare(self, node: ast.Compare) -> None:
        operands = [node.left, *node.comparators]
        for position, op in enumerate(node.ops):
            for old, new in LOOSER.get(type(op), []):
                gap_start = self.span(operands[position])[1]
                gap_end = self.span(operands[position + 1])[0]
                gap = self.text[gap_start:gap_end]
                found = re.search(rf"(?<![<>=!]){re.escape(old)}(?![<>=])", gap)
                if found is None:
                    continue
                start = gap_start + found.start()
                self.add(node, "loosen", start, start + len(old), new)
        self.generic_visit(node)

    # -- integers ------------------------------------------------------------------------
    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            start, end = self.span(node)
            self.add(node, "plus1", start, end, str(node.value + 1))

    def visit_arg(self, node: ast.arg) -> None:
        return  # annotations of arguments

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # Literal[...] and the like in aliases: typing constructs are not mutated
        if isinstance(node.value, ast.Name) and node.value.id in {"Literal", "Annotated"}:
            return
        self.generic_visit(node)


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _assigned(statement: ast.stmt) -> str:
    """The name a module-level statement assigns, if it assigns one."""
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    names = [target.id for target in targets if isinstance(target, ast.Name)]
    return names[0] if names else ""


def sites(paths: list[Path] | None = None) -> list[Site]:
    """Every mutation site of the core (or of ``paths``), in a fixed order."""
    found: list[Site] = []
    for path in paths if paths is not None else modules():
        finder = _Finder(path)
        finder.visit(ast.parse(finder.text, str(path)))
        found += finder.found
    return found
