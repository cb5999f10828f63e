"""What the table's move keys decide, read without Textual: each key is a plain function of
the moment (at the end of ui/screens/table.py) and the hand keys change only the hand's
presentation state (ui/play/hand_cursor.py). Every move key looks itself up in the core's offers
and is one of three cases in every variant: no allowed choice refuses with the core's
reason, one is posted, several are asked. The table screen only carries the decision out."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import (
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.offers import offers
from rummy_tui.ui.play import hand_cursor, key_questions
from rummy_tui.ui.play.controller import Controller, MatchAt, setup_for
from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.key_questions import Ask, Complain, KeyMoment, Post, Refuse
from rummy_tui.ui.play.render import sort_cards
from rummy_tui.ui.play.session_answers import TableAnswers
from rummy_tui.ui.play.table_text import Mode
from rummy_tui.ui.screens import table
from rummy_tui.ui.screens.table import press
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.core.helpers import c, cs, position, table_meld


def moment(game: Game, selected: int | str = 0, cursor: str | None = None) -> KeyMoment:
    """The moment of the seat to act: its first ``selected`` cards selected (or the cards
    written), the cursor on its first card (or on ``cursor``)."""
    view = game.view(game.current)
    chosen = view.hand[:selected] if isinstance(selected, int) else tuple(cs(selected))
    return KeyMoment(
        view=view,
        mode=Mode.PLAY,
        offers=offers(game, game.current),
        settings=DisplaySettings(),
        selected=tuple(chosen),
        under_cursor=c(cursor) if cursor else (view.hand[0] if view.hand else None),
        asks=TableAnswers(Controller(MatchAt(setup_for(game), game))),
    )


def classic() -> Game:
    return new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=1)


def test_x_discards_the_card_under_the_cursor_or_the_one_selected() -> None:
    game = classic()
    game.apply(DrawStock())
    assert press(table.discard, moment(game)) == Post(Discard(card=game.view(game.current).hand[0]))
    two = press(table.discard, moment(game, selected=2))
    assert isinstance(two, Complain) and "2" in two.message


def test_m_with_nothing_selected_says_the_cores_reason_while_drawing_and_asks_after() -> None:
    game = classic()
    refused = press(table.meld, moment(game))  # the core says why not: draw first
    assert isinstance(refused, Refuse) and "draw" in refused.reason.lower()
    game.apply(DrawStock())
    assert isinstance(press(table.meld, moment(game)), Complain)


def test_t_takes_the_top_discard_where_the_pile_is_not_dug() -> None:
    assert press(table.take, moment(classic())) == Post(TakeDiscard())


def test_keys_that_only_act_on_a_played_hand_do_nothing_while_it_is_watched() -> None:
    watched = replace(moment(classic()), mode=Mode.WATCH)
    assert press(table.meld, watched) is None
    assert press(table.go_out, watched) is None


def test_hand_keys_arrange_only_the_presentation_state() -> None:
    hand = list(classic().view(0).hand)
    state = HandState(order=list(hand))
    assert hand_cursor.move_cursor(state, 100) and state.cursor == len(hand) - 1
    assert hand_cursor.cursor_to_end(state, 0) and state.cursor == 0
    assert hand_cursor.pick_at(state) and state.selected == {hand[0]}
    assert hand_cursor.move_card(state, 1) and state.order[1] == hand[0] and state.cursor == 1
    assert not hand_cursor.move_cursor_line(state, -1, per_line=8)
    assert hand_cursor.sort_hand(state) and state.order == sort_cards(hand, state.sort_mode)
    assert state.order[state.cursor] == hand[0]  # the cursor stays on its card


# ------------------------------------------------------------------ the three cases, key by key


def asked(decision: object) -> list[object]:
    """The actions a question offers, refused ones included (with their reason)."""
    assert isinstance(decision, Ask), decision
    return [decision.then(choice.value) for choice in decision.choices]


def test_d_posts_the_stock_draw_and_refuses_it_after_the_draw() -> None:
    drawing = position("classic", "2C 3D 4S", phase=Phase.DRAW, pile="KS")
    assert press(table.draw, moment(drawing)) == Post(DrawStock())
    refused = press(table.draw, moment(position("classic", "2C 3D 4S", pile="KS")))
    assert isinstance(refused, Refuse) and "(C-2)" in refused.reason


def test_C2_t_posts_the_top_card_and_refuses_an_empty_pile() -> None:
    assert press(table.take, moment(position("classic", "2C 3D", phase=Phase.DRAW, pile="KS"))) == (
        Post(TakeDiscard())
    )
    empty = press(table.take, moment(position("classic", "2C 3D", phase=Phase.DRAW, pile="")))
    assert isinstance(empty, Refuse)


def test_R5_t_asks_down_to_which_card_listing_the_refused_depths_greyed() -> None:
    melds = (table_meld("rummy500", "5H 6H 7H"),)
    game = position("rummy500", "8H 9C 10C 2D", melds=melds, phase=Phase.DRAW, pile="9H JC QC")
    decision = press(table.take, moment(game))
    assert asked(decision) == [TakeDiscard(count=n) for n in (1, 2, 3)]
    assert isinstance(decision, Ask) and "down to which card" in decision.question
    refused = [choice for choice in decision.choices if choice.reason or choice.mark]
    assert refused  # QC alone cannot be used: greyed, with why
    one = position("rummy500", "8H 2D", melds=melds, phase=Phase.DRAW, pile="KS 9H")
    assert press(table.take, moment(one)) == Post(TakeDiscard(count=1))  # only 9H may be used


def test_R5_t_with_every_depth_refused_says_why_at_once() -> None:
    game = position("rummy500", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H QC")
    refused = press(table.take, moment(game))
    assert isinstance(refused, Refuse) and "(R-5)" in refused.reason


def test_R5_a_click_on_a_depth_posts_that_depth_where_it_is_open() -> None:
    melds = (table_meld("rummy500", "5H 6H 7H"),)
    game = position("rummy500", "8H 2D", melds=melds, phase=Phase.DRAW, pile="KS 9H QC")
    assert press(table.take_clicked, moment(game), 2) == Post(TakeDiscard(count=2))
    assert isinstance(press(table.take_clicked, moment(game), 3), Refuse)


def test_B1_t_takes_the_discard_with_a_second_card() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H")
    assert press(table.take, moment(game)) == Post(DrawTwo(first="discard", second="stock"))
    hoyle = position("boathouse", "2C 3D", phase=Phase.DRAW, pile="KS 9H", draw_rule="hoyle")
    assert asked(press(table.take, moment(hoyle))) == [
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="discard", second="discard"),
    ]
    after = press(table.take, moment(position("boathouse", "2C 3D 4S", pile="KS 9H")))
    assert isinstance(after, Refuse) and "(B-1)" in after.reason


def test_B1_2_asks_which_two_cards_posts_the_only_one_and_refuses_after_the_draw() -> None:
    game = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="KS 9H")
    decision = press(table.draw_two, moment(game))
    assert asked(decision) == [
        DrawTwo(first="discard", second="stock"),
        DrawTwo(first="stock", second="stock"),
    ]
    assert isinstance(decision, Ask) and "9" in str(decision.choices[0].label)
    empty_pile = position("boathouse", "2C 3D 4S", phase=Phase.DRAW, pile="")
    assert press(table.draw_two, moment(empty_pile)) == Post(DrawTwo(first="stock", second="stock"))
    after = press(table.draw_two, moment(position("boathouse", "2C 3D 4S", pile="KS")))
    assert isinstance(after, Refuse)


def test_G6_m_posts_a_meld_asks_what_a_wild_card_stands_for_and_refuses_a_non_meld() -> None:
    game = position("classic", "7H 8H 9H 2C 3S")
    posted = press(table.meld, moment(game, "7H 8H 9H"))
    assert isinstance(posted, Post) and isinstance(posted.action, Meld)
    assert posted.action.cards == tuple(cs("7H 8H 9H"))
    refused = press(table.meld, moment(game, "2C 3S"))
    assert isinstance(refused, Refuse)
    wild = position("rummy500", "7H 8H JK 2C", jokers_per_pack=1)
    readings = asked(press(table.meld, moment(wild, "7H 8H JK")))
    assert len(readings) > 1 and all(isinstance(action, Meld) for action in readings)


def test_R7_l_posts_the_one_fit_asks_between_melds_and_refuses_a_misfit() -> None:
    melds = (
        table_meld("rummy500", "9D 10D JD", meld_id=1),
        table_meld("rummy500", "QS QH QC", meld_id=2),
        table_meld("rummy500", "4C 5C 6C", meld_id=3),
    )
    game = position("rummy500", "QD 7C 2S", melds=melds)
    assert asked(press(table.lay_off, moment(game, "QD"))) == [
        LayOffCard(card=c("QD"), meld_id=1, face=c("QD").face),
        LayOffCard(card=c("QD"), meld_id=2, face=c("QD").face),
    ]
    assert press(table.lay_off, moment(game, "7C")) == Post(
        LayOffCard(card=c("7C"), meld_id=3, face=c("7C").face)
    )
    assert press(table.lay_off, moment(game, "QD"), 2) == Post(
        LayOffCard(card=c("QD"), meld_id=2, face=c("QD").face)
    )
    assert isinstance(press(table.lay_off, moment(game, "2S")), Refuse)


def test_x_refuses_the_taken_card_with_the_cores_reason() -> None:
    game = position("classic", "2C 3D 4S", taken="KS")
    refused = press(table.discard, moment(game, "KS"))
    assert isinstance(refused, Refuse) and "(G-8)" in refused.reason
    assert press(table.discard, moment(game, "2C")) == Post(Discard(card=c("2C")))


def test_B3_o_posts_the_one_go_out_asks_the_final_discard_and_refuses_loose_cards() -> None:
    game = position("boathouse", "5H 6H 7H 9C 9D 9S KD")
    one = press(table.go_out, moment(game))
    assert isinstance(one, Post) and isinstance(one.action, GoOut)
    assert one.action.discard == c("KD")
    loose = press(table.go_out, moment(position("boathouse", "5H 6H 7H 2C 9D KS")))
    assert isinstance(loose, Refuse) and "(B-3)" in loose.reason
    two_ways = position("boathouse", "5H 6H 7H 8H 9C 9D 9S")  # no discard, 5H or 8H
    assert len(asked(press(table.go_out, moment(two_ways)))) == 3
    chosen = press(table.go_out, moment(two_ways, "5H"))
    assert isinstance(chosen, Post) and isinstance(chosen.action, GoOut)
    assert chosen.action.discard == c("5H")
    assert isinstance(press(table.go_out, moment(two_ways, "9C")), Refuse)


def test_R10_e_ends_the_deal_on_an_empty_stock_and_refuses_it_otherwise() -> None:
    empty = position("rummy500", "2C 3D", phase=Phase.DRAW, pile="KS", stock="")
    assert press(table.end_deal, moment(empty)) == Post(EndDeal())
    full = position("rummy500", "2C 3D", phase=Phase.DRAW, pile="KS")
    assert isinstance(press(table.end_deal, moment(full)), Refuse)


def test_P4_u_says_the_cores_reason_or_nothing_when_a_move_may_be_taken_back() -> None:
    game = position("classic", "2C 3D 4S", phase=Phase.DRAW, pile="KS")
    settings = DisplaySettings()
    refusal = key_questions.take_back_refusal(offers(game, 0), settings)
    assert refusal is not None and "(P-4)" in refusal
    game.apply(TakeDiscard())
    assert key_questions.take_back_refusal(offers(game, 0), settings) is None
    hidden = key_questions.take_back_refusal(None, settings)
    assert hidden is not None and "keyboard" in hidden


def test_keys_do_nothing_without_the_offers_of_a_played_hand() -> None:
    game = position("classic", "2C 3D 4S", phase=Phase.DRAW, pile="KS")
    hidden = replace(moment(game), offers=None)
    for key in (table.draw, table.take, table.draw_two, table.end_deal):
        assert press(key, hidden) is None
