"""SaveStore: the folder of saved matches.

The user interface calls :meth:`SaveStore.save` after every applied action. A save rewrites
the match's file atomically (see ``atomic.py``) and keeps the previous file as
``NAME.json.bak``. The JSON of logged actions is kept between saves, so an autosave only
serializes what happened since the last one; see ``benchmarks/bench_autosave.py``.

Whatever goes wrong with a file or the folder reaches the caller as a :class:`SaveError`, whose
text is a reason a player can act on. A file that cannot be read is listed as damaged with its
reason and is never written over, renamed over or deleted except by an explicit
:meth:`delete` (which the interface only calls after asking).
"""

from __future__ import annotations

import builtins
import contextlib
import os
import threading
import weakref
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rummy_tui import __version__
from rummy_tui.core import Game
from rummy_tui.match_setup import MatchSetup
from rummy_tui.paths import saves_dir
from rummy_tui.persistence.atomic import (
    RETIRED_SUFFIX,
    TEMP_SUFFIX,
    atomic_write,
    finish_pending,
    fsync_directory,
    keep_copy,
    move_no_clobber,
    same_file,
    sweep_temp_files,
)
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.files import (
    clause,
    file_errors_as_save_errors,
    is_regular,
    read_checked,
    stamp_of,
    unexpected_reason,
)
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
from rummy_tui.persistence.info import SavedMatchInfo, damaged_info, header_info, orphan_info
from rummy_tui.persistence.names import (
    SAVE_SUFFIX,
    check_existing_name,
    check_new_name,
    match_save_name,
    tidy_name,
)
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.session import (
    Session,
    Stamp,
    first_deal_from_seed,
    first_deal_from_state,
)

BACKUP_SUFFIX = ".json.bak"
"""The previous good save of ``NAME`` is ``NAME.json.bak``."""


class SaveStore:
    """The saved matches in ``DATA_DIR/saves``.

    Args:
        data_dir: The data directory; None takes ``$RUMMY_DATA_DIR``, else the platform's user
            data directory (see ``rummy_tui.paths``).
        durable: fsync every write (leave on: only benchmarks turn it off to measure the rest).
    """

    def __init__(self, data_dir: Path | str | None = None, *, durable: bool = True) -> None:
        self.directory: Path = saves_dir(data_dir)
        """The folder holding the saves."""
        self.durable = durable
        self._lock = threading.RLock()
        self._sessions: dict[str, Session] = {}
        self._first_deals: weakref.WeakKeyDictionary[Game, FirstDeal] = weakref.WeakKeyDictionary()
        self._headers: dict[str, tuple[Stamp, SaveHeader | str]] = {}
        """Listing cache: the header of each file, or why it is damaged, by its stamp."""
        self._failures: dict[str, tuple[Stamp, str]] = {}
        """Files that passed the checks but could not be replayed, by their stamp."""

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
            raise SaveError(f"A save named {text!r} already exists; choose another name.")
        return text

    def exists(self, name: str) -> bool:
        """Whether a save (or its backup) goes by ``name``."""
        try:
            return self._taken(self._existing(name))
        except SaveError:
            return False

    def _existing(self, name: str) -> str:
        """The save a name given by the user means: the exact name when a save goes by it,
        else the name tidied as new names are ("  Friday.json " means "Friday")."""
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
        return exact

    def _path(self, name: str) -> Path:
        path = self.directory / f"{name}{SAVE_SUFFIX}"
        if path.parent != self.directory or path.name != f"{name}{SAVE_SUFFIX}":
            raise SaveError("A save name cannot lead outside the save folder.")
        return path

    def _backup(self, name: str) -> Path:
        return self.directory / f"{name}{BACKUP_SUFFIX}"

    def _taken(self, name: str) -> bool:
        return self._path(name).exists() or self._backup(name).exists()

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
                    raise SaveError(
                        f"A save named {chosen!r} already exists; choose another name.", chosen
                    )
            self._sessions.pop(chosen, None)
            self.save(chosen, setup, game, extra)
            return chosen

    def _fresh_name(self, setup: MatchSetup) -> str:
        base = match_save_name(setup.rules.name, setup.names, datetime.now())
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
            session = self._session_for(name, game)
            self._check_overwrite(name, path, session, game)
            saved_at = datetime.now(UTC)
            summary = summarize(game)  # once per save: the file and the listing share it
            data = session.render(setup, game, extra, saved_at, summary)
            if sum(len(piece) for piece in data) > MAX_SAVE_BYTES:
                raise SaveError(
                    "The match could not be saved: its file would pass the "
                    f"{MAX_SAVE_BYTES // 1_048_576} MB limit of a save.",
                    name,
                )
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
                atomic_write(path, data, backup=self._backup(name), durable=self.durable)
                stamp = stamp_of(path.stat())
            except OSError as error:
                session.stamp = None
                raise SaveError(
                    f"The match could not be saved to {path}: {error.strerror or error}. "
                    "The previous save is unchanged.",
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
            _, data = read_checked(self._path(name))
            on_disk = FirstDeal.model_validate(data.get("first_deal"))
        except (SaveError, ValueError):
            return None
        if on_disk.seed != game.state.seed or on_disk.dealer != game.state.first_dealer:
            return None
        return on_disk

    def _check_overwrite(self, name: str, path: Path, session: Session, game: Game) -> None:
        """Refuse to write over a damaged file, another match, or a later position."""
        try:
            stamp = stamp_of(path.stat())
        except (FileNotFoundError, NotADirectoryError):
            return  # nothing to protect; writing will say what is wrong with the folder
        except OSError as error:
            raise SaveError(
                f"The match could not be saved to {path}: {error.strerror}.", name
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
            except ValueError as error:  # SaveError or a pydantic ValidationError
                reason = (
                    str(error) if isinstance(error, SaveError) else "its first deal is unreadable."
                )
            else:
                if on_disk != session.first or header.summary.players != tuple(game.players):
                    raise SaveError(
                        f"A different match is already saved as {name!r}; it was not written "
                        "over. Save under another name.",
                        name,
                    )
                if header.summary.log_length > len(game.state.log):
                    raise SaveError(
                        f"The save {name!r} holds a later position of this match (saved "
                        "elsewhere?); it was not written over.",
                        name,
                    )
                session.stamp = read_stamp
                return
        raise SaveError(
            f"The save {name!r} is damaged ({clause(reason).rstrip('.')}); it was not written "
            "over. Delete it or save under another name.",
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
            if not path.exists() and not self._backup(name).exists():
                raise SaveError(f"There is no save named {name!r}.", name)
            stamp: Stamp | None = None
            try:
                stamp, data = read_checked(path)
                save = read_file(data)
                game = rebuild(save)
            except Exception as error:  # SaveError, or anything a strange file provokes
                reason = error.reason if isinstance(error, SaveError) else unexpected_reason(error)
                if stamp is not None:
                    self._failures[name] = (stamp, reason)
                hint = self._backup_hint(name)
                raise SaveError(
                    f"The save {name!r} cannot be opened: {clause(reason)}{hint}", name
                ) from None
            self._adopt(name, save, game, stamp)
            return save.setup, game, dict(save.extra)

    @file_errors_as_save_errors
    def load_backup(self, name: str) -> tuple[MatchSetup, Game, dict[str, Any]]:
        """Rebuild the backup of ``name`` (the save before the last one), without touching
        any file.

        Raises:
            SaveError: when there is no backup or it cannot be loaded.
        """
        with self._lock:
            name = self._existing(name)
            save, game = self._read_whole(self._backup(name), name, "backup")
            return save.setup, game, dict(save.extra)

    def _read_whole(self, path: Path, name: str, what: str) -> tuple[SaveFile, Game]:
        if not path.exists():
            raise SaveError(f"There is no {what} of {name!r}.", name)
        try:
            _, data = read_checked(path)
            save = read_file(data)
            return save, rebuild(save)
        except Exception as error:  # SaveError, or anything a strange file provokes
            reason = error.reason if isinstance(error, SaveError) else unexpected_reason(error)
            raise SaveError(
                f"The {what} of {name!r} cannot be opened: {clause(reason)}", name
            ) from None

    def _adopt(self, name: str, save: SaveFile, game: Game, stamp: Stamp | None) -> None:
        """Remember a loaded match, so its next save serializes only new actions."""
        self._first_deals[game] = save.first_deal
        session = Session(game=weakref.ref(game), first=save.first_deal, stamp=stamp)
        session.catch_up(save.setup, game)
        self._sessions[name] = session
        self._sweep(name)
        self._failures.pop(name, None)

    def _backup_hint(self, name: str) -> str:
        backup = self._backup(name)
        if not backup.exists():
            return ""
        try:
            _, data = read_checked(backup)
            header = read_header(data)
        except SaveError:
            return ""
        when = header.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        return f" A backup saved {when} can be restored."

    # ------------------------------------------------------------------ listing

    @file_errors_as_save_errors
    def list(self) -> builtins.list[SavedMatchInfo]:
        """Every save in the folder, newest first; damaged files are listed with their
        reason and never stop the others from being listed.

        Raises:
            SaveError: only when the folder itself cannot be read.
        """
        with self._lock:
            try:
                entries = builtins.list(self._scan())
            except FileNotFoundError:
                return []
            except OSError as error:
                raise SaveError(
                    f"The save folder {self.directory} cannot be read: {error.strerror}."
                ) from None
            names = {entry.name for entry in entries}
            infos: builtins.list[SavedMatchInfo] = []
            for entry in entries:
                if entry.name.endswith(SAVE_SUFFIX):
                    stem = entry.name[: -len(SAVE_SUFFIX)]
                    info = self._info(entry, f"{stem}{BACKUP_SUFFIX}" in names)
                elif entry.name.endswith(BACKUP_SUFFIX):
                    stem = entry.name[: -len(BACKUP_SUFFIX)]
                    info = None if f"{stem}{SAVE_SUFFIX}" in names else orphan_info(stem, entry)
                else:
                    continue
                if info is not None:
                    infos.append(info)
            infos.sort(key=lambda info: info.name)
            infos.sort(key=lambda info: info.last_played, reverse=True)
            return infos

    def _scan(self) -> Iterator[os.DirEntry[str]]:
        with os.scandir(self.directory) as scan:
            for entry in scan:
                if not entry.name.startswith("."):
                    yield entry

    def _info(self, entry: os.DirEntry[str], has_backup: bool) -> SavedMatchInfo | None:
        name = entry.name[: -len(SAVE_SUFFIX)]
        path = Path(entry.path)
        try:
            status = entry.stat()
        except OSError:
            return None
        stamp = stamp_of(status)
        cached = self._headers.get(name)
        if cached is not None and cached[0] == stamp:
            header_or_reason = cached[1]
        else:
            try:
                if not is_regular(status):
                    raise SaveError("It is not a regular file.")
                read_stamp, data = read_checked(path)
                header_or_reason = read_header(data)
                stamp = read_stamp
            except SaveError as error:
                header_or_reason = error.reason
            except Exception as error:  # a strange file never stops the listing
                header_or_reason = unexpected_reason(error)
            self._headers[name] = (stamp, header_or_reason)
        failure = self._failures.get(name)
        if failure is not None and failure[0] == stamp:
            header_or_reason = failure[1]
        if isinstance(header_or_reason, str):
            return damaged_info(name, path, header_or_reason, status.st_mtime, has_backup)
        return header_info(name, path, header_or_reason, has_backup)

    @file_errors_as_save_errors
    def latest_unfinished(self) -> str | None:
        """The name of the most recently saved match that is not over (for Continue)."""
        for info in self.list():
            if info.damaged is None and not info.finished:
                return info.name
        return None

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
                raise SaveError(f"There is no save named {old!r}.", old)
            if new == old:
                return new
            case_only = same_file(source, target)
            if not case_only and self._taken(new):
                raise SaveError(f"A save named {new!r} already exists; choose another name.", new)
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
                raise SaveError(
                    f"A save named {new!r} already exists; choose another name.", new
                ) from None
            except OSError as error:
                raise SaveError(
                    f"The save {old!r} could not be renamed: {error.strerror}.", old
                ) from None
            if self.durable:
                fsync_directory(self.directory)
            session = self._sessions.pop(old, None)
            self._forget(old)
            if session is not None:
                self._sessions[new] = session
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
            if not path.exists() and not backup.exists():
                raise SaveError(f"There is no save named {name!r}.", name)
            try:
                for file in (path, backup, *self._temp_files(name)):
                    with contextlib.suppress(FileNotFoundError):
                        file.unlink()
            except OSError as error:
                raise SaveError(
                    f"The save {name!r} could not be deleted: {error.strerror}.", name
                ) from None
            if self.durable:
                fsync_directory(self.directory)
            self._forget(name)

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
            self._read_whole(self._backup(name), name, "backup")
            path = self._path(name)
            kept: str | None = None
            try:
                if path.exists():
                    kept = self._fresh_aside_name(name)
                    move_no_clobber(path, self._path(kept))
                keep_copy(self._backup(name), path, durable=self.durable)
            except OSError as error:
                raise SaveError(
                    f"The backup of {name!r} could not be restored: {error.strerror}.", name
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
        for table in (self._sessions, self._headers, self._failures):
            table.pop(name, None)

    def _fresh_aside_name(self, name: str) -> str:
        base = f"{name[:50]}-replaced"
        candidate, number = base, 2
        while self._taken(candidate):
            candidate, number = f"{base}-{number}", number + 1
        return candidate
