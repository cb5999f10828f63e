"""Lists of items in a sentence: the separators are words of the catalogs too.

A sentence holds a list through one named placeholder (``_("{players} and {last} won")``);
the items are joined here with the separator the language uses, never with a literal
``", "`` in the code.

>>> series(["Ann", "Bob", "Cid"])
'Ann, Bob, Cid'
>>> partners(["Ann", "Bob"])
'Ann & Bob'
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy_tui.i18n import pgettext


def series(items: Iterable[str]) -> str:
    """Items of one list (names, seats with their scores): "Ann, Bob, Cid"."""
    # Translators: the separator between the items of a list ("Ann, Bob, Cid").
    return pgettext("list separator", ", ").join(items)


def clauses(items: Iterable[str]) -> str:
    """Whole phrases in one list ("Ann pays 30; Bob pays 12")."""
    # Translators: the separator between phrases of one list ("Ann pays 30; Bob pays 12").
    return pgettext("list separator", "; ").join(items)


def partners(names: Iterable[str]) -> str:
    """The names of partners sharing a seat column or a team: "Ann & Bob"."""
    # Translators: the separator between the names of partners ("Ann & Bob").
    return pgettext("list separator", " & ").join(names)


def facts(items: Iterable[str]) -> str:
    """Short facts side by side on one line ("Ann's hand · 7 cards · sorted by suit")."""
    # Translators: the separator between short facts on one line ("7 cards · sorted by suit").
    return pgettext("list separator", " · ").join(items)
