"""Random legal play with invariants after every action (OpenSpiel's random-simulation test).

Many seeded deals of every variant at several player counts are played to the end by a random
legal player. After every action: every card is in exactly one place, hand sizes are legal,
legal actions exist unless the match is over, chips are zero-sum, and the JSON round trip gives
the same state. ``python -m pytest -m soak`` runs a much longer version (``RUMMY_SOAK_DEALS``
sets its length).
"""

from __future__ import annotations

import os
import random

import pytest

from rummy_tui.core import VARIANT_IDS, Game, Phase, get_variant, new_game
from rummy_tui.core.invariants import invariant_violations

PLAYER_COUNTS = (2, 4, 6, 8, 12)
MAX_ACTIONS_PER_DEAL = 4000
ROUND_TRIP_EVERY = 7


def _cases() -> list[tuple[str, int]]:
    cases = []
    for variant_id in VARIANT_IDS:
        rules = get_variant(variant_id)
        for players in PLAYER_COUNTS:
            if rules.min_players <= players <= rules.max_players:
                cases.append((variant_id, players))
    return cases


def play_random_deals(
    variant_id: str, players: int, deals: int, seed: int, **options: object
) -> int:
    """Play ``deals`` deals at random, checking invariants after every action; return actions."""
    rules = get_variant(variant_id, **options)
    rng = random.Random(seed)
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed)
    actions = 0
    played = 0
    while played < deals:
        steps = 0
        while game.phase in (Phase.DRAW, Phase.PLAY):
            legal = game.legal_actions()
            assert legal, f"no legal action: {game.state.deal.phase}"
            game.apply(rng.choice(legal))
            steps += 1
            actions += 1
            assert steps < MAX_ACTIONS_PER_DEAL, "a deal did not end"
            problems = invariant_violations(game)
            assert not problems, problems
            if steps % ROUND_TRIP_EVERY == 0 or game.phase not in (Phase.DRAW, Phase.PLAY):
                restored = Game.from_json(game.to_json())
                assert restored.state == game.state
        played += 1
        if game.phase is Phase.MATCH_OVER:
            game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed + played)
        else:
            game.apply(game.legal_actions()[0])
    return actions


@pytest.mark.parametrize(("variant_id", "players"), _cases())
def test_random_play_keeps_invariants(variant_id: str, players: int) -> None:
    assert play_random_deals(variant_id, players, deals=2, seed=players * 31) > 0


@pytest.mark.parametrize(
    ("variant_id", "options"),
    [
        ("boathouse", {"draw_rule": "hoyle", "unmatched_value": "per_card"}),
        ("rummy500", {"jokers_per_pack": 1, "top_discard_free": True}),
        ("rummy500", {"discard_to_go_out": True}),
        ("european", {"twos_wild": True, "ace_rule": "around"}),
        ("classic", {"rebuild_limit": None}),
    ],
)
def test_random_play_with_options(variant_id: str, options: dict[str, object]) -> None:
    assert play_random_deals(variant_id, 3, deals=2, seed=5, **options) > 0


def test_random_play_partnerships() -> None:
    assert play_random_deals("rummy500", 4, deals=2, seed=9, partnerships=True) > 0


@pytest.mark.soak
@pytest.mark.parametrize(("variant_id", "players"), _cases())
def test_soak_random_play(variant_id: str, players: int) -> None:
    deals = int(os.environ.get("RUMMY_SOAK_DEALS", "40"))
    for seed in range(3):
        play_random_deals(variant_id, players, deals=deals, seed=1000 + seed)
