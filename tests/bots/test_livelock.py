"""Issue 14, item 7: computer players never lock a deal into a loop (G-9).

With unlimited rebuilds in Classic, two hard players once held the pairs the other needed
(aces and threes split two and two) and drew and discarded for ever: ``rummy simulate
--variant classic --players hard,hard --deals 150 --seed 65 --option rebuild_limit=none``
stopped at deal 135. Past a few rebuilds a thinking bot now and then discards at random, so
the deal moves on.
"""

from __future__ import annotations

import pytest

from rummy_tui.bots import make_bot
from rummy_tui.core import Phase, get_variant, new_game

LOOPING_DEAL_SEED = 65 * 1_000_003 + 67
"""Deal 135 of that simulation (block 67, no rotation)."""


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_G_9_bots_do_not_loop_with_unlimited_rebuilds(level: str) -> None:
    rules = get_variant("classic", rebuild_limit=None)
    bots = [make_bot(level, 65 * 7919 + 104_729 * index + 1) for index in range(2)]
    game = new_game(rules, ["Seat 1", "Seat 2"], seed=LOOPING_DEAL_SEED, dealer=0)
    for _ in range(3000):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert len(game.state.log) < 3000


SOAK_RUMMY500_DEAL_SEED = 1_179_489_843
"""Deal 91 of ``python -m rummy_tui.tools.soak`` for Rummy 500 (seed 0): four easy players."""


def test_R_10_easy_players_end_the_deal_when_the_stock_is_gone() -> None:
    """Once the stock was empty, four easy players took the top discard (a free draw, R-5's
    option) and threw a card back, round the table for ever. Now an easy player takes from the
    pile only a card it puts on the table at once and otherwise ends the deal (R-10)."""
    rules = get_variant("rummy500", jokers_per_pack=1, top_discard_free=True)
    bots = [make_bot("easy", SOAK_RUMMY500_DEAL_SEED * 31 + index) for index in range(4)]
    game = new_game(rules, [f"Seat {n + 1}" for n in range(4)], seed=SOAK_RUMMY500_DEAL_SEED)
    for _ in range(3000):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert len(game.state.log) < 3000


def test_G_9_easy_players_do_not_loop_with_unlimited_rebuilds() -> None:
    """Two easy players in Classic with unlimited rebuilds (seed 24) drew and threw back the
    same cards after every unshuffled rebuild; past three rebuilds an easy discard is now and
    then any card."""
    rules = get_variant("classic", rebuild_limit=None)
    bots = [make_bot("easy", 24 * 31 + index) for index in range(2)]
    game = new_game(rules, ["Seat 1", "Seat 2"], seed=24)
    for _ in range(3000):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert len(game.state.log) < 3000
