"""Deal scoring for every variant (C-5, B-5, D-7, R-11, E-8) and the match (C-6, R-12, E-9)."""

from __future__ import annotations

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import Card
from rummy_tui.core.melds import MeldKind, TableMeld, is_wild
from rummy_tui.core.state import (
    ChipPayment,
    DealEnding,
    DealResult,
    DealState,
    GameState,
    ScoreLine,
)
from rummy_tui.core.values import hand_total, table_value
from rummy_tui.core.variants.ruleset import RuleSet, Scoring


def table_points(rules: RuleSet, melds: list[TableMeld], seat: int) -> int:
    """What the cards a seat put on the table score (R-11): melds and lay-offs alike."""
    total = 0
    for meld in melds:
        for offset, placed in enumerate(meld.cards):
            if placed.seat != seat:
                continue
            position = meld.start + offset if meld.kind is MeldKind.RUN else None
            total += table_value(rules, placed.card, placed.face, position)
    return total


def team_of(rules: RuleSet, seat: int, players: int) -> tuple[int, ...]:
    """The seats sharing a score with ``seat`` (partners sit opposite, R-13)."""
    if rules.partnerships and players == 4:
        return (seat % 2, seat % 2 + 2)
    return (seat,)


def chip_basis(rules: RuleSet, winning_hand: list[Card], cards_drawn: int) -> ChipPayment:
    """What each loser pays the European winner and which rule of E-8 set it, as data."""
    jokers = sum(1 for card in winning_hand if card.is_joker)
    twos = sum(1 for card in winning_hand if card.rank == 2) if rules.twos_wild else 0
    wild_count = sum(1 for card in winning_hand if is_wild(rules, card))
    if rules.twos_wild:
        base = ChipPayment(kind="base_twos", chips=1 + twos + 2 * jokers, twos=twos, jokers=jokers)
    else:
        base = ChipPayment(kind="base", chips=1 + jokers, jokers=jokers)
    candidates = [base]
    if wild_count == 0:
        candidates.append(ChipPayment(kind="no_wild", chips=10))
    if cards_drawn == 0:
        candidates.append(ChipPayment(kind="no_draw", chips=10))
    elif cards_drawn == 1:
        candidates.append(ChipPayment(kind="one_card", chips=5))
    return max(candidates, key=lambda candidate: candidate.chips)


def score_deal(
    state: GameState, winner: int | None, ending: DealEnding | None = None
) -> DealResult:
    """Score the deal in progress and return its result (scores are not yet changed).

    ``ending`` is how the deal ended as data (kept in the result for the interface's words).
    """
    result = _score_deal(state, winner)
    return result.model_copy(update={"ending": ending}) if ending is not None else result


def _score_deal(state: GameState, winner: int | None) -> DealResult:
    rules = state.rules
    deal = state.deal
    players = len(state.players)
    if rules.scoring is Scoring.TABLE_MINUS_HAND:
        return _score_table_minus_hand(rules, deal, players, winner)
    if winner is None:
        raise ValueError("only Rummy 500 scores a deal without a winner")
    if rules.scoring is Scoring.CHIPS:
        return _score_chips(rules, deal, players, winner)
    rummy = rules.rummy_doubles and not deal.has_melded[winner]
    lines: list[ScoreLine] = []
    total = 0
    for seat in range(players):
        hand = sorted(deal.hands[seat])
        if seat == winner:
            continue
        if rules.scoring is Scoring.UNMATCHED:
            cost = best_arrangement(rules, hand).penalty
        else:
            cost = hand_total(rules, hand)
        if rummy:
            cost *= 2
        total += cost
        lines.append(ScoreLine(seat=seat, hand=tuple(hand), hand_points=cost, change=0))
    changes = [0] * players
    changes[winner] = total
    lines.insert(winner, ScoreLine(seat=winner, hand=tuple(deal.hands[winner]), change=total))
    return DealResult(
        deal_number=deal.deal_number,
        winner=winner,
        rummy=rummy,
        lines=tuple(lines),
        changes=tuple(changes),
    )


def _score_chips(rules: RuleSet, deal: DealState, players: int, winner: int) -> DealResult:
    winning_hand = list(deal.hands[winner]) + [
        placed.card for meld in deal.melds for placed in meld.cards if placed.seat == winner
    ]
    payment = chip_basis(rules, winning_hand, deal.cards_drawn[winner])
    chips = payment.chips
    changes = [-chips] * players
    changes[winner] = chips * (players - 1)
    lines = [
        ScoreLine(
            seat=seat,
            hand=tuple(sorted(deal.hands[seat])),
            hand_points=len(deal.hands[seat]),
            change=changes[seat],
        )
        for seat in range(players)
    ]
    return DealResult(
        deal_number=deal.deal_number,
        winner=winner,
        lines=tuple(lines),
        changes=tuple(changes),
        payment=payment,
    )


def _score_table_minus_hand(
    rules: RuleSet, deal: DealState, players: int, winner: int | None
) -> DealResult:
    own = []
    lines = []
    for seat in range(players):
        on_table = table_points(rules, deal.melds, seat)
        in_hand = hand_total(rules, deal.hands[seat])
        own.append(on_table - in_hand)
        lines.append(
            ScoreLine(
                seat=seat,
                hand=tuple(sorted(deal.hands[seat])),
                hand_points=in_hand,
                table_points=on_table,
                change=on_table - in_hand,
            )
        )
    changes = [
        sum(own[member] for member in team_of(rules, seat, players)) for seat in range(players)
    ]
    if rules.partnerships and players == 4:
        lines = [line.model_copy(update={"change": changes[line.seat]}) for line in lines]
    return DealResult(
        deal_number=deal.deal_number,
        winner=winner,
        lines=tuple(lines),
        changes=tuple(changes),
    )


def match_winners(state: GameState) -> list[int]:
    """The winners once the match is over (after the latest deal was scored), else []."""
    rules = state.rules
    players = len(state.players)
    scores = state.scores
    deal_limit = rules.deal_limit
    if deal_limit is None and rules.target_score is None:
        deal_limit = players  # European default: everyone deals once (E-9)
    if rules.target_score is not None:
        reached = [seat for seat in range(players) if scores[seat] >= rules.target_score]
        if reached:
            best = max(scores[seat] for seat in reached)
            top = [seat for seat in reached if scores[seat] == best]
            top_teams = {team_of(rules, seat, players) for seat in top}
            if len(top_teams) == 1:
                return sorted(top)
            # An exact tie above the target plays another deal.
            if deal_limit is None or state.deals_scored < deal_limit:
                return []
    if deal_limit is not None and state.deals_scored >= deal_limit:
        best = max(scores)
        return [seat for seat in range(players) if scores[seat] == best]
    return []


def settlement(state: GameState, winners: list[int]) -> list[int]:
    """Rummy 500: what each seat pays the winner, the difference of their totals (R-12)."""
    if not winners:
        return []
    best = state.scores[winners[0]]
    return [0 if seat in winners else best - score for seat, score in enumerate(state.scores)]
