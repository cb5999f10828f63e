"""The save store speaks the player's language: a damaged save is listed with its reason, and
a refused save name is refused, in Finnish and Russian as the catalogs translate them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_tui.i18n import load_translation, set_language
from rummy_tui.persistence import SaveError, SaveStore
from tests.persistence.helpers import match_at

LANGUAGES = ("fi", "ru")
CHANGED = (
    "The file was changed after rummy_tui saved it: its checksum does not match (it was edited "
    "by hand or damaged on disk)."
)
PATH_NAME = "A save name cannot hold '/' or '\\': saves stay in the save folder."


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def _translated(language: str, message: str) -> str:
    text = load_translation(language).gettext(message)
    assert text != message, f"{language} catalog does not translate {message!r}"
    return text


def _store_with_bad_checksum(data_dir: Path) -> SaveStore:
    setup, game = match_at("classic", "play")
    SaveStore(data_dir).create(setup, game, "Friday")
    [path] = (data_dir / "saves").glob("Friday.json")
    data = json.loads(path.read_bytes())
    data["summary"]["scores"][0] += 50  # edited by hand: the checksum no longer matches
    path.write_text(json.dumps(data), encoding="utf-8")
    return SaveStore(data_dir)


def _damaged_reason(store: SaveStore, name: str) -> str:
    [info] = [info for info in store.list() if info.name == name]
    assert info.damaged is not None
    return info.damaged


def test_damaged_save_listed_in_english(tmp_path: Path) -> None:
    set_language("en")
    assert _damaged_reason(_store_with_bad_checksum(tmp_path), "Friday") == CHANGED


@pytest.mark.parametrize("language", LANGUAGES)
def test_damaged_save_reason_in_language(tmp_path: Path, language: str) -> None:
    set_language(language)
    reason = _damaged_reason(_store_with_bad_checksum(tmp_path), "Friday")
    assert reason == _translated(language, CHANGED)
    assert reason != CHANGED


@pytest.mark.parametrize("language", LANGUAGES)
def test_empty_save_reason_in_language(tmp_path: Path, language: str) -> None:
    store = _store_with_bad_checksum(tmp_path)
    (store.directory / "Garbage.json").write_bytes(b"   ")
    set_language(language)
    assert _damaged_reason(SaveStore(tmp_path), "Garbage") == _translated(
        language, "The file is empty."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_load_of_damaged_save_refused_in_language(tmp_path: Path, language: str) -> None:
    store = _store_with_bad_checksum(tmp_path)
    set_language(language)
    with pytest.raises(SaveError) as refused:
        store.load("Friday")
    opening = _translated(language, "The save {name} cannot be opened. {reason}")
    assert str(refused.value).startswith(opening.split("{name}")[0] + "'Friday'")
    changed = _translated(language, CHANGED)
    assert changed in str(refused.value)  # the whole sentence, as written
    assert "checksum" not in str(refused.value)


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_refused_save_name_in_language(tmp_path: Path, language: str) -> None:
    setup, game = match_at("classic", "fresh")
    store = SaveStore(tmp_path)
    set_language(language)
    expected = PATH_NAME if language == "en" else _translated(language, PATH_NAME)
    with pytest.raises(SaveError) as refused:
        store.create(setup, game, "../x")
    assert str(refused.value) == expected
    with pytest.raises(SaveError) as refused_again:
        store.check_name("../x")
    assert str(refused_again.value) == expected
    assert not list(store.directory.glob("*.json"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_counted_name_limit_uses_plural_forms(language: str) -> None:
    set_language(language)
    from rummy_tui.persistence.names import MAX_NAME_LENGTH, check_new_name

    with pytest.raises(SaveError) as refused:
        check_new_name("a" * (MAX_NAME_LENGTH + 1))
    message = str(refused.value)
    assert str(MAX_NAME_LENGTH) in message
    assert "A save name holds at most" not in message


@pytest.mark.parametrize("language", LANGUAGES)
def test_load_screen_entry_of_damaged_save_in_language(tmp_path: Path, language: str) -> None:
    from rummy_tui.ui.shell.save_lines import describe_save

    store = _store_with_bad_checksum(tmp_path)
    set_language(language)
    [info] = [info for info in store.list() if info.name == "Friday"]
    entry = describe_save(info, width=400).plain
    assert _translated(language, "damaged") in entry
    assert "damaged" not in entry
    assert _translated(language, CHANGED) in entry


def test_listing_reads_reasons_again_after_a_language_switch(tmp_path: Path) -> None:
    set_language("en")
    store = _store_with_bad_checksum(tmp_path)
    assert _damaged_reason(store, "Friday") == CHANGED
    set_language("fi")
    assert _damaged_reason(store, "Friday") == _translated("fi", CHANGED)
