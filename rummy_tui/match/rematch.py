"""Play again: the same table for a new match, with someone else dealing first.

The players keep their places round the table, but the seat list turns by one, so the player
who sat left of the last match's first dealer becomes seat 1's neighbour and deals first (no
cut). Partners stay opposite each other. Rules, seat kinds and match settings are kept; the
shuffle is fresh.

::

    setup, game = play_again(old_setup, old_game)   # then save it as a new match
"""

from __future__ import annotations

from rummy_tui.core import Game, new_game
from rummy_tui.match.setup import MatchSetup


def play_again(setup: MatchSetup, game: Game, seed: int | None = None) -> tuple[MatchSetup, Game]:
    """The next match at the same table: seats turned by one, the next player dealing first.

    Args:
        setup: The setup of the match just played.
        game: That match (its first dealer decides who deals the new one).
        seed: Seed of the new match's shuffles; None picks a fresh one.
    """
    seats = (*setup.seats[1:], *setup.seats[:1])
    # A deal played again is played again once: the next match is an ordinary one.
    rematch = setup.model_copy(update={"seats": seats, "seed": seed, "rerun_of": None})
    # The player left of the old first dealer moved down one seat: to the old dealer's index.
    dealer = game.state.first_dealer
    started = new_game(
        rematch.rules,
        rematch.names,
        seed=seed,
        dealer=dealer,
        take_backs=rematch.take_backs,
    )
    return rematch, started
