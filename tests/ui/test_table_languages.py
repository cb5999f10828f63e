"""Issue 15 at the table: the phase line, the footer keys, the players panel, the piles and the
top line speak Finnish and Russian, read through the catalogs (never hard-coded here), and a
switch back to English restores English. Twelve seats still fit 80x24 in either language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.i18n import _, count_cards, ngettext, set_language
from rummy_tui.match.setup import SeatKind, computer_name, names_level
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.piles import PilesView
from rummy_tui.ui.widgets.players import PlayerBox
from tests.ui.helpers import app_for, game_of, pass_to, press, screen_text, settle, table
from tests.ui.test_qa_regressions import classic_game
from tests.ui.test_twelve_at_80x24 import BOTS, SIZE, at_person_after_others, play_until, twelve


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the game speaking English again."""
    yield
    set_language("en")


def phase_line(app) -> str:  # type: ignore[no-untyped-def]
    return str(table(app).query_one("#phase-hint").render())


def footer_words(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [description for _key, description, *_rest in table(app).query_one(KeyBar)._items]


def players_text(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(str(box.render()) for box in table(app).query(PlayerBox))


@pytest.mark.parametrize("language", ["fi", "ru"])
async def test_table_speaks_the_language_and_switches_back(language: str) -> None:
    set_language(language)
    app = app_for(classic_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pass_to(pilot, "Bob")
        bob = game_of(app).state.deal.hands[1]
        line = phase_line(app)
        assert line.startswith("Bob: " + _("Draw a card"))
        said = _("{draw} the stock or {take} to take {card}").split("{card}")[0]
        assert said.format(draw="d", take="t") in line
        words = footer_words(app)
        for english in ("Draw", "Take discard", "Menu"):  # the draw's keys (issue 21)
            assert _(english) in words
            assert _(english) != english or language == "en"
        assert "Draw" not in words
        shown = players_text(app)
        assert count_cards(len(bob)) in shown
        assert _("{total} pts").format(total=0) in shown
        assert _("(you)") in shown and _("[dealer]") in shown
        piles = str(table(app).query_one(PilesView).render())
        assert _("Stock") in piles
        top = str(table(app).query_one("#top-bar").render())
        assert _("Deal {number}").format(number=1) in top
        assert _("Classic Rummy") in top
        assert _("{name}'s hand").format(name="Bob") in str(
            table(app).query_one("#hand-box").border_title
        )

        await press(pilot, "d")
        assert _("Meld, lay off or discard") in phase_line(app)
        words = footer_words(app)
        for english in ("Meld", "Lay off", "Discard"):  # after the draw, its keys
            assert _(english) in words and _(english) != english
        title = str(table(app).query_one("#hand-box").border_title)
        assert count_cards(len(game_of(app).state.deal.hands[1])) in title

        set_language("en")
        table(app).restyle(app.settings)
        await pilot.pause()
        assert "Meld, lay off or discard" in phase_line(app)
        assert "Discard" in footer_words(app)
        assert "Lay off" in footer_words(app)
        assert "Bob's hand" in str(table(app).query_one("#hand-box").border_title)
        assert "cards" in players_text(app)


@pytest.mark.parametrize("language", ["fi", "ru"])
async def test_twelve_seats_fit_80x24_in_the_language(language: str) -> None:
    """The top line stays one line, every seat keeps one line, the footer shows its keys."""
    set_language(language)
    game = play_until(twelve(), at_person_after_others)
    app = app_for(game, bots=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await settle(pilot)
        top = table(app).query_one("#top-bar")
        assert top.size.height == 1
        assert _("Deal {number}").format(number=1) in str(top.render())
        for box in table(app).query(PlayerBox):
            assert box.size.height == 1, str(box.render())
        goal = ngettext("{n} deal (one each)", "{n} deals (one each)", 12).format(n=12)
        shown = screen_text(app)
        assert goal in shown or _("European Rummy") in shown
        assert _("Draw a card") in phase_line(app)
        assert _("Draw") in footer_words(app)


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
def test_a_default_computer_name_is_not_followed_by_its_level_again(language: str) -> None:
    """The players panel adds a computer's level only when its name does not already say it:
    "Tietokone 2 (tavallinen)" gets no second "(perus)" in Finnish, nor "(hard)" in English."""
    set_language(language)
    for number, kind in enumerate((SeatKind.EASY, SeatKind.NORMAL, SeatKind.HARD), start=2):
        assert names_level(computer_name(number, kind), kind.value)
    assert not names_level("Bob", "hard")
    assert not names_level("Anna", "normal")


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
def test_a_default_computer_name_is_not_called_a_computer_again_while_it_plays(
    language: str,
) -> None:
    """Issue 21 item 18: the hand's box says "Computer 4 (normal) is playing…", not
    "Computer 4 (normal) (computer) is playing…"; a named computer is still called one."""
    from rummy_tui.ui.play.table_text import computer_playing

    set_language(language)
    default = computer_name(4, SeatKind.NORMAL)
    assert computer_playing(default, "normal") == _("{name} is playing…").format(name=default)
    assert computer_playing("Robo", "hard") == _("{name} (computer) is playing…").format(
        name="Robo"
    )
