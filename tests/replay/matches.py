"""Matches played for the replay tests, with what the table was at every moment kept.

The seats take turns between an easy computer player (seat 0, 2, ...), who goes out, so
deals end with real reveals and matches finish, and a person (seat 1, 3, ...) who makes
random legal moves and now and then takes back a move of their turn (P-4), so the log has
take-back notes, Rummy 500 digs at every depth and deals void under G-9.

While a match is played, the state and every view (the public one and each seat's) are
kept each time the log reaches a length: the last time it did, since a take-back shortens
the log by its newest record and the move taken back is no step of the replay. So
``played.states[length]`` is the match as it stood with the first ``length`` records of
its final log: its JSON without the log (the JSON round trip is exact, and writing it is
five times quicker than a deep copy at twelve seats); the log then was the final log's
first ``length`` records. Views are frozen and kept as they are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.bots import Bot, make_bot
from rummy_tui.core import Action, Game, Phase, PlayerView, get_variant, new_game
from rummy_tui.core.state import GameState

NAMES = ("Anna", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai", "Liv")
MAX_ACTIONS = 20_000

FINISHING: dict[str, dict[str, Any]] = {
    "classic": {"target_score": None, "deal_limit": 2},
    "boathouse": {"target_score": None, "deal_limit": 2},
    "double": {"target_score": None, "deal_limit": 2},
    "rummy500": {"target_score": 40},
    "european": {"deal_limit": 2},
}
"""Options for short finished matches: two scored deals (Rummy 500: a low target)."""

ENDLESS: dict[str, dict[str, Any]] = {
    "classic": {"target_score": 10_000},
    "boathouse": {"target_score": 10_000},
    "double": {"target_score": 10_000},
    "rummy500": {"target_score": 10_000},
    "european": {"deal_limit": 12},
}
"""Options under which a few deals never end the match (for matches stopped mid-way)."""

TABLES: dict[str, tuple[int, ...]] = {
    "classic": (2, 4, 6),
    "boathouse": (2, 3, 6),
    "double": (2, 3, 6),
    "rummy500": (2, 5, 8),
    "european": (2, 7, 12),
}
"""Seat counts played per variant: the smallest, one between, the largest allowed."""


@dataclass
class Played:
    """A match played, with the table as it stood at every length of its final log."""

    game: Game
    states: dict[int, str] = field(default_factory=dict)
    """Log length -> the whole match then but its log, as JSON (:func:`state_json`)."""
    views: dict[int, tuple[PlayerView, ...]] = field(default_factory=dict)
    """Log length -> the public view (first) and every seat's view then."""

    def keep(self) -> None:
        """Keep the match as it stands now."""
        state = self.game.state
        self.states[len(state.log)] = state_json(state)
        seats = range(-1, len(state.players))
        self.views[len(state.log)] = tuple(self.game.view(seat) for seat in seats)

    def is_state(self, state: GameState) -> bool:
        """Whether ``state`` is the match as it stood when its log had as many records."""
        length = len(state.log)
        log = self.game.state.log
        return state.log == log[:length] and state_json(state) == self.states[length]

    def view(self, log_length: int, seat: int) -> PlayerView:
        """What ``seat`` (-1: the public) saw when the log had ``log_length`` records."""
        return self.views[log_length][seat + 1]


def state_json(state: GameState) -> str:
    """The whole match but its log, as JSON."""
    return state.model_dump_json(exclude={"log"})


def names(players: int) -> list[str]:
    """The players' names."""
    return list(NAMES[:players])


def play(
    variant: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    deals: int | None = None,
    moves_after: int = 0,
    take_backs: float = 0.2,
) -> Played:
    """Play a match (see the module's text) to its end, or (``deals``) until that many
    deals have ended and ``moves_after`` moves were made in the next one (0: stop at the end
    of the last of them). ``take_backs``: how often a person takes a move back when allowed."""
    rules = get_variant(variant, **options)
    game = new_game(rules, names(players), seed=seed)
    bots = [make_bot("easy", seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    played = Played(game)
    played.keep()
    ended = moved = 0
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return played
        if game.phase is Phase.DEAL_OVER:
            ended += 1
            if ended == deals and moves_after == 0:
                return played
            game.apply(game.legal_actions()[0])
        elif ended == deals and moved >= moves_after:
            return played
        elif game.can_take_back() and rng.random() < take_backs:
            game.take_back()
        else:
            game.apply(_choice(game, bots, rng))
            moved += ended == deals
        played.keep()
    raise AssertionError("the match did not reach the wanted moment")


def _choice(game: Game, bots: list[Bot], rng: random.Random) -> Action:
    """The move of the seat to act: a computer's choice, or a person's random legal move."""
    legal = game.legal_actions()
    seat = game.current
    if seat % 2 == 0:
        return bots[seat].choose(game.view(seat), legal)
    return rng.choice(legal)


def finished_match(variant: str, players: int, seed: int, **options: Any) -> Played:
    """A short match played to its end."""
    return play(variant, players, seed, {**FINISHING[variant], **options})


def unfinished_match(
    variant: str, players: int, seed: int, deals: int, moves_after: int, **options: Any
) -> Played:
    """A match stopped after ``deals`` deals and ``moves_after`` moves into the next one
    (0: at the end of the last deal), with targets no match reaches so soon."""
    return play(variant, players, seed, {**ENDLESS[variant], **options}, deals, moves_after)
