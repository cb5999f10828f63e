"""RULES.md section C: Classic Rummy."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Discard,
    DrawStock,
    DrawTwo,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    is_valid_meld,
    new_game,
)
from rummy_tui.core.dealing import full_deck
from rummy_tui.i18n.log_lines import entry_sentence
from tests.core.helpers import (
    assert_cards_conserved,
    assert_refused,
    c,
    cs,
    cycle,
    deal,
    go_out_now,
    meld_faces,
    next_deal_quick,
    quick_deck,
)


def _meld(text: str) -> Meld:
    return Meld(cards=tuple(cs(text)))


# --------------------------------------------------------------------------- C-1


def test_C1_ace_is_low_only() -> None:
    rules = get_variant("classic")
    assert is_valid_meld(rules, cs("AH 2H 3H"))
    assert not is_valid_meld(rules, cs("QH KH AH"))
    assert not is_valid_meld(rules, cs("KH AH 2H"))
    game = deal(
        "classic",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "QH KH AH 2H 3H 9S 9D 5S 6D 7D"],
        "KS",
        "4H",
    )
    game.apply(DrawStock())
    reason = assert_refused(game, _meld("QH KH AH"), "C-1")
    assert "QH KH AH" in reason
    assert_refused(game, _meld("KH AH 2H"), "C-1")
    game.apply(_meld("AH 2H 3H 4H"))
    assert meld_faces(game, 1) == ["AH", "2H", "3H", "4H"]
    # Nothing goes below a low ace, and nothing above the king.
    assert_refused(game, LayOffCard(card=c("KH"), meld_id=1), "C-2")


def test_C1_groups_hold_three_or_four_cards() -> None:
    rules = get_variant("classic")
    assert is_valid_meld(rules, cs("7H 7S 7D"))
    assert is_valid_meld(rules, cs("7H 7S 7D 7C"))
    assert not is_valid_meld(rules, cs("7H 7S 7D 7C 7H"))  # a fifth seven: never a group
    assert not is_valid_meld(rules, cs("7H 7S"))


# --------------------------------------------------------------------------- C-2


def test_C2_turn_draw_meld_lay_off_on_any_meld_then_discard() -> None:
    game = deal(
        "classic",
        ["4C 9H 5H 7C QS QD 2D 3D 8S 10D", "AC 2C 3C 7D 7S 7H 9S 10S JS KD"],
        "6S",
        "QH 4S",
    )
    # Bob (seat 1, left of the dealer) plays first.
    assert_refused(game, TakeDiscard(count=2), "C-2")
    assert_refused(game, DrawTwo(first="discard", second="stock"), "C-2")
    game.apply(DrawStock())
    assert game.state.deal.hands[1][-1] == c("QH")
    game.apply(_meld("AC 2C 3C"))
    game.apply(_meld("7D 7S 7H"))  # any number of melds in one turn
    game.apply(Discard(card=c("KD")))
    # Anna takes the top discard, lays off on Bob's melds and discards.
    game.apply(TakeDiscard())
    assert c("KD") in game.state.deal.hands[0]
    game.apply(LayOffCard(card=c("4C"), meld_id=1))
    game.apply(LayOffCard(card=c("7C"), meld_id=2))
    assert meld_faces(game, 1) == ["AC", "2C", "3C", "4C"]
    placed = game.state.deal.melds[0].cards[-1]
    assert placed.seat == 0 and game.state.deal.melds[0].owner == 1
    assert_refused(game, LayOffCard(card=c("9H"), meld_id=1), "C-2")
    game.apply(Discard(card=c("9H")))
    assert game.current == 1 and game.phase is Phase.DRAW
    assert_cards_conserved(game)


# --------------------------------------------------------------------------- C-3


def test_C3_going_out_by_melding_the_last_cards_without_a_discard() -> None:
    game = deal(
        "classic",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C KD", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"],
        "KS",
        "JH",
    )
    game.apply(DrawStock())
    assert_refused(game, GoOut(melds=()), "C-3")
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"))
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert game.state.results[-1].winner == 1
    assert game.state.deal.discard == [c("KS")], "no discard was needed"


def _two_turn_position() -> Game:
    game = deal(
        "classic",
        ["KC KD KH 2D 4D 6D 8D 10D QD 5S", "AH 2H 3H 4H 5H 6H 7H 8H 9H KS"],
        "3S",
        "2S 6S 10H",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H"))
    game.apply(Discard(card=c("2S")))
    game.apply(DrawStock())
    game.apply(_meld("KC KD KH"))
    game.apply(Discard(card=c("6S")))
    game.apply(DrawStock())  # Bob holds KS and 10H
    return game


def test_C3_going_out_by_laying_off_the_last_card() -> None:
    game = _two_turn_position()
    game.apply(LayOffCard(card=c("10H"), meld_id=1))
    record = game.apply(LayOffCard(card=c("KS"), meld_id=2))
    assert "goes out" in entry_sentence(record)
    assert game.phase is Phase.DEAL_OVER and game.state.results[-1].winner == 1
    assert game.state.deal.discard[-1] == c("6S")


def test_C3_going_out_by_discarding_the_last_card() -> None:
    game = _two_turn_position()
    game.apply(LayOffCard(card=c("10H"), meld_id=1))
    game.apply(Discard(card=c("KS")))
    assert game.phase is Phase.DEAL_OVER and game.state.results[-1].winner == 1
    assert game.state.deal.discard[-1] == c("KS")


# --------------------------------------------------------------------------- C-4


def _empty_stock_game() -> Game:
    rules = get_variant("classic")
    game = new_game(rules, ["A", "B", "C", "D", "E", "F"], seed=8, dealer=0)
    assert len(game.state.deal.stock) == 15
    cycle(game, 15)
    assert not game.state.deal.stock and game.phase is Phase.DRAW
    return game


def test_C4_empty_stock_take_the_top_discard() -> None:
    game = _empty_stock_game()
    top = game.state.deal.discard[-1]
    game.apply(TakeDiscard())
    assert game.state.deal.hands[game.current][-1] == top
    assert game.state.deal.rebuilds == 0


def test_C4_empty_stock_turn_the_pile_over_without_shuffling() -> None:
    game = _empty_stock_game()
    pile = list(game.state.deal.discard)  # bottom (the upcard) first
    seat = game.current
    record = game.apply(DrawStock())
    assert game.state.deal.rebuilds == 1
    assert "turns the discard pile over" in entry_sentence(record)
    assert game.state.deal.hands[seat][-1] == pile[0], "the bottom card is now on top"
    assert game.state.deal.discard == []
    # The rest comes off in the order the cards were discarded.
    assert list(reversed(game.state.deal.stock)) == pile[1:]
    assert_cards_conserved(game)


# --------------------------------------------------------------------------- C-5


def test_C5_losers_pay_the_cards_in_hand_and_rummy_doubles() -> None:
    game = deal(
        "classic",
        ["AC 5C 5D 8S 10S 10D 4S", "AH 2H 3H 4H 5H 6H 7H", "AS 2S 3D 9C JD QC KC"],
        "9H",
        "KS",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H"))
    game.apply(Discard(card=c("KS")))
    result = game.state.results[-1]
    assert result.winner == 1 and result.rummy
    anna = 1 + 5 + 5 + 8 + 10 + 10 + 4
    cleo = 1 + 2 + 3 + 9 + 10 + 10 + 10
    assert [line.hand_points for line in result.lines if line.seat != 1] == [2 * anna, 2 * cleo]
    assert result.changes == (0, 2 * (anna + cleo), 0)
    assert game.state.scores == [0, 176, 0]


def test_C5_no_doubling_after_melding_in_an_earlier_turn() -> None:
    game = deal(
        "classic",
        ["AC 5C 5D 8S 10S 10D 4S", "AH 2H 3H 4H 5H 6H 7H", "AS 2S 3D 9C JD QC KC"],
        "9H",
        "KS 8D 2C 8H",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H"))
    game.apply(Discard(card=c("KS")))
    cycle(game, 2)
    game.apply(DrawStock())  # 8H
    game.apply(_meld("4H 5H 6H 7H 8H"))
    assert game.phase is Phase.DEAL_OVER
    result = game.state.results[-1]
    assert result.winner == 1 and not result.rummy
    assert result.changes == (0, 43 + 45, 0)


# --------------------------------------------------------------------------- C-6


def test_C6_points_accumulate_until_the_target() -> None:
    rules = get_variant("classic", target_score=250)
    game = new_game(rules, ["A", "B", "C"], deck=quick_deck(rules, 3, 0), dealer=0)
    totals = [0, 0, 0]
    while True:
        go_out_now(game)
        result = game.state.results[-1]
        totals = [total + change for total, change in zip(totals, result.changes, strict=True)]
        assert game.state.scores == totals
        if game.phase is Phase.MATCH_OVER:
            break
        assert max(totals) < 250
        next_deal_quick(game)
    assert max(totals) >= 250
    assert game.state.winners == [totals.index(max(totals))]


def test_C6_target_options() -> None:
    rules = get_variant("classic")
    assert rules.target_score == 100
    spec = next(option for option in rules.options if option.field == "target_score")
    assert spec.choices == (100, 150, 250, None)


def test_C6_fixed_number_of_deals() -> None:
    rules = get_variant("classic", target_score=None, deal_limit=3)
    game = new_game(rules, ["A", "B", "C"], deck=quick_deck(rules, 3, 0), dealer=0)
    for number in range(1, 4):
        go_out_now(game)
        if number < 3:
            assert game.phase is Phase.DEAL_OVER
            next_deal_quick(game)
    assert game.phase is Phase.MATCH_OVER
    best = max(game.state.scores)
    assert game.state.winners == [s for s, score in enumerate(game.state.scores) if score == best]


def test_C6_two_players_the_winner_deals_next() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "2C 4C 6C 8C 10C QC 3D 5D 7D 9D"],
        "KS",
        "QS JH",
        target_score=1000,
    )
    assert game.state.deal.dealer == 0
    cycle(game, 1)  # Bob plays first and discards
    game.apply(DrawStock())  # Anna, the dealer, draws JH and goes out
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"))
    assert game.state.results[-1].winner == 0
    game.apply(StartDeal())
    assert game.state.deal.dealer == 0, "the winner deals the next deal"
    assert game.current == 1


def test_C6_more_players_the_deal_passes_left() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H", "2C 4C 6C 8C 10C QC 3D", "5D 7D 9D JD KD 2S 4S"],
        "KS",
        "QS 6S JH",
        target_score=1000,
    )
    cycle(game, 2)
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H"))
    game.apply(Discard(card=c("JH")))
    assert game.state.results[-1].winner == 0
    game.apply(StartDeal())
    assert game.state.deal.dealer == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_C6_match_deck_is_one_pack(players: int) -> None:
    rules = get_variant("classic")
    assert len(full_deck(rules, players)) == 52
