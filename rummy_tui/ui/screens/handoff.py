"""The hand-off between players (P-1): names the next player and shows no card at all.

It covers the whole terminal (it is a screen, not a pop-up), so nothing of the previous hand is
left on display; the app runs in the terminal's alternate screen, so nothing reaches the
scrollback either. The next hand is drawn only after Enter is pressed.

Below the name it lists what happened since the named player's last turn (the public log, so
nothing private): with twelve players a person can read the eleven turns they missed before
looking at their hand. The list scrolls; the name and the Enter line stay above it. Its last
line may say what comes next: computer players who move before the named player, or that the
named player is half-way through a turn (after a resumed save).

:class:`TakeBackGate` is the same gate for the player who asked, with ``u`` on the hand-off,
to take back the discard that ended their turn (P-4): it names that player, and their hand is
drawn only after their own Enter (P-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.i18n import N_, _
from rummy_tui.ui.assets import stylesheet_paths
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import since_text
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys


class HandoffScreen(ScrollKeys, Screen[str]):
    """ "Pass to Anna": dismisses with "go" (Enter), "leave" (q) or, when the discard that
    ended the last turn may still be taken back (P-4), "take_back" (u)."""

    CSS_PATH = stylesheet_paths("handoff.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", N_("I am at the keyboard"), key_display="Enter"),
        Binding("q", "leave", N_("Leave the table")),
        Binding("u", "take_back", N_("Take back")),
        *ScrollKeys.SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        name: str,
        context: str = "",
        since: Sequence[ActionRecord] | None = None,
        settings: DisplaySettings | None = None,
        seat: int | None = None,
        take_back: str | None = None,
        next_note: Text | str | None = None,
        under_way: bool = False,
    ) -> None:
        """
        Args:
            name: The player to pass the keyboard to.
            context: One line: variant, deal, whose turn.
            since: The public log to summarise from (the whole log; the screen picks what
                happened since the player's last turn). None: nothing is summarised.
            settings: How cards are drawn.
            seat: The player's seat (None: found by name).
            take_back: The line saying who may still take back the last discard (P-4), when
                the core allows it; None hides the line and the key.
            next_note: The last line of the summary: what comes next (computers who move
                first, or the rest of a turn half played).
            under_way: The named player's turn is under way (a resumed save): the summary
                starts after their last whole turn and includes what they did of this one.
        """
        super().__init__()
        translate_bindings(self)
        self.player_name = name
        self.context = context
        self.records = list(since) if since is not None else None
        self.settings = settings
        self.seat = seat
        self.take_back = take_back
        self.next_note = next_note
        self.under_way = under_way

    def title_line(self) -> str:
        """The gate's first line, naming the player."""
        return _("Pass to {player}").format(player=self.player_name)

    def _log_and_seat(self) -> tuple[list[ActionRecord], int | None]:
        return list(self.records or ()), self.seat

    def compose(self) -> ComposeResult:
        records, seat = self._log_and_seat()
        settings = self.settings or getattr(self.app, "settings", None) or DisplaySettings()
        with Vertical():
            yield Static(self.title_line(), id="handoff-name", markup=False)
            yield Static(
                _("Only {player} should look at the screen now.").format(player=self.player_name),
                id="handoff-who",
                markup=False,
            )
            yield Static(
                _("Press Enter when {player} is at the keyboard.").format(player=self.player_name),
                id="handoff-enter",
                markup=False,
            )
            if self.take_back:
                yield Static(self.take_back, id="handoff-take-back", markup=False)
            if self.context:
                yield Static(self.context, id="handoff-context", markup=False)
            if records and seat is not None:
                summary = since_text(records, seat, settings, under_way=self.under_way)
                if self.next_note:
                    note = self.next_note
                    summary = Text("\n").join(
                        [summary, Text(note, style="bold") if isinstance(note, str) else note]
                    )
                yield Static(_("Since your last turn:"), id="handoff-since-title")
                with ScrollBody(id="handoff-since", from_end=True):
                    yield Static(summary, id="handoff-since-text")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.take_back is not None
        return True

    def action_take_back(self) -> None:
        """The player who just discarded takes the discard back (P-4), no hand-off."""
        if self.take_back is not None:
            self.dismiss("take_back")

    def action_go(self) -> None:
        """The named player is at the keyboard: show their hand."""
        self.dismiss("go")

    def action_leave(self) -> None:
        """Ask to leave the table."""
        self.dismiss("leave")


class TakeBackGate(HandoffScreen):
    """ "Bob takes back the discard": after ``u`` on a hand-off, the keyboard goes back to the
    player who discarded (P-4), and their hand is drawn only after their Enter (P-1). Dismisses
    with "go" (Enter: the discard is taken back), "back" (Esc: the hand-off it came from) or
    "leave" (q)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, name: str, back_to: str, settings: DisplaySettings | None = None) -> None:
        """
        Args:
            name: The player who takes back their discard.
            back_to: The player the hand-off it came from names (Esc goes back to it).
            settings: How cards are drawn.
        """
        context = _("Esc goes back to the hand-off for {player}.").format(player=back_to)
        super().__init__(name, context, since=[], settings=settings)

    def title_line(self) -> str:
        return _("{player} takes back the discard").format(player=self.player_name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_body":
            return False  # nothing to scroll: no summary on the gate
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        """Not now: back to the hand-off it came from, nothing taken back."""
        self.dismiss("back")
