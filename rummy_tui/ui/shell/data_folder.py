"""What the app keeps: the settings file, and in the data folder the saved matches and the
records.

Each is opened the first time it is needed (the title screen must not wait for the save store
or the rules engine), and opened once per session. A folder that cannot be written leaves the
game playable: saving is then "not possible", with a one-sentence reason for the notice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.persistence import SaveStore
    from rummy_tui.records import Records
    from rummy_tui.ui.shell.config import Config
    from rummy_tui.ui.shell.settings import DisplaySettings


class DataFolder:
    """The data folder of one app session (None: RUMMY_DATA_DIR or the user data folder)."""

    def __init__(
        self,
        folder: Path | None,
        settings: DisplaySettings | None = None,
        *,
        writes_settings: bool = True,
    ) -> None:
        self.folder = Path(folder) if folder is not None else None
        self._settings = settings
        self.writes_settings = writes_settings
        """Whether a changed setting is written to the settings file (a guest's window, a
        browser tab of someone else's table, changes its own screen only)."""
        self._config: Config | None = None
        self._store: SaveStore | None = None
        self._store_opened = False
        self.store_problem: str | None = None
        """Why saving is not possible (set when the store could not be opened)."""
        self._records: Records | None = None

    @property
    def config(self) -> Config:
        """The settings file (read once; an older ``display.json`` of the folder is moved
        into it the first time)."""
        if self._config is None:
            from rummy_tui.ui.shell.config import read_config

            self._config = read_config(data_dir=self.folder)
        return self._config

    @property
    def settings(self) -> DisplaySettings:
        """How cards are drawn and which language is spoken (read once from the settings
        file)."""
        if self._settings is None:
            self._settings = self.config.display_settings()
        return self._settings

    def keep_settings(self, settings: DisplaySettings) -> str | None:
        """Use ``settings`` from now on and write them to the settings file (not on a guest's
        window); returns the problem writing them, if any (they are used anyway)."""
        from rummy_tui.ui.shell.config import write_settings

        self._settings = settings
        if not self.writes_settings:
            return None
        return write_settings(self.config.path, settings)

    def use_settings(self, settings: DisplaySettings) -> None:
        """Use ``settings`` from now on without writing them."""
        self._settings = settings

    def store(self) -> SaveStore | None:
        """The save store (opened once), or None when saving is not possible."""
        if not self._store_opened:
            self._store_opened = True
            from rummy_tui.persistence.paths import data_dir_problem
            from rummy_tui.ui.play.controller import open_store

            self.store_problem = data_dir_problem(self.folder)
            if self.store_problem is None:
                self._store, self.store_problem = open_store(self.folder)
        return self._store

    def why_not_saving(self) -> str:
        """Why saving is not possible, in one sentence for a notice (the store's own problem
        when it has one)."""
        return self.store_problem or _("Saving is not possible.")

    def use_store(self, store: SaveStore | None) -> None:
        """Save to ``store`` from now on (tests: a store whose disk is full)."""
        self._store, self._store_opened = store, True

    def records(self) -> Records:
        """The records database of the folder (opened once per session)."""
        if self._records is None:
            from rummy_tui.records import Records

            self._records = Records(self.folder)
        return self._records

    def has_unrecorded(self) -> bool:
        """Whether a finished match waits to be recorded: a glance at the folder, so the
        first screen does not wait for the records (and the rules engine) to load."""
        from rummy_tui.persistence.paths import pending_path

        try:
            return pending_path(self.folder).is_file()
        except OSError:
            return False

    def record_unrecorded(self) -> int:
        """Record the finished matches that could not be recorded when they ended (each
        once); returns how many were added. Safe from a worker thread; never raises."""
        from rummy_tui.records.pending import record_unrecorded

        try:
            return record_unrecorded(self.records(), self.folder)
        except Exception:  # records are a side line: play never stops for them
            return 0

    def has_saves(self) -> bool:
        """Whether any match is saved: a glance at the saves folder, so the title screen does
        not wait for the save store (and the rules engine) to load."""
        if self._store_opened and self._store is not None:
            try:
                return bool(self._store.list())
            except Exception:
                return False
        try:
            from rummy_tui.persistence.paths import saves_dir

            saves = saves_dir(self.folder)
            return saves.is_dir() and any(saves.glob("*.json"))
        except Exception:
            return False
