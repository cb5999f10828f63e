"""The newer screen of a seat takes over (issue 30, item 8).

A screen that opens a seat with its code while another live screen holds it does not get
refused: it asks the holder, through the shared file, to let go; the holder sees the request
at its next look, lets go of the seat's lock and closes; the newcomer waits a few seconds at
most for the lock. A killed holder's lock is let go by the system at once. A holder that
neither looks nor dies (stopped) keeps the seat, and the newcomer is told so after its wait.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from rummy_tui.persistence.seat_codes import GuessPace
from rummy_tui.persistence.shared_match import Claimed, ClaimRefused, SharedMatch
from tests.persistence import shared_workers
from tests.persistence.test_shared_match import (
    _forkserver,
    fresh_match,
    seat_held_by_a_process,
)


def test_a_newer_screen_takes_the_seat_over_from_a_live_one(tmp_path: Path) -> None:
    """Two processes: Bob's first screen holds the seat and looks at the match; a second
    screen opens it with the code, and gets it; the first lets go and ends."""
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(1)
        context = _forkserver()
        claimed, let_go = context.Event(), context.Event()
        holder = context.Process(
            target=shared_workers.watch_seat, args=(str(shared.path), code, claimed, let_go)
        )
        holder.start()
        try:
            assert claimed.wait(timeout=30)
            with SharedMatch.open(shared.path) as newer:
                assert newer.claim(code) == Claimed(1)
                assert let_go.is_set()
                holder.join(timeout=30)
                assert holder.exitcode == 0
                assert shared.seat_is_open(1)
                assert not newer.taken_over()  # its own request is no news to it
        finally:
            holder.kill()
            holder.join(timeout=30)


def test_the_newest_of_three_screens_keeps_the_seat(tmp_path: Path) -> None:
    """In one process, as handles: each newer screen takes the seat; the older one finds
    out at its next look and has let go."""
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(2)
        first = SharedMatch.open(shared.path)
        second = SharedMatch.open(shared.path)
        third = SharedMatch.open(shared.path)
        try:
            assert first.claim(code) == Claimed(2)
            for older, newer in ((first, second), (second, third)):
                newer.takeover_wait = 0.2
                assert isinstance(newer.claim(code), ClaimRefused)  # the older did not look
                assert older.has_news() and older.taken_over() == [2]
                assert newer.claim(code) == Claimed(2)
            assert third.taken_over() == []
        finally:
            for screen in (first, second, third):
                screen.close()


def test_a_killed_screens_seat_opens_at_once_and_a_stopped_one_is_waited_for(
    tmp_path: Path,
) -> None:
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(1)
        with seat_held_by_a_process(shared.path, code) as holder:
            assert holder.pid is not None
            os.kill(holder.pid, signal.SIGSTOP)  # alive, holding the seat, looking at nothing
            with SharedMatch.open(shared.path) as newer:
                newer.pace = GuessPace(first=0.0)
                newer.takeover_wait = 0.3
                refused = newer.claim(code)
                assert refused == ClaimRefused(
                    "Bob's seat is open on another screen that does not answer."
                )
                holder.kill()
                holder.join(timeout=30)
                assert newer.claim(code) == Claimed(1)
