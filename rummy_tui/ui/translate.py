"""Translating what Textual builds before a language is chosen: key bindings' descriptions.

Screens declare ``BINDINGS`` with descriptions marked ``N_("...")``; the class is built once,
in English, so each screen calls :func:`translate_bindings` in ``__init__`` and its footer
shows the keys in the language in use when the screen opens. The English descriptions stay
with the class, so calling it again after the language changed during a match (see
:mod:`rummy_tui.ui.language_switch`) translates from English again, never from the
previous translation.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.dom import DOMNode

from rummy_tui.i18n import N_, _

TEXTUAL_WORDS = (N_("Focus Next"), N_("Focus Previous"), N_("Copy selected text"))
"""Descriptions of Textual's own key bindings, which screens inherit; marked here so the
catalogs translate them with ours."""


def translate_bindings(node: DOMNode) -> None:
    """Give ``node``'s own bindings their descriptions in the current language."""
    merged = type(node)._merged_bindings
    english = merged.key_to_bindings if merged is not None else {}
    bindings = node._bindings.key_to_bindings
    for key, entries in bindings.items():
        sources = {source.action: source for source in english.get(key, [])}
        bindings[key] = [
            _translated(binding, sources.get(binding.action, binding)) for binding in entries
        ]


def _translated(binding: Binding, source: Binding) -> Binding:
    """``binding`` with the description and tooltip of ``source`` in the current language."""
    return replace(
        binding,
        description=_(source.description) if source.description else "",
        tooltip=_(source.tooltip) if source.tooltip else "",
    )
