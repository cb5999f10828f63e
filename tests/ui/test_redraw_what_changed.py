"""A key repaints what it changed (issue 23): a draw at a twelve-seat table repaints the
drawer's line, the piles, the log and the hand, not the eleven other players; a table shown
again as it is repaints nothing and lays nothing out; the hand's marks of the cards drawn this
turn are worked out from the record once per move."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual.widget import Widget

from rummy_tui.core import Game, get_variant, new_game
from rummy_tui.core.offers import drawn_cards
from rummy_tui.ui.play.table_text import Mode
from rummy_tui.ui.widgets.players import PlayerBox
from tests.ui.helpers import NAMES, app_for, game_of, pass_to, press, table


@contextmanager
def refreshes() -> Iterator[tuple[list[Widget], list[Widget]]]:
    """Every widget asked to repaint, and every widget asked to lay the screen out again,
    while the block runs."""
    painted: list[Widget] = []
    laid_out: list[Widget] = []
    original = Widget.refresh

    def refresh(self: Widget, *regions: Any, **options: Any) -> Widget:
        if options.get("repaint", True):
            painted.append(self)
        if options.get("layout"):
            laid_out.append(self)
        return original(self, *regions, **options)

    Widget.refresh = refresh  # type: ignore[method-assign]
    try:
        yield painted, laid_out
    finally:
        Widget.refresh = original  # type: ignore[method-assign]


def twelve_seats() -> Any:
    return app_for(new_game(get_variant("european"), list(NAMES[:12]), seed=7, dealer=0))


async def first_to_the_keyboard(pilot: Any) -> int:
    """Pass the keyboard to the first player to act; their seat."""
    await pilot.pause()
    seat = game_of(pilot.app).current
    await pass_to(pilot, NAMES[seat])
    return int(seat)


async def test_a_draw_repaints_only_the_drawers_line_of_the_players() -> None:
    app = twelve_seats()
    async with app.run_test(size=(120, 40)) as pilot:
        drawer = await first_to_the_keyboard(pilot)
        with refreshes() as (painted, _laid_out):
            await press(pilot, "d")
        boxes = {box.seat for box in painted if isinstance(box, PlayerBox)}
        assert boxes == {drawer}
        assert table(app).query_one(f"#seat-{drawer}", PlayerBox).render().plain.count("16 cards")


async def test_the_same_table_shown_again_paints_and_lays_out_nothing() -> None:
    app = twelve_seats()
    async with app.run_test(size=(120, 40)) as pilot:
        seat = await first_to_the_keyboard(pilot)
        screen = table(app)
        assert app.session is not None
        with refreshes() as (painted, laid_out):
            view = app.session.controller.view(seat)
            screen.show(view, Mode.PLAY, screen.offers, screen.hand_state)
            await pilot.pause()
        assert laid_out == []
        assert [widget for widget in painted if widget.screen is screen] == []


async def test_the_cards_drawn_this_turn_come_from_the_turn_state(monkeypatch: Any) -> None:
    """The hand's marks are read from the turn state: showing the hand again replays
    nothing (no move is applied on any copy of the match)."""
    applied: list[object] = []
    original = Game.apply

    def counted(game: Game, *args: Any, **kwargs: Any) -> Any:
        applied.append(game)
        return original(game, *args, **kwargs)

    monkeypatch.setattr(Game, "apply", counted)
    app = twelve_seats()
    async with app.run_test(size=(120, 40)) as pilot:
        seat = await first_to_the_keyboard(pilot)
        await press(pilot, "d")
        assert app.session is not None
        drawn = frozenset(drawn_cards(app.session.game))
        assert len(drawn) == 1
        assert drawn == set(app.session.game.state.deal.turn.drawn)
        before = len(applied)
        for _ in range(3):
            app.session.show_hand(seat, Mode.PLAY)
        assert frozenset(drawn_cards(app.session.game)) == drawn
        assert len(applied) == before
        state = table(app).hand_state
        assert state is not None and state.fresh == set(drawn)
