"""What the records say: writing a finished match and the questions the Records screen asks.

Every function takes an open connection (see :mod:`rummy_tui.records.db`) and returns plain
frozen dataclasses. Players are found by :func:`~rummy_tui.records.db.name_key`, so "Anna",
" anna " and "ANNA" are one player.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime

from rummy_tui.core import Game
from rummy_tui.match.setup import MatchSetup, SeatKind
from rummy_tui.match.sheet import RowKind, score_sheet
from rummy_tui.records.db import name_key

RECENT = 20
"""How many matches or results the "last matches" questions return."""


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a recorded match."""

    name: str
    kind: str
    """``human``, or the computer level: ``easy``, ``normal``, ``hard``."""
    final_score: int
    won: bool


@dataclass(frozen=True)
class MatchSummary:
    """One recorded match."""

    finished_at: datetime
    variant_id: str
    variant: str
    unit: str
    """``points`` or ``chips``."""
    options: dict[str, object]
    """The table options the match was played with."""
    deals: int
    """Deals played, dead hands included."""
    seats: tuple[SeatRecord, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners' names."""
        return tuple(seat.name for seat in self.seats if seat.won)


@dataclass(frozen=True)
class VariantRecord:
    """One player's record in one variant."""

    variant_id: str
    variant: str
    unit: str
    matches_played: int
    matches_won: int
    deals_played: int
    """Scored deals (dead hands left out)."""
    deals_won: int
    """Deals the player (or the partnership) won by going out."""
    best_deal: int | None
    """The highest score of one deal."""
    average_per_deal: float | None
    """The mean score per scored deal."""
    longest_streak: int
    """The most matches of this variant won in a row."""


@dataclass(frozen=True)
class PlayerRecord:
    """One player's whole record."""

    name: str
    """The name as last typed."""
    matches_played: int
    matches_won: int
    longest_streak: int
    """The most matches won in a row, whatever the variant."""
    variants: tuple[VariantRecord, ...]
    """Per variant, in the order first played."""


@dataclass(frozen=True)
class PlayerResult:
    """One match from one player's point of view (for a sparkline of recent form)."""

    finished_at: datetime
    variant_id: str
    unit: str
    final_score: int
    won: bool


def match_key(game: Game) -> str:
    """What identifies a match: a hash of its rules, seats, seed and whole log."""
    state = game.state
    digest = hashlib.sha256()
    digest.update(state.rules.model_dump_json().encode())
    digest.update(json.dumps([state.players, state.seed, state.first_dealer]).encode())
    for record in state.log:
        digest.update(record.action.model_dump_json().encode())
    return digest.hexdigest()


def table_options(setup: MatchSetup) -> dict[str, object]:
    """The options a match was played with: the variant's table options and the match's."""
    rules = setup.rules
    options: dict[str, object] = rules.model_dump(mode="json", include=set(rules.option_fields()))
    options["hints"] = setup.hints
    options["take_backs"] = setup.take_backs
    return options


def person_or_level(kind: SeatKind) -> str:
    """A seat's kind as the records keep it: ``human`` for every person (at the shared
    keyboard or on a screen of their own), else the computer's level."""
    return kind.value if kind.is_bot else SeatKind.HUMAN.value


def insert_match(
    connection: sqlite3.Connection, setup: MatchSetup, game: Game, finished_at: datetime
) -> bool:
    """Write a finished match; False when it is already recorded (nothing is written twice)."""
    state = game.state
    sheet = score_sheet(game)
    team_of_seat = {
        seat: index for index, column in enumerate(sheet.columns) for seat in column.seats
    }
    with connection:
        connection.execute("BEGIN IMMEDIATE")
        cursor = connection.execute(
            "INSERT OR IGNORE INTO matches (match_key, finished_at, variant_id, variant, unit, "
            "options, deals, rerun_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_key(game),
                finished_at.isoformat(),
                state.rules.variant_id,
                state.rules.name,
                sheet.unit,
                json.dumps(table_options(setup), sort_keys=True),
                len(state.results),
                setup.rerun_of,
            ),
        )
        if cursor.rowcount == 0:
            return False
        match_id = cursor.lastrowid
        connection.executemany(
            "INSERT INTO match_players (match_id, seat, name, name_key, kind, team, "
            "final_score, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match_id,
                    seat,
                    name,
                    name_key(name),
                    person_or_level(setup.seats[seat].kind),
                    team_of_seat[seat],
                    state.scores[seat],
                    int(seat in state.winners),
                )
                for seat, name in enumerate(state.players)
            ],
        )
        rows = []
        for row in sheet.rows:
            for index, column in enumerate(sheet.columns):
                cell = row.cells[index]
                for seat in column.seats:
                    won_deal = int(row.winner == index)
                    dead = int(row.kind is RowKind.DEAD)
                    rows.append((match_id, row.deal_number, seat, cell.score, dead, won_deal))
        connection.executemany(
            "INSERT INTO deal_scores (match_id, deal_number, seat, score, dead, won_deal) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
    return True


def _longest_streak(wins: list[bool]) -> int:
    best = current = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return best


def player_record(connection: sqlite3.Connection, name: str) -> PlayerRecord | None:
    """A player's record, or None when the name has never finished a match."""
    key = name_key(name)
    played = connection.execute(
        "SELECT m.variant_id, m.variant, m.unit, p.won, p.name FROM match_players p "
        "JOIN matches m ON m.id = p.match_id WHERE p.name_key = ? AND m.rerun_of IS NULL "
        "ORDER BY m.finished_at, m.id",
        (key,),
    ).fetchall()
    if not played:
        return None
    deals = {
        row[0]: row[1:]
        for row in connection.execute(
            "SELECT m.variant_id, COUNT(*), SUM(d.won_deal), MAX(d.score), AVG(d.score) "
            "FROM deal_scores d JOIN match_players p "
            "ON p.match_id = d.match_id AND p.seat = d.seat "
            "JOIN matches m ON m.id = d.match_id "
            "WHERE p.name_key = ? AND d.dead = 0 AND m.rerun_of IS NULL GROUP BY m.variant_id",
            (key,),
        )
    }
    order: list[str] = []
    by_variant: dict[str, list[tuple[str, str, str, int, str]]] = {}
    for row in played:
        if row[0] not in by_variant:
            order.append(row[0])
            by_variant[row[0]] = []
        by_variant[row[0]].append(row)
    variants = []
    for variant_id in order:
        rows = by_variant[variant_id]
        count, won_deals, best, average = deals.get(variant_id, (0, 0, None, None))
        variants.append(
            VariantRecord(
                variant_id=variant_id,
                variant=rows[-1][1],
                unit=rows[-1][2],
                matches_played=len(rows),
                matches_won=sum(bool(row[3]) for row in rows),
                deals_played=int(count),
                deals_won=int(won_deals or 0),
                best_deal=None if best is None else int(best),
                average_per_deal=None if average is None else float(average),
                longest_streak=_longest_streak([bool(row[3]) for row in rows]),
            )
        )
    return PlayerRecord(
        name=played[-1][4],
        matches_played=len(played),
        matches_won=sum(bool(row[3]) for row in played),
        longest_streak=_longest_streak([bool(row[3]) for row in played]),
        variants=tuple(variants),
    )


def player_names(connection: sqlite3.Connection, variant_id: str | None = None) -> list[str]:
    """Every recorded player (as last typed), by name; only those of a variant if given."""
    where = "WHERE m.rerun_of IS NULL" + (" AND m.variant_id = ?" if variant_id else "")
    rows = connection.execute(
        "SELECT p.name_key, p.name FROM match_players p JOIN matches m ON m.id = p.match_id "
        f"{where} ORDER BY m.finished_at, m.id",
        (variant_id,) if variant_id else (),
    ).fetchall()
    latest = {key: name for key, name in rows}
    return sorted(latest.values(), key=str.casefold)


def recent_matches(
    connection: sqlite3.Connection,
    variant_id: str | None = None,
    limit: int = RECENT,
    reruns: bool = False,
) -> list[MatchSummary]:
    """The last ``limit`` ordinary matches (of one variant, if given), newest first; with
    ``reruns``, the matches that played a deal again instead (kept apart from the others)."""
    where = "WHERE rerun_of IS NOT NULL" if reruns else "WHERE rerun_of IS NULL"
    where += " AND variant_id = ?" if variant_id else ""
    matches = connection.execute(
        "SELECT id, finished_at, variant_id, variant, unit, options, deals FROM matches "
        f"{where} ORDER BY finished_at DESC, id DESC LIMIT ?",
        (variant_id, limit) if variant_id else (limit,),
    ).fetchall()
    summaries = []
    for match_id, finished_at, vid, variant, unit, options, deals in matches:
        seats = tuple(
            SeatRecord(name=name, kind=kind, final_score=score, won=bool(won))
            for name, kind, score, won in connection.execute(
                "SELECT name, kind, final_score, won FROM match_players WHERE match_id = ? "
                "ORDER BY seat",
                (match_id,),
            )
        )
        summaries.append(
            MatchSummary(
                finished_at=datetime.fromisoformat(finished_at),
                variant_id=vid,
                variant=variant,
                unit=unit,
                options=json.loads(options),
                deals=deals,
                seats=seats,
            )
        )
    return summaries


def recent_results(
    connection: sqlite3.Connection, name: str, limit: int = RECENT
) -> list[PlayerResult]:
    """A player's last ``limit`` results, oldest first (ready for a sparkline)."""
    rows = connection.execute(
        "SELECT m.finished_at, m.variant_id, m.unit, p.final_score, p.won "
        "FROM match_players p JOIN matches m ON m.id = p.match_id WHERE p.name_key = ? "
        "AND m.rerun_of IS NULL ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
        (name_key(name), limit),
    ).fetchall()
    return [
        PlayerResult(
            finished_at=datetime.fromisoformat(finished_at),
            variant_id=variant_id,
            unit=unit,
            final_score=score,
            won=bool(won),
        )
        for finished_at, variant_id, unit, score, won in reversed(rows)
    ]
