"""Issue 14, item 6: Continue falls back to the next unfinished save when the newest fails."""

from __future__ import annotations

import os
import time
from typing import Any

from rummy_tui.persistence import SaveStore
from tests.persistence.helpers import match_at, reseal


def _impossible_log(data: dict[str, Any]) -> None:
    data["log"][-1]["seat"] = 1 - (data["log"][-1]["seat"] or 0)


def test_continue_skips_a_newest_save_that_does_not_replay(store: SaveStore) -> None:
    older_setup, older = match_at("classic", "play", players=2, seed=3)
    newer_setup, newer = match_at("classic", "play", players=2, seed=4)
    store.create(older_setup, older, "older")
    time.sleep(0.01)
    store.create(newer_setup, newer, "newer")
    reseal(store.path_of("newer"), _impossible_log)  # header fine, replay fails
    now = time.time()
    os.utime(store.path_of("older"), (now - 60, now - 60))
    fresh = SaveStore(store.directory.parent)
    assert fresh.latest_unfinished() == "newer"  # the listing cannot tell

    name, skipped = fresh.latest_loadable()

    assert name == "older"
    assert [skipped_name for skipped_name, _ in skipped] == ["newer"]
    assert "Step" in skipped[0][1]
    _, game, _ = fresh.load(name)
    assert game.to_json() == older.to_json()


def test_continue_with_nothing_that_loads_says_what_was_skipped(store: SaveStore) -> None:
    setup, game = match_at("classic", "play", players=2)
    store.create(setup, game, "only")
    reseal(store.path_of("only"), _impossible_log)

    name, skipped = SaveStore(store.directory.parent).latest_loadable()

    assert name is None and [entry[0] for entry in skipped] == ["only"]
