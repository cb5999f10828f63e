"""The key list of a help page, read from the screen's own key bindings.

A screen declares each key once, in ``BINDINGS``: the short description is what the key bar
shows, the tooltip says in a few words what the key does. The help lists the same bindings,
in the same order and with the same words (translated when the help opens), so a key on the
key bar is always in the help and the help never names a key the screen does not have.
Bindings that share a description are one row (``←→↑↓ Move``, ``PgUp/PgDn``); the shown one
names the keys when it has a ``key_display``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rich.table import Table
from rich.text import Text
from textual.actions import parse
from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import format_key

from rummy_tui.i18n import _, pgettext
from rummy_tui.ui.shell.keymap import bindings_in_force
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.translate import translate_bindings


@dataclass(frozen=True)
class KeyRow:
    """One line of a help page's key list."""

    keys: str
    """The keys as the key bar prints them ("d", "PgUp/PgDn", "Home End")."""
    name: str
    """The binding's description, translated: the words of the key bar."""
    words: str = ""
    """What the key does, translated (the binding's tooltip); empty when the name says it."""


def key_label(display: str) -> str:
    """A key's printed name in the language: the space bar is named by a word, the other keys
    show what is printed on them."""
    return pgettext("key", "Space") if display == "Space" else display


def action_name(binding: Binding) -> str:
    """The name of the binding's action, without its arguments: "scroll_players"."""
    return parse(binding.action)[1]


def action_offered(node: DOMNode, binding: Binding) -> bool:
    """Whether ``node`` offers ``binding`` at all, by its own ``check_action`` (a screen that
    hides a key, such as Continue with nothing saved, leaves it out of the help too)."""
    _namespace, name, parameters = parse(binding.action)
    return node.check_action(name, parameters) is not False


def keymap_of(node: DOMNode) -> dict[str, str]:
    """The keymap in force for ``node`` (none when it belongs to no running app)."""
    try:
        return dict(node.app._keymap)
    except Exception:  # a node of no app: the keys as declared
        return {}


def every_binding(_binding: Binding) -> bool:
    """Keep every binding (a page whose keys are all on offer)."""
    return True


def key_rows(node: DOMNode, offered: Callable[[Binding], bool] | None = None) -> list[KeyRow]:
    """The rows of ``node``'s own key bindings (Textual's focus and copy keys left out) that
    ``offered`` keeps (default: what ``node.check_action`` allows), in declaration order."""
    merged = type(node)._merged_bindings
    if merged is None:
        return []
    merged = bindings_in_force(merged, keymap_of(node))
    keep = offered or (lambda binding: action_offered(node, binding))
    groups: dict[str, list[Binding]] = {}
    for bindings in merged.key_to_bindings.values():
        for binding in bindings:
            namespace, _name, _parameters = parse(binding.action)
            if binding.system or namespace or not binding.description or not keep(binding):
                continue
            groups.setdefault(binding.description, []).append(binding)
    return [_row(bindings) for bindings in groups.values()]


def _row(bindings: list[Binding]) -> KeyRow:
    shown = [binding for binding in bindings if binding.show and binding.key_display]
    if shown:
        keys = key_label(shown[0].key_display or "")
    else:
        labels = [key_label(binding.key_display or format_key(binding.key)) for binding in bindings]
        keys = " ".join(dict.fromkeys(labels))
    tooltip = next((binding.tooltip for binding in bindings if binding.tooltip), "")
    return KeyRow(keys, _(bindings[0].description), _(tooltip) if tooltip else "")


def keys_table(rows: Sequence[KeyRow]) -> Table:
    """The rows as a two-column table: the keys, then the key bar's words and what they do."""
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right", style=style("bold", "game-highlight"), no_wrap=True)
    table.add_column(ratio=1)
    for row in rows:
        words = Text(row.name, style="bold")
        if row.words:
            words.append(" — ")
            words.append(row.words)
        table.add_row(row.keys, words)
    return table


def keys_line(rows: Sequence[KeyRow]) -> str:
    """The rows on one line, for the foot of a page: "f four-colour cards · Esc close"."""
    return " · ".join(f"{row.keys} {row.words or row.name}" for row in rows)


def translate_screen_keys(screen: DOMNode) -> None:
    """The key bar's words of ``screen`` in the language in use (again after the language
    changes), and the space bar's name too; the other keys show what is printed on them."""
    merged = type(screen)._merged_bindings
    if merged is not None:
        screen._bindings = merged.copy()
    translate_bindings(screen)
    bindings = screen._bindings.key_to_bindings
    for key, entries in bindings.items():
        bindings[key] = [
            replace(binding, key_display=key_label(binding.key_display))
            if binding.key_display
            else binding
            for binding in entries
        ]
