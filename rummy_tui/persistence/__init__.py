"""Saved matches: versioned, validated, crash-safe JSON files, one per match.

::

    from rummy_tui.persistence import SaveStore, SaveError, SavedMatchInfo

    store = SaveStore()                      # $RUMMY_DATA_DIR or the user data dir, /saves
    name = store.create(setup, game)         # before the first action
    store.save(name, setup, game, extra)     # after every applied action (atomic, fsynced)
    setup, game, extra = store.load(name)    # replays the log; SaveError for a damaged file
    store.list(); store.latest_unfinished(); store.rename(old, new); store.delete(name)
    store.clear_finished(); store.load_backup(name); store.restore_backup(name)
"""

from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import FORMAT_VERSION, MAX_SAVE_BYTES
from rummy_tui.persistence.info import SavedMatchInfo
from rummy_tui.persistence.names import MAX_NAME_LENGTH, check_new_name
from rummy_tui.persistence.store import BACKUP_SUFFIX, SaveStore

__all__ = [
    "BACKUP_SUFFIX",
    "FORMAT_VERSION",
    "MAX_NAME_LENGTH",
    "MAX_SAVE_BYTES",
    "SaveError",
    "SaveStore",
    "SavedMatchInfo",
    "check_new_name",
]
