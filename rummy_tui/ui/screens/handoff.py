"""The hand-off between players (P-1): names the next player and shows no card at all.

It covers the whole terminal (it is a screen, not a pop-up), so nothing of the previous hand is
left on display; the app runs in the terminal's alternate screen, so nothing reaches the
scrollback either. The next hand is drawn only after Enter is pressed.

Below the name it lists what happened since the named player's last turn (the public log, so
nothing private): with twelve players a person can read the eleven turns they missed before
looking at their hand. The list scrolls; the name and the Enter line stay above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.i18n import N_, _
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import since_text
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys


class HandoffScreen(ScrollKeys, Screen[str]):
    """ "Pass to Anna": dismisses with "go" (Enter), "leave" (q) or, when the discard that
    ended the last turn may still be taken back (P-4), "take_back" (u)."""

    DEFAULT_CSS = """
    HandoffScreen {
        align: center middle;
        background: $background;
    }
    HandoffScreen > Vertical {
        width: auto;
        min-width: 44;
        max-width: 90%;
        height: auto;
        max-height: 100%;
        border: double $accent;
        padding: 0 3;
        overflow: hidden hidden;
    }
    HandoffScreen Static {
        width: auto;
        max-width: 100%;
    }
    HandoffScreen #handoff-name {
        text-style: bold;
        color: $accent;
    }
    HandoffScreen #handoff-context {
        color: $text-muted;
        margin-top: 1;
    }
    HandoffScreen #handoff-take-back {
        color: $text-muted;
        margin-top: 1;
    }
    HandoffScreen #handoff-enter {
        text-style: bold;
    }
    HandoffScreen #handoff-since-title {
        margin-top: 1;
        text-style: bold;
    }
    HandoffScreen #handoff-since {
        height: auto;
        width: auto;
        max-width: 100%;
        max-height: 100%;
    }
    """

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
    ) -> None:
        """
        Args:
            name: The player to pass the keyboard to.
            context: One line: variant, deal, whose turn.
            since: The public log to summarise from (the whole log; the screen picks what
                happened since the player's last turn). None reads it from the app's match.
            settings: How cards are drawn.
            seat: The player's seat (None: found by name).
            take_back: The line saying who may still take back the last discard (P-4), when
                the core allows it; None hides the line and the key.
        """
        super().__init__()
        translate_bindings(self)
        self.player_name = name
        self.context = context
        self.records = list(since) if since is not None else None
        self.settings = settings
        self.seat = seat
        self.take_back = take_back

    def _log_and_seat(self) -> tuple[list[ActionRecord], int | None]:
        records, seat = self.records, self.seat
        controller: Any = getattr(self.app, "controller", None)
        if records is None and controller is not None:
            view = controller.public_view()
            records = list(view.log)
            if seat is None and self.player_name in view.players:
                seat = view.players.index(self.player_name)
        return records or [], seat

    def compose(self) -> ComposeResult:
        records, seat = self._log_and_seat()
        settings = self.settings or getattr(self.app, "settings", None) or DisplaySettings()
        with Vertical():
            yield Static(
                _("Pass to {player}").format(player=self.player_name),
                id="handoff-name",
                markup=False,
            )
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
                yield Static(_("Since your last turn:"), id="handoff-since-title")
                with ScrollBody(id="handoff-since", from_end=True):
                    yield Static(since_text(records, seat, settings), id="handoff-since-text")
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
