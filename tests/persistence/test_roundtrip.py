"""Save then load gives the identical game, for every variant at every stage (G-11, P-1)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummy_tui import __version__
from rummy_tui.core import VARIANT_IDS, Phase, StartDeal
from rummy_tui.persistence import FORMAT_VERSION, SaveStore
from tests.persistence.helpers import STAGES, match_at, step


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_round_trip_gives_identical_game(variant: str, stage: str, data_dir: Path) -> None:
    setup, game = match_at(variant, stage)
    extra = {"hints_used": [1, 0, 2], "note": "Päivi's table"}
    name = SaveStore(data_dir).create(setup, game, extra=extra)

    loaded_setup, loaded, loaded_extra = SaveStore(data_dir).load(name)

    assert loaded.to_json() == game.to_json()
    assert loaded.state == game.state
    assert loaded_setup == setup
    assert loaded_extra == extra


@pytest.mark.parametrize(
    ("variant", "options", "players"),
    [
        ("european", {"twos_wild": True, "ace_rule": "around"}, 12),
        ("boathouse", {"draw_rule": "hoyle", "unmatched_value": "per_card"}, 3),
        ("rummy500", {"partnerships": True, "top_discard_free": True}, 4),
        ("classic", {"rebuild_limit": None}, 6),
    ],
)
def test_round_trip_keeps_options_and_seat_kinds(
    variant: str, options: dict[str, Any], players: int, data_dir: Path
) -> None:
    setup, game = match_at(variant, "play", players=players, **options)
    name = SaveStore(data_dir).create(setup, game)

    loaded_setup, loaded, _ = SaveStore(data_dir).load(name)

    assert loaded.to_json() == game.to_json()
    assert loaded_setup.rules == setup.rules
    assert [seat.kind for seat in loaded_setup.seats] == [seat.kind for seat in setup.seats]
    for field, value in options.items():
        assert getattr(loaded.rules, field) == value


def test_autosave_after_every_action_loads_at_every_point(data_dir: Path) -> None:
    setup, game = match_at("rummy500", "fresh", players=4)
    store = SaveStore(data_dir)
    name = store.create(setup, game)
    rng = random.Random(3)
    checkpoints = {5, 17, 40, 41, 90}
    for number in range(1, 91):
        step(game, rng)
        store.save(name, setup, game, {"actions": number})
        if number in checkpoints:
            _, loaded, extra = SaveStore(data_dir).load(name)
            assert loaded.to_json() == game.to_json()
            assert extra == {"actions": number}


def test_a_loaded_match_plays_on_and_saves_again(data_dir: Path) -> None:
    setup, game = match_at("classic", "play", players=4)
    name = SaveStore(data_dir).create(setup, game)
    store = SaveStore(data_dir)
    loaded_setup, loaded, _ = store.load(name)
    rng = random.Random(8)
    for _ in range(60):
        if loaded.is_over:
            break
        step(loaded, rng)
        store.save(name, loaded_setup, loaded)

    _, again, _ = SaveStore(data_dir).load(name)

    assert again.to_json() == loaded.to_json()


def test_incremental_file_equals_a_file_written_at_once(data_dir: Path, tmp_path: Path) -> None:
    setup, game = match_at("double", "fresh", players=3)
    store = SaveStore(data_dir)
    name = store.create(setup, game)
    rng = random.Random(1)
    for _ in range(150):
        step(game, rng)
        store.save(name, setup, game)
    once = SaveStore(tmp_path / "once")
    once.create(setup, game, name)

    step_by_step = json.loads(store.path_of(name).read_bytes())
    at_once = json.loads(once.path_of(name).read_bytes())
    for data in (step_by_step, at_once):
        del data["saved_at"], data["checksum"]
    assert step_by_step == at_once


def test_file_holds_the_recipe(store: SaveStore) -> None:
    setup, game = match_at("european", "draw", players=5)
    name = store.create(setup, game)

    data = json.loads(store.path_of(name).read_bytes())

    assert data["format_version"] == FORMAT_VERSION
    assert data["app_version"] == __version__
    assert data["setup"]["rules"]["variant_id"] == "european"
    assert [seat["kind"] for seat in data["setup"]["seats"]] == [
        seat.kind.value for seat in setup.seats
    ]
    assert data["first_deal"]["seed"] == game.state.seed
    assert data["first_deal"]["dealer"] == game.state.first_dealer
    first = game.state.log[0].action
    assert isinstance(first, StartDeal) and first.deck is not None
    assert len(data["first_deal"]["deck"]) == len(first.deck)
    assert len(data["log"]) == len(game.state.log)
    decks = [r["action"]["deck"] for r in data["log"] if r["action"]["kind"] == "start_deal"]
    assert len(decks) == game.state.deal.deal_number
    assert all(decks), "every deal's card order is recorded"
    assert data["summary"]["deal_number"] == game.state.deal.deal_number
    assert data["summary"]["scores"] == game.state.scores


def test_finished_match_keeps_its_final_standings(store: SaveStore) -> None:
    setup, game = match_at("classic", "finished", players=3)
    name = store.create(setup, game)

    (info,) = store.list()
    _, loaded, _ = store.load(name)

    assert info.finished and info.winners == tuple(game.state.winners)
    assert loaded.phase is Phase.MATCH_OVER
    assert loaded.state.results == game.state.results
    assert loaded.state.scores == game.state.scores


def test_resumed_match_is_at_the_saved_seat_to_move(store: SaveStore) -> None:
    """P-1: the interface resumes on the hand-off screen of the player to move; the store
    gives back the exact position, so the seat to move is the saved one."""
    setup, game = match_at("boathouse", "play", players=4)
    name = store.create(setup, game)

    (info,) = store.list()
    _, loaded, _ = SaveStore(store.directory.parent).load(name)

    assert loaded.current == game.current == info.current
    assert info.to_play == game.players[game.current]
