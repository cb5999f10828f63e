"""SaveStore: writing and reading saved matches (the folder itself is :class:`SaveFolder`).

The user interface calls :meth:`SaveStore.save` after every applied action. A save rewrites
the match's file atomically (see ``atomic.py``) and keeps the previous file as
``NAME.json.bak``. The JSON of logged actions is kept between saves, so an autosave only
serializes what happened since the last one; see ``benchmarks/bench_autosave.py``.

Whatever goes wrong with a file or the folder reaches the caller as a :class:`SaveError`, whose
text is a reason a player can act on. A file that cannot be read is listed as damaged with its
reason and is never written over, renamed over or deleted except by an explicit
:meth:`delete` (which the interface only calls after asking).

A match being played is locked to its window (``locks.py``): loading or saving it takes an
operating-system lock that another window cannot get, and :meth:`save` also refuses to write
over a file whose log is not the start of the match's own log.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import weakref
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rummy_tui import __version__
from rummy_tui.core import ActionRecord, Game
from rummy_tui.i18n import _
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence import locks
from rummy_tui.persistence.atomic import atomic_write
from rummy_tui.persistence.errors import SaveError, name_taken, no_such_save
from rummy_tui.persistence.files import (
    file_errors_as_save_errors,
    read_checked,
    stamp_of,
    unexpected_reason,
)
from rummy_tui.persistence.folder import SaveFolder, SkippedSave
from rummy_tui.persistence.format import (
    FORMAT_VERSION,
    MAX_SAVE_BYTES,
    FirstDeal,
    SaveFile,
    SaveHeader,
    read_file,
    read_header,
    summarize,
)
from rummy_tui.persistence.listing import BACKUP_SUFFIX
from rummy_tui.persistence.names import check_existing_name, check_new_name, match_save_name
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.session import (
    Session,
    Stamp,
    first_deal_from_seed,
    first_deal_from_state,
)

__all__ = ["BACKUP_SUFFIX", "SaveStore", "SkippedSave"]


class SaveStore(SaveFolder):
    """The saved matches in ``DATA_DIR/saves``: the folder (see :class:`SaveFolder`) plus
    writing and reading matches.

    Args:
        data_dir: The data directory; None takes ``$RUMMY_DATA_DIR``, else the platform's user
            data directory (see ``rummy_tui.persistence.paths``).
        durable: fsync every write (leave on: only benchmarks turn it off to measure the rest).
    """

    # ------------------------------------------------------------------ writing

    @file_errors_as_save_errors
    def create(
        self,
        setup: MatchSetup,
        game: Game,
        name: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> str:
        """Save a new match under ``name`` (None: the variant and the time, made unique) and
        return the name. Call it before the first action, then :meth:`save` after each.

        Raises:
            SaveError: for a name that is taken or not allowed, or when writing fails.
        """
        with self._lock:
            if name is None:
                chosen = self._fresh_name(setup)
            else:
                chosen = check_new_name(name)
                if self._taken(chosen):
                    raise name_taken(chosen)
            self._sessions.pop(chosen, None)
            self.save(chosen, setup, game, extra)
            return chosen

    @file_errors_as_save_errors
    def save_or_create(
        self,
        name: str | None,
        setup: MatchSetup,
        game: Game,
        extra: dict[str, Any] | None = None,
    ) -> str:
        """Save the match under ``name``, or create its save when it has none yet (because
        the first save failed: every autosave tries again). Returns the save's name.

        Raises:
            SaveError: as :meth:`create` and :meth:`save` do.
        """
        if name is None:
            return self.create(setup, game, extra=extra)
        self.save(name, setup, game, extra)
        return name

    def _fresh_name(self, setup: MatchSetup) -> str:
        # The name is chosen once, in the language of the player who starts the match.
        base = match_save_name(_(setup.rules.name), setup.names, datetime.now())
        candidate = base
        number = 2
        while self._taken(candidate):
            candidate = f"{base} ({number})"
            number += 1
        return candidate

    @file_errors_as_save_errors
    def save(
        self, name: str, setup: MatchSetup, game: Game, extra: dict[str, Any] | None = None
    ) -> None:
        """Write the match as it stands (atomically; the previous file becomes the backup).

        Raises:
            SaveError: when the file under ``name`` is damaged or holds another match (it is
                then left as it is), or when writing fails (the previous save is unchanged).
        """
        with self._lock:
            name = check_existing_name(name)
            path = self._path(name)
            if not locks.holds(path):
                try:
                    locks.acquire(path, name)
                except SaveError:
                    raise SaveError(
                        _(
                            "This match is open in another window. The match was not saved "
                            "here, so that neither window writes over the other's moves."
                        ),
                        name,
                    ) from None
            session = self._session_for(name, game)
            self._check_overwrite(name, path, session, game)
            saved_at = datetime.now(UTC)
            summary = summarize(game)  # once per save: the file and the listing share it
            data = session.render(setup, game, extra, saved_at, summary)
            if sum(len(piece) for piece in data) > MAX_SAVE_BYTES:
                raise SaveError(
                    _(
                        "The match could not be saved: its file would pass the "
                        "{limit} MB limit of a save."
                    ).format(limit=MAX_SAVE_BYTES // 1_048_576),
                    name,
                )
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
                atomic_write(path, data, backup=self._backup(name), durable=self.durable)
                stamp = stamp_of(os.lstat(path))
            except OSError as error:
                session.stamp = None
                raise SaveError(
                    _(
                        "The match could not be saved to {path}: {problem}. "
                        "The previous save is unchanged."
                    ).format(path=path, problem=error.strerror or error),
                    name,
                ) from None
            session.stamp = stamp
            self._failures.pop(name, None)
            self._headers[name] = (
                stamp,
                SaveHeader(
                    format_version=FORMAT_VERSION,
                    app_version=__version__,
                    saved_at=saved_at,
                    summary=summary,
                    setup=setup,
                ),
            )

    def _session_for(self, name: str, game: Game) -> Session:
        session = self._sessions.get(name)
        if session is not None and session.game() is game:
            return session
        first = self._first_deal_of(name, game)
        fresh = Session(game=weakref.ref(game), first=first)
        self._sweep(name)
        if session is not None and session.first == first:
            fresh.stamp = session.stamp
        self._sessions[name] = fresh
        return fresh

    def _first_deal_of(self, name: str, game: Game) -> FirstDeal:
        """How ``game`` began: remembered, read off the first deal, or from the file."""
        known = self._first_deals.get(game)
        if known is not None:
            return known
        first = first_deal_from_state(game)
        if first is None:
            first = self._first_deal_from_file(name, game) or first_deal_from_seed(game)
        self._first_deals[game] = first
        return first

    def _first_deal_from_file(self, name: str, game: Game) -> FirstDeal | None:
        try:
            _stamp, data = read_checked(self._path(name))
            on_disk = FirstDeal.model_validate(data.get("first_deal"))
        except (SaveError, ValueError):
            return None
        if on_disk.seed != game.state.seed or on_disk.dealer != game.state.first_dealer:
            return None
        return on_disk

    def _check_overwrite(self, name: str, path: Path, session: Session, game: Game) -> None:
        """Refuse to write over a damaged file, another match, or a later position."""
        try:
            stamp = stamp_of(os.lstat(path))
        except (FileNotFoundError, NotADirectoryError):
            return  # nothing to protect; writing will say what is wrong with the folder
        except OSError as error:
            raise SaveError(
                _("The match could not be saved to {path}: {problem}.").format(
                    path=path, problem=error.strerror
                ),
                name,
            ) from None
        if stamp == session.stamp:
            return
        failure = self._failures.get(name)
        if failure is not None and failure[0] == stamp:
            reason = failure[1]
        else:
            try:
                read_stamp, data = read_checked(path)
                header = read_header(data)
                on_disk = FirstDeal.model_validate(data.get("first_deal"))
                saved_log = read_file(data).log
            except ValueError as error:  # SaveError or a pydantic ValidationError
                reason = str(error)
                if not isinstance(error, SaveError):
                    reason = _("its first deal is unreadable.")
            else:
                if on_disk != session.first or header.summary.players != tuple(game.players):
                    raise SaveError(
                        _(
                            "A different match is already saved as {name}; it was not written "
                            "over. Save under another name."
                        ).format(name=repr(name)),
                        name,
                    )
                if header.summary.log_length > len(game.state.log):
                    raise SaveError(
                        _(
                            "The save {name} holds a later position of this match (saved "
                            "elsewhere?); it was not written over."
                        ).format(name=repr(name)),
                        name,
                    )
                if not _starts(game, saved_log):
                    raise SaveError(
                        _(
                            "The save {name} holds moves this match did not make (played in "
                            "another window?); it was not written over."
                        ).format(name=repr(name)),
                        name,
                    )
                session.stamp = read_stamp
                return
        raise SaveError(
            # Translators: {reason} is a whole sentence saying what is wrong with the file.
            _(
                "The save {name} is damaged, so it was not written over. {reason} Delete it or "
                "save under another name."
            ).format(name=repr(name), reason=reason),
            name,
        )

    # ------------------------------------------------------------------ reading

    @file_errors_as_save_errors
    def load(self, name: str) -> tuple[MatchSetup, Game, dict[str, Any]]:
        """Rebuild a saved match: its setup, the game (by replaying the log) and the extra
        data the interface saved with it. The game is at the position last saved; the
        interface shows the hand-off screen of the player to act (P-1).

        Raises:
            SaveError: for a missing or damaged save, with the reason.
        """
        with self._lock:
            name = self._existing(name)
            path = self._path(name)
            if not self._taken(name):
                raise no_such_save(name)
            had_lock = locks.holds(path)
            locks.acquire(path, name)
            try:
                save, game, stamp = self._replay(name, path)
            except SaveError:
                if not had_lock:
                    locks.release(path)
                raise
            self._adopt(name, save, game, stamp)
            return save.setup, game, dict(save.extra)

    @file_errors_as_save_errors
    def peek(self, name: str) -> tuple[MatchSetup, Game, dict[str, Any]]:
        """Rebuild a saved match only to look at it (a score sheet, say): no lock is taken,
        so it works while the match is open in another window, and the game returned is not
        one :meth:`save` knows.

        Raises:
            SaveError: for a missing or damaged save, with the reason.
        """
        with self._lock:
            name = self._existing(name)
            if not self._taken(name):
                raise no_such_save(name)
            save, game, _stamp = self._replay(name, self._path(name))
            return save.setup, game, dict(save.extra)

    def _replay(self, name: str, path: Path) -> tuple[SaveFile, Game, Stamp | None]:
        """Read and replay the save ``name`` (or take the match Continue just replayed)."""
        stamp: Stamp | None = None
        try:
            preloaded, self._preloaded = self._preloaded, None
            if preloaded is not None and preloaded[0] == name:
                with contextlib.suppress(OSError):
                    if preloaded[1] == stamp_of(os.lstat(path)):
                        return preloaded[2], preloaded[3], preloaded[1]
            stamp, data = read_checked(path)
            save = read_file(data)
            return save, rebuild(save), stamp
        except Exception as error:  # SaveError, or anything a strange file provokes
            reason = error.reason if isinstance(error, SaveError) else unexpected_reason(error)
            if stamp is not None:
                self._failures[name] = (stamp, reason)
            hint = self._backup_hint(name)
            raise SaveError(
                # Translators: {reason} is a whole sentence saying what is wrong with the file.
                _("The save {name} cannot be opened. {reason}").format(
                    name=repr(name), reason=reason
                )
                + hint,
                name,
            ) from None

    @file_errors_as_save_errors
    def load_backup(self, name: str) -> tuple[MatchSetup, Game, dict[str, Any]]:
        """Rebuild the backup of ``name`` (the save before the last one), without touching
        any file.

        Raises:
            SaveError: when there is no backup or it cannot be loaded.
        """
        with self._lock:
            name = self._existing(name)
            save, game = self._read_backup(name)
            return save.setup, game, dict(save.extra)

    def _adopt(self, name: str, save: SaveFile, game: Game, stamp: Stamp | None) -> None:
        """Remember a loaded match, so its next save serializes only new actions."""
        self._first_deals[game] = save.first_deal
        session = Session(game=weakref.ref(game), first=save.first_deal, stamp=stamp)
        session.catch_up(save.setup, game)
        self._sessions[name] = session
        self._sweep(name)
        self._failures.pop(name, None)


def _starts(game: Game, saved_log: builtins.list[ActionRecord]) -> bool:
    """Whether ``saved_log`` is the start of the game's own log."""
    own = game.state.log
    if len(saved_log) > len(own):
        return False
    return all(
        (saved.seat, saved.action, saved.deal_number) == (mine.seat, mine.action, mine.deal_number)
        for saved, mine in zip(saved_log, own, strict=False)
    )
