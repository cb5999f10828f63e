"""More rules that mutants of the core got past: what a view shows, go-out listings, options.

See README, "Tests", for the mutation run these come from.
"""

from __future__ import annotations

import pytest

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.core.actions import Discard, GoOut
from rummy_tui.core.variants.ruleset import RulesError
from tests.core.helpers import cs


def test_P1_a_seat_s_view_holds_its_own_hand() -> None:
    game = new_game(get_variant("classic"), ["A", "B", "C"], seed=4)
    for seat in range(3):
        assert game.view(seat).hand == tuple(game.state.deal.hands[seat])


def test_P2_the_public_log_keeps_the_actions_played() -> None:
    game = new_game(get_variant("classic"), ["A", "B"], seed=5)
    game.apply(next(action for action in game.legal_actions() if action.kind == "draw_stock"))
    discard = next(action for action in game.legal_actions() if isinstance(action, Discard))
    game.apply(discard)
    kinds = [record.action.kind for record in game.view(0).log]
    assert kinds[-2:] == ["draw_stock", "discard"]
    assert game.view(1).log[-1].action == discard


def test_B3_a_go_out_with_a_final_discard_is_listed_with_that_discard() -> None:
    game = new_game(get_variant("boathouse"), ["A", "B"], seed=6)
    deal = game.state.deal
    deal.phase = Phase.PLAY
    deal.hands[deal.current] = cs("3D 4D 5D 7S 7H 7C 9S")
    go_outs = [action for action in game.legal_actions() if isinstance(action, GoOut)]
    assert [str(action.discard) for action in go_outs] == ["9S"]
    game.verify(go_outs[0])


@pytest.mark.parametrize("target", [0, -100])
def test_C6_a_target_must_be_a_positive_number(target: int) -> None:
    with pytest.raises(RulesError):
        get_variant("classic", target_score=target)


def test_C6_any_positive_target_may_be_chosen() -> None:
    assert get_variant("classic", target_score=175).target_score == 175


def test_B3_the_melds_of_a_go_out_get_numbers_of_their_own() -> None:
    game = new_game(get_variant("boathouse"), ["A", "B"], seed=6)
    deal = game.state.deal
    deal.phase = Phase.PLAY
    deal.hands[deal.current] = cs("3D 4D 5D 7S 7H 7C 9S")
    first = deal.next_meld_id
    game.apply(next(action for action in game.legal_actions() if isinstance(action, GoOut)))
    assert [meld.meld_id for meld in game.state.deal.melds] == [first, first + 1]
    assert game.state.deal.next_meld_id == first + 2


def test_E7_after_drawing_a_go_out_with_a_discard_is_listed() -> None:
    game = new_game(get_variant("european"), ["A", "B"], seed=7)
    deal = game.state.deal
    deal.phase = Phase.PLAY
    deal.hands[deal.current] = cs("3D 4D 5D 6D 7S 8S 9S 9C")
    go_outs = [action for action in game.legal_actions() if isinstance(action, GoOut)]
    assert [str(action.discard) for action in go_outs] == ["9C"]


def test_E7_before_drawing_a_hand_that_melds_whole_may_go_out() -> None:
    game = new_game(get_variant("european"), ["A", "B"], seed=7)
    deal = game.state.deal
    assert deal.phase is Phase.DRAW
    deal.hands[deal.current] = cs("3D 4D 5D 6D 7S 8S 9S")
    go_outs = [action for action in game.legal_actions() if isinstance(action, GoOut)]
    assert [action.discard for action in go_outs] == [None]
    assert len(go_outs[0].melds) == 2


def test_G10_an_unknown_variant_is_refused_with_the_list_of_variants() -> None:
    with pytest.raises(RulesError, match=r"no variant 'gin' \(variants: classic, "):
        get_variant("gin")


def test_G10_an_unknown_option_is_refused_with_the_variant_s_options() -> None:
    with pytest.raises(RulesError, match=r"no option 'wild_tens' \(options: .*target_score"):
        get_variant("classic", wild_tens=True)


def test_G10_an_option_value_off_the_list_is_refused_with_the_choices() -> None:
    with pytest.raises(RulesError, match=r"cannot be 'sideways' \(choices: .*low.*around"):
        get_variant("european", ace_rule="sideways")
