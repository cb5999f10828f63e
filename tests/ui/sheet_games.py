"""Matches with several scored deals, for the score sheet, chart and records tests."""

from __future__ import annotations

from typing import Any

from rummy_tui.core import Game, get_variant, new_game
from tests.core.helpers import go_out_now, next_deal_quick, quick_deck
from tests.ui.helpers import NAMES


def played_game(
    variant: str,
    players: int,
    deals: int,
    dealer: int = 0,
    names: tuple[str, ...] = NAMES,
    **options: Any,
) -> Game:
    """A match of ``players`` (named from ``names``) in which ``deals`` deals were scored,
    each won at once by the player left of its dealer (the first dealer is ``dealer``); the
    next deal is dealt unless the match is over."""
    rules = get_variant(variant, **options)
    game = new_game(
        rules, list(names[:players]), deck=quick_deck(rules, players, dealer), dealer=dealer
    )
    for _ in range(deals):
        go_out_now(game)
        if game.is_over:
            break
        next_deal_quick(game)
    return game
