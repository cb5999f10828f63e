"""Views, option values and refusal data that broken copies of the core got past (mutation
sample of 1 December 2026, session 6). Each test states a rule of RULES.md by its id."""

from __future__ import annotations

import pytest

from rummy_tui.core import (
    Discard,
    GoOut,
    IllegalAction,
    LayOffCard,
    Phase,
    get_variant,
    new_game,
)
from rummy_tui.core.melds import meld_readings, reading_to_meld
from rummy_tui.core.variants.ruleset import player_count_refusal, with_options
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import NAMES, c, cs, position


def test_P1_a_view_for_a_seat_not_at_the_table_holds_no_hand() -> None:
    """P-1: hidden information stays hidden; a view asked for a seat nobody sits in (one past
    the last, or an onlooker's -1) shows no cards in hand, and every seat's view its own."""
    game = new_game(get_variant("classic"), list(NAMES[:3]), seed=4)
    assert game.view(3).hand == ()
    assert game.view(-1).hand == ()
    for seat in range(3):
        assert game.view(seat).hand == tuple(game.state.deal.hands[seat])


def test_C5_the_view_after_a_deal_carries_its_result() -> None:
    """The end-of-deal screen reads the deal's result from the view (C-5 scores it)."""
    game = position("classic", "7H", phase=Phase.PLAY)
    assert game.view(0).last_result is None
    game.apply(Discard(card=game.state.deal.hands[0][0]))  # the last card: out (C-3)
    result = game.state.results[-1]
    for seat in range(2):
        assert game.view(seat).last_result == result


def test_E7_a_refused_go_out_in_european_rummy_speaks_of_runs() -> None:
    """E-3 allows runs only, so a go-out refused for loose cards names runs, not melds."""
    game = position("european", "5H 6H 7H KS 2C", phase=Phase.PLAY)
    with pytest.raises(IllegalAction) as caught:
        game.apply(GoOut(melds=(), discard=game.state.deal.hands[0][-1]))  # 2C goes
    assert caught.value.values["kind"] == "run"
    boathouse = position("boathouse", "5H 6H 7H KS 2C", phase=Phase.PLAY)  # groups too
    with pytest.raises(IllegalAction) as caught:
        boathouse.apply(GoOut(melds=()))
    assert caught.value.values["kind"] == "meld"


def test_G10_a_deal_limit_takes_any_positive_whole_number() -> None:
    """A number of deals is a match length like the target score: any positive whole number,
    not only the values the menu offers."""
    rules = get_variant("european")
    assert with_options(rules, deal_limit=7).deal_limit == 7
    with pytest.raises(ValueError):
        with_options(rules, deal_limit=0)


def test_G2_a_player_count_off_the_variant_s_range_is_refused_in_words() -> None:
    rules = get_variant("classic")
    assert player_count_refusal(rules, 2) is None
    refused = player_count_refusal(rules, rules.max_players + 1)
    assert refused is not None and "G-2" in refusal_sentence(refused)


def test_G2_the_dealer_must_be_one_of_the_seats() -> None:
    """A dealer seat one past the last player is refused, naming how many players sit."""
    rules = get_variant("classic")
    with pytest.raises(IllegalAction) as caught:
        new_game(rules, list(NAMES[:3]), seed=1, dealer=3)
    assert caught.value.code == "setup.no_dealer_seat"
    assert caught.value.values == {"seat": 3, "players": 3}
    assert new_game(rules, list(NAMES[:3]), seed=1, dealer=2).state.deal.dealer == 2


def test_R9_a_lay_off_of_the_last_card_is_logged_as_going_out() -> None:
    """Rummy 500: laying off the last card in hand ends the deal (R-9); its log record says the
    player went out, which the log line and the end of the deal are written from."""
    rules = get_variant("rummy500")
    run = reading_to_meld(meld_readings(rules, cs("5H 6H 7H"))[0], 1, 1)
    game = position("rummy500", "8H", melds=(run,), phase=Phase.PLAY)
    record = game.apply(LayOffCard(card=c("8H"), meld_id=run.meld_id))
    assert record.facts is not None and record.facts.goes_out
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    other = position("rummy500", "8H 2C", melds=(run,), phase=Phase.PLAY)
    record = other.apply(LayOffCard(card=c("8H"), meld_id=run.meld_id))
    assert record.facts is not None and not record.facts.goes_out


def test_B3_a_whole_hand_go_out_without_a_discard_is_listed_in_boathouse() -> None:
    """B-3: a Boathouse hand may go out with no final discard when every card melds; the
    legal actions offer that. European Rummy always discards first (E-7): only go-outs with a
    discard are offered there."""
    game = position("boathouse", "5H 6H 7H 9C 9D 9S", phase=Phase.PLAY)
    go_outs = [action for action in game.legal_actions() if isinstance(action, GoOut)]
    assert [action.discard for action in go_outs] == [None]
    european = position("european", "5H 6H 7H 9C 10C JC KD", phase=Phase.PLAY)
    offered = [action for action in european.legal_actions() if isinstance(action, GoOut)]
    assert offered and all(action.discard is not None for action in offered)
