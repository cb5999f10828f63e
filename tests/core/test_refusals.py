"""G-10: every refusal the engine can give, by its code and rule id, as data.

Each row builds a position, tries one action and checks the refusal's ``code`` and ``rule``,
that its sentence names the rule, and that the state did not change. The last tests check
that the table covers every code, that the sentence is built from the refusal's fields alone
and that table melds are written as the table writes them (``JK=2♦``).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from rummy_tui.core import (
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Game,
    GoOut,
    IllegalAction,
    LayOffCard,
    Meld,
    MeldSpec,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    new_game,
    parse_face,
    stack_deck,
)
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.dealing import deal_cards
from rummy_tui.core.meld_refusals import meld_refusal
from rummy_tui.core.takeback import TAKE_BACK_CODES
from rummy_tui.i18n.refusals import MESSAGES, refusal_sentence
from rummy_tui.match.setup import parse_players
from tests.core.helpers import assert_one_sentence_with_rule, c, cs, position, table_meld

UI_ONLY = {"layoff.table_empty", "layoff.fits_nowhere"}
"""Codes the interface builds when a card fits no meld at all (tested with the controller)."""


def over(variant: str, phase: Phase) -> Game:
    game = position(variant, "2C 3C 4C", phase=phase)
    return game


def refuse(game: Game, action: Any, seat: int | None = None) -> Callable[[], None]:
    def attempt() -> None:
        before = game.to_json()
        try:
            game.apply(action, seat)
        finally:
            assert game.to_json() == before, "a refused action changed the game"

    return attempt


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], None]:
    def attempt() -> None:
        function(*args, **kwargs)

    return attempt


def raise_meld_refusal(variant: str, text: str, **options: Any) -> Callable[[], None]:
    def attempt() -> None:
        refusal = meld_refusal(get_variant(variant, **options), cs(text))
        assert refusal is not None
        raise refusal

    return attempt


RUN_5_7H = table_meld("classic", "5H 6H 7H")
EUROPEAN_HAND = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"

CASES: list[tuple[str, str, Callable[[], Callable[[], None]]]] = [
    ("match.over", "C-6", lambda: refuse(over("classic", Phase.MATCH_OVER), DrawStock())),
    ("match.over", "R-12", lambda: refuse(over("rummy500", Phase.MATCH_OVER), DrawStock())),
    ("match.over_no_deal", "E-9", lambda: refuse(over("european", Phase.MATCH_OVER), StartDeal())),
    ("deal.over", "G-4", lambda: refuse(over("classic", Phase.DEAL_OVER), DrawStock())),
    ("deal.in_progress", "G-4", lambda: refuse(over("classic", Phase.DRAW), StartDeal())),
    (
        "deal.deck_incomplete",
        "G-11",
        lambda: refuse(over("classic", Phase.DEAL_OVER), StartDeal(deck=tuple(cs("AS 2S")))),
    ),
    ("turn.no_seat", "G-2", lambda: refuse(over("classic", Phase.DRAW), DrawStock(), 9)),
    ("turn.not_yours", "G-2", lambda: refuse(over("classic", Phase.DRAW), DrawStock(), 1)),
    ("action.unknown", "G-10", lambda: refuse(over("classic", Phase.DRAW), object())),
    ("draw.already_drawn", "C-2", lambda: refuse(over("classic", Phase.PLAY), DrawStock())),
    ("draw.already_drawn", "R-5", lambda: refuse(over("rummy500", Phase.PLAY), DrawStock())),
    (
        "meld.draw_first",
        "C-2",
        lambda: refuse(over("classic", Phase.DRAW), Meld(cards=tuple(cs("2C 3C 4C")))),
    ),
    (
        "layoff.draw_first",
        "R-5",
        lambda: refuse(
            position("rummy500", "8H", melds=(RUN_5_7H,), phase=Phase.DRAW),
            LayOffCard(card=c("8H"), meld_id=1),
        ),
    ),
    (
        "discard.draw_first",
        "E-5",
        lambda: refuse(over("european", Phase.DRAW), Discard(card=c("2C"))),
    ),
    (
        "cards.repeated",
        "G-1",
        lambda: refuse(over("classic", Phase.PLAY), Meld(cards=(c("2C"), c("2C"), c("3C")))),
    ),
    (
        "cards.not_in_hand",
        "G-1",
        lambda: refuse(over("classic", Phase.PLAY), Discard(card=c("KH"))),
    ),
    (
        "take.pile_empty",
        "R-5",
        lambda: refuse(position("rummy500", "2C", phase=Phase.DRAW, pile=""), TakeDiscard()),
    ),
    (
        "take.pile_empty",
        "C-2",
        lambda: refuse(position("classic", "2C", phase=Phase.DRAW, pile=""), TakeDiscard()),
    ),
    (
        "draw.stock_not_rebuilt",
        "R-10",
        lambda: refuse(position("rummy500", "2C", phase=Phase.DRAW, stock=""), DrawStock()),
    ),
    (
        "draw.rebuild_limit",
        "G-9",
        lambda: refuse(rebuilt(position("classic", "2C", phase=Phase.DRAW, stock="")), DrawStock()),
    ),
    (
        "draw.nothing_left",
        "C-4",
        lambda: refuse(position("classic", "2C", phase=Phase.DRAW, stock="", pile=""), DrawStock()),
    ),
    (
        "take.two_card_draw_only",
        "B-1",
        lambda: refuse(over("boathouse", Phase.DRAW), TakeDiscard()),
    ),
    ("take.top_only", "C-2", lambda: refuse(over("classic", Phase.DRAW), TakeDiscard(count=2))),
    ("take.too_deep", "R-5", lambda: refuse(over("rummy500", Phase.DRAW), TakeDiscard(count=9))),
    (
        "take.deepest_unusable",
        "R-5",
        lambda: refuse(
            position("rummy500", "8H 2S", melds=(RUN_5_7H,), phase=Phase.DRAW, pile="10H"),
            TakeDiscard(),
        ),
    ),
    (
        "draw_two.not_offered",
        "C-2",
        lambda: refuse(over("classic", Phase.DRAW), DrawTwo(first="stock", second="stock")),
    ),
    (
        "draw_two.boathouse_forms",
        "B-1",
        lambda: refuse(over("boathouse", Phase.DRAW), DrawTwo(first="discard", second="discard")),
    ),
    (
        "draw_two.hoyle_forms",
        "B-1",
        lambda: refuse(
            position("boathouse", "2C", phase=Phase.DRAW, draw_rule="hoyle"),
            DrawTwo(first="stock", second="stock"),
        ),
    ),
    ("end_deal.not_allowed", "R-10", lambda: refuse(over("classic", Phase.DRAW), EndDeal())),
    (
        "play.whole_hand_only",
        "B-2",
        lambda: refuse(over("boathouse", Phase.PLAY), Meld(cards=tuple(cs("2C 3C 4C")))),
    ),
    (
        "play.whole_hand_only",
        "E-7",
        lambda: refuse(over("european", Phase.PLAY), Meld(cards=tuple(cs("2C 3C 4C")))),
    ),
    (
        "play.keep_discard",
        "R-9",
        lambda: refuse(
            position("rummy500", "2C 3C 4C", discard_to_go_out=True),
            Meld(cards=tuple(cs("2C 3C 4C"))),
        ),
    ),
    (
        "play.deepest_stranded",
        "R-5",
        lambda: refuse(
            position("rummy500", "6D 7D 7S 7C 2H", taken="5D", must_use="5D"),
            Meld(cards=tuple(cs("7D 7S 7C"))),
        ),
    ),
    (
        "play.no_end",
        "G-8",
        lambda: refuse(
            position("classic", "9S 9H 9C", taken="KD"), Meld(cards=tuple(cs("9S 9H 9C")))
        ),
    ),
    ("meld.too_few", "G-5", lambda: raise_meld_refusal("classic", "7H 8H")),
    ("meld.no_natural", "G-6", lambda: raise_meld_refusal("double", "JK JK JK")),
    (
        "meld.all_wild_named",
        "G-6",
        lambda: refuse(
            position("european", f"2H 2S JK {EUROPEAN_HAND}", phase=Phase.DRAW, twos_wild=True),
            GoOut(
                melds=(
                    MeldSpec(cards=tuple(cs("2H 2S JK")), faces=tuple(faces("5H 6H 7H"))),
                    MeldSpec(cards=tuple(cs(EUROPEAN_HAND))),
                )
            ),
        ),
    ),
    (
        "meld.wild_naming",
        "G-6",
        lambda: refuse(
            position("double", "5H 6H JK 2C"),
            Meld(cards=tuple(cs("5H 6H JK")), faces=tuple(faces("5H 6H 9H"))),
        ),
    ),
    ("meld.groups_not_melds", "E-3", lambda: raise_meld_refusal("european", "7H 7S 7D")),
    ("meld.group_too_big", "G-5", lambda: raise_meld_refusal("classic", "7H 7S 7D 7C 7H")),
    ("meld.group_too_big", "R-2", lambda: raise_meld_refusal("rummy500", "7H 7S 7D 7C 7H")),
    ("meld.group_repeat_suit", "R-2", lambda: raise_meld_refusal("rummy500", "7H 7H 7S")),
    ("meld.not_a_meld", "G-5", lambda: raise_meld_refusal("classic", "7H 9H JH")),
    ("run.mixed_suits", "G-5", lambda: raise_meld_refusal("classic", "7H 8S 9H")),
    (
        "run.too_long",
        "B-4",
        lambda: raise_meld_refusal("boathouse", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    ),
    ("run.repeated_rank", "E-3", lambda: raise_meld_refusal("european", "5H 5H 6H 7H")),
    ("run.ace_low_only", "C-1", lambda: raise_meld_refusal("classic", "QH KH AH")),
    ("run.ace_low_only", "E-2", lambda: raise_meld_refusal("european", "QH KH AH")),
    ("run.ace_no_corner", "R-2", lambda: raise_meld_refusal("rummy500", "KH AH 2H")),
    ("run.ace_no_corner", "D-3", lambda: raise_meld_refusal("double", "KH AH 2H")),
    (
        "layoff.no_meld",
        "R-6",
        lambda: refuse(position("rummy500", "8H 2C"), LayOffCard(card=c("8H"), meld_id=77)),
    ),
    (
        "layoff.no_fit",
        "C-2",
        lambda: refuse(
            position("classic", "9H 2C", melds=(RUN_5_7H,)), LayOffCard(card=c("9H"), meld_id=1)
        ),
    ),
    (
        "layoff.beyond_end_joker",
        "D-6",
        lambda: refuse(
            position("double", "9H 2C", melds=(table_meld("double", "6H 7H JK"),)),
            LayOffCard(card=c("9H"), meld_id=1),
        ),
    ),
    (
        "layoff.joker_fixed",
        "D-5, D-6",
        lambda: refuse(
            position("double", "7H 2C", melds=(table_meld("double", "6H JK 8H"),)),
            LayOffCard(card=c("7H"), meld_id=1),
        ),
    ),
    (
        "discard.taken_this_turn",
        "G-8",
        lambda: refuse(position("classic", "2C 3D", taken="KD"), Discard(card=c("KD"))),
    ),
    (
        "discard.deepest_unused",
        "R-5",
        lambda: refuse(
            position("rummy500", "6D 7D 2H", taken="5D", must_use="5D"), Discard(card=c("2H"))
        ),
    ),
    ("go_out.by_playing", "C-3", lambda: refuse(over("classic", Phase.PLAY), GoOut(melds=()))),
    ("go_out.by_playing", "R-9", lambda: refuse(over("rummy500", Phase.PLAY), GoOut(melds=()))),
    ("go_out.draw_first", "B-3", lambda: refuse(over("boathouse", Phase.DRAW), GoOut(melds=()))),
    (
        "go_out.no_discard_before_draw",
        "E-7",
        lambda: refuse(over("european", Phase.DRAW), GoOut(melds=(), discard=c("2C"))),
    ),
    (
        "go_out.discard_needed",
        "E-7",
        lambda: refuse(over("european", Phase.PLAY), GoOut(melds=())),
    ),
    (
        "go_out.discard_taken",
        "G-8",
        lambda: refuse(
            position("boathouse", "2C 3C 4C", taken="KD"), GoOut(melds=(), discard=c("KD"))
        ),
    ),
    (
        "go_out.loose_cards",
        "B-3",
        lambda: refuse(position("boathouse", "2C 3C 4C 9D KS"), GoOut(melds=(), discard=c("KS"))),
    ),
    (
        "go_out.loose_cards_one_discard",
        "B-3",
        lambda: refuse(position("boathouse", "2C 3C 4C 9D KS"), GoOut(melds=())),
    ),
    (
        "go_out.not_whole_hand",
        "B-3",
        lambda: refuse(
            position("boathouse", "2C 3C 4C 9D KS"),
            GoOut(melds=(MeldSpec(cards=tuple(cs("2C 3C 4C"))),)),
        ),
    ),
    (
        "go_out.not_whole_hand_but_discard",
        "B-3",
        lambda: refuse(
            position("boathouse", "2C 3C 4C 9D KS"),
            GoOut(melds=(MeldSpec(cards=tuple(cs("2C 3C 4C"))),), discard=c("KS")),
        ),
    ),
    (
        "setup.player_count",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "B", "C", "D", "E", "F", "G"]),
    ),
    (
        "setup.partners_four",
        "R-13",
        lambda: call(new_game, get_variant("rummy500", partnerships=True), ["A", "B", "C"]),
    ),
    ("setup.name_missing", "G-2", lambda: call(new_game, get_variant("classic"), ["A", " "])),
    (
        "setup.name_too_long",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "B" * 40]),
    ),
    ("setup.names_repeat", "G-2", lambda: call(new_game, get_variant("classic"), ["Al", "al"])),
    (
        "setup.name_unprintable",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "B\x1b[2J"]),
    ),
    (
        "setup.name_odd_space",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "B\u00a0C"]),
    ),
    (
        "setup.name_leading_mark",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "\u0301B"]),
    ),
    (
        "setup.name_accent_pile",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "e" + "\u0301" * 8]),
    ),
    (
        "setup.no_dealer_seat",
        "G-2",
        lambda: call(new_game, get_variant("classic"), ["A", "B"], dealer=5),
    ),
    ("setup.seat_unnamed", "G-2", lambda: call(parse_players, "Anna,,Bob")),
    ("setup.unknown_level", "G-2", lambda: call(parse_players, "Anna,bot:genius")),
    ("setup.human_not_level", "G-2", lambda: call(parse_players, "Anna,bot:human")),
    (
        "deck.foreign_card",
        "G-1",
        lambda: call(new_game, get_variant("classic"), ["A", "B"], deck=cs("JK")),
    ),
    (
        "deck.card_twice",
        "G-1",
        lambda: call(new_game, get_variant("classic"), ["A", "B"], deck=[c("AS"), c("AS")]),
    ),
    (
        "deck.too_small",
        "G-4",
        lambda: call(deal_cards, get_variant("classic"), 2, 0, cs("AS 2S 3S"), 1),
    ),
    (
        "deck.uneven_hands",
        "G-4",
        lambda: call(stack_deck, get_variant("classic"), [cs("AS 2S"), cs("3S")], c("4S")),
    ),
]


def faces(text: str) -> list[Face]:
    return [parse_face(token) for token in text.split()]


def rebuilt(game: Game) -> Game:
    game.state.deal.rebuilds = 3
    return game


@pytest.mark.parametrize(
    ("code", "rule", "build"), CASES, ids=[f"{code} {rule}" for code, rule, _ in CASES]
)
def test_G10_every_refusal_carries_its_code_and_rule(
    code: str, rule: str, build: Callable[[], Callable[[], None]]
) -> None:
    attempt = build()
    with pytest.raises(IllegalAction) as caught:
        attempt()
    error = caught.value
    assert (error.code, error.rule) == (code, rule), str(error)
    assert_one_sentence_with_rule(refusal_sentence(error), rule.split(", ")[0])
    assert error.code in MESSAGES


def test_G10_the_table_covers_every_refusal_code() -> None:
    tested = {code for code, _, _ in CASES}
    codes = {code.split("+")[0] for code in MESSAGES}
    assert codes - UI_ONLY - set(TAKE_BACK_CODES) == tested  # take-backs: test_takeback.py


def test_G10_refusal_data_is_complete_for_a_sentence_built_elsewhere() -> None:
    """Every value a sentence uses is a field of the error, so a copy rebuilt from the fields
    alone (as a translation would) reads the same; errors survive pickling too."""
    game = position("classic", "9H 2C", melds=(RUN_5_7H,))
    with pytest.raises(IllegalAction) as caught:
        game.verify(LayOffCard(card=c("9H"), meld_id=1))
    error = caught.value
    assert error.cards == (c("9H"),)
    assert [placed.card for placed in error.meld] == cs("5H 6H 7H")
    assert error.values == {"meld_id": 1}
    copy = IllegalAction(error.code, error.rule, cards=error.cards, meld=error.meld, **error.values)
    said = refusal_sentence(error)
    assert refusal_sentence(copy) == said == "9H does not fit the meld 5H 6H 7H (C-2)."
    restored = pickle.loads(pickle.dumps(error))
    assert (restored.code, restored.rule, refusal_sentence(restored)) == (
        error.code,
        error.rule,
        said,
    )
    assert str(restored) == str(error) == "layoff.no_fit (C-2): cards=9H, meld=5H 6H 7H, meld_id=1"


def test_G10_table_melds_with_jokers_are_written_as_the_table_writes_them() -> None:
    glyphs = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

    def glyph(card: Card | Face) -> str:
        text = str(card)
        return text if text == "JK" else text[:-1] + glyphs[text[-1]]

    run = table_meld("double", "AD JK 3D 4D", "AD 2D 3D 4D")
    game = position("double", "9S 2C", melds=(run,))
    with pytest.raises(IllegalAction) as caught:
        game.verify(LayOffCard(card=c("9S"), meld_id=1))
    assert refusal_sentence(caught.value, glyph) == "9♠ does not fit the meld A♦ JK=2♦ 3♦ 4♦ (C-2)."
    assert refusal_sentence(caught.value) == "9S does not fit the meld AD JK=2D 3D 4D (C-2)."
