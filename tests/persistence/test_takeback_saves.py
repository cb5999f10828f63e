"""P-4: a match saved after a take-back resumes as if the move had never been made."""

from __future__ import annotations

import random

import pytest

from rummy_tui.core import VARIANT_IDS, Game, Phase, StartDeal
from rummy_tui.core.takeback import notes_from_extra, notes_to_extra
from rummy_tui.persistence import SaveStore
from tests.persistence.helpers import greedy_action, seats


def _play_state(game: Game) -> str:
    return game.state.model_dump_json(exclude={"take_back_notes"})


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P4_resume_from_disk_after_a_take_back_equals_the_match_that_never_saw_the_move(
    variant: str, data_dir: object
) -> None:
    from rummy_tui.core import get_variant
    from rummy_tui.match.setup import MatchSetup

    setup = MatchSetup(rules=get_variant(variant), seats=seats(3), seed=23, bot_delay=0.0)
    game = setup.start()
    store = SaveStore(data_dir)  # type: ignore[arg-type]
    name = store.create(setup, game)
    rng = random.Random(variant)
    taken = 0
    for _ in range(400):
        if game.is_over or taken == 3:
            break
        if game.phase is Phase.DEAL_OVER:
            game.apply(StartDeal())
            continue
        never_saw_it = game.copy()
        game.apply(greedy_action(game, rng))
        store.save(name, setup, game)
        if not game.can_take_back() or rng.random() < 0.5:
            continue
        game.take_back()
        taken += 1
        store.save(name, setup, game, {"take_backs": notes_to_extra(game)})
        _, loaded, extra = store.load(name)
        assert _play_state(loaded) == _play_state(never_saw_it)
        assert loaded.state.log == never_saw_it.state.log
        notes_from_extra(loaded, extra["take_backs"])
        assert loaded.state.take_back_notes == game.state.take_back_notes
        # Both go on the same way.
        action = greedy_action(loaded, random.Random(taken))
        loaded.apply(action)
        never_saw_it.apply(action)
        assert _play_state(loaded) == _play_state(never_saw_it)
    assert taken == 3
