"""Claims in positions made on purpose (stacked decks, G-11), one for each rule they rest on:
the go-outs that simulated matches seldom leave undone (Boathouse Rum B-3, European Rummy
E-7 before the draw), a discard that breaks a meld, and a turn that keeps what it could
have laid down. Each claim is checked again by tests/review/checker.py."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.bots import make_bot
from rummy_tui.core import Game, Phase, full_arrangement, get_variant, new_game, parse_cards
from rummy_tui.core.actions import Action, Discard, DrawStock, GoOut, MeldSpec
from rummy_tui.core.dealing import stack_deck
from rummy_tui.replay import MatchSteps
from rummy_tui.review import (
    BROKE_MELD,
    CHIPS,
    COLLECT,
    KEPT,
    MISSED_GO_OUT,
    MORE_DEADWOOD,
    POINTS,
    Claim,
    review_match,
)
from tests.review.checker import check


def _played(variant: str, hands: Sequence[str], stock: str, moves: Sequence[Action]) -> Game:
    """A deal dealt by seat 1 (seat 0 plays first) from these hands and stock; seat 0 makes
    ``moves``, then easy computer players finish the deal."""
    rules = (
        get_variant(variant, deal_limit=1)
        if variant == "european"
        else get_variant(variant, target_score=None, deal_limit=1)
    )
    cards = [parse_cards(hand) for hand in hands]
    upcard, *rest = parse_cards(stock)
    deck = stack_deck(rules, cards, upcard, rest, dealer=1)
    game = new_game(rules, ["Anna", "Bob"], seed=1, deck=deck, dealer=1)
    for move in moves:
        game.apply(move)
    bots = [make_bot("easy", seat) for seat in range(2)]
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def _claims(game: Game, kind: str) -> list[Claim]:
    steps = MatchSteps(game.state)
    review = review_match(steps, seats=[0])
    for claim in review.claims:
        assert check(steps, claim) == [], claim
    return [claim for claim in review.claims if claim.kind == kind]


def test_B3_a_whole_hand_not_laid_down_is_a_missed_go_out() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 9C 9D 9H"
    game = _played(
        "boathouse",
        [hand, "2C 4C 6C 8C 10C QC 2D 4D 6D 8D"],
        "JD KC",
        [DrawStock(), Discard(card=parse_cards("9H")[0])],
    )
    (claim,) = _claims(game, MISSED_GO_OUT)
    assert (claim.step_before, claim.step, claim.basis, claim.unit) == (1, 2, KEPT, POINTS)
    assert claim.stake == claim.played_cost == 9 + 9 + 10  # 9C 9D KC left unmatched (B-5)


def test_E7_a_hand_all_in_runs_not_laid_down_before_the_draw_is_a_missed_go_out() -> None:
    hand = "AH 2H 3H 4H 5H AS 2S 3S 4S 5S AC 2C 3C 4C 5C"
    other = "7D 9D JD KD 7S 9S JS KS 7C 9C JC KC 7H 9H JH"
    game = _played("european", [hand, other], "QD 8D", [DrawStock()])
    claims = _claims(game, MISSED_GO_OUT)
    first = claims[0]
    assert (first.step_before, first.step, first.basis, first.unit) == (0, 1, COLLECT, CHIPS)
    assert first.stake == 10  # no wild card, no draw (E-8): 10 chips from the one loser


def test_a_discard_out_of_a_meld_is_a_broken_meld() -> None:
    hand = "AS 2S 3S 4S 5H 6H 7H 9C 9D KH"
    game = _played(
        "boathouse",
        [hand, "2C 4C 6C 8C 10C QC 2D 4D 6D 8D"],
        "JD QS",
        [DrawStock(), Discard(card=parse_cards("6H")[0])],
    )
    (claim,) = _claims(game, BROKE_MELD)
    assert set(claim.cards) == set(parse_cards("5H 6H 7H"))
    assert claim.better == (Discard(card=parse_cards("KH")[0]),)


def test_C2_a_meld_kept_in_hand_is_more_deadwood_than_the_best_end() -> None:
    hand = "AS 2S 3S 9C 9D 9H KH QD 4C 6D"
    game = _played(
        "classic",
        [hand, "2C 5C 7C 8C 10C JC 2D 5D 7D 8D"],
        "JH JS",
        [DrawStock(), Discard(card=parse_cards("KH")[0])],
    )
    claims = _claims(game, MORE_DEADWOOD)
    first = claims[0]
    assert first.best and (first.step_before, first.step) == (1, 2)
    # Played: every card but KH kept (C-5); best: AS-3S and the nines down, KH discarded.
    assert first.better_cost == 10 + 4 + 6 + 10  # QD 4C 6D JS
    assert first.stake == 1 + 2 + 3 + 27


def test_E7_a_go_out_made_before_the_draw_is_no_claim() -> None:
    hand = "AH 2H 3H 4H 5H AS 2S 3S 4S 5S AC 2C 3C 4C 5C"
    other = "7D 9D JD KD 7S 9S JS KS 7C 9C JC KC 7H 9H JH"
    arrangement = full_arrangement(get_variant("european"), parse_cards(hand))
    assert arrangement is not None
    go_out = GoOut(melds=tuple(MeldSpec(cards=tuple(meld)) for meld in arrangement.melds))
    game = _played("european", [hand, other], "QD 8D", [go_out])
    assert game.state.results[-1].winner == 0
    assert _claims(game, MISSED_GO_OUT) == []
