"""Why a whole hand may not go down now (B-3, E-7): the core answers, the table only shows it.

``Game.go_out_refusal`` is what the table's go-out key reports when no go-out is open; after
the draw a hand with exactly one loose card is judged as going out with that card as the
discard, so the answer names what really stands in the way.
"""

from __future__ import annotations

from rummy_tui.core import DrawStock, GoOut
from tests.core.helpers import c, cs, deal
from tests.core.test_rules_european import LOSER

OTHER = "2S 3S 4S 6S 7S 8S 10H JH AC 3C"
"""Seat 0's hand in the Boathouse and Classic games (it never moves here)."""


def test_B3_refusal_after_the_draw_names_the_loose_cards_and_the_one_discard() -> None:
    game = deal("boathouse", [OTHER, "7H 8H 9H KS KD 2C 5C 9C 4D JD"], "10S", "QH 5S")
    game.apply(DrawStock())
    refusal = game.go_out_refusal()
    assert refusal is not None and refusal.rule == "B-3"
    assert refusal.code == "go_out.loose_cards_one_discard"
    assert not set(cs("7H 8H 9H")) & set(refusal.cards)  # the melded run is not named


def test_E7_one_loose_card_after_the_draw_is_the_discard_so_nothing_refuses() -> None:
    game = deal("european", [LOSER, "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD QD KD"], "2S", "QC")
    assert game.go_out_refusal() is None  # before the draw: the dealt hand goes down as it is
    game.apply(DrawStock())
    assert game.refusal(GoOut(melds=())) is not None  # without a discard it is refused (E-7)
    assert game.go_out_refusal() is None  # with QC as the discard it is not
    assert game.can(GoOut(melds=(), discard=c("QC")))


def test_E7_a_hand_that_cannot_go_out_is_refused_with_the_variant_rule() -> None:
    game = deal("european", [LOSER, "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D 10D JD QD 4C"], "2S", "QC")
    refusal = game.go_out_refusal()
    assert refusal is not None and refusal.rule == "E-7"
    game.apply(DrawStock())
    refusal = game.go_out_refusal()
    assert refusal is not None and refusal.rule == "E-7"


def test_C_going_out_by_playing_is_refused_where_melds_go_down_one_by_one() -> None:
    game = deal("classic", [OTHER, "7H 8H 9H KS KD 2C 5C 9C 4D JD"], "10S", "QH")
    refusal = game.go_out_refusal()
    assert refusal is not None and refusal.code == "go_out.by_playing"
