"""Issue 15's proof: in Finnish and in Russian, every screen of a match of every variant shows
no English.

A person starts the game in the language (the route of ``rummy --lang fi``) and visits every
screen once (see :mod:`tests.i18n.screen_walk`): from the title screen through the new-game
menu and its rules page, the cut, the hand-offs and the table - a refused move, a hint, the
full-screen log, the help, the score sheet - to the second person's turn and the question of
leaving the table; then, from a deal prepared near its end, melds, lay-offs and going out to
the end of the deal, the score sheet, the end of the match, the records and the saved matches.
In English one whole match per variant is walked from the title screen to the end, and must
reach the same screens. Every screen's text is checked three ways
(:mod:`tests.i18n.untranslated`):

1. no word that only the game's English messages use (an untranslated catalog message);
2. no Latin-letter word that the language's translations and rules pages never use (English
   that was never marked for translation, or a word cut off by the edge of its box);
3. no ``_()``/``ngettext``/``pgettext`` lookup during the walk without a translation.

A failure lists every screen with its words, and every lookup that found nothing, so the list
is the work left. Tables of four seats (two people, two computers) at 120x40, and twelve seats
at 80x24 (European Rummy, the one variant for twelve).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_tui.core import VARIANT_IDS, get_variant
from rummy_tui.core.seat_options import variant_options
from rummy_tui.i18n import _, set_language
from rummy_tui.match.setup import SeatKind
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.config import start_language
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.i18n.screen_walk import (
    Table,
    Walk,
    first_turns,
    last_turns,
    near_the_end_app,
    one_deal,
    walk_a_match,
)
from tests.i18n.untranslated import (
    ALLOWED_WORDS,
    PLAYER_NAMES,
    LookupRecorder,
    catalog_english,
    recording_lookups,
    unknown_words,
)

LANGUAGES = ("fi", "ru")
SCREENS_OF_A_MATCH = {
    "TitleScreen",
    "NewGameScreen",
    "RulesScreen",
    "CutScreen",
    "HandoffScreen",
    "TableScreen",
    "TextScreen",
    "LogScreen",
    "HelpScreen",
    "ScoreSheetScreen",
    "DealEndScreen",
    "RecordsScreen",
    "LoadScreen",
    "ReplayScreen",
}
"""Screens every walk must reach (the hint is a TextScreen)."""
MAY_REACH = {"ChoiceScreen", "MatchEndScreen", "ReviewScreen"}
"""Screens a whole match reaches when a question is asked and when one deal ends the match;
a visit asks at least whether to leave the table."""


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[LookupRecorder]:
    yield from recording_lookups(monkeypatch)


SEEDS = {"classic": 26, "boathouse": 46, "double": 29, "rummy500": 7, "european": 7}
"""A seed per variant whose first deal at four seats is short (the English walk plays it
whole: Boathouse's deal of seed 7 took 166 moves, seed 46's about ten), found by playing the
walk's moves and the computer players' in the core."""


def four_seats(variant: str) -> Table:
    """Two people and two computer players, one match one deal long where the variant can."""
    kinds = (SeatKind.HUMAN, SeatKind.NORMAL, SeatKind.HUMAN, SeatKind.HARD)
    seats = tuple(zip(PLAYER_NAMES, kinds, strict=False))
    return Table(variant, seats, one_deal(variant), seed=SEEDS[variant])


def twelve_seats() -> Table:
    """European Rummy at twelve seats: two people and ten easy computer players."""
    kinds = [SeatKind.EASY] * 12
    kinds[0] = kinds[6] = SeatKind.HUMAN
    names = (*PLAYER_NAMES, "Liv")
    return Table("european", tuple(zip(names, kinds, strict=True)), one_deal("european"), seed=5)


def findings(walk: Walk, language: str, recorder: LookupRecorder) -> list[str]:
    """Every screen with English on it, then every lookup without a translation."""
    by_screen: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for look in walk.looks:
        catalog, unknown = by_screen.setdefault((look.screen, look.moment), (set(), set()))
        catalog.update(catalog_english(look.text, language))
        unknown.update(unknown_words(look.text, language))
    lines = []
    for (screen, moment), (catalog, unknown) in by_screen.items():
        if catalog:
            lines.append(
                f"{screen} ({moment}): {len(catalog)} English catalog words: "
                + " ".join(sorted(catalog))
            )
        if unknown:
            lines.append(
                f"{screen} ({moment}): {len(unknown)} words no translation uses: "
                + " ".join(sorted(unknown))
            )
    missed = recorder.report()
    if missed:
        lines.append(f"{len(missed)} lookups without a {language} translation:")
        lines += [f"  {miss}" for miss in missed]
    return lines


async def walk_in(language: str, setup: Table, size: tuple[int, int], data: Path) -> Walk:
    """Start the app in ``language`` as ``rummy --lang`` does and walk a whole match."""
    assert start_language(language, data) == language
    app = make_app(data_dir=data, settings=DisplaySettings())
    async with app.run_test(size=size) as pilot:
        walk = await walk_a_match(pilot, setup)
    return walk


async def visit_in(language: str, setup: Table, size: tuple[int, int], data: Path) -> Walk:
    """Start the app in ``language`` as ``rummy --lang`` does and visit every screen once:
    the first turns of the match the menu starts, then the end of a deal prepared near it."""
    assert start_language(language, data) == language
    app = make_app(data_dir=data, settings=DisplaySettings())
    walk = Walk(app)
    async with app.run_test(size=size) as pilot:
        await first_turns(pilot, walk, setup)
    walk.app = near_the_end_app(setup, data)
    async with walk.app.run_test(size=size) as pilot:
        await last_turns(pilot, walk, setup)
    return walk


def check_reached(walk: Walk, setup: Table) -> None:
    """Every screen of a match reached, and the moves every walk makes."""
    missing = SCREENS_OF_A_MATCH - walk.screens
    assert not missing, f"the walk never reached {sorted(missing)}"
    assert {"refused", "hint", "full-screen log", "help"} <= walk.done
    if variant_options(get_variant(setup.variant, **setup.options)).melds_in_play:
        assert "meld" in walk.done, "no person melded: choose another seed"


def check_walk(walk: Walk, language: str, setup: Table, recorder: LookupRecorder) -> None:
    check_reached(walk, setup)
    assert "ChoiceScreen" in walk.screens, "the visit never asked a question"
    problems = findings(walk, language, recorder)
    assert not problems, f"English in {language} ({setup.variant}):\n" + "\n".join(problems)


@pytest.mark.parametrize("variant", VARIANT_IDS)
async def test_a_whole_match_in_english_reaches_every_screen(variant: str, tmp_path: Path) -> None:
    """The whole match, title to title, by keys: the screens the visits below reach are the
    screens of a match."""
    setup = four_seats(variant)
    walk = await walk_in("en", setup, (120, 40), tmp_path)
    check_reached(walk, setup)
    unvisited = walk.screens - SCREENS_OF_A_MATCH - MAY_REACH
    assert not unvisited, f"a match reaches {sorted(unvisited)}, which no visit checks"


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_screen_of_a_match_shows_no_english(
    language: str, variant: str, lookups: LookupRecorder, tmp_path: Path
) -> None:
    setup = four_seats(variant)
    walk = await visit_in(language, setup, (120, 40), tmp_path)
    check_walk(walk, language, setup, lookups)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_twelve_seats_at_80x24_show_no_english(
    language: str, lookups: LookupRecorder, tmp_path: Path
) -> None:
    setup = twelve_seats()
    walk = await visit_in(language, setup, (80, 24), tmp_path)
    check_walk(walk, language, setup, lookups)


# ------------------------------------------------------------------ the checks can fail


def test_english_text_is_found_in_finnish_and_russian() -> None:
    for language in LANGUAGES:
        assert "draw" in catalog_english("Anna: Draw a card", language)
        assert "anna" not in catalog_english("Anna: Draw a card", language)
        assert "wibble" in unknown_words("a wibble", language)


def test_finnish_words_and_allowed_words_are_not_english() -> None:
    set_language("fi")
    shown = f"{_('New game')} · Anna · JK · rummy_tui · Esc · R-5 · 7♠ · 10♦ · Wibbl…"
    assert catalog_english(shown, "fi") == []
    assert unknown_words(shown, "fi") == []
    assert {"anna", "jk", "esc"} <= ALLOWED_WORDS


def test_lookups_without_a_translation_are_recorded(lookups: LookupRecorder) -> None:
    set_language("ru")
    assert _("New game") != "New game"
    assert lookups.report() == []
    _("A sentence no catalog holds.")
    assert lookups.report() == ["_: 'A sentence no catalog holds.' (not a msgid)"]
    set_language("en")
    _("Another sentence no catalog holds.")  # English looks nothing up
    assert len(lookups.report()) == 1
