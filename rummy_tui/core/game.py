"""Starting a match: seats, the cut for first dealer and the first deal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy_tui.core.actions import ActionRecord, StartDeal
from rummy_tui.core.cards import Card
from rummy_tui.core.dealing import (
    complete_deck,
    cut_for_dealer,
    deal_cards,
    deal_rng,
    shuffled_deck,
)
from rummy_tui.core.engine import Game
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.state import CutRound, GameState
from rummy_tui.core.variants.ruleset import RuleSet, player_count_refusal

MAX_NAME_LENGTH = 24


def new_game(
    rules: RuleSet,
    players: Sequence[str],
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
    take_backs: bool = True,
) -> Game:
    """Seat the players, cut for the first dealer (G-3) and deal the first deal (G-4).

    Args:
        rules: The variant with its options (see ``get_variant``).
        players: Names by seat, in clockwise order.
        seed: Seed of every shuffle of the match; None picks one at random (it is recorded).
        deck: Card order of the first deal, top first; cards not named follow in pack order.
        dealer: Seat of the first dealer; None cuts for it.
        take_backs: Whether players may take back moves of their turn (P-4).

    Raises:
        IllegalAction: for a player count outside the variant's range, empty or repeated
            names, or a deck with cards that are not in the packs.
    """
    names = [name.strip() for name in players]
    problem = player_count_refusal(rules, len(names))
    if problem is not None:
        raise problem
    if any(not name for name in names):
        raise IllegalAction("setup.name_missing", "G-2")
    if any(len(name) > MAX_NAME_LENGTH for name in names):
        raise IllegalAction("setup.name_too_long", "G-2", limit=MAX_NAME_LENGTH)
    if len({name.casefold() for name in names}) != len(names):
        raise IllegalAction("setup.names_repeat", "G-2")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    count = len(names)
    cut: list[CutRound] = []
    if dealer is None:
        dealer, cut = cut_for_dealer(count, random.Random(f"rummy-tui-cut:{seed}"))
    elif not 0 <= dealer < count:
        raise IllegalAction("setup.no_dealer_seat", "G-2", seat=dealer, players=count)
    if deck is None:
        cards = shuffled_deck(rules, count, deal_rng(seed, 1, 0))
    else:
        cards = complete_deck(rules, count, deck)
    first_deal = deal_cards(rules, count, dealer, cards, 1)
    state = GameState(
        rules=rules,
        players=names,
        seed=seed,
        cut=cut,
        first_dealer=dealer,
        scores=[0] * count,
        deal=first_deal,
        take_backs_on=take_backs,
    )
    # The first deal's card order goes into the log like every later deal's (G-11).
    state.log.append(
        ActionRecord(
            seat=None,
            action=StartDeal(deck=tuple(cards)),
            deal_number=1,
            text=f"Deal 1: {names[dealer]} deals; {names[first_deal.current]} plays first.",
        )
    )
    return Game(state)
