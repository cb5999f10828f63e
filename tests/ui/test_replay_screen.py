"""The replay as a person uses it (issue 32): from the Load screen's finished match, the score
sheet, the table's score sheet of a match still being played and ``rummy replay``; stepping,
jumping, the deal picker, another hand, and playing a deal again."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from rummy_tui.persistence import SaveStore
from rummy_tui.replay import MatchSteps
from rummy_tui.ui.screens.prompt import ChoiceScreen
from rummy_tui.ui.screens.replay import ReplayScreen
from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.widgets.hand import HandView
from tests.replay.saved import save_match


def hand_line(screen: ReplayScreen) -> str:
    """What the hand box shows, as text."""
    hand = screen.query_one(HandView)
    return str(hand.render())


def phase_line(screen: ReplayScreen) -> str:
    return str(screen.query_one("#phase-hint", Static).render())


async def test_load_a_finished_match_then_replay_step_jump_and_pick_a_deal(tmp_path: Path) -> None:
    _setup, game = save_match(tmp_path, "Friday", "rummy500", 3, seed=3, target_score=300)
    saved = (tmp_path / "saves").glob("*")
    before = {path.name: path.read_bytes() for path in saved}
    steps = MatchSteps(game.state)
    numbers = [span.deal_number for span in steps.replayable]
    assert len(numbers) >= 2
    app = make_app(data_dir=tmp_path, start="load")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the only save: a finished match opens as its sheet
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        # the sheet's cursor stands on the last deal's row: r replays that deal
        assert (screen.model.deal_number, screen.model.step) == (numbers[-1], 0)
        await pilot.press("pageup")
        first = numbers[-2]
        assert (screen.model.deal_number, screen.model.step) == (first, 0)
        await pilot.press("right", "right", "right")
        assert screen.model.step == 3
        await pilot.press("left")
        assert screen.model.step == 2
        assert "move 2 of" in phase_line(screen)
        # a finished match shows the hand of the seat that moved, as it was held then
        seat = screen.shown.move.seat if screen.shown.move else 0
        assert seat is not None
        held = steps.deal(first).hands(2)[seat]
        assert screen.shown.hands[seat] == held
        assert screen.seat_on_show() == seat
        await pilot.press("end")
        assert screen.model.at_end
        await pilot.press("pagedown")
        assert (screen.model.deal_number, screen.model.step) == (numbers[-1], 0)
        await pilot.press("home", "pageup")
        assert screen.model.deal_number == first
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press(str(len(numbers)))
        await pilot.pause()
        assert app.screen is screen and screen.model.deal_number == numbers[-1]
        shown = screen.seat_on_show()
        await pilot.press("tab")
        assert screen.seat_on_show() == (shown + 1) % 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
    after = {path.name: path.read_bytes() for path in (tmp_path / "saves").glob("*")}
    assert after == before  # a replay changes no save


async def test_enter_on_a_deal_row_of_the_sheet_replays_that_deal(tmp_path: Path) -> None:
    save_match(tmp_path, "Friday", "classic", 2, seed=4)
    app = make_app(data_dir=tmp_path, save_name="Friday")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        table = sheet.query_one("#sheet-table")
        table.move_cursor(row=1, column=1)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.model.deal_number == sheet.sheet.rows[1].deal_number


async def test_P2_P3_the_replay_of_a_match_being_played_hides_hands_until_each_deals_end(
    tmp_path: Path,
) -> None:
    save_match(tmp_path, "Tonight", "classic", 3, seed=5, deals=1, target_score=10_000)
    app = make_app(data_dir=tmp_path, save_name="Tonight", start="replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.model.deal_numbers == (1,)  # the deal in progress is never offered
        await pilot.press("right", "right")
        assert screen.shown.hands == (None, None, None)
        assert "still being played" in hand_line(screen)
        await pilot.press("end")
        revealed = {line.seat: line.hand for line in screen.shown.view.last_result.lines}  # type: ignore[union-attr]
        seat = screen.seat_on_show()
        assert screen.shown.hands[seat] == revealed[seat]
        assert "still being played" not in hand_line(screen)


async def test_rummy_replay_of_a_deal_that_is_not_there_says_so_on_the_title(
    tmp_path: Path,
) -> None:
    save_match(tmp_path, "Friday", "classic", 2, seed=4)
    app = make_app(data_dir=tmp_path, save_name="Friday", start="replay", replay_deal=9)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        assert "This match has no deal 9." in [n.message for n in app._notifications]


async def test_deal_again_starts_a_new_match_with_the_same_cards_kept_apart(
    tmp_path: Path,
) -> None:
    setup, game = save_match(tmp_path, "Friday", "european", 3, seed=6)
    steps = MatchSteps(game.state)
    second = steps.replayable[1].deal_number
    app = make_app(data_dir=tmp_path, save_name="Friday", start="replay", replay_deal=second)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.setup.rerun_of == "Friday"
        assert session.setup.seats == setup.seats
        dealt = session.game.state.deal
        original = steps.deal(second).state(0).deal
        assert dealt.hands == original.hands and dealt.dealer == original.dealer
        assert session.game.state.scores == [0, 0, 0]
    names = [info.name for info in SaveStore(tmp_path).list()]
    assert "Friday" in names and len(names) == 2  # the rerun is a save of its own


async def test_review_lists_each_persons_claims_and_a_claim_opens_the_replay_at_its_move(
    tmp_path: Path,
) -> None:
    from textual.widgets import OptionList

    from rummy_tui.ui.screens.review import ReviewScreen

    save_match(tmp_path, "Friday", "rummy500", 3, seed=3, target_score=300)
    app = make_app(data_dir=tmp_path, save_name="Friday", start="replay")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("r")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert review.review is not None
        assert [seat.seat for seat in review.review.seats] == [0, 1]  # people only
        listing = review.query_one(OptionList)
        headings = [
            str(listing.get_option_at_index(index).prompt)
            for index in range(listing.option_count)
            if listing.get_option_at_index(index).disabled
        ]
        assert headings[0].startswith("Anna: ") and headings[1].startswith("Bob: ")
        assert review.claims, "easy play leaves costly moves"
        claim = review.claims[0]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is replay
        assert (replay.model.deal_number, replay.model.step) == (claim.deal_number, claim.step)
        assert replay.seat_on_show() == claim.seat
        await pilot.press("r")  # made once: the same review comes back at once
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.review is review.review


async def test_P2_a_match_being_played_has_no_review_and_says_why(tmp_path: Path) -> None:
    save_match(tmp_path, "Tonight", "classic", 3, seed=5, deals=1, target_score=10_000)
    app = make_app(data_dir=tmp_path, save_name="Tonight", start="replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert any("once the match is over" in n.message for n in app._notifications)


async def test_the_end_of_match_screen_replays_the_highlighted_deal_with_r() -> None:
    from rummy_tui.match.sheet import score_sheet
    from rummy_tui.ui.screens.score_sheet import MatchEndScreen
    from rummy_tui.ui.shell.settings import DisplaySettings
    from tests.replay.saved import played, setup_of
    from tests.ui.test_menus import ScreenApp

    game = played(setup_of("classic", 2), seed=4)
    sheet = score_sheet(game)
    asked: list[int | None] = []
    app = ScreenApp(lambda: MatchEndScreen(sheet, DisplaySettings(), replay=asked.append))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert asked == [sheet.rows[-1].deal_number]  # the cursor starts on the last deal
        await pilot.press("up", "enter")
        assert asked[-1] == sheet.rows[-2].deal_number


async def test_h_shows_every_hand_of_a_finished_match_and_none_of_one_being_played(
    tmp_path: Path,
) -> None:
    from rummy_tui.ui.play.render import cards_text, sort_cards
    from rummy_tui.ui.screens.prompt import TextScreen

    _setup, game = save_match(tmp_path, "Friday", "classic", 3, seed=4)
    steps = MatchSteps(game.state)
    app = make_app(data_dir=tmp_path, save_name="Friday", start="replay", replay_deal=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "h")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, TextScreen)
        text = page.body.plain  # type: ignore[attr-defined]
        lines = text.splitlines()
        for seat, hand in enumerate(steps.deal(1).hands(2)):
            # each name, and under it that seat's hand as it was held two moves in
            at = lines.index(game.players[seat])
            cards = cards_text(sort_cards(list(hand), "suit"), app.settings).plain
            assert lines[at + 1] == cards
    save_match(tmp_path, "Tonight", "classic", 3, seed=5, deals=1, target_score=10_000)
    app = make_app(data_dir=tmp_path, save_name="Tonight", start="replay")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("right", "h")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)  # nothing to show before the deal's end


async def test_a_focus_event_of_a_widget_whose_screen_is_gone_is_ignored(tmp_path: Path) -> None:
    """Deal again: the dialog's button took the focus as the screens under it were cleared;
    the focus event arrived for a widget with no screen and crashed the game (NoScreen)."""
    from textual import events

    app = make_app(data_dir=tmp_path, start="title")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = Static("gone")
        await app.screen.mount(widget)
        await widget.remove()
        app.on_descendant_focus(events.DescendantFocus(widget))  # no NoScreen
        await pilot.pause()
        assert app.is_running


async def test_deal_again_from_a_match_being_played_stops_its_computers(tmp_path: Path) -> None:
    """The match left behind moves no more once a deal of it is played again, and lets its
    save go (another window may open it)."""
    setup, _game = save_match(tmp_path, "Friday", "classic", 2, seed=4)
    app = make_app(data_dir=tmp_path, start="title")
    stopped: list[bool] = []

    class LeftBehind:
        def stop_bots(self) -> None:
            stopped.append(True)

        def close(self) -> None:
            stopped.append(False)

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.session = LeftBehind()  # type: ignore[assignment]
        app.begin_match(setup, setup.start())
        await pilot.pause()
        assert stopped[:1] == [True] and False in stopped  # its computers stopped, then closed
        assert app.session is not None and not isinstance(app.session, LeftBehind)
