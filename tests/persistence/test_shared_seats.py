"""Who manages the seats of a shared match (P-6), and how long the discard that ended a turn
may be taken back when the turns are played on several screens (P-4), checked on the shared
match file itself, without any screen drawn (issue 30: items 1 and 7).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import Discard, DrawStock, Game, TakeBack, get_variant
from rummy_tui.i18n import set_language
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_match import (
    Applied,
    Claimed,
    Refused,
    SeatsRefused,
    SharedMatch,
)
from rummy_tui.ui.own.shared_play import SharedLink

KINDS = {"keyboard": SeatKind.HUMAN, "own": SeatKind.OWN, "computer": SeatKind.NORMAL}


@pytest.fixture(autouse=True)
def _english() -> None:
    set_language("en")


def table(tmp_path: Path, kinds: list[str]) -> tuple[SharedMatch, dict[int, SharedMatch]]:
    """A shared match of len(kinds) seats (keyboard, own, computer), shared by the shared
    screen, with every own-screen seat joined on a screen of its own."""
    names = ("Anna", "Bob", "Cy", "Dan")
    seats = tuple(Seat(name=names[i], kind=KINDS[kind]) for i, kind in enumerate(kinds))
    setup = MatchSetup(rules=get_variant("classic"), seats=seats, seed=7)
    shared = SharedMatch.create(setup, setup.start(), tmp_path)
    joined: dict[int, SharedMatch] = {}
    for seat in sorted(setup.own_screen_seats):
        screen = SharedMatch.open(shared.path)
        assert screen.claim(shared.issue_code(seat)) == Claimed(seat)
        joined[seat] = screen
    return shared, joined


def close(shared: SharedMatch, joined: dict[int, SharedMatch]) -> None:
    for screen in joined.values():
        screen.close()
    shared.close()


# ---------------------------------------------------------------------- P-6: seats and codes


def test_P6_a_joined_screen_can_make_no_code_and_move_no_seat(tmp_path: Path) -> None:
    """A screen that joined as Bob's seat refuses to give any seat a code or to move any
    seat, with one sentence naming P-6; the file is unchanged; the shared screen still can."""
    shared, joined = table(tmp_path, ["keyboard", "own", "keyboard"])
    bob = joined[1]
    try:
        for attempt in (
            lambda: bob.issue_code(0),
            lambda: bob.issue_code(1),
            lambda: bob.set_own_seats(frozenset({0, 1})),
        ):
            with pytest.raises(SeatsRefused) as caught:
                attempt()
            assert isinstance(caught.value, SaveError)
            assert "P-6" in str(caught.value)
        assert bob.own_seats() == frozenset({1})
        assert not shared.has_code(0)
        link = SharedLink(bob, seat=1)
        for refused in (lambda: link.new_code(0), lambda: link.set_own(frozenset({0, 1}))):
            with pytest.raises(SeatsRefused):
                refused()
        assert link.codes == {} and shared.own_seats() == frozenset({1})
        # the shared screen moves seats and makes codes as before
        host = SharedLink(shared)
        host.set_own(frozenset({0, 1}))
        assert 0 in host.codes and shared.own_seats() == frozenset({0, 1})
    finally:
        close(shared, joined)


# ---------------------------------------------------------------------- P-4: whoever plays next


def handle_of(seat: int, shared: SharedMatch, joined: dict[int, SharedMatch]) -> SharedMatch:
    """The screen that makes ``seat``'s moves: its own, or the shared screen (the keyboard's
    people and the computers)."""
    return joined.get(seat, shared)


def play(screen: SharedMatch, action: object, seat: int) -> Applied | Refused:
    result = screen.append(screen.seq, action, seat)  # type: ignore[arg-type]
    assert not isinstance(result, Refused) or isinstance(action, TakeBack), result
    assert isinstance(result, Applied | Refused)
    return result


def discard_of(game: Game) -> Discard:
    return next(a for a in game.legal_actions() if isinstance(a, Discard))


def to_turn_end(shared: SharedMatch, joined: dict[int, SharedMatch]) -> int:
    """The seat to act draws from the stock and discards, on its screen; returns the seat."""
    shared.catch_up()
    seat = shared.game.current
    screen = handle_of(seat, shared, joined)
    screen.catch_up()
    play(screen, DrawStock(), seat)
    play(screen, discard_of(screen.game), seat)
    return seat


def to_seat_zero(shared: SharedMatch, joined: dict[int, SharedMatch]) -> None:
    """Play on until seat 0 is to act."""
    shared.catch_up()
    while shared.game.current != 0:
        to_turn_end(shared, joined)
        shared.catch_up()


PAIRS = [(mover, nxt) for mover in ("keyboard", "own") for nxt in ("keyboard", "own", "computer")]
"""Who discards, and who plays next (a computer's discard: see below)."""


@pytest.mark.parametrize(("mover", "next_kind"), PAIRS, ids=[f"{m}->{n}" for m, n in PAIRS])
def test_P4_the_discard_is_taken_back_until_the_next_seat_starts_its_turn(
    tmp_path: Path, mover: str, next_kind: str
) -> None:
    """The discard that ended a turn is taken back, on the screen that made it, until the
    next seat starts its turn: Enter at its hand-off on the shared screen (a keyboard seat),
    or its first move (a seat on its own screen, or a computer). Once started the append
    refuses the take-back, whatever screen asks, with one sentence naming P-4."""
    shared, joined = table(tmp_path, [mover, next_kind])
    try:
        to_seat_zero(shared, joined)
        to_turn_end(shared, joined)  # seat 0 discards
        screen = handle_of(0, shared, joined)
        # before the next seat starts: the take-back is made, and the discard made again
        assert isinstance(play(screen, TakeBack(), 0), Applied)
        play(screen, discard_of(screen.game), 0)
        start_next_turn(shared, joined, next_kind)
        screen.catch_up()
        assert screen.take_back_refusal(0) is not None
        refused = play(screen, TakeBack(), 0)
        assert isinstance(refused, Refused)
        sentence = refusal_sentence(refused.refusal)
        assert "P-4" in sentence and sentence.count(".") == 1
        assert screen.game.current == 1
    finally:
        close(shared, joined)


def start_next_turn(shared: SharedMatch, joined: dict[int, SharedMatch], kind: str) -> None:
    """Seat 1 starts its turn: Enter at its hand-off (keyboard), or its first move."""
    shared.catch_up()
    if kind == "keyboard":
        assert shared.open_turn()
        return
    starter = handle_of(1, shared, joined)
    starter.catch_up()
    play(starter, DrawStock(), 1)


@pytest.mark.parametrize("next_kind", ["keyboard", "own", "computer"])
def test_P4_a_computers_discard_is_taken_back_by_no_screen(tmp_path: Path, next_kind: str) -> None:
    """computer -> keyboard, own screen or computer: nobody else may take back a computer's
    discard, before or after the next seat starts (the shared screen never asks for the
    computer: computers never take back)."""
    shared, joined = table(tmp_path, ["computer", next_kind])
    try:
        to_seat_zero(shared, joined)
        to_turn_end(shared, joined)  # the computer discards
        nxt = handle_of(1, shared, joined)
        nxt.catch_up()
        assert nxt.take_back_refusal(1) is not None
        start_next_turn(shared, joined, next_kind)
        nxt.catch_up()
        assert isinstance(play(nxt, TakeBack(), 1), Refused)
        assert nxt.game.state.take_back_notes == []
    finally:
        close(shared, joined)


def test_P4_the_turn_opened_at_a_hand_off_ends_only_the_discard_before_it(tmp_path: Path) -> None:
    """The mark of a started turn holds for the newest move only: the seat that started its
    turn takes back its own moves of it as always, and the next discard may be taken back
    again until the turn after it starts."""
    shared, joined = table(tmp_path, ["own", "keyboard", "keyboard"])
    try:
        to_seat_zero(shared, joined)
        to_turn_end(shared, joined)  # Anna (own screen) discards
        shared.catch_up()
        assert shared.open_turn()  # Bob's hand-off: Enter
        play(shared, DrawStock(), 1)
        play(shared, discard_of(shared.game), 1)
        assert shared.take_back_refusal(1) is None  # Bob's own discard: Cy has not started
        assert isinstance(play(shared, TakeBack(), 1), Applied)
    finally:
        close(shared, joined)


def test_P4_a_turn_is_not_marked_started_over_a_move_the_screen_has_not_seen(
    tmp_path: Path,
) -> None:
    """Enter at a hand-off while the discarder's take-back reached the file first: nothing
    is marked (the shared screen shows the take-back instead), and the take-back stands."""
    shared, joined = table(tmp_path, ["own", "keyboard"])
    try:
        to_seat_zero(shared, joined)
        to_turn_end(shared, joined)
        shared.catch_up()
        anna = joined[0]
        anna.catch_up()
        assert isinstance(play(anna, TakeBack(), 0), Applied)
        assert not shared.open_turn()  # the shared screen had not seen the take-back
        shared.catch_up()
        assert shared.game.current == 0
    finally:
        close(shared, joined)


def test_P4_enter_at_the_shared_screens_hand_off_opens_no_turn_over_a_move_it_has_not_shown(
    tmp_path: Path,
) -> None:
    """The shared screen's hold on the file (``SharedLink``): Enter's mark is refused while the
    file holds a move the screen has not shown (the discarder took it back meanwhile), the
    screen does not count the turn as opened, and the take-back still stands."""
    shared, joined = table(tmp_path, ["own", "keyboard"])
    link = SharedLink(shared)
    try:
        to_seat_zero(shared, joined)
        to_turn_end(shared, joined)
        link.unshown()
        anna = joined[0]
        anna.catch_up()
        assert isinstance(play(anna, TakeBack(), 0), Applied)
        assert link.open_turn() is False
        assert link.turn_opened is False
        link.unshown()
        assert shared.game.current == 0 and not shared.turn_opened()
    finally:
        close(shared, joined)
