"""Seats on their own screens: the shared screen and a joined screen, two apps on one data
folder, play a whole Rummy 500 deal with take-backs (issue 24: items 2-6).

The shared screen is dealt with ``own:Bob`` among its seats; it shows Bob's join code and
never hands the keyboard to him; the joined app is started with that code (as ``rummy join
CODE`` starts it) and plays Bob's seat alone. Everything the joined screen drew is read at
every step: no card of another hand ever appears on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rummy_tui.core import Card, Discard, Game, Phase, get_variant
from rummy_tui.i18n import _, set_language
from rummy_tui.match.setup import MatchSetup, parse_players
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import press, screen_text, settle

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("own-screens")]

MAX_STEPS = 1500


def own_setup(players: str = "Anna,own:Bob,Cy", seed: int = 11) -> MatchSetup:
    return MatchSetup(
        rules=get_variant("rummy500"), seats=parse_players(players), seed=seed, bot_delay=0.0
    )


def host_app(tmp_path: Path, setup: MatchSetup) -> RummyApp:
    return make_app(setup=setup, data_dir=tmp_path, settings=DisplaySettings())


def joined_app(tmp_path: Path, code: str) -> RummyApp:
    return make_app(start="join", join_code=code, data_dir=tmp_path, settings=DisplaySettings())


def game_of(app: RummyApp) -> Game:
    assert app.session is not None
    return app.session.game


def screen_name(app: RummyApp) -> str:
    return type(app.screen).__name__


def hidden_cards(host: RummyApp, seat: int, public: set[Card]) -> list[Card]:
    """The cards in every other seat's hand now that were never shown to the table (the
    host's game holds the whole deal); ``public`` gathers the cards the table has seen: the
    discard pile, and every discard of the log (a discard taken back is back in its hand,
    but everyone saw it)."""
    game = game_of(host)
    public.update(game.view(-1).discard_pile)
    for record in game.state.log:
        if isinstance(record.action, Discard):
            public.add(record.action.card)
    for note in game.state.take_back_notes:
        if isinstance(note.move, Discard):
            public.add(note.move.card)
    deal = game.state.deal
    return [
        card
        for other, hand in enumerate(deal.hands)
        if other != seat
        for card in hand
        if card not in public
    ]


def card_on_screen(text: str, card: Card, settings: DisplaySettings) -> bool:
    label = card_label(card, settings)
    return f" {label} " in f" {text} ".replace("\n", " ")


async def wait_for(pilots: list[Any], check: Any, what: str, rounds: int = 200) -> None:
    for _round in range(rounds):
        for pilot in pilots:
            await settle(pilot)
        if check():
            return
    raise AssertionError(f"never happened: {what}")


@pytest.mark.parametrize("language", ["en", "fi"])
async def test_own_screen_seat_plays_a_whole_rummy500_deal_with_take_backs(
    tmp_path: Path, language: str
) -> None:
    """Anna and Cy at the shared keyboard, Bob on his own screen: a whole deal, Bob's and
    Anna's take-backs, no hand-off ever to Bob, and nothing of another hand on Bob's screen."""
    set_language(language)
    host = host_app(tmp_path, own_setup())
    took_back = _("{name} took back: discard {card}").split("{name}")[1].split("{card}")[0]
    bob_line = "Bob" + took_back.rstrip()  # Bob's take-back line, as the log writes it
    cy_may = _("{player} may still press u to take back the discard.").format(player="Cy")
    pass_to = _("Pass to {player}")
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        assert screen_name(host) == "OwnScreensScreen"
        assert host.session is not None and host.session.link is not None
        code = host.session.link.codes[1]
        assert code in screen_text(host)
        joined = joined_app(tmp_path, code)
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "the joined table")
            assert joined.session is not None
            # the seat has joined: its code is shown no more
            await wait_for(pilots, lambda: code not in screen_text(host), "the code hidden")
            await press(hp, "escape")
            assert screen_name(host) == "CutScreen"
            await press(hp, "enter")
            handoffs: list[str] = []
            bob_took_back = cy_took_back = False
            bob_moves = 0
            settings = DisplaySettings()
            public: set[Card] = set()
            for _step in range(MAX_STEPS):
                await settle(hp)
                await settle(jp)
                text = screen_text(joined)
                for card in hidden_cards(host, 1, public):
                    assert not card_on_screen(text, card, settings), (card, text)
                game = game_of(host)
                if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                    break
                top = screen_name(host)
                if top == "HandoffScreen":
                    shown = screen_text(host)
                    handoffs.append(shown)
                    if not cy_took_back and cy_may in shown.replace("\n", " "):
                        # Cy takes the discard back at the shared keyboard (P-4's gate)
                        await press(hp, "u")
                        assert screen_name(host) == "TakeBackGate"
                        await press(hp, "enter")
                        await settle(hp)
                        assert game_of(host).current == 2
                        assert took_back.strip() in screen_text(host)
                        cy_took_back = True
                        continue
                    await press(hp, "enter")
                    continue
                if game_of(joined).current == 1 and game_of(joined).phase in (
                    Phase.DRAW,
                    Phase.PLAY,
                ):
                    if game_of(joined).phase is Phase.DRAW:
                        kinds = {action.kind for action in game_of(joined).legal_actions()}
                        await press(jp, "d" if "draw_stock" in kinds else "e")
                    else:
                        await press(jp, "x")
                        bob_moves += 1
                        if not bob_took_back:
                            # Bob takes his discard back on his own screen (P-4)
                            await wait_for(
                                pilots, lambda: game_of(host).current != 1, "the turn on"
                            )
                            await press(jp, "u")
                            await wait_for(
                                pilots, lambda: game_of(host).current == 1, "Bob's turn again"
                            )
                            bob_took_back = True
                            assert took_back.strip() in screen_text(joined)
                            # one take-back line on each screen: the log's (issue 30)
                            await wait_for(
                                pilots, lambda: bob_line in screen_text(host), "the note shown"
                            )
                            assert screen_text(host).count(bob_line) == 1
                            assert screen_text(joined).count(bob_line) == 1
                    continue
                if top != "TableScreen":
                    await press(hp, "1")
                    continue
                if game.phase is Phase.DRAW:
                    kinds = {action.kind for action in game.legal_actions()}
                    await press(hp, "d" if "draw_stock" in kinds else "e")
                else:
                    await press(hp, "x")
            final = game_of(host)
            assert final.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
            assert game_of(joined).state.results == final.state.results
            assert bob_took_back and cy_took_back and bob_moves >= 2
            for_bob = pass_to.format(player="Bob")
            assert handoffs and not any(for_bob in text for text in handoffs)
            assert any(pass_to.format(player="Cy") in text for text in handoffs)
            await wait_for(pilots, lambda: screen_name(joined) == "DealEndScreen", "deal end")
