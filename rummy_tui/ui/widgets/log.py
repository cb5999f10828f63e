"""The log of public actions (P-2): every applied action of the match, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.ui.render import log_text
from rummy_tui.ui.settings import DisplaySettings

MAX_LINES = 300
"""The log keeps the newest lines only; the save file has the whole record."""


def log_lines(records: Sequence[ActionRecord], settings: DisplaySettings) -> Text:
    """The public log as text, one record a line, card tokens drawn as cards."""
    text = Text()
    shown = list(records)[-MAX_LINES:]
    for number, record in enumerate(shown):
        if number:
            text.append("\n")
        line = log_text(record.text or record.action.kind, settings)
        if record.seat is None:
            line.stylize("bold #9ecbff")
        text.append_text(line)
    return text


class LogPanel(VerticalScroll, can_focus=False):
    """Scrolling list of public actions."""

    DEFAULT_CSS = """
    LogPanel {
        height: 1fr;
        width: 1fr;
        padding: 0 1;
    }
    LogPanel > Static {
        width: 1fr;
    }
    """

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="log-text")

    def show(self, records: Sequence[ActionRecord], settings: DisplaySettings) -> None:
        """Draw the records and scroll to the newest."""
        static = self.query_one("#log-text", Static)
        static.update(log_lines(records, settings))
        self.call_after_refresh(self.scroll_end, animate=False)
