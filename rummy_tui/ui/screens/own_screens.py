"""The list of the people's seats on the shared screen: which are played here, which on a
screen of their own, and the join code (with its QR code when the game is served) of each
seat still to join.

The table's ``o`` opens it, and it comes up by itself when a match with own-screen seats is
dealt or resumed, so the people can join before the first turn. Enter moves the highlighted
seat to a screen of its own or back to the shared keyboard, ``n`` gives it a new code, Esc
goes back to the table. A join code is shown here only, and only until its seat joins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import N_, _
from rummy_tui.i18n.outside_text import fill, plain
from rummy_tui.ui.assets import stylesheet_paths
from rummy_tui.ui.translate import translate_bindings


@dataclass(frozen=True)
class SeatPlace:
    """Where a person's seat is played, as the list of own screens shows it."""

    seat: int
    name: str
    own_screen: bool
    """Played on a screen of its own (else at the shared keyboard)."""
    joined: bool
    """A screen of its own holds the seat now."""
    code: str | None
    """The join code to show (only while the seat has not joined, and only on the shared
    screen that gave it out)."""


REFRESH_EVERY = 1.0
"""Seconds between two looks at which seats have joined."""


class OwnScreensScreen(ModalScreen[None]):
    """Where each person's seat is played; dismisses with None (back to the table)."""

    CSS_PATH = stylesheet_paths("prompts.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back to the table"), key_display="Esc"),
        Binding("o", "close", N_("Back to the table"), show=False),
        Binding("n", "new_code", N_("New code"), show=False),
    ]

    def __init__(
        self,
        places: Callable[[], list[SeatPlace]],
        move: Callable[[int, bool], str | None],
        new_code: Callable[[int], None],
        served_at: Callable[[], list[str]],
        qr_code: Callable[[str], RenderableType] | None = None,
    ) -> None:
        """``places`` reads the seats anew; ``move(seat, own_screen)`` moves one and says why
        not; ``new_code(seat)`` gives one a new code; ``served_at`` lists the addresses the game
        is served at now; ``qr_code`` draws the QR code of an address."""
        super().__init__()
        translate_bindings(self)
        self._places, self._move, self._new_code = places, move, new_code
        self._served_at, self._qr_code = served_at, qr_code
        self._shown: list[SeatPlace] = []
        self._note: Text | str = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="own-screens"):
            yield Static(_("Own screens"), id="text-title", markup=False)
            yield OptionList(id="own-seats")
            with VerticalScroll():
                yield Static("", id="own-detail", markup=False)
            yield Static("", id="own-note", markup=False)
            yield Static(
                _("Enter move the seat · n new code · Esc back to the table"),
                id="text-keys",
                markup=False,
            )

    def on_mount(self) -> None:
        self.refresh_places()
        self.set_interval(REFRESH_EVERY, self.refresh_places)

    # ------------------------------------------------------------------ what is shown

    def refresh_places(self) -> None:
        """Read the seats again (a seat may have joined) and show them."""
        places = self._places()
        if places == self._shown:
            return
        self._shown = places
        menu = self.query_one("#own-seats", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options([Option(place_line(place)) for place in places])
        if highlighted is None:  # first shown: the first seat still to join
            waiting = [index for index, place in enumerate(places) if place.code is not None]
            highlighted = waiting[0] if waiting else 0
        if places:
            menu.highlighted = min(highlighted, len(places) - 1)
        self._show_detail()

    def _highlighted(self) -> SeatPlace | None:
        index = self.query_one("#own-seats", OptionList).highlighted
        if index is None or not 0 <= index < len(self._shown):
            return None
        return self._shown[index]

    def _show_detail(self) -> None:
        place = self._highlighted()
        detail = self.query_one("#own-detail", Static)
        detail.update(
            "" if place is None else place_detail(place, self._served_at(), self._qr_code)
        )
        self.query_one("#own-note", Static).update(self._note)

    @on(OptionList.OptionHighlighted, "#own-seats")
    def _highlight_moved(self, _event: OptionList.OptionHighlighted) -> None:
        self._note = ""
        self._show_detail()

    # ------------------------------------------------------------------ keys

    @on(OptionList.OptionSelected, "#own-seats")
    def _seat_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        place = self._highlighted()
        if place is None:
            return
        refusal = self._move(place.seat, not place.own_screen)
        self._note = refusal or ""
        self._shown = []
        self.refresh_places()

    def action_new_code(self) -> None:
        """A new join code for the highlighted seat (its old one opens nothing any more)."""
        place = self._highlighted()
        if place is None or not place.own_screen:
            self._note = _("Only a seat played on its own screen has a join code.")
        elif place.joined:
            self._note = fill(_("{player} has joined already."), player=place.name)
        else:
            self._new_code(place.seat)
            self._note = ""
        self._shown = []
        self.refresh_places()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


def place_line(place: SeatPlace) -> Text:
    """A seat's line in the list: its name and where it is played."""
    if not place.own_screen:
        where = _("{player}: at this keyboard")
    elif place.joined:
        where = _("{player}: on their own screen, joined")
    elif place.code is not None:
        return fill(
            _("{player}: on their own screen, waiting to join · code {code}"),
            player=place.name,
            code=place.code,
        )
    else:
        where = _("{player}: on their own screen, waiting to join")
    return fill(where, player=place.name)


def place_detail(
    place: SeatPlace,
    addresses: list[str],
    qr_code: Callable[[str], RenderableType] | None,
) -> RenderableType:
    """What the list says under it of the highlighted seat: how to join it."""
    if not place.own_screen:
        return fill(
            _("{player} plays at this keyboard. Enter gives the seat a screen of its own."),
            player=place.name,
        )
    if place.joined:
        return fill(
            _("{player} plays on their own screen. Enter brings the seat back to this keyboard."),
            player=place.name,
        )
    instead = fill(
        _("Until {player} joins, this screen waits; Enter plays the seat at this keyboard."),
        player=place.name,
    )
    if place.code is None:
        return Group(
            fill(
                _("{player}'s code was given out earlier. Press n for a new one."),
                player=place.name,
            ),
            instead,
        )
    parts: list[RenderableType] = [
        fill(_("Join code for {player}:"), player=place.name),
        plain(place.code, "bold"),
        Text(""),
        Text(_("In another terminal of this computer: rummy join {code}").format(code=place.code)),
    ]
    if addresses:
        from rummy_tui.persistence.serving import join_url

        link = join_url(addresses[0], place.code)
        parts.append(
            Text(_("In a browser: open {address}, or scan this code:").format(address=link))
        )
        if qr_code is not None:
            parts.append(qr_code(link))
    else:
        parts.append(Text(_("For a phone or another computer's browser, start rummy serve first.")))
    return Group(*parts)
