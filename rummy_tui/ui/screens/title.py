"""The title screen: start, continue or load a match, read the rules or the records, or quit."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import (
    CONTINUE,
    HELP,
    JOIN_A_TABLE,
    KEYS,
    LOAD_A_SAVED_MATCH,
    NEW_GAME,
    PLAYER_RECORDS,
    QUIT,
    RULES,
    THIS_HELP,
)
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar

TITLE_ART = """\
█▀█ █ █ █▀▄▀█ █▀▄▀█ █▄█
█▀▄ █▄█ █ ▀ █ █ ▀ █  █ """

MENU_ENTRIES: tuple[tuple[str, str, str], ...] = (
    ("new", "N", NEW_GAME),
    ("continue", "C", N_("Continue the last match")),
    ("load", "L", LOAD_A_SAVED_MATCH),
    ("join", "J", JOIN_A_TABLE),
    ("rules", "R", RULES),
    ("records", "P", PLAYER_RECORDS),
    ("quit", "Q", QUIT),
)
"""(choice, shortcut key, label) of every menu entry, top to bottom; the labels are translated
when shown. The keys stay the same in every language, so a player's hands learn them once."""
MENU_HELP = N_("↑↓ and Enter, or press a letter")
"""How the menu is used, under it and on its help page."""


class TitleScreen(Screen[str]):
    """The first screen; dismisses with "new", "continue", "load", "join", "rules", "records"
    or "quit".

    Continue and Load are offered only when there are saved matches.
    """

    CSS_PATH = stylesheet_paths("title.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "title",
        [
            Binding("n", "choose('new')", NEW_GAME),
            Binding("c", "choose('continue')", CONTINUE),
            Binding("l", "choose('load')", N_("Load")),
            Binding("j", "choose('join')", N_("Join")),
            Binding("r", "choose('rules')", RULES),
            Binding("p", "choose('records')", N_("Records")),
            Binding("q", "choose('quit')", QUIT),
            Binding("question_mark", "help", HELP, key_display="?", tooltip=THIS_HELP),
        ],
    )

    def __init__(self, has_saves: bool) -> None:
        """Build the menu.

        Args:
            has_saves: Whether saved matches exist (offers Continue and Load).
        """
        super().__init__()
        self.has_saves = has_saves
        translate_bindings(self)

    @property
    def choices(self) -> tuple[str, ...]:
        """The menu entries offered, top to bottom."""
        return tuple(
            choice
            for choice, _key, _label in MENU_ENTRIES
            if self.has_saves or choice not in ("continue", "load")
        )

    def compose(self) -> ComposeResult:
        offered = self.choices
        options = [
            Option(f"[b]{key}[/b]  {_(label)}", id=choice)
            for choice, key, label in MENU_ENTRIES
            if choice in offered
        ]
        with Center(), Vertical(id="title-box"):
            yield Static(TITLE_ART, id="title-art")
            yield Static(_("Hot-seat rummy for 2 to 12 players"), id="title-tagline")
            yield OptionList(*options, id="title-menu")
            yield Static(_(MENU_HELP), id="title-help")
        yield KeyBar()

    def on_mount(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        menu.highlighted = 0
        menu.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the Continue and Load keys when there is nothing saved."""
        hidden = action == "choose" and bool(parameters) and parameters[0] not in self.choices
        return not hidden

    def action_choose(self, choice: str) -> None:
        """Leave the title screen with a menu choice."""
        if choice in self.choices:
            self.dismiss(choice)

    def action_help(self) -> None:
        """The title screen's keys, from its own bindings (and the app's Ctrl+Q)."""
        from rich.console import Group
        from rich.text import Text

        from rummy_tui.ui.play.key_help import key_rows, keys_table
        from rummy_tui.ui.screens.prompt import TextScreen

        rows = key_rows(self) + key_rows(self.app)
        body = Group(keys_table(rows), Text("\n" + _(MENU_HELP)))
        self.app.push_screen(TextScreen(_(KEYS), body))

    @on(OptionList.OptionSelected, "#title-menu")
    def _menu_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.action_choose(event.option_id)
