"""Play again: same players and options, seats turned so the next player deals first."""

from __future__ import annotations

from pathlib import Path

from rummy_tui.core import get_variant
from rummy_tui.match.rematch import play_again
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.match.sheet import sheet_columns
from rummy_tui.persistence import SaveStore


def _setup(variant: str = "classic", **options: object) -> MatchSetup:
    names = ("Anna", "Bob", "Cleo", "Dan")
    kinds = (SeatKind.HUMAN, SeatKind.HARD, SeatKind.HUMAN, SeatKind.EASY)
    return MatchSetup(
        rules=get_variant(variant, **options),
        seats=tuple(Seat(name=name, kind=kind) for name, kind in zip(names, kinds, strict=True)),
        seed=5,
        hints=False,
        take_backs=False,
    )


def test_someone_else_deals_first_with_the_same_table() -> None:
    setup = _setup()
    game = setup.start()
    old_dealer = game.players[game.state.first_dealer]
    order = [seat.name for seat in setup.seats]
    next_dealer = order[(order.index(old_dealer) + 1) % 4]
    rematch, fresh = play_again(setup, game)
    assert fresh.players[fresh.state.first_dealer] == next_dealer
    assert fresh.state.deal.dealer == fresh.state.first_dealer
    assert [seat.name for seat in rematch.seats] == order[1:] + order[:1]
    kinds = {seat.name: seat.kind for seat in rematch.seats}
    assert kinds == {seat.name: seat.kind for seat in setup.seats}
    assert rematch.rules == setup.rules and not rematch.hints and not rematch.take_backs
    assert not fresh.state.take_backs_on
    assert fresh.state.seed != game.state.seed and fresh.state.log[0].action.deck
    assert fresh.state.deal.deck != game.state.deal.deck


def test_partners_stay_opposite() -> None:
    setup = _setup("rummy500", partnerships=True)
    rematch, fresh = play_again(setup, setup.start(), seed=9)
    teams = {column.title for column in sheet_columns(fresh.state)}
    assert teams == {"Bob & Dan", "Cleo & Anna"}
    del rematch


def test_the_rematch_saves_and_loads(tmp_path: Path) -> None:
    setup = _setup()
    rematch, fresh = play_again(setup, setup.start())
    store = SaveStore(tmp_path)
    name = store.create(rematch, fresh)
    loaded_setup, loaded, _ = store.load(name)
    assert loaded_setup == rematch and loaded.to_json() == fresh.to_json()
