"""The README and the player's guide (issue 33): a README a new player reads in five minutes,
its test command the one CI runs, its key table the game's keys, and a guide that names every
key the settings file can move."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widget import Widget

from rummy_tui.ui.play.key_help import every_binding, key_rows
from rummy_tui.ui.play.table_keys import TABLE_BINDINGS
from rummy_tui.ui.shell.keymap import every_screen

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TEST_COMMAND = "pip install -c constraints.txt '.[test]' && python -m pytest -q"


def test_the_readme_is_at_most_250_lines() -> None:
    assert len(README.splitlines()) <= 250


def test_the_readmes_test_command_is_the_one_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TEST_COMMAND in README
    assert f"\n{TEST_COMMAND}\n" in ci


def _keys_in_tables(text: str) -> set[str]:
    return {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}


def _plain(keys: str) -> str:
    return keys.replace("Shift+", "⇧").replace("/", "").replace(" ", "")


def test_the_readme_and_the_guide_name_the_keys_the_table_has() -> None:
    """Every key the README's brief table names is a key of the table or the app, and the
    guide's key table names every key the table's help lists."""

    class Keys(Widget):
        BINDINGS = TABLE_BINDINGS

    from rummy_tui.ui.shell.app import RummyApp

    rows = {_plain(row.keys) for row in key_rows(Keys(), every_binding) + key_rows(RummyApp())}
    rows |= {"F1", "Ctrl+Q", "Ctrl+P"}
    brief = README.split("## Keys in brief")[1].split("\n## ")[0]
    readme_keys = {_plain(key) for key in _keys_in_tables(brief)} - {"Key"}
    assert readme_keys <= rows | {"---"}
    guide = (ROOT / "assets" / "guide" / "keys.md").read_text(encoding="utf-8")
    listed = {_plain(key) for key in _keys_in_tables(guide)}
    assert rows - {"F1"} <= listed | {_plain("Home End")}


def test_the_guide_names_every_key_the_settings_file_can_move() -> None:
    page = (ROOT / "assets" / "guide" / "settings.md").read_text(encoding="utf-8")
    for screen, bindings in every_screen().items():
        row = [line for line in page.splitlines() if line.startswith(f"| `{screen}` |")]
        assert row, screen
        listed = set(re.findall(r"`([a-z_]+)`", row[0].split("|")[2]))
        names = {b.id.split(".", 1)[1] for b in bindings if b.id and b.id.startswith(screen + ".")}
        assert names == listed, screen


def test_every_guide_page_exists_in_english_and_its_links_lead_to_pages() -> None:
    from rummy_tui.ui.screens.guide import GUIDE_PAGES, page_of_link

    folder = ROOT / "assets" / "guide"
    for page in GUIDE_PAGES:
        text = (folder / f"{page}.md").read_text(encoding="utf-8")
        assert text.startswith("# "), page
        for link in re.findall(r"\]\(([^)]+)\)", text):
            if link.endswith(".md") or ".md#" in link:
                assert page_of_link(link) is not None, (page, link)
    for language in ("fi", "ru"):
        for path in (folder / language).glob("*.md"):
            assert path.stem in GUIDE_PAGES, path
