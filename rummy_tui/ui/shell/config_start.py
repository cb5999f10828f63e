"""What the settings file changes when the game starts: the theme, the keys in force, the
new-game menu's first choices, and one sentence for each thing in it the game cannot use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from rummy_tui.match.setup import MatchSetup, Seat
    from rummy_tui.ui.shell.config import Config
    from rummy_tui.ui.shell.data_folder import DataFolder
    from rummy_tui.ui.shell.settings import DisplaySettings


class Starting(Protocol):
    """The app, as the settings file's start sees it."""

    data: DataFolder
    theme: str

    @property
    def settings(self) -> DisplaySettings: ...

    @property
    def available_themes(self) -> Mapping[str, object]: ...

    def set_keymap(self, keymap: dict[str, str]) -> None: ...

    def notice(
        self, message: str, severity: SeverityLevel = "information", seconds: float = 6
    ) -> None: ...


PROBLEM_SECONDS = 30
"""How long a problem with the settings file stays on screen (a notice can be clicked away)."""


def apply_config(app: Starting) -> None:
    """Use the settings file's theme and keys; say what could not be used."""
    from rummy_tui.ui.shell.keymap import flat_keymap, keymap_problems

    config = app.data.config
    theme = app.settings.theme
    if theme in app.available_themes:
        app.theme = theme
    keymap = flat_keymap(config.keys)
    if keymap:
        app.set_keymap(keymap)
    for note in config.notes:
        app.notice(note)
    for problem in (config.problem, keymap_problems(keymap)):
        if problem:
            app.notice(problem, "warning", seconds=PROBLEM_SECONDS)


def default_table(config: Config) -> MatchSetup | None:
    """The match the new-game menu starts from when no table was played yet: the settings
    file's ``[new_game]`` variant, players and options (None: the menu's own defaults, also
    when the file's choice cannot be played, which the menu would refuse anyway)."""
    from rummy_tui.core import get_variant
    from rummy_tui.match.setup import MatchSetup, parse_players, read_options, variant_refusal

    chosen = config.new_game
    if chosen is None or chosen.variant is None or variant_refusal(chosen.variant) is not None:
        return None
    try:
        rules = get_variant(chosen.variant)
        options = {name: _option_text(value) for name, value in chosen.options.items()}
        rules = get_variant(chosen.variant, **read_options(rules, options))
        seats = parse_players(chosen.players) if chosen.players else _people(rules.min_players)
        return MatchSetup(rules=rules, seats=seats)
    except ValueError:
        return None


def _people(count: int) -> tuple[Seat, ...]:
    """``count`` people at the keyboard with the menu's own names for them."""
    from rummy_tui.match.setup import Seat, SeatKind
    from rummy_tui.ui.screens.setup_check import default_name

    return tuple(
        Seat(name=default_name(number, SeatKind.HUMAN), kind=SeatKind.HUMAN)
        for number in range(1, count + 1)
    )


def _option_text(value: bool | int | str) -> str:
    """An option's value as ``rummy new --option`` would have it typed."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
