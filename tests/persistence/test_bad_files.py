"""Damaged files: each kind is listed with its reason, refused on load with a clear message,
never written over or deleted without the user's word, and never stops the other saves."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.persistence import MAX_SAVE_BYTES, SaveError, SaveStore
from rummy_tui.persistence import format as save_format
from tests.persistence.helpers import match_at, reseal


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _not_utf8(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] = 0xFF
    path.write_bytes(bytes(data))


def _broken_json(path: Path) -> None:
    data = path.read_bytes()
    middle = data.index(b'"log":[') + 7
    path.write_bytes(data[:middle] + b"@@@" + data[middle:])


def _bit_rot(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"draw_stock"', '"draw_stocK"', 1), encoding="utf-8")


def _hand_edited(path: Path) -> None:
    data = json.loads(path.read_bytes())
    data["summary"]["scores"][0] += 50
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _no_checksum(path: Path) -> None:
    data = json.loads(path.read_bytes())
    del data["checksum"]
    path.write_text(json.dumps(data), encoding="utf-8")


def _empty(path: Path) -> None:
    path.write_bytes(b"")


def _huge(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)


def _newer(path: Path) -> None:
    reseal(path, lambda data: data.update(format_version=99, app_version="9.0.0"))


def _older_unknown(path: Path) -> None:
    reseal(path, lambda data: data.update(format_version=0))


def _not_a_save(path: Path) -> None:
    path.write_text('{"hello": "world"}', encoding="utf-8")


def _plain_text(path: Path) -> None:
    path.write_text("These are my notes about the match.\n", encoding="utf-8")


def _deeply_nested(path: Path) -> None:
    depth = 200_000
    path.write_text('{"format_version":1,"x":' + "[" * depth + "]" * depth + "}")


def _wrong_shape(path: Path) -> None:
    reseal(path, lambda data: data["setup"].update(seats="Anna and Bob"))


def _impossible_move(path: Path) -> None:
    """A forged file with a correct checksum whose log plays a card nobody holds."""

    def change(data: dict[str, Any]) -> None:
        for record in data["log"]:
            if record["action"]["kind"] == "discard":
                record["action"]["card"] = "JK.3"
                return
        raise AssertionError("no discard in the log")

    reseal(path, change)


def _wrong_seat(path: Path) -> None:
    def change(data: dict[str, Any]) -> None:
        record = data["log"][1]
        record["seat"] = (record["seat"] + 1) % len(data["setup"]["seats"])

    reseal(path, change)


def _other_outcome(path: Path) -> None:
    """A legal log whose summary claims a different position."""
    reseal(path, lambda data: data["summary"].update(scores=[7, 0, 0]))


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (_truncate, "ends too early"),
    "not utf-8": (_not_utf8, "is corrupted: byte"),
    "broken json": (_broken_json, "not valid JSON"),
    "bit rot": (_bit_rot, "changed after rummy_tui saved it"),
    "hand-edited": (_hand_edited, "changed after rummy_tui saved it"),
    "no checksum": (_no_checksum, "has no checksum"),
    "empty": (_empty, "The file is empty."),
    "huge": (_huge, "more than any save holds"),
    "newer version": (_newer, "newer|rummy_tui 9.0.0 in save format 99"),
    "unknown old version": (_older_unknown, "save format 0, which this version"),
    "not a save": (_not_a_save, "not a rummy_tui save"),
    "plain text": (_plain_text, "not valid JSON"),
    "deeply nested": (_deeply_nested, "nested too deeply"),
    "wrong shape": (_wrong_shape, "does not hold a valid save: setup.seats"),
}
"""Files that are recognised as damaged without replaying them: listing shows the reason."""

REPLAY_FAILURES: dict[str, tuple[Callable[[Path], None], str]] = {
    "impossible move": (_impossible_move, "Step "),
    "wrong seat": (_wrong_seat, "Step 2: It is "),
    "other outcome": (_other_outcome, "does not reach the saved position"),
}
"""Files that look right but whose log does not replay: load gives the step and reason."""


def _snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def _good_and_bad(store: SaveStore, damage: Callable[[Path], None]) -> Path:
    setup, game = match_at("classic", "play", players=3)
    store.create(setup, game, "good")
    store.create(setup, game, "bad")
    path = store.path_of("bad")
    damage(path)
    return path


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_bad_file_is_listed_with_its_reason_and_left_untouched(kind: str, data_dir: Path) -> None:
    damage, expected = BAD_FILES[kind]
    store = SaveStore(data_dir)
    path = _good_and_bad(store, damage)
    before = _snapshot(path)
    fresh = SaveStore(data_dir)

    listed = {info.name: info for info in fresh.list()}

    assert listed["good"].damaged is None
    assert listed["bad"].damaged is not None
    assert any(part in listed["bad"].damaged for part in expected.split("|")), listed["bad"].damaged
    with pytest.raises(SaveError) as refused:
        fresh.load("bad")
    assert "'bad'" in str(refused.value)
    assert any(part.lower() in str(refused.value).lower() for part in expected.split("|"))
    fresh.load("good")
    _try_to_overwrite(fresh, "bad")
    assert fresh.latest_unfinished() == "good"
    assert _snapshot(path) == before


@pytest.mark.parametrize("kind", sorted(REPLAY_FAILURES))
def test_log_that_does_not_replay_is_refused_with_the_step(kind: str, data_dir: Path) -> None:
    damage, expected = REPLAY_FAILURES[kind]
    store = SaveStore(data_dir)
    path = _good_and_bad(store, damage)
    before = _snapshot(path)
    fresh = SaveStore(data_dir)

    with pytest.raises(SaveError) as refused:
        fresh.load("bad")

    assert expected.lower() in str(refused.value).lower()
    listed = {info.name: info for info in fresh.list()}
    assert listed["bad"].damaged is not None and expected in listed["bad"].damaged
    assert listed["good"].damaged is None
    _try_to_overwrite(fresh, "bad")
    assert _snapshot(path) == before


def _try_to_overwrite(store: SaveStore, name: str) -> None:
    """Every way of writing to a damaged save's name is refused."""
    setup, game = match_at("double", "fresh", players=3)
    with pytest.raises(SaveError, match=r"damaged|different match"):
        store.save(name, setup, game)
    with pytest.raises(SaveError, match="already exists"):
        store.create(setup, game, name)
    with pytest.raises(SaveError, match="already exists"):
        store.rename("good", name)
    assert name not in store.clear_finished()


def test_newer_format_version_is_refused_with_a_message_saying_so(store: SaveStore) -> None:
    setup, game = match_at("rummy500", "draw")
    store.create(setup, game, "future")
    newer = save_format.FORMAT_VERSION + 1
    reseal(
        store.path_of("future"),
        lambda data: data.update(format_version=newer, app_version="2.0"),
    )

    with pytest.raises(SaveError) as refused:
        store.load("future")

    message = str(refused.value)
    assert "rummy_tui 2.0" in message and f"save format {newer}" in message
    assert "Update rummy_tui" in message


def test_older_format_is_migrated(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A migration per older version upgrades the parsed file before it is validated."""
    setup, game = match_at("classic", "draw")
    store.create(setup, game, "old")

    def as_format_one(data: dict[str, Any]) -> dict[str, Any]:
        data = dict(data, format_version=1)
        data["extra"] = {"migrated_from": data.pop("old_extra")}
        return data

    monkeypatch.setitem(save_format.MIGRATIONS, 0, as_format_one)

    def make_old(data: dict[str, Any]) -> None:
        data["format_version"] = 0
        data["old_extra"] = data.pop("extra")

    reseal(store.path_of("old"), make_old)

    _, loaded, extra = SaveStore(store.directory.parent).load("old")

    assert loaded.to_json() == game.to_json()
    assert extra == {"migrated_from": {}}


def test_damaged_file_does_not_stop_listing_or_loading_others(store: SaveStore) -> None:
    setup, game = match_at("european", "play")
    for name in ("a", "b", "c"):
        store.create(setup, game, name)
    _empty(store.path_of("b"))
    (store.directory / "folder.json").mkdir()
    (store.directory / "notes.txt").write_text("not a save")

    listed = {info.name: info.damaged for info in SaveStore(store.directory.parent).list()}

    assert listed["a"] is None and listed["c"] is None
    assert listed["b"] == "The file is empty."
    assert "folder" not in listed  # a folder is not a save, and is never offered for deletion
    assert "notes" not in listed


def test_damaged_file_is_deleted_only_when_asked(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    store.create(setup, game, "broken")
    store.save("broken", setup, game)
    _truncate(store.path_of("broken"))

    store.delete("broken")

    assert not store.path_of("broken").exists()
    assert not (store.directory / "broken.json.bak").exists()
    assert store.list() == []


def test_backup_of_a_damaged_save_can_be_restored(store: SaveStore) -> None:
    setup, game = match_at("double", "play")
    store.create(setup, game, "match")
    store.save("match", setup, game, {"second": True})
    _truncate(store.path_of("match"))
    damaged_bytes = store.path_of("match").read_bytes()

    with pytest.raises(SaveError, match=r"A backup saved .* can be restored"):
        store.load("match")
    kept = store.restore_backup("match")

    _, loaded, _ = store.load("match")
    assert loaded.to_json() == game.to_json()
    assert kept is not None
    assert store.path_of(kept).read_bytes() == damaged_bytes
    listed = {info.name: info.damaged for info in store.list()}
    assert listed["match"] is None and listed[kept] is not None


def test_unreadable_extra_is_refused_before_anything_is_written(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    name = store.create(setup, game)
    before = store.path_of(name).read_bytes()

    with pytest.raises(SaveError, match="extra data is not JSON"):
        store.save(name, setup, game, {"bad": object()})

    assert store.path_of(name).read_bytes() == before


def test_save_into_another_matchs_file_is_refused(data_dir: Path) -> None:
    setup, game = match_at("classic", "fresh", seed=1)
    other_setup, other = match_at("classic", "fresh", seed=2)
    SaveStore(data_dir).create(setup, game, "taken")
    before = SaveStore(data_dir).path_of("taken").read_bytes()

    with pytest.raises(SaveError, match="different match"):
        SaveStore(data_dir).save("taken", other_setup, other)

    assert SaveStore(data_dir).path_of("taken").read_bytes() == before


def test_a_later_position_saved_elsewhere_is_not_written_over(data_dir: Path) -> None:
    setup, game = match_at("classic", "fresh")
    first_window = SaveStore(data_dir)
    name = first_window.create(setup, game)
    _, ahead, _ = SaveStore(data_dir).load(name)
    second_window = SaveStore(data_dir)
    second_window.load(name)
    import random

    from tests.persistence.helpers import step

    rng = random.Random(1)
    for _ in range(3):
        step(ahead, rng)
    second_window.save(name, setup, ahead)

    with pytest.raises(SaveError, match="later position"):
        first_window.save(name, setup, game)


def test_store_on_a_missing_or_unreadable_folder(tmp_path: Path) -> None:
    assert SaveStore(tmp_path / "nowhere").list() == []
    assert SaveStore(tmp_path / "nowhere").latest_unfinished() is None
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SaveStore(blocker)
    setup, game = match_at("classic", "fresh")
    with pytest.raises(SaveError, match="could not be saved"):
        store.create(setup, game, "x")
    if os.name == "posix":
        with pytest.raises(SaveError, match="cannot be read"):
            store.list()
