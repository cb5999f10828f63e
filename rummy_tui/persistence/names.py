"""Save names: what a player may call a save, so that no name leads outside the save folder.

A save named ``Friday night`` is the file ``Friday night.json`` in the save folder. New names
(creating or renaming a save) are held to a portable set of characters; names of files that
are already in the folder (copied there by hand, say) are accepted as long as they name a
file directly inside it.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from rummy_tui.i18n import SOURCE_LANGUAGE, _, current_language, ngettext
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


def name_missing() -> str:
    """Why an empty name cannot name a save (also said by the rename dialog)."""
    return _("A save needs a name.")


def name_too_long() -> str:
    """Why a name longer than any file name can be cannot name a save."""
    return _("That save name is too long.")


def _tidy(name: str) -> str:
    text = unicodedata.normalize("NFC", str(name)).strip()
    if text.lower().endswith(SAVE_SUFFIX):
        text = text[: -len(SAVE_SUFFIX)].rstrip()
    return text


def _path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a file directly inside the save folder, if it cannot."""
    if not text:
        return name_missing()
    if "\x00" in text or any(unicodedata.category(char) == "Cc" for char in text):
        return _("A save name cannot hold control characters.")
    if "/" in text or "\\" in text:
        return _("A save name cannot hold '/' or '\\': saves stay in the save folder.")
    if text in (".", "..") or ".." in text:
        return _("A save name cannot hold '..': saves stay in the save folder.")
    if ":" in text:
        return _("A save name cannot hold ':'.")
    if len(text) > 200:
        return name_too_long()
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
        raise SaveError(
            ngettext(
                "A save name holds at most {n} character.",
                "A save name holds at most {n} characters.",
                MAX_NAME_LENGTH,
            ).format(n=MAX_NAME_LENGTH)
        )
    odd = sorted({char for char in text if not char.isalnum() and char not in NAME_PUNCTUATION})
    if odd:
        shown = " ".join(repr(char) for char in odd)
        raise SaveError(
            _(
                "A save name may hold letters, digits, spaces and - _ . , ( ) ' ! + & #, "
                "not {shown}."
            ).format(shown=shown)
        )
    if text[0] in ".-":
        raise SaveError(_("A save name cannot start with '.' or '-'."))
    if text.endswith("."):
        raise SaveError(_("A save name cannot end with '.'."))
    if text.split(".")[0].strip().upper() in _WINDOWS_DEVICES:
        raise SaveError(
            _("{name} is a device name on Windows; choose another save name.").format(
                name=repr(text)
            )
        )
    return text


def check_existing_name(name: str) -> str:
    """``name`` itself when it can only name a file directly inside the save folder (the
    name of a file already there is taken as it is), or SaveError saying why not."""
    text = str(name)
    if not text.strip():
        raise SaveError(name_missing())
    if "\x00" in text or "/" in text or "\\" in text:
        raise SaveError(
            _("A save name cannot hold '/', '\\' or NUL: saves stay in the save folder.")
        )
    if text in (".", "..") or text.startswith("."):
        raise SaveError(_("A save name cannot start with '.': saves stay in the save folder."))
    if len(text) > 200:
        raise SaveError(name_too_long())
    return text


def tidy_name(name: str) -> str:
    """A typed name without outer spaces or a ``.json`` ending, as new names are stored."""
    return _tidy(name)


def match_save_name(variant: str, players: list[str], moment: datetime) -> str:
    """The name a new match is saved under when nobody names it: the variant, the first
    players and the time, readable in the load list and held to the characters of
    :func:`check_new_name` (the caller adds " (2)" when two matches start in one minute).

    >>> from datetime import datetime
    >>> names = ["Anna", "Bob"] + [f"Computer {n}" for n in range(3, 13)]
    >>> match_save_name("European Rummy", names, datetime(2026, 11, 30, 17, 56))
    'European Rummy - Anna, Bob +10 - 30 Nov 17h56'
    >>> match_save_name("Classic Rummy", ["Zoë", "Ann/e"], datetime(2026, 1, 2, 9, 5))
    'Classic Rummy - Zoë, Anne - 2 Jan 09h05'
    """

    def allowed(text: str) -> str:
        kept = "".join(char for char in text if char.isalnum() or char in " -_,()'!&#")
        return " ".join(kept.split())

    shown = [name for name in (allowed(player) for player in players[:2]) if name]
    people = ", ".join(shown)
    if len(players) > 2:
        people += f" +{len(players) - 2}"
    clock = f"{moment.strftime('%H')}h{moment.strftime('%M')}"
    if current_language() == SOURCE_LANGUAGE:
        when = f"{moment.day} {moment.strftime('%b')} {clock}"
    else:  # Finnish and Russian write the date in numbers: 30.11. 17h56
        when = f"{moment.day}.{moment.month}. {clock}"
    head = allowed(variant) or "Match"
    room = MAX_NAME_LENGTH - len(head) - len(when) - 6 - len(" (99)")
    if len(people) > room:
        people = people[:room].rstrip(" ,")
    parts = [head, people, when] if people else [head, when]
    return " - ".join(parts)
