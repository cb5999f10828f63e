"""The list of own screens as data (no Textual): which code the shared screen shows for each
person's seat (P-6: the code of a seat whose own screen is open is never shown, since anyone
reading it could take the seat over)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummy_tui.core import get_variant
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.ui.own.seats import seat_places


@dataclass
class Link:
    """The shared match as the list reads it: the codes given out and the open screens."""

    codes: dict[int, str]
    open_seats: frozenset[int]

    def is_open(self, seat: int) -> bool:
        return seat in self.open_seats


@dataclass
class Session:
    """The session as the list reads it."""

    setup: MatchSetup
    link: Any
    extra: dict[str, Any] = field(default_factory=dict)


def setup() -> MatchSetup:
    seats = (
        Seat(name="Anna"),
        Seat(name="Bob", kind=SeatKind.OWN),
        Seat(name="Cy", kind=SeatKind.OWN),
        Seat(name="Computer", kind=SeatKind.NORMAL),
    )
    return MatchSetup(rules=get_variant("classic"), seats=seats, seed=1)


def test_P6_the_code_of_a_seat_whose_screen_is_open_is_never_shown() -> None:
    link = Link(codes={1: "AB-CODE-BOB", 2: "AB-CODE-CY"}, open_seats=frozenset({1}))
    session: Any = Session(setup(), link)
    places = {place.name: place for place in seat_places(session)}
    assert set(places) == {"Anna", "Bob", "Cy"}  # people only
    assert places["Bob"].joined and places["Bob"].code is None
    assert not places["Cy"].joined and places["Cy"].code == "AB-CODE-CY"
    assert not places["Anna"].own_screen and places["Anna"].code is None
