"""The score sheet as a table (P-5): one row per deal, one column per player or partnership.

Each cell holds the deal's score and, under it, the running total; Rummy 500 cells start with
the table and hand points (R-11). The deal column stays in place while the table scrolls
sideways; dead hands (G-9) and extra deals after an exact tie (R-12) are named in it, and the
last column carries the row's note (the E-8 payment in European Rummy, a rummy, ...). Column
headings are abbreviated to fit twelve players at 80x24; the cell under the cursor is spelled
out in full under the table. Everything here is public (P-2).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

from rummy_tui.i18n import _, ngettext, pgettext
from rummy_tui.sheet import RowKind, ScoreSheet, SheetRow

NAME_WIDTH = 7
"""The widest column heading; longer names are cut with an ellipsis."""
WENT_OUT = "*"
"""The mark of the player who went out (plain ASCII, so it reads in every card setting)."""


def abbreviate(name: str, width: int = NAME_WIDTH) -> str:
    """``name`` cut to ``width`` characters with an ellipsis when it is longer."""
    name = name.strip()
    return name if len(name) <= width else name[: width - 1] + "…"


def column_heading(names: tuple[str, ...], width: int = NAME_WIDTH) -> str:
    """A column's short heading: the name, or both partners' names shortened to fit."""
    if len(names) == 1:
        return abbreviate(names[0], width)
    share = max(2, (width - len(names) + 1) // len(names))
    return "&".join(abbreviate(name, share) for name in names)


def deal_label(row: SheetRow) -> Text:
    """The deal column of one row: the number, and "dead" or "extra" when it is one."""
    text = Text(str(row.deal_number), style="bold")
    if row.kind is RowKind.DEAD:
        text.append("\n" + pgettext("sheet row", "dead"), style="italic #ff9e64")
    elif row.kind is RowKind.EXTRA:
        text.append("\n" + pgettext("sheet row", "extra"), style="italic #9ecbff")
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

    DEFAULT_CSS = """
    ScoreSheetTable {
        height: 1fr;
        scrollbar-size: 1 1;
    }
    """

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None) -> None:
        super().__init__(
            id=id,
            cursor_type="cell",
            zebra_stripes=True,
            fixed_columns=1,
            cell_padding=1,
        )
        self.sheet = sheet

    def on_mount(self) -> None:
        self.fill()

    @property
    def row_height(self) -> int:
        """Lines per deal: the score and the total, and in Rummy 500 the table and hand."""
        return 3 if self.sheet.shows_table_points else 2

    def fill(self) -> None:
        """Build the columns and rows from the sheet."""
        sheet = self.sheet
        self.clear(columns=True)
        deal = pgettext("sheet column", "Deal")
        marks = (pgettext("sheet row", "dead"), pgettext("sheet row", "extra"))
        width = max(5, *(cell_len(word) for word in (deal, *marks)))  # no mark is ever cut
        self.add_column(Text(deal, style="bold"), key="deal", width=width)
        widths = self._cell_widths()
        for index, column in enumerate(sheet.columns):
            self.add_column(
                Text(column_heading(column.names), style="bold"),
                key=f"col{index}",
                width=widths[index],
            )
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
        total_label = Text(pgettext("sheet row", "Total"), style="bold")
        totals = []
        for index, total in enumerate(sheet.totals):
            won = index in sheet.winners
            style = "bold #ffd54f" if won else "bold"
            shown = _("{total} won").format(total=total) if won else f"{total} "
            totals.append(Text(shown, style=style))
        state = _("match over") if sheet.finished else self._progress()
        totals = [right_aligned(text, width) for text, width in zip(totals, widths, strict=True)]
        self.add_row(total_label, *totals, Text(state, style="dim"), key="total")
        if sheet.settlement:
            pays = [
                Text(_("pays {amount}").format(amount=amount) + " ")
                for index, amount in enumerate(sheet.settlement)
            ]
            winner_total = sum(sheet.settlement)
            for index in sheet.winners:
                pays[index] = Text(f"+{winner_total} ", style="bold #ffd54f")
            self.add_row(
                Text(pgettext("sheet row", "Settle"), style="bold"),
                *(right_aligned(text, width) for text, width in zip(pays, widths, strict=True)),
                Text(_("each pays the winner the difference (R-12)"), style="dim"),
                key="settlement",
            )

    def _progress(self) -> str:
        sheet = self.sheet
        if sheet.deal_in_progress is not None:
            return _("deal {number} in play").format(number=sheet.deal_in_progress)
        return _("between deals")

    def _cell_widths(self) -> list[int]:
        sheet = self.sheet
        widths = []
        for index, column in enumerate(sheet.columns):
            width = len(column_heading(column.names))
            for row in sheet.rows:
                cell = row.cells[index]
                width = max(width, len(signed(cell.score)) + 1, len(str(cell.total)) + 1)
                if sheet.shows_table_points:
                    width = max(width, len(f"{cell.table_points}-{cell.hand_points}") + 1)
            if sheet.settlement:
                pays = _("pays {amount}").format(amount=sheet.settlement[index])
                width = max(width, len(pays) + 1)
            total = sheet.totals[index]
            won = len(_("{total} won").format(total=total)) if index in sheet.winners else 0
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
            style = "#7cd67c" if cell.score > 0 else ("#ff7b7b" if cell.score < 0 else "")
            text.append(signed(cell.score), style=style)
            text.append(WENT_OUT if cell.went_out else " ", style="bold #ffd54f")
        text.append(f"\n{cell.total} ", style="bold")
        return text

    def describe(self, row_key: str | None, column_key: str | None) -> Text:
        """The cell under the cursor in words: the full name, the deal, the score and the note."""
        sheet = self.sheet
        text = Text()
        index = int(column_key[3:]) if column_key and column_key.startswith("col") else None
        if index is not None:
            column = sheet.columns[index]
            text.append(column.title, style="bold")
            if len(column.seats) > 1:
                text.append(" " + _("(partners)"), style="dim")
        if row_key is None:
            return text
        if row_key == "total":
            if index is not None:
                text.append(": " + in_all(sheet.unit, sheet.totals[index]))
                if index in sheet.winners:
                    text.append(", " + _("won the match"), style="bold #ffd54f")
            return text
        if row_key == "settlement":
            if index is not None:
                amount = sheet.settlement[index]
                text.append(
                    ": " + _("collects the settlement")
                    if index in sheet.winners
                    else ": " + _("pays the winner {amount}").format(amount=amount)
                )
            return text
        row = sheet.rows[int(row_key[4:])]
        if index is not None:
            cell = row.cells[index]
            text.append(" · " + _("deal {number}").format(number=row.deal_number) + ": ")
            if row.kind is RowKind.DEAD:
                text.append(_("no score"))
            else:
                text.append(amount_words(sheet.unit, cell.score, signed(cell.score)))
                if sheet.shows_table_points:
                    text.append(
                        " "
                        + _("(table {table}, hand {hand})").format(
                            table=cell.table_points, hand=cell.hand_points
                        )
                    )
            text.append(" · " + _("total {total}").format(total=cell.total))
            if cell.went_out:
                text.append(" · " + _("went out"), style="bold #ffd54f")
        else:
            text.append(_("Deal {number}").format(number=row.deal_number))
        text.append("\n")
        text.append(row.note or row.ending_line, style="dim")
        return text
