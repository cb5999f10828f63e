"""G-10, P-2: each sentence has one home. The core holds refusals and log records as data; the
sentences live once, in the catalogs (:mod:`rummy_tui.i18n.refusals`,
:mod:`rummy_tui.i18n.log_lines`).

These tests read the core's source: no string of two or more words is left in it except
docstrings, comments and words marked for the catalogs with ``N_()`` (and the messages of
errors that only a programmer meets); every refusal code the core (or the match setup) can
raise has its catalog sentence, and every catalog sentence a code the core raises.

Nor is any message written twice in the package: each literal handed to ``_``, ``N_``,
``ngettext``, ``pgettext`` or ``npgettext`` stands in one place, and every other user reaches
it there (a small function that translates it, or an ``N_`` constant translated where shown).
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
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


MARKERS = frozenset({"_", "N_", "ngettext", "pgettext", "npgettext"})
"""The calls that write a message of the catalogs."""


def _written_messages(paths: Iterable[Path], root: Path) -> dict[tuple[str, ...], list[str]]:
    """Every message written as literals in ``paths``: the whole tuple of a marking call's
    string literals (a context, the singular and the plural), so the same words in two
    contexts are two messages, with each place (``path:line``, relative to ``root``) that
    writes it."""
    places: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in MARKERS:
                continue
            key = tuple(
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            )
            if key:
                places[key].append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return dict(places)


def _written_twice(paths: Iterable[Path], root: Path) -> dict[tuple[str, ...], list[str]]:
    """The messages of :func:`_written_messages` written in more than one place."""
    return {key: where for key, where in _written_messages(paths, root).items() if len(where) > 1}


def test_each_message_is_written_once() -> None:
    twice = _written_twice(sorted(PACKAGE.rglob("*.py")), PACKAGE)
    listed = [f"{key!r}: {', '.join(where)}" for key, where in sorted(twice.items())]
    assert not twice, (
        f"{len(twice)} messages are written in more than one place; give each one home "
        "(a function or an N_ constant the others use):\n" + "\n".join(listed)
    )


def test_the_scan_finds_a_message_written_twice(tmp_path: Path) -> None:
    """The scan is not blind: the same words marked twice in one file and once more in
    another are found with all three places, a counted message twice too, while the same
    words in another context, a constant passed to ``_()`` and a different message are not."""
    first = tmp_path / "screen.py"
    first.write_text(
        "BACK = N_('Back')\n"
        "def draw(n):\n"
        "    yield Button(_('Back'))\n"
        "    yield _(BACK), pgettext('sheet row', 'Back'), _('Close')\n"
        "    yield ngettext('{n} deal', '{n} deals', n)\n",
        encoding="utf-8",
    )
    second = tmp_path / "cli.py"
    second.write_text(
        "from rummy_tui import i18n\n"
        "print(i18n._('Back'), i18n.ngettext('{n} deal', '{n} deals', 2))\n",
        encoding="utf-8",
    )
    assert _written_twice([first, second], tmp_path) == {
        ("Back",): ["screen.py:1", "screen.py:3", "cli.py:2"],
        ("{n} deal", "{n} deals"): ["screen.py:5", "cli.py:2"],
    }
