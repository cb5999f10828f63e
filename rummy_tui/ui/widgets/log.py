"""The log of public actions (P-2): every applied action of the match, newest at the bottom,
with a line in its place for every move taken back (P-4)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.core.state import TakeBackNote
from rummy_tui.core.takeback import merge_log
from rummy_tui.ui.render import log_text
from rummy_tui.ui.settings import DisplaySettings

MAX_LINES = 300
"""The log keeps the newest lines only; the save file has the whole record."""


def log_lines(
    records: Sequence[ActionRecord],
    settings: DisplaySettings,
    notes: Sequence[TakeBackNote] = (),
) -> Text:
    """The public log as text, one record a line, with the take-back notes in their places;
    card tokens are drawn as cards, the way the table draws them."""
    text = Text()
    shown = merge_log(records, notes)[-MAX_LINES:]
    for number, entry in enumerate(shown):
        if number:
            text.append("\n")
        if isinstance(entry, TakeBackNote):
            line = log_text(entry.text, settings)
            line.stylize("italic")
        else:
            line = log_text(entry.text or entry.action.kind, settings)
            if entry.seat is None:
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

    def show(
        self,
        records: Sequence[ActionRecord],
        settings: DisplaySettings,
        notes: Sequence[TakeBackNote] = (),
    ) -> None:
        """Draw the records (and take-back notes) and scroll to the newest."""
        static = self.query_one("#log-text", Static)
        static.update(log_lines(records, settings, notes))
        self.call_after_refresh(self.scroll_end, animate=False)
