"""Rules that broken copies of the core made by the second mutation run got past.

``benchmarks/mutation_operators.py`` forces conditions true or false, adds one to integer
constants, swaps ``and`` and ``or`` and loosens comparisons. Each test here states one behaviour
of RULES.md by its id, worked out by hand from the rule text. See tests/README.md, "Mutation
testing".
"""

from __future__ import annotations

import pytest

from rummy_tui.core import get_variant, parse_face
from rummy_tui.core.actions import DrawStock, LayOffCard, Meld, TakeDiscard
from rummy_tui.core.arrange import (
    best_arrangement,
    full_arrangement,
    go_out_arrangements,
    may_go_out,
)
from rummy_tui.core.cards import JOKER_RANK, Card, CardError, Face, Suit, parse_cards
from rummy_tui.core.deal_terms import deal_terms
from rummy_tui.core.dealing import complete_deck
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.game import name_refusal, new_game
from rummy_tui.core.invariants import invariant_violations
from rummy_tui.core.melds import meld_readings
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.state import Phase
from rummy_tui.i18n.deal_words import payment_words
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import assert_refused, c, cs, meld_faces, position, table_meld


def test_e7_two_jokers_make_a_run_of_a_lone_card_and_another_is_discarded() -> None:
    """E-7 with E-4: after the draw, 3♥-8♥, 3♣-8♣, K♠, 9♦ and two jokers. K♠ with both jokers
    is J♠-Q♠-K♠ and 9♦ is the discard, so the player may go out; two cards that fit no run of
    their own do not rule it out while two wild cards are held."""
    rules = get_variant("european")
    hand = parse_cards("3H 4H 5H 6H 7H 8H 3C 4C 5C 6C 7C 8C KS 9D JK JK")
    assert len(hand) == 16
    ways = go_out_arrangements(rules, hand)
    assert ways
    assert {discard.face for discard, _ in ways if discard is not None} >= {hand[13].face}
    assert may_go_out(rules, hand)


def test_e1_e3_four_copies_of_one_card_still_make_a_run() -> None:
    """E-1: with four packs (10-12 players) a hand may hold four 7♥. E-3: a run holds a card
    once, so 5♥ 6♥ 7♥ is a run and the other three 7♥ are left over; a face held four times
    is still a face the hand holds."""
    rules = get_variant("european")
    arrangement = best_arrangement(rules, parse_cards("5H 6H 7H 7H 7H 7H"))
    assert [[str(card) for card in meld] for meld in arrangement.melds] == [["5H", "6H", "7H"]]
    assert [str(card) for card in arrangement.deadwood] == ["7H", "7H", "7H"]


@pytest.mark.parametrize(
    "cards",
    [
        # 3♠-4♠-(5♠), 4♠-(5♠)-(6♠), 6♠-7♠-(8♠), J♠-(Q♠)-(K♠)
        "6S 2C 2D JS 2S 2C 7S 3S 4S 4S 2H 2D",
        # 3♠-(4♠)-5♠-6♠-(7♠), 6♠-(7♠)-(8♠), K♠-(A♠)-2♠ round the corner
        "2S 3S 2H 5S 6S 6S 2D 2S 2D 2D KS",
    ],
)
def test_e2_e4_aces_both_and_twos_wild_a_hand_of_many_twos_melds_whole(cards: str) -> None:
    """E-2 "aces both" with E-4 "twos wild": a hand of spades and many twos. Every two is wild,
    so the hand melds whole, with nothing left over."""
    rules = get_variant("european", twos_wild=True, ace_rule="around")
    hand = parse_cards(cards)
    arrangement = best_arrangement(rules, hand)
    assert arrangement.deadwood == ()
    assert arrangement.penalty == 0
    assert sorted(card for meld in arrangement.melds for card in meld) == sorted(hand)
    assert full_arrangement(rules, hand) is not None


def test_r2_queen_king_ace_is_a_whole_hand_of_one_run() -> None:
    """R-2: aces high or low, so Q♠ K♠ A♠ is a run and a hand of those three cards melds
    whole; K♠ A♠ 2♠ does not turn the corner."""
    rules = get_variant("rummy500")
    whole = full_arrangement(rules, parse_cards("QS KS AS"))
    assert whole is not None
    assert [[str(card) for card in meld] for meld in whole.melds] == [["QS", "KS", "AS"]]
    assert full_arrangement(rules, parse_cards("KS AS 2S")) is None


def test_g10_an_empty_card_token_is_refused_with_a_reason() -> None:
    """G-10: text that is no card (an empty token, a lone letter) is refused as "not a card",
    never with an error of another kind."""
    for token in ("", "S", "1"):
        with pytest.raises(CardError, match="not a card"):
            Face.parse(token)


def test_g1_a_joker_has_no_suit() -> None:
    """G-1: jokers are the cards besides the 52 suited faces, so a joker with a suit is no card
    and is refused; the plain joker is the one joker face."""
    for suit in Suit:
        with pytest.raises(CardError, match="joker"):
            Face(JOKER_RANK, suit)
    assert Face(JOKER_RANK, None) == Face.parse("JK")


def test_g1_g11_a_recorded_deck_names_the_pack_of_a_card_it_cannot_hold() -> None:
    """G-1 and G-11: a Classic table of two plays with one pack, so a recorded deck that names
    K♠ of a second pack is refused, and the sentence counts packs from one: "pack 2"."""
    rules = get_variant("classic")
    with pytest.raises(IllegalAction) as refused:
        complete_deck(rules, 2, [Card(Face.parse("KS"), 1)])
    assert refusal_sentence(refused.value) == (
        "KS (pack 2) is not in the packs of a 2-player Classic Rummy table (G-1)."
    )
    with pytest.raises(IllegalAction) as twice:
        complete_deck(rules, 2, [Card(Face.parse("KS"))] * 2)
    assert refusal_sentence(twice.value) == "KS (pack 1) is named twice in the deck (G-1)."


def test_c5_d7_b5_a_loser_pays_for_the_whole_hand_except_in_boathouse() -> None:
    """C-5 and D-7: each loser pays for every card left in hand; B-5: in Boathouse Rum only
    for the cards left unmatched after the cheapest arrangement. The score lines say so."""
    for variant in ("classic", "double"):
        terms = deal_terms(get_variant(variant))
        assert terms.loser_line == "pays {points} for the cards in hand"
        assert terms.summary == "Each loser pays the winner the value of the cards left in hand."
    boathouse = deal_terms(get_variant("boathouse"))
    assert boathouse.loser_line == "pays {points} for unmatched {cards}"
    assert "(B-5)" in boathouse.summary


def test_r5_the_view_shows_the_cards_taken_from_the_pile_and_the_one_to_use() -> None:
    """R-5: cards taken from the discard pile this turn, the deepest of which must be used,
    are part of the position a player sees (P-2); after the deal nothing is owed any more."""
    game = new_game(get_variant("rummy500", top_discard_free=True), ["A", "B"], seed=3)
    game.apply(TakeDiscard())
    turn = game.state.deal.turn
    view = game.view(game.current)
    assert view.taken_from_discard == tuple(turn.taken_from_discard)
    assert len(view.taken_from_discard) == 1
    assert view.must_use == turn.must_use


def test_g2_a_name_with_a_joining_character_at_either_end_of_its_range_is_refused() -> None:
    """G-2: a player's name is plain text; characters that join or restyle the one before
    them (variation selectors, skin-tone modifiers, regional indicators) are refused, the
    first and the last of each range alike."""
    for code in (0xFE00, 0xFE0F, 0xE0100, 0xE01EF, 0x1F3FB, 0x1F3FF, 0x1F1E6, 0x1F1FF):
        assert name_refusal(f"Ann{chr(code)}") is not None, hex(code)
    assert name_refusal("Ann") is None


def test_g4_c2_a_waiting_hand_one_card_over_is_reported_while_another_plays() -> None:
    """G-4 and C-2: one card in, one card out, so only the player who has drawn holds one card
    more than dealt; a waiting seat with one card over (here from the stock) is reported while
    the other plays."""
    game = new_game(get_variant("classic"), ["A", "B"], seed=5)
    game.apply(DrawStock())
    assert game.phase is Phase.PLAY
    assert invariant_violations(game) == []
    deal = game.state.deal
    waiting = 1 - deal.current
    deal.hands[waiting].append(deal.stock.pop())
    problems = invariant_violations(game)
    assert any(f"seat {waiting} holds 11 cards" in problem for problem in problems), problems


def test_g6_d4_a_meld_is_written_with_the_card_each_joker_stands_for() -> None:
    """G-6 and D-4: a joker in a run stands for one card, and the meld as the log writes it
    says which: 5♥ 6♥ with a joker reads as 5-6-7 or as 4-5-6."""
    rules = get_variant("double")
    written = {reading.describe() for reading in meld_readings(rules, parse_cards("5H 6H JK"))}
    assert written == {"5H 6H JK=7H", "JK=4H 5H 6H"}


def test_r7_d6_a_joker_laid_off_goes_to_the_end_the_player_names() -> None:
    """R-7 and D-6: a joker that fits both ends of 5♥-6♥-7♥ is laid off where the player says:
    named as 4♥ it goes below the 5♥, not above the 7♥."""
    game = position("double", "JK 3S 4S 5S 9C", melds=(table_meld("double", "5H 6H 7H"),))
    game.apply(LayOffCard(card=c("JK"), meld_id=1, face=parse_face("4H")))
    assert meld_faces(game, 1) == ["4H", "5H", "6H", "7H"]


def test_e8_a_winner_who_drew_one_card_collects_five_chips_for_that_reason() -> None:
    """E-8: 5 chips when the winner drew only one card in the deal; with one joker in the
    winning hand that beats the 1 + 1 chips of the jokers, and the reason names the draw."""
    rules = get_variant("european")
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H TH JH QH KH 3C 4C 5C JK")
    one, none = chip_basis(rules, hand, 1), chip_basis(rules, hand, 0)
    assert (one.chips, payment_words(one)) == (5, "5 chips: drew only one card")
    assert (none.chips, payment_words(none)) == (10, "10 chips: went out without drawing a card")


def test_g8_a_meld_that_uses_the_deepest_card_but_strands_the_rest_names_g8() -> None:
    """R-5 and G-8: Anna took K♠ 7♥ 6♥ 5♥ from the pile (5♥ the deepest, to be used). Melding
    5♥ 6♥ 7♥ uses the 5♥, but K♠ is left, which she may not discard (G-8) and cannot play, so
    the meld is refused for G-8 (no end of the turn remains), not for the 5♥ of R-5."""
    game = position("rummy500", "", taken="5H 6H 7H KS", must_use="5H")
    reason = assert_refused(game, Meld(cards=tuple(cs("5H 6H 7H"))), "G-8")
    assert "(KS)" in reason


def test_e9_the_menu_offers_one_deal_per_player_first_then_common_lengths() -> None:
    """E-9: the match lasts a chosen number of deals, one per player by default. The new-game
    menu offers that default first, then 1, 2, 4, 6, 8 and 12 deals (other numbers may still be
    typed, G-10)."""
    rules = get_variant("european")
    (spec,) = [spec for spec in rules.options if spec.field == "deal_limit"]
    assert spec.choices == (None, 1, 2, 4, 6, 8, 12)
    assert rules.deal_limit is None


def test_b6_the_target_menu_offers_100_25_150_250_or_no_target() -> None:
    """B-6: the match target is 100 by default (25 with per-card scoring); the new-game menu
    offers 100 first, then 25, 150, 250 and no target."""
    rules = get_variant("boathouse")
    (spec,) = [spec for spec in rules.options if spec.field == "target_score"]
    assert spec.choices == (100, 25, 150, 250, None)
    assert rules.target_score == 100


def test_r12_the_target_menu_offers_500_first_then_250_and_1000() -> None:
    """R-12: first to 500 wins, and an option sets another target; the new-game menu offers the
    rule book's 500 first (the rules help and the top line name an option only when it is not
    its first choice), then 250 for a shorter match and 1000."""
    rules = get_variant("rummy500")
    (spec,) = [spec for spec in rules.options if spec.field == "target_score"]
    assert spec.choices == (500, 250, 1000)
    assert rules.target_score == 500


@pytest.mark.parametrize("variant_id", ["classic", "boathouse", "double", "rummy500", "european"])
def test_r1_g2_the_deal_tables_read_up_to_the_largest_table_and_no_further(variant_id: str) -> None:
    """R-1 (and every variant's deal table under G-2): "one pack for 2-4 players, two for 5-8;
    13 cards for two players, 7 for 3-8". Each "up to N players" table of a variant ends at
    its largest table and starts at or above its smallest, so it never names a table the
    variant cannot seat."""
    rules = get_variant(variant_id)
    for table in (rules.packs_by_players, rules.hand_size_by_players):
        bounds = [up_to for up_to, _ in table]
        assert bounds == sorted(bounds)
        assert bounds[0] >= rules.min_players
        assert bounds[-1] == rules.max_players
    if variant_id == "rummy500":
        assert rules.packs_by_players == ((4, 1), (8, 2))
        assert rules.hand_size_by_players == ((2, 13), (8, 7))
