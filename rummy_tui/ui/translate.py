"""Translating what Textual builds before a language is chosen: key bindings' descriptions.

Screens declare ``BINDINGS`` with descriptions marked ``N_("...")``; the class is built once,
in English, so each screen calls :func:`translate_bindings` in ``__init__`` and its footer
shows the keys in the language in use when the screen opens.
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from rummy_tui.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Give ``node``'s own bindings their descriptions in the current language."""
    bindings = node._bindings.key_to_bindings
    for key, entries in bindings.items():
        bindings[key] = [
            replace(
                binding,
                description=_(binding.description) if binding.description else "",
                tooltip=_(binding.tooltip) if binding.tooltip else "",
            )
            for binding in entries
        ]
