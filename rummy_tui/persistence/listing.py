"""What the Load screen lists: every save in the folder, newest first, without replaying any.

Listing reads only each file's header, and remembers it by the file's stamp so a second
listing reads nothing that did not change. Damaged files are listed with their reason and
never stop the others from being listed. What is not a save is left out or marked:

* a folder named like a save is not listed (it is not a save, and cannot be deleted as one);
* a symbolic link, a pipe or a device named like a save is listed as damaged with the reason,
  and is never opened;
* a file name or any text in a header holding control characters is shown with U+FFFD in
  their place (see ``text.py``); a save whose file name holds them is listed as damaged and
  must be renamed by hand, since its name cannot be shown as it is.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from rummy_tui.i18n import N_, _, current_language
from rummy_tui.i18n.printable import printable
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.files import kind_problem, read_checked, stamp_of, unexpected_reason
from rummy_tui.persistence.format import SaveHeader, read_header
from rummy_tui.persistence.info import (
    SavedMatchInfo,
    damaged_info,
    header_info,
    newest_first,
    orphan_info,
)
from rummy_tui.persistence.names import SAVE_SUFFIX
from rummy_tui.persistence.save_cache import Stamp

BACKUP_SUFFIX = ".json.bak"
"""The previous good save of ``NAME`` is ``NAME.json.bak``."""
UNSHOWABLE_NAME = N_(
    "Its file name holds control or format characters, so it is not opened; rename the file "
    "in the save folder to open it."
)


class SaveListing:
    """The listing of one save folder, with its cache of headers and known failures."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.headers: dict[str, tuple[Stamp, SaveHeader | str]] = {}
        """The header of each file, or why it is damaged, by the file's stamp."""
        self.failures: dict[str, tuple[Stamp, str]] = {}
        """Files that passed the checks but could not be replayed, by their stamp."""
        self.language = current_language()
        """The language the remembered reasons are in."""

    def forget(self, name: str) -> None:
        """Drop what is remembered of ``name``."""
        self.headers.pop(name, None)
        self.failures.pop(name, None)

    def infos(self) -> list[SavedMatchInfo]:
        """Every save in the folder, newest first (those of unknown date last).

        Raises:
            SaveError: only when the folder itself cannot be read.
        """
        if self.language != current_language():  # reasons are read again in the new language
            self.language = current_language()
            for name in [
                name for name, (_stamp, known) in self.headers.items() if isinstance(known, str)
            ]:
                del self.headers[name]
        try:
            entries = list(self._scan())
        except FileNotFoundError:
            return []
        except OSError as error:
            raise SaveError(
                _("The save folder {folder} cannot be read: {problem}.").format(
                    folder=self.directory, problem=error.strerror
                )
            ) from None
        names = {entry.name for entry in entries}
        infos: list[SavedMatchInfo] = []
        for entry in entries:
            info: SavedMatchInfo | None
            if entry.name.endswith(SAVE_SUFFIX):
                stem = entry.name[: -len(SAVE_SUFFIX)]
                info = self._info(entry, f"{stem}{BACKUP_SUFFIX}" in names)
            elif entry.name.endswith(BACKUP_SUFFIX):
                stem = entry.name[: -len(BACKUP_SUFFIX)]
                if f"{stem}{SAVE_SUFFIX}" in names or _is_folder(entry):
                    continue
                info = orphan_info(printable(stem), entry)
            else:
                continue
            if info is not None:
                infos.append(info)
        return newest_first(infos)

    def _scan(self) -> Iterator[os.DirEntry[str]]:
        with os.scandir(self.directory) as scan:
            for entry in scan:
                if not entry.name.startswith("."):
                    yield entry

    def _info(self, entry: os.DirEntry[str], has_backup: bool) -> SavedMatchInfo | None:
        name = entry.name[: -len(SAVE_SUFFIX)]
        path = Path(entry.path)
        try:
            status = entry.stat(follow_symlinks=False)
        except OSError:
            return None
        if stat.S_ISDIR(status.st_mode):
            return None  # a folder is not a save: not listed, never offered for deletion
        shown = printable(name)
        if shown != name:
            return damaged_info(shown, path, _(UNSHOWABLE_NAME), status.st_mtime, has_backup)
        stamp = stamp_of(status)
        cached = self.headers.get(name)
        header_or_reason: SaveHeader | str
        if cached is not None and cached[0] == stamp:
            header_or_reason = cached[1]
        else:
            try:
                problem = kind_problem(status)
                if problem is not None:
                    raise SaveError(problem)
                read_stamp, data = read_checked(path)
                header_or_reason = read_header(data)
                stamp = read_stamp
            except SaveError as error:
                header_or_reason = error.reason
            except Exception as error:  # a strange file never stops the listing
                header_or_reason = unexpected_reason(error)
            self.headers[name] = (stamp, header_or_reason)
        failure = self.failures.get(name)
        if failure is not None and failure[0] == stamp:
            header_or_reason = failure[1]
        if isinstance(header_or_reason, str):
            return damaged_info(name, path, header_or_reason, status.st_mtime, has_backup)
        return header_info(name, path, header_or_reason, has_backup)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False
