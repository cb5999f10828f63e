"""The table's footer offers the keys of the turn's phase (issue 21): before the draw no
meld, lay-off or discard key, after it no draw key. Which kinds of move are open comes from
the core (``SeatOptions.open_now``); a key left out still answers, in the core's words."""

from __future__ import annotations

import pytest

from rummy_tui.core import VARIANT_IDS, Phase, get_variant, new_game
from rummy_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import app_for, game_of, pass_to, press, status_text, table

DRAW_KEYS = {"draw", "take", "draw_two", "end_deal"}
PLAY_KEYS = {"meld", "lay_off", "discard"}


def footer_actions(app) -> set[str]:  # type: ignore[no-untyped-def]
    """The actions of the keys the table's footer shows."""
    return {item[4].split("(")[0] for item in table(app).query_one(KeyBar)._items}


@pytest.mark.parametrize("variant", VARIANT_IDS)
async def test_G_footer_offers_only_the_keys_of_the_phase(variant: str) -> None:
    game = new_game(get_variant(variant), ["Anna", "Bob"], seed=7)
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # the cut for the first dealer
        await pass_to(pilot, game.players[game.current])
        assert game_of(app).phase is Phase.DRAW
        shown = footer_actions(app)
        assert "draw" in shown and "take" in shown
        assert not shown & PLAY_KEYS, shown
        assert {"hint", "help", "sort", "leave"} <= shown  # keys of any moment stay

        before = game_of(app).to_json()
        await press(pilot, "x")  # not offered, yet answered: the core's reason, nothing moved
        assert "draw" in status_text(app).lower()
        assert game_of(app).to_json() == before

        await press(pilot, "d")
        assert game_of(app).phase is Phase.PLAY
        shown = footer_actions(app)
        assert "discard" in shown
        assert not shown & DRAW_KEYS, shown
        melds_in_play = get_variant(variant).meld_during_play
        assert ("meld" in shown) is melds_in_play and ("lay_off" in shown) is melds_in_play
        assert ("go_out" in shown) is not melds_in_play
