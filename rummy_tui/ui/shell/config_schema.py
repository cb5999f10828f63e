"""The schema of the settings file (:mod:`rummy_tui.ui.shell.config`), checked with pydantic: a key
the game does not know, or a value of the wrong kind, makes the whole file unusable (the game
then says which line and uses its defaults)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rummy_tui.i18n import normalise_language
from rummy_tui.ui.shell.settings import DEFAULT_THEME, THEMES


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class DisplaySection(_Section):
    """``[display]``: how cards and the table look."""

    four_colour: bool = False
    ascii_suits: bool = False
    pack_letters: bool = False
    turn_signal: bool = True
    theme: str = DEFAULT_THEME

    @field_validator("theme")
    @classmethod
    def _known_theme(cls, theme: str) -> str:
        if theme not in THEMES:
            raise ValueError(theme)
        return theme


class NewGameSection(_Section):
    """``[new_game]``: what the new-game menu starts from."""

    variant: str | None = None
    players: str | None = None
    options: dict[str, bool | int | str] = Field(default_factory=dict)


class ConfigFile(_Section):
    """The whole settings file."""

    language: str | None = None
    display: DisplaySection = DisplaySection()
    new_game: NewGameSection = NewGameSection()
    keys: dict[str, dict[str, str]] = Field(default_factory=dict)

    @field_validator("language")
    @classmethod
    def _known_language(cls, language: str | None) -> str | None:
        if language is not None and normalise_language(language) is None:
            raise ValueError(language)
        return language
