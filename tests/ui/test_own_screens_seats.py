"""Only the shared screen manages the seats (P-6), and its list of own screens is safe to
press Enter on (issue 30: items 1 and 7, the evening's defects 1 and 3). Two apps on one
data folder: the shared screen and Bob's joined screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.i18n import set_language
from rummy_tui.match.setup import SeatKind
from rummy_tui.ui.shell.app import RummyApp
from tests.ui.helpers import press, screen_text, settle, status_text
from tests.ui.test_own_screens import host_app, joined_app, own_setup, screen_name, wait_for
from tests.ui.test_own_screens_moves import to_the_table

pytestmark = pytest.mark.xdist_group("own-screens")


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


async def test_P6_a_joined_screen_has_no_list_of_own_screens_and_says_why(
    tmp_path: Path,
) -> None:
    """Bob presses o on his own screen: no seat list, no code, no seat moved; one sentence
    says that only the shared screen manages seats. His help has no o; the shared screen's
    help has it."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy"))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        assert host.session is not None and host.session.link is not None
        code = host.session.link.codes[1]
        joined = joined_app(tmp_path, code)
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "Bob joined")
            await press(jp, "o")
            await settle(jp)
            assert screen_name(joined) == "TableScreen"
            assert "Only the shared screen moves seats and gives out join codes (P-6)." in (
                status_text(joined)
            )
            assert host.session.setup.seats[0].kind is SeatKind.HUMAN
            assert not host.session.link.shared.has_code(0)
            assert "Own screens" not in screen_text(joined)
            await press(jp, "question_mark")
            assert "Own screens" not in screen_text(joined)
            await press(jp, "escape")
        await press(hp, "escape")
        if screen_name(host) == "CutScreen":
            await press(hp, "enter")
        if screen_name(host) == "HandoffScreen":
            await press(hp, "enter")
        await press(hp, "question_mark")
        assert "Own screens" in screen_text(host)


def highlighted_line(app: RummyApp) -> str:
    from textual.widgets import OptionList

    menu = app.screen.query_one("#own-seats", OptionList)
    assert menu.highlighted is not None
    return str(menu.get_option_at_index(menu.highlighted).prompt)


async def test_the_list_of_own_screens_opens_on_back_to_the_table_and_enter_keeps_bob(
    tmp_path: Path,
) -> None:
    """The list opens with the cursor on its first line, which moves no seat; Enter on Bob's
    line while his screen is open moves nothing and says which key does; that key asks first,
    naming Bob, and only yes brings his seat back (his screen closes)."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        session = host.session
        assert session is not None and session.link is not None
        joined = joined_app(tmp_path, session.link.codes[1])
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "Bob joined")
            if screen_name(host) == "HandoffScreen":
                await press(hp, "enter")
            await press(hp, "o")
            assert screen_name(host) == "OwnScreensScreen"
            await wait_for(pilots, lambda: "joined" in screen_text(host), "Bob's line")
            assert "Back to the table" in highlighted_line(host)
            await press(hp, "enter")  # the harmless first line: back to the table
            assert screen_name(host) != "OwnScreensScreen"
            assert session.setup.seats[1].kind is SeatKind.OWN
            await press(hp, "o")
            await settle(hp)
            await press(hp, "down", "down")  # Bob's line (Anna's first)
            assert "Bob" in highlighted_line(host)
            await press(hp, "enter")
            await settle(hp)
            assert session.setup.seats[1].kind is SeatKind.OWN
            assert screen_name(joined) == "TableScreen"
            assert "press b" in screen_text(host)
            await press(hp, "b")
            assert screen_name(host) == "ChoiceScreen"
            shown = host.screen.question  # type: ignore[attr-defined]
            assert "Bob is playing on their own screen now" in shown
            assert "Bob's screen will close" in shown
            await press(hp, "escape")  # no: nothing moves
            assert screen_name(host) == "OwnScreensScreen"
            assert session.setup.seats[1].kind is SeatKind.OWN
            await press(hp, "b")
            await press(hp, "down", "enter")  # yes
            assert session.setup.seats[1].kind is SeatKind.HUMAN
            await wait_for(pilots, lambda: screen_name(joined) == "TitleScreen", "Bob's close")


async def test_a_seat_not_open_still_moves_with_enter(tmp_path: Path) -> None:
    """Anna at the keyboard: Enter on her line gives her seat a screen of its own (and a
    code) at once, as before."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        session = host.session
        assert session is not None and session.link is not None
        if screen_name(host) == "HandoffScreen":
            await press(hp, "enter")
        await press(hp, "o")
        await settle(hp)
        await press(hp, "down")
        assert "Anna" in highlighted_line(host)
        await press(hp, "enter")
        assert session.setup.seats[0].kind is SeatKind.OWN
        assert session.link.codes[0] in screen_text(host)


async def test_enter_on_the_list_after_a_resume_continues_the_match(tmp_path: Path) -> None:
    """A shared match resumed (as rummy continue after kill -9 of the shared screen): the
    list comes first, and Enter continues the match with no seat moved and no code made."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=3))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        assert host.session is not None
        name = host.session.saving.name
    resumed = RummyApp(start="load", save_name=name, data_dir=tmp_path)
    async with resumed.run_test(size=(110, 36)) as rp:
        await settle(rp)
        assert screen_name(resumed) == "OwnScreensScreen"
        assert "Continue the match" in highlighted_line(resumed)
        await press(rp, "enter")
        await settle(rp)
        session = resumed.session
        assert session is not None and session.link is not None
        assert screen_name(resumed) in ("HandoffScreen", "TableScreen", "CutScreen")
        assert [seat.kind for seat in session.setup.seats] == [
            SeatKind.HUMAN,
            SeatKind.OWN,
            SeatKind.HUMAN,
        ]
        assert not session.link.shared.has_code(0)


async def draw_and_discard(pilot: object, app: RummyApp) -> None:
    """The seat at this screen's table draws (stock, or the pile's top) and discards."""
    from tests.ui.test_own_screens import game_of

    game = game_of(app)
    kinds = {action.kind for action in game.legal_actions()}
    await press(pilot, "d" if "draw_stock" in kinds else "e")  # type: ignore[arg-type]
    await press(pilot, "x")  # type: ignore[arg-type]


async def to_cys_hand_off_after_bobs_discard(
    hp: object, host: RummyApp, jp: object, joined: RummyApp
) -> None:
    """The shared keyboard plays on to Bob's turn, Bob draws and discards on his own screen,
    and Cy's hand-off comes up on the shared screen."""
    from tests.ui.test_own_screens import game_of

    pilots = [hp, jp]
    for _round in range(20):
        await settle(hp)  # type: ignore[arg-type]
        if game_of(host).current == 1:
            break
        if screen_name(host) == "HandoffScreen":
            await press(hp, "enter")  # type: ignore[arg-type]
        else:
            await draw_and_discard(hp, host)
    await wait_for(pilots, lambda: game_of(joined).current == 1, "Bob's turn")
    await draw_and_discard(jp, joined)
    await wait_for(pilots, lambda: screen_name(host) == "HandoffScreen", "Cy's hand-off")


async def test_P4_bobs_discard_is_not_taken_back_once_cy_pressed_enter_at_her_hand_off(
    tmp_path: Path,
) -> None:
    """Bob discards on his own screen; Cy's hand-off comes up on the shared screen. Until her
    Enter, Bob's screen offers u; once Cy pressed Enter (and sees her hand), Bob's screen no
    longer offers it, and his u is refused with one sentence: the match is unchanged."""
    from tests.ui.helpers import table
    from tests.ui.test_own_screens import game_of

    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=5))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        assert host.session is not None and host.session.link is not None
        joined = joined_app(tmp_path, host.session.link.codes[1])
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "Bob joined")
            await to_cys_hand_off_after_bobs_discard(hp, host, jp, joined)
            assert game_of(host).current == 2
            bobs = table(joined)
            assert bobs.check_action("take_back", ()) is True  # before Cy's Enter: u works
            await press(hp, "enter")  # Cy is at the keyboard and sees her hand
            await settle(hp)
            assert table(host).hand_state is not None
            await wait_for(
                pilots, lambda: bobs.check_action("take_back", ()) is False, "u no longer offered"
            )
            log_length = len(game_of(host).state.log)
            await press(jp, "u")
            await settle(jp)
            assert "Cy has started their turn" in status_text(joined)
            await wait_for(pilots, lambda: True, "a look at the file")
            assert len(game_of(host).state.log) == log_length
            assert game_of(host).current == 2 and game_of(joined).current == 2
            assert not game_of(host).state.take_back_notes


async def test_P4_a_turn_that_cannot_be_marked_in_the_file_keeps_the_hand_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cy's Enter at her hand-off cannot be written to the shared file (the disk is full):
    her hand does not show, the hand-off stays with the reason, and Bob may still take back
    his discard; once writing works, the same Enter starts her turn and ends his right."""
    from rummy_tui.persistence.errors import SaveError
    from rummy_tui.persistence.shared_match import SharedMatch
    from tests.ui.helpers import table
    from tests.ui.test_own_screens import game_of

    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=5))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        assert host.session is not None and host.session.link is not None
        joined = joined_app(tmp_path, host.session.link.codes[1])
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "Bob joined")
            await to_cys_hand_off_after_bobs_discard(hp, host, jp, joined)
            writes = SharedMatch.open_turn

            def disk_full(self: SharedMatch) -> bool:
                raise SaveError("The disk is full.")

            monkeypatch.setattr(SharedMatch, "open_turn", disk_full)
            await press(hp, "enter")
            await settle(hp)
            assert screen_name(host) == "HandoffScreen"
            assert table(host).hand_state is None or "Cy's hand" not in screen_text(host)
            assert table(joined).check_action("take_back", ()) is True
            monkeypatch.setattr(SharedMatch, "open_turn", writes)
            await press(hp, "enter")
            await settle(hp)
            assert screen_name(host) == "TableScreen" and game_of(host).current == 2
            await wait_for(
                pilots,
                lambda: table(joined).check_action("take_back", ()) is False,
                "u no longer offered",
            )


# ---------------------------------------------------------------------- the turn's signal


def test_the_window_title_sequence_is_osc_2_with_the_title_cleaned() -> None:
    """What a joined screen writes to its terminal for the window title: OSC 2 ending in BEL,
    with nothing from outside able to end it early or add a sequence of its own."""
    from rummy_tui.ui.shell.app import window_title_sequence

    assert window_title_sequence("Your turn — Rummy") == "\x1b]2;Your turn — Rummy\x07"
    sequence = window_title_sequence("A\x07\x1b]52;c;aGk=\x07B")
    assert sequence.count("\x07") == 1 and sequence.count("\x1b") == 1


@pytest.mark.parametrize("signal", [True, False])
async def test_a_joined_screen_signals_its_turn_with_the_bell_and_the_window_title(
    tmp_path: Path, signal: bool
) -> None:
    """Bob's screen rings the bell and says "Your turn" in the window title when his turn
    starts (once per turn), and takes the word back when the turn has passed on; with the
    turn signal switched off in the display settings it does neither."""
    from rummy_tui.ui.shell.app import make_app
    from rummy_tui.ui.shell.settings import DisplaySettings
    from tests.ui.test_own_screens import game_of

    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=5))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        assert host.session is not None and host.session.link is not None
        joined = make_app(
            start="join",
            join_code=host.session.link.codes[1],
            data_dir=tmp_path,
            settings=DisplaySettings(turn_signal=signal),
        )
        bells: list[str] = []
        joined.bell = lambda: bells.append(joined.title)  # type: ignore[method-assign]
        async with joined.run_test(size=(110, 36)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "Bob joined")
            assert game_of(joined).current == 1  # Bob plays first
            await settle(jp)
            if signal:
                assert bells == ["Your turn — Rummy"] and joined.title == "Your turn — Rummy"
            else:
                assert bells == [] and joined.title == "Rummy"
            await draw_and_discard(jp, joined)
            await settle(jp)
            assert joined.title == "Rummy"
            for _round in range(20):  # Cy and Anna play at the shared keyboard
                await settle(hp)
                await settle(jp)
                if game_of(joined).current == 1:
                    break
                if screen_name(host) == "HandoffScreen":
                    await press(hp, "enter")
                elif game_of(host).current != 1:
                    await draw_and_discard(hp, host)
            await wait_for(pilots, lambda: game_of(joined).current == 1, "Bob's turn again")
            await settle(jp)
            assert len(bells) == (2 if signal else 0)
            assert joined.title == ("Your turn — Rummy" if signal else "Rummy")


async def test_the_turn_signal_is_switched_in_the_help_and_kept(tmp_path: Path) -> None:
    """t in the help switches the turn signal off, says so, and the display settings keep it
    (the settings file), as the other switches."""
    from rummy_tui.ui.shell.config import read_config

    host = host_app(tmp_path, own_setup("Anna,Bob"))
    host.data.keep_settings(host.settings)
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        if screen_name(host) == "HandoffScreen":
            await press(hp, "enter")
        await press(hp, "question_mark")
        assert screen_name(host) == "HelpScreen", screen_name(host)
        keys = host.screen.query_one("#text-keys").render()
        assert "t the signal of your turn on your own screen" in str(keys)
        await press(hp, "t")
        await settle(hp)
        assert host.settings.turn_signal is False
    assert read_config().display_settings().turn_signal is False
