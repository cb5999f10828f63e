"""Save names: what a player may call a save, so that no name leads outside the save folder.

A save named ``Friday night`` is the file ``Friday night.json`` in the save folder. New names
(creating or renaming a save) are held to a portable set of characters; names of files that
are already in the folder (copied there by hand, say) are accepted as long as they name a
file directly inside it.
"""

from __future__ import annotations

import unicodedata

from rummy_tui.persistence.errors import SaveError

MAX_NAME_LENGTH = 64
"""Longest save name, in characters."""
SAVE_SUFFIX = ".json"
"""A save's file name is its name plus this."""
NAME_PUNCTUATION = frozenset(" -_.,()'!+&#")
"""Characters besides letters and digits a new name may hold."""
_WINDOWS_DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"COM{digit}" for digit in range(1, 10)]
    + [f"LPT{digit}" for digit in range(1, 10)]
)


def _tidy(name: str) -> str:
    text = unicodedata.normalize("NFC", str(name)).strip()
    if text.lower().endswith(SAVE_SUFFIX):
        text = text[: -len(SAVE_SUFFIX)].rstrip()
    return text


def _path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a file directly inside the save folder, if it cannot."""
    if not text:
        return "A save needs a name."
    if "\x00" in text or any(unicodedata.category(char) == "Cc" for char in text):
        return "A save name cannot hold control characters."
    if "/" in text or "\\" in text:
        return "A save name cannot hold '/' or '\\': saves stay in the save folder."
    if text in (".", "..") or ".." in text:
        return "A save name cannot hold '..': saves stay in the save folder."
    if ":" in text:
        return "A save name cannot hold ':'."
    if len(text) > 200:
        return "That save name is too long."
    return None


def check_new_name(name: str) -> str:
    """The tidied name (outer spaces and a ``.json`` ending dropped), or SaveError saying why
    it cannot name a new save.

    >>> check_new_name("  Friday night ")
    'Friday night'
    >>> try:
    ...     check_new_name("../../etc/passwd")
    ... except SaveError as error:
    ...     print(error)
    A save name cannot hold '/' or '\\': saves stay in the save folder.
    """
    text = _tidy(name)
    problem = _path_problem(text)
    if problem is not None:
        raise SaveError(problem)
    if len(text) > MAX_NAME_LENGTH:
        raise SaveError(f"A save name holds at most {MAX_NAME_LENGTH} characters.")
    odd = sorted({char for char in text if not char.isalnum() and char not in NAME_PUNCTUATION})
    if odd:
        shown = " ".join(repr(char) for char in odd)
        raise SaveError(
            f"A save name may hold letters, digits, spaces and - _ . , ( ) ' ! + & #, not {shown}."
        )
    if text[0] in ".-":
        raise SaveError("A save name cannot start with '.' or '-'.")
    if text.endswith("."):
        raise SaveError("A save name cannot end with '.'.")
    if text.split(".")[0].strip().upper() in _WINDOWS_DEVICES:
        raise SaveError(f"{text!r} is a device name on Windows; choose another save name.")
    return text


def check_existing_name(name: str) -> str:
    """``name`` itself when it can only name a file directly inside the save folder (the
    name of a file already there is taken as it is), or SaveError saying why not."""
    text = str(name)
    if not text.strip():
        raise SaveError("A save needs a name.")
    if "\x00" in text or "/" in text or "\\" in text:
        raise SaveError("A save name cannot hold '/', '\\' or NUL: saves stay in the save folder.")
    if text in (".", "..") or text.startswith("."):
        raise SaveError("A save name cannot start with '.': saves stay in the save folder.")
    if len(text) > 200:
        raise SaveError("That save name is too long.")
    return text


def tidy_name(name: str) -> str:
    """A typed name without outer spaces or a ``.json`` ending, as new names are stored."""
    return _tidy(name)
