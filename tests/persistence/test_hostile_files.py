"""Issue 14: what a foreign or hostile file in the save folder can do (nothing).

* item 1: text from a file (player names, the save's file name, anything in a save) reaches
  the listing and the table with control characters made harmless;
* item 4: a save's rules are rebuilt from the variant id and option values; anything the
  new-game menu could not have made is refused, even with a correct checksum;
* item 5: a pipe named like a save is never opened (opening it would block for ever);
* item 8: a 5000-digit number is refused cleanly, a folder named like a save is not listed or
  deleted, a symbolic link named like a save is refused, never followed.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.persistence import SaveError, SaveStore
from tests.persistence.helpers import match_at, reseal

ESCAPES = ("\x1b[2J", "\x1b]8;;", "\x9b", "\u202e", "\x07")


def _rename_seats(data: dict[str, Any], first: str) -> None:
    data["setup"]["seats"][0]["name"] = first
    data["summary"]["players"][0] = first


def _all_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "".join(_all_text(key) + _all_text(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return "".join(_all_text(item) for item in value)
    return ""


def test_escape_sequences_in_a_save_never_reach_the_listing_or_the_table(
    store: SaveStore,
) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    name = store.create(setup, game, "foreign", extra={"note": "\x1b[2Jwiped"})
    hostile = "A" + "".join(ESCAPES) + "B"
    assert len(hostile) <= 24
    reseal(store.path_of(name), lambda data: _rename_seats(data, hostile))

    (info,) = SaveStore(store.directory.parent).list()
    assert info.damaged is None
    loaded_setup, loaded, extra = SaveStore(store.directory.parent).load(name)

    for text in (
        _all_text(info.players),
        _all_text(loaded.players),
        _all_text(loaded_setup.names),
        _all_text(extra),
        _all_text([entry_sentence(record) for record in loaded.state.log]),
    ):
        assert not any(escape in text for escape in ESCAPES)
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert loaded.players[0].startswith("A\ufffd") and loaded.players[0].endswith("B")


def test_a_file_name_with_escape_sequences_is_listed_harmlessly(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    store.create(setup, game, "plain")
    os.rename(store.path_of("plain"), store.directory / "\x1b[2Jwipe.json")

    (info,) = store.list()

    assert "\x1b" not in info.name and info.name == "\ufffd[2Jwipe"
    assert info.damaged is not None and "rename the file" in info.damaged


def test_rich_markup_in_a_saved_name_stays_literal(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    name = store.create(setup, game)
    reseal(store.path_of(name), lambda data: _rename_seats(data, "[b]Ann[/b]"))

    assert store.list()[0].players[0] == "[b]Ann[/b]"
    assert SaveStore(store.directory.parent).load(name)[1].players[0] == "[b]Ann[/b]"


@pytest.mark.parametrize(
    ("variant", "field", "value"),
    [
        ("classic", "twos_wild", True),
        ("classic", "rebuild_limit", 999),
        ("classic", "max_players", 99),
        ("classic", "jokers_per_pack", 4),
        ("european", "deal_limit", 0),
        ("boathouse", "hand_size_by_players", [[6, 13]]),
        ("rummy500", "variant_id", "poker"),
    ],
)
def test_rules_the_new_game_menu_cannot_make_are_refused(
    store: SaveStore, variant: str, field: str, value: Any
) -> None:
    setup, game = match_at(variant, "fresh", players=2 if variant != "rummy500" else 3)
    name = store.create(setup, game)

    def tamper(data: dict[str, Any]) -> None:
        data["setup"]["rules"][field] = value

    reseal(store.path_of(name), tamper)
    before = store.path_of(name).read_bytes()

    (info,) = SaveStore(store.directory.parent).list()
    assert info.damaged is not None
    with pytest.raises(SaveError, match="cannot be opened"):
        SaveStore(store.directory.parent).load(name)
    assert store.path_of(name).read_bytes() == before


def test_rules_with_every_offered_option_value_still_load(store: SaveStore) -> None:
    from rummy_tui.core import VARIANT_IDS, get_variant

    for variant in VARIANT_IDS:
        for spec in get_variant(variant).options:
            for choice in spec.choices:
                try:
                    setup, game = match_at(variant, "fresh", players=4, **{spec.field: choice})
                except ValueError:
                    continue  # an option mix the rules refuse
                name = store.create(setup, game)
                assert SaveStore(store.directory.parent).load(name)[1].rules == game.rules


def _blocked_call(call: Any) -> Any:
    """Run ``call`` on a thread; fail the test (instead of hanging) if it blocks."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(call())
        except Exception as error:
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert outcome, "the call blocked on the file"
    return outcome[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_named_like_a_save_is_never_opened(store: SaveStore) -> None:
    store.directory.mkdir(parents=True)
    os.mkfifo(store.directory / "pipe.json")
    os.mkfifo(store.directory / "other.json.bak")

    listed = _blocked_call(store.list)
    loaded = _blocked_call(lambda: store.load("pipe"))
    backup = _blocked_call(lambda: store.load_backup("other"))
    restored = _blocked_call(lambda: store.restore_backup("other"))

    assert {info.name: info.damaged for info in listed}["pipe"] == (
        "It is not a regular file (a pipe, device or socket), so it was not opened."
    )
    for outcome in (loaded, backup, restored):
        assert isinstance(outcome, SaveError) and "not a regular file" in str(outcome)
    setup, game = match_at("classic", "fresh", players=2)
    overwrite = _blocked_call(lambda: store.save("pipe", setup, game))
    assert isinstance(overwrite, SaveError) and "not written over" in str(overwrite)


def test_a_5000_digit_number_is_refused_cleanly(store: SaveStore) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    name = store.create(setup, game)

    def huge(data: dict[str, Any]) -> None:
        data["setup"]["seed"] = int("9" * 4000)

    reseal(store.path_of(name), huge)
    path = store.path_of(name)
    path.write_bytes(path.read_bytes().replace(b"9" * 4000, b"9" * 5000))  # past Python's limit

    (info,) = SaveStore(store.directory.parent).list()
    assert info.damaged is not None and "5000 digits" in info.damaged
    assert "4300" not in info.damaged
    with pytest.raises(SaveError, match="5000 digits"):
        SaveStore(store.directory.parent).load(name)


def test_a_folder_named_like_a_save_is_not_offered_for_deletion(store: SaveStore) -> None:
    setup, game = match_at("classic", "finished", players=2)
    store.create(setup, game, "done")
    (store.directory / "folder.json").mkdir()
    (store.directory / "folder.json" / "inside.txt").write_text("kept")

    assert [info.name for info in store.list()] == ["done"]
    with pytest.raises(SaveError, match="folder, not a save"):
        store.delete("folder")
    assert store.clear_finished() == ["done"]
    assert (store.directory / "folder.json" / "inside.txt").read_text() == "kept"


def test_a_symlink_in_the_save_folder_is_refused_not_followed(
    store: SaveStore, tmp_path: Path
) -> None:
    setup, game = match_at("classic", "fresh", players=2)
    name = store.create(setup, game, "real")
    outside = tmp_path / "outside.json"
    outside.write_bytes(store.path_of(name).read_bytes())
    os.symlink(outside, store.directory / "link.json")

    listed = {info.name: info.damaged for info in store.list()}
    assert listed["real"] is None
    assert listed["link"] is not None and "symbolic link" in listed["link"]
    with pytest.raises(SaveError, match="symbolic link"):
        store.load("link")
    with pytest.raises(SaveError, match="symbolic link"):
        store.save("link", setup, game)
    assert outside.read_bytes() == store.path_of(name).read_bytes()  # untouched
    os.symlink(tmp_path / "nowhere.json", store.directory / "dangling.json")
    with pytest.raises(SaveError, match="symbolic link"):
        store.save("dangling", setup, game)
    assert not (tmp_path / "nowhere.json").exists()
