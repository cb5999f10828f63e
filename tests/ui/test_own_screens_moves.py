"""Seats moved to their own screens and back during a match, two screens racing for one move,
and a resumed match finding its shared file (issue 24: items 2, 4 and 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import DrawStock, Phase
from rummy_tui.match.setup import SeatKind
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.ui.own.shared_play import SHARED_TABLE_KEY
from rummy_tui.ui.play.move_outcome import Source
from rummy_tui.ui.shell.app import RummyApp
from tests.ui.helpers import press, screen_text, settle
from tests.ui.test_own_screens import game_of, host_app, joined_app, own_setup, screen_name

pytestmark = pytest.mark.xdist_group("own-screens")


async def to_the_table(pilot: object, app: RummyApp) -> None:
    """Past the list of own screens and the cut."""
    await settle(pilot)  # type: ignore[arg-type]
    if screen_name(app) == "OwnScreensScreen":
        await press(pilot, "escape")  # type: ignore[arg-type]
    if screen_name(app) == "CutScreen":
        await press(pilot, "enter")  # type: ignore[arg-type]
    await settle(pilot)  # type: ignore[arg-type]


async def test_a_move_that_another_screen_made_first_is_refused_with_the_move_that_won(
    tmp_path: Path,
) -> None:
    """Two screens acting for the same turn: exactly one move is made; the screen that came
    second shows the winning move and says why its own was not made."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as pilot:
        await to_the_table(pilot, host)
        session = host.session
        assert session is not None and session.link is not None
        seat = session.game.current
        other = SharedMatch.open(session.link.shared.path)  # the other screen's hold
        try:
            assert other.append(other.seq, DrawStock(), seat).__class__.__name__ == "Applied"
            outcome = session.act(DrawStock(), Source.PERSON)
            assert not outcome.ok
            assert outcome.reason is not None and "moved first" in outcome.reason
            assert session.link.shared.latest_seq() == 1  # one move, not two
            assert session.game.phase is Phase.PLAY  # the winning draw is shown here
            assert len(session.game.state.log) == len(other.game.state.log)
        finally:
            other.close()


async def test_a_seat_moves_to_its_own_screen_and_back_during_the_match(tmp_path: Path) -> None:
    """o on the table: Enter gives Bob's seat its own screen (the match is shared, the save
    names the shared file, a code is shown); Bob joins; b and yes bring the seat back to the
    shared keyboard and Bob's screen closes with the reason."""
    host = host_app(tmp_path, own_setup("Anna,Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        session = host.session
        assert session is not None and session.link is None
        if screen_name(host) == "HandoffScreen":
            await press(hp, "enter")
        await press(hp, "o")
        assert screen_name(host) == "OwnScreensScreen"
        await press(hp, "down", "down", "enter")  # Bob's line (the list opens on its first)
        assert session.link is not None
        assert session.setup.seats[1].kind is SeatKind.OWN
        code = session.link.codes[1]
        assert code in screen_text(host)
        store = host.store()
        assert store is not None and session.saving.name is not None
        _setup, _game, extra = store.load(session.saving.name)
        assert extra is not None and extra[SHARED_TABLE_KEY] == session.link.tag
        joined = joined_app(tmp_path, code)
        async with joined.run_test(size=(110, 36)) as jp:
            for _round in range(50):
                await settle(jp)
                await settle(hp)
                if screen_name(joined) == "TableScreen" and code not in screen_text(host):
                    break
            assert screen_name(joined) == "TableScreen"
            await press(hp, "b", "down", "enter")  # Bob's seat back, after the question
            assert session.setup.seats[1].kind is SeatKind.HUMAN
            for _round in range(50):
                await settle(jp)
                if screen_name(joined) == "TitleScreen":
                    break
            assert screen_name(joined) == "TitleScreen"
            assert joined.session is None
        await press(hp, "escape")
        assert screen_name(host) in ("TableScreen", "HandoffScreen")


async def test_a_resumed_match_plays_on_from_its_shared_file(tmp_path: Path) -> None:
    """The shared screen is closed while Bob's screen plays on; resumed, the shared screen
    reads the match from the shared file (Bob's moves included), shows the list of own
    screens first, and Bob's old code no longer shown (n gives a new one)."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob", seed=3))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        session = host.session
        assert session is not None and session.link is not None
        code, name = session.link.codes[1], session.saving.name
        await press(hp, "escape")
        if screen_name(host) == "CutScreen":
            await press(hp, "enter")
        first = game_of(host).current
    joined = joined_app(tmp_path, code)
    async with joined.run_test(size=(110, 36)) as jp:
        await settle(jp)
        assert screen_name(joined) == "TableScreen"
        if first == 1:  # Bob plays while the shared screen is closed
            await press(jp, "d")
            await press(jp, "x")
        moves = len(game_of(joined).state.log)
        resumed = RummyApp(start="load", save_name=name, data_dir=tmp_path)
        async with resumed.run_test(size=(110, 36)) as rp:
            await settle(rp)
            assert screen_name(resumed) == "OwnScreensScreen"
            assert len(game_of(resumed).state.log) == moves
            assert resumed.session is not None and resumed.session.link is not None
            assert resumed.session.link.is_open(1)
            assert code not in screen_text(resumed)


async def test_a_served_game_shows_the_join_link_and_its_qr_code(tmp_path: Path) -> None:
    """While ``rummy serve`` runs on the data folder, the list of own screens shows the served
    page's link with the code filled in, and its QR code (the drawing of that link)."""
    from rummy_tui.persistence.serving import join_url, serving
    from rummy_tui.ui.own.qr_blocks import qr_lines

    base = "http://192.168.1.20:8000/"
    with serving(tmp_path, host="0.0.0.0", port=8000, addresses=[base]):
        host = host_app(tmp_path, own_setup())
        async with host.run_test(size=(110, 44)) as pilot:
            await settle(pilot)
            assert host.session is not None and host.session.link is not None
            code = host.session.link.codes[1]
            shown = screen_text(host)
            link = join_url(base, code)
            assert link in shown
            drawn = [line.strip() for line in qr_lines(link) if line.strip()]
            assert all(line in shown for line in drawn)
    host = host_app(tmp_path / "unserved", own_setup())
    async with host.run_test(size=(110, 44)) as pilot:
        await settle(pilot)
        assert "rummy serve" in screen_text(host)  # how to reach a phone: serve first


async def test_a_joined_screen_leaves_and_joins_again_with_the_same_code(tmp_path: Path) -> None:
    """A joined screen that leaves lets its seat go; the same code opens it again. A second
    screen on a seat that is open takes it over (issue 30: it used to be refused): the first
    screen closes to the title with the reason."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        assert host.session is not None and host.session.link is not None
        code = host.session.link.codes[1]
        first = joined_app(tmp_path, code)
        async with first.run_test(size=(110, 36)) as fp:
            await settle(fp)
            assert screen_name(first) == "TableScreen"
            second = joined_app(tmp_path, code)
            async with second.run_test(size=(110, 36)) as sp:
                for _round in range(100):
                    await settle(sp)
                    await settle(fp)
                    if screen_name(second) == "TableScreen" and first.session is None:
                        break
                assert screen_name(second) == "TableScreen"
                assert screen_name(first) == "TitleScreen"
                said = [notice.message for notice in first._notifications]
                assert "Bob's seat was opened on another screen, so this screen closed." in said
                assert host.session.link.is_open(1)
                second.clear_screens()  # leaving the table puts the session away
            assert not host.session.link.is_open(1)
        again = joined_app(tmp_path, code)
        async with again.run_test(size=(110, 36)) as ap:
            await settle(ap)
            assert screen_name(again) == "TableScreen"
            assert host.session.link.is_open(1)


async def test_a_keyboard_discard_before_an_own_screen_seat_can_be_taken_back(
    tmp_path: Path,
) -> None:
    """P-4 whoever plays next: Anna discards at the shared keyboard and Bob, on his own
    screen, is to play; the shared screen hides every hand, but ``u`` there opens the gate for
    Anna, and after her Enter her discard is back in her hand and it is her turn again."""
    from tests.ui.helpers import table

    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy"))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        for _round in range(60):  # play on to Anna's discard (Bob plays from the session)
            await settle(hp)
            game = game_of(host)
            if screen_name(host) == "HandoffScreen":
                await press(hp, "enter")
            elif game.current == 0 and game.phase is Phase.PLAY:
                break
            elif game.current == 0:
                await press(hp, "d")
            else:
                kinds = {action.kind for action in game.legal_actions()}
                other = SharedMatch.open(host.session.link.shared.path)  # type: ignore[union-attr]
                action = next(
                    a for a in game.legal_actions() if a.kind in ("draw_stock", "discard")
                )
                assert kinds
                other.append(other.seq, action, game.current)
                other.close()
        assert game_of(host).current == 0 and game_of(host).phase is Phase.PLAY
        await press(hp, "x")
        await settle(hp)
        assert game_of(host).current == 1  # Bob's turn, on his own screen
        assert table(host).hand_state is None  # no hand on the shared screen
        await press(hp, "u")
        assert screen_name(host) == "TakeBackGate"
        await press(hp, "enter")
        await settle(hp)
        assert game_of(host).current == 0 and game_of(host).phase is Phase.PLAY
        assert screen_text(host).count("Anna took back") == 1  # one line: the log's
        assert table(host).hand_state is not None


async def test_a_hand_off_offers_no_take_back_of_an_own_screen_seats_discard(
    tmp_path: Path,
) -> None:
    """Bob discards on his own screen and Cy's hand-off comes up on the shared screen: it does
    not offer Bob's take-back there (Bob takes it back on his own screen, P-4)."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=5))
    async with host.run_test(size=(110, 36)) as hp:
        await to_the_table(hp, host)
        assert host.session is not None and host.session.link is not None
        other = SharedMatch.open(host.session.link.shared.path)  # Bob's screen
        try:
            assert other.game.current == 1
            other.append(other.seq, DrawStock(), 1)
            discard = next(a for a in other.game.legal_actions() if a.kind == "discard")
            other.append(other.seq, discard, 1)
        finally:
            other.close()
        for _round in range(50):
            await settle(hp)
            if screen_name(host) == "HandoffScreen":
                break
        assert screen_name(host) == "HandoffScreen"
        assert "may still press u" not in screen_text(host)
