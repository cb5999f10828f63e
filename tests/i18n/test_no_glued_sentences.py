"""No sentence is glued from translated pieces: a whole sentence is one message of the
catalogs with named placeholders (``_("{name} takes {card}").format(...)``), so a translator
can put the words in the language's own order.

The test reads the modules people read words from as syntax trees and flags:

* ``+`` between a translated message and anything but white space (a line break, an indent),
  and a translated label (``_("Why:") + " "``) left for a value to follow;
* an f-string that puts a translated message inside other text;
* ``"<separator>".join(...)`` of translated messages: a list goes through
  :mod:`rummy_tui.i18n.lists`, whose separators are messages too.

Real exceptions (lines of facts set side by side, a heading over a paragraph) are listed
below with their reason; an entry that no longer matches anything is reported too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "rummy_tui"
FOLDERS = ("ui", "match", "cli", "i18n", "records", "persistence", "tools", "bots")
TRANSLATORS = {"_", "gettext", "ngettext", "pgettext", "npgettext", "count_cards"}
LAYOUT = re.compile(r"\s*")

ALLOWED: dict[tuple[str, str], str] = {
    # path, the flagged source (white space squeezed): why it is not a glued sentence
    ("ui/screens/cut.py", '" · " + pgettext("cut", "deals")'): "a tag in the cut's table",
    ("ui/play/rule_words.py", '"## " + _("At a glance") + "\\n\\n" + glance_markdown(rules)'): (
        "a Markdown heading over its section"
    ),
    ("ui/play/rule_words.py", 'f"- **{_(option.label)}:** {value}{help_text}"'): (
        "a Markdown list item: an option's name and its value"
    ),
    ("ui/play/rule_words.py", 'f"# {_(rules.name)}\\n\\n{reason}"'): "a Markdown heading",
    ("ui/screens/score_sheet.py", '" · " + _("table-hand, score, total")'): "facts side by side",
    ("ui/screens/score_sheet.py", '" · " + _("{mark} went out").format(mark=WENT_OUT)'): (
        "facts side by side"
    ),
    (
        "persistence/store.py",
        '_("The save {name} cannot be opened. {reason}").format(name=repr(name), reason=reason)'
        " + hint",
    ): "a second whole sentence: the backup hint",
    ("ui/screens/prompt.py", '"\\n" + _("Mouse:") + " "'): "a heading over a paragraph",
    ("ui/screens/prompt.py", '"\\n" + _("Reading the table:") + " "'): "a heading over a paragraph",
    ("ui/screens/setup_check.py", "_longest([_(label) for label in KIND_LABELS.values()]) + 4"): (
        "a width, not text"
    ),
    ("ui/screens/title.py", 'f"[b]{key}[/b] {_(label)}"'): "a key and its menu entry",
    ("ui/play/table_text.py", 'f" {_(rules.name)} "'): "a border title's padding",
    ("ui/play/table_text.py", '" · " + _("{name} deals").format(name=view.players[view.dealer])'): (
        "facts side by side in the top bar"
    ),
    ("ui/widgets/players.py", '" · " + _("partner {names}").format(names=names)'): (
        "facts side by side on a seat's line"
    ),
    ("ui/widgets/players.py", '" · " + count_cards(view.hand_sizes[seat])'): (
        "facts side by side on a seat's line"
    ),
}


def _translated(node: ast.AST) -> bool:
    return any(
        isinstance(inner, ast.Call)
        and isinstance(inner.func, ast.Name)
        and inner.func.id in TRANSLATORS
        for inner in ast.walk(node)
    )


def _operands(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _operands(node.left) + _operands(node.right)
    return [node]


def _layout(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(LAYOUT.fullmatch(node.value))
    )


def _label(node: ast.AST) -> bool:
    """``_("Why:")``: a message that ends in a colon, for a value to follow."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in TRANSLATORS
        and isinstance(node.args[-1], ast.Constant)
        and str(node.args[-1].value).rstrip().endswith(":")
    )


def _glued(tree: ast.AST) -> list[ast.AST]:
    found: list[ast.AST] = []
    inside_sums: set[int] = set()
    for node in ast.walk(tree):
        if id(node) in inside_sums:
            continue
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            operands = _operands(node)
            inside_sums.update(id(inner) for inner in ast.walk(node) if inner is not node)
            glued = any(map(_translated, operands)) and not all(
                _translated(operand) or _layout(operand) for operand in operands
            )
            if glued or sum(map(_translated, operands)) > 1 or any(map(_label, operands)):
                found.append(node)
        elif (
            isinstance(node, ast.JoinedStr)
            and any(
                isinstance(value, ast.FormattedValue) and _translated(value.value)
                for value in node.values
            )
        ) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and isinstance(node.func.value, ast.Constant)
            and any(map(_translated, node.args))
        ):
            found.append(node)
    return found


def glued_places() -> dict[tuple[str, str], int]:
    """(path below rummy_tui, the flagged source) -> its line."""
    places = {}
    for folder in FOLDERS:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            for node in _glued(ast.parse(source)):
                segment = " ".join((ast.get_source_segment(source, node) or "").split())
                segment = segment.replace("( ", "(").replace(" )", ")")
                places[(path.relative_to(PACKAGE).as_posix(), segment)] = node.lineno
    return places


def test_no_sentence_is_glued_from_translated_pieces() -> None:
    glued = [
        f"rummy_tui/{path}:{line}: {segment}"
        for (path, segment), line in sorted(glued_places().items())
        if (path, segment) not in ALLOWED
    ]
    assert not glued, "sentences glued from pieces:\n" + "\n".join(glued)


def test_every_allowed_place_still_exists() -> None:
    stale = sorted(set(ALLOWED) - set(glued_places()))
    assert not stale, f"allowed places that no longer exist: {stale}"
