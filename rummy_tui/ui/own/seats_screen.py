"""The list of the people's seats on the shared screen: which are played here, which on a
screen of their own, and the join code (with its QR code when the game is served) of each
seat still to join.

The table's ``o`` opens it (on the shared screen only: a joined screen manages no seat, P-6),
and it comes up by itself when a match with own-screen seats is dealt or resumed, so the
people can join before the first turn. It opens on its first line, which moves no seat: back
to the table (or on with the match). Enter moves the highlighted seat to a screen of its own,
or a seat still waiting to join back to the shared keyboard; a seat whose own screen is open
now never moves with Enter: ``b`` brings it back after a question naming its player, whose
screen then closes. ``n`` gives a seat a new code, Esc goes back to the table. A join code is
shown here only, and only until its seat joins.
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
from rummy_tui.i18n.labels import BACK_TO_THE_TABLE, OWN_SCREENS
from rummy_tui.i18n.outside_text import fill, plain
from rummy_tui.table.seats import (
    AskBringBack,
    CloseList,
    ListDecision,
    ListedSeat,
    MoveSeat,
    SayOnList,
    StayOnList,
    list_key,
)
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings


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


def _listed(place: SeatPlace | None) -> ListedSeat | None:
    """The line as the table's rules read it."""
    if place is None:
        return None
    return ListedSeat(place.seat, place.name, place.own_screen, place.joined)


START_MATCH = N_("Start the match")
"""The first line of the list shown before a new match's first turn."""
CONTINUE_MATCH = N_("Continue the match")
"""The first line of the list shown when a shared match is resumed."""

REFRESH_EVERY = 1.0
"""Seconds between two looks at which seats have joined."""


class OwnScreensScreen(ModalScreen[None]):
    """Where each person's seat is played; dismisses with None (back to the table)."""

    CSS_PATH = stylesheet_paths("prompts.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "own_screens",
        [
            Binding("escape", "close", BACK_TO_THE_TABLE, key_display="Esc"),
            Binding("o", "close", BACK_TO_THE_TABLE, show=False),
            Binding("n", "new_code", N_("New code"), show=False),
            Binding("b", "bring_back", N_("Bring back to this keyboard"), show=False),
        ],
    )

    def __init__(
        self,
        places: Callable[[], list[SeatPlace]],
        move: Callable[[int, bool], str | None],
        new_code: Callable[[int], None],
        served_at: Callable[[], list[str]],
        qr_code: Callable[[str], RenderableType] | None = None,
        first_line: str = BACK_TO_THE_TABLE,
    ) -> None:
        """``places`` reads the seats anew; ``move(seat, own_screen)`` moves one and says why
        not; ``new_code(seat)`` gives one a new code; ``served_at`` lists the addresses the game
        is served at now; ``qr_code`` draws the QR code of an address; ``first_line`` (not yet
        translated) is the list's first line, which closes it and moves no seat."""
        super().__init__()
        translate_bindings(self)
        self._places, self._move, self._new_code = places, move, new_code
        self._first_line = first_line
        self._served_at, self._qr_code = served_at, qr_code
        self._shown: list[SeatPlace] = []
        self._note: Text | str = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="own-screens"):
            yield Static(_(OWN_SCREENS), id="text-title", markup=False)
            yield OptionList(id="own-seats")
            with VerticalScroll():
                yield Static("", id="own-detail", markup=False)
            yield Static("", id="own-note", markup=False)
            yield Static(
                _("Enter move the seat · b bring a joined seat back · n new code · Esc back"),
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
        menu.add_option(Option(Text(_(self._first_line)), id="own-first"))
        menu.add_options([Option(place_line(place)) for place in places])
        # first shown: the line that moves no seat (a stray Enter takes nobody off a screen)
        menu.highlighted = min(highlighted or 0, len(places))
        self._show_detail()

    def _highlighted(self) -> SeatPlace | None:
        """The seat of the highlighted line (None on the first line, which is no seat)."""
        index = self.query_one("#own-seats", OptionList).highlighted
        if index is None or not 1 <= index <= len(self._shown):
            return None
        return self._shown[index - 1]

    def _show_detail(self) -> None:
        place = self._highlighted()
        detail = self.query_one("#own-detail", Static)
        detail.update(
            self._first_detail()
            if place is None
            else place_detail(place, self._served_at(), self._qr_code)
        )
        self.query_one("#own-note", Static).update(self._note)

    def _first_detail(self) -> RenderableType:
        """Under the first line: what Enter does there, and how the first seat still to join
        joins (its code, and the QR code when the game is served)."""
        said = Text(
            _("Enter: {choice}. Choose a seat with ↑↓ to move it or to see its join code.").format(
                choice=_(self._first_line)
            )
        )
        waiting = next((place for place in self._shown if place.code is not None), None)
        if waiting is None:
            return said
        return Group(said, Text(""), place_detail(waiting, self._served_at(), self._qr_code))

    @on(OptionList.OptionHighlighted, "#own-seats")
    def _highlight_moved(self, _event: OptionList.OptionHighlighted) -> None:
        self._note = ""
        self._show_detail()

    # ------------------------------------------------------------------ keys

    @on(OptionList.OptionSelected, "#own-seats")
    def _seat_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._carry_out(list_key("enter", _listed(self._highlighted())))

    def action_bring_back(self) -> None:
        """Bring the highlighted own-screen seat back to this keyboard: after a question
        naming its player when their screen is open now (it closes then)."""
        self._carry_out(list_key("b", _listed(self._highlighted())))

    def _carry_out(self, decision: ListDecision) -> None:
        """Do what the table's rules decided for the key (:func:`rummy_tui.table.seats.list_key`:
        Enter never takes a guest off their screen)."""
        match decision:
            case CloseList():
                self.dismiss(None)
            case SayOnList(sentence=sentence, player=player):
                self._note = fill(sentence, player=player) if player else sentence
                self._show_detail()
            case MoveSeat(seat=seat, own_screen=own_screen):
                refusal = self._move(seat, own_screen)
                self._note = refusal or ""
                self._shown = []
                self.refresh_places()
            case AskBringBack(seat=seat, name=name):
                self._ask_bring_back(seat, name)
            case StayOnList():
                pass

    def _ask_bring_back(self, seat: int, name: str) -> None:
        from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

        question = fill(
            _(
                "{player} is playing on their own screen now: bring the seat back to this "
                "keyboard? {player}'s screen will close."
            ),
            player=name,
        ).plain
        choices = [
            Choice(fill(_("No, {player} plays on"), player=name), "stay"),
            Choice(_("Yes, bring the seat back to this keyboard"), "back"),
        ]

        def answered(choice: str | None) -> None:
            line = next((place for place in self._shown if place.seat == seat), None)
            self._carry_out(list_key("answer", _listed(line), answer_yes=choice == "back"))

        self.app.push_screen(ChoiceScreen(question, choices), answered)

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
            _(
                "{player} plays on their own screen. Press b to bring the seat back to this "
                "keyboard (their screen closes)."
            ),
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
