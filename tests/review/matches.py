"""Matches for the review tests: every seat played by the easy computer player, so that
mistakes occur (the easy level keeps no plan), or by random legal moves (the replay tests'
matches, tests/replay/matches.py), where mistakes of every kind occur."""

from __future__ import annotations

from functools import cache
from typing import Any

from rummy_tui.bots import make_bot
from rummy_tui.core import Game, Phase, get_variant, new_game
from tests.replay.matches import FINISHING, finished_match, names

MAX_ACTIONS = 40_000


@cache
def easy_match(variant: str, players: int, seed: int, **options: Any) -> Game:
    """A short match of easy computer players, played to its end."""
    rules = get_variant(variant, **{**FINISHING[variant], **options})
    game = new_game(rules, names(players), seed=seed)
    bots = [make_bot("easy", seed * 100 + seat) for seat in range(players)]
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return game
        if game.phase is Phase.DEAL_OVER:
            game.apply(game.legal_actions()[0])
            continue
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    raise AssertionError("the match did not end")


@cache
def random_match(variant: str, players: int, seed: int) -> Game:
    """A short match of an easy computer (even seats) and random legal moves (odd seats)."""
    return finished_match(variant, players, seed).game
