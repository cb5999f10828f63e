"""P-4: a match saved after a take-back resumes as if the move had never been made."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy_tui.core import VARIANT_IDS, Game, Phase, StartDeal, TakeBack
from rummy_tui.core.takeback import notes_from_extra, notes_to_extra, public_log
from rummy_tui.i18n import set_language
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.persistence import SaveStore
from tests.persistence.helpers import greedy_action, reseal, seats


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


def _match_with_take_backs(data_dir: object) -> tuple[SaveStore, str, Any, Game]:
    """A saved Classic match in which two moves were taken back (the save is written by
    the store alone, with no extra data from an interface)."""
    from rummy_tui.core import get_variant
    from rummy_tui.match.setup import MatchSetup

    setup = MatchSetup(rules=get_variant("classic"), seats=seats(2), seed=7, bot_delay=0.0)
    game = setup.start()
    store = SaveStore(data_dir)  # type: ignore[arg-type]
    name = store.create(setup, game)
    rng = random.Random(7)
    while len(game.state.take_back_notes) < 2 and not game.is_over:
        if game.phase is Phase.DEAL_OVER:
            game.apply(StartDeal())
            continue
        game.apply(greedy_action(game, rng))
        if game.can_take_back():
            game.apply(TakeBack())
            game.apply(greedy_action(game, rng))
    store.save(name, setup, game)
    return store, name, setup, game


def test_P4_save_then_load_after_a_take_back_gives_the_same_state_and_log(
    data_dir: object,
) -> None:
    store, name, _setup, game = _match_with_take_backs(data_dir)
    assert len(game.state.take_back_notes) == 2

    _, loaded, extra = store.load(name)

    assert loaded.to_json() == game.to_json()  # the notes included
    assert public_log(loaded) == public_log(game)
    assert loaded.view(0).take_back_notes == game.view(0).take_back_notes
    assert "take_back_notes" not in extra


def test_P4_a_format_1_save_with_its_take_backs_in_extra_loads_with_the_same_log(
    data_dir: object,
) -> None:
    """Saves written before format 2 kept the notes in the interface's ``extra``: they load
    with the same notes (an unreadable one left out, as then) and the same public log."""
    store, name, _setup, game = _match_with_take_backs(data_dir)

    def as_format_1(data: dict[str, Any]) -> None:
        notes = data.pop("take_backs")
        data["format_version"] = 1
        data["extra"] = {**data["extra"], "take_back_notes": [*notes, {"seat": "nobody"}]}

    reseal(store.path_of(name), as_format_1)
    _, loaded, extra = SaveStore(store.directory.parent).load(name)

    assert loaded.state.take_back_notes == game.state.take_back_notes
    assert public_log(loaded) == public_log(game)
    assert loaded.to_json() == game.to_json()
    assert "take_back_notes" not in extra


def test_P2_P4_saves_hold_no_sentence_and_older_saves_with_english_text_still_load(
    data_dir: object,
) -> None:
    """The log and the take-back notes are saved as data: no ``text``, no English line. A
    save of the previous version, whose records and notes also carried their English line,
    loads to the same match; saved again, the lines are gone from the file."""
    store, name, setup, game = _match_with_take_backs(data_dir)
    path = store.path_of(name)
    set_language("en")
    lines = [entry_sentence(entry) for entry in public_log(game)]
    written = path.read_text(encoding="utf-8")
    assert '"text"' not in written
    assert not [line for line in lines if line in written]

    def with_english(data: dict[str, Any]) -> None:
        state = game.state
        for member, entries in (("log", state.log), ("take_backs", state.take_back_notes)):
            for saved, entry in zip(data[member], entries, strict=True):
                saved["text"] = entry_sentence(entry)

    reseal(path, with_english)
    assert '"text"' in path.read_text(encoding="utf-8")
    _, loaded, _ = SaveStore(store.directory.parent).load(name)
    assert loaded.to_json() == game.to_json()
    assert [entry_sentence(entry) for entry in public_log(loaded)] == lines
    store.save(name, setup, loaded)
    assert '"text"' not in path.read_text(encoding="utf-8")
