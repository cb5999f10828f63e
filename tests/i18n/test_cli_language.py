"""The command line in each language: ``rummy --help``, every command's help, argparse's own
words and the CLI's messages follow ``--lang``, else the saved setting, else the system
locale, because the language is chosen before the parser is built."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.cli.main import build_parser, main, read_ahead
from rummy_tui.i18n import catalogs, set_language

COMMANDS = ["new", "continue", "load", "simulate", "sheet", "stats", "replay"]


def _english_messages(language: str) -> list[str]:
    """The catalog's English messages that are sentences or phrases (a word of an option name,
    such as ``players`` in ``--players``, would match by accident)."""
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [text for text in ids if text and (" " in text.strip() or text == "options")]
    return found


def _untranslated(output: str, language: str) -> list[str]:
    return [text for text in _english_messages(language) if text.strip() in output]


@pytest.fixture
def no_locale(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(name, "")
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path))
    return tmp_path


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("language", ["ru", "fi"])
def test_every_help_page_is_in_the_language(
    language: str, no_locale: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pages = [_help(["--lang", language, "--help"], capsys)]
    pages += [_help([command, "--help", "--lang", language], capsys) for command in COMMANDS]
    for page in pages:
        assert _untranslated(page, language) == [], page
    assert pages[0].startswith({"ru": "использование: rummy", "fi": "käyttö: rummy"}[language])


def test_english_help_is_found_by_the_same_check(
    no_locale: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The check above can fail: the English help holds the catalogs' messages."""
    page = _help(["--help"], capsys)
    assert "show this help message and exit" in _untranslated(page, "ru")
    assert "start a match straight at the table" in _untranslated(page, "ru")


def test_system_locale_chooses_the_help_language(
    no_locale: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    page = _help(["--help"], capsys)
    assert page.startswith("käyttö: rummy")
    assert "näytä tämä ohje ja lopeta" in page
    assert _untranslated(page, "fi") == []


def test_argparse_error_is_russian_with_status_2(
    no_locale: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "ru", "new", "--players", "Anna"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "rummy new: ошибка: нужны следующие аргументы: --variant" in err
    assert "error" not in err and "usage" not in err and "required" not in err


def test_engine_refusal_on_the_command_line_is_translated(
    no_locale: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "fi", "new", "--variant", "classic", "--players", "Anna"]) == 2
    assert capsys.readouterr().err == (
        "rummy: Peliä ”Klassinen rommi” pelaa 2–6 pelaajaa, ei 1 (G-2).\n"
    )


def test_cli_message_is_translated(no_locale: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ru", "stats", "--variant", "poker"]) == 2
    assert capsys.readouterr().err == (
        "rummy: Варианта 'poker' нет (варианты: classic, boathouse, double, rummy500, european).\n"
    )


def test_saved_setting_chooses_the_language_before_the_parse(
    no_locale: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummy_tui.ui.shell.config import config_path, write_settings
    from rummy_tui.ui.shell.settings import DisplaySettings

    write_settings(config_path(), DisplaySettings().with_language("ru"))
    page = _help(["--data-dir", str(no_locale), "sheet", "--help"], capsys)
    assert "вывести таблицу счёта" not in page  # the sheet page shows its arguments' help
    assert "имя сохранённой партии" in page


def test_read_ahead_takes_the_last_value_and_stops_at_double_dash() -> None:
    assert read_ahead(["new", "--lang", "fi", "--lang=ru"]) == ("ru", None)
    assert read_ahead(["--data-dir", "/x", "load", "--", "--lang", "fi"]) == (None, Path("/x"))
    assert read_ahead(["--lang"]) == (None, None)


def test_parser_built_in_english_by_default() -> None:
    set_language("en")
    assert "show this help message and exit" in build_parser().format_help()
