"""The last table played: what the new-game menu starts from next time.

Kept as ``last_table.json`` in the data folder: the variant and its table options, each seat's
name and kind (human or a computer level), and the match settings (hints, take-backs, the
computer players' pace). The seed is never kept, so a remembered table always deals afresh.

The rules are stored as the variant id and its option values, not as the whole rule set, so a
later rummy_tui that refines a variant still reads the table. A missing, damaged or outdated
file is simply no remembered table; failing to write one never stops a match.

::

    remember_table(setup)      # when a match starts
    setup = last_table()       # MatchSetup or None, for the new-game menu
    clear_last_table()         # the menu's "Clear"
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from rummy_tui.core import get_variant
from rummy_tui.core.variants import player_count_refusal
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence.atomic import atomic_write
from rummy_tui.persistence.paths import data_dir, private_folder

LAST_TABLE_FILE = "last_table.json"
"""The file's name inside the data folder."""
LAST_TABLE_VERSION = 1
"""The file's format version."""
MAX_LAST_TABLE_BYTES = 64 * 1024
"""Anything larger is not a remembered table of ours and is not read."""


class _LastTable(BaseModel):
    model_config = ConfigDict(extra="ignore")

    version: int
    variant_id: str
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    hints: bool = True
    take_backs: bool = True
    bot_delay: float = 0.5


def last_table_path(explicit_data_dir: Path | str | None = None) -> Path:
    """Where the last table is kept."""
    return data_dir(explicit_data_dir) / LAST_TABLE_FILE


def remember_table(setup: MatchSetup, explicit_data_dir: Path | str | None = None) -> bool:
    """Keep ``setup`` (without its seed) as the last table; False if it could not be written."""
    rules = setup.rules
    table = _LastTable(
        version=LAST_TABLE_VERSION,
        variant_id=rules.variant_id,
        options=rules.model_dump(mode="json", include=set(rules.option_fields())),
        seats=setup.seats,
        hints=setup.hints,
        take_backs=setup.take_backs,
        bot_delay=setup.bot_delay,
    )
    path = last_table_path(explicit_data_dir)
    try:
        private_folder(path.parent)
        atomic_write(path, table.model_dump_json(indent=2).encode("utf-8"))
    except OSError:
        return False
    return True


def last_table(explicit_data_dir: Path | str | None = None) -> MatchSetup | None:
    """The last table played, or None when none is kept (or the file cannot be read)."""
    path = last_table_path(explicit_data_dir)
    try:
        if path.stat().st_size > MAX_LAST_TABLE_BYTES:
            return None
        data = json.loads(path.read_bytes())
        table = _LastTable.model_validate(data)
        if table.version != LAST_TABLE_VERSION:
            return None
        rules = get_variant(table.variant_id, **table.options)
        if player_count_refusal(rules, len(table.seats)) is not None:
            return None
        return MatchSetup(
            rules=rules,
            seats=table.seats,
            hints=table.hints,
            take_backs=table.take_backs,
            bot_delay=table.bot_delay,
        )
    except (OSError, ValueError, ValidationError, RecursionError):
        return None


def clear_last_table(explicit_data_dir: Path | str | None = None) -> None:
    """Forget the last table (nothing happens if none is kept or it cannot be removed)."""
    try:
        last_table_path(explicit_data_dir).unlink(missing_ok=True)
    except OSError:
        return
