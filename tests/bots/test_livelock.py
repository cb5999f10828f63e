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
