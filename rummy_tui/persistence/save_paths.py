"""Where each save of one folder lives, and which save a name typed by a player means.

A save ``NAME`` is the file ``NAME.json`` with its backup ``NAME.json.bak`` beside it, and
while a write is under way hidden leftovers ``.NAME.json.*.tmp`` / ``*.old`` (``atomic.py``).
No name leads outside the folder. A name is taken when its file or its backup is there.
"""

from __future__ import annotations

import os
import unicodedata
from datetime import datetime
from pathlib import Path

from rummy_tui.i18n import _
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence.atomic import RETIRED_SUFFIX, TEMP_SUFFIX, sweep_temp_files
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.listing import BACKUP_SUFFIX
from rummy_tui.persistence.names import (
    SAVE_SUFFIX,
    check_existing_name,
    match_save_name,
    tidy_name,
)


class SavePaths:
    """The paths of the saves in ``directory``, and the names they go by.

    Args:
        directory: The save folder (it need not exist yet).
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        """The folder holding the saves."""

    def file(self, name: str) -> Path:
        """The file of the save ``name`` (which need not exist).

        Raises:
            SaveError: for a name that would lead outside the folder.
        """
        path = self.directory / f"{name}{SAVE_SUFFIX}"
        if path.parent != self.directory or path.name != f"{name}{SAVE_SUFFIX}":
            raise SaveError("A save name cannot lead outside the save folder.")
        return path

    def backup(self, name: str) -> Path:
        """The backup of the save ``name``: the file as it was before the last save."""
        return self.directory / f"{name}{BACKUP_SUFFIX}"

    def taken(self, name: str) -> bool:
        """Whether a save or a backup goes by ``name`` (a damaged or odd file included)."""
        return any(os.path.lexists(path) for path in (self.file(name), self.backup(name)))

    def existing(self, name: str) -> str:
        """The save a name given by the user means: the exact name when a save goes by it,
        else the name tidied as new names are ("  Friday.json " means "Friday"), else a save
        whose name is the same text in another Unicode form (a file copied from a Mac keeps
        "ä" as "a" and a combining mark).

        Raises:
            SaveError: for a name no save could go by.
        """
        exact = check_existing_name(name)
        if self.taken(exact):
            return exact
        tidied = tidy_name(name)
        if tidied and tidied != exact:
            try:
                if self.taken(check_existing_name(tidied)):
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

    def leftovers(self, name: str) -> list[Path]:
        """What writes of the save ``name`` or its backup left half-done (never a save)."""
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

    def sweep(self, name: str) -> None:
        """Remove what killed processes left half-written for this save (never a save)."""
        for final in (f"{name}{SAVE_SUFFIX}", f"{name}{BACKUP_SUFFIX}"):
            sweep_temp_files(self.directory, final)

    def fresh_match_name(self, setup: MatchSetup) -> str:
        """A name no save goes by for a new match: its variant, players and the time."""
        # The name is chosen once, in the language of the player who starts the match.
        base = match_save_name(_(setup.rules.name), setup.names, datetime.now())
        candidate = base
        number = 2
        while self.taken(candidate):
            candidate = f"{base} ({number})"
            number += 1
        return candidate

    def fresh_aside_name(self, name: str) -> str:
        """A name no save goes by, for the file of ``name`` that a restored backup replaces."""
        base = f"{name[:50]}-replaced"
        candidate, number = base, 2
        while self.taken(candidate):
            candidate, number = f"{base}-{number}", number + 1
        return candidate
