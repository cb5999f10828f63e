"""Players' names shortened to a width, each still telling its player apart.

Where a column heading or a list has less room than a name needs (twelve players on a score
sheet at 80 columns), a name is shortened by the first of these that fits: without its
bracketed part ("Computer 2 (normal)" becomes "Computer 2"), with its first word cut and the
rest kept, so the distinguishing number stays ("Comp. 2", "Комп. 12"), or with an ellipsis in
the middle, keeping its start and its end ("Alex…dra"). When two names would still read the
same, the next way is tried for them, down to the start of the name and its place at the
table, which always tells them apart. Names that fit are never touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.cells import cell_len

ELLIPSIS = "…"
BRACKETED = re.compile(r"\s*\([^()]*\)\s*$")


def cut_to(text: str, width: int) -> str:
    """The first characters of ``text`` that fill at most ``width`` cells."""
    result = ""
    for char in text:
        if cell_len(result + char) > width:
            break
        result += char
    return result


def tail_to(text: str, width: int) -> str:
    """The last characters of ``text`` that fill at most ``width`` cells."""
    return cut_to(text[::-1], width)[::-1]


def _whole(name: str, width: int) -> str | None:
    return name if cell_len(name) <= width else None


def _unbracketed(name: str, width: int) -> str | None:
    bare = BRACKETED.sub("", name)
    return bare if bare != name and bare and cell_len(bare) <= width else None


def _first_word_cut(name: str, width: int) -> str | None:
    """ "Comp. 2": the first word cut to what the rest leaves (two letters at least)."""
    first, _, rest = BRACKETED.sub("", name).partition(" ")
    if not rest:
        return None
    room = width - cell_len(rest) - 2  # the full stop and the space
    if room < 2 or room >= cell_len(first):
        return None
    return f"{cut_to(first, room)}. {rest}"


def _middle(name: str, width: int) -> str | None:
    if width < 3:
        return None
    tail = (width - 1) // 2
    return cut_to(name, width - 1 - tail) + ELLIPSIS + tail_to(name, tail)


def _end(name: str, width: int) -> str | None:
    return ELLIPSIS + tail_to(name, width - 1) if width >= 2 else None


def _start(name: str, width: int) -> str | None:
    return cut_to(name, width - 1) + ELLIPSIS


WAYS: tuple[Callable[[str, int], str | None], ...] = (
    _whole,
    _unbracketed,
    _first_word_cut,
    _middle,
    _end,
    _start,
)
"""The ways to shorten a name, tried in this order."""


def short_names(names: Sequence[str], width: int) -> list[str]:
    """Every name in at most ``width`` cells (at least 2), all of them different when the
    names are.

    >>> short_names(["Компьютер 2 (средний)", "Компьютер 3 (сильный)", "Anna"], 7)
    ['Комп. 2', 'Комп. 3', 'Anna']
    >>> short_names(["Компьютер 9 (лёгкий)", "Компьютер 10 (средний)"], 7)
    ['Ком. 9', 'Ком. 10']
    >>> short_names(["Alexandra", "Alexander"], 7)
    ['Ale…dra', 'Ale…der']
    """
    width = max(2, width)
    names = [name.strip() for name in names]
    ways = [0] * len(names)
    shown = [_shortened(name, width, 0) for name in names]
    while True:
        clash = _clashing(shown, names)
        if not clash:
            return _alike(names, shown, ways)
        moved = False
        for index in clash:
            if ways[index] + 1 < len(WAYS):
                ways[index] += 1
                shown[index] = _shortened(names[index], width, ways[index])
                moved = True
        if not moved:
            return _numbered(names, shown, width)


def _alike(names: list[str], shown: list[str], ways: list[int]) -> list[str]:
    """Names that share a first word and were shortened by cutting it get it cut alike
    ("Ком. 9" and "Ком. 10", not "Комп. 9" beside "Ком. 10")."""
    cuts: dict[str, int] = {}
    for name, text in zip(names, shown, strict=True):
        first, _, rest = text.partition(". ")
        if rest and not name.startswith(text) and name.startswith(first):
            word = name.split(" ", 1)[0]
            cuts[word] = min(cuts.get(word, len(first)), len(first))
    if not cuts:
        return shown
    alike = []
    for name, text in zip(names, shown, strict=True):
        first, _, rest = text.partition(". ")
        word = name.split(" ", 1)[0]
        if rest and word in cuts and name.startswith(first) and len(first) > cuts[word]:
            text = f"{first[: cuts[word]]}. {rest}"
        alike.append(text)
    return alike if len(set(alike)) == len(set(shown)) else shown


def _shortened(name: str, width: int, start: int) -> str:
    for way in WAYS[start:]:
        found = way(name, width)
        if found is not None:
            return found
    return cut_to(name, width)


def _clashing(shown: list[str], names: list[str]) -> list[int]:
    """The places of shortened names that read like another, different name's."""
    seen: dict[str, set[str]] = {}
    for text, name in zip(shown, names, strict=True):
        seen.setdefault(text, set()).add(name)
    return [index for index, text in enumerate(shown) if len(seen[text]) > 1]


def _numbered(names: list[str], shown: list[str], width: int) -> list[str]:
    """The last way: the start of the name and its place in the list ("Ann…3")."""
    result = list(shown)
    for index in _clashing(shown, names):
        number = str(index + 1)
        result[index] = cut_to(names[index], max(0, width - len(number) - 1)) + ELLIPSIS + number
    return result
