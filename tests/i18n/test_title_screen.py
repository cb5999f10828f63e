"""The title screen as a Finnish or Russian player sees it: no English left on it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from rummy_tui.i18n import catalogs, set_language
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.shell.app import RummyApp, make_app
from tests.persistence.helpers import match_at

KEY_NAMES = {"Enter"}
"""Words on screen that are key caps, the same in every language."""
LATIN_WORD = re.compile(r"[A-Za-zÅÄÖåäö]{3,}")


def screen_text(app: RummyApp) -> str:
    """Every character in the terminal (the SVG export's window title left out)."""
    svg = app.export_screenshot(title=" ")
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def _english_messages() -> set[str]:
    return {
        msgid
        for message in catalogs.extract_template()
        for msgid in (message.id if isinstance(message.id, tuple) else (message.id,))
        if message.id
    }


def _vocabulary(language: str) -> set[str]:
    """Every Latin-letter word of the language's translations (Finnish shares the letters)."""
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    words: set[str] = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            words |= set(LATIN_WORD.findall(text or ""))
    return words


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A data folder with one saved match, so Continue and Load are offered too."""
    setup, game = match_at("classic", "fresh")
    SaveStore(tmp_path).save("evening", setup, game)
    return tmp_path


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fi", ["Uusi peli", "Jatka edellistä peliä", "Lataa tallennettu peli", "Säännöt"]),
        ("ru", ["Новая игра", "Продолжить последнюю партию", "Загрузить сохранённую партию"]),
    ],
)
async def test_title_screen_shows_no_english(
    saved: Path, language: str, expected: list[str]
) -> None:
    set_language(language)
    app = make_app(data_dir=saved, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    for phrase in expected:
        assert phrase in text
    leftovers = [m for m in _english_messages() if len(m) > 3 and m in text]
    assert leftovers == []
    allowed = _vocabulary(language) if language == "fi" else set()
    words = set(LATIN_WORD.findall(text)) - KEY_NAMES - allowed
    assert words == set(), f"English on the {language} title screen: {sorted(words)}"


async def test_title_screen_in_english_still_reads_english(saved: Path) -> None:
    """The check above can fail: in English the same screen is full of English words."""
    set_language("en")
    app = make_app(data_dir=saved, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert "Continue the last match" in text
    english = set(LATIN_WORD.findall(text))
    assert {"New", "game", "Quit"} <= english
    assert english - KEY_NAMES - _vocabulary("fi")


async def test_rules_from_the_title_screen_are_in_russian(saved: Path) -> None:
    set_language("ru")
    app = make_app(data_dir=saved, start="title")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        following = screen_text(app)
    assert "Классический рамми" in text
    assert "секвенция" in text.lower() or "Секвенция" in text
    assert "Ром в лодочном сарае" in following


async def test_help_screen_switches_language_and_pack_letters(
    saved: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """g on the help screen goes to the next language and p to the pack's court letters; both
    are kept with the display settings and chosen again at the next start."""
    from rummy_tui.i18n import current_language
    from rummy_tui.ui.shell.config import read_config, start_language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "RUMMY_CARDS"):
        monkeypatch.setenv(name, "")
    set_language("fi")
    app = make_app(data_dir=saved, start="title")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.show_help()
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert current_language() == "ru"
        notices = [notification.message for notification in app._notifications]
        assert "Язык: русский." in notices
        app.show_help()
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
    kept = read_config().display_settings()
    assert (kept.language, kept.pack_letters) == ("ru", True)
    set_language("en")
    assert start_language(None, saved) == "ru"
