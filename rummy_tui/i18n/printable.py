"""Text read from a file is made harmless before anything shows it.

A save is meant to be copied between computers, so its names (players, variant, the save's own
file name) may come from anywhere. Every string of a file and every save name found in the
folder goes through :func:`printable` at the persistence boundary: a control or format
character (an escape sequence, a bidi override, a zero-width joiner) or a piece that joins
emoji into one wider picture becomes U+FFFD, so it can neither drive the terminal nor break
the borders drawn around it. A file written by this version never holds such characters
(names are checked when typed), so its text passes unchanged.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.core.game import unsafe_character

REPLACEMENT = "\ufffd"
"""What an unsafe character becomes."""


def printable(text: str) -> str:
    """``text`` with every unsafe character replaced by U+FFFD.

    >>> printable("A\\x1b[2JB")
    'A\\ufffd[2JB'
    >>> printable("Anna")
    'Anna'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(REPLACEMENT if unsafe_character(char) else char for char in text)


def printable_tree(data: Any) -> Any:
    """A parsed JSON value with :func:`printable` applied to every string and key."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, list):
        return [printable_tree(item) for item in data]
    if isinstance(data, dict):
        return {printable(str(key)): printable_tree(value) for key, value in data.items()}
    return data
