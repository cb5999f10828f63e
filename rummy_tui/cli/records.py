"""``rummy sheet`` and ``rummy stats``: the score sheet of a saved match and the players' records,
printed as Rich tables (or the sheet as CSV) for people who keep their own books."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.i18n.labels import DEAL, NOTE, PAYS, PLAYERS, TOTAL, VARIANT
from rummy_tui.i18n.outside_text import plain, say, terminal
from rummy_tui.i18n.record_words import (
    DEALS,
    DEALS_WON,
    FINISHED,
    LAST_MATCHES,
    MATCHES,
    PLAYER,
    STREAK,
    WINNER,
    WON,
)

if TYPE_CHECKING:  # imported when a command runs, so plain ``rummy`` starts as fast as before
    from rich.table import Table

    from rummy_tui.match.sheet import ScoreSheet
    from rummy_tui.records import MatchSummary, PlayerRecord, Records

COMMANDS = ("sheet", "stats")
SAVE_NAME_HELP = N_("the saved match's name (see the Load screen)")
"""The help of a command's NAME of a saved match (``rummy sheet``, ``rummy replay``)."""
"""The subcommands this module runs."""


def add_commands(commands: Any) -> None:
    """Add ``sheet`` and ``stats`` to the ``rummy`` parser's subcommands."""
    sheet = commands.add_parser("sheet", help=_("print the score sheet of a saved match"))
    sheet.add_argument("name", help=_(SAVE_NAME_HELP))
    sheet.add_argument(
        "--csv",
        nargs="?",
        const="-",
        default=None,
        metavar="FILE",
        help=_("write the sheet as CSV instead, to FILE (default: the terminal)"),
    )
    stats = commands.add_parser("stats", help=_("print the players' records"))
    stats.add_argument("--player", default=None, help=_("one player's record (any case)"))
    stats.add_argument("--variant", default=None, help=_("only this variant's matches"))


def run_command(args: argparse.Namespace) -> int:
    """Run ``rummy sheet`` or ``rummy stats``; return the exit status."""
    if args.command == "sheet":
        return _sheet(args)
    return _stats(args)


def _fail(message: str, status: int = 1) -> int:
    say(f"rummy: {message}", file=sys.stderr)
    return status


# ---------------------------------------------------------------------------- sheet


def _sheet(args: argparse.Namespace) -> int:
    from rummy_tui.match.sheet import score_sheet
    from rummy_tui.persistence import SaveError, SaveStore

    try:
        _name, game, _extra = SaveStore(args.data_dir).peek(args.name)
    except SaveError as error:
        return _fail(str(error))
    sheet = score_sheet(game)
    if args.csv is None:
        terminal().print(sheet_table(sheet, title=f"{sheet.variant}: {args.name}"))
        return 0
    text = sheet.to_csv()
    if args.csv == "-":
        sys.stdout.write(text)
        return 0
    try:
        Path(args.csv).write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        return _fail(
            _("the sheet could not be written to {file}: {reason}.").format(
                file=args.csv, reason=error.strerror or error
            )
        )
    say(_("Wrote the score sheet of {name} to {file}.").format(name=repr(args.name), file=args.csv))
    return 0


def sheet_table(sheet: ScoreSheet, title: str = "") -> Table:
    """The score sheet as a Rich table: each deal's score above the running total. Print it
    on :func:`rummy_tui.i18n.outside_text.terminal`, which shows the names as plain text."""
    from rich.table import Table
    from rich.text import Text

    from rummy_tui.match.sheet import RowKind, settlement_note

    table = Table(title=title or sheet.variant, show_lines=True)
    table.add_column(_(DEAL), justify="right")
    for column in sheet.columns:
        table.add_column(column.title, justify="right")
    table.add_column(_(NOTE))
    for row in sheet.rows:
        cells: list[Text] = []
        for index, cell in enumerate(row.cells):
            if row.kind is RowKind.DEAD:
                cells.append(Text("\n").join([Text("-"), Text(str(cell.total), style="dim")]))
                continue
            mark = "*" if row.winner == index else ""
            lines = [Text(f"{cell.score:+d}{mark}")]
            if sheet.shows_table_points:
                lines.append(Text(f"{cell.table_points} - {cell.hand_points}", style="dim"))
            lines.append(Text(str(cell.total), style="bold"))
            cells.append(Text("\n").join(lines))
        table.add_row(str(row.deal_number), *cells, plain(row.note))
    if sheet.deal_in_progress is not None:
        blanks = [""] * len(sheet.columns)
        table.add_row(str(sheet.deal_in_progress), *blanks, _("being played"))
    winners = " & ".join(sheet.columns[index].title for index in sheet.winners)
    table.add_row(
        _(TOTAL),
        *(Text(str(total), style="bold") for total in sheet.totals),
        _("{unit}; winner: {winners}").format(unit=sheet.unit, winners=winners)
        if sheet.finished
        else sheet.unit,
    )
    if sheet.settlement:
        table.add_row(
            _(PAYS),
            *(str(amount) if amount else "" for amount in sheet.settlement),
            settlement_note(),
        )
    table.caption = (
        _("* went out; table - hand points under each score")
        if sheet.shows_table_points
        else _("* went out")
    )
    return table


# ---------------------------------------------------------------------------- stats


def _stats(args: argparse.Namespace) -> int:
    from rummy_tui.match.setup import variant_refusal
    from rummy_tui.records import Records

    variant = args.variant
    refusal = None if variant is None else variant_refusal(variant)
    if refusal is not None:
        return _fail(refusal, status=2)
    records = Records(args.data_dir)
    console = terminal()
    if args.player is not None:
        record = records.player(args.player)
        if record is None:
            return _off(records) or _fail(
                _("no finished match is recorded for {player}.").format(player=repr(args.player))
            )
        console.print(player_table(record, variant))
        console.print(results_line(records, record.name, variant))
        return _off(records)
    players = records.players(variant)
    matches = records.recent_matches(variant)
    if _off(records):
        return 1
    if not players:
        if variant:
            text = _("No finished match of {variant} is recorded yet ({path}).")
        else:
            text = _("No finished match is recorded yet ({path}).")
        say(text.format(variant=variant, path=records.path))
        return 0
    console.print(players_table(players, variant))
    console.print(matches_table(matches, variant))
    from rummy_tui.i18n.replay_words import reruns_heading  # its words load the core

    reruns = records.recent_matches(variant, reruns=True)
    if reruns:
        console.print(matches_table(reruns, variant, title=reruns_heading()))
    return 0


def _off(records: Records) -> int:
    notice = records.take_notice()
    if notice is None:
        return 0
    return _fail(notice)


def players_table(players: list[PlayerRecord], variant: str | None) -> Table:
    """Every player's matches, wins, deals won and longest winning streak."""
    from rich.table import Table

    title = _("Players ({variant})").format(variant=variant) if variant else _(PLAYERS)
    table = Table(title=title)
    for heading in (PLAYER, MATCHES, WON, DEALS_WON, N_("Best streak")):
        table.add_column(_(heading), justify="left" if heading == PLAYER else "right")
    ranked = sorted(players, key=lambda record: (-_won(record, variant), record.name.casefold()))
    for record in ranked:
        rows = [v for v in record.variants if variant is None or v.variant_id == variant]
        streak = rows[0].longest_streak if variant and rows else record.longest_streak
        table.add_row(
            record.name,
            str(sum(v.matches_played for v in rows)),
            str(sum(v.matches_won for v in rows)),
            str(sum(v.deals_won for v in rows)),
            str(streak),
        )
    return table


def _won(record: PlayerRecord, variant: str | None) -> int:
    return sum(v.matches_won for v in record.variants if variant is None or v.variant_id == variant)


def player_table(record: PlayerRecord, variant: str | None = None) -> Table:
    """One player's record per variant."""
    from rich.table import Table

    table = Table(
        title=ngettext(
            "{name}: {won} of {played} match won, longest winning streak {streak}",
            "{name}: {won} of {played} matches won, longest winning streak {streak}",
            record.matches_played,
        ).format(
            name=record.name,
            won=record.matches_won,
            played=record.matches_played,
            streak=record.longest_streak,
        )
    )
    headings = (
        VARIANT,
        MATCHES,
        WON,
        DEALS,
        DEALS_WON,
        N_("Best deal"),
        N_("Average"),
        STREAK,
    )
    for heading in headings:
        table.add_column(
            _(heading),
            justify="left" if heading == VARIANT else "right",
            no_wrap=heading == "Variant",
        )
    for row in record.variants:
        if variant is not None and row.variant_id != variant:
            continue
        average = "" if row.average_per_deal is None else f"{row.average_per_deal:.1f}"
        table.add_row(
            row.variant,
            str(row.matches_played),
            str(row.matches_won),
            str(row.deals_played),
            str(row.deals_won),
            "" if row.best_deal is None else f"{row.best_deal} {row.unit}",
            average,
            str(row.longest_streak),
        )
    return table


def results_line(records: Records, name: str, variant: str | None) -> str:
    """The player's last results, oldest first: W for a win, . for a loss."""
    results = [
        result
        for result in records.recent_results(name)
        if variant is None or result.variant_id == variant
    ]
    marks = "".join("W" if result.won else "." for result in results)
    if not results:
        return ""
    return ngettext(
        "Last {n} result (oldest first): {marks}",
        "Last {n} results (oldest first): {marks}",
        len(results),
    ).format(n=len(results), marks=marks)


def matches_table(
    matches: list[MatchSummary], variant: str | None, title: str | None = None
) -> Table:
    """The last matches, newest first (under ``title``, if given)."""
    from rich.table import Table

    from rummy_tui.match.setup import seat_with_level

    if title is None:
        title = (
            _("Last matches of {variant}").format(variant=variant) if variant else _(LAST_MATCHES)
        )
    table = Table(title=title)
    for heading in (FINISHED, VARIANT, PLAYERS, DEALS, WINNER):
        table.add_column(_(heading), justify="right" if heading == DEALS else "left")
    for match in matches:
        players = ", ".join(seat_with_level(seat.name, seat.kind) for seat in match.seats)
        table.add_row(
            match.finished_at.astimezone().strftime("%Y-%m-%d %H:%M"),
            match.variant,
            players,
            str(match.deals),
            " & ".join(match.winners),
        )
    return table
