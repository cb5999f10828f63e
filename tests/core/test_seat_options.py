"""What the core tells an interface a seat may be offered (rummy_tui.core.seat_options).

The table's keys, phase line and questions follow this summary; each case checks it against
the legal actions the engine lists, so the summary cannot drift from the rules.
"""

from __future__ import annotations

import itertools

import pytest

from rummy_tui.core import (
    VARIANT_IDS,
    DrawTwo,
    EndDeal,
    Game,
    Phase,
    PlayerView,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.melds import MeldKind, PlacedCard, TableMeld
from rummy_tui.core.seat_options import (
    MOVE_KINDS,
    GoalKind,
    MatchGoal,
    ScoreUnit,
    SeatStanding,
    lone_loose_card,
    match_goal,
    seat_options,
    seat_standing,
    variant_options,
)
from tests.core.helpers import cs


def _first_view(variant: str, **options: object) -> tuple[Game, PlayerView]:
    game = new_game(get_variant(variant, **options), ["Anna", "Bob", "Cleo"], seed=4)
    return game, game.view(game.current)


def test_B1_two_card_draw_is_offered_exactly_where_the_engine_lists_it() -> None:
    for variant in VARIANT_IDS:
        game, view = _first_view(variant)
        listed = any(isinstance(action, DrawTwo) for action in game.legal_actions())
        options = seat_options(view)
        assert options.draw_two is listed, variant
        assert ("draw_two" in options.moves) is listed, variant


def test_B1_hoyle_draw_also_takes_a_second_card() -> None:
    _game, view = _first_view("boathouse", draw_rule="hoyle")
    assert seat_options(view).draw_two and "draw_two" in seat_options(view).moves


def test_R5_rummy500_takes_down_to_a_chosen_card() -> None:
    game, view = _first_view("rummy500")
    assert seat_options(view).takes_any_depth
    assert not seat_options(_first_view("classic")[1]).takes_any_depth
    takes = [action for action in game.legal_actions() if isinstance(action, TakeDiscard)]
    assert all(action.count >= 1 for action in takes)


def test_R10_ending_the_deal_is_offered_only_with_an_empty_rummy500_stock() -> None:
    game, view = _first_view("rummy500")
    assert view.stock_count > 0
    assert not seat_options(view).end_deal
    assert not any(isinstance(action, EndDeal) for action in game.legal_actions())
    emptied = view.model_copy(update={"stock_count": 0})
    assert seat_options(emptied).end_deal
    assert not seat_options(
        _first_view("classic")[1].model_copy(update={"stock_count": 0})
    ).end_deal
    assert variant_options(get_variant("rummy500")).end_deal  # in the help: the key exists


def test_B3_E7_whole_hand_go_out_where_melds_do_not_go_down_during_play() -> None:
    for variant in VARIANT_IDS:
        rules = get_variant(variant)
        options = variant_options(rules)
        assert options.melds_in_play is rules.meld_during_play
        assert options.go_out_whole is not rules.meld_during_play


def test_match_length_as_data() -> None:
    assert match_goal(get_variant("rummy500"), 3) == MatchGoal(GoalKind.TARGET, 500)
    assert match_goal(get_variant("european"), 4) == MatchGoal(GoalKind.ONE_EACH, 4)
    assert match_goal(get_variant("european", deal_limit=2), 4) == MatchGoal(GoalKind.DEALS, 2)


def test_B3_the_lone_loose_card_is_the_one_the_best_arrangement_leaves() -> None:
    rules = get_variant("boathouse")
    assert lone_loose_card(rules, cs("4H 5H 6H 9C 9D 9S KD")) == cs("KD")[0]
    assert lone_loose_card(rules, cs("4H 5H 6H 9C 9D QS KD")) is None


def test_match_goal_as_data() -> None:
    assert match_goal(get_variant("rummy500"), 3) == MatchGoal(GoalKind.TARGET, 500)
    assert match_goal(get_variant("european"), 4) == MatchGoal(GoalKind.ONE_EACH, 4)
    assert match_goal(get_variant("european", deal_limit=2), 4) == MatchGoal(GoalKind.DEALS, 2)
    assert match_goal(get_variant("classic"), 3) == MatchGoal(GoalKind.TARGET, 100)
    assert match_goal(get_variant("classic", target_score=None), 3) is None


def test_seat_standing_follows_the_variant_scoring() -> None:
    """E-8 totals are chips; R-11 shows what a seat's table cards score as the deal goes."""
    _game, view = _first_view("european")
    assert seat_standing(view, 0) == SeatStanding(total=0, unit=ScoreUnit.CHIPS)
    _game, view = _first_view("classic")
    assert seat_standing(view, 1) == SeatStanding(total=0, unit=ScoreUnit.POINTS)
    _game, view = _first_view("rummy500")
    meld = TableMeld(
        meld_id=1,
        kind=MeldKind.RUN,
        start=5,
        cards=tuple(PlacedCard(card=card, face=card.face, seat=1) for card in cs("5H 6H 7H")),
        owner=1,
    )
    melded = view.model_copy(update={"melds": (meld,), "scores": (3, 40, -7)})
    assert seat_standing(melded, 1) == SeatStanding(40, ScoreUnit.POINTS, on_table=18)
    assert seat_standing(melded, 2) == SeatStanding(-7, ScoreUnit.POINTS, on_table=0)


def _decisions(variant: str, seed: int, steps: int = 60) -> list[Game]:
    """Copies of a deal's states at each decision, played by the easy computer player."""
    from rummy_tui.bots import make_bot

    players = ["Anna", "Bob", "Cleo"][: 2 + seed % 2]
    game = new_game(get_variant(variant), players, seed=seed)
    bots = [make_bot("easy", seat) for seat in range(len(players))]
    states: list[Game] = []
    for _ in range(steps):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            break
        states.append(game.copy())
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return states


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_G_turn_open_kinds_follow_the_phase_as_the_engine_does(variant: str, seed: int) -> None:
    """The kinds of move the phase leaves open (the table offers only their keys): every
    legal action is of an open kind, and the moves of the phase before or after (the draws
    once drawn, the discards and melds before the draw) are refused now (issue 21)."""
    states = _decisions(variant, seed)
    assert any(state.phase is Phase.DRAW for state in states)
    assert any(state.phase is Phase.PLAY for state in states)
    for before, after in itertools.pairwise(states):
        for game in (before, after):
            open_now = seat_options(game.view(game.current)).open_now
            assert open_now <= MOVE_KINDS
            for action in game.legal_actions():
                assert action.kind in open_now, (variant, game.phase, action)
        if before.current != after.current or before.phase is after.phase:
            continue
        # the same seat before and after its draw: what one phase allows, the other refuses
        for game, other in ((before, after), (after, before)):
            open_now = seat_options(game.view(game.current)).open_now
            closed = [a for a in other.legal_actions() if a.kind not in open_now]
            assert closed or other.phase is Phase.DRAW  # after a draw a discard always remains
            for action in closed:
                assert not game.can(action), (variant, game.phase, action)


def test_variant_options_leave_every_kind_open_without_a_phase() -> None:
    for variant in VARIANT_IDS:
        assert variant_options(get_variant(variant)).open_now == MOVE_KINDS
