"""Computer seats, autosave after every action, resuming at the hand-off (P-1), save errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.persistence import SaveError, SaveStore
from rummy_tui.ui.screens.table import Mode
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    app_for,
    cursor_to,
    game_of,
    handoff_parts,
    pass_to,
    press,
    screen_text,
    select,
    settle,
    setup_for_game,
    table,
)
from tests.ui.test_play_classic import classic_game


def record_screens(app: Any) -> list[str]:
    """Names of every screen pushed from now on."""
    pushed: list[str] = []
    original = app.push_screen

    def push_screen(screen: Any, *args: Any, **kwargs: Any) -> Any:
        pushed.append(type(screen).__name__)
        return original(screen, *args, **kwargs)

    app.push_screen = push_screen
    return pushed


async def test_bot_turns_run_without_hand_off_and_are_logged() -> None:
    game = classic_game()  # Bob (seat 1) moves first: here a computer
    app = app_for(game, bots={1: "easy"})
    pushed = record_screens(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert game.current == 0
        assert table(app).mode is Mode.PLAY  # straight to Anna: she is the only person
        assert "HandoffScreen" not in pushed
        bot_records = [record for record in game.state.log if record.seat == 1]
        assert len(bot_records) >= 2  # a draw and a discard at least
        shown = screen_text(app)
        assert "(computer, easy)" in shown
        assert (
            entry_sentence(bot_records[-1]).split()[1] in shown
        )  # the bot's last action is in the log

        await press(pilot, "d")
        await cursor_to(pilot, "AS")
        await press(pilot, "x")
        await settle(pilot)
        assert game.current == 0 and game.phase is Phase.DRAW
        assert sum(1 for record in game.state.log if record.seat == 1) > len(bot_records)
        assert "HandoffScreen" not in pushed


async def test_hand_off_only_to_the_next_person_after_computer_turns() -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob", "Cid"], seed=5, dealer=0)
    # Anna 0, Bob 1 (computer), Cid 2. Bob plays first, then Cid: the hand-off to Cid comes
    # before Bob moves (P-4: with two people the keyboard is passed on before a computer
    # moves), and Cid watches his own hand while Bob plays.
    app = app_for(game, bots={1: "normal"})
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert game.current == 1 and not [r for r in game.state.log if r.seat == 1]
        await pass_to(pilot, "Cid")
        await settle(pilot)
        assert game.current == 2
        assert type(app.screen).__name__ == "TableScreen"
        assert table(app).view.seat == 2 and table(app).mode is Mode.PLAY
        await press(pilot, "d", "x")
        # Anna is a different person from Cid: the keyboard is handed over.
        await pass_to(pilot, "Anna")


async def test_autosave_every_action_and_resume_at_the_hand_off(tmp_path: Path) -> None:
    game = classic_game()
    setup = setup_for_game(game)
    app = make_app(setup=setup, game=game, data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None
        name = app.session.saving.name
        assert name is not None
        await press(pilot, "t")
        await press(pilot, "s")  # Bob sorts by rank: the order is kept with the next save
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        order = [card.key for card in table(app).hand_state.order]  # type: ignore[union-attr]
        assert "· saved" in screen_text(app)

    store = SaveStore(tmp_path)
    _setup, saved_game, extra = store.load(name)
    assert len(saved_game.state.log) == len(game.state.log)
    assert saved_game.state.deal.melds == game.state.deal.melds

    # Resume: the hand-off of the player to move comes first, even for the same player.
    resumed = make_app(start="load", save_name=name, data_dir=tmp_path, settings=DisplaySettings())
    async with resumed.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        shown = screen_text(resumed)
        assert "Pass to Bob" in shown
        gate, summary = handoff_parts(shown)
        assert not any(glyph in gate for glyph in "♣♦♥♠")
        assert "half-way through your turn" in summary  # public cards only below the gate
        await pass_to(pilot, "Bob")
        assert table(resumed).mode is Mode.PLAY
        assert game_of(resumed).phase is Phase.PLAY
        assert len(table(resumed).view.hand) == 8
        assert extra.get("hand_order")
        resumed_order = table(resumed).hand_state.order  # type: ignore[union-attr]
        assert [card.key for card in resumed_order] == order  # Bob's own arrangement is back


async def test_continue_resumes_the_latest_unfinished_match(tmp_path: Path) -> None:
    game = classic_game()
    store = SaveStore(tmp_path)
    name = store.create(setup_for_game(game), game)
    app = make_app(start="continue", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None and app.session.saving.name == name


class FailingStore:
    """A store whose disk is full."""

    def __init__(self) -> None:
        self.saves = 0

    def create(self, setup: Any, game: Any, name: str | None = None) -> str:
        return "broken"

    def save(self, name: str, setup: Any, game: Any, extra: Any = None) -> None:
        self.saves += 1
        raise SaveError("The disk is full; free some space and the game saves again.")

    def save_or_create(self, name: str | None, setup: Any, game: Any, extra: Any = None) -> str:
        if name is None:
            return self.create(setup, game)
        self.save(name, setup, game, extra)
        return name

    def release(self, name: str) -> None:
        """Nothing is locked in this fake."""


async def test_a_save_error_is_a_notice_never_a_crash() -> None:
    game = classic_game()
    app = app_for(game)
    store = FailingStore()
    app.data.use_store(store)
    app.autosave = True
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        assert store.saves == 1
        assert game.phase is Phase.PLAY  # the move stands
        notices = [notification.message for notification in app._notifications]
        assert any(
            "could not be saved" in message and "disk is full" in message for message in notices
        )
        assert "NOT SAVED" in screen_text(app)
        await press(pilot, "x")  # play goes on; the same problem is not repeated on every move
        assert store.saves == 2
        assert len([n for n in app._notifications if "could not be saved" in n.message]) == 1


async def test_a_damaged_save_is_reported_not_opened(tmp_path: Path) -> None:
    game = classic_game()
    store = SaveStore(tmp_path)
    name = store.create(setup_for_game(game), game)
    path = store.path_of(name)
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")
    app = make_app(start="load", save_name=name, data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        notices = [notification.message for notification in app._notifications]
        assert any("could not be loaded" in message for message in notices)
        assert app.session is None


async def test_an_unexpected_error_shows_no_traceback(tmp_path: Path, capsys: Any) -> None:
    import pytest

    app = app_for(classic_game(), tmp_path=tmp_path)

    def broken() -> None:
        raise RuntimeError("the table fell over")

    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pass_to(pilot, "Bob")
            table(app).action_draw = broken  # type: ignore[method-assign]
            await pilot.press("d")
            await pilot.pause()
    shown = " ".join(capsys.readouterr())
    assert "something went wrong: the table fell over" in shown
    assert "Traceback" not in shown
    assert "RuntimeError" in (tmp_path / "crash.log").read_text(encoding="utf-8")


async def test_computers_play_a_whole_match_to_the_title_screen() -> None:
    game = new_game(get_variant("european", deal_limit=1), ["Anna", "Bob", "Cid"], seed=5, dealer=0)
    app = app_for(game, bots={0: "normal", 1: "easy", 2: "hard"})
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(200):
            await settle(pilot)
            if type(app.screen).__name__ == "DealEndScreen":
                break
        assert game.phase is Phase.MATCH_OVER
        assert "win" in screen_text(app)
        assert len([record for record in game.state.log if record.seat is not None]) > 3
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "MatchEndScreen"
        await press(pilot, "t")
        assert type(app.screen).__name__ == "TitleScreen"
