"""The settings file (issue 33): keys moved through binding ids, the theme, a broken file,
the move of the old display.json, and writing that keeps the person's comments."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.config import config_path, read_config, write_settings
from rummy_tui.ui.shell.keymap import flat_keymap, keymap_problems
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    app_for,
    pass_to,
    press,
    screen_text,
    stacked_game,
    table,
)

MOVED_KEYS = """\
# my keys
[keys.table]
draw = "j"   # j draws
help = "f1"
"""


def _write(text: str) -> Path:
    path = config_path()
    path.write_text(text, encoding="utf-8")
    return path


async def test_a_key_moved_in_the_settings_file_works_and_the_key_bar_and_help_show_it(
    tmp_path: Path,
) -> None:
    _write(MOVED_KEYS)
    app = app_for(stacked_game("classic", {}, upcard="4C", players=2), tmp_path)
    async with app.run_test(size=(130, 60)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        phase = str(table(app).query_one("#phase-hint").render())
        assert "j the stock" in phase  # the phase line names the key in force
        bar = str(table(app).query_one("KeyBar").render())
        assert "j  Draw" in bar and "f1  Help" in bar
        assert "d  Draw" not in bar
        stock = len(app.session.game.state.deal.stock)  # type: ignore[union-attr]
        await press(pilot, "d")  # the old key does nothing now
        assert len(app.session.game.state.deal.stock) == stock  # type: ignore[union-attr]
        await press(pilot, "j")
        assert len(app.session.game.state.deal.stock) == stock - 1  # type: ignore[union-attr]
        await press(pilot, "f1")
        assert type(app.screen).__name__ == "HelpScreen"
        shown = screen_text(app)
        assert re.search(r"\sj\s*Draw —", shown) and not re.search(r"\sd\s*Draw", shown)


async def test_the_theme_of_the_settings_file_is_in_force_from_the_start(tmp_path: Path) -> None:
    _write('[display]\ntheme = "ansi-light"\n')
    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "ansi-light"


async def test_no_color_chooses_the_terminals_own_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _write('[display]\ntheme = "nord"\n')
    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "ansi-dark"


async def test_a_broken_file_gives_one_sentence_naming_the_line_and_the_game_starts(
    tmp_path: Path,
) -> None:
    text = "# mine\n[display]\nfour_colour = yes\n"
    path = _write(text)
    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        notices = [notice.message for notice in app._notifications]
        assert len(notices) == 1
        assert "Line 3 of the settings file" in notices[0]
        assert notices[0].count(". ") == 0 and notices[0].endswith(".")
        assert not app.settings.four_colour
    assert path.read_text(encoding="utf-8") == text  # left untouched


def test_a_setting_of_the_wrong_kind_names_its_own_line() -> None:
    path = _write('language = "fi"\n\n[display]\n# cards\nfour_colour = "yes"\n')
    config = read_config(path)
    assert config.problem is not None and "Line 5" in config.problem
    assert "display.four_colour" in config.problem
    assert config.display_settings() == DisplaySettings()


def test_a_bad_file_is_never_written_over() -> None:
    text = "[display\n"
    path = _write(text)
    problem = write_settings(path, DisplaySettings(four_colour=True))
    assert problem is not None and "Line 1" in problem
    assert path.read_text(encoding="utf-8") == text


def test_writing_changes_only_what_changed_and_keeps_comments_and_order() -> None:
    text = '# top\n[keys.table]\ndraw = "j"  # mine\n\n[display]\n# note\nascii_suits = true\n'
    path = _write(text)
    settings = read_config(path).display_settings().toggled("four_colour").with_language("ru")
    assert write_settings(path, settings) is None
    written = path.read_text(encoding="utf-8")
    assert written.startswith('# top\nlanguage = "ru"\n') or written.startswith("# top\n")
    assert 'draw = "j"  # mine' in written and "# note\nascii_suits = true" in written
    assert written.index("[keys.table]") < written.index("[display]")
    assert "theme" not in written  # unchanged values are not added
    assert read_config(path).display_settings() == settings


def test_the_old_display_json_is_moved_once_without_loss(tmp_path: Path) -> None:
    old = {
        "four_colour": True,
        "ascii_suits": False,
        "pack_letters": True,
        "language": "fi",
        "turn_signal": False,
    }
    (tmp_path / "display.json").write_text(json.dumps(old), encoding="utf-8")
    config = read_config(data_dir=tmp_path)
    settings = config.display_settings()
    assert (settings.four_colour, settings.pack_letters, settings.language) == (True, True, "fi")
    assert settings.turn_signal is False
    assert config.notes and "display.json" in config.notes[0]
    assert config_path().is_file()
    assert json.loads((tmp_path / "display.json").read_text(encoding="utf-8")) == old
    (tmp_path / "display.json").write_text(json.dumps({"four_colour": False}), encoding="utf-8")
    again = read_config(data_dir=tmp_path)
    assert again.display_settings().four_colour and not again.notes  # moved once only


def test_a_key_bound_twice_is_reported_in_one_sentence() -> None:
    problem = keymap_problems(flat_keymap({"table": {"draw": "m"}}))
    assert problem is not None
    assert "m" in problem and "table.draw" in problem and "table.meld" in problem
    assert keymap_problems(flat_keymap({"table": {"draw": "j", "help": "f1"}})) is None


def test_a_key_name_the_game_does_not_have_is_reported() -> None:
    problem = keymap_problems(flat_keymap({"table": {"fly": "j"}}))
    assert problem is not None and "table.fly" in problem


async def test_the_new_game_menu_starts_from_the_settings_files_choices(tmp_path: Path) -> None:
    _write('[new_game]\nvariant = "rummy500"\nplayers = "Anna,bot:hard,Bob"\n')
    app = make_app(data_dir=tmp_path, start="new")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert type(menu).__name__ == "NewGameScreen"
        assert menu.start.variant_id == "rummy500"  # type: ignore[attr-defined]
        assert menu.start.count == 3  # type: ignore[attr-defined]
        assert menu.start.names[0] == "Anna"  # type: ignore[attr-defined]


def test_the_config_option_names_the_file_for_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummy_tui.cli.main import main

    named = tmp_path / "elsewhere.toml"
    named.write_text('language = "ru"\n', encoding="utf-8")
    monkeypatch.setenv("RUMMY_CONFIG", str(tmp_path / "not-this.toml"))
    with pytest.raises(SystemExit):
        main(["--config", str(named), "--version"])
    assert config_path() == named
    assert read_config().display_settings().language == "ru"
