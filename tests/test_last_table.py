"""The remembered last table: kept in the data folder for the new-game menu, cleared on request."""

from __future__ import annotations

import json
from pathlib import Path

from rummy_tui.core import get_variant
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence.last_table import (
    clear_last_table,
    last_table,
    last_table_path,
    remember_table,
)


def _setup() -> MatchSetup:
    return MatchSetup(
        rules=get_variant("rummy500", partnerships=True, target_score=250),
        seats=(
            Seat(name="Anna"),
            Seat(name="Computer 2 (hard)", kind=SeatKind.HARD),
            Seat(name="Cleo"),
            Seat(name="Computer 4 (easy)", kind=SeatKind.EASY),
        ),
        seed=1234,
        hints=False,
        take_backs=False,
        bot_delay=1.5,
    )


def test_the_last_table_comes_back_without_its_seed(tmp_path: Path) -> None:
    assert last_table(tmp_path) is None
    assert remember_table(_setup(), tmp_path)
    table = last_table(tmp_path)
    assert table == _setup().model_copy(update={"seed": None})
    assert table is not None and table.rules.partnerships and table.rules.target_score == 250
    assert [seat.kind for seat in table.seats] == [
        SeatKind.HUMAN,
        SeatKind.HARD,
        SeatKind.HUMAN,
        SeatKind.EASY,
    ]


def test_clear_forgets_it(tmp_path: Path) -> None:
    remember_table(_setup(), tmp_path)
    clear_last_table(tmp_path)
    assert last_table(tmp_path) is None
    clear_last_table(tmp_path)  # nothing to clear: no error


def test_a_damaged_or_impossible_file_is_no_table(tmp_path: Path) -> None:
    path = last_table_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", "[]", '{"version": 1}', "\x00\x01"):
        path.write_text(text)
        assert last_table(tmp_path) is None
    remember_table(_setup(), tmp_path)
    data = json.loads(path.read_text())
    data["options"]["target_score"] = "a lot"
    path.write_text(json.dumps(data))
    assert last_table(tmp_path) is None
    data["options"]["target_score"] = 250
    data["seats"] = data["seats"][:3]  # partnerships need four players
    path.write_text(json.dumps(data))
    assert last_table(tmp_path) is None
    data["seats"] = []
    data["variant_id"] = "poker"
    path.write_text(json.dumps(data))
    assert last_table(tmp_path) is None


def test_an_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert not remember_table(_setup(), blocker)
