"""The best end of a turn with melding (rummy_tui/review/best_end.py) against the turns played.

For every turn of simulated matches of Classic Rummy, Double Rum and Rummy 500 (easy computer
players and random legal moves), from the position after the draw: the moves the search
gives are legal (the engine applies them), end the turn, and leave exactly the deadwood it
says; and no end played was ever better than the search's best (every turn played is a
legal end, so one better than the "best" would prove the search wrong). Where the search
says no go-out exists, the core's own end-of-turn search (end_of_turn.py) agrees that the
hand could not be emptied with one card kept for the discard.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_tui.core import Game, Phase
from rummy_tui.core.actions import DrawStock, DrawTwo, TakeDiscard
from rummy_tui.core.end_of_turn import _Search as EndSearch
from rummy_tui.core.state import GameState
from rummy_tui.core.values import hand_total
from rummy_tui.replay import MatchSteps
from rummy_tui.review.best_end import best_end
from tests.review.matches import easy_match, random_match

MELDING = ("classic", "double", "rummy500")


def _turns_checked(game: Game) -> tuple[int, list[str]]:
    steps = MatchSteps(game.state)
    checked = 0
    wrong: list[str] = []
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        records = steps.log[span.start : span.stop]
        rules = deal.peek(0).rules
        for step in range(1, deal.last_step + 1):
            record = records[step]
            if not isinstance(record.action, (DrawStock, TakeDiscard, DrawTwo)):
                continue
            seat = record.seat
            assert seat is not None
            if deal.peek(step).deal.phase is not Phase.PLAY:
                continue
            last = step
            while last < deal.last_step and records[last + 1].seat == seat:
                last += 1
            found = best_end(rules, deal.peek(step), seat)
            if found is None:
                continue
            checked += 1
            cost, moves = found
            played = hand_total(rules, deal.peek(last).deal.hands[seat])
            if cost and _could_go_out(deal.peek(step), seat):
                wrong.append(f"deal {span.deal_number} step {step}: a go-out was missed")
            if played < cost:
                wrong.append(f"deal {span.deal_number} step {step}: played {played} < {cost}")
            better = Game(deal.state(step))
            for move in moves:
                refusal = better.refusal(move)
                if refusal is not None:
                    wrong.append(f"deal {span.deal_number} step {step}: {move} {refusal.code}")
                    break
                better.apply(move)
            else:
                over = better.phase is not Phase.PLAY or better.current != seat
                left = hand_total(rules, better.state.deal.hands[seat])
                if not over or left != cost:
                    wrong.append(f"deal {span.deal_number} step {step}: {left} != {cost}")
    return checked, wrong


def _could_go_out(state: GameState, seat: int) -> bool:
    """The core's own search: could the hand be emptied, whole or but one free card?"""
    rules = state.rules
    hand = state.deal.hands[seat]
    turn = state.deal.turn
    search = EndSearch(rules, state.deal.melds)
    faces = Counter(card.face for card in hand)
    if not rules.discard_to_go_out and search.can_empty(faces):
        return True
    taken = turn.taken_from_discard
    free = {card.face for card in hand if card not in taken and card is not turn.must_use}
    return any(search.can_empty(faces - Counter({face: 1})) for face in free)


@pytest.mark.parametrize("variant", MELDING)
def test_the_best_end_is_legal_exact_and_never_beaten_by_the_end_played(variant: str) -> None:
    checked = 0
    wrong: list[str] = []
    for game in (random_match(variant, 2, 1),):
        count, found = _turns_checked(game)
        checked += count
        wrong += found
    assert checked > 10
    assert wrong == []


@pytest.mark.parametrize("variant", MELDING)
def test_the_best_end_on_many_tables(variant: str) -> None:
    checked = 0
    wrong: list[str] = []
    for players in (2, 3, 4):
        for seed in (1, 2, 3):
            for game in (easy_match(variant, players, seed), random_match(variant, players, seed)):
                count, found = _turns_checked(game)
                checked += count
                wrong += found
    print(f"{variant}: {checked} turns' best ends checked, {len(wrong)} wrong")
    assert wrong == []
