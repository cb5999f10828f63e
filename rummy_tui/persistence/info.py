"""SavedMatchInfo: one entry of the Load screen."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rummy_tui.i18n import _
from rummy_tui.persistence.format import SaveHeader
from rummy_tui.persistence.names import SAVE_SUFFIX


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
    last_played: datetime
    """When the match was last saved (UTC; the file's time for a damaged file)."""
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
    saved_at = header.saved_at
    return SavedMatchInfo(
        name=name,
        variant=summary.variant,
        players=summary.players,
        deal_number=summary.deal_number,
        scores=summary.scores,
        last_played=saved_at if saved_at.tzinfo is not None else saved_at.replace(tzinfo=UTC),
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
        last_played=datetime.fromtimestamp(modified, UTC),
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
