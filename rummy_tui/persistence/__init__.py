"""Saved matches: versioned, validated, crash-safe JSON files, one per match.

::

    from rummy_tui.persistence import Autosave, SaveError, SaveStore, SavedMatchInfo

    store = SaveStore()                      # $RUMMY_DATA_DIR or the user data dir, /saves
    name = store.create(setup, game)         # before the first action (locks the match)
    store.save(name, setup, game, extra)     # after every applied action (atomic, fsynced)
    setup, game, extra = store.load(name)    # replays the log; SaveError for a damaged file
    store.release(name)                      # leaving the match: another window may open it
    name, skipped = store.latest_loadable()  # Continue: newest unfinished match that replays
    store.list(); store.rename(old, new); store.delete(name)
    store.clear_finished(); store.load_backup(name); store.restore_backup(name)

    saving = Autosave(store=store)           # the table's autosave: retries, NOT SAVED
    saving.save(setup, game, extra)

Modules: ``store.py`` (the class ``SaveStore``, read in one file), ``save_paths.py`` (the
folder's names and paths), ``sessions.py`` (the matches being saved), ``overwrite.py`` (what a
save never writes over), ``backups.py``, ``managing.py`` (renaming and deleting files),
``listing.py`` (the Load screen's list), ``locks.py`` (one window per match), ``files.py``
(opening a file safely), ``format.py`` (the file format, checksum, migrations),
``rules_check.py`` (rules rebuilt from the variant), ``replay.py``, ``session.py`` (cheap
autosaves), ``autosave.py``, ``atomic.py``; beside the saves, ``paths.py`` (where the data folder
is),
``last_table.py`` (the table the menu remembers) and ``crash_log.py`` (where an unexpected
error is written). A match played on several screens shares one SQLite move log:
``shared_match.py`` (the class ``SharedMatch``), ``shared_moves.py``, ``shared_file.py`` and
``seat_codes.py``.

The names below are loaded when first used, so that finding the data folder (``paths``) costs
no more than that module: the title's first frame needs the folder, not the save code.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy_tui.persistence.autosave import Autosave as Autosave
    from rummy_tui.persistence.errors import SaveError as SaveError
    from rummy_tui.persistence.format import FORMAT_VERSION as FORMAT_VERSION
    from rummy_tui.persistence.format import MAX_SAVE_BYTES as MAX_SAVE_BYTES
    from rummy_tui.persistence.info import SavedMatchInfo as SavedMatchInfo
    from rummy_tui.persistence.locks import OPEN_ELSEWHERE as OPEN_ELSEWHERE
    from rummy_tui.persistence.names import MAX_NAME_LENGTH as MAX_NAME_LENGTH
    from rummy_tui.persistence.names import check_new_name as check_new_name
    from rummy_tui.persistence.store import BACKUP_SUFFIX as BACKUP_SUFFIX
    from rummy_tui.persistence.store import SaveStore as SaveStore

_HOMES = {
    "Autosave": "autosave",
    "SaveError": "errors",
    "FORMAT_VERSION": "format",
    "MAX_SAVE_BYTES": "format",
    "SavedMatchInfo": "info",
    "OPEN_ELSEWHERE": "locks",
    "MAX_NAME_LENGTH": "names",
    "check_new_name": "names",
    "BACKUP_SUFFIX": "store",
    "SaveStore": "store",
}
"""Each public name and the module of this package that holds it."""

__all__ = [
    "BACKUP_SUFFIX",
    "FORMAT_VERSION",
    "MAX_NAME_LENGTH",
    "MAX_SAVE_BYTES",
    "OPEN_ELSEWHERE",
    "Autosave",
    "SaveError",
    "SaveStore",
    "SavedMatchInfo",
    "check_new_name",
]


def __getattr__(name: str) -> object:
    """Load the module that holds ``name`` the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
