"""G-10, P-2: each sentence has one home. The core holds refusals and log records as data; the
sentences live once, in the catalogs (:mod:`rummy_tui.i18n.refusals`,
:mod:`rummy_tui.i18n.log_lines`).

These tests read the core's source: no string of two or more words is left in it except
docstrings, comments and words marked for the catalogs with ``N_()`` (and the messages of
errors that only a programmer meets); every refusal code the core (or the match setup) can
raise has its catalog sentence, and every catalog sentence a code the core raises.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import rummy_tui
from rummy_tui.i18n.refusals import MESSAGES

PACKAGE = Path(rummy_tui.__file__).parent
CORE = PACKAGE / "core"
RAISING = (CORE, PACKAGE / "match")
"""Where refusals are raised: the rules core and the match setup."""
ALLOWED: dict[str, str] = {
    "invariants.py": "the invariant checks' findings, read by the soak and simulate reports",
}
"""Core files whose phrases are not a player's sentences, with why."""
CODE = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
NOT_CODES = {"face.code"}
"""Strings of the shape of a code that are not one (an attribute path in a sort key)."""


def _not_sentences(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are not a sentence: docstrings and other bare string
    statements, ``N_()`` marks, and the messages of ``raise`` and ``assert``."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        bare = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        marked = (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
        )
        if bare or marked or isinstance(node, ast.Raise | ast.Assert):
            skip.update(id(sub) for sub in ast.walk(node))
    return skip


def _phrases(path: Path) -> Iterator[tuple[int, str]]:
    """Every string in ``path`` of two or more words that is not skipped, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _not_sentences(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [word for word in node.value.split() if any(ch.isalpha() for ch in word)]
            if len(words) >= 2:
                yield node.lineno, node.value


def test_G10_P2_the_core_holds_no_sentence() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {text!r}"
        for path in sorted(CORE.rglob("*.py"))
        if path.name not in ALLOWED
        for line, text in _phrases(path)
    ]
    assert not found, "sentences belong in rummy_tui/i18n:\n" + "\n".join(found)


def test_G10_the_scan_finds_a_sentence_written_in_the_core(tmp_path: Path) -> None:
    """The scan is not blind: a log line or refusal template written as code is found, while
    docstrings, marks, comments and programmer errors are not."""
    source = tmp_path / "plan.py"
    source.write_text(
        '"""A module."""\n'
        "def run(name):\n"
        '    """Docstring words."""\n'
        '    N_("marked for the catalogs")\n'
        '    assert name, "no name given"\n'
        "    # a comment of words\n"
        '    return f"{name} draws from the stock.", {"take.x": "The pile is empty ({rule})."}\n',
        encoding="utf-8",
    )
    assert [text for _, text in _phrases(source)] == [
        " draws from the stock.",
        "The pile is empty ({rule}).",
    ]


def _raised_codes() -> set[str]:
    """Every refusal code written in the core and the match setup: each string of the shape
    ``family.name``, and ``family.draw_first`` for every family the play phase is checked for
    (:func:`rummy_tui.core.deal_flow.need_play_phase` builds that code)."""
    codes: set[str] = set()
    for root in RAISING:
        for path in root.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                text = node.value if isinstance(node, ast.Constant) else None
                if isinstance(text, str) and CODE.match(text) and text not in NOT_CODES:
                    codes.add(text)
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "need_play_phase"
                ):
                    family = node.args[1]
                    assert isinstance(family, ast.Constant), ast.dump(node)
                    codes.add(f"{family.value!s}.draw_first")
    return codes


def test_G10_every_refusal_the_core_can_raise_has_its_catalog_sentence() -> None:
    raised = _raised_codes()
    assert len(raised) > 60
    assert {"layoff.no_fit", "takeback.hidden_card", "setup.seat_unnamed"} <= raised
    assert sorted(raised - set(MESSAGES)) == []


def test_G10_every_catalog_sentence_belongs_to_a_refusal_the_core_raises() -> None:
    keys = {key.split("+")[0] for key in MESSAGES}
    assert sorted(keys - _raised_codes()) == []
