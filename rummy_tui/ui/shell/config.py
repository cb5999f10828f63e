"""The settings file: one TOML file in the platform's config folder that a person may edit.

Where it is: ``rummy --config FILE``, else ``$RUMMY_CONFIG``, else ``config.toml`` in the
folder platformdirs names (``~/.config/rummy_tui`` on Linux or ``$XDG_CONFIG_HOME/rummy_tui``,
``~/Library/Application Support/rummy_tui`` on macOS, ``%LOCALAPPDATA%\\rummy_tui`` on
Windows). What it holds (every key may be left out; the game's own value is used then)::

    language = "fi"                 # en, fi or ru; left out: the system's language

    [display]
    four_colour = false             # one colour per suit
    ascii_suits = false             # suits as letters
    pack_letters = false            # court cards with the language's letters
    turn_signal = true              # an own screen rings and flashes when its turn comes
    theme = "textual-dark"          # any of THEMES, e.g. "ansi-dark" for the terminal's colours

    [new_game]                      # what the new-game menu starts from (no last table yet)
    variant = "rummy500"
    players = "Anna,bot:normal"     # as for ``rummy new --players``
    options = { deal_limit = 3 }    # as for ``rummy new --option``

    [keys.table]                    # a screen's keys: name = key(s); the guide lists them
    draw = "j"
    help = "f1,question_mark"

The game writes the file only when a setting is changed in the game, and then changes only the
values that changed, keeping the person's comments and order (tomlkit). A file that cannot be
read is reported in one sentence naming its line; the game then uses its defaults and never
writes over it. The first time the game starts without a settings file, the display settings
of the data folder's ``display.json`` (where older versions kept them) are moved into it.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import _, choose_language, normalise_language, set_language
from rummy_tui.ui.shell.settings import DisplaySettings, with_cards_from_environment

if TYPE_CHECKING:
    from rummy_tui.ui.shell.config_schema import ConfigFile, NewGameSection

CONFIG_ENV = "RUMMY_CONFIG"
"""Environment variable naming the settings file (``--config`` sets it for the run)."""
CONFIG_FILE = "config.toml"
LEGACY_FILE = "display.json"
"""Where older versions kept the display settings, in the data folder."""

FILE_HEADER = """\
# Settings of rummy_tui. The game changes only the values you change in the game and keeps
# your comments. The player's guide (F1, or `rummy guide settings`) lists every key.
"""


@dataclass(frozen=True)
class Config:
    """The settings file as read: its path, its values and why it could not be used."""

    path: Path
    values: ConfigFile | None = None
    """What the file says (None: no file, or one that cannot be used: the defaults)."""
    problem: str | None = None
    """One sentence naming the line that could not be read (the defaults are used)."""
    notes: tuple[str, ...] = ()
    """Things to tell at start-up, such as the move of the old display settings."""

    @property
    def keys(self) -> dict[str, dict[str, str]]:
        """The ``[keys.SCREEN]`` tables."""
        return dict(self.values.keys) if self.values is not None else {}

    @property
    def new_game(self) -> NewGameSection | None:
        """The ``[new_game]`` table (None: the menu's own defaults)."""
        return self.values.new_game if self.values is not None else None

    def display_settings(self) -> DisplaySettings:
        """The display settings the file gives, with ``RUMMY_CARDS`` and ``NO_COLOR``."""
        if self.values is None:
            return with_cards_from_environment(DisplaySettings())
        display = self.values.display
        language = normalise_language(self.values.language) if self.values.language else None
        settings = DisplaySettings(
            four_colour=display.four_colour,
            ascii_suits=display.ascii_suits,
            pack_letters=display.pack_letters,
            language=language,
            theme=display.theme,
            turn_signal=display.turn_signal,
        )
        return with_cards_from_environment(settings)


def config_path(explicit: Path | str | None = None) -> Path:
    """The settings file: ``explicit``, else ``$RUMMY_CONFIG``, else the platform's."""
    if explicit:
        return Path(explicit)
    named = os.environ.get(CONFIG_ENV, "").strip()
    if named:
        return Path(named)
    import platformdirs

    from rummy_tui.persistence.paths import APP_NAME

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / CONFIG_FILE


def read_config(
    path: Path | None = None, data_dir: Path | None = None, move: bool = True
) -> Config:
    """Read the settings file; never raises. Without one, the old ``display.json`` of the
    data folder is used, and (``move``) written into a new file once (the old file is left
    as it was)."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _moved_from_display_json(path, data_dir, move)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        return Config(path, problem=_unreadable(path, reason))
    values, problem = parse_config(text, path)
    return Config(path, values, problem)


def parse_config(text: str, path: Path) -> tuple[ConfigFile | None, str | None]:
    """The values of a settings file's text, or None and one sentence naming the line that
    is wrong. (Read with the standard library's TOML reader, which is quick; the schema is
    loaded only for a file that exists.)"""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        return None, _wrong_line(path, int(found.group(1)) if found else 1)
    from pydantic import ValidationError

    from rummy_tui.ui.shell.config_schema import ConfigFile

    try:
        return ConfigFile.model_validate(data), None
    except ValidationError as error:
        where = tuple(str(part) for part in error.errors()[0]["loc"])
        return None, _wrong_setting(path, line_of(text, where), ".".join(where))


def _unreadable(path: Path, reason: object) -> str:
    return _(
        "The settings file {path} cannot be read ({reason}), so the game uses its defaults "
        "and leaves the file as it is."
    ).format(path=str(path), reason=reason)


def _wrong_line(path: Path, line: int) -> str:
    return _(
        "Line {line} of the settings file {path} is not valid TOML, so the game uses its "
        "defaults and leaves the file as it is."
    ).format(line=line, path=str(path))


def _wrong_setting(path: Path, line: int, name: str) -> str:
    return _(
        "Line {line} of the settings file {path} has a setting {name} the game does not know "
        "or a value it cannot take, so the game uses its defaults and leaves the file as it is."
    ).format(line=line, path=str(path), name=name)


_TABLE_LINE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-\s\"]+?)\s*\]")
_KEY_LINE = re.compile(r"^\s*\"?([A-Za-z0-9_\-]+)\"?\s*=")


def line_of(text: str, where: tuple[str, ...]) -> int:
    """The line (from 1) where the setting ``where`` (table names, then the key) is written;
    the table's line when the key is not found, else 1.

    >>> line_of("language = 'fi'\\n[display]\\n# a\\ntheme = 'x'\\n", ("display", "theme"))
    4
    >>> line_of("[keys]\\ndraw = 1\\n", ("keys", "draw"))
    2
    """
    table: tuple[str, ...] = ()
    table_line = 1
    for number, line in enumerate(text.splitlines(), start=1):
        header = _TABLE_LINE.match(line)
        if header:
            table = tuple(part.strip().strip('"') for part in header.group(1).split("."))
            if table == where[: len(table)] and table:
                table_line = number
            continue
        key = _KEY_LINE.match(line)
        if key and (*table, key.group(1)) == where[: len(table) + 1]:
            return number
    return table_line


def _moved_from_display_json(path: Path, data_dir: Path | None, move: bool) -> Config:
    """The settings of an older version's ``display.json``, written into a new settings file
    (the old file stays as it was); the defaults when there is none."""
    try:
        from rummy_tui.persistence.paths import data_dir as find_data_dir

        legacy = find_data_dir(data_dir) / LEGACY_FILE
        data = json.loads(legacy.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Config(path)
    if not isinstance(data, dict):
        return Config(path)
    old = _legacy_settings(data)
    if not move:
        return Config(path, _values_of(old))
    problem = write_settings(path, old)
    if problem is not None:
        return Config(path, _values_of(old), notes=(problem,))
    note = _("The display settings were moved from {old} to {new}.").format(
        old=str(legacy), new=str(path)
    )
    return Config(path, _values_of(old), notes=(note,))


def _legacy_settings(data: dict[str, Any]) -> DisplaySettings:
    language = data.get("language")
    return DisplaySettings(
        four_colour=bool(data.get("four_colour", False)),
        ascii_suits=bool(data.get("ascii_suits", False)),
        pack_letters=bool(data.get("pack_letters", False)),
        language=normalise_language(language) if isinstance(language, str) else None,
        turn_signal=data.get("turn_signal", True) is not False,
    )


def _values_of(settings: DisplaySettings) -> ConfigFile:
    from rummy_tui.ui.shell.config_schema import ConfigFile, DisplaySection

    return ConfigFile(language=settings.language, display=DisplaySection(**_display(settings)))


def _display(settings: DisplaySettings) -> dict[str, Any]:
    return {
        "four_colour": settings.four_colour,
        "ascii_suits": settings.ascii_suits,
        "pack_letters": settings.pack_letters,
        "turn_signal": settings.turn_signal,
        "theme": settings.theme,
    }


def write_settings(path: Path, settings: DisplaySettings) -> str | None:
    """Write the display settings and the language that differ from what the file says,
    keeping everything else of the file (comments, order, other tables); returns a one-line
    problem instead of raising. A file that cannot be read is never written over."""
    import tomlkit
    from tomlkit.exceptions import ParseError

    from rummy_tui.persistence.atomic import atomic_write
    from rummy_tui.persistence.paths import private_folder

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = FILE_HEADER
    except (OSError, UnicodeDecodeError) as error:
        return _not_saved(getattr(error, "strerror", None) or str(error))
    values, problem = parse_config(text, path)
    if values is None:
        return problem
    try:
        document = tomlkit.parse(text)
    except ParseError:  # pragma: no cover - the standard reader read it
        return _not_saved(str(path))
    _change(document, values, settings)
    try:
        private_folder(path.parent)
        atomic_write(path, tomlkit.dumps(document).encode("utf-8"))
    except OSError as error:
        return _not_saved(error.strerror or str(error))
    return None


def _change(document: Any, values: ConfigFile, settings: DisplaySettings) -> None:
    """Set in ``document`` the values of ``settings`` that differ from ``values``."""
    import tomlkit

    if settings.language != values.language:
        if settings.language is None:
            document.pop("language", None)
        else:
            document["language"] = settings.language
    old = values.display.model_dump()  # the file's values, its defaults filled in
    changed = {name: value for name, value in _display(settings).items() if old[name] != value}
    if not changed:
        return
    if "display" not in document:
        document["display"] = tomlkit.table()
    for name, value in changed.items():
        document["display"][name] = value


def start_language(requested: str | None = None, data_dir: Path | None = None) -> str:
    """Choose and switch to the game's language; returns its code.

    ``requested`` (``rummy --lang``) wins, else the language of the settings file, else the
    system locale's, else English.

    Raises:
        ValueError: For a requested language the game does not speak.
    """
    if requested is not None and normalise_language(requested) is None:
        set_language(requested)  # raises the one-sentence reason
    saved = read_config(data_dir=data_dir, move=False).display_settings().language
    return set_language(choose_language(requested, saved))


def _not_saved(reason: str) -> str:
    return _("Display settings were not saved: {reason}.").format(reason=reason)
