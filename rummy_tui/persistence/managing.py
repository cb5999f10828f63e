"""Renaming and deleting a save on disk: its file, its backup and what writes left of them.

These move or remove files only; the store checks the names and the window locks first and
updates what it remembers after. A rename never replaces another save, and a folder named like
a save is never deleted.
"""

from __future__ import annotations

import contextlib
import os
import stat

from rummy_tui.i18n import _
from rummy_tui.persistence.atomic import fsync_directory, move_no_clobber, same_file
from rummy_tui.persistence.errors import SaveError, name_taken, refused_by_system
from rummy_tui.persistence.save_paths import SavePaths


def move_save(paths: SavePaths, old: str, new: str, *, durable: bool) -> None:
    """Give the save ``old`` (and its backup) the name ``new``.

    Raises:
        SaveError: when ``new`` is taken or the files cannot be moved.
    """
    source, target = paths.file(old), paths.file(new)
    old_backup, new_backup = paths.backup(old), paths.backup(new)
    case_only = same_file(source, target)
    if not case_only and paths.taken(new):
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
        raise refused_by_system(
            _("The save {name} could not be renamed: {problem}."), old, error
        ) from None
    if durable:
        fsync_directory(paths.directory)


def refuse_folders(paths: SavePaths, name: str) -> None:
    """Refuse to delete ``name`` when its file or its backup is a folder.

    Raises:
        SaveError: naming the folder, which is left alone.
    """
    for file in (paths.file(name), paths.backup(name)):
        with contextlib.suppress(OSError):
            if stat.S_ISDIR(os.lstat(file).st_mode):
                raise SaveError(
                    _("{file} is a folder, not a save; it was left alone.").format(file=file.name),
                    name,
                )


def remove_save(paths: SavePaths, name: str, *, durable: bool) -> None:
    """Delete the file of ``name``, its backup and any leftovers of their writes.

    Raises:
        SaveError: when a file cannot be deleted.
    """
    try:
        for file in (paths.file(name), paths.backup(name), *paths.leftovers(name)):
            with contextlib.suppress(FileNotFoundError):
                file.unlink()
    except OSError as error:
        raise refused_by_system(
            _("The save {name} could not be deleted: {problem}."), name, error
        ) from None
    if durable:
        fsync_directory(paths.directory)
