"""Seat codes nobody else can spend (issue 30, item 5).

The right code always opens its seat at once, whatever wrong codes other screens typed: no
lockout is kept in the file. Each wrong guess is slowed down for the screen (the process) that
made it, the wait doubling from one second up to a cap. An unknown table tag and a wrong code
get the same sentence after the same work and the same wait, so a tag cannot be found by
trying.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from rummy_tui.persistence import seat_codes
from rummy_tui.persistence.seat_codes import GuessPace
from rummy_tui.persistence.shared_match import Claimed, ClaimRefused, SharedMatch
from rummy_tui.persistence.shared_tables import join_code
from tests.persistence import shared_workers
from tests.persistence.test_shared_match import fresh_match

WRONG = "That code opens no seat."


class FakeClock:
    """A clock whose sleeps pass at once, and are written down."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def pace_of(clock: FakeClock, cap: float = 30.0) -> GuessPace:
    return GuessPace(first=1.0, cap=cap, clock=clock.time, sleep=clock.sleep)


def test_the_right_code_opens_its_seat_at_once_whatever_wrong_codes_others_typed(
    tmp_path: Path,
) -> None:
    """Another screen's many wrong codes lock nobody out: the right code, from a screen
    that typed none, is answered without a wait."""
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(1)
        context = multiprocessing.get_context("spawn")
        guesser = context.Process(target=shared_workers.guess_wrong, args=(str(shared.path), 12))
        guesser.start()
        guesser.join(timeout=120)
        assert guesser.exitcode == 0
        clock = FakeClock()
        with SharedMatch.open(shared.path) as owner:
            owner.pace = pace_of(clock)
            assert owner.claim(code) == Claimed(1)
        assert clock.slept == []


def test_each_wrong_guess_waits_twice_as_long_as_the_last_for_that_screen(
    tmp_path: Path,
) -> None:
    """One screen's wrong guesses wait 1, 2, 4... seconds (up to the cap); another screen's
    first wrong guess still waits one second; the right code never waits, and starts the
    count again."""
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(2)
        clock, other_clock = FakeClock(), FakeClock()
        with SharedMatch.open(shared.path) as guesser, SharedMatch.open(shared.path) as other:
            guesser.pace = pace_of(clock, cap=8.0)
            other.pace = pace_of(other_clock, cap=8.0)
            for _ in range(5):
                assert guesser.claim("2222-2222-22") == ClaimRefused(WRONG)
            assert [round(wait, 3) for wait in clock.slept] == [1.0, 2.0, 4.0, 8.0, 8.0]
            assert other.claim("3333-3333-33") == ClaimRefused(WRONG)
            assert [round(wait, 3) for wait in other_clock.slept] == [1.0]
            clock.slept.clear()
            assert guesser.claim(code) == Claimed(2)
            assert clock.slept == []
            guesser.release(2)
            assert guesser.claim("2222-2222-22") == ClaimRefused(WRONG)
            assert [round(wait, 3) for wait in clock.slept] == [1.0]


def test_the_wait_counts_from_the_start_of_the_guess(tmp_path: Path) -> None:
    """The work of a guess (opening the match, the code's hash) is inside the wait, not
    added to it: every wrong guess of a screen is answered at the same moment after it began,
    whatever the work took."""
    clock = FakeClock()
    pace = pace_of(clock)
    with pace.guess() as guess:
        clock.now += 0.3  # the work
        guess.wrong()
    assert clock.slept == [pytest.approx(0.7)]


def test_an_unknown_table_and_a_wrong_code_get_the_same_answer_after_the_same_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join code whose table tag names no match is refused with the wrong code's sentence,
    after the code's hash is worked out and the same wait: trying cannot tell which tags are
    tables."""
    setup, game = fresh_match()
    hashed: list[str] = []
    real_digest = seat_codes.code_digest

    def counting_digest(text: str, salt: bytes) -> bytes:
        hashed.append(text)
        return real_digest(text, salt)

    monkeypatch.setattr(seat_codes, "code_digest", counting_digest)
    with SharedMatch.create(setup, game, tmp_path) as shared:
        shared.issue_code(1)
        unknown_tag = "ZZ" if shared.tag != "ZZ" else "YY"
        answers = []
        for text in (join_code(shared.tag, "2222222222"), join_code(unknown_tag, "2222222222")):
            clock = FakeClock()
            hashed.clear()
            answer = SharedMatch.join(tmp_path, text, pace=pace_of(clock))
            answers.append((answer, hashed == ["2222222222"], clock.now - 100.0))
        assert answers[0] == answers[1] == (ClaimRefused(WRONG), True, 1.0)


def test_join_opens_the_seat_of_a_join_code(tmp_path: Path) -> None:
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        text = join_code(shared.tag, shared.issue_code(1)).lower()
        joined = SharedMatch.join(tmp_path, text, pace=pace_of(FakeClock()))
        assert isinstance(joined, tuple)
        match, seat = joined
        with match:
            assert seat == 1 and shared.seat_is_open(1)
        malformed = SharedMatch.join(tmp_path, "HR-12", pace=pace_of(FakeClock()))
        assert malformed == ClaimRefused(
            "A seat code has ten letters and digits, like K7QM-4TZP-XE."
        )
