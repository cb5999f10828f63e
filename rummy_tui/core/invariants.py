"""Checks that hold after every action of every deal (used by random play and simulation)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_tui.core.cards import Card
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.engine import Game
from rummy_tui.core.melds import is_valid_meld
from rummy_tui.core.state import GameState, Phase
from rummy_tui.core.variants.ruleset import DrawRule, Scoring


def cards_in_play(game: Game) -> Counter[Card]:
    """Every card of the deal wherever it is: hands, stock, discard pile and melds."""
    deal = game.state.deal
    places: list[Card] = []
    for hand in deal.hands:
        places.extend(hand)
    places.extend(deal.stock)
    places.extend(deal.discard)
    for meld in deal.melds:
        places.extend(placed.card for placed in meld.cards)
    return Counter(places)


def _card_problems(game: Game, deck: Sequence[Card] | None) -> list[str]:
    """Whether every card of the packs is in exactly one place (``deck`` the packs' cards,
    computed when None)."""
    rules = game.state.rules
    counts = cards_in_play(game)
    expected = Counter(deck if deck is not None else full_deck(rules, len(game.state.players)))
    if counts == expected:
        return []
    extra = counts - expected
    missing = expected - counts
    return [f"cards out of place: extra {dict(extra)}, missing {dict(missing)}"]


def _hand_problems(state: GameState) -> list[str]:
    """Whether each hand's size is one the variant allows while the deal goes on."""
    deal = state.deal
    rules = state.rules
    if deal.phase not in (Phase.DRAW, Phase.PLAY):
        return []
    problems: list[str] = []
    dealt = rules.hand_size_for(len(state.players))
    for seat, hand in enumerate(deal.hands):
        if not hand:
            problems.append(f"seat {seat} has an empty hand while the deal goes on")
        # The acting seat holds its draw while it plays.
        holding_draw = seat == deal.current and deal.phase is Phase.PLAY
        # One card in, one card out: a hand never holds more than one card over the deal.
        one_over = rules.meld_during_play and rules.draw_rule is not DrawRule.DIG
        if one_over and len(hand) > dealt + (1 if holding_draw else 0):
            problems.append(f"seat {seat} holds {len(hand)} cards ({dealt} dealt)")
        if not rules.meld_during_play:
            # A two-card draw grows a Boathouse hand by one for good (B-1).
            least = dealt + 1 if holding_draw else dealt
            most = least if rules.draw_rule is DrawRule.SINGLE else least + deal.turn_number
            if not least <= len(hand) <= most:
                problems.append(f"seat {seat} holds {len(hand)} cards, not {least}-{most}")
    return problems


def _chip_problems(state: GameState) -> list[str]:
    """Whether European Rummy's chips are zero-sum, in the totals and in each deal."""
    if state.rules.scoring is not Scoring.CHIPS:
        return []
    problems: list[str] = []
    if sum(state.scores) != 0:
        problems.append(f"chips are not zero-sum: {state.scores}")
    for result in state.results:
        if sum(result.changes) != 0:
            problems.append(f"deal {result.deal_number} chips are not zero-sum")
    return problems


def invariant_violations(
    game: Game, deck: Sequence[Card] | None = None, check_legal: bool = True
) -> list[str]:
    """Everything wrong with the game's state, as sentences (empty when all is well).

    Checked: every card of the packs is in exactly one place; hand sizes are legal; every
    meld on the table is a valid meld; legal actions exist unless the match is over; chips
    are zero-sum in European Rummy.

    Args:
        game: The match.
        deck: Every card of the table's packs (computed when None; pass it to save time).
        check_legal: Whether to check that the seat to act has a legal action (callers that
            list the legal actions anyway check that themselves).
    """
    state = game.state
    deal = state.deal
    problems = _card_problems(game, deck) + _hand_problems(state)
    for meld in deal.melds:
        if not is_valid_meld(state.rules, [placed.card for placed in meld.cards]):
            problems.append(f"meld {meld.meld_id} is not a valid meld: {meld.faces()}")
    if check_legal and deal.phase is not Phase.MATCH_OVER and not game.legal_actions():
        problems.append(f"no legal action in phase {deal.phase} for seat {deal.current}")
    return problems + _chip_problems(state)
