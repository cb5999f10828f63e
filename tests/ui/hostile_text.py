"""Hostile text for the plain-text tests: names and save fields that try to be markup, drive
the terminal, turn text around or run off the screen, made from classes so that strings never
seen before are tried too.

Each class is a list of fragments; :func:`hostile_names` puts fragments around a word of the
language (``[b]Ann``, ``Аня\\x1b]52;c;...``) and adds one more made-up string per class from a
seed (``RUMMY_HOSTILE_SEED``, else a fixed one), so a run with another seed tries strings no
run tried before.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy_tui.core.game import name_refusal
from rummy_tui.persistence.format import seal

WORDS = {"en": "Ann", "fi": "Äijö", "ru": "Аня"}
"""A short name in each language, to put hostile pieces around."""

MARKUP = ("[", "[/]", "[b]", "[@click=app.quit]", "[link=https://e.x]", "[$error]", "[/b]")
"""Openers and closers of Textual's and Rich's markup, a click action and a link."""
CONTROLS = ("\x1b]52;c;aGk=\x07", "\x1b[2J", "\x1b]8;;https://e.x\x1b\\", "\x9b1m", "\x07", "\r")
"""Escape and OSC sequences (clipboard write, clear screen, link), C1 and C0 controls."""
BIDI = ("\u202e", "\u2066", "\u202b", "\u200f")
"""Bidirectional overrides, isolates and marks."""
ZERO_WIDTH = ("\u200b", "\u200d", "\u2060", "\ufeff")
"""Zero-width spaces and joiners."""
LONG = 200
"""The length of the very long strings."""
FILE_NAME = "[b]x[\x1b[2J[@click=app.quit]"
"""A save's file name, renamed by hand."""

TAGS = ("b", "i", "u", "reverse", "red", "on blue", "bold italic", "dim", "strike")
ACTIONS = ("app.quit", "app.bell", "screen.dismiss", "app.exit(1)")


def made_up(rng: random.Random, word: str) -> dict[str, str]:
    """One new string per class, from ``rng``."""
    tag = rng.choice(TAGS)
    markup = rng.choice(
        (
            f"[{tag}]{word}",
            f"{word}[/{tag}]",
            f"[@click={rng.choice(ACTIONS)}]{word}",
            f"[link=https://{word}.x]{word}",
            f"{word}[",
            "[" * rng.randint(1, 4) + word + "]" * rng.randint(0, 3),
        )
    )
    control = chr(rng.choice([*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0)]))
    escape = rng.choice(("\x1b[", "\x1b]", "\x1bP", "\x9b", "\x9d")) + str(rng.randint(0, 99))
    bidi = chr(rng.choice([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F]))
    zero = chr(rng.choice((0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E)))
    return {
        "markup": markup[:20],
        "control": f"{word}{escape}{control}",
        "bidi": f"{bidi}{word}",
        "zero width": f"{word}{zero}{word}",
        "long": "".join(
            rng.choice((word, "[", "]", "/", "\u202e", "\x1b", " ")) for _ in range(LONG)
        )[:LONG],
    }


def hostile_names(language: str) -> list[str]:
    """The hostile strings of ``language``: every fragment of every class around the
    language's word, then one made-up string per class."""
    word = WORDS[language]
    seed = int(os.environ.get("RUMMY_HOSTILE_SEED", "21"))
    names = [f"{fragment}{word}" for fragment in MARKUP]
    names += ["[@click=app.quit]QQ", f"{word}[/]"]
    names += [f"{word}{fragment}" for fragment in CONTROLS]
    names += [f"{fragment}{word}" for fragment in BIDI]
    names += [f"{word}{fragment}{word}" for fragment in ZERO_WIDTH]
    names += [(word + "[/]") * (LONG // (len(word) + 3))]
    names += made_up(random.Random(f"{seed}-{language}"), word).values()
    return list(dict.fromkeys(names))


def typeable(names: list[str]) -> list[str]:
    """The names a person could type at the new-game menu (the core refuses the rest, G-2)."""
    return [name for name in names if len(name) <= 20 and name_refusal(name) is None]


def swap_names(tree: Any, names: dict[str, str]) -> Any:
    """``tree`` (a save's JSON) with each old name replaced by its new one in every string."""
    if isinstance(tree, str):
        for old, new in names.items():
            tree = tree.replace(old, new)
        return tree
    if isinstance(tree, list):
        return [swap_names(item, names) for item in tree]
    if isinstance(tree, dict):
        return {key: swap_names(value, names) for key, value in tree.items()}
    return tree


def forge(path: Path, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Rewrite a save's JSON and seal it with a correct checksum, as a forger would."""
    data = json.loads(path.read_bytes())
    del data["checksum"]
    text = json.dumps(change(data), separators=(",", ":"), ensure_ascii=False)
    path.write_bytes(seal(text[:-1]))


@dataclass(frozen=True)
class Expected:
    """What a screen must show literally (the hostile names as plain, cleaned text)."""

    names: tuple[str, ...]


# ------------------------------------------------------------------ a hostile data folder


@dataclass
class Folder:
    """A data folder of hostile saves and records, and the names each place must show."""

    path: Path
    between: str = ""
    """A save at the end of a deal (it opens at the end-of-deal screen)."""
    finished: str = ""
    """A finished match (it opens as its score sheet)."""
    newer: str = ""
    """A save of a newer format whose ``app_version`` is an escape sequence."""
    damaged: str = ""
    """A damaged save with a backup (restore)."""
    players: dict[str, tuple[str, ...]] | None = None
    """The names each save holds, by save name."""
    recorded: tuple[str, ...] = ()
    """The names in the records."""


def hostile_folder(path: Path, names: list[str]) -> Folder:
    """Saves and records in ``path`` that hold every name of ``names`` (three a save, the
    rest in the records), a save file with a hostile file name, a newer save with a hostile
    ``app_version`` and a damaged one with a backup."""
    from rummy_tui.persistence import SaveStore
    from rummy_tui.persistence.listing import BACKUP_SUFFIX
    from tests.persistence.helpers import match_at

    store = SaveStore(path)
    folder = Folder(path, players={})
    trios = [names[index : index + 3] for index in range(0, 9, 3)]
    for stage, trio in zip(("between", "finished", "fresh"), trios, strict=True):
        setup, game = match_at("classic", stage, players=3)
        name = store.create(setup, game, stage)
        mapping = {f"Seat {seat + 1}": new for seat, new in enumerate(trio)}
        forge(store.path_of(name), lambda data, mapping=mapping: swap_names(data, mapping))
        folder.players[name] = tuple(trio)
        if stage != "fresh":
            setattr(folder, stage, name)
    setup, game = match_at("classic", "fresh", players=2)
    newer = store.create(setup, game, "newer")
    forge(
        store.path_of(newer),
        lambda data: {**data, "format_version": 99, "app_version": "".join(CONTROLS) + names[0]},
    )
    folder.newer = newer
    damaged = store.create(setup, game, "damaged")
    backup = store.path_of(damaged).with_name(f"{damaged}{BACKUP_SUFFIX}")
    backup.write_bytes(store.path_of(damaged).read_bytes())
    store.path_of(damaged).write_text('{"format_version": 1, "app_version": "' + names[1])
    folder.damaged = damaged
    odd = store.create(setup, game, "odd")
    store.path_of(odd).rename(store.path_of(odd).with_name(f"{FILE_NAME}.json"))
    folder.recorded = tuple(names[9:])
    _record(path, list(folder.recorded))
    return folder


def _record(path: Path, names: list[str]) -> None:
    """Finished matches in the records, their players renamed to ``names`` in the file."""
    import sqlite3

    from rummy_tui.records import Records
    from rummy_tui.records.db import records_path
    from tests.persistence.helpers import match_at

    records = Records(path)
    for seed in range(1, (len(names) + 2) // 3 + 1):
        setup, game = match_at("classic", "finished", players=3, seed=seed)
        assert records.record_match(setup, game)
    connection = sqlite3.connect(records_path(path))
    rows = connection.execute("SELECT rowid FROM match_players ORDER BY rowid").fetchall()
    for (rowid,), name in zip(rows, names, strict=False):
        connection.execute(
            "UPDATE match_players SET name = ?, name_key = ? WHERE rowid = ?",
            (name, name.casefold(), rowid),
        )
    connection.execute("UPDATE matches SET variant = ? WHERE id = 1", (names[0],))
    connection.commit()
    connection.close()
