"""SaveStore: the saved matches of one data folder, written, read, listed and managed.

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
over a file whose log is not the start of the match's own log (``overwrite.py``).

The class is read here whole; what it uses says in its name what it holds: ``save_paths.py``
(the folder's names and paths), ``sessions.py`` (the matches being saved), ``listing.py``
(the Load screen's list), ``backups.py``, ``managing.py`` (renaming and deleting files) and
``locks.py``.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rummy_tui import __version__
from rummy_tui.core import Game
from rummy_tui.i18n import _
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence import backups, locks
from rummy_tui.persistence.atomic import atomic_write, finish_pending
from rummy_tui.persistence.errors import SaveError, name_taken, no_such_save
from rummy_tui.persistence.files import (
    file_errors_as_save_errors,
    read_checked,
    stamp_of,
    unexpected_reason,
)
from rummy_tui.persistence.format import (
    FORMAT_VERSION,
    MAX_SAVE_BYTES,
    SaveFile,
    SaveHeader,
    read_file,
    summarize,
)
from rummy_tui.persistence.info import SavedMatchInfo
from rummy_tui.persistence.listing import BACKUP_SUFFIX, SaveListing
from rummy_tui.persistence.managing import move_save, refuse_folders, remove_save
from rummy_tui.persistence.names import check_existing_name, check_new_name
from rummy_tui.persistence.overwrite import check_overwrite
from rummy_tui.persistence.paths import private_folder, saves_dir
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.save_cache import Stamp
from rummy_tui.persistence.save_paths import SavePaths
from rummy_tui.persistence.saved_matches import Sessions

__all__ = ["BACKUP_SUFFIX", "SaveStore", "SkippedSave"]

SkippedSave = tuple[str, str]
"""(name, reason) of an unfinished save that Continue could not open."""


class SaveStore:
    """The saved matches in ``DATA_DIR/saves``: writing, reading, listing and managing them.

    Args:
        data_dir: The data directory; None takes ``$RUMMY_DATA_DIR``, else the platform's user
            data directory (see ``rummy_tui.persistence.paths``).
        durable: fsync every write (leave on: only benchmarks turn it off to measure the rest).
    """

    def __init__(self, data_dir: Path | str | None = None, *, durable: bool = True) -> None:
        self.directory: Path = saves_dir(data_dir)
        """The folder holding the saves."""
        self.durable = durable
        self._lock = threading.RLock()
        self._paths = SavePaths(self.directory)
        self._sessions = Sessions(self._paths)
        self._listing = SaveListing(self.directory)
        self._preloaded: tuple[str, Stamp | None, SaveFile, Game] | None = None
        """A match Continue has just replayed, handed out by the next :meth:`load`."""

    def flush(self) -> None:
        """Wait for the background part of earlier saves (directory fsyncs, deleting replaced
        backups). Saves are complete and atomic without it; the game never needs to call it."""
        finish_pending()

    # ------------------------------------------------------------------ names

    def path_of(self, name: str) -> Path:
        """The file of the save ``name`` (which need not exist)."""
        return self._paths.file(self._paths.existing(name))

    @file_errors_as_save_errors
    def check_name(self, name: str) -> str:
        """The tidied form of a new save name, or SaveError saying why it cannot be used
        (for example for a rename dialog)."""
        text = check_new_name(name)
        if self._paths.taken(text):
            raise name_taken(text, concerns=False)
        return text

    def exists(self, name: str) -> bool:
        """Whether a save (or its backup) goes by ``name``."""
        try:
            return self._paths.taken(self._paths.existing(name))
        except SaveError:
            return False

    # ------------------------------------------------------------------ one window per match

    def release(self, name: str) -> None:
        """Let another window open the match ``name`` (the interface calls it on leaving the
        match; the operating system does it when the game ends)."""
        with self._lock, contextlib.suppress(SaveError):
            locks.release(self._paths.file(check_existing_name(name)))

    def is_open_elsewhere(self, name: str) -> bool:
        """Whether another window has the match ``name`` open."""
        try:
            locks.check_free(self.path_of(name), name)
        except SaveError:
            return True
        return False

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
                chosen = self._paths.fresh_match_name(setup)
            else:
                chosen = check_new_name(name)
                if self._paths.taken(chosen):
                    raise name_taken(chosen)
            self._sessions.forget(chosen)
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
            path = self._paths.file(name)
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
            session = self._sessions.for_save(name, game)
            check_overwrite(name, path, session, game, self._listing.failures)
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
                private_folder(self.directory, self.directory.parent)
                atomic_write(path, data, backup=self._paths.backup(name), durable=self.durable)
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
            self._listing.failures.pop(name, None)
            self._listing.headers[name] = (
                stamp,
                SaveHeader(
                    format_version=FORMAT_VERSION,
                    app_version=__version__,
                    saved_at=saved_at,
                    summary=summary,
                    setup=setup,
                ),
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
            name = self._paths.existing(name)
            path = self._paths.file(name)
            if not self._paths.taken(name):
                raise no_such_save(name)
            had_lock = locks.holds(path)
            locks.acquire(path, name)
            try:
                save, game, stamp = self._replay(name, path)
            except SaveError:
                if not had_lock:
                    locks.release(path)
                raise
            self._sessions.adopt(name, save, game, stamp)
            self._paths.sweep(name)
            self._listing.failures.pop(name, None)
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
            name = self._paths.existing(name)
            if not self._paths.taken(name):
                raise no_such_save(name)
            save, game, _stamp = self._replay(name, self._paths.file(name))
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
                self._listing.failures[name] = (stamp, reason)
            hint = backups.backup_hint(self._paths, name)
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
            name = self._paths.existing(name)
            save, game = backups.read_backup(self._paths, name)
            return save.setup, game, dict(save.extra)

    # ------------------------------------------------------------------ listing

    @file_errors_as_save_errors
    def list(self) -> builtins.list[SavedMatchInfo]:
        """Every save in the folder, newest first; damaged files are listed with their
        reason and never stop the others from being listed (see ``listing.py``).

        Raises:
            SaveError: only when the folder itself cannot be read.
        """
        with self._lock:
            return self._listing.infos()

    @file_errors_as_save_errors
    def latest_unfinished(self) -> str | None:
        """The name of the most recently saved match that is not over (for Continue; a save
        of unknown date comes after every dated one)."""
        for info in self.list():
            if info.damaged is None and not info.finished:
                return info.name
        return None

    @file_errors_as_save_errors
    def latest_loadable(self) -> tuple[str | None, builtins.list[SkippedSave]]:
        """For Continue: the most recently saved unfinished match that replays (a save of
        unknown date comes after every dated one), and the newer ones skipped because they
        could not be opened, with the reasons. The match found is
        kept replayed, so the :meth:`load` that follows does not replay it again.
        """
        skipped: builtins.list[SkippedSave] = []
        with self._lock:
            for info in self.list():
                if info.damaged is not None or info.finished:
                    continue
                path = self._paths.file(info.name)
                try:
                    locks.check_free(path, info.name)
                    stamp, data = read_checked(path)
                    save = read_file(data)
                    game = rebuild(save)
                except SaveError as error:
                    skipped.append((info.name, error.reason))
                    continue
                except Exception as error:  # anything a strange file provokes
                    skipped.append((info.name, unexpected_reason(error)))
                    continue
                self._preloaded = (info.name, stamp, save, game)
                return info.name, skipped
        return None, skipped

    # ------------------------------------------------------------------ managing

    @file_errors_as_save_errors
    def rename(self, old: str, new: str) -> str:
        """Give a save (and its backup) a new name; returns the new name as stored.

        Raises:
            SaveError: when ``old`` does not exist or ``new`` is taken or not allowed.
        """
        with self._lock:
            old = self._paths.existing(old)
            new = check_new_name(new)
            source, target = self._paths.file(old), self._paths.file(new)
            if not source.exists():
                raise no_such_save(old)
            if new == old:
                return new
            locks.check_free(source, old)
            move_save(self._paths, old, new, durable=self.durable)
            self._sessions.rename(old, new)
            self._listing.forget(old)
            if locks.holds(source):
                locks.forget(source)
                locks.acquire(target, new)
            return new

    @file_errors_as_save_errors
    def delete(self, name: str) -> None:
        """Delete a save and its backup (damaged or not). The interface asks first.

        Raises:
            SaveError: when there is no such save or it cannot be deleted.
        """
        with self._lock:
            name = self._paths.existing(name)
            path = self._paths.file(name)
            if not self._paths.taken(name):
                raise no_such_save(name)
            refuse_folders(self._paths, name)
            if not locks.holds(path):
                locks.check_free(path, name)
            remove_save(self._paths, name, durable=self.durable)
            self._forget(name)
            locks.forget(path)

    @file_errors_as_save_errors
    def clear_finished(self) -> builtins.list[str]:
        """Delete every finished match (damaged files are left alone); returns their names."""
        with self._lock:
            cleared = []
            for info in self.list():
                if info.finished and info.damaged is None:
                    self.delete(info.name)
                    cleared.append(info.name)
            return cleared

    @file_errors_as_save_errors
    def restore_backup(self, name: str) -> str | None:
        """Put the backup of ``name`` back in place, after checking that it loads. A current
        file that is there is not lost: it is kept as a separate save, whose name is returned
        (None when there was none).

        Raises:
            SaveError: when there is no backup or it cannot be loaded.
        """
        with self._lock:
            name = self._paths.existing(name)
            backups.read_backup(self._paths, name)
            locks.check_free(self._paths.file(name), name)
            kept = backups.put_back(self._paths, name, durable=self.durable)
            self._forget(name)
            return kept

    def _forget(self, name: str) -> None:
        """Drop what is remembered of ``name``: its session and its listing."""
        self._sessions.forget(name)
        self._listing.forget(name)
