"""SavedMatchInfo: one entry of the Load screen."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rummy_tui.i18n import _
from rummy_tui.persistence.format import SaveHeader
from rummy_tui.persistence.names import SAVE_SUFFIX

EARLIEST = datetime(1970, 1, 2, tzinfo=UTC)
"""No save was written before this: an earlier date in a file is not believed."""
FUTURE_TOLERANCE = timedelta(minutes=10)
"""How far past the clock a save's date may be (another computer's clock running a little
fast) and still be believed; a later date is not."""


def known_moment(moment: datetime, now: datetime | None = None) -> datetime | None:
    """A date read from a file, in UTC, when it can be when a save was written; None when it
    cannot: outside the calendar once in UTC (year 1 at +14:00), before :data:`EARLIEST`
    or later than ``now`` (the clock) by more than :data:`FUTURE_TOLERANCE`. Dates from files
    are data: an unknown one is shown as "unknown date", listed last and never makes its
    save the one Continue picks over the others."""
    try:
        aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
        utc = aware.astimezone(UTC)
    except (OverflowError, OSError, ValueError):
        return None
    if utc < EARLIEST or utc > (now or datetime.now(UTC)) + FUTURE_TOLERANCE:
        return None
    return utc


def file_moment(timestamp: float) -> datetime | None:
    """A file's modification time as a believable date (see :func:`known_moment`), or None."""
    try:
        return known_moment(datetime.fromtimestamp(timestamp, UTC))
    except (OverflowError, OSError, ValueError):
        return None


def newest_first(infos: list[SavedMatchInfo]) -> list[SavedMatchInfo]:
    """Saves by their last-played date, newest first, those of unknown date last (each group
    in name order)."""
    ordered = sorted(infos, key=lambda info: info.name)
    return sorted(
        ordered,
        key=lambda info: (info.last_played is not None, info.last_played or EARLIEST),
        reverse=True,
    )


@dataclass(frozen=True)
class SavedMatchInfo:
    """One entry of the Load screen."""

    name: str
    """The save's name (its file is ``NAME.json``)."""
    variant: str
    """The variant's name, e.g. "European Rummy" (empty for a damaged file)."""
    players: tuple[str, ...]
    """The players' names by seat."""
    deal_number: int
    """The deal in progress, or the last one played."""
    scores: tuple[int, ...]
    """Running totals by seat."""
    last_played: datetime | None
    """When the match was last saved (UTC; the file's time for a damaged file); None when the
    date cannot be believed (see :func:`known_moment`)."""
    finished: bool
    """Whether the match is over (its final standings stay readable)."""
    damaged: str | None = None
    """Why the file cannot be loaded, or None for a good save."""
    variant_id: str = ""
    """The variant's stable id."""
    winners: tuple[int, ...] = ()
    """The winning seats of a finished match."""
    current: int | None = None
    """The seat to act."""
    turn_number: int = 0
    """The turn within the deal."""
    seat_kinds: tuple[str, ...] = ()
    """human, easy, normal or hard, by seat."""
    app_version: str = ""
    """The rummy_tui version that wrote the file."""
    has_backup: bool = False
    """Whether ``NAME.json.bak`` exists (see :meth:`SaveStore.restore_backup`)."""
    path: Path | None = None
    """The file."""

    @property
    def variant_name(self) -> str:
        """The variant's name (same as :attr:`variant`)."""
        return self.variant

    @property
    def to_play(self) -> str | None:
        """The name of the player to act, or None for a finished or damaged match."""
        if self.finished or self.damaged or self.current is None:
            return None
        if 0 <= self.current < len(self.players):
            return self.players[self.current]
        return None


def header_info(name: str, path: Path, header: SaveHeader, has_backup: bool) -> SavedMatchInfo:
    """The entry of a good save."""
    summary = header.summary
    return SavedMatchInfo(
        name=name,
        variant=summary.variant,
        players=summary.players,
        deal_number=summary.deal_number,
        scores=summary.scores,
        last_played=known_moment(header.saved_at),
        finished=summary.finished,
        variant_id=summary.variant_id,
        winners=summary.winners,
        current=summary.current,
        turn_number=summary.turn_number,
        seat_kinds=tuple(seat.kind.value for seat in header.setup.seats),
        app_version=header.app_version,
        has_backup=has_backup,
        path=path,
    )


def damaged_info(
    name: str, path: Path, reason: str, modified: float, has_backup: bool
) -> SavedMatchInfo:
    """The entry of a file that cannot be loaded, dated by the file's modification time."""
    return SavedMatchInfo(
        name=name,
        variant="",
        players=(),
        deal_number=0,
        scores=(),
        last_played=file_moment(modified),
        finished=False,
        damaged=reason,
        has_backup=has_backup,
        path=path,
    )


def orphan_info(name: str, backup: os.DirEntry[str]) -> SavedMatchInfo | None:
    """The entry of a save whose file is gone but whose backup is there."""
    try:
        modified = backup.stat().st_mtime
    except OSError:
        return None
    return damaged_info(
        name,
        Path(backup.path).with_name(f"{name}{SAVE_SUFFIX}"),
        _("The save file is missing, but its backup is there and can be restored."),
        modified,
        True,
    )
