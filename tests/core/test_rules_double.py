"""RULES.md section D: Double Rum, above all the moving end joker (D-5, D-6)."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Discard,
    DrawStock,
    Game,
    LayOffCard,
    Meld,
    Phase,
    get_variant,
    is_valid_meld,
    new_game,
    parse_face,
)
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.i18n.log_lines import entry_sentence
from tests.core.helpers import (
    assert_cards_conserved,
    assert_refused,
    c,
    cs,
    cycle,
    deal,
    meld_faces,
)

HEARTS = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def _table_run(run: str, faces: str | None, hand_rest: str) -> Game:
    """Bob (seat 1, first to play) draws and melds ``run`` with the joker named as in
    ``faces``; he still holds ``hand_rest`` and the card drawn (2C)."""
    cards = run.split()
    hand = " ".join([*cards, *hand_rest.split()])
    assert len(hand.split()) == 10
    game = deal("double", ["3S 4S 6S 8S 10S QS 3D 5D 7D 9D", hand], "KC", "2C")
    game.apply(DrawStock())
    named = None if faces is None else tuple(parse_face(face) for face in faces.split())
    game.apply(Meld(cards=tuple(cs(run)), faces=named))
    return game


def _addable(game: Game, meld_id: int = 1) -> list[str]:
    """Which hearts (and the second joker) may be laid off on the meld, by face."""
    meld = next(m for m in game.state.deal.melds if m.meld_id == meld_id)
    fits = []
    for token in [*HEARTS, "JK.1"]:
        if layoff_options(game.rules, meld, c(token)):
            fits.append(token)
    return fits


# --------------------------------------------------------------------------- D-1 .. D-4


def test_D1_two_packs_two_jokers_ten_cards_each() -> None:
    game = new_game(get_variant("double"), ["A", "B", "C", "D", "E", "F"], seed=2)
    assert len(game.state.deal.deck) == 106
    assert sum(card.is_joker for card in game.state.deal.deck) == 2
    assert [len(hand) for hand in game.state.deal.hands] == [10] * 6


def test_D2_groups_may_repeat_suits_with_no_upper_limit() -> None:
    rules = get_variant("double")
    assert is_valid_meld(rules, cs("KS KS KD"))
    assert is_valid_meld(rules, cs("KS KS KD KD KH KH KC"))
    game = deal(
        "double",
        ["3S 4S 6S 8S 10S QS 3D 5D 7D 9D", "KS KS KD KH KC KD 2H 4H 6H 8H"],
        "AC",
        "2C",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=(c("KS"), c("KS.1"), c("KD"))))
    game.apply(Meld(cards=(c("KH"), c("KC"), c("KD.1"))))
    assert [m.kind.value for m in game.state.deal.melds] == ["group", "group"]
    assert_cards_conserved(game)


def test_D2_a_group_grows_past_four_by_lay_off() -> None:
    game = deal(
        "double",
        ["3S 4S 6S 8S 10S QS 3D 5D 7D 9D", "KS KS KD KH KC KD 2H 4H 6H 8H"],
        "AC",
        "2C",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=(c("KS"), c("KS.1"), c("KD"), c("KH"))))
    game.apply(LayOffCard(card=c("KC"), meld_id=1))
    game.apply(LayOffCard(card=c("KD.1"), meld_id=1))
    assert len(game.state.deal.melds[0].cards) == 6


def test_D3_aces_high_or_low_never_round_the_corner() -> None:
    rules = get_variant("double")
    assert is_valid_meld(rules, cs("AH 2H 3H"))
    assert is_valid_meld(rules, cs("QH KH AH"))
    assert not is_valid_meld(rules, cs("KH AH 2H"))
    game = _table_run("QH KH AH", None, "KC AC 2C 2H 4H 5S 6S")
    assert_refused(game, Meld(cards=tuple(cs("KC AC 2C"))), "D-3")
    assert_refused(game, LayOffCard(card=c("2H"), meld_id=1), "C-2")  # nothing past a high ace


def test_D4_jokers_are_wild_in_groups_and_runs() -> None:
    rules = get_variant("double")
    assert is_valid_meld(rules, cs("KS KD JK"))
    assert is_valid_meld(rules, cs("5C JK 7C"))
    assert is_valid_meld(rules, cs("JK JK 7C"))
    game = _table_run("5C JK 7C", None, "KS KD JK 2S 3S 4S 6S")
    game.apply(Meld(cards=(c("KS"), c("KD"), c("JK.1"))))
    assert meld_faces(game, 1) == ["5C", "6C", "7C"]
    assert len(game.state.deal.melds) == 2


# --------------------------------------------------------------------------- D-5


def test_D5_joker_inside_a_run_stays_fixed() -> None:
    game = _table_run("5H JK 7H", None, "6H 4H 8H 9H 3S 5S 7S")
    assert meld_faces(game, 1) == ["5H", "6H", "7H"]
    reason = assert_refused(game, LayOffCard(card=c("6H"), meld_id=1), "D-5")
    assert "6H" in reason
    game.apply(LayOffCard(card=c("8H"), meld_id=1))
    game.apply(LayOffCard(card=c("4H"), meld_id=1))
    assert meld_faces(game, 1) == ["4H", "5H", "6H", "7H", "8H"]
    joker = game.state.deal.melds[0].cards[2]
    assert joker.card == c("JK") and not joker.moved


# --------------------------------------------------------------------------- D-6


@pytest.mark.parametrize("named", ["8H", "5H"])
def test_D6_on_7H_6H_Jo_only_8H_or_5H_whichever_card_the_joker_was_named(named: str) -> None:
    game = _table_run("7H 6H JK", f"7H 6H {named}", "3H 4H 5H 8H 9H 10H 2S")
    expected = ["5H", "6H", "7H"] if named == "5H" else ["6H", "7H", "8H"]
    assert meld_faces(game, 1) == expected
    fitting = [token for token in _addable(game) if token != "JK.1"]
    assert fitting == ["5H", "8H"]
    for token in ("3H", "4H", "9H", "10H"):
        assert_refused(game, LayOffCard(card=c(token), meld_id=1), "D-6")
    assert game.can(LayOffCard(card=c("5H"), meld_id=1))
    assert game.can(LayOffCard(card=c("8H"), meld_id=1))


def test_D6_on_7H_Jo_5H_only_8H_or_4H() -> None:
    game = _table_run("7H JK 5H", None, "3H 4H 6H 8H 9H 10H 2S")
    assert meld_faces(game, 1) == ["5H", "6H", "7H"]
    assert [token for token in _addable(game) if token != "JK.1"] == ["4H", "8H"]
    assert_refused(game, LayOffCard(card=c("6H"), meld_id=1), "D-5")
    assert_refused(game, LayOffCard(card=c("9H"), meld_id=1), "C-2")
    assert_refused(game, LayOffCard(card=c("3H"), meld_id=1), "C-2")


def test_D6_natural_card_displaces_the_end_joker_which_moves_once() -> None:
    game = _table_run("7H 6H JK", "7H 6H 8H", "4H 5H 8H 9H 3S 5S 7S")
    meld = game.state.deal.melds[0]
    assert [p.card for p in meld.cards] == cs("6H 7H JK")
    assert not meld.cards[-1].moved
    record = game.apply(LayOffCard(card=c("8H"), meld_id=1))
    assert "joker moves" in entry_sentence(record)
    meld = game.state.deal.melds[0]
    # 8H takes the joker's place; the joker goes to the other end as 5H, turned.
    assert [p.card for p in meld.cards] == cs("JK 6H 7H 8H")
    assert meld_faces(game, 1) == ["5H", "6H", "7H", "8H"]
    joker = meld.cards[0]
    assert joker.moved and joker.face == parse_face("5H") and joker.seat == 1
    assert meld.cards[-1].seat == 1 and meld.cards[-1].face == parse_face("8H")
    # A moved joker never moves again ...
    assert_refused(game, LayOffCard(card=c("5H"), meld_id=1), "D-6")
    # ... but the run may now grow past it, and at the other end.
    game.apply(LayOffCard(card=c("4H"), meld_id=1))
    game.apply(LayOffCard(card=c("9H"), meld_id=1))
    assert meld_faces(game, 1) == ["4H", "5H", "6H", "7H", "8H", "9H"]
    assert game.state.deal.melds[0].cards[1].card == c("JK")
    assert c("JK") not in game.state.deal.hands[1]
    assert_cards_conserved(game)


def test_D6_low_end_joker_moves_to_the_high_end() -> None:
    game = _table_run("7H 6H JK", "7H 6H 5H", "4H 5H 8H 9H 3S 5S 7S")
    assert_refused(game, LayOffCard(card=c("4H"), meld_id=1), "D-6")
    game.apply(LayOffCard(card=c("5H"), meld_id=1))
    meld = game.state.deal.melds[0]
    assert [p.card for p in meld.cards] == cs("5H 6H 7H JK")
    assert meld_faces(game, 1) == ["5H", "6H", "7H", "8H"]
    assert meld.cards[-1].moved
    assert_refused(game, LayOffCard(card=c("8H"), meld_id=1), "D-6")
    game.apply(LayOffCard(card=c("9H"), meld_id=1))
    game.apply(LayOffCard(card=c("4H"), meld_id=1))
    assert meld_faces(game, 1) == ["4H", "5H", "6H", "7H", "8H", "9H"]


def test_D6_another_player_may_displace_the_joker() -> None:
    game = deal(
        "double",
        ["8H 3S 4S 6S 8S 10S QS 3D 5D 7D", "7H 6H JK 2S 4H 6C 8C 10C QC 5S"],
        "KC",
        "2C 9C",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 6H JK"))))
    game.apply(Discard(card=c("2C")))
    game.apply(DrawStock())
    game.apply(LayOffCard(card=c("8H"), meld_id=1))
    meld = game.state.deal.melds[0]
    assert meld.cards[-1].seat == 0 and meld.cards[0].seat == 1 and meld.cards[0].moved


@pytest.mark.parametrize(
    ("run", "faces", "blocked"),
    [("AH 2H JK", None, "3H"), ("JK KH AH", "QH KH AH", "QH")],
)
def test_D6_an_ace_at_the_opposite_end_blocks_the_move(
    run: str, faces: str | None, blocked: str
) -> None:
    game = _table_run(run, faces, "3H QH 4H 9H 3S 5S 7S")
    assert_refused(game, LayOffCard(card=c(blocked), meld_id=1), "D-6")
    assert _addable(game) == []


def test_D6_nothing_is_laid_beyond_an_unmoved_end_joker() -> None:
    game = _table_run("7H 6H JK", "7H 6H 8H", "9H 3S 4S 5S 6S 7S 8S")
    assert_refused(game, LayOffCard(card=c("9H"), meld_id=1), "D-6")
    assert _addable(game) == ["5H", "8H", "JK.1"]
    meld = game.state.deal.melds[0]
    # the second joker goes only at the free end
    assert [option.face for option in layoff_options(game.rules, meld, c("JK.1"))] == [
        parse_face("5H")
    ]


def test_D6_jokers_at_both_ends_do_not_move() -> None:
    game = _table_run("JK 6H JK", "5H 6H 7H", "5H 7H 4H 8H 3S 4S 5S")
    assert_refused(game, LayOffCard(card=c("5H"), meld_id=1), "D-6")
    assert_refused(game, LayOffCard(card=c("7H"), meld_id=1), "D-6")
    assert_refused(game, LayOffCard(card=c("8H"), meld_id=1), "D-6")


# --------------------------------------------------------------------------- D-7, D-8

LOSER = "JK AS KD 5C 2H 3S 9D QC 4D 8S"
LOSER_POINTS = 15 + 11 + 10 + 5 + 2 + 3 + 9 + 10 + 4 + 8


def test_D7_losers_pay_every_card_and_rummy_doubles() -> None:
    game = deal("double", [LOSER, "3H 4H 5H 6H 7H 8H 9H 10H JH QH"], "KC", "KS", target_score=1000)
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("3H 4H 5H 6H 7H 8H 9H 10H JH QH"))))
    game.apply(Discard(card=c("KS")))
    result = game.state.results[-1]
    assert result.winner == 1 and result.rummy
    assert result.changes == (0, 2 * LOSER_POINTS)


def test_D7_no_doubling_after_an_earlier_meld() -> None:
    game = deal(
        "double",
        [LOSER, "3H 4H 5H 6H 7H 8H 9H 10H JH QH"],
        "KC",
        "KS 6C KH",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("3H 4H 5H"))))
    game.apply(Discard(card=c("KS")))
    cycle(game, 1)
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("6H 7H 8H 9H 10H JH QH KH"))))
    assert game.phase is Phase.DEAL_OVER
    result = game.state.results[-1]
    assert not result.rummy and result.changes == (0, LOSER_POINTS)


def test_D8_match_target_is_250() -> None:
    rules = get_variant("double")
    assert rules.target_score == 250
    game = deal("double", [LOSER, "3H 4H 5H 6H 7H 8H 9H 10H JH QH"], "KC", "KS")
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("3H 4H 5H 6H 7H 8H 9H 10H JH QH"))))
    game.apply(Discard(card=c("KS")))
    assert game.phase is Phase.DEAL_OVER and game.state.scores[1] == 2 * LOSER_POINTS < 250


def test_D6_joker_laid_off_at_an_end_is_an_end_joker() -> None:
    game = _table_run("5H 6H 7H", None, "JK 4H 8H 9H 3S 4S 5S")
    meld = game.state.deal.melds[0]
    faces = [option.face for option in layoff_options(game.rules, meld, c("JK"))]
    assert sorted(map(str, faces)) == ["4H", "8H"], "the player names which end"
    game.apply(LayOffCard(card=c("JK"), meld_id=1, face=parse_face("8H")))
    assert meld_faces(game, 1) == ["5H", "6H", "7H", "8H"]
    assert_refused(game, LayOffCard(card=c("9H"), meld_id=1), "D-6")
    game.apply(LayOffCard(card=c("8H"), meld_id=1))
    assert meld_faces(game, 1) == ["4H", "5H", "6H", "7H", "8H"]
    assert game.state.deal.melds[0].cards[0].moved


def test_D3_a_run_never_holds_the_ace_low_and_high_at_once() -> None:
    game = deal(
        "double",
        ["JH QH KH AH AH 3S 5S 6S 8S 10S", "2H 3H 4H 5H 6H 7H 8H 9H 10H 4S"],
        "KC",
        "2C",
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("2H 3H 4H 5H 6H 7H 8H 9H 10H"))))
    game.apply(Discard(card=c("2C")))
    game.apply(DrawStock())
    for token in ("JH", "QH", "KH", "AH"):
        game.apply(LayOffCard(card=c(token), meld_id=1))
    assert len(game.state.deal.melds[0].cards) == 13
    # The second ace of hearts may not go below the two: 14 cards, the ace twice.
    assert_refused(game, LayOffCard(card=c("AH.1"), meld_id=1), "C-2")
    assert not any(isinstance(action, LayOffCard) for action in game.legal_actions())
