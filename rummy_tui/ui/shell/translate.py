"""Translating what Textual builds before a language is chosen: key bindings' descriptions.

Screens declare ``BINDINGS`` with descriptions marked ``N_("...")``; the class is built once,
in English, so each screen calls :func:`translate_bindings` in ``__init__`` and its footer
shows the keys in the language in use when the screen opens. The English descriptions stay
with the class, so calling it again after the language changed during a match (see
:mod:`rummy_tui.ui.shell.language_switch`) translates from English again, never from the
previous translation.

Textual's own widgets bring bindings of their own (a Select's drop-down offers "esc Dismiss
menu" in the footer); the app translates a Textual widget's bindings when it takes the focus
(:func:`translate_focused`), which is when its keys reach the footer.
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.dom import DOMNode

from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import QUIT

TEXTUAL_WORDS = (
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Dismiss menu"),
    N_("Show menu"),
    QUIT,
    N_("Quit the app and return to the command prompt."),
)
"""Descriptions and tooltips of Textual's own key bindings, which screens inherit and Textual's
widgets bring; marked here so the catalogs translate them with ours."""


def translate_focused(widget: DOMNode) -> None:
    """Give the bindings the footer shows of ``widget`` and of the Textual widgets around it
    up to its screen their descriptions in the current language, and refresh the footer.
    Nodes of the game's own classes translate themselves and are left as they are."""
    for node in widget.ancestors_with_self:
        if type(node).__module__.startswith("textual."):
            translate_bindings(node, shown_only=True)
        if node is widget.screen:
            break
    widget.screen.refresh_bindings()


def translate_bindings(node: DOMNode, shown_only: bool = False) -> None:
    """Give ``node``'s own bindings their descriptions in the current language (only those
    the footer shows, when ``shown_only``)."""
    merged = type(node)._merged_bindings
    english = merged.key_to_bindings if merged is not None else {}
    bindings = node._bindings.key_to_bindings
    for key, entries in bindings.items():
        sources = {source.action: source for source in english.get(key, [])}
        bindings[key] = [
            _translated(binding, sources.get(binding.action, binding))
            if binding.show or not shown_only
            else binding
            for binding in entries
        ]


def _translated(binding: Binding, source: Binding) -> Binding:
    """``binding`` with the description and tooltip of ``source`` in the current language."""
    return replace(
        binding,
        description=_(source.description) if source.description else "",
        tooltip=_(source.tooltip) if source.tooltip else "",
    )
