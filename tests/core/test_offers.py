"""The seat's offers (core/offers.py): every move the table can offer, each a ready action with
the engine's refusal, per rule id and variant, without Textual."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_tui.core import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.offers import (
    Offer,
    Refusal,
    SeatOffers,
    drawn_cards,
    go_out_offer,
    lay_off_offer,
    meld_offer,
    offers,
)
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence import SaveStore
from tests.core.helpers import c, cs, deal, go_out_now, position, quick_deck, table_meld
from tests.core.test_random_play import play_random_deals

CLASSIC_HANDS = [
    "7H 8H 9H 2C 3D 4S 5C 6D JS QD",
    "AS 2S 3S 4D 5D 6C 7C 8C 9D 10C",
]
"""Anna (seat 0, first to play when seat 1 deals) holds a run of hearts."""


def _codes(offer: Offer) -> list[str | None]:
    return [choice.refusal.code if choice.refusal else None for choice in offer.choices]


def _kinds(seat: SeatOffers) -> tuple[Offer, ...]:
    return (
        seat.stock,
        seat.discard_pile,
        seat.draw_two,
        seat.end_deal,
        seat.discard,
        seat.go_out,
        seat.next_deal,
    )


def _classic() -> Game:
    return deal("classic", CLASSIC_HANDS, upcard="KH", stock="KC KD QS", dealer=1)


# ----------------------------------------------------------------------------- draws


def test_R5_every_depth_of_the_pile_is_offered_with_the_engines_refusal() -> None:
    game = position(
        "rummy500",
        "8H 2C 3D",
        melds=(table_meld("rummy500", "5H 6H 7H"),),
        phase=Phase.DRAW,
        pile="KS 9H QC",
    )
    pile = offers(game).discard_pile
    assert [choice.action for choice in pile.choices] == [TakeDiscard(count=n) for n in (1, 2, 3)]
    assert [choice.card for choice in pile.choices] == cs("QC 9H KS")
    # Only 9H can be used (lay off 8H, then 9H); the deepest card of the others cannot.
    assert _codes(pile) == ["take.deepest_unusable", None, "take.deepest_unusable"]
    assert pile.choices[0].refusal is not None and pile.choices[0].refusal.cards == (c("QC"),)
    assert pile.why_not is None and pile.actions == (TakeDiscard(count=2),)


def test_R5_every_depth_refused_says_the_top_cards_reason_first() -> None:
    game = position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC")
    pile = offers(game).discard_pile
    assert not pile.allowed and len(pile.choices) == 3
    assert pile.why_not == pile.choices[0].refusal
    assert pile.why_not is not None and pile.why_not.code == "take.deepest_unusable"
    assert pile.why_not.cards == (c("QC"),)


def test_R5_option_top_discard_is_a_free_draw_offers_the_top_card() -> None:
    game = position(
        "rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC", top_discard_free=True
    )
    assert _codes(offers(game).discard_pile) == [
        None,
        "take.deepest_unusable",
        "take.deepest_unusable",
    ]


@pytest.mark.parametrize("variant", ["classic", "double", "european"])
def test_C2_E5_only_the_top_discard_is_offered(variant: str) -> None:
    game = position(variant, "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC")
    seat = offers(game)
    assert [choice.action for choice in seat.discard_pile.choices] == [TakeDiscard()]
    assert seat.discard_pile.choices[0].card == c("QC") and seat.discard_pile.why_not is None
    assert seat.draw_two.choices == ()
    assert seat.draw_two.why_not is not None
    assert seat.draw_two.why_not.code == "draw_two.not_offered"
    assert seat.stock.actions == (DrawStock(),)


def test_B1_a_discard_comes_only_with_a_second_card() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC")
    seat = offers(game)
    assert seat.discard_pile.choices == ()
    assert seat.discard_pile.why_not is not None
    assert seat.discard_pile.why_not.code == "take.two_card_draw_only"
    assert seat.draw_two.actions == (
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="stock", second="stock"),
    )


def test_B1_option_hoyle_draw_offers_its_own_pairs() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC", draw_rule="hoyle")
    assert offers(game).draw_two.actions == (
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="discard", second="discard"),
    )


def test_B1_an_empty_pile_refuses_the_pair_with_a_discard() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="")
    draw_two = offers(game).draw_two
    assert _codes(draw_two) == ["take.pile_empty", None]


def test_R10_an_empty_stock_offers_ending_the_deal() -> None:
    game = position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="QC", stock="")
    seat = offers(game)
    assert seat.end_deal.actions == (EndDeal(),)
    assert seat.stock.why_not is not None and seat.stock.why_not.code == "draw.stock_not_rebuilt"
    with_stock = offers(position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="QC"))
    assert with_stock.end_deal.why_not is not None
    assert with_stock.end_deal.why_not.code == "end_deal.not_allowed"


def test_C4_an_empty_stock_is_turned_over_and_offered() -> None:
    game = position("classic", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC", stock="")
    seat = offers(game)
    assert seat.stock.actions == (DrawStock(),)
    assert seat.end_deal.why_not is not None and seat.end_deal.why_not.code == (
        "end_deal.not_allowed"
    )


def test_C2_after_the_draw_no_draw_is_offered_and_why_not_says_so() -> None:
    game = position("rummy500", "2C 3D 4S", pile="KS 9H QC")
    seat = offers(game)
    for offer in (seat.stock, seat.discard_pile, seat.draw_two):
        assert not offer.allowed
        assert offer.why_not is not None and offer.why_not.code == "draw.already_drawn"


# ----------------------------------------------------------------------------- plays


def test_R7_a_card_fitting_two_melds_is_offered_on_each() -> None:
    run = table_meld("rummy500", "9D 10D JD", meld_id=1)
    queens = table_meld("rummy500", "QS QH QC", meld_id=2)
    game = position("rummy500", "QD 2C 3S", melds=(run, queens))
    offer = lay_off_offer(game, c("QD"))
    assert [choice.action for choice in offer.choices] == [
        LayOffCard(card=c("QD"), meld_id=1, face=c("QD").face),
        LayOffCard(card=c("QD"), meld_id=2, face=c("QD").face),
    ]
    assert [choice.meld for choice in offer.choices] == [run, queens]
    assert offer.why_not is None


def test_G6_a_wild_card_is_offered_for_each_face_it_may_stand_for() -> None:
    game = position("double", "JK 2C 3S", melds=(table_meld("double", "5H 6H 7H"),))
    offer = lay_off_offer(game, c("JK"))
    faces = [str(choice.action.face) for choice in offer.choices if choice.action.kind == "lay_off"]
    assert sorted(faces) == ["4H", "8H"]
    assert all(choice.allowed for choice in offer.choices)


def test_D6_only_the_cards_beyond_a_joker_end_are_offered() -> None:
    meld = table_meld("double", "6H 7H JK", faces="6H 7H 8H")
    game = position("double", "8H 5H 9H 2C", melds=(meld,))
    assert lay_off_offer(game, c("8H")).allowed  # takes the joker's place, the joker moves
    assert lay_off_offer(game, c("5H")).allowed
    beyond = lay_off_offer(game, c("9H"))
    assert beyond.choices == ()
    assert beyond.why_not is not None and beyond.why_not.code == "layoff.beyond_end_joker"


def test_R6_lay_off_why_not_is_ranked() -> None:
    empty = lay_off_offer(position("rummy500", "QD 2C 3S"), c("QD"))
    assert empty.why_not is not None and empty.why_not.code == "layoff.table_empty"
    melds = (
        table_meld("rummy500", "5H 6H 7H", meld_id=1),
        table_meld("rummy500", "KS KH KC", meld_id=2),
    )
    nowhere = lay_off_offer(position("rummy500", "QD 2C 3S", melds=melds), c("QD"))
    assert nowhere.why_not is not None and nowhere.why_not.code == "layoff.fits_nowhere"
    one = lay_off_offer(position("rummy500", "QD 2C 3S", melds=melds[:1]), c("QD"))
    assert one.why_not is not None and one.why_not.code == "layoff.no_fit"
    before_draw = position("rummy500", "8H 2C 3S", melds=melds, phase=Phase.DRAW)
    early = lay_off_offer(before_draw, c("8H"))
    assert len(early.choices) == 1  # it fits, but not now
    assert early.why_not is not None and early.why_not.code == "layoff.draw_first"


def test_B2_nobody_lays_off_or_melds_during_play() -> None:
    game = position("boathouse", "8H 9H 10H 2C", melds=(table_meld("boathouse", "5H 6H 7H"),))
    offer = lay_off_offer(game, c("8H"))
    assert not offer.allowed
    assert offer.why_not is not None and offer.why_not.code == "play.whole_hand_only"
    meld = meld_offer(game, cs("8H 9H 10H"))
    assert meld.why_not is not None and meld.why_not.code == "play.whole_hand_only"


def test_G6_melds_of_chosen_cards_are_their_readings() -> None:
    game = position("double", "5H 6H JK 2C 3S")
    offer = meld_offer(game, cs("5H 6H JK"))
    joker_faces = set()
    for action in offer.actions:
        assert isinstance(action, Meld) and action.faces is not None and game.can(action)
        joker_faces.add(str(dict(zip(action.cards, action.faces, strict=True))[c("JK")]))
    assert joker_faces == {"4H", "7H"} and offer.why_not is None


def test_E3_groups_are_no_melds_and_why_not_says_so() -> None:
    game = position("european", "7H 7S 7D 2C")
    offer = meld_offer(game, cs("7H 7S 7D"))
    assert offer.choices == ()
    assert offer.why_not is not None and offer.why_not.code in (
        "meld.groups_not_melds",
        "play.whole_hand_only",
    )


def test_G5_cards_that_are_no_meld_are_refused_with_the_engines_reason() -> None:
    game = position("classic", "7H 8S 9H 2C")
    offer = meld_offer(game, cs("7H 8S 9H"))
    assert offer.choices == ()
    assert offer.why_not is not None and offer.why_not.code == "run.mixed_suits"


# ----------------------------------------------------------------------------- end of turn


def test_G8_a_card_taken_this_turn_is_not_offered_as_the_discard() -> None:
    game = position("classic", "2C 3D 4S", taken="QC")
    discard = offers(game).discard
    assert [choice.card for choice in discard.choices] == cs("2C 3D 4S QC")
    assert _codes(discard) == [None, None, None, "discard.taken_this_turn"]
    assert discard.why_not is None


def test_R5_no_discard_while_the_deepest_card_is_unused() -> None:
    game = position("rummy500", "8H 2C 3D", taken="9H", must_use="9H")
    discard = offers(game).discard
    assert not discard.allowed
    assert discard.why_not is not None and discard.why_not.code == "discard.deepest_unused"


def test_B3_whole_hand_go_outs_with_their_final_discard() -> None:
    game = position("boathouse", "5H 6H 7H 9C 9D 9S KD")
    go_out = offers(game).go_out
    assert [choice.card for choice in go_out.choices] == [c("KD")]
    action = go_out.choices[0].action
    assert isinstance(action, GoOut) and action.discard == c("KD") and game.can(action)


def test_B3_why_not_names_the_loose_cards() -> None:
    game = position("boathouse", "5H 6H 7H 2C 9D KS")
    go_out = offers(game).go_out
    assert go_out.choices == ()
    assert go_out.why_not is not None
    assert go_out.why_not.code == "go_out.loose_cards_one_discard"
    assert set(go_out.why_not.cards) == set(cs("2C 9D KS"))


def test_E7_go_out_before_drawing_lays_the_dealt_hand_down() -> None:
    hand = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH AS 2S 3S"
    game = position("european", hand, phase=Phase.DRAW)
    go_out = offers(game).go_out
    assert len(go_out.choices) == 1 and go_out.choices[0].card is None
    assert game.can(go_out.choices[0].action)
    after_draw = offers(position("european", hand + " KC")).go_out
    assert [choice.card for choice in after_draw.choices] == [c("KC")]


def test_C3_classic_goes_out_by_playing_not_by_laying_down() -> None:
    go_out = offers(position("classic", "7H 8H 9H 2C")).go_out
    assert go_out.choices == ()
    assert go_out.why_not is not None and go_out.why_not.code == "go_out.by_playing"


def test_G4_between_deals_only_the_next_deal_is_offered() -> None:
    rules = get_variant("classic", target_score=500)
    game = new_game(rules, ["Anna", "Bob"], deck=quick_deck(rules, 2, 0), dealer=0)
    go_out_now(game)
    assert game.phase is Phase.DEAL_OVER
    seat = offers(game)
    assert seat.next_deal.actions == (StartDeal(),)
    assert all(not offer.allowed for offer in _kinds(seat) if offer is not seat.next_deal)
    assert seat.stock.why_not is not None and seat.stock.why_not.code == "deal.over"
    assert seat.drawn == ()


# ----------------------------------------------------------------------------- take-back


def test_P4_take_back_offer_names_whose_move_it_undoes() -> None:
    game = _classic()
    game.apply(TakeDiscard())
    seat = offers(game)
    assert seat.take_back.allowed and seat.take_back.mover == 0
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    assert offers(game).take_back.mover == 0
    game.apply(Discard(card=c("2C")))
    # Bob is to act; the discard is still Anna's to take back from the hand-off.
    assert offers(game).seat == 1
    assert offers(game).take_back.mover == 0
    assert offers(game, 0).take_back.allowed
    bobs = offers(game, 1).take_back
    assert bobs.refusal is not None and bobs.refusal.code == "takeback.nothing"
    assert bobs.refusal.rule == "P-4"


def test_P4_a_stock_draw_is_never_taken_back() -> None:
    game = _classic()
    game.apply(DrawStock())
    take_back = offers(game).take_back
    assert take_back.refusal is not None and take_back.refusal.code == "takeback.hidden_card"
    assert take_back.mover is None


def test_P4_option_take_backs_off() -> None:
    game = _classic()
    game.state.take_backs_on = False
    game.apply(TakeDiscard())
    refusal = offers(game).take_back.refusal
    assert refusal is not None and refusal.code == "takeback.off"


# ----------------------------------------------------------------------------- drawn cards


def test_P1_the_cards_drawn_this_turn_are_kept_in_the_turn_state() -> None:
    game = _classic()
    assert offers(game).drawn == ()
    game.apply(DrawStock())
    assert game.state.deal.turn.drawn == [c("KC")]
    assert offers(game).drawn == (c("KC"),)
    assert offers(game, 1).drawn == ()  # another seat never learns the hidden card
    game.apply(Discard(card=c("KC")))
    assert game.state.deal.turn.drawn == [] and offers(game).drawn == ()


def test_R5_a_dig_marks_every_card_taken_while_it_is_held() -> None:
    game = deal(
        "rummy500",
        ["8H 2C 3D 4S 5C 6D JS", "AS 2S 3S 4D 5D 6C 7C", "8S 9S 10S 8D 9D 10D 8C"],
        upcard="KH",
        dealer=2,
    )
    game.state.deal.discard = cs("9H KC")  # bottom first: KC on top
    game.state.deal.melds = [table_meld("rummy500", "5H 6H 7H", meld_id=1)]
    game.apply(TakeDiscard(count=2))
    assert set(drawn_cards(game)) == set(cs("9H KC"))
    game.apply(LayOffCard(card=c("8H"), meld_id=1))
    game.apply(LayOffCard(card=c("9H"), meld_id=1))
    assert drawn_cards(game) == (c("KC"),)  # 9H went down: only the held one is marked


def test_G11_the_drawn_cards_survive_save_and_load(tmp_path: Path) -> None:
    game = _classic()
    game.apply(DrawStock())
    setup = MatchSetup(
        rules=game.rules, seats=(Seat(name="Anna"), Seat(name="Bob")), seed=game.state.seed
    )
    store = SaveStore(tmp_path)
    name = store.create(setup, game)
    _, resumed, _ = SaveStore(tmp_path).load(name)  # the load replays the log
    assert resumed.state.deal.turn.drawn == [c("KC")]
    assert offers(resumed).drawn == (c("KC"),)


def test_G11_a_state_saved_before_the_drawn_cards_were_kept_still_loads() -> None:
    game = _classic()
    game.apply(DrawStock())
    data = json.loads(game.to_json())
    del data["deal"]["turn"]["drawn"]
    old = Game.from_json(json.dumps(data))
    assert old.state.deal.turn.drawn == [] and offers(old).drawn == ()


# ----------------------------------------------------------------------------- whole seats


def test_G2_another_seat_is_refused_every_move() -> None:
    game = _classic()
    seat = offers(game, 1)
    assert seat.seat == 1
    refusal = seat.stock.why_not
    assert refusal is not None and refusal.code == "turn.not_yours"
    assert seat.discard_pile.why_not is not None
    assert seat.discard_pile.why_not.code == "turn.not_yours"


def _offered(game: Game, seat: SeatOffers, action: Action) -> bool:
    """Whether ``action`` is an allowed choice of the seat's offers (a meld or lay-off among
    the offers for its own cards)."""
    if any(action in offer.actions for offer in _kinds(seat)):
        return True
    if isinstance(action, Meld):
        wanted = sorted(zip(action.cards, action.faces or (), strict=True))
        return any(
            isinstance(offered, Meld)
            and sorted(zip(offered.cards, offered.faces or (), strict=True)) == wanted
            for offered in meld_offer(game, action.cards).actions
        )
    if isinstance(action, LayOffCard):
        return action in lay_off_offer(game, action.card).actions
    return False


def assert_offers_match_the_engine(game: Game) -> None:
    """Every choice's refusal is the engine's, every offered action passes verify, every kind
    with no open choice has a why-not, and every legal action is offered."""
    seat = offers(game)
    for offer in _kinds(seat):
        for choice in offer.choices:
            error = game.refusal(choice.action)
            assert choice.refusal == (None if error is None else Refusal.of(error))
            if choice.refusal is None:
                game.verify(choice.action)
        assert offer.allowed or offer.why_not is not None
    for action in game.legal_actions():
        assert _offered(game, seat, action), action


@pytest.mark.parametrize("variant", ["classic", "boathouse", "double", "rummy500", "european"])
def test_G10_random_play_offers_exactly_what_the_engine_allows(variant: str) -> None:
    assert play_random_deals(variant, 3, deals=1, seed=17, check=assert_offers_match_the_engine)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("boathouse", {"draw_rule": "hoyle"}),
        ("double", {}),
        ("rummy500", {"top_discard_free": True, "jokers_per_pack": 1}),
        ("european", {"twos_wild": True}),
    ],
)
def test_G10_random_play_offers_exactly_what_the_engine_allows_longer(
    variant: str, options: dict[str, object]
) -> None:
    for seed in (1, 2):
        play_random_deals(
            variant, 4, deals=2, seed=seed, check=assert_offers_match_the_engine, **options
        )


# ----------------------------------------------------------------------------- the table's keys


def test_R5_take_is_every_depth_of_the_pile_and_the_pile_lies_spread() -> None:
    game = position("rummy500", "8H 2C 3D", phase=Phase.DRAW, pile="KS 9H QC")
    seat = offers(game)
    assert seat.take == seat.discard_pile and len(seat.take.choices) == 3
    assert seat.takes_any_depth
    assert "take_discard" in seat.moves and "draw_two" not in seat.moves


@pytest.mark.parametrize("variant", ["classic", "double", "european"])
def test_C2_take_is_the_top_card_alone(variant: str) -> None:
    seat = offers(position(variant, "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC"))
    assert [choice.action for choice in seat.take.choices] == [TakeDiscard()]
    assert not seat.takes_any_depth


def test_B1_take_is_the_two_card_draws_with_the_discard_first() -> None:
    seat = offers(position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC"))
    assert [choice.action for choice in seat.take.choices] == [
        DrawTwo(first="discard", second="stock")
    ]
    assert "draw_two" in seat.moves and "take_discard" not in seat.moves


def test_B1_option_hoyle_take_offers_both_draws_with_the_discard_first() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC", draw_rule="hoyle")
    assert offers(game).take.actions == (
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="discard", second="discard"),
    )


def test_B1_take_after_the_draw_says_the_draws_reason() -> None:
    seat = offers(position("boathouse", "2C 3D 4S", pile="KS 9H QC"))
    assert seat.take.choices == ()
    assert seat.take.why_not is not None and seat.take.why_not == seat.draw_two.why_not


def test_R10_ending_the_deal_is_a_move_only_on_an_empty_stock() -> None:
    full = offers(position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="KS"))
    empty = offers(position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="KS", stock=""))
    assert "end_deal" not in full.moves
    assert "end_deal" in empty.moves and "end_deal" in empty.open_now
    assert empty.end_deal.actions == (EndDeal(),)


def test_B3_the_open_moves_follow_the_phase_and_the_whole_hand_goes_down() -> None:
    drawing = offers(position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS"))
    playing = offers(position("boathouse", "2C 3D 4S", pile="KS"))
    assert drawing.open_now == {"draw_stock", "draw_two"}
    assert playing.open_now == {"discard", "go_out"}
    assert "meld" not in playing.moves and "go_out" in playing.moves


def test_P1_another_seat_is_offered_no_card_of_the_hand_to_act() -> None:
    game = position("boathouse", "5H 6H 7H 9C 9D 9S KD")
    other = offers(game, 1)
    assert other.discard.choices == () and other.go_out.choices == ()
    assert other.discard.why_not is not None and other.discard.why_not.code == "turn.not_yours"
    assert other.drawn == ()
    assert offers(game).go_out.allowed  # the seat to act may go out


def test_R7_a_lay_off_on_one_chosen_meld() -> None:
    melds = (
        table_meld("rummy500", "9D 10D JD", meld_id=1),
        table_meld("rummy500", "QS QH QC", meld_id=2),
    )
    game = position("rummy500", "QD 2C 3S", melds=melds)
    assert len(lay_off_offer(game, c("QD")).allowed) == 2
    on_queens = lay_off_offer(game, c("QD"), meld_id=2)
    assert on_queens.actions == (LayOffCard(card=c("QD"), meld_id=2, face=c("QD").face),)
    refused = lay_off_offer(game, c("2C"), meld_id=2)
    assert refused.choices == () and refused.why_not is not None


def test_B3_a_go_out_ending_with_a_chosen_card() -> None:
    game = position("boathouse", "5H 6H 7H 9C 9D 9S KD")
    chosen = go_out_offer(game, discard=c("KD"))
    assert [choice.card for choice in chosen.allowed] == [c("KD")]
    refused = go_out_offer(game, discard=c("5H"))
    assert refused.choices == () and refused.why_not is not None
