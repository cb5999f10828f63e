"""Saved matches: versioned, validated, crash-safe JSON files, one per match.

::

    from rummy_tui.persistence import SaveStore, SaveError, SavedMatchInfo, Autosave

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

Modules: ``store.py`` (writing and reading), ``folder.py`` (names, paths, managing),
``listing.py`` (the Load screen's list), ``locks.py`` (one window per match), ``files.py``
(opening a file safely), ``format.py`` (the file format, checksum, migrations),
``rules_check.py`` (rules rebuilt from the variant), ``replay.py``, ``session.py`` (cheap
autosaves), ``autosave.py``, ``text.py`` (text from files made harmless), ``atomic.py``.
"""

from rummy_tui.persistence.autosave import Autosave
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import FORMAT_VERSION, MAX_SAVE_BYTES
from rummy_tui.persistence.info import SavedMatchInfo
from rummy_tui.persistence.locks import OPEN_ELSEWHERE
from rummy_tui.persistence.names import MAX_NAME_LENGTH, check_new_name
from rummy_tui.persistence.store import BACKUP_SUFFIX, SaveStore

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
