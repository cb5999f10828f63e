"""RULES.md section E: European Rummy (Continental Rummy), above all the chip payments."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Discard,
    DrawStock,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    MeldSpec,
    Phase,
    TakeDiscard,
    get_variant,
    is_valid_meld,
    new_game,
)
from rummy_tui.core.meld_refusals import meld_refusal
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.variants import AceRule
from tests.core.helpers import (
    NAMES,
    assert_cards_conserved,
    assert_one_sentence_with_rule,
    assert_refused,
    c,
    cs,
    cycle,
    deal,
    go_out_now,
    next_deal_quick,
    quick_deck,
    said,
)

LOSER = "3C 5C 7C 9C JC KC 4D 6D 8D 3S 5S QS KS AC KH"
LOSER_2 = "4C 6C 8C 10C QC AD 2S 4S 7D JS 6H 8H 10H QH 3D"
NO_WILD = "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D 10D JD QD KD"
ONE_JOKER = "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD QD KD"
TWO_JOKERS = "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD JK KD"
TWOS_AND_JOKERS = "AH 2H 3H 4H 5H 6S 7S 2C 9S 10S 9D JK JD JK KD"  # 2 twos, 2 jokers
THREE_TWOS = "AH 2H 3H 4H 5H 6S 7S 2C 2D 10S 9D JK JD JK KD"  # 3 twos, 2 jokers


def _game(winner_hand: str, stock: str = "4H 6D 7H 8H", **options: object) -> Game:
    """Bob (seat 1) plays first holding ``winner_hand``."""
    return deal("european", [LOSER, winner_hand], "2S", stock, **options)


def _out_after_draws(game: Game, draws: int) -> None:
    """Bob draws ``draws`` times in all, discarding the card drawn, and goes out on the last."""
    for _ in range(draws - 1):
        cycle(game, 2)
    game.apply(DrawStock())
    drawn = game.state.deal.hands[1][-1]
    game.apply(GoOut(melds=(), discard=drawn))
    assert game.state.results[-1].winner == 1


def _paid(game: Game) -> int:
    result = game.state.results[-1]
    assert sum(result.changes) == 0
    return result.changes[1] // (len(game.players) - 1)


# --------------------------------------------------------------------------- E-1 .. E-4


@pytest.mark.parametrize(("players", "cards"), [(2, 106), (5, 106), (6, 159), (9, 159), (10, 212)])
def test_E1_packs_and_jokers_by_players(players: int, cards: int) -> None:
    game = new_game(get_variant("european"), list(NAMES[:players]), seed=1)
    deck = game.state.deal.deck
    assert len(deck) == cards
    assert sum(card.is_joker for card in deck) == cards // 53
    assert all(len(hand) == 15 for hand in game.state.deal.hands)


def test_E2_king_highest_ace_lowest() -> None:
    rules = get_variant("european")
    assert is_valid_meld(rules, cs("AH 2H 3H"))
    assert not is_valid_meld(rules, cs("QH KH AH"))
    assert not is_valid_meld(rules, cs("KH AH 2H"))
    problem = said(meld_refusal(rules, cs("QH KH AH")))
    assert problem is not None
    assert_one_sentence_with_rule(problem, "E-2")


def test_E2_option_aces_both() -> None:
    rules = get_variant("european", ace_rule=AceRule.AROUND)
    spec = next(option for option in rules.options if option.field == "ace_rule")
    assert spec.choices == (AceRule.LOW, AceRule.AROUND)
    assert is_valid_meld(rules, cs("KH AH 2H"))
    assert is_valid_meld(rules, cs("QH KH AH"))
    assert is_valid_meld(rules, cs("AH 2H 3H"))
    hand = "QH KH AH 2H 3H 6S 7S 8S 9S 10S 9D 10D JD QD KD"
    plain = _game(hand)
    assert_refused(plain, GoOut(melds=()), "E-7")
    both = _game(hand, ace_rule=AceRule.AROUND)
    both.apply(GoOut(melds=()))
    assert both.state.results[-1].winner == 1


def test_E3_runs_only() -> None:
    rules = get_variant("european")
    assert not is_valid_meld(rules, cs("7H 7S 7D"))
    problem = said(meld_refusal(rules, cs("7H 7S 7D")))
    assert problem is not None
    assert_one_sentence_with_rule(problem, "E-3")
    assert not is_valid_meld(rules, cs("5H 5H 6H 7H")), "never the same card twice in a run"
    problem = said(meld_refusal(rules, cs("5H 5H 6H 7H")))
    assert problem is not None
    assert_one_sentence_with_rule(problem, "E-3")
    game = _game("7H 7S 7D 8S 9S 10S 9H 10H JH QH 9D 10D JD QD KD")
    specs = (
        MeldSpec(cards=tuple(cs("7H 7S 7D"))),
        MeldSpec(cards=tuple(cs("8S 9S 10S"))),
        MeldSpec(cards=tuple(cs("9H 10H JH QH"))),
        MeldSpec(cards=tuple(cs("9D 10D JD QD KD"))),
    )
    assert_refused(game, GoOut(melds=specs), "E-3")


def test_E4_jokers_wild_and_option_twos_wild() -> None:
    rules = get_variant("european")
    assert is_valid_meld(rules, cs("5H JK 7H"))
    assert not is_valid_meld(rules, cs("5H 2C 7H"))
    twos = get_variant("european", twos_wild=True)
    assert is_valid_meld(twos, cs("5H 2C 7H"))
    assert is_valid_meld(twos, cs("2H 3H 4H")), "a two may stand as itself"
    spec = next(option for option in twos.options if option.field == "twos_wild")
    assert spec.choices == (False, True)


# --------------------------------------------------------------------------- E-5, E-6


def test_E5_turn_draw_then_discard_only_the_top_discard_shows() -> None:
    game = _game(NO_WILD)
    assert_refused(game, TakeDiscard(count=2), "E-5")
    assert game.view(0).discard_pile == (c("2S"),)
    game.apply(TakeDiscard())
    assert_refused(game, Meld(cards=tuple(cs("AH 2H 3H"))), "E-7")
    assert_refused(game, LayOffCard(card=c("AH"), meld_id=1), "E-7")
    assert_refused(game, Discard(card=c("2S")), "G-8")
    game.apply(Discard(card=c("KD")))
    assert_refused(game, Discard(card=c("3C")), "E-5")  # Anna must draw first
    cycle(game, 3)
    assert len(game.state.deal.discard) == 4
    assert game.view(1).discard_pile == (game.state.deal.discard[-1],)


def test_E6_stock_runs_out_the_pile_is_turned_over() -> None:
    game = new_game(get_variant("european"), ["Anna", "Bob"], seed=5, dealer=0)
    assert len(game.state.deal.stock) == 106 - 31
    cycle(game, 75)
    assert not game.state.deal.stock and game.phase is Phase.DRAW
    pile = list(game.state.deal.discard)
    seat = game.current
    game.apply(DrawStock())
    assert game.state.deal.rebuilds == 1
    assert game.state.deal.hands[seat][-1] == pile[0]
    assert list(reversed(game.state.deal.stock)) == pile[1:]
    assert_cards_conserved(game)


# --------------------------------------------------------------------------- E-7


def test_E7_go_out_before_drawing_with_no_discard() -> None:
    game = _game(ONE_JOKER)
    assert_refused(game, GoOut(melds=(), discard=c("KD")), "E-7")
    game.apply(GoOut(melds=()))
    assert game.phase is Phase.DEAL_OVER
    assert game.state.results[-1].winner == 1
    assert sum(len(meld.cards) for meld in game.state.deal.melds) == 15


def test_E7_go_out_after_drawing_and_discarding() -> None:
    game = _game(ONE_JOKER, stock="QC")
    game.apply(DrawStock())
    assert_refused(game, GoOut(melds=()), "E-7")  # after drawing, a discard is needed
    specs = (
        MeldSpec(cards=tuple(cs("AH 2H 3H 4H 5H"))),
        MeldSpec(cards=tuple(cs("6S 7S 8S 9S 10S"))),
        MeldSpec(cards=tuple(cs("9D JK JD QD KD"))),
    )
    game.apply(GoOut(melds=specs, discard=c("QC")))
    assert game.state.results[-1].winner == 1
    assert game.state.deal.discard[-1] == c("QC")


def test_E7_all_fifteen_cards_must_be_in_runs() -> None:
    game = _game("AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D 10D JD QD 4C", stock="QC")
    assert_refused(game, GoOut(melds=()), "E-7")
    game.apply(DrawStock())
    assert_refused(game, GoOut(melds=(), discard=c("QC")), "E-7")
    assert_refused(game, GoOut(melds=(), discard=c("AH")), "E-7")
    assert not any(isinstance(action, GoOut) for action in game.legal_actions())


# --------------------------------------------------------------------------- E-8


def test_E8_one_chip_plus_one_per_joker() -> None:
    game = _game(TWO_JOKERS)
    _out_after_draws(game, 2)
    assert _paid(game) == 1 + 2
    assert game.state.results[-1].changes == (-3, 3)


def test_E8_twos_wild_one_per_two_and_two_per_joker() -> None:
    game = _game(THREE_TWOS, twos_wild=True)
    _out_after_draws(game, 2)
    assert _paid(game) == 1 + 3 + 2 * 2


def test_E8_ten_chips_with_no_wild_card() -> None:
    game = _game(NO_WILD)
    _out_after_draws(game, 3)
    assert _paid(game) == 10


def test_E8_ten_chips_without_drawing() -> None:
    game = _game(ONE_JOKER)
    game.apply(GoOut(melds=()))
    assert game.state.deal.cards_drawn[1] == 0
    assert _paid(game) == 10


def test_E8_five_chips_after_one_draw() -> None:
    game = _game(ONE_JOKER)
    _out_after_draws(game, 1)
    assert game.state.deal.cards_drawn[1] == 1
    assert _paid(game) == 5


def test_E8_largest_amount_applies() -> None:
    # One draw (5) against 1 + 2 twos + 2 x 2 jokers = 7: the 7 applies.
    game = _game(TWOS_AND_JOKERS, twos_wild=True)
    _out_after_draws(game, 1)
    assert _paid(game) == 7
    # One draw (5) against no wild card (10): the 10 applies.
    game = _game(NO_WILD)
    _out_after_draws(game, 1)
    assert _paid(game) == 10
    # The table itself.
    rules = get_variant("european", twos_wild=True)
    many_twos = cs("2C 2D 2H 2S 2C 2D 2H 2S JK JK 3H 4H 5H 6H 7H")
    assert chip_basis(rules, many_twos, 0).chips == 1 + 8 + 4  # beats 10 for no draw


def test_E8_chips_are_zero_sum() -> None:
    game = deal("european", [LOSER, ONE_JOKER, LOSER_2], "2S", "4H")
    game.apply(GoOut(melds=()), seat=1)
    result = game.state.results[-1]
    assert result.changes == (-10, 20, -10)
    assert sum(result.changes) == 0 and sum(game.state.scores) == 0


# --------------------------------------------------------------------------- E-9


@pytest.mark.parametrize("players", [2, 3])
def test_E9_match_is_one_deal_per_player_by_default(players: int) -> None:
    rules = get_variant("european")
    assert rules.deal_limit is None and rules.target_score is None
    game = new_game(rules, list(NAMES[:players]), deck=quick_deck(rules, players, 0), dealer=0)
    dealers = []
    for number in range(players):
        dealers.append(game.state.deal.dealer)
        go_out_now(game)
        if number < players - 1:
            assert game.phase is Phase.DEAL_OVER
            next_deal_quick(game)
    assert game.phase is Phase.MATCH_OVER
    assert sorted(dealers) == list(range(players)), "everyone deals once"
    best = max(game.state.scores)
    assert game.state.winners == [s for s, score in enumerate(game.state.scores) if score == best]
    assert sum(game.state.scores) == 0


def test_E9_chosen_number_of_deals() -> None:
    rules = get_variant("european", deal_limit=1)
    game = new_game(rules, list(NAMES[:4]), deck=quick_deck(rules, 4, 0), dealer=0)
    go_out_now(game)
    assert game.phase is Phase.MATCH_OVER and game.state.winners == [1]
