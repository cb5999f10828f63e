"""The score sheet of a match (P-5): one row per deal, one column per player or partnership.

Built from the game alone (a match in progress, a finished one or one loaded from a save), so
the table screen, the end-of-match screen, ``rummy sheet`` and the records all read the same
sheet. Everything on it is public (P-2)::

    sheet = score_sheet(game)
    for row in sheet.rows:
        row.deal_number, row.kind, [cell.score for cell in row.cells], [cell.total ...]
    sheet.winners, sheet.settlement

Rows are marked: a dead hand (G-9) scores nothing and the same dealer deals again; an extra
deal is one played only because the leaders were exactly tied above the target (R-12).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from enum import StrEnum

from rummy_tui.core import Game, GameState
from rummy_tui.core.deal_terms import deal_terms
from rummy_tui.core.scoring import match_winners, team_of
from rummy_tui.core.state import ChipPayment, DealEnding, DealResult
from rummy_tui.i18n import _
from rummy_tui.i18n.deal_words import ending_words, payment_words


def match_over_words() -> str:
    """The note of the totals row once the match is over (on the screen and in the CSV)."""
    return _("match over")


def settlement_note() -> str:
    """The note of the settlement row (R-12): on the screen, in the CSV and in the terminal."""
    return _("each pays the winner the difference (R-12)")


class RowKind(StrEnum):
    """What kind of deal a row records."""

    SCORED = "scored"
    """An ordinary deal."""
    DEAD = "dead"
    """A dead hand (G-9): no score, the same dealer deals again."""
    EXTRA = "extra"
    """A deal played because the leaders were exactly tied above the target (R-12)."""


@dataclass(frozen=True)
class SheetColumn:
    """One column: a player, or two partners who share a score (R-13)."""

    seats: tuple[int, ...]
    """The seats that share this column."""
    names: tuple[str, ...]
    """Their names, by seat."""

    @property
    def title(self) -> str:
        """The column heading: the name, or both partners' names."""
        return " & ".join(self.names)


@dataclass(frozen=True)
class SheetCell:
    """One column's entry for one deal."""

    score: int
    """The change to the column's score in this deal (points or chips)."""
    total: int
    """The running total after this deal."""
    table_points: int = 0
    """Rummy 500: what the column's cards on the table scored (R-11)."""
    hand_points: int = 0
    """What the cards left in hand cost (Rummy 500: subtracted; others: paid)."""
    went_out: bool = False
    """Whether this column's player went out in this deal."""


@dataclass(frozen=True)
class SheetRow:
    """One deal."""

    deal_number: int
    """The deal's number in the match (a dead hand dealt again takes the next number)."""
    kind: RowKind
    cells: tuple[SheetCell, ...]
    """One per column, in column order."""
    winner: int | None
    """The column that went out, or None (dead hand, Rummy 500 stock ran out)."""
    rummy: bool = False
    """The winner went out in one turn: the losers paid double (C-5)."""
    ending: DealEnding | None = None
    """How the deal ended, as data."""
    ending_name: str = ""
    """The name of the player the ending is about."""
    payment: ChipPayment | None = None
    """European Rummy: the rule of E-8 that set the payment, as data."""

    @property
    def ending_line(self) -> str:
        """How the deal ended, in the player's language."""
        return ending_words(self.ending, self.ending_name)

    @property
    def note(self) -> str:
        """A short public remark for the row: dead hand, extra deal, rummy, the E-8 rule."""
        parts = []
        if self.kind is RowKind.DEAD:
            parts.append(_("dead hand, no score (G-9)"))
        if self.kind is RowKind.EXTRA:
            parts.append(_("extra deal after an exact tie (R-12)"))
        if self.rummy:
            parts.append(_("rummy: losers paid double (C-5)"))
        if self.payment is not None:
            parts.append(_("E-8: {payment}").format(payment=payment_words(self.payment)))
        return "; ".join(parts)


@dataclass(frozen=True)
class ScoreSheet:
    """The whole sheet of a match."""

    variant_id: str
    variant: str
    """The variant's name."""
    unit: str
    """"points" or "chips"."""
    shows_table_points: bool
    """Rummy 500: cells show table and hand points (R-11)."""
    columns: tuple[SheetColumn, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    """The current total of each column."""
    target_score: int | None
    """The score that ends the match, if any."""
    deal_limit: int | None
    """The number of scored deals that ends the match, if any."""
    finished: bool
    """Whether the match is over."""
    winners: tuple[int, ...]
    """The winning columns once the match is over."""
    settlement: tuple[int, ...]
    """Rummy 500, when finished: what each column pays the winner (R-12); else empty."""
    deal_in_progress: int | None
    """The number of the deal being played, or None between deals and after the match."""

    def standings(self) -> list[int]:
        """Column indexes from the highest total down (ties keep seat order)."""
        return sorted(range(len(self.columns)), key=lambda index: -self.totals[index])

    def to_csv(self) -> str:
        """The sheet as CSV: a header, one line per deal (score and running total per column,
        Rummy 500 also table and hand points), the totals, and the settlement if any."""
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        header = ["deal", "kind"]
        for column in self.columns:
            header += [f"{column.title} score", f"{column.title} total"]
            if self.shows_table_points:
                header += [f"{column.title} table", f"{column.title} hand"]
        writer.writerow([*header, "winner", "note"])
        for row in self.rows:
            line: list[object] = [row.deal_number, row.kind.value]
            for cell in row.cells:
                line += [cell.score, cell.total]
                if self.shows_table_points:
                    line += [cell.table_points, cell.hand_points]
            winner = "" if row.winner is None else self.columns[row.winner].title
            writer.writerow([*line, winner, row.note])
        width = 4 if self.shows_table_points else 2
        totals: list[object] = ["total", ""]
        for total in self.totals:
            totals += [total, total] + [""] * (width - 2)
        winners = " & ".join(self.columns[index].title for index in self.winners)
        writer.writerow(
            [*totals, winners, match_over_words() if self.finished else _("in progress")]
        )
        if self.settlement:
            pays: list[object] = ["settlement", ""]
            for amount in self.settlement:
                pays += [amount, ""] + [""] * (width - 2)
            writer.writerow([*pays, winners, settlement_note()])
        return buffer.getvalue()


def sheet_columns(state: GameState) -> tuple[SheetColumn, ...]:
    """The sheet's columns: one per seat, or one per partnership (R-13)."""
    players = len(state.players)
    columns: list[SheetColumn] = []
    seen: set[int] = set()
    for seat in range(players):
        if seat in seen:
            continue
        team = team_of(state.rules, seat, players)
        seen.update(team)
        columns.append(
            SheetColumn(seats=team, names=tuple(state.players[member] for member in team))
        )
    return tuple(columns)


def score_sheet(game: Game) -> ScoreSheet:
    """The score sheet of ``game`` as it stands (P-5)."""
    state = game.state
    rules = state.rules
    columns = sheet_columns(state)
    column_of = {seat: index for index, column in enumerate(columns) for seat in column.seats}
    totals = [0] * len(state.players)
    deals_scored = 0
    tie_pending = False
    rows: list[SheetRow] = []
    for result in state.results:
        if result.dead:
            kind = RowKind.DEAD
        else:
            kind = RowKind.EXTRA if tie_pending else RowKind.SCORED
            for seat, change in enumerate(result.changes):
                totals[seat] += change
            deals_scored += 1
            tie_pending = _exact_tie_above_target(state, totals, deals_scored)
        rows.append(_row(result, kind, columns, column_of, totals, state.players))
    over = game.is_over
    deal = state.deal
    terms = deal_terms(rules, len(state.players))
    return ScoreSheet(
        variant_id=rules.variant_id,
        variant=rules.name,
        unit=terms.unit,
        shows_table_points=terms.table_points_shown,
        columns=columns,
        rows=tuple(rows),
        totals=tuple(state.scores[column.seats[0]] for column in columns),
        target_score=rules.target_score,
        deal_limit=rules.deal_limit,
        finished=over,
        winners=tuple(sorted({column_of[seat] for seat in state.winners})),
        settlement=(
            tuple(state.settlement[column.seats[0]] for column in columns)
            if state.settlement
            else ()
        ),
        deal_in_progress=deal.deal_number if deal.result is None and not over else None,
    )


def _exact_tie_above_target(state: GameState, totals: list[int], deals_scored: int) -> bool:
    """Whether, at these totals, the target was passed but a tie plays another deal (R-12)."""
    target = state.rules.target_score
    if target is None or max(totals) < target:
        return False
    probe = state.model_copy(update={"scores": list(totals), "deals_scored": deals_scored})
    return not match_winners(probe)


def _row(
    result: DealResult,
    kind: RowKind,
    columns: tuple[SheetColumn, ...],
    column_of: dict[int, int],
    totals: list[int],
    players: list[str],
) -> SheetRow:
    lines = {line.seat: line for line in result.lines}
    cells = []
    for column in columns:
        first = column.seats[0]
        score = result.changes[first] if result.changes else 0
        cells.append(
            SheetCell(
                score=score,
                total=totals[first],
                table_points=sum(
                    lines[seat].table_points for seat in column.seats if seat in lines
                ),
                hand_points=sum(lines[seat].hand_points for seat in column.seats if seat in lines),
                went_out=result.winner in column.seats,
            )
        )
    return SheetRow(
        deal_number=result.deal_number,
        kind=kind,
        cells=tuple(cells),
        winner=None if result.winner is None else column_of[result.winner],
        rummy=result.rummy,
        ending=result.ending,
        ending_name=(
            players[result.ending.seat]
            if result.ending is not None and result.ending.seat is not None
            else ""
        ),
        payment=result.payment,
    )
