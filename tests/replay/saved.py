"""Saved matches for the replay's screen tests: played by computer players to their end (or
stopped after a few deals), then saved as people and computers at the table.

The people's seats are played by the easy computer so that mistakes occur, as the review's
tests want; the setup names them people, so the replay labels them as such.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rummy_tui.bots import make_bot
from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence import SaveStore

NAMES = ("Anna", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai", "Liv")
SHORT: dict[str, dict[str, Any]] = {
    "classic": {"target_score": None, "deal_limit": 3},
    "boathouse": {"target_score": None, "deal_limit": 3},
    "double": {"target_score": None, "deal_limit": 3},
    "rummy500": {"target_score": 150},
    "european": {"deal_limit": 3},
}
"""Options for matches of a few deals."""


def setup_of(variant: str, players: int, people: int = 2, **options: Any) -> MatchSetup:
    """``people`` people first, then normal computer players."""
    rules = get_variant(variant, **{**SHORT[variant], **options})
    seats = tuple(
        Seat(name=NAMES[seat], kind=SeatKind.HUMAN if seat < people else SeatKind.NORMAL)
        for seat in range(players)
    )
    return MatchSetup(rules=rules, seats=seats)


def played(setup: MatchSetup, seed: int, deals: int | None = None) -> Game:
    """The match of ``setup`` played to its end (or until ``deals`` deals ended and the
    next one was dealt and played a few moves)."""
    game = new_game(setup.rules, setup.names, seed=seed)
    bots = [
        make_bot("easy" if not seat.kind.is_bot else seat.kind.value, seed + number)
        for number, seat in enumerate(setup.seats)
    ]
    ended = 0
    for _ in range(50_000):
        if game.is_over:
            return game
        if game.phase is Phase.DEAL_OVER:
            ended += 1
            game.apply(game.legal_actions()[0])
            continue
        if deals is not None and ended >= deals and moves_in_deal(game) > 6:
            return game
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    raise AssertionError("the match did not end")


def moves_in_deal(game: Game) -> int:
    """How many records the deal being played has."""
    return sum(1 for record in game.state.log if record.deal_number == game.state.deal.deal_number)


def save_match(
    data_dir: Path,
    name: str,
    variant: str,
    players: int,
    seed: int,
    deals: int | None = None,
    **options: Any,
) -> tuple[MatchSetup, Game]:
    """Play and save a match under ``name`` in ``data_dir``."""
    setup = setup_of(variant, players, **options)
    game = played(setup, seed, deals)
    SaveStore(data_dir).save(name, setup, game)
    return setup, game
