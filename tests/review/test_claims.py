"""Every review claim on simulated matches of every variant is true (issue 32).

Matches of every variant are played by easy computer players (and, for mistakes of every
kind, half the seats by random legal moves); each is reviewed for every seat and every
claim is checked again against the core by tests/review/checker.py, which shares no code
with the review: zero false claims. The unit tier plays the smallest tables; the rest is
slow (tests/conftest.py).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_tui.core import Game, get_variant
from rummy_tui.core.state import GameState
from rummy_tui.replay import DealSteps, MatchSteps, frame
from rummy_tui.review import KINDS, MatchReview, open_claim, review_match
from tests.replay.matches import unfinished_match
from tests.review.checker import check
from tests.review.matches import easy_match, random_match

VARIANTS = ("classic", "boathouse", "double", "rummy500", "european")
TABLES = {
    "classic": (2, 4, 6),
    "boathouse": (2, 3, 6),
    "double": (2, 3, 6),
    "rummy500": (2, 5, 8),
    "european": (2, 5, 12),
}
SEEDS = (1, 2, 3)

FOUND: Counter[str] = Counter()
"""Claims checked by kind, over the tests that ran (printed by the slow test)."""


def reviewed(game: Game) -> tuple[MatchSteps, MatchReview]:
    steps = MatchSteps(game.state)
    return steps, review_match(steps)


def false_claims(game: Game) -> tuple[list[str], int, int]:
    """Every false claim with its reasons; the claims checked; the turns reviewed."""
    steps, review = reviewed(game)
    wrong = []
    for claim in review.claims:
        FOUND[claim.kind] += 1
        reasons = check(steps, claim)
        if reasons:
            wrong.append(f"{claim}: {reasons}")
    return wrong, len(review.claims), sum(seat.turns for seat in review.seats)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_claim_of_a_small_easy_match_is_true(variant: str) -> None:
    wrong, _claims, turns = false_claims(easy_match(variant, 2, 1))
    assert turns > 0
    assert wrong == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_claim_of_a_small_random_match_is_true(variant: str) -> None:
    wrong, claims, _turns = false_claims(random_match(variant, 2, 1))
    assert claims > 0
    assert wrong == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_claim_on_many_matches_is_true(variant: str) -> None:
    wrong: list[str] = []
    claims = turns = 0
    for players in TABLES[variant]:
        for seed in SEEDS:
            for game in (easy_match(variant, players, seed), random_match(variant, players, seed)):
                found, checked, seen = false_claims(game)
                wrong += found
                claims += checked
                turns += seen
    print(f"{variant}: {turns} turns reviewed, {claims} claims checked, {len(wrong)} false")
    assert turns > 300
    assert wrong == []


def test_every_kind_of_claim_is_made_and_checked() -> None:
    """Random moves make mistakes of every kind (this classic match holds them all; the
    go-outs of Boathouse and European Rummy are in test_positions.py)."""
    steps, review = reviewed(random_match("classic", 2, 2))
    kinds = Counter(claim.kind for claim in review.claims)
    assert set(kinds) == set(KINDS), kinds
    for claim in review.claims:
        assert check(steps, claim) == []


def test_computers_are_left_out_and_a_clean_seat_says_so() -> None:
    game = easy_match("classic", 2, 1)
    steps = MatchSteps(game.state)
    review = review_match(steps, seats=[1])
    assert [seat.seat for seat in review.seats] == [1]
    assert all(claim.seat == 1 for claim in review.claims)
    nobody = review_match(steps, seats=[])
    assert nobody.seats == () and nobody.claims == ()


def test_progress_is_reported_deal_by_deal() -> None:
    calls: list[tuple[int, int]] = []
    review_match(
        MatchSteps(easy_match("european", 2, 1).state), progress=lambda *a: calls.append(a)
    )
    total = calls[-1][1]
    assert calls == [(done, total) for done in range(1, total + 1)]


def test_a_review_says_the_same_on_a_reloaded_match() -> None:
    game = random_match("rummy500", 2, 1)
    again = Game.from_json(game.to_json())
    first = review_match(MatchSteps(game.state)).to_json()
    assert review_match(MatchSteps(again.state)).to_json() == first
    assert get_variant("rummy500").variant_id == first["variant"]


@pytest.mark.parametrize("variant", ("classic", "european"))
def test_an_unfinished_match_is_reviewed_over_its_finished_deals_only(variant: str) -> None:
    game = unfinished_match(variant, 2, 1, deals=2, moves_after=5).game
    steps = MatchSteps(game.state)
    review = review_match(steps)
    finished = {span.deal_number for span in steps.replayable}
    in_progress = {span.deal_number for span in steps.deals} - finished
    assert in_progress and not review.finished_match
    assert set(review.deals) == finished
    assert {claim.deal_number for claim in review.claims} <= finished
    for claim in review.claims:
        assert check(steps, claim) == []


def test_each_claim_opens_the_replay_at_its_move() -> None:
    steps, review = reviewed(random_match("classic", 2, 2))
    for claim in review.claims:
        shown = frame(steps, open_claim(steps, claim))
        assert (shown.deal_number, shown.step) == (claim.deal_number, claim.step)
        assert shown.move is not None and shown.move.action == claim.played[-1]
        assert shown.move.seat == claim.seat


def test_a_seat_is_reviewed_from_its_own_hand_and_the_table_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review reads every position through ``DealSteps.peek``; with the other seats'
    hands there exchanged, every claim is the same: none rests on a hand the seat did not
    see (the after-the-event facts, a fed discard and what a deal cost, come from the public
    log and score lines)."""
    game = random_match("classic", 3, 1)
    steps = MatchSteps(game.state)
    honest = review_match(steps, seats=[1])
    real_peek = DealSteps.peek

    def blinded(self: DealSteps, step: int) -> GameState:
        state = real_peek(self, step)
        hands = state.deal.hands
        deal = state.deal.model_copy(update={"hands": [hands[2], hands[1], hands[0]]})
        return state.model_copy(update={"deal": deal})

    monkeypatch.setattr(DealSteps, "peek", blinded)
    blind = review_match(MatchSteps(game.state), seats=[1])
    assert honest.claims
    assert blind.claims == honest.claims
