"""Save files as they arrive from elsewhere: dates at the calendar's edge or in the future,
a byte order mark, JSON nested without end, and file names in another Unicode form."""

from __future__ import annotations

import json
import os
import unicodedata
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.persistence import SaveError, SaveStore
from rummy_tui.persistence.format import seal
from tests.persistence.helpers import match_at, reseal

EDGE_DATES = {
    "year 1 at +14:00": "0001-01-01T00:00:00+14:00",
    "year 9999 west of UTC": "9999-12-31T23:59:00-05:00",
    "year 9999 in UTC": "9999-12-31T23:59:59+00:00",
    "year 9999 east of UTC": "9999-12-31T23:59:59+14:00",
    "year 1 in UTC": "0001-01-01T00:00:00+00:00",
}


def _dated(store: SaveStore, name: str, saved_at: str, seed: int = 3) -> None:
    setup, game = match_at("classic", "play", players=2, seed=seed)
    store.create(setup, game, name)
    reseal(store.path_of(name), lambda data: data.update(saved_at=saved_at))


@pytest.mark.parametrize("saved_at", EDGE_DATES.values(), ids=EDGE_DATES.keys())
def test_a_date_at_the_calendar_edge_is_unknown_and_listed_last(
    store: SaveStore, saved_at: str
) -> None:
    _dated(store, "edge", saved_at)
    _dated(store, "today", datetime.now(UTC).isoformat(), seed=4)
    os.utime(store.path_of("today"), (0, 0))  # the file's own time plays no part

    infos = SaveStore(store.directory.parent).list()

    assert [info.name for info in infos] == ["today", "edge"]
    assert infos[1].damaged is None and infos[1].last_played is None
    assert infos[0].last_played is not None


def test_continue_is_never_won_by_an_impossible_or_future_date(store: SaveStore) -> None:
    _dated(store, "from 9999", EDGE_DATES["year 9999 in UTC"])
    _dated(store, "next week", (datetime.now(UTC) + timedelta(days=7)).isoformat(), seed=4)
    _dated(store, "an hour ago", (datetime.now(UTC) - timedelta(hours=1)).isoformat(), seed=5)
    fresh = SaveStore(store.directory.parent)

    assert fresh.latest_unfinished() == "an hour ago"
    assert fresh.latest_loadable() == ("an hour ago", [])


def test_a_save_of_unknown_date_is_still_continued_when_it_is_the_only_one(
    store: SaveStore,
) -> None:
    _dated(store, "only", EDGE_DATES["year 9999 east of UTC"])
    assert SaveStore(store.directory.parent).latest_loadable() == ("only", [])


def test_a_clock_a_little_fast_is_believed() -> None:
    from rummy_tui.persistence.info import known_moment

    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    assert known_moment(now + timedelta(minutes=5), now) == now + timedelta(minutes=5)
    assert known_moment(now + timedelta(hours=2), now) is None
    assert known_moment(datetime(2026, 6, 1, 12, 0), now) == now  # no zone: UTC
    assert known_moment(datetime(1969, 12, 31, tzinfo=UTC), now) is None


@pytest.mark.parametrize("saved_at", EDGE_DATES.values(), ids=EDGE_DATES.keys())
def test_a_damaged_save_whose_backup_has_an_edge_date_says_unknown_date(
    store: SaveStore, saved_at: str
) -> None:
    setup, game = match_at("classic", "play", players=2)
    store.create(setup, game, "kept")
    store.save("kept", setup, game)  # a backup now exists
    backup = store.path_of("kept").with_name("kept.json.bak")
    reseal(backup, lambda data: data.update(saved_at=saved_at))
    store.path_of("kept").write_text("{}")

    with pytest.raises(SaveError) as raised:
        SaveStore(store.directory.parent).load("kept")

    assert "A backup of an unknown date can be restored." in raised.value.reason


def test_a_byte_order_mark_at_the_start_of_a_save_is_accepted(store: SaveStore) -> None:
    setup, game = match_at("european", "play", players=3)
    store.create(setup, game, "from notepad")
    path = store.path_of("from notepad")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    fresh = SaveStore(store.directory.parent)

    assert [info.damaged for info in fresh.list()] == [None]
    _setup, loaded, _extra = fresh.load("from notepad")
    assert loaded.to_json() == game.to_json()


def _nested(path: Path, where: str, depth: int) -> None:
    data: dict[str, Any] = json.loads(path.read_bytes())
    del data["checksum"]
    data[where] = "NEST"
    text = json.dumps(data, separators=(",", ":")).replace('"NEST"', "[" * depth + "]" * depth)
    path.write_bytes(seal(text[:-1]))  # a checksum that matches, as a forger would write it


@pytest.mark.parametrize("where", ["extra", "summary", "setup", "log"])
@pytest.mark.parametrize("depth", [40, 900, 100_000])
def test_deeply_nested_json_is_not_a_save_file(store: SaveStore, where: str, depth: int) -> None:
    setup, game = match_at("classic", "play", players=2)
    store.create(setup, game, "deep")
    _nested(store.path_of("deep"), where, depth)
    fresh = SaveStore(store.directory.parent)

    [info] = fresh.list()
    with pytest.raises(SaveError) as raised:
        fresh.load("deep")

    for reason in (info.damaged, raised.value.reason):
        assert reason is not None
        assert "not a rummy_tui save: it is nested too deeply" in reason
        assert "Recursion" not in reason


def test_a_save_name_in_decomposed_form_opens_by_its_typed_name(store: SaveStore) -> None:
    setup, game = match_at("classic", "play", players=2)
    store.create(setup, game, "Päivä Öljy")
    store.save("Päivä Öljy", setup, game)  # and a backup
    decomposed = unicodedata.normalize("NFD", "Päivä Öljy")
    for suffix in (".json", ".json.bak"):
        os.rename(
            store.directory / f"Päivä Öljy{suffix}", store.directory / f"{decomposed}{suffix}"
        )
    fresh = SaveStore(store.directory.parent)

    assert fresh.exists("Päivä Öljy")
    _setup, loaded, _extra = fresh.load("Päivä Öljy")
    assert loaded.to_json() == game.to_json()
    fresh.release("Päivä Öljy")
    assert fresh.peek(" Päivä Öljy.json ")[1].to_json() == game.to_json()
    fresh.load_backup("Päivä Öljy")
    assert fresh.rename("Päivä Öljy", "Friday") == "Friday"
    assert [info.name for info in fresh.list()] == ["Friday"]
