"""Random legal play with invariants after every action (OpenSpiel's random-simulation test).

Many seeded deals of every variant at several player counts are played to the end by a random
legal player. After every action: every card is in exactly one place, hand sizes are legal,
legal actions exist unless the match is over, chips are zero-sum, and the JSON round trip gives
the same state. ``python -m pytest -m soak`` runs a much longer version (``RUMMY_SOAK_DEALS``
sets its length).

The round trip is checked every seven actions and at the end of every deal. At the end of a
deal it is the whole match. In between, the match's log (append-only here, and its records are
frozen) is cut to the records added since the last check: each record is written and read
back once, in the state it was made in, and everything else in the state every time, so the
check covers the same states without re-reading a log of a thousand records every seven
actions (that re-reading was two thirds of these tests' time).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from rummy_tui.core import VARIANT_IDS, Game, Phase, get_variant, new_game
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.invariants import invariant_violations
from rummy_tui.core.state import GameState

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


def assert_round_trip(state: GameState) -> None:
    """The state written as JSON and read back is the same state."""
    restored = Game.from_json(Game(state).to_json())
    assert restored.state == state


def play_random_deals(
    variant_id: str,
    players: int,
    deals: int,
    seed: int,
    check: Callable[[Game], None] | None = None,
    **options: object,
) -> int:
    """Play ``deals`` deals at random, checking invariants after every action; return actions.
    ``check`` is asked of the game before every action as well."""
    rules = get_variant(variant_id, **options)
    rng = random.Random(seed)
    game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed)
    deck = full_deck(rules, players)
    actions = 0
    played = 0
    checked = 0  # records of the log already written and read back
    while played < deals:
        steps = 0
        while game.phase in (Phase.DRAW, Phase.PLAY):
            if check is not None:
                check(game)
            legal = game.legal_actions()
            assert legal, f"no legal action: {game.state.deal.phase}"
            game.apply(rng.choice(legal))
            steps += 1
            actions += 1
            assert steps < MAX_ACTIONS_PER_DEAL, "a deal did not end"
            problems = invariant_violations(game, deck)
            assert not problems, problems
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                assert_round_trip(game.state)
                checked = len(game.state.log)
            elif steps % ROUND_TRIP_EVERY == 0:
                log = game.state.log
                assert len(log) >= checked, "the log lost records"
                assert_round_trip(game.state.model_copy(update={"log": log[checked:]}))
                checked = len(log)
        played += 1
        if game.phase is Phase.MATCH_OVER:
            game = new_game(rules, [f"P{seat}" for seat in range(players)], seed=seed + played)
            checked = 0
        else:
            if check is not None:
                check(game)
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
