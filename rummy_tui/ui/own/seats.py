"""Seats on their own screens, as the shared screen moves them there and back.

A person's seat is played at the shared keyboard (with hand-offs) or on a screen of its own
(``rummy join`` in another terminal, or a browser tab of ``rummy serve``). The new-game menu
and ``rummy new --players Anna,own:Bob`` mark seats before the first deal; the table's ``o``
opens the list of the seats (:class:`~rummy_tui.ui.own.seats_screen.OwnScreensScreen`)
to move any person's seat there or back during the match. The first seat that leaves the
shared keyboard shares the match: from then on its moves go through the shared match file
(:mod:`rummy_tui.ui.own.shared_play`), whose table tag the save keeps to find it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rummy_tui.i18n import _
from rummy_tui.match.setup import Seat, SeatKind
from rummy_tui.ui.own.seats_screen import SeatPlace

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.own.shared_play import SharedLink
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost


class SeatsSession(Protocol):
    """The match session, as the moves of seats to their own screens see it."""

    host: TableHost
    setup: MatchSetup
    game: Game
    link: SharedLink | None
    keyboard_seat: int | None
    table: TableScreen

    @property
    def manages_seats(self) -> bool:
        """Whether this screen moves seats and gives codes (the shared screen, P-6)."""
        ...

    def seated(self, setup: MatchSetup) -> None: ...
    def autosave(self) -> None: ...
    def stop_bots(self) -> None: ...
    def share(self, link: SharedLink, setup: MatchSetup) -> None: ...
    def next_turn(self, force_handoff: bool = False) -> None: ...


def seat_places(session: SeatsSession) -> list[SeatPlace]:
    """Every person's seat of the match, with where it is played."""
    link = session.link
    places = []
    for seat, place in enumerate(session.setup.seats):
        if place.kind.is_bot:
            continue
        own = place.kind.own_screen
        joined = own and link is not None and link.is_open(seat)
        code = None
        if own and link is not None and not joined:
            code = link.codes.get(seat)
        places.append(SeatPlace(seat, place.name, own, joined, code))
    return places


def move_seat(session: SeatsSession, seat: int, own_screen: bool) -> str | None:
    """Play ``seat`` on a screen of its own (``own_screen``) or at the shared keyboard from
    now on; the first seat to leave the keyboard shares the match. Returns why not, or None.
    The seat to act gets its hand-off (or the shared screen waits for its own screen)."""
    seats = list(session.setup.seats)
    place = seats[seat]
    if place.kind.is_bot:
        return _("A computer player's seat is played on the shared screen.")
    if place.kind.own_screen == own_screen:
        return None
    if own_screen and session.game.is_over:
        return _("This match is over: no seat can move to a screen of its own.")
    seats[seat] = Seat(name=place.name, kind=SeatKind.OWN if own_screen else SeatKind.HUMAN)
    setup = session.setup.model_copy(update={"seats": tuple(seats)})
    own = setup.own_screen_seats
    try:
        if session.link is None:
            share(session, setup)
        else:
            session.link.set_own(own)
    except Exception as error:  # SaveError: the file could not be written; nothing moved
        return _("The seat could not be moved: {error}").format(error=str(error).rstrip("."))
    session.stop_bots()
    session.seated(setup)
    session.autosave()
    if session.game.current == seat or seat == session.keyboard_seat:
        session.keyboard_seat = None
    return None


def share(session: SeatsSession, setup: MatchSetup) -> None:
    """Share the match in a new shared match file, so seats can join it (the game goes on as
    it stands: its moves from now on go into the file's log): the own-screen seats of
    ``setup`` get their codes, and the session knows who plays where.

    Raises:
        SaveError: when the file cannot be written.
    """
    from rummy_tui.persistence.shared_match import SharedMatch
    from rummy_tui.ui.own.shared_play import SharedLink

    shared = SharedMatch.create(setup, session.game, session.host.data_dir)
    link = SharedLink(shared)
    link.set_own(setup.own_screen_seats)
    session.share(link, setup)


def issue_missing_codes(session: SeatsSession) -> None:
    """A code for every own-screen seat that is not open and has none (a new match, or a
    resumed one whose codes were given out before): shown on the shared screen."""
    link = session.link
    if link is None:
        return
    for seat in sorted(link.own):
        if seat not in link.codes and not link.is_open(seat) and not link.shared.has_code(seat):
            link.new_code(seat)


def own_screens_screen(
    session: SeatsSession,
    then: Callable[[], object] | None = None,
    first_line: str | None = None,
) -> None:
    """The list of the people's seats over the table (the table's ``o``, and the first
    screen of a match with own-screen seats); ``then`` once it closes. Without ``then`` the
    table goes on as it was, unless the seat to act moved: then its hand-off comes (or the
    shared screen waits for its own screen). ``first_line`` (untranslated) is the list's
    first line, where it opens: back to the table unless said."""
    from rummy_tui.i18n.labels import BACK_TO_THE_TABLE
    from rummy_tui.persistence.paths import data_dir as find_data_dir
    from rummy_tui.persistence.serving import served_addresses
    from rummy_tui.ui.own.qr_blocks import qr_text
    from rummy_tui.ui.own.seats_screen import OwnScreensScreen

    issue_missing_codes(session)
    host = session.host
    before = (session.setup.seats[session.game.current].kind, session.keyboard_seat)

    def new_code(seat: int) -> None:
        if session.link is not None:
            session.link.new_code(seat)

    def closed(_result: object) -> None:
        if then is not None:
            then()
            return
        after = (session.setup.seats[session.game.current].kind, session.keyboard_seat)
        if after != before:
            session.next_turn(force_handoff=True)

    screen = OwnScreensScreen(
        places=lambda: seat_places(session),
        move=lambda seat, own: move_seat(session, seat, own),
        new_code=new_code,
        served_at=lambda: served_addresses(find_data_dir(host.data_dir)),
        qr_code=qr_text,
        first_line=first_line or BACK_TO_THE_TABLE,
    )
    host.show_screen(screen, closed)
