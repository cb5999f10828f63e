"""What a position of a deal allows and costs, as the review weighs it: the units of a claim,
what the hand left at a turn's end costs, the meld a card belongs to, the best discard, the
ends of a turn with melding to try, and the moves applied through the engine on a copy.
Each is a plain function of the rules and the cards; :mod:`~rummy_tui.review.review` asks
them turn by turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy_tui.core.actions import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    GoOut,
    LayOffCard,
    Meld,
    MeldSpec,
    TakeDiscard,
)
from rummy_tui.core.arrange import (
    Arrangement,
    best_arrangement,
)
from rummy_tui.core.cards import Card
from rummy_tui.core.engine import Game
from rummy_tui.core.layoffs import apply_layoff, layoff_options
from rummy_tui.core.melds import TableMeld
from rummy_tui.core.state import GameState
from rummy_tui.core.values import hand_total, hand_value
from rummy_tui.core.variants.ruleset import RuleSet, Scoring
from rummy_tui.replay.steps import DealSteps
from rummy_tui.review.claims import (
    CARDS,
    CHIPS,
    POINTS,
)

DRAWS = (DrawStock, TakeDiscard, DrawTwo)
"""The actions that draw: a turn's first move."""


def deadwood_unit(rules: RuleSet) -> str:
    """The unit of a turn's deadwood: cards in European Rummy, points elsewhere."""
    return CARDS if rules.scoring is Scoring.CHIPS else POINTS


def payment_unit(rules: RuleSet) -> str:
    """The unit of a deal's payments: chips in European Rummy, points elsewhere."""
    return CHIPS if rules.scoring is Scoring.CHIPS else POINTS


def end_cost(rules: RuleSet, hand: Sequence[Card]) -> int:
    """What a hand left at the end of a turn would cost if the deal ended then (see the
    module's text): every card with melding during play, the unmatched cards without."""
    if not hand:
        return 0
    if rules.meld_during_play:
        return hand_total(rules, hand)
    return best_arrangement(rules, hand).penalty


def meld_specs(arrangement: Arrangement) -> tuple[MeldSpec, ...]:
    """The melds of an arrangement as a go-out lays them down."""
    return tuple(
        MeldSpec(cards=tuple(reading.cards), faces=tuple(reading.faces))
        for reading in arrangement.readings
    )


def meld_holding(rules: RuleSet, hand: Sequence[Card], card: Card) -> tuple[Card, ...] | None:
    """The meld of the hand's best arrangement that holds ``card``, or None."""
    for reading in best_arrangement(rules, hand).readings:
        if card in reading.cards:
            return tuple(reading.cards)
    return None


def best_discard(
    rules: RuleSet, hand: Sequence[Card], forbidden: Iterable[Card]
) -> tuple[Card, int] | None:
    """The legal discard (not in ``forbidden``, G-8) that leaves the cheapest unmatched
    cards, and that cost; None when no card may be discarded. Exact: a hand less a card of
    value ``v`` costs at least the hand's cost less ``v``, so dearer candidates are tried
    first and the rest skipped once that bound cannot beat the best found."""
    blocked = set(forbidden)
    base = best_arrangement(rules, hand)
    loose = set(base.deadwood)
    seen: set[object] = set()
    candidates: list[Card] = []
    for card in hand:
        if card in blocked or card.face in seen:
            continue
        seen.add(card.face)
        candidates.append(card)
    candidates.sort(key=lambda card: (-hand_value(rules, card), card not in loose, card.order))
    found: tuple[Card, int] | None = None
    for card in candidates:
        if found is not None and base.penalty - hand_value(rules, card) >= found[1]:
            continue
        rest = [other for other in hand if other is not card]
        cost = best_arrangement(rules, rest).penalty
        if found is None or cost < found[1]:
            found = (card, cost)
    return found


def applied(deal: DealSteps, step: int, actions: Sequence[Action]) -> Game | None:
    """A copy of the match at ``step`` with ``actions`` applied by the engine, or None when
    the engine refuses one of them."""
    game = Game(deal.state(step))
    for action in actions:
        if not game.can(action):
            return None
        game.apply(action)
    return game


def melds_card(action: Action, card: Card) -> bool:
    """Whether ``action`` puts ``card`` on the table (a meld, a lay-off, a go-out)."""
    if isinstance(action, Meld):
        return card in action.cards
    if isinstance(action, LayOffCard):
        return action.card is card
    if isinstance(action, GoOut):
        return any(card in spec.cards for spec in action.melds)
    return False


def melding_plans(
    rules: RuleSet, state: GameState, seat: int
) -> list[tuple[int, tuple[Action, ...]]]:
    """Ends of the turn to try from the position after the draw, with their deadwood, as
    the solver and the lay-off rules see them (the engine has the last word)."""
    turn = state.deal.turn
    hand = list(state.deal.hands[seat])
    blocked = set(turn.taken_from_discard)
    must_use = turn.must_use
    finals: list[Card | None] = []
    seen: set[object] = set()
    for card in hand:
        if card in blocked or card is must_use or card.face in seen:
            continue
        seen.add(card.face)
        finals.append(card)
    if not rules.discard_to_go_out:
        finals.append(None)
    plans: list[tuple[int, tuple[Action, ...]]] = []
    for final in finals:
        rest = [card for card in hand if card is not final]
        for layoffs_first in (False, True):
            actions, left = lay_down(rules, rest, state.deal.melds, seat, layoffs_first)
            if must_use is not None and must_use in left:
                continue
            if final is None:
                if left:
                    continue
            else:
                actions.append(Discard(card=final))
            plans.append((hand_total(rules, left), tuple(actions)))
    return plans


def lay_down(
    rules: RuleSet,
    cards: Sequence[Card],
    melds: Sequence[TableMeld],
    seat: int,
    layoffs_first: bool,
) -> tuple[list[Action], list[Card]]:
    """New melds of the best arrangement and lay-offs on the table's melds, in either order:
    the moves and the cards left."""
    table = {meld.meld_id: meld for meld in melds}
    actions: list[Action] = []
    left = list(cards)

    def lay_offs() -> None:
        changed = True
        while changed:
            changed = False
            for card in list(left):
                for meld_id, meld in table.items():
                    options = layoff_options(rules, meld, card)
                    if options:
                        option = options[0]
                        table[meld_id] = apply_layoff(rules, meld, option, seat)
                        actions.append(LayOffCard(card=card, meld_id=meld_id, face=option.face))
                        left.remove(card)
                        changed = True
                        break

    def new_melds() -> None:
        arrangement = best_arrangement(rules, left)
        for reading in arrangement.readings:
            actions.append(Meld(cards=tuple(reading.cards), faces=tuple(reading.faces)))
            for card in reading.cards:
                left.remove(card)

    if layoffs_first:
        lay_offs()
        new_melds()
    else:
        new_melds()
        lay_offs()
    return actions, left
