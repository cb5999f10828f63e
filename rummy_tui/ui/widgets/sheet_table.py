"""The score sheet as a table (P-5): one row per deal, one column per player or partnership.

Each cell holds the deal's score and, under it, the running total; Rummy 500 cells start with
the table and hand points (R-11). The deal column stays in place while the table scrolls
sideways; dead hands (G-9) and extra deals after an exact tie (R-12) are named in it, and the
last column carries the row's note (the E-8 payment in European Rummy, a rummy, ...). Column
headings share out the width there is; where twelve names cannot fit they are shortened and
stay distinct ("Comp. 2", "Comp. 3"), and the cell under the cursor is spelled out in full
under the table. Everything here is public (P-2).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from rummy_tui.i18n import _, ngettext, pgettext
from rummy_tui.i18n.deal_words import deal_number_words
from rummy_tui.match.sheet import (
    RowKind,
    ScoreSheet,
    SheetColumn,
    SheetRow,
    match_over_words,
    settlement_note,
)
from rummy_tui.ui.play.render import fill
from rummy_tui.ui.play.short_names import short_names
from rummy_tui.ui.shell.palette import colour, style

NAME_WIDTH = 7
"""The narrowest a column heading gets; wider where the screen has room (twelve players at 80
columns get this, and scroll sideways)."""
NOTE_ROOM = 16
"""Cells left for the note column when the headings share out the width."""
WENT_OUT = "*"
"""The mark of the player who went out (plain ASCII, so it reads in every card setting)."""


def column_headings(columns: Sequence[SheetColumn], width: int) -> list[str]:
    """Every column's heading in at most ``width`` cells (at least :data:`NAME_WIDTH`), all of
    them different: the name, or the partners' names joined by "&" (R-13), shortened only as
    much as the width needs (:func:`~rummy_tui.ui.play.short_names.short_names`)."""
    width = max(NAME_WIDTH, width)
    titles = [column.title for column in columns]
    if all(cell_len(title) <= width for title in titles):
        return titles
    singles = [column.names[0] for column in columns if len(column.names) == 1]
    shown = iter(short_names(singles, width))
    partners = [name for column in columns if len(column.names) > 1 for name in column.names]
    sizes = {len(column.names) for column in columns if len(column.names) > 1}
    share = max(2, (width - max(sizes, default=1) + 1) // max(sizes, default=1))
    shared = iter(short_names(partners, share))
    return [
        next(shown) if len(column.names) == 1 else "&".join(next(shared) for _ in column.names)
        for column in columns
    ]


def deal_heading() -> str:
    """The heading of the deal column."""
    return pgettext("sheet column", "Deal")


def total_word() -> str:
    """The deal column of the totals row."""
    return pgettext("sheet row", "Total")


def dead_word() -> str:
    """The mark of a dead hand (G-9) in the deal column."""
    return pgettext("sheet row", "dead")


def extra_word() -> str:
    """The mark of an extra deal after an exact tie (R-12) in the deal column."""
    return pgettext("sheet row", "extra")


def settle_word() -> str:
    """The deal column of the settlement row (R-12)."""
    return pgettext("sheet row", "Settle")


def won_total(total: int) -> str:
    """A winner's total on the totals row."""
    return _("{total} won").format(total=total)


def pays_amount(amount: int) -> str:
    """What a column pays the winner on the settlement row."""
    return _("pays {amount}").format(amount=amount)


def deal_label(row: SheetRow) -> Text:
    """The deal column of one row: the number, and "dead" or "extra" when it is one."""
    text = Text(str(row.deal_number), style="bold")
    if row.kind is RowKind.DEAD:
        text.append("\n" + dead_word(), style=style("italic", "game-dead"))
    elif row.kind is RowKind.EXTRA:
        text.append("\n" + extra_word(), style=style("italic", "game-link"))
    return text


def right_aligned(text: Text, width: int) -> Text:
    """Every line of ``text`` padded on the left to ``width`` cells (numbers line up)."""
    lines = text.split("\n", allow_blank=True)
    for line in lines:
        line.pad_left(max(0, width - line.cell_len))
    return Text("\n").join(lines)


def amount_words(unit: str, value: int, shown: str | None = None) -> str:
    """``value`` points or chips with the plural the language wants ("12 points", "-3 chips");
    ``shown`` is how the number is written (with its sign, say)."""
    shown = str(value) if shown is None else shown
    if unit == "chips":
        return ngettext("{amount} chip", "{amount} chips", abs(value)).format(amount=shown)
    return ngettext("{amount} point", "{amount} points", abs(value)).format(amount=shown)


def in_all(unit: str, value: int) -> str:
    """A column's total in words: "-40 chips in all"."""
    if unit == "chips":
        return ngettext("{amount} chip in all", "{amount} chips in all", abs(value)).format(
            amount=value
        )
    return ngettext("{amount} point in all", "{amount} points in all", abs(value)).format(
        amount=value
    )


def signed(value: int) -> str:
    """A deal's score with its sign (0 stays 0)."""
    return f"{value:+d}" if value else "0"


class ScoreSheetTable(DataTable[Text]):
    """The sheet of one match; read-only, with a cell cursor that names the column in full."""

    # Styled in assets/score_sheet.tcss, with the screen that shows it.

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None) -> None:
        super().__init__(
            id=id,
            cursor_type="cell",
            zebra_stripes=True,
            fixed_columns=1,
            cell_padding=1,
        )
        self.sheet = sheet
        self.shown_headings: list[str] = []
        """The column headings as drawn (shortened to the width there is)."""

    def on_mount(self) -> None:
        self.fill()

    def on_resize(self) -> None:
        """The width changed: share it out again among the headings, keeping the cursor."""
        if self._headings() != self.shown_headings:
            cursor = self.cursor_coordinate
            self.fill()
            self.move_cursor(row=cursor.row, column=cursor.column, animate=False)

    @property
    def row_height(self) -> int:
        """Lines per deal: the score and the total, and in Rummy 500 the table and hand."""
        return 3 if self.sheet.shows_table_points else 2

    def fill(self) -> None:
        """Build the columns and rows from the sheet."""
        sheet = self.sheet
        self.clear(columns=True)
        deal = deal_heading()
        self.add_column(Text(deal, style="bold"), key="deal", width=self._deal_width())
        self.shown_headings = self._headings()
        widths = self._cell_widths(self.shown_headings)
        for index, heading in enumerate(self.shown_headings):
            self.add_column(Text(heading, style="bold"), key=f"col{index}", width=widths[index])
        self.add_column(Text(pgettext("sheet column", "Note"), style="bold"), key="note")
        for position, row in enumerate(sheet.rows):
            cells = [
                right_aligned(self._cell(row, index), widths[index])
                for index in range(len(sheet.columns))
            ]
            note = Text(row.note, style="dim") if row.note else Text("")
            self.add_row(
                deal_label(row), *cells, note, height=self.row_height, key=f"deal{position}"
            )
        total_label = Text(total_word(), style="bold")
        totals = []
        for index, total in enumerate(sheet.totals):
            won = index in sheet.winners
            ink = style("bold", "game-highlight") if won else "bold"
            shown = won_total(total) if won else f"{total} "
            totals.append(Text(shown, style=ink))
        state = match_over_words() if sheet.finished else self._progress()
        totals = [right_aligned(text, width) for text, width in zip(totals, widths, strict=True)]
        self.add_row(total_label, *totals, Text(state, style="dim"), key="total")
        if sheet.settlement:
            pays = [
                Text(pays_amount(amount) + " ") for index, amount in enumerate(sheet.settlement)
            ]
            winner_total = sum(sheet.settlement)
            for index in sheet.winners:
                pays[index] = Text(f"+{winner_total} ", style=style("bold", "game-highlight"))
            self.add_row(
                Text(settle_word(), style="bold"),
                *(right_aligned(text, width) for text, width in zip(pays, widths, strict=True)),
                Text(settlement_note(), style="dim"),
                key="settlement",
            )

    def _progress(self) -> str:
        sheet = self.sheet
        if sheet.deal_in_progress is not None:
            return _("deal {number} in play").format(number=sheet.deal_in_progress)
        return _("between deals")

    def _deal_width(self) -> int:
        """The deal column: wide enough for every word written in it, never cut."""
        words = [deal_heading(), total_word(), dead_word(), extra_word()]
        if self.sheet.settlement:
            words.append(settle_word())
        return max(5, *(cell_len(word) for word in words))

    def _headings(self) -> list[str]:
        """The headings for the width there is: the screen's width, less the deal column and
        a little room for the notes, shared out among the players' columns."""
        columns = self.sheet.columns
        room = self.size.width or self.app.size.width
        padding = 2 * self.cell_padding
        share = (room - self._deal_width() - padding - NOTE_ROOM - 1) // max(1, len(columns))
        return column_headings(columns, share - padding)

    def _cell_widths(self, headings: list[str]) -> list[int]:
        sheet = self.sheet
        widths = []
        for index in range(len(sheet.columns)):
            width = cell_len(headings[index])
            for row in sheet.rows:
                cell = row.cells[index]
                width = max(width, len(signed(cell.score)) + 1, len(str(cell.total)) + 1)
                if sheet.shows_table_points:
                    width = max(width, len(f"{cell.table_points}-{cell.hand_points}") + 1)
            if sheet.settlement:
                pays = pays_amount(sheet.settlement[index])
                width = max(width, len(pays) + 1)
            total = sheet.totals[index]
            won = len(won_total(total)) if index in sheet.winners else 0
            widths.append(max(width, len(str(total)) + 4, won))
        return widths

    def _cell(self, row: SheetRow, index: int) -> Text:
        """(Rummy 500: table-hand,) the score with the went-out mark, the total; every line
        keeps one place for the mark so the digits line up once right-aligned."""
        cell = row.cells[index]
        text = Text()
        if self.sheet.shows_table_points:
            text.append(f"{cell.table_points}-{cell.hand_points} \n", style="dim")
        if row.kind is RowKind.DEAD:
            text.append("- ", style="dim")
        else:
            ink = (
                colour("game-good")
                if cell.score > 0
                else (colour("game-bad") if cell.score < 0 else "")
            )
            text.append(signed(cell.score), style=ink)
            text.append(WENT_OUT if cell.went_out else " ", style=style("bold", "game-highlight"))
        text.append(f"\n{cell.total} ", style="bold")
        return text

    def describe(self, row_key: str | None, column_key: str | None) -> Text:
        """The cell under the cursor in words: the full name, the deal, the score and the note,
        each line one whole sentence of the catalog (the name filled in, never glued on)."""
        sheet = self.sheet
        index = int(column_key[3:]) if column_key and column_key.startswith("col") else None
        name = Text()
        if index is not None:
            column = sheet.columns[index]
            name = Text(column.title, style="bold")
            if len(column.seats) > 1:
                # Translators: a column of partners: "Anna & Cid (partners)".
                name = fill(_("{names} (partners)"), names=name)
        if row_key is None:
            return name
        if row_key == "total":
            if index is None:
                return name
            total = in_all(sheet.unit, sheet.totals[index])
            if index in sheet.winners:
                return fill(_("{name}: {total}, winner of the match"), name=name, total=total)
            # Translators: a column's total on the score sheet: "Anna: 40 points in all".
            return fill(_("{name}: {total}"), name=name, total=total)
        if row_key == "settlement":
            if index is None:
                return name
            if index in sheet.winners:
                return fill(_("{name} collects the settlement"), name=name)
            amount = str(sheet.settlement[index])
            return fill(_("{name} pays the winner {amount}"), name=name, amount=amount)
        row = sheet.rows[int(row_key[4:])]
        if index is None:
            text = Text(deal_number_words(row.deal_number))
        else:
            text = self._cell_words(row, index, name)
        text.append("\n")
        text.append(row.note or row.ending_line, style="dim")
        return text

    def _cell_words(self, row: SheetRow, index: int, name: Text) -> Text:
        """One column's deal in one sentence: "Anna · deal 3: +12 points · total 50"."""
        sheet = self.sheet
        cell = row.cells[index]
        parts: dict[str, str | Text] = {
            "name": name,
            "number": str(row.deal_number),
            "total": str(cell.total),
        }
        if row.kind is RowKind.DEAD:
            return fill(_("{name} · deal {number}: no score · total {total}"), "", **parts)
        parts["score"] = amount_words(sheet.unit, cell.score, signed(cell.score))
        if sheet.shows_table_points:
            parts.update(table=str(cell.table_points), hand=str(cell.hand_points))
            if cell.went_out:
                template = _(
                    "{name} · deal {number}: {score} (table {table}, hand {hand}) · "
                    "total {total} · went out"
                )
            else:
                template = _(
                    "{name} · deal {number}: {score} (table {table}, hand {hand}) · total {total}"
                )
        elif cell.went_out:
            template = _("{name} · deal {number}: {score} · total {total} · went out")
        else:
            template = _("{name} · deal {number}: {score} · total {total}")
        return fill(template, "", **parts)
