"""Join codes: which shared match a code opens, and which of its seats.

A shared match file is named after its **table tag**, two characters of the seat codes'
alphabet (``shared/HR.sqlite3``; three once every two-character tag of the data folder is
taken). A **join code** is the tag and the seat's code written together, ``HR-K7QM-4TZP-XE``:
the tag says which file to open (it is no secret: anyone could list the folder), the ten
characters after it are the seat's secret (:mod:`rummy_tui.persistence.seat_codes`), over 49
bits. A person types the join code once, on ``rummy join`` or "Join a table", and the game
finds the match without being told where it is.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rummy_tui.persistence.seat_codes import CODE_ALPHABET, CODE_LENGTH, grouped
from rummy_tui.persistence.shared_file import SHARED_FOLDER, SHARED_SUFFIX

TAG_LENGTHS = (2, 3)
"""The lengths a table tag may have: two characters while one is free, then three."""
TRIES_PER_LENGTH = 60
"""Random tags tried at one length before a longer one is used."""


@dataclass(frozen=True)
class JoinCode:
    """A join code read apart: the table's tag and the seat's code (normalized)."""

    tag: str
    seat_code: str


def new_tags() -> Iterator[str]:
    """Table tags to try for a new shared match, short ones first (random, never ending)."""
    for length in TAG_LENGTHS:
        for _attempt in range(TRIES_PER_LENGTH):
            yield "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
    while True:
        yield "".join(secrets.choice(CODE_ALPHABET) for _ in range(TAG_LENGTHS[-1] + 1))


def join_code(tag: str, seat_code: str) -> str:
    """The join code people type: the table's tag, then the seat's code.

    >>> join_code("HR", "K7QM-4TZP-XE")
    'HR-K7QM-4TZP-XE'
    """
    return f"{tag}-{grouped(seat_code.replace('-', ''))}"


def read_join_code(text: str) -> JoinCode | None:
    """A typed join code read apart (case, spaces and dashes do not matter), or None when it
    cannot be one.

    >>> read_join_code(" hr-k7qm 4tzp-xe ")
    JoinCode(tag='HR', seat_code='K7QM4TZPXE')
    >>> read_join_code("HR-K7QM-4TZP-X0") is None
    True
    """
    letters = "".join(char for char in text.upper() if char not in " -\t")
    tag_length = len(letters) - CODE_LENGTH
    if tag_length < TAG_LENGTHS[0] or tag_length > TAG_LENGTHS[-1] + 1:
        return None
    if not set(letters) <= set(CODE_ALPHABET):
        return None
    return JoinCode(tag=letters[:tag_length], seat_code=letters[tag_length:])


def table_path(data_dir: Path, tag: str) -> Path:
    """The shared match file of table ``tag`` in the data folder."""
    return data_dir / SHARED_FOLDER / f"{tag}{SHARED_SUFFIX}"


def table_tag(path: Path) -> str:
    """The table tag of a shared match file (its name without the suffix)."""
    return path.name.removesuffix(SHARED_SUFFIX)
