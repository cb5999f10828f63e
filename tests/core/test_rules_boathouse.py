"""RULES.md section B: Boathouse Rum."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    MeldSpec,
    Phase,
    TakeDiscard,
    best_arrangement,
    get_variant,
    is_valid_meld,
)
from rummy_tui.core.variants import DrawRule, UnmatchedValue
from tests.core.helpers import assert_cards_conserved, assert_refused, c, cs, deal

WINNER = "3D 2D AD KD QD 7S 7H 7C 4S 5S"  # ♦3-2-A-K-Q and 7 7 7; 4S 5S want 3S or 6S
LOSER = "8H 9H 10H 10S 10C 5D KS KC AS 2C"


def _game(stock: str = "6S 10D JD QH", **options: object) -> Game:
    return deal("boathouse", [LOSER, WINNER], "8C", stock, **options)


# --------------------------------------------------------------------------- B-1


def test_B1_draws_stock_discard_then_stock_or_stock_then_stock() -> None:
    game = _game()
    assert set(game.legal_actions()) == {
        DrawStock(),
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="stock", second="stock"),
    }
    assert_refused(game, TakeDiscard(), "B-1")
    assert_refused(game, DrawTwo(first="stock", second="discard"), "B-1")
    assert_refused(game, DrawTwo(first="discard", second="discard"), "B-1")
    game.apply(DrawTwo(first="discard", second="stock"))
    hand = game.state.deal.hands[1]
    assert hand[-2:] == cs("8C 6S") and len(hand) == 12
    assert game.state.deal.discard == []
    assert_refused(game, Discard(card=c("8C")), "G-8")
    game.apply(Discard(card=c("2D")))
    assert len(game.state.deal.hands[1]) == 11, "a two-card draw grows the hand by one"
    game.apply(DrawTwo(first="stock", second="stock"))
    assert game.state.deal.hands[0][-2:] == cs("10D JD")
    game.apply(Discard(card=c("10D")))  # a stock card may be discarded at once
    assert len(game.state.deal.hands[0]) == 11
    game.apply(DrawStock())
    assert game.state.deal.hands[1][-1] == c("QH") and len(game.state.deal.hands[1]) == 12


def _one_card_left_in_stock(game: Game) -> list[Card]:
    """Move all but the top stock card under the discard pile (no card is created or lost)."""
    deal_state = game.state.deal
    deal_state.discard = deal_state.stock[:-1] + deal_state.discard
    deal_state.stock = deal_state.stock[-1:]
    return list(deal_state.discard)


def test_B1_stock_running_out_mid_draw_is_rebuilt_and_the_draw_goes_on() -> None:
    game = _game()
    pile = _one_card_left_in_stock(game)
    top_stock = game.state.deal.stock[-1]
    seat = game.current
    before = len(game.state.deal.hands[seat])
    game.apply(DrawTwo(first="stock", second="stock"))
    deal_state = game.state.deal
    hand = deal_state.hands[seat]
    # The last stock card, then the pile turned over unshuffled (C-4): its bottom card comes up.
    assert hand[-2:] == [top_stock, pile[0]] and len(hand) == before + 2
    assert deal_state.rebuilds == 1 and deal_state.discard == []
    assert deal_state.stock == list(reversed(pile))[:-1]
    assert_cards_conserved(game)


def test_B1_discard_then_empty_stock_turns_the_rest_of_the_pile_over() -> None:
    game = _game()
    deal_state = game.state.deal
    pile = deal_state.stock + deal_state.discard  # the whole stock moved under the pile
    deal_state.discard, deal_state.stock = list(pile), []
    seat = game.current
    game.apply(DrawTwo(first="discard", second="stock"))
    assert game.state.deal.hands[seat][-2:] == [pile[-1], pile[0]]
    assert game.state.deal.rebuilds == 1 and game.state.deal.discard == []
    assert_cards_conserved(game)


def test_B1_hoyle_draw_option() -> None:
    game = _game(draw_rule=DrawRule.HOYLE)
    rules = game.rules
    spec = next(option for option in rules.options if option.field == "draw_rule")
    assert spec.choices[0] is DrawRule.BOATHOUSE and DrawRule.HOYLE in spec.choices
    assert_refused(game, DrawTwo(first="stock", second="stock"), "B-1")
    assert_refused(game, TakeDiscard(), "B-1")
    # Only one card on the pile: the second discard is not there.
    assert not game.can(DrawTwo(first="discard", second="discard"))
    game.apply(DrawTwo(first="discard", second="stock"))
    game.apply(Discard(card=c("2D")))
    game.apply(DrawStock())
    game.apply(Discard(card=c("2C")))
    # The pile is now 2D, 2C (top): take the top discard and the next one.
    game.apply(DrawTwo(first="discard", second="discard"))
    assert game.state.deal.hands[1][-2:] == cs("2C 2D")
    assert_refused(game, Discard(card=c("2D")), "G-8")


# --------------------------------------------------------------------------- B-2


def test_B2_no_melding_or_laying_off_during_play() -> None:
    game = _game()
    game.apply(DrawStock())
    assert_refused(game, Meld(cards=tuple(cs("7S 7H 7C"))), "B-2")
    assert_refused(game, LayOffCard(card=c("7S"), meld_id=1), "B-2")
    assert not any(isinstance(action, (Meld, LayOffCard)) for action in game.legal_actions())


# --------------------------------------------------------------------------- B-3


def test_B3_go_out_with_the_whole_hand_after_drawing() -> None:
    game = _game()
    assert_refused(game, GoOut(melds=()), "B-3")  # before drawing
    game.apply(DrawStock())  # 6S: every card of the hand now melds
    game.apply(GoOut(melds=()))
    assert game.phase is Phase.DEAL_OVER
    result = game.state.results[-1]
    assert result.winner == 1
    assert game.state.deal.discard == [c("8C")], "no final discard"
    melded = sorted(placed.card for meld in game.state.deal.melds for placed in meld.cards)
    assert melded == sorted(cs(WINNER + " 6S"))


def test_B3_go_out_with_one_final_discard_and_named_melds() -> None:
    game = _game(stock="6S")
    game.apply(DrawStock())
    specs = (
        MeldSpec(cards=tuple(cs("QD KD AD 2D"))),
        MeldSpec(cards=tuple(cs("7S 7H 7C"))),
        MeldSpec(cards=tuple(cs("4S 5S 6S"))),
    )
    assert_refused(game, GoOut(melds=specs), "B-3")  # 3D is neither melded nor discarded
    game.apply(GoOut(melds=specs, discard=c("3D")))
    assert game.state.results[-1].winner == 1
    assert game.state.deal.discard[-1] == c("3D")
    assert not game.state.deal.hands[1]


def test_B3_a_hand_that_does_not_split_into_melds_cannot_go_out() -> None:
    game = _game(stock="9D")
    game.apply(DrawStock())
    assert_refused(game, GoOut(melds=()), "B-3")
    assert_refused(game, GoOut(melds=(), discard=c("4S")), "B-3")
    assert not any(isinstance(action, GoOut) for action in game.legal_actions())


def test_B3_final_discard_may_not_be_a_card_just_taken() -> None:
    game = deal("boathouse", [LOSER, WINNER], "6S", "JC 9C")
    game.apply(DrawTwo(first="discard", second="stock"))  # 6S and JC
    assert_refused(game, GoOut(melds=(), discard=c("6S")), "G-8")
    game.apply(GoOut(melds=(), discard=c("JC")))
    assert game.state.results[-1].winner == 1
    assert game.state.deal.discard == [c("JC")]


# --------------------------------------------------------------------------- B-4


def test_B4_runs_turn_the_corner() -> None:
    rules = get_variant("boathouse")
    assert is_valid_meld(rules, cs("3D 2D AD KD QD"))
    assert is_valid_meld(rules, cs("KD AD 2D"))
    assert is_valid_meld(rules, cs("QD KD AD"))
    assert is_valid_meld(rules, cs("AD 2D 3D"))
    assert not is_valid_meld(rules, cs("KD AD 3D"))
    ring = cs("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert is_valid_meld(rules, ring), "a run may hold all 13 ranks"
    assert not is_valid_meld(rules, [*ring, c("AD.1")]), "never 14 cards, no rank twice"
    assert not is_valid_meld(rules, cs("KD AD 2D AD")), "no rank twice"


def test_B4_corner_run_goes_out_in_play() -> None:
    game = _game()
    game.apply(DrawStock())
    spec = (
        MeldSpec(cards=tuple(cs("3D 2D AD KD QD"))),
        MeldSpec(cards=tuple(cs("7S 7H 7C"))),
        MeldSpec(cards=tuple(cs("4S 5S 6S"))),
    )
    game.apply(GoOut(melds=spec))
    run = game.state.deal.melds[0]
    assert [str(placed.face) for placed in run.cards] == ["QD", "KD", "AD", "2D", "3D"]


# --------------------------------------------------------------------------- B-5


@pytest.mark.parametrize(
    ("unmatched", "expected"),
    [(UnmatchedValue.PIP, 55), (UnmatchedValue.PER_CARD, 7)],
)
def test_B5_losers_pay_only_unmatched_cards_after_the_cheapest_arrangement(
    unmatched: UnmatchedValue, expected: int
) -> None:
    game = _game(unmatched_value=unmatched)
    game.apply(DrawStock())
    game.apply(GoOut(melds=()))  # Bob went out in one turn: still no doubling
    result = game.state.results[-1]
    assert not result.rummy
    # 10H 10S 10C as a group (8H 9H 5D KS KC AS 2C unmatched: 55, ace 11) is cheaper than
    # 8H 9H 10H as a run (10S 10C 5D KS KC AS 2C: 58).
    loser = next(line for line in result.lines if line.seat == 0)
    assert loser.hand_points == expected
    assert result.changes == (0, expected)


def test_B5_engine_finds_the_cheapest_arrangement() -> None:
    rules = get_variant("boathouse")
    arrangement = best_arrangement(rules, cs(LOSER))
    assert arrangement.penalty == 55
    arrangement = best_arrangement(rules, cs("QS KS AS 2S 3S 9D"))
    assert arrangement.penalty == 9, "a corner run counts as matched"
    per_card = get_variant("boathouse", unmatched_value=UnmatchedValue.PER_CARD)
    assert best_arrangement(per_card, cs("7H 8H 9H 9S 9C 5D")).penalty == 3


# --------------------------------------------------------------------------- B-6


def test_B6_match_targets() -> None:
    assert get_variant("boathouse").target_score == 100
    assert get_variant("boathouse", unmatched_value=UnmatchedValue.PER_CARD).target_score == 25
    assert (
        get_variant(
            "boathouse", unmatched_value=UnmatchedValue.PER_CARD, target_score=150
        ).target_score
        == 150
    )
    game = _game(target_score=50)
    game.apply(DrawStock())
    game.apply(GoOut(melds=()))
    assert game.phase is Phase.MATCH_OVER and game.state.winners == [1]
