"""The whole log on a screen of its own (``L`` at the table): every public record of the
match, newest at the bottom, with a rule where the reader's last turn ended.

At 80x24 with twelve players the table's log panel shows a few lines; after eleven other
turns a person reads here everything that happened since they last played. The log is public
(P-2), so the screen shows nothing private.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.i18n import _
from rummy_tui.i18n.labels import BACK, BACK_TO_THE_TABLE
from rummy_tui.i18n.log_lines import since_mark
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import log_lines, since_last_turn
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys


def full_log_text(
    records: Sequence[ActionRecord], settings: DisplaySettings, seat: int | None = None
) -> Text:
    """Every record, one a line; with a ``seat``, a rule above what happened since its last
    turn."""
    shown = list(records)
    if seat is None:
        return log_lines(shown, settings, limit=None)
    since = since_last_turn(shown, seat)
    before = shown[: len(shown) - len(since)]
    text = log_lines(before, settings, limit=None)
    if since:
        if before:
            text.append("\n")
        text.append(since_mark(), style=style("bold", "game-highlight"))
        text.append("\n")
        text.append_text(log_lines(since, settings, limit=None))
    return text


class LogScreen(ScrollKeys, Screen[None]):
    """The full log; Escape, ``L`` or Enter goes back to the table."""

    CSS_PATH = stylesheet_paths("log_view.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "log",
        [
            Binding("escape", "close", BACK_TO_THE_TABLE, key_display="Esc"),
            Binding("l", "close", BACK, show=False),
            Binding("enter", "close", BACK, show=False),
            *ScrollKeys.SCROLL_BINDINGS,
        ],
    )

    def __init__(
        self,
        records: Sequence[ActionRecord],
        settings: DisplaySettings,
        seat: int | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.records = list(records)
        self.settings = settings
        self.seat = seat
        self.title_text = title if title is not None else _("The log of the match")

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="log-title", markup=False)
        with ScrollBody(id="log-body", from_end=True):
            yield Static(full_log_text(self.records, self.settings, self.seat), id="log-lines")
        yield KeyBar()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
