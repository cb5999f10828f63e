"""The log of public actions (P-2): every applied action of the match, newest at the bottom,
with a line in its place for every move taken back (P-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.core.state import TakeBackNote
from rummy_tui.core.takeback import merge_log
from rummy_tui.i18n import current_language
from rummy_tui.i18n import log_lines as log_words
from rummy_tui.i18n.log_lines import note_sentence, nothing_since, record_sentence
from rummy_tui.ui.play.render import log_text
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.quiet import SteadySize, SteadyStatic, content_height, update_static

MAX_LINES = 300
"""The log keeps the newest lines only; the save file has the whole record."""


SINCE_MARK = log_words.SINCE_MARK
"""The rule the full-screen log draws above the first record after the reader's last turn
(translated where it is drawn: :func:`rummy_tui.i18n.log_lines.since_mark`)."""


def record_line(record: ActionRecord, settings: DisplaySettings) -> Text:
    """One record as a log line in the reader's language, card tokens drawn as cards; the
    table's own records (a deal starting, a deal ending) stand out."""
    line = log_text(record_sentence(record), settings)
    if record.seat is None:
        line.stylize(style("bold", "game-link"))
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


def since_last_turn(
    records: Sequence[ActionRecord], seat: int, under_way: bool = False
) -> list[ActionRecord]:
    """What happened since ``seat`` last acted: every record after its last one.

    A seat that has not acted yet gets the records of the deal in progress (the deal's own
    start included), so the first hand-off of a deal says who dealt. With ``under_way`` the
    seat's turn is half played (a resumed save): its newest records are this turn's, so the
    summary starts after the turn before and ends with what the seat did of this one.
    """
    shown = list(records)
    end = len(shown)
    if under_way:
        while end and shown[end - 1].seat == seat:
            end -= 1
    for position in range(end - 1, -1, -1):
        if shown[position].seat == seat:
            return shown[position + 1 :]
    if not shown:
        return []
    deal = shown[-1].deal_number
    return [record for record in shown if record.deal_number == deal]


def since_text(
    records: Sequence[ActionRecord],
    seat: int,
    settings: DisplaySettings,
    under_way: bool = False,
) -> Text:
    """The "since your last turn" summary: the records :func:`since_last_turn` picks, one a
    line, or a sentence saying nothing happened."""
    since = since_last_turn(records, seat, under_way)
    if not since:
        return Text(nothing_since(), style="dim")
    return log_lines(since, settings, limit=None)


class LogPanel(VerticalScroll, SteadySize, can_focus=False):
    """Scrolling list of public actions.

    The log only grows during play, so the panel keeps the lines it drew and writes only the
    records that are new since the last time; when nothing changed (a redraw of the table for
    a cursor move, say) it only goes back to the newest line. A take-back note, another card
    display or language, or a log that is not the old one plus new records (a new match)
    draws the whole log again.

    While the log is taller than the panel, the panel is anchored to its end: the frame that
    draws a new line also shows it (scrolled to after the frame, a new line would cost a
    second frame). A log that fits stays at the panel's top, unanchored (an anchored panel
    with a shorter log would be drawn scrolled past its top).

    Textual scrolls an anchored panel to its end in the layout by writing the new position
    straight into the scroll bar, which repaints nothing: a layout that only scrolls (the
    second one of a resize, say) left the thumb where the one before had drawn it, above the
    end of the track while the newest line was at the panel's foot. After every layout of
    the screen the bar is repainted if its thumb moved (a repaint of one column, no layout).
    """

    # Styled in assets/table.tcss, with the screen that shows it.

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: list[Text] = []
        """One line per record on display (the newest ``MAX_LINES``; empty while take-back
        notes are in the log, which is then drawn whole every time)."""
        self._count = 0
        """How many records the lines were drawn from."""
        self._shown: tuple[object, ...] | None = None
        """What the lines were drawn from: the newest record, the take-back notes, the display
        settings and the language (None: nothing drawn yet)."""
        self._thumb: tuple[float, int, int] | None = None
        """The scroll bar's position, scrollable height and window at the last layout."""

    def compose(self) -> ComposeResult:
        yield SteadyStatic(id="log-text")

    def on_mount(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self._thumb_follows, True)

    def _thumb_follows(self, _screen: Screen[Any]) -> None:
        """The screen was laid out: repaint the scroll bar if its thumb moved (the anchor's
        scrolling does not repaint it)."""
        if not self.show_vertical_scrollbar:
            self._thumb = None
            return
        bar = self.vertical_scrollbar
        thumb = (bar.position, bar.window_virtual_size, bar.window_size)
        if thumb != self._thumb:
            self._thumb = thumb
            bar.refresh()

    def show(
        self,
        records: Sequence[ActionRecord],
        settings: DisplaySettings,
        notes: Sequence[TakeBackNote] = (),
    ) -> None:
        """Draw the records (and take-back notes) and scroll to the newest."""
        count = len(records)
        shown = (records[-1] if records else None, tuple(notes), settings, current_language())
        if count == self._count and shown == self._shown:
            self.follow_end()  # back to the newest line, should it have been scrolled away
            return
        before, drawn = self._shown, self._count
        self._shown, self._count = shown, count
        if notes:
            self._lines = []
            text = log_lines(records, settings, notes)
        else:
            grown = (
                before is not None
                and not before[1]
                and before[2:] == shown[2:]
                and 0 < drawn <= count
                and records[drawn - 1] == before[0]
            )
            start = drawn if grown else 0
            fresh = records[max(start, count - MAX_LINES) :]
            lines = [*(self._lines if start else []), *(log_lines([r], settings) for r in fresh)]
            self._lines = lines[-MAX_LINES:]
            text = Text("\n").join(self._lines)
        update_static(self.query_one("#log-text", Static), text)
        self.follow_end()

    def follow_end(self) -> None:
        """Keep the newest line in view: anchored to the end while the log is taller than the
        panel, at the top while it fits."""
        height = content_height(self.query_one("#log-text", Static))
        room = self.scrollable_content_region.height
        if height is None or not room:
            self.call_after_refresh(self.scroll_end, animate=False)  # not laid out yet
        elif height > room:
            self.anchor()
        else:
            self.anchor(False)
            self.scroll_home(animate=False, immediate=True)

    def on_resize(self) -> None:
        """The panel's height changed: the newest line in view again."""
        self.follow_end()
