"""Choosing the language: --lang, else the saved setting, else the system locale, else
English; switching while the game runs; saves that hold no language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.i18n import (
    _,
    choose_language,
    current_language,
    on_language_change,
    set_language,
    system_language,
)
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.shell.config import config_path, read_config, start_language, write_settings
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.persistence.helpers import match_at

NO_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "RUMMY_CARDS": ""}


def _clear_locale(monkeypatch: pytest.MonkeyPatch, **values: str) -> None:
    for name, value in {**NO_LOCALE, **values}.items():
        monkeypatch.setenv(name, value)


def test_order_of_choice() -> None:
    environ = {"LANG": "ru_RU.UTF-8"}
    assert choose_language("fi", "en", environ) == "fi"
    assert choose_language(None, "fi", environ) == "fi"
    assert choose_language(None, None, environ) == "ru"
    assert choose_language(None, None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert choose_language(None, None, {}) == "en"


def test_system_locale_follows_posix_precedence() -> None:
    assert system_language({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "fi_FI.UTF-8"}) == "fi"
    assert system_language({"LANG": "ru_RU.UTF-8", "LC_ALL": "fi_FI"}) == "fi"
    assert system_language({"LANG": "fi_FI.UTF-8", "LC_ALL": "C"}) is None
    assert system_language({"LANG": "", "LC_ALL": ""}) is None


def test_switching_at_run_time_tells_listeners() -> None:
    heard: list[str] = []
    stop = on_language_change(heard.append)
    try:
        assert set_language("ru") == "ru"
        assert _("New game") == "Новая игра"
        assert set_language("fi_FI.UTF-8") == "fi"
        assert _("New game") == "Uusi peli"
        assert current_language() == "fi"
    finally:
        stop()
    set_language("en")
    assert heard == ["ru", "fi"]
    assert _("New game") == "New game"


def test_unknown_language_is_refused_in_one_sentence() -> None:
    set_language("fi")
    sentence = r"^Kieltä 'de' ei ole; valitse jokin näistä: en, fi, ru\.$"
    with pytest.raises(ValueError, match=sentence):
        set_language("de")
    assert current_language() == "fi"


def test_start_language_prefers_flag_then_saved_then_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _clear_locale(monkeypatch, LANG="ru_RU.UTF-8")
    assert start_language(None, tmp_path) == "ru"
    write_settings(config_path(), DisplaySettings().with_language("fi"))
    assert start_language(None, tmp_path) == "fi"
    assert start_language("en", tmp_path) == "en"
    _clear_locale(monkeypatch)
    config_path().unlink()
    assert start_language(None, tmp_path) == "en"


def test_language_and_pack_letters_are_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _clear_locale(monkeypatch)
    path = config_path()
    chosen = DisplaySettings(four_colour=True).toggled("pack_letters").with_language("ru")
    assert write_settings(path, chosen) is None
    assert read_config(path).display_settings() == chosen
    assert read_config(path).display_settings().language == "ru"
    path.write_text('language = "klingon"\n[display]\npack_letters = true\n', encoding="utf-8")
    assert read_config(path).display_settings() == DisplaySettings()  # a bad file: defaults
    path.unlink()
    monkeypatch.setenv("RUMMY_CARDS", "pack")
    assert read_config(path).display_settings().pack_letters


def test_settings_line_in_each_language() -> None:
    settings = DisplaySettings(ascii_suits=True, pack_letters=True)
    set_language("ru")
    assert settings.describe() == (
        "Карты: красные и чёрные, масти буквами. Старшие карты — буквами этого языка."
    )
    set_language("fi")
    assert DisplaySettings().describe() == "Kortit: punainen ja musta, maat symboleina."


def _without_times(value: Any) -> Any:
    if isinstance(value, dict):
        kept = {k: v for k, v in value.items() if "saved" not in k and k != "checksum"}
        return {k: _without_times(v) for k, v in kept.items()}
    if isinstance(value, list):
        return [_without_times(item) for item in value]
    return value


def test_saves_hold_no_language(tmp_path: Path) -> None:
    """A match saved while the game speaks Russian is the same file as one saved in English,
    and it loads in Finnish."""
    setup, game = match_at("european", "play")
    files = {}
    for language in ("ru", "en"):
        set_language(language)
        store = SaveStore(tmp_path / language)
        store.save("match", setup, game)
        files[language] = json.loads((tmp_path / language / "saves" / "match.json").read_text())
    assert _without_times(files["ru"]) == _without_times(files["en"])
    set_language("fi")
    _setup, loaded, _extra = SaveStore(tmp_path / "ru").load("match")
    assert loaded.state == game.state


def test_lang_flag_before_or_after_the_command() -> None:
    from rummy_tui.cli.main import build_parser

    parser = build_parser()
    assert parser.parse_args(["--lang", "ru", "continue"]).lang == "ru"
    assert parser.parse_args(["continue", "--lang", "fi"]).lang == "fi"
    assert parser.parse_args(["continue"]).lang is None


def test_unknown_lang_on_the_command_line_is_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from rummy_tui.cli.main import run

    assert run(["--lang", "de", "continue"]) == 2
    assert capsys.readouterr().err == (
        "rummy: There is no language 'de'; choose one of en, fi, ru.\n"
    )
