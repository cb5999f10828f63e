"""Checks that hold after every action of every deal (used by random play and simulation)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_tui.core.cards import Card
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.engine import Game
from rummy_tui.core.melds import is_valid_meld
from rummy_tui.core.state import Phase
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
    problems: list[str] = []
    state = game.state
    deal = state.deal
    rules = state.rules
    players = len(state.players)
    counts = cards_in_play(game)
    expected = Counter(deck if deck is not None else full_deck(rules, players))
    if counts != expected:
        extra = counts - expected
        missing = expected - counts
        problems.append(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")
    dealt = rules.hand_size_for(players)
    live = deal.phase in (Phase.DRAW, Phase.PLAY)
    for seat, hand in enumerate(deal.hands):
        if live and not hand:
            problems.append(f"seat {seat} has an empty hand while the deal goes on")
        if live and rules.meld_during_play and rules.draw_rule is not DrawRule.DIG:
            # One card in, one card out: a hand never holds more than one card over the deal.
            acting = seat == deal.current and deal.phase is Phase.PLAY
            if len(hand) > dealt + (1 if acting else 0):
                problems.append(f"seat {seat} holds {len(hand)} cards ({dealt} dealt)")
        if live and not rules.meld_during_play:
            # A two-card draw grows a Boathouse hand by one for good (B-1).
            drawing = seat == deal.current and deal.phase is Phase.PLAY
            least = dealt + 1 if drawing else dealt
            most = least if rules.draw_rule is DrawRule.SINGLE else least + deal.turn_number
            if not least <= len(hand) <= most:
                problems.append(f"seat {seat} holds {len(hand)} cards, not {least}-{most}")
    for meld in deal.melds:
        if not is_valid_meld(rules, [placed.card for placed in meld.cards]):
            problems.append(f"meld {meld.meld_id} is not a valid meld: {meld.faces()}")
    if check_legal and deal.phase is not Phase.MATCH_OVER and not game.legal_actions():
        problems.append(f"no legal action in phase {deal.phase} for seat {deal.current}")
    if rules.scoring is Scoring.CHIPS and sum(state.scores) != 0:
        problems.append(f"chips are not zero-sum: {state.scores}")
    for result in state.results:
        if rules.scoring is Scoring.CHIPS and sum(result.changes) != 0:
            problems.append(f"deal {result.deal_number} chips are not zero-sum")
    return problems
