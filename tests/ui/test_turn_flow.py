"""The turn flow is the one road for every move: a person's key, a computer's choice and the
next deal all go through ``MatchSession.act``; the save stores the hand order the table shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import Action, Phase, get_variant, new_game
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.play.session import MatchSession, Outcome, Source
from rummy_tui.ui.play.table_text import Mode
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    SUIT_GLYPHS,
    app_for,
    handoff_parts,
    pass_to,
    press,
    screen_text,
    settle,
    setup_for_game,
    stacked_game,
    table,
)
from tests.ui.test_play_classic import classic_game
from tests.ui.test_take_back import RUMMY500_ANNA, RUMMY500_BOB


def record_moves(flow: MatchSession) -> list[tuple[str, Source]]:
    """Every move the flow is asked to make from now on: (kind, source)."""
    moves: list[tuple[str, Source]] = []
    act = flow.act

    def recording(action: Action, source: Source) -> Outcome:
        moves.append((action.kind, source))
        return act(action, source)

    flow.act = recording  # type: ignore[method-assign]
    return moves


async def test_a_person_and_a_computer_move_through_the_same_flow() -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=1)
    app = app_for(game, bots={1: "easy"})
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.session is not None
        moves = record_moves(app.session)
        await pass_to(pilot, "Anna")
        await press(pilot, "d", "x")
        await settle(pilot)
        assert moves[:2] == [("draw_stock", Source.PERSON), ("discard", Source.PERSON)]
        assert any(source is Source.COMPUTER for _kind, source in moves)


async def test_a_refused_move_changes_nothing_and_moves_no_screen() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None
        before = app.session.game.to_json()
        await press(pilot, "x")  # a discard before drawing: refused
        assert app.session.game.to_json() == before
        assert type(app.screen).__name__ == "TableScreen"
        assert "-error" in table(app).query_one("#status").classes


async def test_the_save_keeps_the_hand_order_the_table_shows(tmp_path: Path) -> None:
    game = classic_game()
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "shift+right", "shift+right")  # arranged by hand
        await press(pilot, "d")  # the drawn card joins the arranged hand at the end
        assert game.phase is Phase.PLAY
        state = table(app).hand_state
        assert state is not None
        assert app.session is not None and app.session.saving.name is not None
        _setup, _game, extra = SaveStore(tmp_path).load(app.session.saving.name)
        assert extra["hand_order"]["1"] == [card.key for card in state.order]


async def test_the_hand_keys_change_the_screens_own_copy_and_tell_the_session() -> None:
    """The table screen never changes the session's state: its hand keys arrange its own copy
    of the hand and tell the session, which keeps the arrangement for the next showing."""
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        session = app.session
        assert session is not None
        kept = session.hands[1]
        before = list(kept.order)
        screen = table(app)
        await press(pilot, "shift+right", "right", "space")
        state = screen.hand_state
        assert state is not None and state is not kept
        assert kept.order == before and not kept.selected  # the session's own object: untouched
        stored = session.hands[1]
        assert stored is not state
        assert stored.order == state.order != before
        assert stored.selected == state.selected and stored.cursor == state.cursor
        await press(pilot, "d")  # shown again: from the session's arrangement
        shown = screen.hand_state
        assert shown is not None and shown.order[:-1] == state.order


HALF_PLAYED = {
    "stock draw": (
        "classic",
        "d",
        "You are half-way through your turn: you drew from the stock and have not discarded yet.",
    ),
    "pile take": (
        "classic",
        "t",
        "You are half-way through your turn: you took 4♣ from the discard pile and have not "
        "discarded yet.",
    ),
    "rummy 500 take": (
        "rummy500",
        "t",
        "You are half-way through your turn: you must still use the K♠ you took from the "
        "discard pile.",
    ),
}


@pytest.mark.parametrize("case", list(HALF_PLAYED))
async def test_P1_a_turn_resumed_after_the_draw_says_it_is_half_played(
    case: str, tmp_path: Path
) -> None:
    variant, key, sentence = HALF_PLAYED[case]
    if variant == "classic":
        game = classic_game()
    else:
        game = stacked_game(
            "rummy500", {0: RUMMY500_ANNA, 1: RUMMY500_BOB}, upcard="KS", stock="5C 9S 5D 5H"
        )
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, key)
        assert app.session is not None and app.session.saving.name is not None
        name = app.session.saving.name
        drawn = set(game.state.deal.hands[1])

    resumed = make_app(start="load", save_name=name, data_dir=tmp_path, settings=DisplaySettings())
    async with resumed.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        gate, summary = handoff_parts(screen_text(resumed))
        assert "Pass to Bob" in gate
        assert not any(glyph in gate for glyph in SUIT_GLYPHS)
        assert "Nothing has happened" not in summary
        drawn_summary = str(resumed.screen.query_one("#handoff-since-text").render())
        assert drawn_summary.splitlines()[-1] == sentence
        # What Bob did of this turn is in the summary; a card from the stock is never named.
        assert "Bob " in summary
        if key == "d":
            stock_card = [
                card for card in drawn if card not in set(classic_game().state.deal.hands[1])
            ]
            assert stock_card and card_label(stock_card[0], DisplaySettings()) not in summary
        await pass_to(pilot, "Bob")
        assert table(resumed).mode is Mode.PLAY
