"""The hand-off between players (P-1): names the next player and shows no card at all.

It covers the whole terminal (it is a screen, not a pop-up), so nothing of the previous hand is
left on display; the app runs in the terminal's alternate screen, so nothing reaches the
scrollback either. The next hand is drawn only after Enter is pressed.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.ui.widgets.keybar import KeyBar


class HandoffScreen(Screen[str]):
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
        border: double $accent;
        padding: 1 4;
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
        margin-top: 1;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "I am at the keyboard", key_display="Enter"),
        Binding("q", "leave", "Leave the table"),
        Binding("u", "take_back", "Take back"),
    ]

    def __init__(self, name: str, context: str = "", take_back: str | None = None) -> None:
        """``take_back``: the line saying who may still take back the last discard (P-4),
        when the core allows it; None hides the line and the key."""
        super().__init__()
        self.player_name = name
        self.context = context
        self.take_back = take_back

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Pass to {self.player_name}", id="handoff-name", markup=False)
            yield Static(
                f"Only {self.player_name} should look at the screen now.",
                id="handoff-who",
                markup=False,
            )
            if self.context:
                yield Static(self.context, id="handoff-context", markup=False)
            yield Static(
                f"Press Enter when {self.player_name} is at the keyboard.",
                id="handoff-enter",
                markup=False,
            )
            if self.take_back:
                yield Static(self.take_back, id="handoff-take-back", markup=False)
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
