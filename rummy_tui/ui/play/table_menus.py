"""The menus over the table: leaving it, the help with the display switches, the hint and the
score sheet.

They open over the table screen through the :class:`~rummy_tui.ui.shell.host.TableHost` and hand
their answer back (to the title screen, quit, or back to the table); none of them changes the
game. The match session calls them with what they show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from rummy_tui.i18n import _
from rummy_tui.i18n.labels import BACK_TO_THE_TABLE, HINT

if TYPE_CHECKING:
    from textual.binding import Binding

    from rummy_tui.bots import Hint
    from rummy_tui.core import Game, RuleSet
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.play.controller import Controller
    from rummy_tui.ui.play.replaying import ReplaySource
    from rummy_tui.ui.play.table_keys import Wish
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost
    from rummy_tui.ui.shell.settings import DisplaySettings

Restyle = Callable[["DisplaySettings"], None]
"""Redraws the table with new display settings."""


class MenusTable(Protocol):
    """The match session, as the menus over its table see it."""

    host: TableHost
    setup: MatchSetup
    game: Game
    controller: Controller
    table: TableScreen

    def replay_source(self) -> ReplaySource:
        """The match at the table, for its replay."""
        ...

    keyboard_seat: int | None

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table."""
        ...

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw the table with new display settings."""
        ...

    def show_own_screens(self) -> None:
        """The list of the people's seats and where they are played."""
        ...


def over_table(session: MenusTable, wish: Wish) -> None:
    """The menu a key of the table asked for: the hint for the player at the keyboard, the
    help, the score sheet, the leave menu or the list of own screens."""
    host = session.host
    if wish == "hint":
        if session.keyboard_seat is not None:
            show_hint(host, session.controller.hint_for(session.keyboard_seat))
    elif wish == "help":
        table_help(session)
    elif wish == "sheet":
        show_sheet(host, session.game, session.replay_source())
    elif wish == "screens":
        session.show_own_screens()
    else:
        session.leave_table()


def table_help(session: MenusTable) -> None:
    """The help over a match's table: its variant's keys, the display switches and its rules."""
    game = session.game
    rules, hints, seed = game.rules, session.setup.hints, game.state.seed
    show_help(session.host, session.table, rules, hints, seed, session.restyle)


def leave_table(
    host: TableHost,
    note: str,
    save_now: Callable[[], None],
    on_cancel: Callable[[], object] | None = None,
) -> None:
    """Ask whether to leave the table; ``note`` says how the match is saved (it is saved after
    every move, and once more on leaving)."""
    from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

    choices = [
        Choice(_(BACK_TO_THE_TABLE), "stay"),
        Choice(_("Leave to the title screen"), "title"),
        Choice(_("Quit the game"), "quit"),
    ]

    def chosen(choice: str | None) -> None:
        if choice in ("title", "quit"):
            save_now()
        if choice == "title":
            host.show_title()
        elif choice == "quit":
            host.quit_game()
        elif on_cancel is not None:
            on_cancel()

    host.show_screen(ChoiceScreen(_("Leave the table?"), choices, note), chosen)


def show_help(
    host: TableHost,
    table: TableScreen | None = None,
    rules: RuleSet | None = None,
    hints: bool = False,
    seed: int | None = None,
    restyle: Restyle | None = None,
) -> None:
    """The keys (at a table: every key the variant has, whatever the moment of the turn allows
    now), the display switches and the rules."""
    from rummy_tui.core.seat_options import variant_options
    from rummy_tui.ui.play.key_help import action_name, key_rows
    from rummy_tui.ui.play.table_keys import seat_key_on, table_offers
    from rummy_tui.ui.screens.prompt import HelpScreen, help_text

    rows = []
    if table is not None and rules is not None:
        moves = variant_options(rules).moves
        seats = table.manages_seats

        def offered(binding: Binding) -> bool:
            name = action_name(binding)
            return table_offers(name, moves, hints) and seat_key_on(name, seats)

        rows = key_rows(table, offered)
        rows += host.own_keys()

    def chosen(choice: str | None) -> None:
        if choice in ("four_colour", "ascii_suits", "pack_letters", "turn_signal"):
            toggle_setting(host, choice, restyle)
        elif choice == "language":
            next_language(host, restyle)
        elif choice == "theme":
            choose_theme(host, restyle)
        elif choice == "rules":
            host.show_rules()

    host.show_screen(HelpScreen(help_text(rows, rules, host.settings, seed)), chosen)


def toggle_setting(host: TableHost, name: str, restyle: Restyle | None = None) -> None:
    """Flip a display switch, keep it, and redraw."""
    settings = host.settings.toggled(name)
    line = settings.signal_line() if name == "turn_signal" else settings.describe()
    _keep_settings(host, settings, line, restyle)


def choose_theme(host: TableHost, restyle: Restyle | None = None) -> None:
    """The list of colour themes (the one in force first); the one chosen is used at once,
    kept in the settings file, and the table redrawn in it."""
    from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen
    from rummy_tui.ui.shell.settings import THEMES

    now = host.settings.theme
    names = [now, *(name for name in THEMES if name != now)]

    def chosen(theme: str | None) -> None:
        if theme is None or theme == now:
            return
        host.top_screen().app.theme = theme
        settings = host.settings.with_theme(theme)
        _keep_settings(host, settings, _("Theme: {name}.").format(name=theme), restyle)

    choices = [Choice(name, name) for name in names]
    note = _("ansi-dark and ansi-light use the terminal's own colours.")
    host.show_screen(ChoiceScreen(_("Colour theme"), choices, note), chosen)


def next_language(host: TableHost, restyle: Restyle | None = None) -> None:
    """Speak the next language (English, Finnish, Russian, round again), keep the choice with
    the display settings, and redraw."""
    from rummy_tui.i18n import LANGUAGE_NAMES, LANGUAGES, current_language, set_language

    code = LANGUAGES[(LANGUAGES.index(current_language()) + 1) % len(LANGUAGES)]
    set_language(code)
    settings = host.settings.with_language(code)
    _keep_settings(
        host, settings, _("Language: {name}.").format(name=LANGUAGE_NAMES[code]), restyle
    )


def _keep_settings(
    host: TableHost, settings: DisplaySettings, line: str, restyle: Restyle | None
) -> None:
    """Use and save ``settings``, say ``line`` (and any problem saving), redraw."""
    problem = host.data.keep_settings(settings)
    if problem:
        host.notice(problem, "warning")
    host.notice(line)
    if restyle is not None:
        restyle(settings)


def show_sheet(host: TableHost, game: Game, source: ReplaySource | None = None) -> None:
    """The score sheet of the match at the table (public, P-5); with ``source``, its
    finished deals are replayed from it (only what was public, and each deal's reveal)."""
    from rummy_tui.match.sheet import score_sheet
    from rummy_tui.ui.play.replaying import replay_opener
    from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

    replay = replay_opener(host, source) if source is not None else None
    host.show_screen(ScoreSheetScreen(score_sheet(game), host.settings, replay=replay))


def show_hint(host: TableHost, found: Hint | str) -> None:
    """What the hint engine suggests for the player at the keyboard (or why there is none)."""
    from rummy_tui.ui.screens.prompt import TextScreen, hint_text

    host.show_screen(TextScreen(_(HINT), hint_text(found, host.settings)))
