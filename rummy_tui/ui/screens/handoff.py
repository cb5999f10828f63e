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
    """ "Pass to Anna": dismisses with "go" (Enter) or "leave" (q)."""

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
    HandoffScreen #handoff-enter {
        margin-top: 1;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "I am at the keyboard", key_display="Enter"),
        Binding("q", "leave", "Leave the table"),
    ]

    def __init__(self, name: str, context: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.context = context

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
        yield KeyBar()

    def action_go(self) -> None:
        """The named player is at the keyboard: show their hand."""
        self.dismiss("go")

    def action_leave(self) -> None:
        """Ask to leave the table."""
        self.dismiss("leave")
