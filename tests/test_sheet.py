"""P-5: the score sheet built from a game or a save."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from rummy_tui.core import (
    VARIANT_IDS,
    Discard,
    DrawStock,
    Game,
    GoOut,
    Meld,
    Phase,
    StartDeal,
    get_variant,
    new_game,
)
from rummy_tui.core.state import DealResult
from rummy_tui.i18n.deal_words import payment_words
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.match.sheet import RowKind, score_sheet
from rummy_tui.persistence import SaveStore
from tests.core.helpers import NAMES, c, cs, cycle, deal, go_out_now, next_deal_quick, quick_deck


def _classic_rummy() -> Game:
    """Bob goes out on his first turn (rummy); Anna holds 2C 4C 6C 8C 10C QC KD 3S 6S 8S."""
    hands = ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 6D 7D 2S 2H 2D KH"]
    game = deal("classic", hands, "3D", "8D")
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    game.apply(Meld(cards=tuple(cs("5D 6D 7D 8D"))))
    game.apply(Meld(cards=tuple(cs("2S 2H 2D"))))
    game.apply(Discard(card=c("KH")))
    return game


def test_P5_classic_deal_score_running_total_and_rummy_mark() -> None:
    game = _classic_rummy()
    sheet = score_sheet(game)
    assert [column.title for column in sheet.columns] == ["Anna", "Bob"]
    assert sheet.unit == "points" and not sheet.shows_table_points
    (row,) = sheet.rows
    # 2+4+6+8+10+10+10+3+6+8 = 67, doubled for rummy (C-5)
    assert [cell.score for cell in row.cells] == [0, 134]
    assert [cell.total for cell in row.cells] == [0, 134]
    assert row.cells[0].hand_points == 134
    assert row.winner == 1 and row.cells[1].went_out and row.rummy
    assert row.kind is RowKind.SCORED and "C-5" in row.note
    assert sheet.totals == (0, 134)
    assert sheet.finished and sheet.winners == (1,)
    assert sheet.settlement == () and sheet.deal_in_progress is None


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P5_running_totals_over_several_deals_match_the_scores(variant: str) -> None:
    rules = get_variant(variant, **({"deal_limit": 5} if variant == "european" else {}))
    game = new_game(rules, list(NAMES[:3]), deck=quick_deck(rules, 3, 0), dealer=0)
    changes: list[tuple[int, ...]] = []
    for _ in range(3):
        go_out_now(game)
        changes.append(game.state.results[-1].changes)
        sheet = score_sheet(game)
        assert sheet.totals == tuple(game.state.scores)
        if game.is_over:
            break
        next_deal_quick(game)
        assert score_sheet(game).deal_in_progress == game.state.deal.deal_number
    sheet = score_sheet(game)
    assert [row.deal_number for row in sheet.rows] == list(range(1, len(changes) + 1))
    running = [0, 0, 0]
    for row, deal_changes in zip(sheet.rows, changes, strict=True):
        running = [total + change for total, change in zip(running, deal_changes, strict=True)]
        assert [cell.score for cell in row.cells] == list(deal_changes)
        assert [cell.total for cell in row.cells] == running


def test_P5_european_chips_and_the_E8_payment_that_applied() -> None:
    rules = get_variant("european", deal_limit=2)
    game = new_game(rules, list(NAMES[:3]), deck=quick_deck(rules, 3, 0), dealer=0)
    game.apply(GoOut(melds=()))  # no wild card and no draw: 10 chips from each (E-8)
    sheet = score_sheet(game)
    assert sheet.unit == "chips"
    (row,) = sheet.rows
    assert payment_words(row.payment) == "10 chips: no wild card in the winning hand"
    assert "E-8: 10 chips" in row.note
    assert [cell.score for cell in row.cells] == [-10, 20, -10]
    assert sum(cell.score for cell in row.cells) == 0


def test_P5_rummy500_partnerships_share_a_column_with_table_and_hand_points() -> None:
    rules = get_variant("rummy500", partnerships=True)
    names = ["Anna", "Bob", "Cleo", "Dan"]
    game = new_game(rules, names, deck=quick_deck(rules, 4, 0), dealer=0)
    go_out_now(game)  # Bob (seat 1) goes out
    sheet = score_sheet(game)
    assert [column.title for column in sheet.columns] == ["Anna & Cleo", "Bob & Dan"]
    assert sheet.shows_table_points
    (row,) = sheet.rows
    result = game.state.results[-1]
    lines = {line.seat: line for line in result.lines}
    bob_and_dan = row.cells[1]
    assert bob_and_dan.table_points == lines[1].table_points + lines[3].table_points > 0
    assert bob_and_dan.hand_points == lines[1].hand_points + lines[3].hand_points
    assert bob_and_dan.score == bob_and_dan.table_points - bob_and_dan.hand_points
    assert row.winner == 1
    assert sheet.totals == (game.state.scores[0], game.state.scores[1])
    assert game.state.scores[0] == game.state.scores[2]


def test_P5_rummy500_winner_and_settlement() -> None:
    rules = get_variant("rummy500", target_score=1)
    game = new_game(rules, ["Anna", "Bob", "Cleo"], deck=quick_deck(rules, 3, 0), dealer=0)
    go_out_now(game)
    sheet = score_sheet(game)
    assert sheet.finished and sheet.winners == (1,)
    best = sheet.totals[1]
    # each loser pays the winner the difference of their totals
    assert sheet.settlement == (best - sheet.totals[0], 0, best - sheet.totals[2])
    assert all(amount > 0 for amount in (sheet.settlement[0], sheet.settlement[2]))


def test_P5_dead_hand_is_marked_and_scores_nothing() -> None:
    rules = get_variant("classic", rebuild_limit=3)
    game = new_game(rules, ["Anna", "Bob"], seed=1)
    for _ in range(400):
        if game.phase is not Phase.DRAW:
            break
        cycle(game, 1)
    assert game.state.results and game.state.results[-1].dead
    sheet = score_sheet(game)
    (row,) = sheet.rows
    assert row.kind is RowKind.DEAD and "G-9" in row.note
    assert [cell.score for cell in row.cells] == [0, 0] and row.winner is None
    game.apply(StartDeal())
    assert score_sheet(game).deal_in_progress == 2


def _fake_results(game: Game, deals: list[tuple[int, ...]]) -> None:
    """Give ``game`` these deal results (for sheet marks that play reaches only rarely)."""
    results = [
        DealResult(deal_number=number, winner=0, changes=changes)
        for number, changes in enumerate(deals, start=1)
    ]
    game.state.results = results
    game.state.scores = [sum(column) for column in zip(*deals, strict=True)]
    game.state.deals_scored = len(deals)


def test_P5_an_extra_deal_after_an_exact_tie_above_the_target_is_marked() -> None:
    game = new_game(get_variant("rummy500"), ["Anna", "Bob"], seed=2)
    _fake_results(game, [(300, 200), (210, 310), (40, -10)])
    sheet = score_sheet(game)
    assert [row.kind for row in sheet.rows] == [RowKind.SCORED, RowKind.SCORED, RowKind.EXTRA]
    assert "R-12" in sheet.rows[2].note
    assert [cell.total for cell in sheet.rows[1].cells] == [510, 510]


def test_P5_csv_has_one_line_per_deal_and_the_totals() -> None:
    game = _classic_rummy()
    lines = list(csv.reader(io.StringIO(score_sheet(game).to_csv())))
    header = ["deal", "kind", "Anna score", "Anna total", "Bob score", "Bob total"]
    assert lines[0] == [*header, "winner", "note"]
    assert lines[1][:6] == ["1", "scored", "0", "0", "134", "134"]
    assert lines[1][6] == "Bob"
    assert lines[2][:6] == ["total", "", "0", "0", "134", "134"]
    assert lines[2][6:] == ["Bob", "match over"]


def test_P5_csv_of_rummy500_has_table_hand_and_settlement() -> None:
    rules = get_variant("rummy500", target_score=1)
    game = new_game(rules, ["Anna", "Bob"], deck=quick_deck(rules, 2, 0), dealer=0)
    go_out_now(game)
    lines = list(csv.reader(io.StringIO(score_sheet(game).to_csv())))
    assert "Anna table" in lines[0] and "Bob hand" in lines[0]
    assert lines[-1][0] == "settlement"


def test_P5_the_sheet_of_a_saved_match_is_the_sheet_of_the_match(tmp_path: Path) -> None:
    rules = get_variant("classic", target_score=1)
    setup = MatchSetup(rules=rules, seats=(Seat(name="Anna"), Seat(name="Bob")), seed=4)
    game = new_game(rules, setup.names, deck=quick_deck(rules, 2, 0), dealer=0)
    store = SaveStore(tmp_path)
    name = store.create(setup, game)
    go_out_now(game)
    store.save(name, setup, game)
    _, loaded, _ = store.load(name)
    assert score_sheet(loaded) == score_sheet(game)
    assert score_sheet(loaded).finished
