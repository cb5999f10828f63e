"""SaveFolder: the folder of saved matches, apart from writing and reading them.

Names and paths (no name leads outside the folder), the lock that keeps a match to one window
(``locks.py``), the listing (``listing.py``), Continue's choice of match, and renaming,
deleting, clearing and restoring saves. Whatever goes wrong reaches the caller as a
:class:`SaveError` whose text is a reason a player can act on.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import stat
import threading
import unicodedata
import weakref
from pathlib import Path

from rummy_tui.core import Game
from rummy_tui.i18n import _
from rummy_tui.persistence import locks
from rummy_tui.persistence.atomic import (
    RETIRED_SUFFIX,
    TEMP_SUFFIX,
    finish_pending,
    fsync_directory,
    keep_copy,
    move_no_clobber,
    same_file,
    sweep_temp_files,
)
from rummy_tui.persistence.errors import SaveError, name_taken, no_such_save
from rummy_tui.persistence.files import (
    file_errors_as_save_errors,
    read_checked,
    unexpected_reason,
)
from rummy_tui.persistence.format import FirstDeal, SaveFile, read_file, read_header
from rummy_tui.persistence.info import SavedMatchInfo, known_moment
from rummy_tui.persistence.listing import BACKUP_SUFFIX, SaveListing
from rummy_tui.persistence.names import (
    SAVE_SUFFIX,
    check_existing_name,
    check_new_name,
    tidy_name,
)
from rummy_tui.persistence.paths import saves_dir
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.session import Session, Stamp

SkippedSave = tuple[str, str]
"""(name, reason) of an unfinished save that Continue could not open."""


class SaveFolder:
    """The save folder: names and paths, the match locks, listing and managing saves.

    :class:`~rummy_tui.persistence.store.SaveStore` adds writing and reading matches.

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
        self._sessions: dict[str, Session] = {}
        self._first_deals: weakref.WeakKeyDictionary[Game, FirstDeal] = weakref.WeakKeyDictionary()
        self._listing = SaveListing(self.directory)
        self._headers = self._listing.headers
        self._failures = self._listing.failures
        self._preloaded: tuple[str, Stamp | None, SaveFile, Game] | None = None
        """A match Continue has just replayed, handed out by the next :meth:`load`."""

    def flush(self) -> None:
        """Wait for the background part of earlier saves (directory fsyncs, deleting replaced
        backups). Saves are complete and atomic without it; the game never needs to call it."""
        finish_pending()

    # ------------------------------------------------------------------ paths and names

    def path_of(self, name: str) -> Path:
        """The file of the save ``name`` (which need not exist)."""
        return self._path(self._existing(name))

    @file_errors_as_save_errors
    def check_name(self, name: str) -> str:
        """The tidied form of a new save name, or SaveError saying why it cannot be used
        (for example for a rename dialog)."""
        text = check_new_name(name)
        if self._taken(text):
            raise name_taken(text, concerns=False)
        return text

    def exists(self, name: str) -> bool:
        """Whether a save (or its backup) goes by ``name``."""
        try:
            return self._taken(self._existing(name))
        except SaveError:
            return False

    def _existing(self, name: str) -> str:
        """The save a name given by the user means: the exact name when a save goes by it,
        else the name tidied as new names are ("  Friday.json " means "Friday"), else a save
        whose name is the same text in another Unicode form (a file copied from a Mac keeps
        "ä" as "a" and a combining mark)."""
        exact = check_existing_name(name)
        if self._taken(exact):
            return exact
        tidied = tidy_name(name)
        if tidied and tidied != exact:
            try:
                if self._taken(check_existing_name(tidied)):
                    return tidied
            except SaveError:
                pass
        return self._same_text_on_disk(tidied) or exact

    def _same_text_on_disk(self, wanted: str) -> str | None:
        """The name of a save (or backup) in the folder that reads as ``wanted`` once both are
        in the composed Unicode form, or None."""
        if not wanted:
            return None
        try:
            with os.scandir(self.directory) as scan:
                names = [entry.name for entry in scan if not entry.name.startswith(".")]
        except OSError:
            return None
        for file_name in sorted(names):
            for suffix in (SAVE_SUFFIX, BACKUP_SUFFIX):
                stem = file_name.removesuffix(suffix)
                if stem != file_name and unicodedata.normalize("NFC", stem) == wanted:
                    return stem
        return None

    def _path(self, name: str) -> Path:
        path = self.directory / f"{name}{SAVE_SUFFIX}"
        if path.parent != self.directory or path.name != f"{name}{SAVE_SUFFIX}":
            raise SaveError("A save name cannot lead outside the save folder.")
        return path

    def _backup(self, name: str) -> Path:
        return self.directory / f"{name}{BACKUP_SUFFIX}"

    def _taken(self, name: str) -> bool:
        return any(os.path.lexists(path) for path in (self._path(name), self._backup(name)))

    # ------------------------------------------------------------------ one window per match

    def release(self, name: str) -> None:
        """Let another window open the match ``name`` (the interface calls it on leaving the
        match; the operating system does it when the game ends)."""
        with self._lock, contextlib.suppress(SaveError):
            locks.release(self._path(check_existing_name(name)))

    def is_open_elsewhere(self, name: str) -> bool:
        """Whether another window has the match ``name`` open."""
        try:
            locks.check_free(self.path_of(name), name)
        except SaveError:
            return True
        return False

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
                path = self._path(info.name)
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
            old = self._existing(old)
            new = check_new_name(new)
            source, target = self._path(old), self._path(new)
            old_backup, new_backup = self._backup(old), self._backup(new)
            if not source.exists():
                raise no_such_save(old)
            if new == old:
                return new
            locks.check_free(source, old)
            case_only = same_file(source, target)
            if not case_only and self._taken(new):
                raise name_taken(new)
            try:
                if case_only:  # only the letter case changes, on a case-blind file system
                    os.rename(source, target)
                else:
                    move_no_clobber(source, target)
                if old_backup.exists() and not same_file(old_backup, new_backup):
                    move_no_clobber(old_backup, new_backup)
                elif old_backup.exists():
                    os.rename(old_backup, new_backup)
            except FileExistsError:
                raise name_taken(new) from None
            except OSError as error:
                raise SaveError(
                    _("The save {name} could not be renamed: {problem}.").format(
                        name=repr(old), problem=error.strerror
                    ),
                    old,
                ) from None
            if self.durable:
                fsync_directory(self.directory)
            session = self._sessions.pop(old, None)
            self._forget(old)
            if session is not None:
                self._sessions[new] = session
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
            name = self._existing(name)
            path, backup = self._path(name), self._backup(name)
            if not self._taken(name):
                raise no_such_save(name)
            for file in (path, backup):
                with contextlib.suppress(OSError):
                    if stat.S_ISDIR(os.lstat(file).st_mode):
                        raise SaveError(
                            _("{file} is a folder, not a save; it was left alone.").format(
                                file=file.name
                            ),
                            name,
                        )
            if not locks.holds(path):
                locks.check_free(path, name)
            try:
                for file in (path, backup, *self._temp_files(name)):
                    with contextlib.suppress(FileNotFoundError):
                        file.unlink()
            except OSError as error:
                raise SaveError(
                    _("The save {name} could not be deleted: {problem}.").format(
                        name=repr(name), problem=error.strerror
                    ),
                    name,
                ) from None
            if self.durable:
                fsync_directory(self.directory)
            self._forget(name)
            locks.forget(path)

    def _temp_files(self, name: str) -> builtins.list[Path]:
        prefixes = (f".{name}{SAVE_SUFFIX}.", f".{name}{BACKUP_SUFFIX}.")
        try:
            with os.scandir(self.directory) as scan:
                return [
                    Path(entry.path)
                    for entry in scan
                    if entry.name.startswith(prefixes)
                    and entry.name.endswith((TEMP_SUFFIX, RETIRED_SUFFIX))
                ]
        except OSError:
            return []

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
            name = self._existing(name)
            self._read_backup(name)
            path = self._path(name)
            locks.check_free(path, name)
            kept: str | None = None
            try:
                if path.exists():
                    kept = self._fresh_aside_name(name)
                    move_no_clobber(path, self._path(kept))
                keep_copy(self._backup(name), path, durable=self.durable)
            except OSError as error:
                raise SaveError(
                    _("The backup of {name} could not be restored: {problem}.").format(
                        name=repr(name), problem=error.strerror
                    ),
                    name,
                ) from None
            if self.durable:
                fsync_directory(self.directory)
            self._forget(name)
            return kept

    def _sweep(self, name: str) -> None:
        """Remove what killed processes left half-written for this save (never a save)."""
        for final in (f"{name}{SAVE_SUFFIX}", f"{name}{BACKUP_SUFFIX}"):
            sweep_temp_files(self.directory, final)

    def _forget(self, name: str) -> None:
        self._sessions.pop(name, None)
        self._listing.forget(name)

    def _fresh_aside_name(self, name: str) -> str:
        base = f"{name[:50]}-replaced"
        candidate, number = base, 2
        while self._taken(candidate):
            candidate, number = f"{base}-{number}", number + 1
        return candidate

    def _read_backup(self, name: str) -> tuple[SaveFile, Game]:
        path = self._backup(name)
        if not os.path.lexists(path):
            raise SaveError(_("There is no backup of {name}.").format(name=repr(name)), name)
        try:
            _stamp, data = read_checked(path)
            save = read_file(data)
            return save, rebuild(save)
        except Exception as error:  # SaveError, or anything a strange file provokes
            reason = error.reason if isinstance(error, SaveError) else unexpected_reason(error)
            raise SaveError(
                # Translators: {reason} is a whole sentence saying what is wrong with the file.
                _("The backup of {name} cannot be opened. {reason}").format(
                    name=repr(name), reason=reason
                ),
                name,
            ) from None

    def _backup_hint(self, name: str) -> str:
        backup = self._backup(name)
        if not backup.exists():
            return ""
        try:
            _stamp, data = read_checked(backup)
            header = read_header(data)
        except SaveError:
            return ""
        moment = known_moment(header.saved_at)
        if moment is None:
            return " " + _("A backup of an unknown date can be restored.")
        when = moment.astimezone().strftime("%Y-%m-%d %H:%M")
        return " " + _("A backup saved {when} can be restored.").format(when=when)
