"""The title screen's first frame waits for nothing it does not show: ``rummy`` imports only
what the title needs before it is drawn, and the rest loads after it (issue 23: the first
frame at most 1.15 times a bare Textual app's).

Each check starts ``rummy`` in a fresh Python (so earlier tests' imports do not count), runs
it headless through the command line, and lists the modules loaded when the title screen's
first refresh is done, just before the background loading starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui.cli.main import build_parser, parse_arguments

FIRST_FRAME = """
import sys

from textual.app import App

from rummy_tui.cli.main import main
from rummy_tui.ui.shell import startup
from rummy_tui.ui.shell.app import RummyApp


def first_frame_done(app):
    print("\\n".join(sorted(sys.modules)))
    app.exit(0)


def run_headless(self, *args, **kwargs):
    return App.run(self, headless=True, size=(100, 30))


startup.preload = first_frame_done
RummyApp.run = run_headless
sys.exit(main(sys.argv[1:]))
"""

NOT_BEFORE_FIRST_FRAME = (
    "rummy_tui.core",
    "rummy_tui.bots",
    "rummy_tui.persistence",
    "rummy_tui.records",
    "rummy_tui.match.setup",
    "rummy_tui.match.sheet",
    "rummy_tui.ui.play.controller",
    "rummy_tui.ui.play.session",
    "rummy_tui.ui.screens.table",
    "rummy_tui.ui.screens.new_game",
    "rummy_tui.ui.screens.load",
    "rummy_tui.ui.screens.records",
    "rummy_tui.ui.screens.rules_help",
    "rummy_tui.ui.widgets",
    "rummy_tui.ui.play.opening",
    "rummy_tui.ui.play.table_menus",
    "rummy_tui.ui.play.match_end",
    "pydantic",
    "plotext",
)
"""What the title screen does not show, so its first frame does not wait for it."""

TITLE_NEEDS = (
    "rummy_tui.persistence",
    "rummy_tui.persistence.paths",
    "rummy_tui.ui.widgets",
    "rummy_tui.ui.widgets.keybar",
    "rummy_tui.ui.widgets.quiet",
)
"""Where the data folder is: the title reads it (its package loads its save code lazily); and
the key bar every screen shows (Textual's own footer cost the first frame about 70 ms)."""

NOT_BEFORE_FIRST_FRAME_OF_BARE_RUMMY = (
    *NOT_BEFORE_FIRST_FRAME,
    "argparse",
    "rummy_tui.cli.records",
    "rummy_tui.i18n.argparse_words",
    "rummy_tui.ui.play.key_help",
    "importlib.resources",
)
"""A bare ``rummy`` (nothing on the command line) does not build the command-line parser
either."""


def modules_at_first_frame(data_dir: Path, arguments: list[str]) -> set[str]:
    """The modules loaded when ``rummy ARGUMENTS`` (with RUMMY_DATA_DIR=DATA_DIR) has drawn
    its title screen."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "RUMMY_DATA_DIR": str(data_dir)},
    )
    assert done.returncode == 0, done.stderr
    modules = set(done.stdout.split())
    assert "rummy_tui.ui.screens.title" in modules  # the list was taken at the title
    return modules


def loaded_too_early(modules: set[str], not_yet: tuple[str, ...]) -> list[str]:
    return sorted(
        name
        for name in modules
        if name not in TITLE_NEEDS
        and any(name == early or name.startswith(early + ".") for early in not_yet)
    )


@pytest.mark.parametrize("folder", ["empty", "with a match waiting to be recorded"])
def test_bare_rummy_first_frame_loads_only_what_the_title_shows(
    tmp_path: Path, folder: str
) -> None:
    if folder != "empty":
        (tmp_path / "records-pending.json").write_text(
            '[{"save": "Friday", "finished_at": "2026-01-02T10:00:00+00:00"}]', encoding="utf-8"
        )
    modules = modules_at_first_frame(tmp_path, [])
    assert loaded_too_early(modules, NOT_BEFORE_FIRST_FRAME_OF_BARE_RUMMY) == []


def test_rummy_with_a_data_folder_first_frame_loads_only_what_the_title_shows(
    tmp_path: Path,
) -> None:
    modules = modules_at_first_frame(tmp_path / "elsewhere", ["--data-dir", str(tmp_path)])
    assert loaded_too_early(modules, NOT_BEFORE_FIRST_FRAME) == []


def test_bare_rummy_reads_as_the_parser_reads_an_empty_command_line() -> None:
    assert vars(parse_arguments([])) == vars(build_parser().parse_args([]))


async def test_title_put_up_before_the_first_layout_stands_over_the_default_screen(
    tmp_path: Path,
) -> None:
    from rummy_tui.ui.screens.title import TitleScreen
    from rummy_tui.ui.shell.app import make_app

    app = make_app(data_dir=tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack][-1] is TitleScreen
        assert len(app.screen_stack) == 2
        assert app.screen_stack[0].id == "_default"
        await pilot.press("r")  # the title's choice still routes: the rules, then back
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert len(app.screen_stack) == 2


def test_stylesheet_is_the_installed_one_when_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummy_tui
    from rummy_tui.ui.shell.assets import SOURCE_ASSETS, stylesheet_path

    assert stylesheet_path() == SOURCE_ASSETS / "app.tcss"  # run from the source tree
    installed = tmp_path / "assets"
    installed.mkdir()
    (installed / "app.tcss").write_text("Screen { }", encoding="utf-8")
    monkeypatch.setattr(rummy_tui, "__path__", [*rummy_tui.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "rummy_tui.assets", raising=False)
    try:
        assert stylesheet_path() == installed / "app.tcss"
    finally:
        sys.modules.pop("rummy_tui.assets", None)


async def test_matches_waiting_to_be_recorded_are_seen_to_after_the_first_frame(
    tmp_path: Path,
) -> None:
    from rummy_tui.ui.shell.app import make_app

    pending = tmp_path / "records-pending.json"
    pending.write_text(
        '[{"save": "gone", "finished_at": "2026-01-02T10:00:00+00:00"}]', encoding="utf-8"
    )
    app = make_app(data_dir=tmp_path)
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert not pending.exists()  # a save that is gone is taken off the list
