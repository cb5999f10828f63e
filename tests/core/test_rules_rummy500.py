"""RULES.md section R: Rummy 500."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Discard,
    DrawStock,
    EndDeal,
    Game,
    IllegalAction,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    is_valid_meld,
    new_game,
)
from rummy_tui.core.scoring import table_points
from rummy_tui.core.values import hand_value
from rummy_tui.i18n.deal_words import ending_words
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import (
    NAMES,
    assert_cards_conserved,
    assert_one_sentence_with_rule,
    assert_refused,
    c,
    cs,
    cycle,
    deal,
    meld_faces,
)


def _meld(text: str) -> Meld:
    return Meld(cards=tuple(cs(text)))


# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "packs", "dealt"),
    [(2, 1, 13), (3, 1, 7), (4, 1, 7), (5, 2, 7), (8, 2, 7)],
)
def test_R1_packs_and_hand_sizes(players: int, packs: int, dealt: int) -> None:
    game = new_game(get_variant("rummy500"), list(NAMES[:players]), seed=4)
    assert len(game.state.deal.deck) == 52 * packs
    assert not any(card.is_joker for card in game.state.deal.deck)
    assert [len(hand) for hand in game.state.deal.hands] == [dealt] * players


def test_R1_joker_option_one_per_pack_wild_worth_15() -> None:
    rules = get_variant("rummy500", jokers_per_pack=1)
    game = new_game(rules, list(NAMES[:5]), seed=4)
    assert sum(card.is_joker for card in game.state.deal.deck) == 2
    assert is_valid_meld(rules, cs("5C JK 7C"))
    game = deal(
        "rummy500",
        ["AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "5H JK 7H 9S 9D 2S 3S 4S 6D 7D 8D QS QD"],
        "KS",
        "AH 10H",
        jokers_per_pack=1,
    )
    game.apply(DrawStock())
    game.apply(_meld("5H JK 7H"))
    assert meld_faces(game, 1) == ["5H", "6H", "7H"]
    game.apply(Discard(card=c("AH")))
    game.apply(DrawStock())
    game.apply(_meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"))
    game.apply(Discard(card=c("10H")))
    result = game.state.results[-1]
    lines = {line.seat: line for line in result.lines}
    assert lines[1].table_points == 5 + 15 + 7, "a joker on the table scores 15"
    assert hand_value(rules, c("JK")) == 15, "and costs 15 in hand"


# ---------------------------------------------------------------------------


def test_R2_aces_high_or_low_never_round_the_corner() -> None:
    rules = get_variant("rummy500")
    assert is_valid_meld(rules, cs("AH KH QH"))
    assert is_valid_meld(rules, cs("AH 2H 3H"))
    assert not is_valid_meld(rules, cs("KH AH 2H"))
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "AH KH QH 2H 3H 4H AS 2S 3S KS 9D 9S 8D"],
        "5D",
        "6D",
    )
    game.apply(DrawStock())
    assert_refused(game, _meld("KS AS 2S"), "R-2")
    game.apply(_meld("AH KH QH"))
    game.apply(_meld("AS 2S 3S"))
    # Nothing is laid beyond an ace end.
    assert_refused(game, LayOffCard(card=c("2H"), meld_id=1), "R-6")
    assert_refused(game, LayOffCard(card=c("KS"), meld_id=2), "R-6")


def test_R2_groups_of_three_or_four_never_the_same_suit_twice() -> None:
    rules = get_variant("rummy500")
    assert is_valid_meld(rules, cs("KS KD KH KC"))
    assert not is_valid_meld(rules, cs("KS KS KD"))
    game = deal(
        "rummy500",
        [
            "2C 3C 4C 5C 6C 7C 8C",
            "KS KS KD 9C 9D 9H 9C",
            "2D 3D 4D 5D 6D 7D 8D",
            "2H 3H 4H 5H 6H 7H 8H",
            "2S 3S 4S 5S 6S 7S 8S",
        ],
        "AC",
        "AD",
    )
    assert len(game.state.deal.deck) == 104
    game.apply(DrawStock())
    reason = assert_refused(game, _meld("KS KS.1 KD"), "R-2")
    assert "same suit twice" in reason
    game.apply(_meld("9C 9D 9H"))
    assert_refused(game, LayOffCard(card=c("9C.1"), meld_id=1), "R-6")  # a second club


# ---------------------------------------------------------------------------


def test_R3_ace_15_except_low_in_a_run() -> None:
    game = deal(
        "rummy500",
        ["5C 6C 7C 8C 9C 10C JC QC KC 4D 5D 6D 7D", "AH 2H 3H AS KS QS AD AC 2C 10H 9D 8S 9S"],
        "2D",
        "3D",
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H"))
    game.apply(_meld("AS KS QS"))
    assert table_points(game.rules, game.state.deal.melds, 1) == (1 + 2 + 3) + (15 + 10 + 10)
    assert [hand_value(game.rules, card) for card in cs("AD 7S KC")] == [15, 7, 10]


def test_R3_low_ace_laid_off_counts_1_and_aces_in_hand_15() -> None:
    game = deal(
        "rummy500",
        ["5C 6C 7C 8C 9C 10C JC QC KC 4D 5D 6D 7D", "2H 3H 4H AH AD 10S 9D 8S 9S 2C 3S 4S 6S"],
        "2D",
        "3D",
    )
    game.apply(DrawStock())
    game.apply(_meld("2H 3H 4H"))
    game.apply(LayOffCard(card=c("AH"), meld_id=1))
    assert meld_faces(game, 1) == ["AH", "2H", "3H", "4H"]
    assert table_points(game.rules, game.state.deal.melds, 1) == 1 + 2 + 3 + 4
    game.apply(Discard(card=c("3D")))
    game.apply(DrawStock())
    game.apply(_meld("5C 6C 7C 8C 9C 10C JC QC KC"))
    game.apply(_meld("4D 5D 6D 7D"))
    drawn = game.state.deal.hands[0][-1]
    game.apply(Discard(card=drawn))
    result = game.state.results[-1]
    bob = next(line for line in result.lines if line.seat == 1)
    held = 15 + 10 + 9 + 8 + 9 + 2 + 3 + 4 + 6  # AD 10S 9D 8S 9S 2C 3S 4S 6S
    assert bob.hand_points == held
    assert bob.change == 10 - held


# ---------------------------------------------------------------------------


def test_R4_discard_pile_is_spread_so_every_card_shows() -> None:
    game = new_game(get_variant("rummy500"), ["A", "B", "C"], seed=6)
    cycle(game, 5)
    pile = tuple(game.state.deal.discard)
    assert len(pile) == 6
    for seat in range(3):
        assert game.view(seat).discard_pile == pile
    classic = new_game(get_variant("classic"), ["A", "B", "C"], seed=6)
    cycle(classic, 5)
    assert classic.view(0).discard_pile == (classic.state.deal.discard[-1],)


# ---------------------------------------------------------------------------


def _dig_position(**options: object) -> Game:
    """Pile 5D (bottom), KS, QC (top); Bob to draw, holding 6D 7D (and 7S 7C)."""
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 3D", "6D 7D 7S 7C 9S 10S JS 2H 4H 6H 8H 10H QH"],
        "5D",
        "KS QD",
        **options,
    )
    cycle(game, 2)
    assert game.state.deal.discard == cs("5D KS QD")
    return game


def test_R5_take_any_card_with_every_card_above_it_deepest_must_be_used() -> None:
    game = _dig_position()
    assert_refused(game, TakeDiscard(count=1), "R-5")  # QD cannot be used
    assert_refused(game, TakeDiscard(count=2), "R-5")  # KS cannot be used
    assert_refused(game, TakeDiscard(count=4), "R-5")  # only three cards on the pile
    takes = [a for a in game.legal_actions() if isinstance(a, TakeDiscard)]
    assert takes == [TakeDiscard(count=3)]
    game.apply(TakeDiscard(count=3))
    deal_state = game.state.deal
    assert deal_state.discard == []
    assert set(cs("5D KS QD")) <= set(deal_state.hands[1])
    assert deal_state.turn.must_use == c("5D") and game.view(0).must_use == c("5D")
    assert_refused(game, Discard(card=c("2H")), "R-5")  # the deepest card is not used yet
    assert_refused(game, Discard(card=c("KS")), "G-8")
    assert_refused(game, _meld("7D 7S 7C"), "R-5")  # would leave 5D with no use
    game.apply(_meld("9S 10S JS"))  # 5D still has a use
    game.apply(_meld("5D 6D 7D"))
    assert game.state.deal.turn.must_use is None
    game.apply(Discard(card=c("2H")))
    assert game.current == 0
    assert_cards_conserved(game)


def test_R5_duty_holds_for_the_top_card_alone() -> None:
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 3D", "6D 7D 7S 7C 9S 10S JS 2H 4H 6H 8H 10H QH"],
        "8D",
        "KS",
    )
    game.apply(TakeDiscard())  # 8D fits 6D 7D
    assert game.state.deal.turn.must_use == c("8D")
    assert_refused(game, Discard(card=c("2H")), "R-5")
    game.apply(_meld("6D 7D 8D"))
    game.apply(Discard(card=c("2H")))


def test_R5_option_top_discard_is_a_free_draw() -> None:
    rules = get_variant("rummy500", top_discard_free=True)
    spec = next(option for option in rules.options if option.field == "top_discard_free")
    assert spec.choices == (False, True)
    game = _dig_position(top_discard_free=True)
    game.apply(TakeDiscard(count=1))  # QD: no use needed
    assert game.state.deal.turn.must_use is None
    assert_refused(game, Discard(card=c("QD")), "G-8")
    game.apply(Discard(card=c("2H")))
    # Two or more cards still carry the duty.
    game = _dig_position(top_discard_free=True)
    assert_refused(game, TakeDiscard(count=2), "R-5")
    game.apply(TakeDiscard(count=3))
    assert game.state.deal.turn.must_use == c("5D")


# ---------------------------------------------------------------------------


def _r7_position() -> Game:
    game = deal(
        "rummy500",
        ["QD KD 2C 4C 6C 8C 10C 2H 4H 6H 8H 10H AS", "9D 10D JD QS QH QC 3S 5S 7S 9S JS KH 3C"],
        "5C",
        "7H 9C",
    )
    game.apply(DrawStock())
    game.apply(_meld("9D 10D JD"))
    game.apply(_meld("QS QH QC"))
    game.apply(Discard(card=c("7H")))
    game.apply(DrawStock())
    return game


def test_R6_lay_off_on_any_meld_scores_for_the_player_who_laid_it() -> None:
    game = _r7_position()
    game.apply(LayOffCard(card=c("QD"), meld_id=1))
    meld = game.state.deal.melds[0]
    assert meld.owner == 1 and meld.cards[-1].seat == 0
    rules = game.rules
    assert table_points(rules, game.state.deal.melds, 0) == 10
    assert table_points(rules, game.state.deal.melds, 1) == 9 + 10 + 10 + 30
    game.apply(LayOffCard(card=c("KD"), meld_id=1))  # later cards may extend it
    assert table_points(rules, game.state.deal.melds, 0) == 20


def test_R7_declared_lay_off_decides_what_may_follow() -> None:
    to_run = _r7_position()
    to_queens = to_run.copy()
    to_run.apply(LayOffCard(card=c("QD"), meld_id=1))
    assert meld_faces(to_run, 1) == ["9D", "10D", "JD", "QD"]
    assert to_run.can(LayOffCard(card=c("KD"), meld_id=1))
    to_queens.apply(LayOffCard(card=c("QD"), meld_id=2))
    assert meld_faces(to_queens, 2) == ["QS", "QH", "QC", "QD"]
    assert_refused(to_queens, LayOffCard(card=c("KD"), meld_id=1), "R-6")
    assert_refused(to_queens, LayOffCard(card=c("KD"), meld_id=2), "R-6")


# ---------------------------------------------------------------------------


def test_R8_discard_one_card_and_no_immediate_return() -> None:
    game = _r7_position()
    game.apply(LayOffCard(card=c("QD"), meld_id=1))
    game.apply(Discard(card=c("KD")))
    assert game.state.deal.discard[-1] == c("KD") and game.current == 1
    assert_refused(game, Discard(card=c("3S")), "R-5")  # Bob must draw first
    # Bob takes KD (it fits the run) and may not throw it back.
    game.apply(TakeDiscard())
    assert_refused(game, Discard(card=c("KD")), "G-8")
    game.apply(LayOffCard(card=c("KD"), meld_id=1))
    game.apply(Discard(card=c("3S")))
    assert game.state.deal.discard[-1] == c("3S")


GO_OUT_HAND = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H KS KD KC"


@pytest.mark.parametrize("how", ["meld", "lay_off", "discard"])
def test_R9_the_deal_ends_the_moment_a_hand_is_empty(how: str) -> None:
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2D 3D", GO_OUT_HAND],
        "5D",
        "JH",
    )
    game.apply(DrawStock())
    if how == "meld":
        game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"))
        game.apply(_meld("KS KD KC"))
    elif how == "lay_off":
        game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"))
        game.apply(_meld("KS KD KC"))
        game.apply(LayOffCard(card=c("JH"), meld_id=1))
    else:
        game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"))
        game.apply(_meld("KS KD KC"))
        assert game.phase is Phase.PLAY
        game.apply(Discard(card=c("JH")))
    assert game.phase is Phase.DEAL_OVER
    assert game.state.results[-1].winner == 1


def test_R9_option_must_discard_to_go_out() -> None:
    rules = get_variant("rummy500", discard_to_go_out=True)
    assert next(o for o in rules.options if o.field == "discard_to_go_out").choices == (False, True)
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2D 3D", GO_OUT_HAND],
        "5D",
        "JH",
        discard_to_go_out=True,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"))
    game.apply(_meld("KS KD KC"))
    assert_refused(game, LayOffCard(card=c("JH"), meld_id=1), "R-9")
    game.apply(Discard(card=c("JH")))
    assert game.phase is Phase.DEAL_OVER and game.state.results[-1].winner == 1


def test_R9_option_must_discard_refuses_melding_the_last_cards() -> None:
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2D 3D", GO_OUT_HAND],
        "5D",
        "JH",
        discard_to_go_out=True,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"))
    assert_refused(game, _meld("KS KD KC"), "R-9")


# ---------------------------------------------------------------------------


def test_R10_stock_is_not_rebuilt_and_the_deal_ends_when_a_player_does_not_take() -> None:
    game = new_game(get_variant("rummy500", top_discard_free=True), ["A", "B"], seed=3)
    assert len(game.state.deal.stock) == 25
    assert_refused(game, EndDeal(), "R-10")
    cycle(game, 25)
    assert not game.state.deal.stock and game.phase is Phase.DRAW
    assert_refused(game, DrawStock(), "R-10")
    assert EndDeal() in game.legal_actions()
    # Play goes on from the pile ...
    game.apply(TakeDiscard())
    hand = game.state.deal.hands[game.current]
    taken = game.state.deal.turn.taken_from_discard[0]
    game.apply(Discard(card=next(card for card in hand if card != taken)))
    assert game.state.deal.rebuilds == 0
    # ... until the player to move chooses not to take.
    seat = game.current
    record = game.apply(EndDeal())
    assert record.seat == seat
    assert game.phase is Phase.DEAL_OVER
    result = game.state.results[-1]
    assert result.winner is None and not result.dead
    assert all(line.change == -line.hand_points for line in result.lines)
    # The ending is recorded as data for the screens: the stock ran out, ended by this seat.
    assert result.ending is not None
    assert (result.ending.code, result.ending.seat) == ("stock_out", seat)


# ---------------------------------------------------------------------------


def _r11_game(**options: object) -> Game:
    """Bob ends with 85 on the table and 90 in hand; Anna goes out with A-K of clubs on the
    table: the ace of a run of all 13 ranks counts high, 54 + 30 + 15 = 99."""
    game = deal(
        "rummy500",
        [
            "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
            "AS AD 10S JS QS KS 10D JD QD KD 5H 5S 2H",
        ],
        "10H",
        "JH QH KH AH 3H",
        **options,
    )
    cycle(game, 4)
    assert game.state.deal.discard == cs("10H JH QH KH AH")
    game.apply(TakeDiscard(count=5))
    game.apply(_meld("10H JH QH KH AH"))
    game.apply(_meld("10S JS QS"))
    game.apply(Discard(card=c("2H")))
    game.apply(DrawStock())
    game.apply(_meld("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"))
    return game


def test_R11_85_on_the_table_90_in_hand_scores_minus_5() -> None:
    game = _r11_game()
    game.apply(Discard(card=c("3H")))
    result = game.state.results[-1]
    bob = next(line for line in result.lines if line.seat == 1)
    assert bob.table_points == 85 and bob.hand_points == 90
    assert bob.change == -5
    anna = next(line for line in result.lines if line.seat == 0)
    assert anna.table_points == 54 + 30 + 15 and anna.hand_points == 0
    assert result.changes == (99, -5) and game.state.scores == [99, -5]


def test_R12_first_to_the_target_wins_and_settles_the_difference() -> None:
    game = _r11_game(target_score=80)
    game.apply(Discard(card=c("3H")))
    assert game.phase is Phase.MATCH_OVER
    assert game.state.winners == [0]
    assert game.state.settlement == [0, 104]
    assert game.view(1).settlement == (0, 104)


def test_R12_several_pass_the_target_the_highest_wins() -> None:
    game = _r11_game()
    game.state.scores = [406, 506]
    game.apply(Discard(card=c("3H")))
    assert game.state.scores == [505, 501]
    assert game.phase is Phase.MATCH_OVER and game.state.winners == [0]
    assert game.state.settlement == [0, 4]


def test_R12_exact_tie_plays_another_deal() -> None:
    game = _r11_game()
    game.state.scores = [406, 510]
    game.apply(Discard(card=c("3H")))
    assert game.state.scores == [505, 505]
    assert game.phase is Phase.DEAL_OVER and game.state.winners == []


def test_R12_default_target_500() -> None:
    assert get_variant("rummy500").target_score == 500


# ---------------------------------------------------------------------------


def test_R13_partnerships_need_four_players() -> None:
    rules = get_variant("rummy500", partnerships=True)
    for count in (2, 3, 5):
        with pytest.raises(IllegalAction) as caught:
            new_game(rules, list(NAMES[:count]), seed=1)
        assert_one_sentence_with_rule(refusal_sentence(caught.value), "R-13")
    new_game(rules, list(NAMES[:4]), seed=1)


def test_R13_partners_opposite_share_one_score_and_any_player_ends_the_deal() -> None:
    game = deal(
        "rummy500",
        [
            "2C 5C 8C JC 3D 6D 9D",
            "AH 2H 3H 4H 5H 6H 7H",
            "KS KD KC 4C 7C 10C 2D",
            "QS JS 9S 8S 4S 3S 2S",
        ],
        "5D",
        "9C QD QC KH 10S",
        partnerships=True,
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H"))
    game.apply(Discard(card=c("9C")))
    game.apply(DrawStock())
    game.apply(_meld("KS KD KC"))
    game.apply(Discard(card=c("QD")))
    cycle(game, 2)
    game.apply(DrawStock())
    game.apply(_meld("4H 5H 6H 7H"))
    game.apply(Discard(card=c("10S")))
    assert game.phase is Phase.DEAL_OVER
    result = game.state.results[-1]
    own = {
        0: 0 - (2 + 5 + 8 + 10 + 3 + 6 + 9),
        1: (1 + 2 + 3 + 4 + 5 + 6 + 7) - 0,
        2: 30 - (4 + 7 + 10 + 2),
        3: 0 - (10 + 10 + 9 + 8 + 4 + 3 + 2),
    }
    team_a = own[0] + own[2]
    team_b = own[1] + own[3]
    assert result.changes == (team_a, team_b, team_a, team_b)
    assert game.state.scores == [team_a, team_b, team_a, team_b]
    # Each seat's line shows the partnership's change, which is what its score moved by.
    assert [line.change for line in sorted(result.lines, key=lambda line: line.seat)] == [
        team_a,
        team_b,
        team_a,
        team_b,
    ]
    assert result.ending is not None and result.ending.seat == 1  # the deal ends when
    assert ending_words(result.ending, "Bob") == "Bob went out."  # a player goes out


def test_R12_G3_the_deal_passes_left_even_with_two_players() -> None:
    # Rummy 500 does not take over C-6's "the winner deals" rule: G-3 applies.
    game = _r11_game()
    game.apply(Discard(card=c("3H")))
    assert game.state.results[-1].winner == 0 and game.state.deal.dealer == 0
    game.apply(StartDeal())
    assert game.state.deal.dealer == 1 and game.current == 0


def test_R12_exact_tie_then_the_next_deal_decides() -> None:
    game = _r11_game()
    game.state.scores = [406, 510]
    game.apply(Discard(card=c("3H")))
    assert game.phase is Phase.DEAL_OVER
    game.apply(StartDeal())
    assert game.phase is Phase.DRAW and game.state.deal.deal_number == 2


def test_R2_a_run_never_holds_the_ace_low_and_high_at_once() -> None:
    game = deal(
        "rummy500",
        [
            "KH AH.1 JC JD JS 5D 6D",
            "AH 2H 3H 4H 5H 5S 6S",
            "6H 7H 8H 9H 10H 2C 3C",
            "JH QH 4C 5C 6C 7C 8C",
            "2D 3D 4D 7D 8D 9D 10D",
        ],
        "9S",
        "9C 9D 10S 10C QC",
    )
    game.apply(DrawStock())
    game.apply(_meld("AH 2H 3H 4H 5H"))
    game.apply(Discard(card=c("9C")))
    for tokens in ("6H 7H 8H 9H 10H", "JH QH"):
        game.apply(DrawStock())
        drawn = game.state.deal.hands[game.current][-1]
        for token in tokens.split():
            game.apply(LayOffCard(card=c(token), meld_id=1))
        game.apply(Discard(card=drawn))
    cycle(game, 1)
    game.apply(DrawStock())
    game.apply(LayOffCard(card=c("KH"), meld_id=1))
    assert len(game.state.deal.melds[0].cards) == 13
    # The second pack's ace of hearts may not go above the king: the ace twice.
    assert_refused(game, LayOffCard(card=c("AH.1"), meld_id=1), "R-6")
