"""The fast listing of legal actions gives exactly the straightforward listing (G-10).

``list_legal_actions`` skips the search per discard when the hand cannot go out, shares its
draw and discard actions and asks the engine about one discard for all; ``fast=False`` lists
the straightforward way (every discard tried for a go-out, every action made and checked). On random
positions of every variant, at several table sizes and options, both lists are equal, in the
same order.
"""

from __future__ import annotations

import random

import pytest

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.core.legal import list_legal_actions

TABLES: list[tuple[str, int, dict[str, object]]] = [
    ("classic", 2, {}),
    ("classic", 5, {}),
    ("boathouse", 3, {}),
    ("double", 4, {}),
    ("rummy500", 2, {"jokers_per_pack": 1}),
    ("rummy500", 6, {}),
    ("european", 2, {}),
    ("european", 12, {"twos_wild": True}),
    ("european", 4, {"twos_wild": True, "ace_rule": "around"}),
]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES)
def test_G10_fast_listing_equals_the_straightforward_one(
    variant: str, players: int, options: dict[str, object]
) -> None:
    rules = get_variant(variant, **options)
    rng = random.Random(f"legal:{variant}:{players}")
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=players)
    positions = 0
    while positions < 250 and game.phase is not Phase.MATCH_OVER:
        legal = list_legal_actions(game.state)
        assert legal == list_legal_actions(game.state, fast=False), game.state.deal.hands[
            game.current
        ]
        positions += 1
        # Mostly melds and lay-offs where there are some, so that the table fills up.
        plays = [action for action in legal if action.kind in ("meld", "lay_off", "go_out")]
        game.apply(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))
    assert positions >= 50
