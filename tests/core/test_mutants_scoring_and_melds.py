"""Rules that broken copies of the core (mutation testing) got past the other tests.

Each test states a rule of RULES.md by its id, with the numbers worked out from the rule, so
that a mutant that changes the rule (``>`` for ``>=``, a dropped condition, a swapped
comparison) fails here. See tests/README.md for the mutation run.
"""

from __future__ import annotations

from rummy_tui.core import get_variant, new_game
from rummy_tui.core.arrange import best_arrangement, may_go_out
from rummy_tui.core.cards import Face, Suit
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.meld_listing import enumerate_melds
from rummy_tui.core.melds import MeldKind, meld_readings, reading_to_meld
from rummy_tui.core.scoring import chip_basis, match_winners, score_deal, table_points
from rummy_tui.i18n.deal_words import score_line_words
from tests.core.helpers import cs


def _faces(cards: list[object]) -> list[str]:
    return [str(card) for card in cards]


# ----------------------------------------------------------------------------- C-1, G-5


def test_C1_four_cards_of_a_rank_are_one_group() -> None:
    rules = get_variant("classic")
    readings = meld_readings(rules, cs("7H 7S 7D 7C"))
    assert [reading.kind for reading in readings] == [MeldKind.GROUP]


def test_C1_every_group_of_a_hand_is_listed_natural_cards_only() -> None:
    """Four sevens make one group of four and four groups of three, all of natural cards."""
    rules = get_variant("classic")
    groups = [
        sorted(_faces(reading.cards))
        for reading in enumerate_melds(rules, cs("7H 7S 7D 7C 9C"))
        if reading.kind is MeldKind.GROUP
    ]
    assert sorted(groups) == sorted(
        [
            sorted(["7H", "7S", "7D", "7C"]),
            sorted(["7S", "7D", "7C"]),
            sorted(["7H", "7D", "7C"]),
            sorted(["7H", "7S", "7C"]),
            sorted(["7H", "7S", "7D"]),
        ]
    )


def test_R2_a_joker_on_a_group_stands_for_a_missing_suit() -> None:
    """R-2: never the same suit twice, so the joker can only be the fourth seven, 7♣."""
    rules = get_variant("rummy500", jokers_per_pack=1)
    (reading,) = meld_readings(rules, cs("7H 7S 7D"))
    meld = reading_to_meld(reading, 1, 0)
    options = layoff_options(rules, meld, cs("JK")[0])
    assert [option.face for option in options] == [Face(7, Suit.CLUBS)]


# -----------------------------------------------------------------------------


def _points(text: str) -> int:
    rules = get_variant("rummy500")
    (reading,) = [
        reading for reading in meld_readings(rules, cs(text)) if reading.kind is MeldKind.RUN
    ]
    return table_points(rules, [reading_to_meld(reading, 1, 0)], 0)


def test_R3_an_ace_low_in_a_run_is_worth_one() -> None:
    assert _points("AH 2H 3H") == 1 + 2 + 3


def test_R3_an_ace_high_in_a_run_is_worth_fifteen() -> None:
    assert _points("QH KH AH") == 10 + 10 + 15


# ----------------------------------------------------------------------------- C-5, C-6


def test_C6_reaching_the_target_exactly_wins_the_match() -> None:
    rules = get_variant("classic", target_score=100)
    game = new_game(rules, ["A", "B", "C"], seed=1)
    game.state.scores = [99, 40, 98]
    assert match_winners(game.state) == []
    game.state.scores = [100, 40, 99]
    assert match_winners(game.state) == [0]


def test_R13_partners_level_at_the_top_win_together() -> None:
    """R-13: partners share one score, so two partners on the same total are one winner."""
    rules = get_variant("rummy500", partnerships=True)
    game = new_game(rules, ["A", "B", "C", "D"], seed=1)
    game.state.scores = [520, 100, 520, 100]
    assert match_winners(game.state) == [0, 2]


def test_C5_each_line_shows_that_seat_s_own_change() -> None:
    """C-5: the winner gains what every loser's hand costs; a loser's own total is unchanged."""
    rules = get_variant("classic")
    game = new_game(rules, ["A", "B", "C"], seed=3)
    deal = game.state.deal
    deal.hands[0] = []
    deal.hands[1] = cs("KS 2C")
    deal.hands[2] = cs("AH 9D")
    deal.has_melded[0] = True
    result = score_deal(game.state, 0)
    assert [line.change for line in result.lines] == [12 + 10, 0, 0]
    assert [line.hand_points for line in result.lines][1:] == [12, 10]
    assert result.changes == (22, 0, 0)
    assert not result.rummy


# ----------------------------------------------------------------------------- E-8


def test_E8_twos_wild_pays_one_per_two_and_two_per_joker() -> None:
    rules = get_variant("european", twos_wild=True)
    hand = cs("JK JK JK 2H 4S 5S 6S")
    # 1 + 1 two + 2 x 3 jokers = 8; more than the 5 for one card drawn.
    assert chip_basis(rules, hand, 1).chips == 8
    assert chip_basis(rules, cs("JK 2H 2D 4S 5S"), 4).chips == 1 + 2 + 2


def test_E8_without_twos_wild_a_two_is_no_chip() -> None:
    rules = get_variant("european")
    assert chip_basis(rules, cs("JK 2H 2D 4S 5S"), 4).chips == 1 + 1


def test_E8_losers_lines_say_they_pay_and_the_winner_s_that_it_collects() -> None:
    rules = get_variant("european")
    game = new_game(rules, ["A", "B", "C"], seed=2)
    deal = game.state.deal
    deal.hands[1] = []
    deal.cards_drawn[1] = 3
    result = score_deal(game.state, 1)
    assert [line.change for line in result.lines] == [-10, 20, -10]
    said = [score_line_words(rules, result, line) for line in result.lines]
    assert said[1].startswith("collects 10 from each of the 2 others")
    assert all(said[seat].startswith("pays 10") for seat in (0, 2))


def test_D2_a_joker_makes_a_group_of_two_cards_of_one_face() -> None:
    """Double Rum repeats suits in groups (two packs): 7♥ 7♥ and a joker are a group."""
    rules = get_variant("double")
    result = best_arrangement(rules, cs("7H 7H JK 9C"))
    assert [sorted(card.key for card in reading.cards) for reading in result.readings] == [
        sorted(["7H", "7H.1", "JK"])
    ]
    assert _faces(list(result.deadwood)) == ["9C"]


def test_D2_groups_with_a_joker_are_listed() -> None:
    rules = get_variant("double")
    hand = cs("7H 7S JK")
    for listing in (enumerate_melds,):
        kinds = [reading.kind for reading in listing(rules, hand)]
        assert MeldKind.GROUP in kinds, listing


def test_E4_a_wild_two_stands_as_itself_in_its_own_run() -> None:
    rules = get_variant("european", twos_wild=True)
    hand = cs("AH 2H 3H")
    for listing in (enumerate_melds,):
        runs = [reading for reading in listing(rules, hand) if reading.kind is MeldKind.RUN]
        assert [_faces(reading.faces) for reading in runs] == [["AH", "2H", "3H"]], listing


def test_D2_a_hand_one_discard_from_a_repeated_suit_group_may_go_out() -> None:
    """``may_go_out`` must see 7♥ 7♥ + joker as a group where suits repeat (D-2)."""
    rules = get_variant("double")
    assert may_go_out(rules, cs("7H 7H JK 9C"))
    assert not may_go_out(rules, cs("7H 7H 9C KD"))
