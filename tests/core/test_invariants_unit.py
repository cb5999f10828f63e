"""The invariant checks the random-play runs lean on (G-4 every card in one place, hand sizes,
valid melds, a legal action to take, zero-sum chips), tested on short deals of every variant
so that a broken check is caught without the long random-play runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.core import Action, Game, LayOffCard, Meld, Phase, get_variant, new_game
from rummy_tui.core.invariants import invariant_violations
from rummy_tui.core.variants import VARIANT_IDS
from tests.core.helpers import NAMES


def _prefer_plays(legal: list[Action]) -> Action:
    """Meld or lay off when the rules allow it (so melds reach the table), else the first."""
    for kind in (Meld, LayOffCard):
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


def _played(variant: str, steps: int) -> Iterator[Game]:
    game = new_game(get_variant(variant), list(NAMES[:3]), seed=5)
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            return
        game.apply(_prefer_plays(game.legal_actions()))
        yield game


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_G4_a_deal_played_by_the_rules_breaks_no_invariant(variant: str) -> None:
    melded = False
    for game in _played(variant, 120):
        assert invariant_violations(game) == [], variant
        melded = melded or bool(game.state.deal.melds)
    assert melded or not get_variant(variant).meld_during_play


def test_G4_a_card_in_two_places_is_reported() -> None:
    game = new_game(get_variant("classic"), list(NAMES[:2]), seed=5)
    deal = game.state.deal
    deal.hands[0].append(deal.hands[1][0])
    problems = invariant_violations(game)
    assert any("cards out of place" in problem for problem in problems)
    assert any("holds 11 cards" in problem for problem in problems)


def test_B1_a_hand_that_lost_a_card_in_boathouse_is_reported() -> None:
    game = new_game(get_variant("boathouse"), list(NAMES[:2]), seed=5)
    deal = game.state.deal
    deal.stock.append(deal.hands[0].pop())
    problems = invariant_violations(game)
    assert problems and all(isinstance(problem, str) for problem in problems)
    assert any("seat 0 holds" in problem for problem in problems)


def test_a_seat_with_no_legal_action_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(get_variant("classic"), list(NAMES[:2]), seed=5)
    monkeypatch.setattr(Game, "legal_actions", lambda self, seat=None: [])
    (problem,) = invariant_violations(game)
    assert problem.startswith("no legal action in phase")


def test_E1_a_european_hand_one_card_over_is_reported_at_any_turn() -> None:
    """European Rummy draws one card and discards one (E-5, E-6): a hand never grows, however
    many turns have passed, so a waiting player's hand one card over the 15 dealt is wrong."""
    *_, game = _played("european", 8)
    deal = game.state.deal
    assert deal.turn_number > 1
    waiting = (deal.current + 1) % len(deal.hands)
    deal.hands[waiting].append(deal.stock.pop())
    problems = invariant_violations(game, check_legal=False)
    assert f"seat {waiting} holds 16 cards, not 15-15" in problems
