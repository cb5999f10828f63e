"""Play a deal again: a new match that starts from a finished deal's seats, dealer, options
and card order, so the group can try other moves (issue 32).

The new match is an ordinary match in every rule; only its setup says which saved match it
plays again (:attr:`~rummy_tui.match.setup.MatchSetup.rerun_of`), and the records keep it
apart from ordinary matches. Its first deal is dealt by the engine from the deal's recorded
card order (G-11) by the same dealer, so every hand, the stock and the first discard are
those of the deal replayed; the deals after it are shuffled afresh.
"""

from __future__ import annotations

from rummy_tui.core.engine import Game
from rummy_tui.core.game import new_game
from rummy_tui.core.state import GameState
from rummy_tui.match.setup import MatchSetup


def deal_again(
    setup: MatchSetup, dealt: GameState, rerun_of: str, seed: int | None = None
) -> tuple[MatchSetup, Game]:
    """The setup and the first deal of a new match that plays a deal again.

    Args:
        setup: The setup of the match replayed (its seats, options, hints and take-backs).
        dealt: The match as the deal was dealt (its replay's step 0): the deal's recorded card
            order (G-11) and its dealer are taken from it.
        rerun_of: The save name of the match replayed (kept in the new setup).
        seed: Seed of the new match's later shuffles; None picks one at random.
    """
    again = setup.model_copy(update={"seed": seed, "rerun_of": rerun_of})
    game = new_game(
        again.rules,
        again.names,
        seed=seed,
        deck=dealt.deal.deck,
        dealer=dealt.deal.dealer,
        take_backs=again.take_backs,
    )
    return again, game
