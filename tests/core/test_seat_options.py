"""What the core tells an interface a seat may be offered (rummy_tui.core.seat_options).

The table's keys, phase line and questions follow this summary; each case checks it against
the legal actions the engine lists, so the summary cannot drift from the rules.
"""

from __future__ import annotations

from rummy_tui.core import (
    VARIANT_IDS,
    DrawTwo,
    EndDeal,
    Game,
    PlayerView,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.melds import MeldKind, PlacedCard, TableMeld
from rummy_tui.core.seat_options import (
    GoalKind,
    MatchGoal,
    ScoreUnit,
    SeatStanding,
    TakeStyle,
    lone_loose_card,
    match_goal,
    match_length,
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
        assert (options.take is TakeStyle.WITH_SECOND) is listed, variant


def test_B1_hoyle_draw_also_takes_a_second_card() -> None:
    _game, view = _first_view("boathouse", draw_rule="hoyle")
    assert seat_options(view).take is TakeStyle.WITH_SECOND


def test_R5_rummy500_takes_down_to_a_chosen_card() -> None:
    game, view = _first_view("rummy500")
    assert seat_options(view).take is TakeStyle.DOWN_TO
    assert seat_options(_first_view("classic")[1]).take is TakeStyle.TOP
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


def test_match_length_in_words() -> None:
    assert match_length(get_variant("rummy500"), 3) == "first to 500"
    assert match_length(get_variant("european"), 4) == "4 deals (one each)"
    assert match_length(get_variant("european", deal_limit=2), 4) == "2 deals"


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
