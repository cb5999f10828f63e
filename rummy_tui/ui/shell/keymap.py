"""Keys a person can move: every key of the table and the menus has a binding id, and the
``[keys]`` tables of the settings file give the keys in force (Textual's keymap).

An id is the screen's name and the key's name, as the settings file writes them::

    [keys.table]
    draw = "j"
    help = "f1"

The key bar, the footer and the help read the bindings with the keymap applied, so they show
the keys in force. :func:`keymap_problems` finds what the keymap cannot do (an id the game
does not have, or a key given to two different things on one screen), said in one sentence
at start-up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from importlib import import_module

from textual.actions import parse
from textual.binding import Binding, BindingsMap, BindingType

from rummy_tui.i18n import _

SCREENS: dict[str, list[Binding]] = {}
"""The bindings of every screen named so far, by the screen's name in the settings file."""

SCREEN_MODULES = (
    "rummy_tui.ui.shell.app",
    "rummy_tui.ui.screens.cut",
    "rummy_tui.ui.screens.deal_end",
    "rummy_tui.ui.screens.dialogs",
    "rummy_tui.ui.screens.guide",
    "rummy_tui.ui.screens.handoff",
    "rummy_tui.ui.own.join_screen",
    "rummy_tui.ui.screens.load",
    "rummy_tui.ui.screens.log_view",
    "rummy_tui.ui.screens.new_game",
    "rummy_tui.ui.own.seats_screen",
    "rummy_tui.ui.screens.prompt",
    "rummy_tui.ui.screens.records",
    "rummy_tui.ui.screens.rules_help",
    "rummy_tui.ui.screens.score_sheet",
    "rummy_tui.ui.screens.table",
    "rummy_tui.ui.screens.title",
)
"""The modules whose screens have named keys (imported to check a keymap)."""

_STEPS = {"-1": "back", "1": "forward", "0": "first"}


def key_name(binding: Binding) -> str:
    """A binding's name within its screen: its own id, else its action, or the action's one
    word (``choose('new')``: ``new``), or the action and its step (``cursor(-1)``:
    ``cursor_back``)."""
    if binding.id:
        return binding.id
    _namespace, action, parameters = parse(binding.action)
    if len(parameters) == 1 and isinstance(parameters[0], str):
        return parameters[0]
    if parameters:
        steps = "_".join(_STEPS.get(repr(value), repr(value)) for value in parameters)
        return f"{action}_{steps}"
    return action


def named(screen: str, bindings: Iterable[BindingType]) -> list[BindingType]:
    """``bindings`` with ids ``screen.name`` (a binding already named elsewhere, such as the
    scroll keys shared by many screens, keeps its id); kept for :func:`keymap_problems`."""
    result: list[BindingType] = []
    for binding in bindings:
        if isinstance(binding, Binding) and (binding.id is None or "." not in binding.id):
            binding = replace(binding, id=f"{screen}.{key_name(binding)}")
        result.append(binding)
    SCREENS.setdefault(screen, []).extend(b for b in result if isinstance(b, Binding))
    return result


def flat_keymap(keys: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The ``[keys.SCREEN]`` tables as Textual's keymap: ``{"table.draw": "j"}``; keys are
    written as in Textual (``j``, ``f1``, ``ctrl+d``, ``question_mark``), several with commas.

    >>> flat_keymap({"table": {"draw": "j", "help": "F1, ?"}})
    {'table.draw': 'j', 'table.help': 'f1,question_mark'}
    """
    return {
        f"{screen}.{name}": ",".join(_key(key) for key in keys_text.split(",") if key.strip())
        for screen, names in keys.items()
        for name, keys_text in names.items()
    }


def _key(text: str) -> str:
    from textual.keys import _character_to_key

    key = text.strip()
    key = key if len(key) == 1 else key.lower()
    return _character_to_key(key) if len(key) == 1 else key


def every_screen() -> dict[str, list[Binding]]:
    """The bindings of every screen with named keys."""
    for module in SCREEN_MODULES:
        import_module(module)
    return SCREENS


def keymap_problems(keymap: Mapping[str, str]) -> str | None:
    """One sentence on what ``keymap`` cannot do (None: nothing): names the game does not
    have, else a key given to two different things on one screen."""
    if not keymap:
        return None
    screens = every_screen()
    known = {binding.id for bindings in screens.values() for binding in bindings}
    unknown = sorted(set(keymap) - known)
    if unknown:
        return _(
            "The settings file moves keys the game does not have: {names}; the guide lists "
            "every key's name."
        ).format(names=", ".join(unknown))
    for screen, bindings in sorted(screens.items()):
        twice = _bound_twice(bindings, keymap)
        if twice is not None:
            key, first, second = twice
            return _(
                "The key {key} is bound twice in [keys.{screen}] of the settings file, to "
                "{first} and to {second}; only one of them can work."
            ).format(key=key, screen=screen, first=first, second=second)
    return None


def _bound_twice(bindings: list[Binding], keymap: Mapping[str, str]) -> tuple[str, str, str] | None:
    """A key that the keymap gives to two bindings of different names on one screen (a key
    moved onto another binding's key, or two keys moved onto one)."""
    names = {binding.id for binding in bindings}
    holders: dict[str, list[str]] = {}
    for binding in bindings:
        if binding.id is not None and binding.id not in keymap:
            holders.setdefault(binding.key, []).append(binding.id)
    for name, keys in keymap.items():
        if name in names:
            for key in keys.split(","):
                holders.setdefault(key, []).append(name)
    for key, on_key in holders.items():
        different = list(dict.fromkeys(on_key))
        if len(different) > 1 and any(name in keymap for name in different):
            return key, different[0], different[1]
    return None


def bindings_in_force(bindings: BindingsMap, keymap: Mapping[str, str]) -> BindingsMap:
    """A copy of ``bindings`` with ``keymap`` applied as Textual applies it (the keys a
    screen answers now), each binding in its declared place (for the help's key list)."""
    if not keymap:
        return bindings.copy()
    moved: dict[str, list[Binding]] = {}
    claimed = {key for keys in keymap.values() for key in keys.split(",")}
    done: set[tuple[str | None, str]] = set()
    for key, on_key in bindings.key_to_bindings.items():
        for binding in on_key:
            if binding.id is None or binding.id not in keymap:
                if key not in claimed:
                    moved.setdefault(key, []).append(binding)
                continue
            if (binding.id, binding.action) in done:
                continue
            done.add((binding.id, binding.action))
            for new_key in keymap[binding.id].split(","):
                moved.setdefault(new_key, []).append(
                    binding.with_key(key=new_key, key_display=None)
                )
    return BindingsMap.from_keys(moved)
