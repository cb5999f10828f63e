"""Listing, continuing, renaming, deleting and clearing saves; names; where saves live."""

from __future__ import annotations

import json
import os
import random
import time
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pytest

from rummy_tui.persistence import SaveError, SaveStore, check_new_name
from rummy_tui.persistence.paths import DATA_DIR_ENV, data_dir, saves_dir
from tests.persistence.helpers import match_at, step

ESCAPING_NAMES = [
    "../outside",
    "..",
    ".",
    "a/../../b",
    "/etc/passwd",
    "sub/dir",
    "back\\slash",
    "C:\\Windows\\evil",
    "C:evil",
    "nul\x00byte",
    "line\nbreak",
    "",
    "   ",
    "x" * 65,
    ".hidden",
    "-rf",
    "NUL",
    "con.txt",
    "ends with dot.",
    "star*",
    'quote"',
    "pipe|",
    "<angle>",
    "question?",
]


@pytest.mark.parametrize("name", ESCAPING_NAMES)
def test_name_that_could_escape_the_save_folder_is_refused(store: SaveStore, name: str) -> None:
    setup, game = match_at("classic", "fresh")

    with pytest.raises(SaveError):
        store.create(setup, game, name)
    store.create(setup, game, "fine")
    with pytest.raises(SaveError):
        store.rename("fine", name)

    locks = store.directory.parent / "locks"  # the match locks (locks.py), not saves
    files = sorted(
        path.name
        for path in store.directory.parent.rglob("*")
        if path != locks and locks not in path.parents
    )
    assert files == ["fine.json", "saves"]


@pytest.mark.parametrize("name", ["../outside", "/etc/passwd", "a/b", "..", "nul\x00"])
def test_existing_name_lookups_cannot_escape_either(store: SaveStore, name: str) -> None:
    outside = store.directory.parent / "outside.json"
    outside.parent.mkdir(parents=True, exist_ok=True)
    outside.write_text("{}")
    for attempt in (store.load, store.delete, store.load_backup, store.restore_backup):
        with pytest.raises(SaveError):
            attempt(name)
    setup, game = match_at("classic", "fresh")
    with pytest.raises(SaveError):
        store.save(name, setup, game)
    assert outside.read_text() == "{}"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Friday night", "Friday night"),
        ("  Päivi & Otto (2) ", "Päivi & Otto (2)"),
        ("rummy500-2024-05-01", "rummy500-2024-05-01"),
        ("saved.json", "saved"),
        ("v1.2 final", "v1.2 final"),
    ],
)
def test_good_names_are_kept(store: SaveStore, typed: str, stored: str) -> None:
    setup, game = match_at("double", "fresh")
    assert check_new_name(typed) == stored

    name = store.create(setup, game, typed)

    assert name == stored
    assert store.path_of(name).parent == store.directory
    assert store.path_of(name).name == f"{stored}.json"
    store.load(typed)


def test_list_is_newest_first_with_the_listing_facts(store: SaveStore) -> None:
    made = []
    for variant, stage in (("classic", "draw"), ("european", "between"), ("rummy500", "play")):
        setup, game = match_at(variant, stage, players=3)
        made.append((store.create(setup, game), setup, game))
        time.sleep(0.01)

    infos = store.list()

    for info, (name, setup, game) in zip(infos, reversed(made), strict=True):
        assert info.name == name
        assert info.damaged is None and not info.finished
        assert info.variant == game.rules.name == info.variant_name
        assert info.variant_id == game.rules.variant_id
        assert info.players == tuple(game.players)
        assert info.deal_number == game.state.deal.deal_number
        assert info.scores == tuple(game.state.scores)
        assert info.seat_kinds == tuple(seat.kind.value for seat in setup.seats)
        assert info.last_played.tzinfo is not None
        assert abs((datetime.now(UTC) - info.last_played).total_seconds()) < 600


def test_continue_picks_the_most_recent_unfinished_match(store: SaveStore) -> None:
    assert store.latest_unfinished() is None
    older_setup, older = match_at("classic", "play")
    store.create(older_setup, older, "older")
    time.sleep(0.01)
    newer_setup, newer = match_at("double", "play")
    store.create(newer_setup, newer, "newer")
    time.sleep(0.01)
    done_setup, done = match_at("classic", "finished")
    store.create(done_setup, done, "done")

    assert store.latest_unfinished() == "newer"
    time.sleep(0.01)
    store.save("older", older_setup, older)
    assert store.latest_unfinished() == "older"


def test_rename_moves_the_save_and_its_backup(store: SaveStore) -> None:
    setup, game = match_at("boathouse", "draw")
    store.create(setup, game, "before")
    rng = random.Random(2)
    step(game, rng)
    store.save("before", setup, game)

    assert store.rename("before", " after ") == "after"
    store.flush()

    assert not store.exists("before")
    assert {path.name for path in store.directory.iterdir()} == {"after.json", "after.json.bak"}
    _, loaded, _ = store.load("after")
    assert loaded.to_json() == game.to_json()
    step(game, rng)
    store.save("after", setup, game)
    assert SaveStore(store.directory.parent).load("after")[1].to_json() == game.to_json()


def test_rename_refuses_a_taken_or_missing_name(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    store.create(setup, game, "one")
    store.create(setup, game, "two")
    before = store.path_of("two").read_bytes()

    with pytest.raises(SaveError, match="already exists"):
        store.rename("one", "two")
    with pytest.raises(SaveError, match="no save named"):
        store.rename("three", "four")

    assert store.path_of("two").read_bytes() == before
    assert store.exists("one")


def test_delete_removes_save_backup_and_stray_temporary_files(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    store.create(setup, game, "gone")
    store.save("gone", setup, game)
    (store.directory / ".gone.json.12345.tmp").write_bytes(b"half")
    store.create(setup, game, "kept")

    store.delete("gone")
    store.flush()

    assert sorted(path.name for path in store.directory.iterdir()) == ["kept.json"]
    with pytest.raises(SaveError, match="no save named"):
        store.delete("gone")
    with pytest.raises(SaveError, match="no save named"):
        store.load("gone")


def test_clear_finished_removes_only_finished_matches(store: SaveStore) -> None:
    for variant in ("classic", "european"):
        setup, game = match_at(variant, "finished")
        store.create(setup, game, f"{variant} done")
    setup, game = match_at("double", "play")
    store.create(setup, game, "playing")
    store.create(setup, game, "broken")
    store.path_of("broken").write_bytes(b"")

    cleared = store.clear_finished()

    assert sorted(cleared) == ["classic done", "european done"]
    assert sorted(info.name for info in store.list()) == ["broken", "playing"]


def test_backup_is_the_previous_save(store: SaveStore) -> None:
    setup, game = match_at("rummy500", "fresh", players=2)
    name = store.create(setup, game)
    rng = random.Random(4)
    for _ in range(5):
        step(game, rng)
        store.save(name, setup, game)
    previous = game.copy()
    step(game, rng)
    store.save(name, setup, game)

    _, backup, _ = store.load_backup(name)
    _, current, _ = store.load(name)

    assert backup.to_json() == previous.to_json()
    assert current.to_json() == game.to_json()


def test_auto_names_are_unique(store: SaveStore) -> None:
    setup, game = match_at("european", "fresh")
    names = {store.create(setup, game) for _ in range(3)}
    assert len(names) == 3
    # Readable: the variant, the players and the time; the same minute gets " (2)", " (3)".
    assert all(name.startswith("European Rummy - ") for name in names)
    for name in names:
        assert check_new_name(name) == name


def test_create_refuses_a_taken_name(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    store.create(setup, game, "Match")
    with pytest.raises(SaveError, match="already exists"):
        store.create(setup, game, "Match")
    with pytest.raises(SaveError, match="already exists"):
        store.check_name("Match")


def test_game_saved_late_still_records_the_first_deal(store: SaveStore) -> None:
    """Saved for the first time in deal 2 or later: the log's deal-1 record is used."""
    setup, game = match_at("classic", "play")
    assert game.state.deal.deal_number >= 2
    name = store.create(setup, game)
    assert SaveStore(store.directory.parent).load(name)[1].to_json() == game.to_json()


def test_file_is_one_line_of_utf8_json(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh")
    name = store.create(setup, game)
    raw = store.path_of(name).read_bytes()
    assert raw.endswith(b"}\n") and raw.count(b"\n") == 1
    assert json.loads(raw)["summary"]["players"] == list(game.players)


def test_data_dir_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "from-env"))
    assert data_dir() == tmp_path / "from-env"
    assert data_dir(tmp_path / "explicit") == tmp_path / "explicit"
    assert saves_dir(tmp_path / "x") == tmp_path / "x" / "saves"
    assert SaveStore().directory == tmp_path / "from-env" / "saves"
    assert SaveStore(tmp_path / "arg").directory == tmp_path / "arg" / "saves"
    monkeypatch.delenv(DATA_DIR_ENV)
    assert data_dir() == Path(platformdirs.user_data_dir("rummy_tui", appauthor=False))
    monkeypatch.setenv(DATA_DIR_ENV, "  ")
    assert data_dir() == Path(platformdirs.user_data_dir("rummy_tui", appauthor=False))


def test_store_writes_nothing_until_the_first_save(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data")
    store.list()
    store.latest_unfinished()
    assert not (tmp_path / "data").exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_save_is_its_owners_alone(store: SaveStore) -> None:
    """Issue 30, item 5: 0600 whatever the umask (it used to follow it: 0644)."""
    setup, game = match_at("classic", "fresh")
    name = store.create(setup, game)
    mode = store.path_of(name).stat().st_mode & 0o777
    assert mode == 0o600


def test_a_save_copied_in_by_hand_is_found_by_its_file_name(store: SaveStore) -> None:
    setup, game = match_at("classic", "draw")
    name = store.create(setup, game)
    for odd in ("my save? [copy]", " leading space", "x.json"):
        (store.directory / f"{odd}.json").write_bytes(store.path_of(name).read_bytes())

    listed = {info.name: info.damaged for info in store.list()}

    for odd in ("my save? [copy]", " leading space", "x.json"):
        assert listed[odd] is None
        assert store.load(odd)[1].to_json() == game.to_json()
    assert store.load(f"  {name}.json ")[1].to_json() == game.to_json()  # typed loosely
    store.rename("my save? [copy]", "tidy copy")
    assert store.exists("tidy copy")


def test_a_backup_without_its_save_is_listed_and_can_be_restored(store: SaveStore) -> None:
    setup, game = match_at("double", "draw")
    name = store.create(setup, game)
    store.save(name, setup, game)
    store.path_of(name).unlink()

    (info,) = store.list()

    assert info.name == name and info.has_backup
    assert info.damaged is not None and "backup" in info.damaged
    assert store.latest_unfinished() is None
    assert store.restore_backup(name) is None
    assert store.load(name)[1].to_json() == game.to_json()


@pytest.mark.parametrize("name", ["back\\slash", "C:\\Windows\\evil", "a/b", "/etc/passwd"])
def test_a_path_separator_in_a_new_name_is_refused_for_what_it_is(name: str) -> None:
    """A slash or a backslash (the separator on Windows) is refused with the sentence that
    says saves stay in the save folder, not as one more odd character."""
    with pytest.raises(SaveError) as refused:
        check_new_name(name)
    assert str(refused.value) == (
        "A save name cannot hold '/' or '\\': saves stay in the save folder."
    )
