"""The Records screen: every player's record and the last matches of each variant.

Two tabs, both read from :class:`~rummy_tui.records.Records` (the ``stats.sqlite3`` database):

* **Players**: one row per player name and variant (matches played and won, deals won, best
  deal, average per deal, longest winning streak), sortable by any column (click its heading or
  press ``s`` for the next column, ``r`` to reverse); under the table, the highlighted player's
  last 20 results as a sparkline.
* **Last matches**: the last 20 matches of the variant chosen above the table.

When records are off (a damaged or locked database), the screen says so in one sentence.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Select, Sparkline, Static, TabbedContent, TabPane

from rummy_tui.i18n import N_, _, lists
from rummy_tui.i18n.labels import BACK, PLAYER_RECORDS, PLAYERS, VARIANT
from rummy_tui.i18n.outside_text import fill, plain
from rummy_tui.i18n.record_words import (
    DEALS,
    DEALS_WON,
    FINISHED,
    LAST_MATCHES,
    PLAYER,
    STREAK,
    WINNER,
    WON,
)
from rummy_tui.i18n.replay_words import rerun_mark
from rummy_tui.records import MatchSummary, PlayerRecord, Records
from rummy_tui.ui.play.short_names import short_names
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import colour, style
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.sheet_table import NAME_WIDTH

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("name", PLAYER),
    ("variant", VARIANT),
    ("played", N_("Played")),
    ("won", WON),
    ("deals", DEALS_WON),
    ("best", N_("Best")),
    ("average", N_("Avg/deal")),
    ("streak", STREAK),
)
"""(key, heading) of the players table, left to right (headings translated when shown)."""
MATCH_COLUMNS: tuple[tuple[str, str], ...] = (
    ("when", FINISHED),
    ("deals", DEALS),
    ("winner", WINNER),
    ("scores", N_("Final scores")),
)
"""(key, heading) of the last matches table."""


def player_rows(
    records: list[PlayerRecord],
) -> list[tuple[str, tuple[str, str, int, int, int, int | None, float | None, int]]]:
    """One (row key, values) per player and variant played."""
    rows = []
    for record in records:
        for variant in record.variants:
            rows.append(
                (
                    f"{record.name}\x1f{variant.variant_id}",
                    (
                        record.name,
                        _(variant.variant),
                        variant.matches_played,
                        variant.matches_won,
                        variant.deals_won,
                        variant.best_deal,
                        variant.average_per_deal,
                        variant.longest_streak,
                    ),
                )
            )
    return rows


def shown(value: object) -> Text:
    """A table value as text (numbers to the right, an average to one decimal, "-" for none)."""
    if value is None:
        return Text("-", justify="right", style="dim")
    if isinstance(value, float):
        return Text(f"{value:.1f}", justify="right")
    if isinstance(value, int):
        return Text(str(value), justify="right")
    return plain(value)


def sort_value(value: object) -> tuple[int, object]:
    """A sort key that puts missing values last and compares names without case."""
    if value is None:
        return (1, 0)
    if isinstance(value, str):
        return (0, value.casefold())
    return (0, value)


AROUND_SCORES = 16
"""Cells of the last-matches table besides the time, the winners and the final scores: the
deals column, the cells' padding and the scroll bar."""


def final_scores(match: MatchSummary, room: int) -> str:
    """Every seat's final score, in ``room`` cells when it can be: the whole names, or else
    names shortened alike, each still telling its player apart."""
    names = [seat.name for seat in match.seats]

    def listed(shown: list[str]) -> str:
        return lists.series(
            # Translators: one seat in the list of a recorded match's final scores.
            _("{player}: {score}").format(player=name, score=seat.final_score)
            for name, seat in zip(shown, match.seats, strict=True)
        )

    whole = listed(names)
    if cell_len(whole) <= room or not names:
        return whole
    others = cell_len(listed([""] * len(names)))
    return listed(short_names(names, max(NAME_WIDTH, (room - others) // len(names))))


def match_line(match: MatchSummary, room: int = 60, rerun: bool = False) -> tuple[Text, ...]:
    """One recorded match: when, the deals, the winners, and every seat's final score (in
    ``room`` cells when it can be); a ``rerun`` (a deal played again) is marked so."""
    when = match.finished_at.astimezone().strftime("%Y-%m-%d %H:%M")
    if rerun:
        when = rerun_mark(when)
    winners = lists.partners(match.winners) or "-"
    scores = final_scores(match, room - cell_len(when) - cell_len(winners) - AROUND_SCORES)
    return (
        Text(when),
        Text(str(match.deals), justify="right"),
        plain(winners, style=style("bold", "game-highlight")),
        plain(scores),
    )


class RecordsScreen(Screen[None]):
    """Every player's record; closes with Escape or ``q``."""

    CSS_PATH = stylesheet_paths("records.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "records",
        [
            Binding("escape", "close", BACK, key_display="Esc"),
            Binding("q", "close", BACK, show=False),
            Binding("s", "sort_next", N_("Sort by next column")),
            Binding("r", "reverse", N_("Reverse order")),
            Binding("v", "switch", N_("Players/Matches")),
        ],
    )

    def __init__(self, records: Records) -> None:
        super().__init__()
        translate_bindings(self)
        self.records = records
        self.players: list[PlayerRecord] = records.players()
        self.sort_column = 0
        """The index in :data:`PLAYER_COLUMNS` the players table is sorted by."""
        self.sort_reverse = False

    def compose(self) -> ComposeResult:
        yield Static(Text(_(PLAYER_RECORDS), style="bold"), id="records-heading")
        yield Static("", id="records-off", classes="-empty", markup=False)
        with TabbedContent(initial="tab-players"):
            with TabPane(_(PLAYERS), id="tab-players"):
                yield DataTable(id="records-players", cursor_type="row", zebra_stripes=True)
                with Horizontal(id="records-form"):
                    yield Static("", id="records-form-label")
                    yield Sparkline([], id="records-spark", summary_function=max)
                yield Static("", id="records-form-note")
            with TabPane(_(LAST_MATCHES), id="tab-matches"):
                options = self.variant_options()
                yield Select[str](
                    options,
                    id="records-variant",
                    allow_blank=not options,
                    prompt=_(VARIANT),
                    disabled=not options,
                )
                yield DataTable(id="records-matches", cursor_type="row", zebra_stripes=True)
        yield KeyBar()

    def variant_options(self) -> list[tuple[Text, str]]:
        """(name, id) of every variant someone has a record in, in the order first seen."""
        variants: dict[str, str] = {}
        for record in self.players:
            for variant in record.variants:
                variants.setdefault(variant.variant_id, _(variant.variant))
        return [(plain(name), variant_id) for variant_id, name in variants.items()]

    def on_mount(self) -> None:
        problem = self.records.problem
        if problem is None and not self.players:
            problem = _("No match has been recorded yet: every finished match is kept here.")
        if problem:
            note = self.query_one("#records-off", Static)
            note.update(problem)
            note.set_class(False, "-empty")
        table = self.query_one("#records-players", DataTable)
        for key, heading in PLAYER_COLUMNS:
            table.add_column(_(heading), key=key)
        self.fill_players()
        options = self.variant_options()
        matches = self.query_one("#records-matches", DataTable)
        for key, heading in MATCH_COLUMNS:
            matches.add_column(_(heading), key=key)
        self.fill_matches(options[0][1] if options else None)
        table.focus()

    # ------------------------------------------------------------------ players

    def fill_players(self) -> None:
        """(Re)fill the players table in the chosen order."""
        table = self.query_one("#records-players", DataTable)
        table.clear()
        rows = player_rows(self.players)
        rows.sort(key=lambda row: sort_value(row[1][self.sort_column]), reverse=self.sort_reverse)
        for key, values in rows:
            table.add_row(*(shown(value) for value in values), key=key)
        heading = Text(_(PLAYER_RECORDS), style="bold")
        key, label = PLAYER_COLUMNS[self.sort_column]
        column = _(label).lower()
        order = _("sorted by {column}, reversed") if self.sort_reverse else _("sorted by {column}")
        heading.append(" · " + order.format(column=column), style="dim")
        self.query_one("#records-heading", Static).update(heading)
        if rows:
            self.show_form(rows[0][0])

    def show_form(self, row_key: str) -> None:
        """The player's last 20 results (final scores, oldest first) as a sparkline."""
        name = row_key.split("\x1f", 1)[0]
        results = self.records.recent_results(name)
        scores = [result.final_score for result in results]
        won = sum(result.won for result in results)
        label = fill(_("{player}: last {n}") + " ", "bold", player=name, n=str(len(results)))
        label.append(_("(won {n})").format(n=won), style=colour("game-highlight"))
        self.query_one("#records-form-label", Static).update(label)
        spark = self.query_one("#records-spark", Sparkline)
        repeat = max(1, 40 // max(1, len(scores)))
        spark.data = [score for score in scores for _ in range(repeat)]
        if scores:
            note = _("final scores, oldest first: lowest {low}, highest {high}").format(
                low=min(scores), high=max(scores)
            )
        else:
            note = ""
        self.query_one("#records-form-note", Static).update(note)

    @on(DataTable.RowHighlighted, "#records-players")
    def _player_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key.value is not None:
            self.show_form(event.row_key.value)

    @on(DataTable.HeaderSelected, "#records-players")
    def _header_selected(self, event: DataTable.HeaderSelected) -> None:
        index = event.column_index
        if index == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column, self.sort_reverse = index, index >= 2
        self.fill_players()

    def action_sort_next(self) -> None:
        """Sort the players by the next column (numbers highest first)."""
        self.sort_column = (self.sort_column + 1) % len(PLAYER_COLUMNS)
        self.sort_reverse = self.sort_column >= 2
        self.fill_players()

    def action_reverse(self) -> None:
        """Reverse the players' order."""
        self.sort_reverse = not self.sort_reverse
        self.fill_players()

    # ------------------------------------------------------------------ matches

    def fill_matches(self, variant_id: str | None) -> None:
        """The last 20 matches of ``variant_id``, newest first."""
        table = self.query_one("#records-matches", DataTable)
        table.clear()
        if variant_id is None:
            return
        room = self.size.width or self.app.size.width
        for match in self.records.recent_matches(variant_id):
            table.add_row(*match_line(match, room))
        # Deals played again are listed apart, after the matches: they count in no record.
        for match in self.records.recent_matches(variant_id, reruns=True):
            table.add_row(*match_line(match, room, rerun=True))

    @on(Select.Changed, "#records-variant")
    def _variant_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.fill_matches(event.value)

    def action_switch(self) -> None:
        """Show the last matches instead of the players, or the players again."""
        tabs = self.query_one(TabbedContent)
        tabs.active = "tab-matches" if tabs.active == "tab-players" else "tab-players"

    def action_close(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)
