"""Own screens under faults and against strangers (issue 30, items 5, 6 and 8): two apps on
one data folder, as two terminals on one computer would be.

A join code whose table does not exist is answered as a wrong code is; a shared write that
fails makes no move, says so on the screen that tried and leaves every screen usable; a row of
the shared log that does not replay freezes no screen; a seat opened on a newer screen closes
the older one with the reason.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.core import Phase
from rummy_tui.persistence import seat_codes
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.persistence.shared_tables import join_code
from rummy_tui.ui.shell.app import RummyApp
from tests.persistence.test_shared_faults import faulty
from tests.persistence.test_shared_match import edit
from tests.ui.helpers import press, screen_text, settle
from tests.ui.test_own_screens import (
    game_of,
    host_app,
    joined_app,
    own_setup,
    screen_name,
    wait_for,
)

pytestmark = pytest.mark.xdist_group("own-screens")


def shared_codes(app: RummyApp) -> dict[int, str]:
    assert app.session is not None and app.session.link is not None
    return app.session.link.codes


async def test_a_join_code_of_no_table_is_answered_as_a_wrong_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The join prompt says the same sentence for a code whose table tag names no match as
    for a wrong code of a real table: nobody finds the tables by trying tags."""
    monkeypatch.setattr(seat_codes, "PACE", seat_codes.GuessPace(first=0.01, cap=0.01))
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        tag = host.session.link.tag if host.session and host.session.link else ""
        unknown = "ZZ" if tag != "ZZ" else "YY"
        answers = []
        for code in (join_code(tag, "2222222222"), join_code(unknown, "2222222222")):
            guest = joined_app(tmp_path, code)
            async with guest.run_test(size=(110, 36)) as gp:
                await wait_for([gp], lambda g=guest: "Looking" not in screen_text(g), "the answer")
                assert screen_name(guest) == "JoinScreen"
                answers.append(screen_text(guest).replace(code, "CODE"))
        assert "That code opens no seat." in answers[0]
        assert answers[0] == answers[1]


async def at_the_table(pilot: object, app: RummyApp) -> None:
    from tests.ui.test_own_screens_moves import to_the_table

    await to_the_table(pilot, app)
    if screen_name(app) == "HandoffScreen":
        await press(pilot, "enter")  # type: ignore[arg-type]


@contextlib.asynccontextmanager
async def two_screens(tmp_path: Path) -> AsyncIterator[tuple[RummyApp, Any, RummyApp, Any]]:
    """The shared screen (Anna at its keyboard) and Bob's own screen, joined: each app with
    its pilot."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob", seed=5))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        guest = joined_app(tmp_path, shared_codes(host)[1])
        async with guest.run_test(size=(110, 36)) as gp:
            await wait_for([hp, gp], lambda: screen_name(guest) == "TableScreen", "Bob joins")
            yield host, hp, guest, gp


def shared_of(app: RummyApp) -> SharedMatch:
    assert app.session is not None and app.session.link is not None
    return app.session.link.shared


def is_drawn(app: RummyApp) -> bool:
    return game_of(app).phase is Phase.PLAY


@pytest.mark.parametrize("fail_on", ["INSERT", "COMMIT"])
async def test_a_shared_write_that_fails_makes_no_move_and_the_same_key_works_again(
    tmp_path: Path, fail_on: str
) -> None:
    """The disk is full as Anna draws at the shared keyboard: no move is made, the shared
    screen says so in one sentence, both screens still follow the match, and ``d`` draws once
    the disk has room; Bob then plays his turn on his own screen."""
    async with two_screens(tmp_path) as (host, hp, guest, gp):
        await at_the_table(hp, host)
        if game_of(host).current == 1:  # Bob first: he draws and discards
            await press(gp, "d", "x")
            await wait_for([hp, gp], lambda: game_of(host).current == 0, "Anna's turn")
            await at_the_table(hp, host)
        before = shared_of(host).latest_seq()
        connection = faulty(shared_of(host))
        connection.fail_on = fail_on
        await press(hp, "d")
        assert connection.failed == 1
        assert shared_of(host).latest_seq() == before
        assert not is_drawn(host)
        text = flat(host)
        assert "Nothing was changed: the shared match" in text
        assert "(the disk is full)." in text
        assert "That move could not be made" not in text  # one sentence
        connection.fail_on = None
        await press(hp, "d")
        await wait_for([hp, gp], lambda: is_drawn(host) and is_drawn(guest), "the draw")
        assert shared_of(host).latest_seq() == before + 1
        await press(hp, "x")
        await wait_for([hp, gp], lambda: game_of(guest).current == 1, "Bob's turn")
        await press(gp, "d")
        await wait_for([hp, gp], lambda: is_drawn(host) and is_drawn(guest), "Bob's draw")
        assert shared_of(guest).latest_seq() == before + 3


async def play_one_turn(hp: Any, gp: Any, host: RummyApp, guest: RummyApp) -> None:
    """The seat to play draws and discards, on its screen."""
    await at_the_table(hp, host)
    first = game_of(host).current
    await press(hp if first == 0 else gp, "d", "x")
    await wait_for([hp, gp], lambda: game_of(guest).current != first, "the turn played")
    await at_the_table(hp, host)


def damage_the_next_move(app: RummyApp) -> int:
    """Write a row into the shared file, as a damaged disk or a hand would, that is not a
    move: its number."""
    shared = shared_of(app)
    number = shared.latest_seq() + 1
    edit(
        shared.path,
        "INSERT INTO moves VALUES (?, 0, 1, 'not a move', 'now')",
        number,
    )
    return number


def flat(app: RummyApp) -> str:
    return " ".join(screen_text(app).split())


async def test_a_row_that_does_not_replay_freezes_no_screen_and_is_dropped_on_confirmation(
    tmp_path: Path,
) -> None:
    """A row that is not a move lands in the log: both screens name it and hold the match as
    it stood before it (not its opening); the shared screen asks whether to continue from
    there, and after ``y`` the damaged row is gone and both screens play on."""
    async with two_screens(tmp_path) as (host, hp, guest, gp):
        await play_one_turn(hp, gp, host, guest)
        before = game_of(host).state.model_dump()
        moves = shared_of(host).latest_seq()
        assert moves == 2
        number = damage_the_next_move(host)
        named = f"Move {number} of the shared match"
        await wait_for(
            [hp, gp], lambda: named in flat(host) and named in flat(guest), "the damage named"
        )
        assert screen_name(host) == "ConfirmDialog"
        assert f"Continue the match as it stood before move {number}?" in flat(host)
        assert screen_name(guest) == "TableScreen"
        for app in (host, guest):
            assert game_of(app).state.model_dump() == before
        await press(hp, "y")
        await wait_for([hp, gp], lambda: shared_of(guest).damage is None, "the drop seen")
        assert shared_of(host).latest_seq() == moves
        mover, other = (host, guest) if game_of(host).current == 0 else (guest, host)
        await at_the_table(hp, host)
        await press(hp if mover is host else gp, "d")
        await wait_for([hp, gp], lambda: is_drawn(host) and is_drawn(guest), "a draw")
        assert shared_of(other).latest_seq() == moves + 1


async def test_a_screen_recovers_by_itself_once_the_damaged_row_is_mended(
    tmp_path: Path,
) -> None:
    """The damaged row is mended (here: taken out by hand) while the shared screen's question
    is not answered: Bob's screen finds the match again by itself, and the shared screen's
    ``n`` leaves the log as it is; both play on."""
    async with two_screens(tmp_path) as (host, hp, guest, gp):
        await play_one_turn(hp, gp, host, guest)
        moves = shared_of(host).latest_seq()
        number = damage_the_next_move(host)
        await wait_for([hp, gp], lambda: shared_of(guest).damage is not None, "the damage seen")
        edit(shared_of(host).path, "DELETE FROM moves WHERE seq = ?", number)
        await wait_for([hp, gp], lambda: shared_of(guest).damage is None, "Bob recovers")
        if screen_name(host) == "ConfirmDialog":
            await press(hp, "n")
        await at_the_table(hp, host)
        mover = hp if game_of(host).current == 0 else gp
        await press(mover, "d")
        await wait_for([hp, gp], lambda: is_drawn(host) and is_drawn(guest), "a draw")
        assert shared_of(host).latest_seq() == moves + 1
        assert shared_of(host).damage is None


async def test_a_newer_screen_of_a_seat_takes_it_over_mid_turn_and_the_older_closes(
    tmp_path: Path,
) -> None:
    """Bob draws on his screen, then opens his seat again on another (a reloaded tab, a
    phone that slept): the newer screen gets the seat at once, mid-turn with the drawn card;
    the older one closes with the reason, and the newer one plays the turn on."""
    async with two_screens(tmp_path) as (host, hp, guest, gp):
        await at_the_table(hp, host)
        if game_of(host).current == 0:
            await play_one_turn(hp, gp, host, guest)
        await press(gp, "d")
        await wait_for([hp, gp], lambda: is_drawn(host), "Bob's draw")
        drawn = list(game_of(host).state.deal.hands[1])
        newer = joined_app(tmp_path, shared_codes(host)[1])
        async with newer.run_test(size=(110, 36)) as np:
            await wait_for(
                [hp, gp, np],
                lambda: screen_name(newer) == "TableScreen" and guest.session is None,
                "the takeover",
            )
            assert screen_name(guest) == "TitleScreen"
            said = [notice.message for notice in guest._notifications]
            assert "Bob's seat was opened on another screen, so this screen closed." in said
            assert list(game_of(newer).state.deal.hands[1]) == drawn
            await press(np, "x")
            await wait_for([hp, np], lambda: game_of(host).current == 0, "Bob's discard")
