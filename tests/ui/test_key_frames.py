"""Keys at the table cost one layout of the screen a person sees (issue 23: the keys a player
uses most within 30 ms at twelve seats).

Textual draws a screen after laying it out; every layout pass more is a frame more, a timer
tick later. At twelve seats on a 120x40 terminal a draw (``d``) lays the table out once (the
log's new line shown in the same pass, not scrolled to after it), a discard (``x``) lays out
the hand-off once (one kept hand-off screen filled for the next player, not a new screen built
for every turn), and the table under the hand-off is not laid out at all until it is back on
top (its hand is hidden there, P-1, but nobody sees it). A layout that changes what is shown
(a line more on the hand-off, the log's scroll bar appearing) may take Textual a pass more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

from rummy_tui.core import get_variant, new_game
from rummy_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import NAMES, app_for, pass_to, press, table

TURNS = 14
"""Turns played: enough for the log to outgrow its panel at 120x40 (two lines a turn)."""


@contextmanager
def layouts(monkeypatch: Any) -> Iterator[Counter[str]]:
    """Count the layout passes of each screen (by its class name) while the block runs."""
    counted: Counter[str] = Counter()
    original = Screen._refresh_layout

    def counting(screen: Screen[Any], *arguments: Any, **keywords: Any) -> None:
        counted[type(screen).__name__] += 1
        original(screen, *arguments, **keywords)

    with monkeypatch.context() as patch:
        patch.setattr(Screen, "_refresh_layout", counting)
        yield counted


async def _twelve_seats(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await press(pilot, "enter")  # the cut for the first dealer
    await pass_to(pilot, "Dora")


async def test_a_draw_at_twelve_seats_lays_the_table_out_once(monkeypatch: Any) -> None:
    app = app_for(new_game(get_variant("european"), list(NAMES), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await _twelve_seats(pilot)
        passes = []
        for _turn in range(TURNS):
            with layouts(monkeypatch) as counted:
                await press(pilot, "d")
                await pilot.pause(0.1)
            passes.append(counted["TableScreen"])
            log = table(app).query_one("#log")
            assert log.max_scroll_y == 0 or log.scroll_y == log.max_scroll_y  # the newest line
            await press(pilot, "x")
            assert isinstance(app.screen, HandoffScreen)
            await press(pilot, "enter")
        assert log.max_scroll_y > 0  # the log outgrew its panel on the way
        # One pass a draw; more only on the draw whose line gave the log its scroll bar.
        assert sum(count != 1 for count in passes) <= 1, passes


async def test_a_discard_lays_out_one_kept_hand_off_and_not_the_table_under_it(
    monkeypatch: Any,
) -> None:
    app = app_for(new_game(get_variant("european"), list(NAMES), seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await _twelve_seats(pilot)
        kept = None
        passes = []
        for turn in range(5):
            await press(pilot, "d")
            with layouts(monkeypatch) as counted:
                await press(pilot, "x")
                await pilot.pause(0.1)
            gate = app.screen
            assert isinstance(gate, HandoffScreen)
            assert gate.player_name == NAMES[(4 + turn) % len(NAMES)]
            if kept is None:
                kept = gate
            assert gate is kept  # the same screen, filled for the next player
            assert counted["TableScreen"] == 0, counted  # covered: laid out once it is back
            passes.append(counted["HandoffScreen"])
            await press(pilot, "enter")
        # One pass a hand-off; more only for the first one with a take-back line (P-4),
        # which the kept screen shows for the first time.
        assert passes[1:] == [1] * (len(passes) - 1), passes
