"""Hidden information stays hidden at one keyboard (P-1, P-2)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.core import Game, PlayerView
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.screens.handoff import HandoffScreen
from rummy_tui.ui.screens.table import TableScreen
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import HandView
from rummy_tui.ui.widgets.players import PlayerBox
from tests.ui.helpers import (
    SUIT_GLYPHS,
    app_for,
    cursor_to,
    game_of,
    handoff_parts,
    pass_to,
    press,
    screen_text,
    select,
    settle,
    stacked_game,
    table,
)
from tests.ui.test_play_classic import ANNA, BOB, classic_game


async def test_P1_hand_off_shows_no_card_of_the_previous_or_next_player() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")  # Bob's turn ends

        game = game_of(app)
        assert type(app.screen).__name__ == "HandoffScreen"
        shown = screen_text(app)
        assert "Pass to Anna" in shown and "Press Enter when Anna is at the keyboard" in shown
        settings = DisplaySettings()
        previous = [card_label(card, settings) for card in game.state.deal.hands[1]]
        following = [card_label(card, settings) for card in game.state.deal.hands[0]]
        for label in previous + following:
            assert label not in shown
        gate, summary = handoff_parts(shown)
        assert not any(glyph in gate for glyph in SUIT_GLYPHS)  # no card at all, not even public
        # Below the gate, what happened since Anna's last turn: the public log only (P-2).
        assert "Bob draws from the stock." in summary
        assert "J♠" in summary  # Bob's discard, public once it is on the pile

        # Under the hand-off the table already holds the public view only: nothing of Bob's
        # hand is left in any widget to flash up when the screen changes.
        assert table(app).view.hand == ()
        assert table(app).hand_state is None

        await pass_to(pilot, "Anna")
        shown = screen_text(app)
        assert table(app).view.seat == 0
        hand_box = shown.split("Anna's hand")[1]
        assert all(label in hand_box for label in following)


async def test_P1_table_shows_only_the_own_hand_and_public_counts() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        view: PlayerView = table(app).view
        assert view.seat == 1 and list(view.hand) == game_of(app).state.deal.hands[1]
        shown = screen_text(app)
        assert "Anna [dealer] · 10 cards" in shown  # the other hand only as a count (P-2)
        anna_only = {label for label in ANNA.split()} - set(BOB.split()) - {"4C"}
        settings = DisplaySettings()
        for token in anna_only:
            card = next(card for card in game_of(app).state.deal.hands[0] if str(card) == token)
            assert card_label(card, settings) not in shown


async def test_R6_lay_off_shown_in_front_of_the_player_who_laid_it() -> None:
    game = stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        await press(pilot, "d")
        await select(pilot, "10H")
        await press(pilot, "l")  # on Bob's run
        anna_box = table(app).query_one("#seat-0", PlayerBox).render().plain
        bob_box = table(app).query_one("#seat-1", PlayerBox).render().plain
        assert "laid off:  10♥→#1" in anna_box
        assert "#1 7♥ 8♥ 9♥ 10♥" in bob_box  # the meld whole, Anna's card marked there


async def test_G6_no_question_when_the_joker_can_only_be_one_card() -> None:
    game = stacked_game("double", {1: "7H 7S JK QS QD QC 9C 10C JC 2D"}, upcard="2S", stock="3D")
    app = app_for(game)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "7H", "7S", "JK")
        await press(pilot, "m")
        assert type(app.screen).__name__ == "TableScreen"  # no question asked
        meld = game.state.deal.melds[0]
        assert meld.kind.value == "group" and len(meld.cards) == 3


# ---------------------------------------------------------------------- every road to a hand


ROADS_BOB = "7H 8H 9H KS KD KC JS"
"""Bob plays first (Anna deals): he takes the 10♥ and can go out with it (two melds and the
J♠ thrown), or just throw the J♠."""


def three_seats() -> Game:
    """Anna deals to Bob, Cid and herself; Anna's and Cid's hands meld nothing."""
    return stacked_game(
        "classic",
        {0: "AS 3D 5C 7S 9D JC KH", 1: ROADS_BOB, 2: "2S 4D 6C 8S 10D QC AH"},
        upcard="10H",
        stock="QD 6S 2D 4C",
        players=3,
        dealer=0,
        target_score=500,
    )


@dataclass(frozen=True)
class Road:
    """One way to the next hand: how the table is seated, what is played first, which keys
    are pressed after Bob's turn, and whose Enter the gate must wait for then."""

    keys: tuple[str, ...]
    owner: str
    cid: str | None = None
    """Cid's seat: None for a person, else a computer level."""
    delay: float = 0.0
    resume: str | None = None
    """Open the match again after Bob's turn: "continue" or "load"."""
    goes_out: bool = False
    refuse: bool = False
    """Take-backs stop being allowed once the hand-off offers one (the core refuses then)."""


ROADS = {
    "u on the hand-off": Road(("u",), "Bob"),
    "u, then Esc on the gate": Road(("u", "escape"), "Cid"),
    "u refused from the hand-off": Road(("u",), "Cid", refuse=True),
    "leave menu, then back": Road(("q", "1"), "Cid"),
    "u, leave menu from the gate, then back": Road(("u", "q", "1"), "Cid"),
    "a computer's turn ending": Road((), "Anna", cid="easy"),
    "help, language, sheet and hint with a computer next": Road(
        ("question_mark", "g", "c", "escape", "h", "question_mark", "g", "question_mark", "g"),
        "Anna",
        cid="easy",
        delay=2.0,
    ),
    "u with a computer next": Road(("u",), "Bob", cid="easy"),
    "resume by continue, then u": Road(("u",), "Bob", resume="continue"),
    "resume by load": Road((), "Cid", resume="load"),
    "resume with a computer next": Road((), "Anna", cid="easy", resume="load"),
    "deal end, computer first in the next deal": Road(
        ("enter",), "Anna", cid="easy", goes_out=True
    ),
}


def hidden_labels(app: RummyApp) -> list[str]:
    """The cards in hands that were never public (no log line or take-back note names
    them), as the table draws them."""
    import re

    game = game_of(app)
    public = " ".join(
        [entry_sentence(record) for record in game.state.log]
        + [entry_sentence(note) for note in game.state.take_back_notes]
    )
    tokens = set(re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b", public))
    settings = DisplaySettings()
    return [
        card_label(card, settings)
        for hand in game.state.deal.hands
        for card in hand
        if str(card) not in tokens
    ]


def assert_no_hand_on_screen(app: RummyApp, step: str) -> None:
    """Nothing of any hand is drawn: the table's hand widget shows no card (under a menu too),
    a hand-off's gate shows no card at all and its summary no hidden one, and the table on top
    shows no hidden card anywhere."""
    drawn = table(app).query_one(HandView).render().plain
    assert not any(glyph in drawn for glyph in SUIT_GLYPHS), f"after {step}: hand {drawn!r}"
    top = app.screen
    if not isinstance(top, HandoffScreen | TableScreen):
        return  # help, score sheet, a menu: they draw no hand (the table under them is checked)
    shown = screen_text(app)
    if isinstance(top, HandoffScreen):
        gate, shown = handoff_parts(shown)
        assert not any(glyph in gate for glyph in SUIT_GLYPHS), f"after {step}: {gate!r}"
    leaked = [label for label in hidden_labels(app) if label in shown]
    assert not leaked, f"after {step}: {leaked} on screen ({type(top).__name__})"


async def bobs_turn(pilot: Any, road: Road) -> None:
    """Bob sits down and plays his turn: takes the 10♥, then throws the J♠ (or goes out)."""
    await pilot.pause()
    await pass_to(pilot, "Bob")
    await press(pilot, "t")
    if road.goes_out:
        await select(pilot, "7H", "8H", "9H", "10H")
        await press(pilot, "m")
        await select(pilot, "KS", "KD", "KC")
        await press(pilot, "m")
    await cursor_to(pilot, "JS")
    await press(pilot, "x")


async def walk(pilot: Any, app: RummyApp, road: Road) -> None:
    """The road's keys, each checked; then the gate, its owner's Enter and their hand."""
    if road.goes_out:
        assert type(app.screen).__name__ == "DealEndScreen"  # every hand shown (P-3)
    else:
        assert_no_hand_on_screen(app, "Bob's turn")
    for key in road.keys:
        await press(pilot, key)
        assert_no_hand_on_screen(app, key)
    await settle(pilot)
    assert_no_hand_on_screen(app, "the computers' moves")
    assert isinstance(app.screen, HandoffScreen), type(app.screen).__name__
    assert app.screen.player_name == road.owner
    await press(pilot, "enter")
    owner = game_of(app).players.index(road.owner)
    drawn = table(app).query_one(HandView).render().plain
    settings = DisplaySettings()
    assert table(app).view.seat == owner
    assert all(
        card_label(card, settings) in drawn for card in game_of(app).state.deal.hands[owner]
    ), drawn


@pytest.mark.parametrize("name", list(ROADS))
async def test_P1_no_hand_is_drawn_before_its_owners_enter_on_any_road(
    name: str, tmp_path: Path
) -> None:
    road = ROADS[name]
    game = three_seats()
    bots = {2: road.cid} if road.cid else None
    if road.resume:
        first = app_for(game, tmp_path, autosave=True, bots=bots, bot_delay=road.delay)
        async with first.run_test(size=(110, 34)) as pilot:
            await bobs_turn(pilot, road)
            assert first.session is not None
            save_name = first.session.saving.name
        app = make_app(
            start=road.resume,  # type: ignore[arg-type]
            save_name=save_name,
            data_dir=tmp_path,
            settings=DisplaySettings(),
        )
        async with app.run_test(size=(110, 34)) as pilot:
            await pilot.pause()
            await walk(pilot, app, road)
        return
    app = app_for(game, tmp_path, bots=bots, bot_delay=road.delay)
    async with app.run_test(size=(110, 34)) as pilot:
        await bobs_turn(pilot, road)
        if road.refuse:
            game.state.take_backs_on = False
        await walk(pilot, app, road)
