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
from rummy_tui.i18n import N_
from rummy_tui.i18n.log_lines import note_sentence, nothing_since, record_sentence
from rummy_tui.ui.render import log_text
from rummy_tui.ui.settings import DisplaySettings

MAX_LINES = 300
"""The log keeps the newest lines only; the save file has the whole record."""


SINCE_MARK = N_("── since your last turn ──")
"""The rule the full-screen log draws above the first record after the reader's last turn
(translated where it is drawn: :func:`rummy_tui.i18n.log_lines.since_mark`)."""


def record_line(record: ActionRecord, settings: DisplaySettings) -> Text:
    """One record as a log line in the reader's language, card tokens drawn as cards; the
    table's own records (a deal starting, a deal ending) stand out."""
    line = log_text(record_sentence(record), settings)
    if record.seat is None:
        line.stylize("bold #9ecbff")
    return line


def log_lines(
    records: Sequence[ActionRecord],
    settings: DisplaySettings,
    notes: Sequence[TakeBackNote] = (),
    limit: int | None = MAX_LINES,
) -> Text:
    """The public log as text, one record a line, with the take-back notes in their places;
    card tokens are drawn as cards, the way the table draws them (the newest ``limit``
    entries; None for all)."""
    merged = merge_log(records, notes)
    shown = merged if limit is None else merged[-limit:]
    lines: list[Text] = []
    for entry in shown:
        if isinstance(entry, TakeBackNote):
            line = log_text(note_sentence(entry), settings)
            line.stylize("italic")
        else:
            line = record_line(entry, settings)
        lines.append(line)
    return Text("\n").join(lines)


def since_last_turn(records: Sequence[ActionRecord], seat: int) -> list[ActionRecord]:
    """What happened since ``seat`` last acted: every record after its last one.

    A seat that has not acted yet gets the records of the deal in progress (the deal's own
    start included), so the first hand-off of a deal says who dealt.
    """
    shown = list(records)
    for position in range(len(shown) - 1, -1, -1):
        if shown[position].seat == seat:
            return shown[position + 1 :]
    if not shown:
        return []
    deal = shown[-1].deal_number
    return [record for record in shown if record.deal_number == deal]


def since_text(records: Sequence[ActionRecord], seat: int, settings: DisplaySettings) -> Text:
    """The "since your last turn" summary: the records :func:`since_last_turn` picks, one a
    line, or a sentence saying nothing happened."""
    since = since_last_turn(records, seat)
    if not since:
        return Text(nothing_since(), style="dim")
    return log_lines(since, settings, limit=None)


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
