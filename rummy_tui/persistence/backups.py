"""The backup of a save: ``NAME.json.bak``, the file as it was before its last save.

Every save keeps the previous file as the backup (``atomic.py``). A backup is read only to be
looked at or put back; putting it back never loses the current file, which is kept aside as a
save of its own.
"""

from __future__ import annotations

import os

from rummy_tui.core import Game
from rummy_tui.i18n import _
from rummy_tui.persistence.atomic import fsync_directory, keep_copy, move_no_clobber
from rummy_tui.persistence.errors import SaveError, refused_by_system
from rummy_tui.persistence.files import read_checked, unexpected_reason
from rummy_tui.persistence.format import SaveFile, read_file, read_header
from rummy_tui.persistence.info import known_moment
from rummy_tui.persistence.replay import rebuild
from rummy_tui.persistence.save_paths import SavePaths


def read_backup(paths: SavePaths, name: str) -> tuple[SaveFile, Game]:
    """The backup of ``name``, read and replayed.

    Raises:
        SaveError: when there is no backup or it cannot be opened, with the reason.
    """
    path = paths.backup(name)
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


def put_back(paths: SavePaths, name: str, *, durable: bool) -> str | None:
    """Put the backup of ``name`` in place of its file; the file that was there is kept as
    a separate save, whose name is returned (None when there was none). The caller has
    checked that the backup loads and that no other window has the match open.

    Raises:
        SaveError: when the files cannot be moved.
    """
    path = paths.file(name)
    kept: str | None = None
    try:
        if path.exists():
            kept = paths.fresh_aside_name(name)
            move_no_clobber(path, paths.file(kept))
        keep_copy(paths.backup(name), path, durable=durable)
    except OSError as error:
        raise refused_by_system(
            _("The backup of {name} could not be restored: {problem}."), name, error
        ) from None
    if durable:
        fsync_directory(paths.directory)
    return kept


def backup_hint(paths: SavePaths, name: str) -> str:
    """A sentence, with a leading space, saying that a backup of ``name`` can be restored
    and of when it is; empty when there is no backup that reads."""
    backup = paths.backup(name)
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
