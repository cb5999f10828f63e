"""What the table's move keys decide, read without Textual: each key is a plain function of
the moment (ui/move_keys.py) and the hand keys change only the hand's presentation state
(ui/hand_cursor.py). The decisions themselves are the table's as before; the table screen only
carries them out."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import Discard, DrawStock, Game, Meld, TakeDiscard, get_variant, new_game
from rummy_tui.core.seat_options import seat_options
from rummy_tui.ui import hand_cursor, move_keys
from rummy_tui.ui.controller import Controller, setup_for
from rummy_tui.ui.hand_state import HandState, sort_cards
from rummy_tui.ui.move_keys import Complain, KeyMoment, Post
from rummy_tui.ui.session_answers import TableAnswers
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.table_text import Mode


def moment(game: Game, selected: int = 0) -> KeyMoment:
    """The moment of the seat to act, its first ``selected`` cards selected."""
    view = game.view(game.current)
    return KeyMoment(
        view=view,
        mode=Mode.PLAY,
        options=seat_options(view),
        settings=DisplaySettings(),
        selected=tuple(view.hand[:selected]),
        under_cursor=view.hand[0] if view.hand else None,
        asks=TableAnswers(Controller(setup_for(game), game)),
    )


def classic() -> Game:
    return new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=1)


def test_x_discards_the_card_under_the_cursor_or_the_one_selected() -> None:
    game = classic()
    assert move_keys.discard(moment(game)) == Post(Discard(card=game.view(game.current).hand[0]))
    two = move_keys.discard(moment(game, selected=2))
    assert isinstance(two, Complain) and "2" in two.message


def test_m_with_nothing_selected_asks_the_engine_while_drawing_and_the_player_after() -> None:
    game = classic()
    assert move_keys.meld(moment(game)) == Post(Meld(cards=()))  # the core says why not
    game.apply(DrawStock())
    assert isinstance(move_keys.meld(moment(game)), Complain)


def test_t_takes_the_top_discard_where_the_pile_is_not_dug() -> None:
    assert move_keys.take(moment(classic())) == Post(TakeDiscard())


def test_keys_that_only_act_on_a_played_hand_do_nothing_while_it_is_watched() -> None:
    watched = replace(moment(classic()), mode=Mode.WATCH)
    assert move_keys.meld(watched) is None
    assert move_keys.go_out(watched) is None


def test_hand_keys_arrange_only_the_presentation_state() -> None:
    hand = list(classic().view(0).hand)
    state = HandState(order=list(hand))
    assert hand_cursor.move_cursor(state, 100) and state.cursor == len(hand) - 1
    assert hand_cursor.cursor_to_end(state, 0) and state.cursor == 0
    assert hand_cursor.pick_at(state) and hand_cursor.selected_cards(state) == (hand[0],)
    assert hand_cursor.move_card(state, 1) and state.order[1] == hand[0] and state.cursor == 1
    assert not hand_cursor.move_cursor_line(state, -1, per_line=8)
    assert hand_cursor.sort_hand(state) and state.order == sort_cards(hand, state.sort_mode)
    assert state.order[state.cursor] == hand[0]  # the cursor stays on its card
