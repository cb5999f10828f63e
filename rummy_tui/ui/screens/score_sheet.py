"""The score sheet screen (P-5) and the end-of-match screen built on it.

:class:`ScoreSheetScreen` shows a :class:`~rummy_tui.match.sheet.ScoreSheet` (public, P-2) in two
tabs: the sheet itself and the running totals as a chart. It opens over the table (``c``),
over the end-of-deal screen, and read-only for a finished match from the Load screen; it never
changes the game. :class:`MatchEndScreen` adds the winner, the Rummy 500 settlement and three
buttons whose choice is posted up as a message (:mod:`rummy_tui.ui.play.match_end_messages`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static, TabbedContent, TabPane

from rummy_tui.i18n import N_, _, lists, ngettext
from rummy_tui.i18n.deal_words import count_deals, winners_line
from rummy_tui.i18n.labels import BACK, NEW_GAME, SCORE_SHEET
from rummy_tui.i18n.replay_words import REPLAY
from rummy_tui.match.sheet import ScoreSheet
from rummy_tui.ui.play.match_end_messages import MatchEnd
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.sheet_table import WENT_OUT, ScoreSheetTable
from rummy_tui.ui.widgets.totals_chart import TotalsChart

SHEET_OR_CHART = N_("Sheet/Chart")
"""The key that switches between the sheet and its chart."""
TITLE = N_("Title")
"""The keys that leave the end of the match for the title screen."""

Replayer = Callable[[int | None], None]
"""Opens the replay at a deal (None: the first finished one)."""


def sheet_heading(sheet: ScoreSheet, title: str = "") -> Text:
    """One line: the variant, what ends the match, and how far it is."""
    text = Text()
    if title:
        text.append(f"{title} · ", style="bold")
    text.append(_(sheet.variant), style="bold")
    scored = len(sheet.rows)
    if sheet.target_score is not None:
        target = sheet.target_score
        if sheet.unit == "chips":
            goal = ngettext("first to {n} chip", "first to {n} chips", target)
        else:
            goal = ngettext("first to {n} point", "first to {n} points", target)
        text.append(" · " + goal.format(n=target))
    if sheet.deal_limit is not None:
        limit = sheet.deal_limit
        done = ngettext("{done} of {n} deal", "{done} of {n} deals", limit)
        text.append(" · " + done.format(done=scored, n=limit), style="dim")
    else:
        count = count_deals(scored)
        text.append(" · " + count, style="dim")
    if sheet.shows_table_points:
        text.append(" · " + _("table-hand, score, total"), style="dim")
    text.append(" · " + _("{mark} went out").format(mark=WENT_OUT), style="dim")
    return text


def result_lines(sheet: ScoreSheet) -> Text:
    """The winner of a finished match and, in Rummy 500, who pays the winner what (R-12)."""
    text = Text()
    if not sheet.finished or not sheet.winners:
        return text
    titles = [sheet.columns[index].title for index in sheet.winners]
    plural = len(sheet.winners) > 1 or len(sheet.columns[sheet.winners[0]].seats) > 1
    text.append(winners_line(titles, plural), style=style("bold", "game-highlight"))
    if sheet.settlement:
        winner = sheet.columns[sheet.winners[0]].title
        payments = [
            _("{player} pays {amount}").format(player=column.title, amount=sheet.settlement[index])
            for index, column in enumerate(sheet.columns)
            if index not in sheet.winners
        ]
        text.append(
            "\n"
            + _("Settlement (R-12): {payments}; {winner} collects {amount}.").format(
                payments=lists.clauses(payments), winner=winner, amount=sum(sheet.settlement)
            )
        )
    return text


class ScoreSheetScreen(Screen[None]):
    """The sheet and its chart; closes with Escape, ``c`` or ``q``."""

    CSS_PATH = stylesheet_paths("score_sheet.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "score_sheet",
        [
            Binding("escape", "close", BACK, key_display="Esc"),
            Binding("c", "close", N_("Close sheet"), show=False),
            Binding("q", "close", BACK, show=False),
            Binding("v", "switch", SHEET_OR_CHART),
            Binding("r", "replay", REPLAY),
        ],
    )

    def __init__(
        self,
        sheet: ScoreSheet,
        settings: DisplaySettings,
        title: str = "",
        replay: Replayer | None = None,
    ) -> None:
        """Show ``sheet``; ``title`` (a save's name) heads it; with ``replay``, ``r`` (or
        Enter on a finished deal's row) replays that deal."""
        super().__init__()
        translate_bindings(self)
        self.sheet = sheet
        self.settings = settings
        self.heading = title
        self.replay = replay

    def compose(self) -> ComposeResult:
        yield Static(sheet_heading(self.sheet, self.heading), id="sheet-heading")
        result = result_lines(self.sheet)
        yield Static(result, id="sheet-result", classes="" if result.plain else "-empty")
        with TabbedContent(initial="tab-sheet"):
            with TabPane(_(SCORE_SHEET), id="tab-sheet"):
                yield ScoreSheetTable(self.sheet, id="sheet-table")
            with TabPane(_("Chart"), id="tab-chart"):
                yield TotalsChart(self.sheet, self.settings, id="sheet-chart")
        yield Static("", id="sheet-detail")
        yield from self.compose_buttons()
        yield KeyBar()

    def compose_buttons(self) -> ComposeResult:
        """Extra widgets under the sheet (none here)."""
        yield from ()

    def on_mount(self) -> None:
        table = self.query_one(ScoreSheetTable)
        table.focus()
        if self.sheet.rows:
            table.move_cursor(row=len(self.sheet.rows) - 1, column=1)

    @on(DataTable.CellHighlighted)
    def _cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        table = self.query_one(ScoreSheetTable)
        key = event.cell_key
        self.query_one("#sheet-detail", Static).update(
            table.describe(key.row_key.value, key.column_key.value)
        )

    def highlighted_deal(self) -> int | None:
        """The number of the finished deal whose row is highlighted (None on another row)."""
        table = self.query_one(ScoreSheetTable)
        row = table.cursor_row
        rows = self.sheet.rows
        if 0 <= row < len(rows) and rows[row].deal_number != self.sheet.deal_in_progress:
            return rows[row].deal_number
        return None

    def action_replay(self) -> None:
        """Replay the highlighted deal (the first finished deal from another row)."""
        if self.replay is not None:
            self.replay(self.highlighted_deal())

    @on(DataTable.CellSelected)
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        """Enter on a finished deal's row replays it."""
        deal = self.highlighted_deal()
        if self.replay is not None and deal is not None:
            event.stop()
            self.replay(deal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.replay is not None
        return True

    def action_switch(self) -> None:
        """Show the chart instead of the sheet, or the sheet again."""
        tabs = self.query_one(TabbedContent)
        tabs.active = "tab-chart" if tabs.active == "tab-sheet" else "tab-sheet"
        if tabs.active == "tab-sheet":
            self.query_one(ScoreSheetTable).focus()

    def action_close(self) -> None:
        """Back to where the sheet was opened."""
        self.dismiss(None)


class MatchEndScreen(ScoreSheetScreen):
    """The end of the match: the whole sheet with the winner and the settlement, the chart, and
    Play again / New game / Title, posted up as messages."""

    BINDINGS: ClassVar[list[BindingType]] = named(
        "match_end",
        [
            Binding("p", "choose('again')", N_("Play again")),
            Binding("n", "choose('new')", NEW_GAME),
            Binding("t", "choose('title')", TITLE),
            Binding("escape", "choose('title')", TITLE, show=False),
            Binding("q", "choose('title')", TITLE, show=False),
            Binding("c", "switch", SHEET_OR_CHART, show=False),
            Binding("v", "switch", SHEET_OR_CHART),
            Binding("r", "replay", REPLAY),
        ],
    )

    def compose_buttons(self) -> ComposeResult:
        with Horizontal(id="match-end-buttons"):
            yield Button(_("Play again (p)"), variant="primary", id="again")
            yield Button(_("New game (n)"), id="new")
            yield Button(_("Title (t)"), id="title")

    def action_choose(self, choice: str) -> None:
        """Post the players' choice up; the app acts on it."""
        message = {
            "again": MatchEnd.PlayAgain,
            "new": MatchEnd.NewGame,
            "title": MatchEnd.Title,
        }[choice]()
        self.post_message(message)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id in ("again", "new", "title"):
            self.action_choose(event.button.id)
