"""R-5 and G-8: a take or a play is allowed exactly when a legal end of the turn remains.

The engine's search (:mod:`rummy_tui.core.end_of_turn`) is checked against a brute force that
tries every sequence of melds (every subset of the hand, every reading) and lay-offs (every
meld, every way) on small random positions of every variant that melds during play, and the
engine itself is checked against the same brute force for pile takes and plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rummy_tui.core import (
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    Face,
    Game,
    LayOffCard,
    Meld,
    Phase,
    RuleSet,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.cards import JOKER_FACE, SUITS
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.end_of_turn import end_remains
from rummy_tui.core.layoffs import apply_layoff, layoff_options
from rummy_tui.core.melds import TableMeld, meld_readings, reading_to_meld
from rummy_tui.core.state import TurnState
from tests.core.helpers import assert_refused, c, cs, deal, over

# --------------------------------------------------------------------------- brute force


def brute_end_remains(
    rules: RuleSet,
    hand: Sequence[Card],
    melds: Sequence[TableMeld],
    taken: Sequence[Card],
    must_use: Card | None,
) -> bool:
    """Every sequence of melds and lay-offs, tried one by one (small positions only)."""
    blocked = set(taken)
    seen: set[tuple[object, ...]] = set()

    def ends(held: frozenset[Card]) -> bool:
        if must_use is not None and must_use in held:
            return False
        if any(card not in blocked for card in held):
            return True
        return not held and not rules.discard_to_go_out

    def search(held: frozenset[Card], table: tuple[TableMeld, ...]) -> bool:
        if ends(held):
            return True
        key = (held, tuple((m.start, tuple(m.cards)) for m in table))
        if key in seen:
            return False
        seen.add(key)
        cards = sorted(held)
        for size in range(3, len(cards) + 1):
            for chosen in combinations(cards, size):
                for reading in meld_readings(rules, chosen):
                    new = reading_to_meld(reading, 100 + len(table), 0)
                    if search(held - set(chosen), (*table, new)):
                        return True
        for card in cards:
            for number, meld in enumerate(table):
                for option in layoff_options(rules, meld, card):
                    grown = apply_layoff(rules, meld, option, 0)
                    after = (*table[:number], grown, *table[number + 1 :])
                    if search(held - {card}, after):
                        return True
        return False

    return search(frozenset(hand), tuple(melds))


# --------------------------------------------------------------------------- positions

VARIANTS = {
    "classic": get_variant("classic"),
    "double": get_variant("double"),
    "rummy500": get_variant("rummy500"),
    "rummy500 jokers": get_variant("rummy500", jokers_per_pack=1),
    "rummy500 must discard": get_variant("rummy500", discard_to_go_out=True),
}


@st.composite
def positions(draw: st.DrawFn) -> tuple[RuleSet, list[Card], list[TableMeld], list[Card], Card]:
    """A table of up to two melds and a hand of up to six cards, all from a few neighbouring
    ranks of one or two suits (so that the cards interact), plus which cards were just taken
    (often all of them or all but one: the positions where the search has most to do)."""
    rules = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    low = draw(st.integers(1, 10))
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
    ranks = [(low + step - 1) % 13 + 1 for step in range(draw(st.integers(4, 6)))]
    faces = [Face(rank, suit) for rank in ranks for suit in suits]
    copies = 2 if rules.variant_id == "double" else 1
    pool = [Card(face, copy) for face in faces for copy in range(copies)]
    if rules.has_wilds:
        pool += [Card(JOKER_FACE, copy) for copy in range(2)]
    pool = draw(st.permutations(pool))
    melds: list[TableMeld] = []
    used = 0
    for _ in range(draw(st.integers(0, 2))):
        size = draw(st.integers(3, 4))
        readings = meld_readings(rules, pool[used : used + size])
        if readings:
            melds.append(reading_to_meld(readings[0], len(melds) + 1, 1))
            used += size
    hand = pool[used : used + draw(st.integers(1, 6))]
    assume(hand)
    taken_count = draw(st.sampled_from(sorted({1, max(1, len(hand) - 1), len(hand)})))
    taken = hand[len(hand) - taken_count :]
    return rules, hand, melds, taken, taken[0]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.booleans())
def test_R5_G8_search_agrees_with_brute_force(
    position: tuple[RuleSet, list[Card], list[TableMeld], list[Card], Card], duty: bool
) -> None:
    rules, hand, melds, taken, deepest = position
    must_use = deepest if duty else None
    assert end_remains(rules, hand, melds, taken, must_use) == brute_end_remains(
        rules, hand, melds, taken, must_use
    )


def _engine_at(rules: RuleSet, hand: list[Card], melds: list[TableMeld], pile: list[Card]) -> Game:
    """A Rummy 500 or Classic game with this position written in (seat 0 to draw)."""
    game = new_game(rules, ["Anna", "Bob"], seed=1, dealer=1)
    state = game.state.deal
    state.hands[0] = list(hand)
    state.hands[1] = [card for card in cs("KC QC JC") if card not in hand and card not in pile]
    state.melds = list(melds)
    state.next_meld_id = 50
    state.discard = list(pile)
    state.current = 0
    state.phase = Phase.DRAW
    state.turn = TurnState()
    return game


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_R5_a_take_is_allowed_iff_a_legal_sequence_uses_the_deepest_card(
    position: tuple[RuleSet, list[Card], list[TableMeld], list[Card], Card],
) -> None:
    rules, hand, melds, taken, deepest = position
    if not rules.variant_id.startswith("rummy500") or len(taken) == len(hand):
        return
    held = [card for card in hand if card not in taken]
    pile = list(taken)  # bottom first: the deepest card is taken[0]
    game = _engine_at(rules, held, melds, pile)
    expected = brute_end_remains(rules, hand, melds, taken, deepest)
    assert game.can(TakeDiscard(count=len(pile))) == expected


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_G8_a_play_is_allowed_iff_a_legal_end_remains_after_it(
    position: tuple[RuleSet, list[Card], list[TableMeld], list[Card], Card],
) -> None:
    rules, hand, melds, taken, _ = position
    if len(taken) == len(hand):
        return
    game = _engine_at(rules, [card for card in hand if card not in taken], melds, [])
    state = game.state.deal
    state.hands[0] = list(hand)
    state.phase = Phase.PLAY
    state.turn = TurnState(taken_from_discard=list(taken), drew=True)
    for size in range(3, len(hand) + 1):
        for chosen in combinations(hand, size):
            for reading in meld_readings(rules, chosen):
                left = [card for card in hand if card not in chosen]
                after = [*melds, reading_to_meld(reading, 99, 0)]
                expected = (not left and not rules.discard_to_go_out) or (
                    bool(left) and brute_end_remains(rules, left, after, taken, None)
                )
                action = Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))
                assert game.can(action) == expected, action
    for card in hand:
        for meld in melds:
            for option in layoff_options(rules, meld, card):
                left = [other for other in hand if other is not card]
                grown = apply_layoff(rules, meld, option, 0)
                after = [grown if other is meld else other for other in melds]
                expected = (not left and not rules.discard_to_go_out) or (
                    bool(left) and brute_end_remains(rules, left, after, taken, None)
                )
                action = LayOffCard(card=card, meld_id=meld.meld_id, face=option.face)
                if option.end.value == "displace" or len(layoff_options(rules, meld, card)) == 1:
                    assert game.can(action) == expected, action


# --------------------------------------------------------------------------- the two positions


def _rummy500_after_bob_discards(card: str, anna: str) -> Game:
    """Bob melds 5♥ 6♥ 7♥ and discards ``card``; Anna (holding ``anna``) is to draw."""
    game = deal(
        "rummy500",
        [anna, "5H 6H 7H 9H 10H 2S 4S 6C 8D 10S QC KD AC"],
        "3D",
        "AS",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("5H 6H 7H"))))
    game.apply(Discard(card=c(card)))
    assert game.current == 0
    return game


def test_R5_taking_9h_to_lay_off_after_8h_is_allowed() -> None:
    """Rummy 500: 5♥ 6♥ 7♥ on the table, 9♥ on the pile, 8♥ in hand: lay off 8♥, then 9♥."""
    game = _rummy500_after_bob_discards("9H", "8H 2D 4C 6D 8S 10C QD KS JD 3C 5S 7S 2C")
    game.apply(TakeDiscard(count=1))  # refused before: 9H did not fit the run by itself
    assert game.state.deal.turn.must_use == c("9H")
    run = game.state.deal.melds[0].meld_id
    assert_refused(game, Discard(card=c("2D")), "R-5")
    game.apply(LayOffCard(card=c("8H"), meld_id=run))
    game.apply(LayOffCard(card=c("9H"), meld_id=run))
    assert game.state.deal.turn.must_use is None
    game.apply(Discard(card=c("2D")))
    assert game.current == 1


def test_R5_a_take_whose_deepest_card_has_no_use_is_still_refused() -> None:
    game = _rummy500_after_bob_discards("10H", "8H 2D 4C 6D 8S 10C QD KS JD 3C 5S 7S 2C")
    assert_refused(game, TakeDiscard(count=1), "R-5")  # 10H would need 8H and 9H


def _classic_anna_takes_kd(bob_melds_kings: bool) -> Game:
    game = deal(
        "classic",
        ["2C 3C 4C 5C 7H 7S 7D 9S 9H 9C", "KC KH KS KD 2D 4D 6H 8S 10D JS"],
        "QH",
        "QD QS",
    )
    game.apply(DrawStock())
    if bob_melds_kings:
        game.apply(Meld(cards=tuple(cs("KC KH KS"))))
    game.apply(Discard(card=c("KD")))
    game.apply(TakeDiscard())
    game.apply(Meld(cards=tuple(cs("2C 3C 4C 5C"))))
    game.apply(Meld(cards=tuple(cs("7H 7S 7D"))))
    return game


def test_G8_a_meld_may_leave_only_the_taken_card_when_it_can_still_be_laid_off() -> None:
    """Classic: K♦ taken with three kings on the table; melding 9♠ 9♥ 9♣ leaves only K♦, which
    then goes on the kings: out without a discard (C-3)."""
    game = _classic_anna_takes_kd(bob_melds_kings=True)
    game.apply(Meld(cards=tuple(cs("9S 9H 9C"))))  # refused before (G-8 read as a play rule)
    assert game.state.deal.hands[0] == [c("KD")]
    kings = game.state.deal.melds[0].meld_id
    game.apply(LayOffCard(card=c("KD"), meld_id=kings))
    assert over(game) and game.state.results[-1].winner == 0


def test_G8_a_meld_that_leaves_no_legal_end_is_refused() -> None:
    game = _classic_anna_takes_kd(bob_melds_kings=False)
    assert_refused(game, Meld(cards=tuple(cs("9S 9H 9C"))), "G-8")  # K♦ could go nowhere


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "double", "european", "boathouse", "boathouse hoyle"]),
    st.randoms(use_true_random=False),
    st.integers(1, 6),
)
def test_G8_a_take_in_the_other_variants_always_leaves_a_legal_end(
    variant: str, rng: Any, size: int
) -> None:
    """Classic, Double Rum, European Rummy and Boathouse take one or two pile cards and keep
    every card held before: a card to discard always remains, so the take is allowed, and the
    brute force agrees where plays exist."""
    name, _, hoyle = variant.partition(" ")
    options = {"draw_rule": "hoyle"} if hoyle else {}
    rules = get_variant(name, **options)
    deck = full_deck(rules, 2)
    rng.shuffle(deck)
    hand, pile = deck[:size], deck[size : size + 2]
    game = _engine_at(rules, hand, [], pile)
    take = TakeDiscard() if rules.draw_rule.value == "single" else None
    if take is None:
        take = DrawTwo(first="discard", second="discard" if hoyle else "stock")
    assert game.can(take)
    taken = pile[::-1][: 2 if hoyle else 1]
    assert end_remains(rules, hand + taken, [], taken)
    if rules.meld_during_play:
        assert brute_end_remains(rules, hand + taken, [], taken, None)


def test_R5_R9_a_dig_whose_cards_all_go_down_as_a_group_and_a_lay_off_is_allowed() -> None:
    """Rummy 500: Anna holds 7♥ 7♠; the pile is 7♦ under Q♠, and 9♠ 10♠ J♠ is on the table.
    Digging to 7♦ is legal: 7♦ 7♥ 7♠ go down as a group and Q♠ is laid off on the run, which
    empties the hand (R-9) with no card left that she may discard. No card of hers is free to
    discard, so the search must find the group itself."""
    rules = get_variant("rummy500")
    run = reading_to_meld(meld_readings(rules, cs("9S 10S JS"))[0], 1, 1)
    game = _engine_at(rules, cs("7H 7S"), [run], cs("7D QS"))
    game.apply(TakeDiscard(count=2))
    game.apply(Meld(cards=tuple(cs("7D 7H 7S"))))
    game.apply(LayOffCard(card=c("QS"), meld_id=run.meld_id))
    assert game.state.deal.hands[0] == []
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)


def test_R5_G8_a_dig_that_would_strand_a_taken_card_is_refused() -> None:
    """Rummy 500: 5♥ 6♥ 7♥ on the table, Anna holds only 8♥, the pile is 9♥ under K♣. Taking
    both puts 9♥ down (lay off 8♥, then 9♥) but leaves K♣, which fits nothing and was taken
    this turn, so it may not be discarded (G-8): no legal end of the turn remains."""
    rules = get_variant("rummy500")
    run = reading_to_meld(meld_readings(rules, cs("5H 6H 7H"))[0], 1, 1)
    game = _engine_at(rules, cs("8H"), [run], cs("9H KC"))
    assert_refused(game, TakeDiscard(count=2), "R-5")
    assert game.can(DrawStock())
