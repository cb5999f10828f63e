"""Checking draws: the stock, the discard pile (R-5 digs included), the two-card draw (B-1),
ending a Rummy 500 deal with an empty stock (R-10) and dealing the next deal.

Each check takes the match's state and the action, raises the refusal, or returns the
:data:`~rummy_tui.core.deal_flow.Plan` that applies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.actions import DrawStock, DrawTwo, EndDeal, LogFacts, StartDeal, TakeDiscard
from rummy_tui.core.cards import Card
from rummy_tui.core.deal_flow import (
    Done,
    Plan,
    assign,
    end_deal,
    name_of,
    need_draw_phase,
    plain_facts,
)
from rummy_tui.core.dealing import complete_deck, deal_cards, deal_rng, shuffled_deck
from rummy_tui.core.end_of_turn import end_remains
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.state import DealEnding, GameState, Phase
from rummy_tui.core.variants.ruleset import DrawRule, RuleSet

_TWO_CARD_DRAWS: dict[DrawRule, tuple[set[tuple[str, str]], str]] = {
    DrawRule.BOATHOUSE: ({("discard", "stock"), ("stock", "stock")}, "draw_two.boathouse_forms"),
    DrawRule.HOYLE: ({("discard", "stock"), ("discard", "discard")}, "draw_two.hoyle_forms"),
}
"""The two-card draws of each draw rule (B-1 and its Hoyle option) and the refusal naming them."""


_DRAW_STOCK = DrawStock()
"""The stock draw as done (actions are frozen, so one serves every record)."""

Drawn = tuple[list[Card], list[Card], list[Card], int, list[Card]]
"""A draw worked out on copies of the piles: the stock and the discard pile after it, the
cards drawn, the rebuilds so far and the cards of ``drawn`` that came from the pile."""


def stock_plan(
    rules: RuleSet, sources: Sequence[str], stock: list[Card], pile: list[Card], rebuilds: int
) -> Drawn:
    """Simulate drawing from ``sources`` ("stock"/"discard") on copies of the piles; an
    empty stock is rebuilt from the pile as often as needed, also in the middle of a
    two-card draw (C-4, B-1, E-6)."""
    drawn: list[Card] = []
    from_discard: list[Card] = []
    for source in sources:
        if source == "discard":
            if not pile:
                raise IllegalAction("take.pile_empty", rules.rule_ids.turn)
            card = pile.pop()
            drawn.append(card)
            from_discard.append(card)
            continue
        if not stock:
            if not rules.rebuild_stock:
                raise IllegalAction("draw.stock_not_rebuilt", "R-10")
            if rules.rebuild_limit is not None and rebuilds >= rules.rebuild_limit:
                raise IllegalAction("draw.rebuild_limit", "G-9", rebuilds=rebuilds)
            if not pile:
                raise IllegalAction("draw.nothing_left", "C-4")
            stock = list(reversed(pile))
            pile = []
            rebuilds += 1
        drawn.append(stock.pop())
    return stock, pile, drawn, rebuilds, from_discard


def check_draw_stock(state: GameState, _action: DrawStock | None = None) -> Plan:
    """The stock draw (C-4, G-9, R-10)."""
    need_draw_phase(state)
    deal = state.deal

    def plan() -> Drawn:
        return stock_plan(
            state.rules, ["stock"], list(deal.stock), list(deal.discard), deal.rebuilds
        )

    # Only an empty stock can refuse the draw (C-4, G-9, R-10): else it is planned when run.
    planned = None if deal.stock else plan()

    def run() -> Done:
        stock, pile, drawn, rebuilds, _ = planned or plan()
        rebuilt = rebuilds > deal.rebuilds
        finish_draw(state, stock, pile, drawn, rebuilds, [])
        name = name_of(state)
        return _DRAW_STOCK, LogFacts(name=name, rebuild=rebuilds) if rebuilt else plain_facts(name)

    return run


def check_take_discard(state: GameState, action: TakeDiscard) -> Plan:
    """A take from the discard pile: its top card, or down to a deeper one (R-5)."""
    need_draw_phase(state)
    rules = state.rules
    deal = state.deal
    if rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE):
        raise IllegalAction("take.two_card_draw_only", "B-1", variant=rules.name)
    if not deal.discard:
        raise IllegalAction("take.pile_empty", rules.rule_ids.turn)
    if action.count > 1 and rules.draw_rule is not DrawRule.DIG:
        raise IllegalAction("take.top_only", rules.rule_ids.turn)
    if action.count > len(deal.discard):
        raise IllegalAction("take.too_deep", "R-5", size=len(deal.discard), count=action.count)
    taken = deal.discard[-action.count :]
    deepest = taken[0]
    duty = rules.draw_rule is DrawRule.DIG and not (action.count == 1 and rules.top_discard_free)
    if duty and not end_remains(
        rules, deal.hands[deal.current] + taken, deal.melds, taken, deepest
    ):
        # No sequence of this turn's plays puts the deepest card down and still ends the
        # turn. Without the duty a card to discard always remains (G-8).
        raise IllegalAction("take.deepest_unusable", "R-5", cards=(deepest,))

    def run() -> Done:
        pile = deal.discard[: -action.count]
        finish_draw(state, list(deal.stock), pile, list(reversed(taken)), deal.rebuilds, taken)
        if duty:
            deal.turn.must_use = deepest
        return action, LogFacts(name=name_of(state), cards=tuple(taken))

    return run


def check_draw_two(state: GameState, action: DrawTwo) -> Plan:
    """A two-card draw of the forms the draw rule allows (B-1)."""
    need_draw_phase(state)
    rules = state.rules
    deal = state.deal
    forms = _TWO_CARD_DRAWS.get(rules.draw_rule)
    if forms is None:
        raise IllegalAction("draw_two.not_offered", rules.rule_ids.turn, variant=rules.name)
    allowed, code = forms
    if (action.first, action.second) not in allowed:
        raise IllegalAction(code, "B-1")
    stock, pile, drawn, rebuilds, from_discard = stock_plan(
        rules, [action.first, action.second], list(deal.stock), list(deal.discard), deal.rebuilds
    )

    def run() -> Done:
        finish_draw(state, stock, pile, drawn, rebuilds, from_discard)
        return action, LogFacts(name=name_of(state), cards=tuple(from_discard))

    return run


def finish_draw(
    state: GameState,
    stock: list[Card],
    pile: list[Card],
    drawn: list[Card],
    rebuilds: int,
    from_discard: list[Card],
) -> None:
    """Put a worked-out draw on the table: the piles, the hand, the turn's record of it."""
    deal = state.deal
    assign(deal, stock=stock, discard=pile, rebuilds=rebuilds)
    deal.hands[deal.current].extend(drawn)
    deal.cards_drawn[deal.current] += len(drawn)
    deal.turn.taken_from_discard.extend(from_discard)
    deal.turn.drawn.extend(drawn)
    deal.turn.drew = True
    deal.phase = Phase.PLAY


def check_end_deal(state: GameState, _action: EndDeal | None = None) -> Plan:
    """Ending a Rummy 500 deal instead of drawing from an empty stock (R-10)."""
    need_draw_phase(state)
    deal = state.deal
    if state.rules.rebuild_stock or deal.stock:
        raise IllegalAction("end_deal.not_allowed", "R-10")

    def run() -> Done:
        name = name_of(state)
        end_deal(state, None, DealEnding(code="stock_out", seat=deal.current))
        return EndDeal(), LogFacts(name=name)

    return run


def check_start_deal(state: GameState, action: StartDeal) -> Plan:
    """Dealing the next deal once a deal is over (G-4, G-9, C-6, G-11)."""
    deal = state.deal
    rules = state.rules
    if deal.phase is Phase.MATCH_OVER:
        raise IllegalAction("match.over_no_deal", rules.rule_ids.match)
    if deal.phase is not Phase.DEAL_OVER:
        raise IllegalAction("deal.in_progress", "G-4")
    players = len(state.players)
    result = deal.result
    dealer = (deal.dealer + 1) % players
    if result is not None and result.dead:
        dealer = deal.dealer
    elif (
        players == 2
        and rules.winner_deals_two_player
        and result is not None
        and result.winner is not None
    ):
        dealer = result.winner
    number = deal.deal_number + 1
    if action.deck is None:
        deck = shuffled_deck(rules, players, deal_rng(state.seed, number, 0))
    else:
        deck = complete_deck(rules, players, action.deck)
        if len(deck) != len(action.deck):
            raise IllegalAction("deal.deck_incomplete", "G-11")
    new_deal = deal_cards(rules, players, dealer, deck, number)

    def run() -> Done:
        state.deal = new_deal
        dealer_name = state.players[dealer]
        leader = state.players[new_deal.current]
        return StartDeal(deck=tuple(deck)), LogFacts(dealer=dealer_name, leader=leader)

    return run
