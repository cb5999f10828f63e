"""Matches at every stage, for the save tests: mid-deal, between deals, finished."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummy_tui.core import Game, Phase, StartDeal, get_variant, new_game
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence.format import seal
from tests.core.helpers import go_out_now, quick_deck

STAGES = ("fresh", "draw", "play", "between", "finished")
"""fresh: just dealt; draw/play: mid-deal in a later deal; between: a deal is over;
finished: the match is over."""

FINISHING_OPTIONS: dict[str, dict[str, Any]] = {
    "classic": {"target_score": 1},
    "boathouse": {"target_score": 1},
    "double": {"target_score": 1},
    "rummy500": {"target_score": 1},
    "european": {"deal_limit": 1},
}
"""Options under which the first deal that someone wins ends the match."""

_PREFERENCE = {"go_out": 0, "meld": 1, "lay_off": 2}
MAX_ACTIONS = 6000


def greedy_action(game: Game, rng: random.Random) -> Any:
    """A legal action that goes out or melds when it can, else a random one."""
    legal = game.legal_actions()
    best = min(_PREFERENCE.get(action.kind, 9) for action in legal)
    return rng.choice([action for action in legal if _PREFERENCE.get(action.kind, 9) == best])


def step(game: Game, rng: random.Random) -> None:
    """One action: the next deal when a deal is over, else a greedy legal action."""
    if game.phase is Phase.DEAL_OVER:
        game.apply(StartDeal())
    else:
        game.apply(greedy_action(game, rng))


def play_until(game: Game, rng: random.Random, done: Callable[[Game], bool]) -> Game:
    """Play until ``done(game)``; fails when it takes more than MAX_ACTIONS actions."""
    for _ in range(MAX_ACTIONS):
        if done(game):
            return game
        assert not game.is_over, "the match ended before the wanted stage"
        step(game, rng)
    raise AssertionError("the wanted stage was not reached")


def seats(count: int) -> tuple[Seat, ...]:
    """Humans and computer players of every level, in turn."""
    kinds = (SeatKind.HUMAN, SeatKind.EASY, SeatKind.NORMAL, SeatKind.HARD)
    return tuple(Seat(name=f"Seat {n + 1}", kind=kinds[n % 4]) for n in range(count))


def match_at(
    variant: str, stage: str, players: int = 3, seed: int = 11, **options: Any
) -> tuple[MatchSetup, Game]:
    """A match of ``variant`` at ``stage`` (see STAGES)."""
    if stage == "finished":
        rules = get_variant(variant, **{**FINISHING_OPTIONS[variant], **options})
        setup = MatchSetup(rules=rules, seats=seats(players), seed=seed, hints=False)
        game = new_game(rules, setup.names, seed=seed, deck=quick_deck(rules, players, 0), dealer=0)
        go_out_now(game)
        assert game.is_over, game.state.results[-1]
        return setup, game
    rules = get_variant(variant, **options)
    setup = MatchSetup(rules=rules, seats=seats(players), seed=seed, bot_delay=0.0)
    game = setup.start()
    rng = random.Random(seed)
    if stage == "fresh":
        return setup, game
    if stage == "between":
        return setup, play_until(game, rng, lambda g: g.phase is Phase.DEAL_OVER)
    wanted = Phase.DRAW if stage == "draw" else Phase.PLAY
    play_until(
        game,
        rng,
        lambda g: g.state.deal.deal_number >= 2 and g.state.deal.turn_number > 3,
    )
    return setup, play_until(game, rng, lambda g: g.phase is wanted)


def reseal(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Edit a save's JSON and give it a correct checksum again, as a forger would."""
    data = json.loads(path.read_bytes())
    del data["checksum"]
    change(data)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    assert text.endswith("}")
    path.write_bytes(seal(text[:-1]))
