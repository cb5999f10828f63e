"""Rules that broken copies of the core got past the other tests (mutation sample, December 2026).

Each test states one behaviour of RULES.md by its id, worked out from the rule text, so that a
mutant changing it fails here. See tests/README.md, "Mutation testing", for the run and the figures.
"""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    Face,
    Game,
    GoOut,
    IllegalAction,
    Meld,
    MeldSpec,
    Phase,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.cards import SUITS, all_faces
from rummy_tui.core.dealing import deal_cards, full_deck
from rummy_tui.core.game import name_refusal
from rummy_tui.core.meld_refusals import meld_refusal
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.state import DealEnding
from rummy_tui.core.takeback import notes_from_extra, notes_to_extra, public_log
from rummy_tui.core.variants.ruleset import RulesError
from rummy_tui.i18n.deal_words import ending_words, payment_words
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import NAMES, assert_refused, c, cs, cycle, deal, position

# ----------------------------------------------------------------------------- G-1


def test_G1_a_joker_may_be_written_as_the_word_joker_in_any_case() -> None:
    for token in ("JOKER", "joker", "Joker"):
        assert Face.parse(token).is_joker, token


def test_G1_a_card_of_a_later_pack_keeps_its_pack_when_read_from_its_key() -> None:
    """Cards of several packs look alike but are distinct physical cards (G-1)."""
    second = Card.from_key("QD.1")
    assert second.copy == 1 and second.face == Face.parse("QD")
    assert second != Card.from_key("QD") and second.key == "QD.1"
    assert Card.from_key(" 9C.2 ").copy == 2


# ----------------------------------------------------------------------------- E-3


def test_E3_two_sevens_and_a_joker_are_refused_as_a_group() -> None:
    """European Rummy has runs only: 7♥ 7♠ Jo is a group, so E-3 refuses it."""
    refusal = meld_refusal(get_variant("european"), cs("7H 7S JK"))
    assert refusal is not None
    assert (refusal.code, refusal.rule) == ("meld.groups_not_melds", "E-3")


# ----------------------------------------------------------------------------- C-5, E-8


def test_C5_a_rummy_deal_says_rummy_in_its_result() -> None:
    """Bob goes out in one turn without having melded before: a rummy, and the result says so."""
    game = deal(
        "classic",
        ["AC 5C 5D 8S 10S 10D 4S", "AH 2H 3H 4H 5H 6H 7H", "AS 2S 3D 9C JD QC KC"],
        "9H",
        "KS",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("AH 2H 3H 4H 5H 6H 7H"))))
    game.apply(Discard(card=c("KS")))
    result = game.state.results[-1]
    assert result.rummy and result.ending == DealEnding(code="went_out", seat=1)
    assert ending_words(result.ending, "Bob") == "Bob went out."


def test_C5_a_deal_that_is_no_rummy_does_not_say_rummy() -> None:
    """Anna melded on an earlier turn before going out: no rummy, and the result says none."""
    game = position("classic", "7H", phase=Phase.PLAY)
    game.state.deal.has_melded[0] = True
    game.apply(Discard(card=game.state.deal.hands[0][0]))
    result = game.state.results[-1]
    assert not result.rummy and result.ending == DealEnding(code="went_out", seat=0)


def test_E8_a_hand_without_wild_cards_is_paid_ten_and_says_why() -> None:
    """Three cards drawn, no joker in the hand: 10 chips for a hand without a wild card (E-8)."""
    rules = get_variant("european")
    payment = chip_basis(rules, cs("3H 4H 5H 9S 10S JS"), 3)
    assert payment.chips == 10
    assert payment_words(payment) == "10 chips: no wild card in the winning hand"


# ----------------------------------------------------------------------------- G-9


def test_G9_a_dead_deal_changes_every_player_s_score_by_zero() -> None:
    """A deal ended by the dead-hand guard scores nothing: one zero per player on the sheet."""
    game = new_game(get_variant("classic"), list(NAMES[:6]), seed=21, dealer=2)
    for _ in range(2000):
        if game.phase is not Phase.DRAW:
            break
        cycle(game, 1)
    result = game.state.results[-1]
    assert result.dead
    assert result.changes == (0, 0, 0, 0, 0, 0)
    assert result.ending is not None and result.ending.code == "dead"
    assert ending_words(result.ending, "").startswith("Dead hand: the stock ran out after")


# ----------------------------------------------------------------------------- P-4


def test_P4_a_saved_note_for_a_seat_that_does_not_exist_is_left_out() -> None:
    """A damaged save's take-back note naming seat 2 of a two-seat table is not shown."""
    game = deal(
        "classic",
        ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 5C 2S JS 3H AC QS"],
        "3D",
        "KS 4S 9D 9C",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    game.take_back()
    (note,) = notes_to_extra(game)
    assert isinstance(note, dict)
    fresh = game.copy()
    notes_from_extra(fresh, [{**note, "seat": 2}, {**note, "seat": -1}])
    assert fresh.state.take_back_notes == []
    notes_from_extra(fresh, [{**note, "seat": 0}])
    assert len(fresh.state.take_back_notes) == 1


# ----------------------------------------------------------------------------- R-5, B-1


def test_R5_a_take_deeper_than_the_pile_names_the_count_asked_for() -> None:
    game = position("rummy500", "2C 3C 4C", phase=Phase.DRAW)
    size = len(game.state.deal.discard)
    with pytest.raises(IllegalAction) as caught:
        game.apply(TakeDiscard(count=size + 5))
    refusal = caught.value
    assert (refusal.code, refusal.rule) == ("take.too_deep", "R-5")
    assert refusal.values["count"] == size + 5 and refusal.values["size"] == size
    assert f"not {size + 5}" in refusal_sentence(refusal)


def test_B1_the_log_names_the_discard_taken_in_a_two_card_draw() -> None:
    """The discard pile is public (P-2), so the log says which discard Bob took (B-1)."""
    game = deal(
        "boathouse",
        ["8H 9H 10H 10S 10C 5D KS KC AS 2C", "3D 2D AD KD QD 7S 7H 7C 4S 5S"],
        "8C",
        "6S 10D JD QH",
    )
    game.apply(DrawTwo(first="discard", second="stock"))
    line = entry_sentence(public_log(game)[-1])
    assert "8C" in line and "None" not in line


def test_R5_a_meld_without_the_deepest_card_leaves_it_still_to_be_used() -> None:
    """Anna took 5♦ from the pile; melding her fours does not use it, so she may not yet
    discard (R-5); melding 5♦ 6♦ 7♦ does, and then she may (and is out)."""
    game = position("rummy500", "6D 7D 2H 4C 4S 4D", taken="5D", must_use="5D")
    game.apply(Meld(cards=tuple(cs("4C 4S 4D"))))
    assert game.state.deal.turn.must_use == c("5D")
    assert_refused(game, Discard(card=c("2H")), "R-5")
    game.apply(Meld(cards=tuple(cs("5D 6D 7D"))))
    assert game.state.deal.turn.must_use is None
    game.apply(Discard(card=c("2H")))
    assert game.state.results[-1].winner == 0, "her last card went on the pile: she is out"


# ----------------------------------------------------------------------------- G-4


def test_G4_a_deck_of_exactly_the_hands_and_the_upcard_can_be_dealt() -> None:
    """Two Classic players take 10 cards each and one is turned up: 21 cards are enough."""
    rules = get_variant("classic")
    deck = full_deck(rules, 2)[:21]
    dealt = deal_cards(rules, 2, 0, deck, 1)
    assert [len(hand) for hand in dealt.hands] == [10, 10]
    assert dealt.discard == [deck[20]] and dealt.stock == []
    with pytest.raises(IllegalAction) as caught:
        deal_cards(rules, 2, 0, deck[:20], 1)
    assert (caught.value.code, caught.value.rule) == ("deck.too_small", "G-4")
    assert caught.value.values == {"size": 20, "needed": 21}
    assert "21" in refusal_sentence(caught.value)


# ----------------------------------------------------------------------------- B-3


def _go_out_line(game: Game) -> str:
    (line,) = [
        entry_sentence(entry) for entry in public_log(game) if "goes out:" in entry_sentence(entry)
    ]
    return line


def test_B3_the_log_of_a_go_out_names_the_final_discard_only_when_there_is_one() -> None:
    winner = "3D 2D AD KD QD 7S 7H 7C 4S 5S"
    loser = "8H 9H 10H 10S 10C 5D KS KC AS 2C"
    game = deal("boathouse", [loser, winner], "8C", "6S")
    game.apply(DrawStock())
    game.apply(GoOut(melds=()))
    line = _go_out_line(game)
    assert line.startswith("Bob goes out: ") and line.endswith("6S.")
    assert "discarding" not in line
    game = deal("boathouse", [loser, winner], "8C", "6S")
    game.apply(DrawStock())
    specs = (
        MeldSpec(cards=tuple(cs("QD KD AD 2D"))),
        MeldSpec(cards=tuple(cs("7S 7H 7C"))),
        MeldSpec(cards=tuple(cs("4S 5S 6S"))),
    )
    game.apply(GoOut(melds=specs, discard=c("3D")))
    assert _go_out_line(game).endswith(", discarding 3D.")


# ----------------------------------------------------------------------------- C-3


def test_C3_a_whole_hand_go_out_in_classic_is_refused_naming_the_variant() -> None:
    """Classic players go out by playing their last cards (C-3), not by a whole-hand go-out."""
    game = position("classic", "2C 3C 4C")
    with pytest.raises(IllegalAction) as caught:
        game.apply(GoOut(melds=()))
    refusal = caught.value
    assert (refusal.code, refusal.rule) == ("go_out.by_playing", "C-3")
    assert refusal.values["variant"] == game.rules.name
    assert refusal_sentence(refusal).startswith(f"In {game.rules.name} you go out")


# ----------------------------------------------------------------------------- G-6, G-11


def test_G6_the_log_keeps_the_card_a_joker_was_named_as() -> None:
    """Anna melds 5♥ Jo 7♥: the joker can only be 6♥ there, and the logged meld says so, so the
    deal can be replayed and checked (G-11)."""
    game = position("double", "5H JK 7H 9C 9D 2S 3S 4D")
    game.apply(Meld(cards=tuple(cs("5H JK 7H"))))
    record = game.state.log[-1]
    assert isinstance(record.action, Meld)
    assert record.action.faces == tuple(Face.parse(token) for token in ("5H", "6H", "7H"))


# ----------------------------------------------------------------------------- G-2, G-10


def test_G2_a_pile_of_invisible_marks_in_a_name_is_refused() -> None:
    """U+034F is a non-spacing mark that combines with nothing visible: three after a letter
    are a pile of marks, and one at the start has no letter to sit on."""
    pile = name_refusal("A\u034f\u034f\u034f")
    assert pile is not None and (pile.code, pile.rule) == ("setup.name_accent_pile", "G-2")
    leading = name_refusal("\u034fAnna")
    assert leading is not None and leading.code == "setup.name_leading_mark"
    assert name_refusal("Zoe\u0301") is None


def test_G2_a_name_with_unsafe_characters_names_their_codes_in_a_list() -> None:
    """Control and direction characters are refused with their code points, comma-separated."""
    refused = name_refusal("An\u202ena\u200f")
    assert refused is not None and refused.rule == "G-2"
    assert "(U+200F, U+202E)" in refusal_sentence(refused)


def test_G10_an_unknown_option_lists_every_option_of_the_variant() -> None:
    rules = get_variant("classic")
    names = ", ".join(sorted(option.field for option in rules.options))
    with pytest.raises(RulesError) as caught:
        get_variant("classic", wild_tens=True)
    assert f"(options: {names})." in str(caught.value)


# ----------------------------------------------------------------------------- G-8


def test_G8_listed_melds_use_the_copy_taken_from_the_pile() -> None:
    """Double Rum, two K♦ in hand after the take, one of them just taken: the melds with one K♦
    that the engine offers put the taken copy down, so the copy that may still be discarded
    stays in hand."""
    game = position("double", "KS KH KD 5C 9D 2S", taken="KD.1")
    offered = [
        action
        for action in game.legal_actions()
        if isinstance(action, Meld)
        and sum(card.face == Face.parse("KD") for card in action.cards) == 1
    ]
    assert offered, "melds with one K♦ are offered (K♠ K♥ K♦, for one)"
    for action in offered:
        assert c("KD.1") in action.cards and c("KD") not in action.cards


def test_G1_the_suited_faces_are_the_52_of_a_pack_clubs_first_ace_to_king() -> None:
    """G-1: a pack holds A, 2-10, J, Q, K in each of the four suits; the list the computer
    players count unseen cards with has each exactly once, in suit order, ace to king."""
    faces = all_faces()
    assert len(faces) == 52 and len(set(faces)) == 52
    assert [face.suit for face in faces[::13]] == list(SUITS)
    assert [face.rank for face in faces[:13]] == list(range(1, 14))
    assert not any(face.is_joker for face in faces)
