"""The best discard without melding (review.best_discard) is exact: it equals the cheapest of
every legal discard tried one by one, on every turn of simulated Boathouse Rum and European
Rummy matches (its search skips discards by a bound; a wrong bound would show here)."""

from __future__ import annotations

import pytest

from rummy_tui.core import best_arrangement
from rummy_tui.core.actions import DrawStock, DrawTwo, TakeDiscard
from rummy_tui.replay import MatchSteps
from rummy_tui.review.positions import best_discard
from tests.review.matches import easy_match, random_match


@pytest.mark.parametrize("variant", ("boathouse", "european"))
def test_the_best_discard_is_the_cheapest_of_all(variant: str) -> None:
    checked = 0
    for game in (easy_match(variant, 2, 1), random_match(variant, 2, 1)):
        steps = MatchSteps(game.state)
        for span in steps.replayable:
            deal = steps.deal(span.deal_number)
            records = steps.log[span.start : span.stop]
            rules = deal.peek(0).rules
            for step in range(1, deal.last_step + 1):
                record = records[step]
                if record.seat is None or not isinstance(
                    record.action, (DrawStock, TakeDiscard, DrawTwo)
                ):
                    continue
                state = deal.peek(step)
                hand = state.deal.hands[record.seat]
                taken = set(state.deal.turn.taken_from_discard)
                every = [
                    best_arrangement(rules, [other for other in hand if other is not card]).penalty
                    for card in hand
                    if card not in taken
                ]
                found = best_discard(rules, hand, taken)
                assert found is not None and found[1] == min(every)
                checked += 1
    assert checked > 50
