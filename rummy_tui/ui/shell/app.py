"""The Textual application: it composes the parts and routes between them.

``make_app`` builds the app, ``run_app`` runs it in the terminal. The app shows the menus
(title, new game, load, rules, records), seats a match with
:class:`~rummy_tui.ui.play.opening.MatchOpener`, and keeps one
:class:`~rummy_tui.ui.play.session.MatchSession` while a match is at the table; the table's
messages go to the session itself, not through the app. The app is the session's
:class:`~rummy_tui.ui.shell.host.TableHost`. What it keeps on disk is a
:class:`~rummy_tui.ui.shell.data_folder.DataFolder`; a language switch redraws every screen
through :mod:`rummy_tui.ui.shell.language_switch`.

This module imports only Textual at load time: the rules engine, the saves and the table are
imported when first needed, so the title screen appears as fast as a bare Textual app's.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen

from rummy_tui.i18n import N_, _, on_language_change
from rummy_tui.i18n.labels import QUIT
from rummy_tui.ui.shell import startup
from rummy_tui.ui.shell.assets import stylesheet_path
from rummy_tui.ui.shell.data_folder import DataFolder
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.startup import Start
from rummy_tui.ui.shell.translate import translate_bindings, translate_focused

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence import SaveStore
    from rummy_tui.ui.play.key_help import KeyRow
    from rummy_tui.ui.play.match_end_messages import MatchEnd
    from rummy_tui.ui.play.opening import MatchOpener
    from rummy_tui.ui.play.session import MatchSession
    from rummy_tui.ui.screens.new_game import NewGameScreen
    from rummy_tui.ui.screens.setup_check import MenuChoices
    from rummy_tui.ui.shell.settings import DisplaySettings

__all__ = ["RummyApp", "Start", "make_app", "run_app", "window_title_sequence"]


YOUR_TURN_TITLE = N_("Your turn — Rummy")
"""The window title of a seat's own screen while it is that seat's turn."""


def window_title_sequence(title: str) -> str:
    r"""The terminal's window title set to ``title`` (OSC 2, ended by BEL), the title cleaned
    of anything that could end the sequence or start another.

    >>> window_title_sequence("Rummy")
    '\x1b]2;Rummy\x07'
    """
    from rummy_tui.i18n.outside_text import clean

    return f"\x1b]2;{clean(title)}\x07"


class RummyApp(App[int]):
    """Hot-seat rummy at one keyboard."""

    TITLE = "Rummy"
    ENABLE_COMMAND_PALETTE = True
    """Ctrl+P: the game's public commands only (:mod:`rummy_tui.ui.shell.commands`), never
    Textual's screenshot."""
    CSS_PATH = stylesheet_path()
    BINDINGS: ClassVar[list[BindingType]] = named(
        "app",
        [
            Binding(
                "ctrl+q",
                "quit",
                QUIT,
                show=False,
                priority=True,
                key_display="Ctrl+Q",
                tooltip=N_("quit at once"),
            ),
            Binding(
                "ctrl+p",
                "command_palette",
                N_("Commands"),
                show=False,
                priority=True,
                key_display="Ctrl+P",
                tooltip=N_("the command palette: help, rules, score sheet, log, language, theme"),
                id="commands",
            ),
            Binding(
                "f1",
                "show_guide",
                N_("Guide"),
                show=False,
                key_display="F1",
                tooltip=N_("the player's guide"),
                id="guide",
            ),
        ],
    )
    """Textual's Ctrl+Q and Ctrl+P, and F1 for the guide, in the game's words (the help lists
    them on every page)."""

    def __init__(
        self,
        start: Start = "title",
        setup: MatchSetup | None = None,
        game: Game | None = None,
        save_name: str | None = None,
        data_dir: Path | None = None,
        autosave: bool = True,
        settings: DisplaySettings | None = None,
        join_code: str = "",
        guest: bool = False,
        on_join: Callable[[str], None] | None = None,
        guide_page: str = "index",
        replay_deal: int | None = None,
    ) -> None:
        super().__init__()
        self.start_replay_deal = replay_deal
        """The deal ``rummy replay NAME --deal N`` opens (None: the first finished one)."""
        translate_bindings(self)  # Ctrl+P's words in the footer, in the player's language
        self.start_guide_page = guide_page
        self.guest = guest
        """A guest's window (a browser tab without the host's token): the join prompt and the
        seat it opens, nothing else (no title, menus, saves, records or settings)."""
        self.on_join = on_join
        """Told the code that opened this window's seat (a served window's server)."""
        self.start_mode: Start = "join" if guest else start
        self.start_join_code = join_code
        self.start_setup = setup
        self.start_game = game
        self.start_save = save_name
        self.data = DataFolder(data_dir, settings, writes_settings=not guest)
        """Display settings, saves and records of the data folder."""
        self.data_dir = self.data.folder
        self.autosave = autosave
        self.session: MatchSession | None = None
        """The match at the table (None without one)."""
        self._stop_listening: Callable[[], None] | None = None
        self.new_game_draft: MenuChoices | None = None
        """The new-game menu's choices left with Esc, for its next opening in this run (kept
        in memory only: ``last_table.json`` stays the last table played)."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands: the game's public ones only."""
        from rummy_tui.ui.shell.commands import public_commands

        return public_commands(self)

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette of public commands, in the player's language."""
        from textual.command import CommandPalette

        if not CommandPalette.is_open(self):  # type: ignore[arg-type]
            palette = CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
            self.push_screen(palette)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's colours in the theme in force (``$game-felt`` and the others of
        :mod:`rummy_tui.ui.shell.palette`)."""
        from rummy_tui.ui.shell.palette import theme_colours

        return theme_colours(self.current_theme)

    # ------------------------------------------------------------------ shared services

    @property
    def _background_screens(self) -> list[Screen[Any]]:
        """The screens under the top one that show through it: none under an opaque screen
        (Textual counts the screen just under the top one whatever covers it, so the table
        under a hand-off would be laid out and painted again for every change made to it
        there, and each time the hand-off repainted over it; it is laid out once it is back
        on top instead). A pop-up's dimmed background still shows the screen under it."""
        stack = self._screen_stack
        if stack and stack[-1].styles.background.a == 1:
            return []
        return super()._background_screens

    @cached_property
    def opener(self) -> MatchOpener:
        """What seats a match: new, continued or loaded (made when first used)."""
        from rummy_tui.ui.play.opening import MatchOpener

        return MatchOpener(self, self._seat, joined=self.on_join)

    def _seat(self, session: MatchSession) -> None:
        """The match ``session`` is at the table now."""
        self.session = session

    @property
    def settings(self) -> DisplaySettings:
        """How cards are drawn."""
        return self.data.settings

    def store(self) -> SaveStore | None:
        """The save store (opened once), or None when saving is not possible."""
        return self.data.store()

    def notice(
        self, message: str, severity: SeverityLevel = "information", seconds: float = 6
    ) -> None:
        """Show a notice (never raises)."""
        from rummy_tui.i18n.outside_text import notify

        with contextlib.suppress(Exception):
            notify(self, message, severity=severity, timeout=seconds)

    # ------------------------------------------------------------------ the table's host

    def show_screen(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Put ``screen`` on top; ``then`` gets its result when it is dismissed."""
        self.push_screen(screen, then)

    def is_on_top(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` is the screen on top."""
        return self.screen is screen

    def top_screen(self) -> Screen[Any]:
        """The screen on top."""
        return self.screen

    def take_down(self, screen: Screen[Any]) -> None:
        """Put ``screen`` away if it is on top (its answer is dropped unread)."""
        if self.screen is screen and len(self.screen_stack) > 1:
            self.pop_screen()

    def signal_turn(self, mine: bool) -> None:
        """Whether it is this screen's turn now (a seat's own screen): when its turn starts,
        the bell rings once and the window title says so; afterwards the title is the game's
        again. The app's title is the same text; the terminal gets it as an OSC 2 sequence."""
        title = _(YOUR_TURN_TITLE) if mine else self.TITLE
        if title == self.title:
            return
        self.title = title
        if mine:
            self.bell()
        if not self.is_headless and self._driver is not None:
            with contextlib.suppress(Exception):
                self._driver.write(window_title_sequence(title))

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        """Run ``work`` in a worker thread of ``group`` (its errors are not fatal)."""
        self.run_worker(work, thread=True, group=group, exit_on_error=False)

    def from_thread(self, callback: Callable[..., None], *arguments: Any) -> None:
        self.call_from_thread(callback, *arguments)

    def soon(self, callback: Callable[..., None], *arguments: Any) -> None:
        self.call_later(callback, *arguments)

    def own_keys(self) -> list[KeyRow]:
        """The rows of the app's own keys for the help (Ctrl+Q)."""
        from rummy_tui.ui.play.key_help import key_rows

        return key_rows(self)

    def quit_game(self) -> None:
        """Leave the game."""
        self.exit(0)

    def begin_match(self, setup: MatchSetup, game: Game) -> None:
        """Seat a new match (not for a guest: the join prompt instead)."""
        if self.guest:
            self.show_title()
            return
        if self.session is not None:
            # The match left behind (a deal played again from its replay) moves no more:
            # its save holds every move it made.
            self.session.stop_bots()
        self.opener.begin_match(setup, game)

    def _fatal_error(self) -> None:
        """An unexpected error: no traceback on the player's screen (see
        :func:`rummy_tui.ui.shell.exit_guard.last_words`)."""
        from rummy_tui.ui.shell.exit_guard import last_words

        saved = self.session is not None and self.session.holds_last_move()
        if not last_words(self, self._exception, self.data_dir, saved):
            super()._fatal_error()  # pragma: no cover - a Textual without these internals

    # ------------------------------------------------------------------ start and language

    def on_load(self) -> None:
        """The title screen goes up before the app's first layout, over the app's default
        (blank) screen as :meth:`show_title` leaves it, so its first frame is drawn at once
        (pushed at mount, a blank frame would be laid out first). The settings file's theme
        and keys are in force from the first frame."""
        from rummy_tui.ui.shell.config_start import apply_config

        apply_config(self)
        if self.start_mode == "title":
            self.push_screen(self.get_default_screen())
            self._start()

    def on_mount(self) -> None:
        self._stop_listening = on_language_change(self._language_changed)
        self._end_on_termination()
        if self.start_mode != "title":
            self._start()
        if self.autosave and not self.guest and self.data.has_unrecorded():
            # After the first frame: opening the records loads the rules engine.
            self.call_after_refresh(self._record_unrecorded)

    def _start(self) -> None:
        """Show the first screen; a problem shows the title screen with a notice, never a
        traceback."""
        try:
            self._route_start()
        except Exception as error:  # no traceback reaches the player
            self.notice(
                _("Something went wrong while starting: {error}").format(error=error), "error"
            )
            self.show_title()

    def _route_start(self) -> None:
        mode = self.start_mode
        if mode == "new":
            if self.start_setup is None and self.start_game is None:
                self.show_new_game()
            else:
                self.opener.begin_match(self.start_setup, self.start_game)
        elif mode == "continue":
            self.opener.continue_latest()
        elif mode == "join":
            self.opener.show_join(self.start_join_code)
        elif mode == "guide":
            self.show_guide(self.start_guide_page, then=lambda _closed: self.exit(0))
        elif mode == "replay" and self.start_save is not None:
            self.opener.replay_match(self.start_save, self.start_replay_deal)
        elif mode == "load":
            if self.start_save is None:
                self.show_load()
            else:
                self.opener.load_match(self.start_save)
        else:
            self.show_title()

    def _record_unrecorded(self) -> None:
        """Record the finished matches that waited, in the background."""
        self.data.records()  # opened here, so the worker does not race the screens for it
        self.run_worker(
            self.data.record_unrecorded, thread=True, group="records", exit_on_error=False
        )

    def _end_on_termination(self) -> None:
        """SIGTERM and SIGHUP end the game as Ctrl+Q does (in a real terminal only)."""
        if not self.is_headless:
            from rummy_tui.ui.shell.exit_guard import on_termination

            on_termination(self._terminated)

    def _terminated(self) -> None:
        """Told to end by the system: save what there is to save and quit, asking nothing.
        The terminal may be gone (SIGHUP), and Textual's last writes to it can then wait for
        ever (seen after a tmux session was killed: the process kept the match's lock), so
        once the match is saved the process ends within a few seconds anyway."""
        from rummy_tui.ui.shell.exit_guard import EXIT_GRACE, end_after

        with contextlib.suppress(Exception):
            self.save_now()
        end_after(EXIT_GRACE)
        self.exit(0)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget took the focus: its keys reach the footer in the player's language. A
        widget whose screen has gone by the time the event arrives (a dialog answered as the
        screens under it were cleared: "deal again" starting a new match) has no keys to
        show."""
        from textual.dom import NoScreen

        with contextlib.suppress(NoScreen):
            translate_focused(event.widget)

    def action_help_quit(self) -> None:
        """Ctrl+C, which does not quit: say which key does, in the player's language."""
        self.notify(
            _("Press {key} to quit.").format(key="Ctrl+Q"),
            title=_("Do you want to quit?"),
            markup=False,
        )

    def _language_changed(self, language: str) -> None:
        """Another language was chosen: every open screen speaks it now."""
        if not self.is_running:  # an app that has ended stops listening
            self._stop_language_listening()
            return
        from rummy_tui.ui.shell.language_switch import retranslate

        retranslate(self, language)
        if self.session is not None:
            self.session.language_changed()

    def _stop_language_listening(self) -> None:
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None

    # ------------------------------------------------------------------ menus

    def clear_screens(self) -> None:
        """Back to the bottom of the screen stack; the match at the table (if any) is put away."""
        session, self.session = self.session, None
        if session is not None:
            session.stop_bots()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if session is not None:
            session.close()  # another window may open the match now

    def show_title(self) -> None:
        """The title screen (for a guest: the join prompt again)."""
        from rummy_tui.ui.screens.title import TitleScreen

        if self.guest:
            self.opener.show_join()
            return
        self.clear_screens()
        # Pushed from the app's own message queue: a screen's choice goes back to the screen
        # that asked for it, and the screen that asked for the title (the end of a deal, the
        # leave menu) has just been put away, so its answer would never arrive.
        self.call_next(self.push_screen, TitleScreen(self.data.has_saves()), self._title_chosen)
        self.call_after_refresh(startup.preload, self)

    def _title_chosen(self, choice: str | None) -> None:
        if choice == "new":
            self.show_new_game()
        elif choice == "continue":
            self.opener.continue_latest()
        elif choice == "load":
            self.show_load()
        elif choice == "rules":
            self.show_rules(back_to_title=True)
        elif choice == "records":
            self.show_records()
        elif choice == "join":
            self.opener.show_join()
        else:
            self.exit(0)

    def show_new_game(self) -> None:
        """The new-game menu, starting from the last table played; its MatchSetup starts the
        match (not for a guest)."""
        if self.guest:
            self.show_title()
            return
        from rummy_tui.persistence.last_table import last_table
        from rummy_tui.ui.screens.new_game import NewGameScreen
        from rummy_tui.ui.shell.config_start import default_table

        last = last_table(self.data_dir) or default_table(self.data.config)
        menu = NewGameScreen(last, draft=self.new_game_draft)

        def chosen(setup: MatchSetup | None) -> None:
            self.new_game_draft = menu.draft
            if setup is None:
                self.show_title()
            else:
                self.opener.begin_match(setup)

        self.push_screen(menu, chosen)

    def on_new_game_screen_clear_table(self, _message: NewGameScreen.ClearTable) -> None:
        """The menu's Clear: forget the last table and start the menu over from the
        defaults."""
        from rummy_tui.persistence.last_table import clear_last_table

        clear_last_table(self.data_dir)
        self.new_game_draft = None
        self.clear_screens()
        self.show_new_game()

    def show_load(self) -> None:
        """The list of saved matches (not for a guest)."""
        if self.guest:
            self.show_title()
            return
        store = self.store()
        if store is None:
            self.notice(self.data.why_not_saving(), "error")
            self.show_title()
            return
        from rummy_tui.ui.screens.load import LoadScreen

        def chosen(name: str | None) -> None:
            if name is None:
                self.show_title()
            else:
                self.opener.load_match(name)

        self.push_screen(LoadScreen(store), chosen)

    def show_rules(self, back_to_title: bool = False) -> None:
        """The rules of the variant being played (of Classic Rummy from the title)."""
        from rummy_tui.core import get_variant
        from rummy_tui.ui.screens.rules_help import RulesScreen

        session = self.session
        rules = session.game.rules if session is not None else get_variant("classic")

        def closed(_result: object = None) -> None:
            if back_to_title:
                self.show_title()

        self.push_screen(RulesScreen(rules), closed)

    def show_help(self) -> None:
        """The keys, the display switches and the rules (of the match at the table, if any)."""
        if self.session is not None:
            self.session.show_help()
            return
        from rummy_tui.ui.play.table_menus import show_help

        show_help(self)

    def action_show_guide(self) -> None:
        """F1: the player's guide over whatever is on screen."""
        self.show_guide()

    def show_guide(self, page: str = "index", then: Callable[[object], None] | None = None) -> None:
        """The player's guide at ``page`` (``then`` runs when it closes)."""
        from rummy_tui.ui.screens.guide import GuideScreen

        if not isinstance(self.screen, GuideScreen):
            self.push_screen(GuideScreen(page), then)

    def show_records(self) -> None:
        """Every player's record (the Records screen), back to the title when closed (not for
        a guest)."""
        from rummy_tui.ui.screens.records import RecordsScreen

        if self.guest:
            self.show_title()
            return
        self.clear_screens()
        if self.data.has_unrecorded():
            self.data.record_unrecorded()
        self.push_screen(RecordsScreen(self.data.records()), lambda _: self.show_title())

    # ------------------------------------------------------------------ messages from screens

    def on_match_end_play_again(self, _message: MatchEnd.PlayAgain) -> None:
        """Play again: same players and options, seats turned by one, a fresh shuffle."""
        if self.session is None:
            self.show_title()
        else:
            self.session.play_again()

    def on_match_end_new_game(self, _message: MatchEnd.NewGame) -> None:
        """The new-game menu (it starts from the table just played)."""
        self.clear_screens()
        self.show_new_game()

    def on_match_end_title(self, _message: MatchEnd.Title) -> None:
        """Back to the title screen."""
        self.show_title()

    # ------------------------------------------------------------------ leaving

    def save_now(self) -> None:
        """Save the match with the players' hand orders (when leaving the table)."""
        if self.session is not None:
            self.session.save_now()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Leave the app; a computer player still thinking stops at once."""
        if self.session is not None:
            self.session.stop_bots()
        self._stop_language_listening()
        super().exit(*args, **kwargs)

    async def action_quit(self) -> None:
        """Ctrl+Q: save what there is to save and quit (asking first if it is not saved)."""
        self.save_now()
        if self.session is not None and self.session.unsaved:
            self.session.leave_table()
            return
        self.exit(0)


def make_app(
    setup: MatchSetup | None = None,
    game: Game | None = None,
    save_name: str | None = None,
    data_dir: Path | None = None,
    start: Start | None = None,
    autosave: bool = True,
    settings: DisplaySettings | None = None,
    join_code: str = "",
    guest: bool = False,
    on_join: Callable[[str], None] | None = None,
    guide_page: str = "index",
    replay_deal: int | None = None,
) -> RummyApp:
    """Build the app.

    Args:
        setup: The match to start (skips the menus).
        game: A game already dealt (tests: a stacked deck); its setup is made up if missing.
        save_name: The save to resume (start "load").
        data_dir: Where saves and display settings live (None: RUMMY_DATA_DIR or the user
            data folder).
        start: "title", "new", "continue" or "load"; by default "new" when a setup or game is
            given, "load" with a save name, else "title".
        autosave: Save after every action (tests may switch it off).
        settings: Display settings (None: read from the data folder).
        join_code: The join code to try first (start "join").
        guest: The join prompt and the seat it opens, nothing else (a browser tab's window).
        on_join: Told the code that opened the seat (a browser tab's server).
        replay_deal: With start "replay", the deal to open (None: the first finished one).
    """
    return RummyApp(
        start=start or startup.choose_start(setup, game, save_name),
        setup=setup,
        game=game,
        save_name=save_name,
        data_dir=data_dir,
        autosave=autosave,
        settings=settings,
        join_code=join_code,
        guest=guest,
        on_join=on_join,
        guide_page=guide_page,
        replay_deal=replay_deal,
    )


def run_app(
    start: Start = "title",
    setup: MatchSetup | None = None,
    save_name: str | None = None,
    data_dir: Path | None = None,
    join_code: str = "",
    guest: bool = False,
    on_join: Callable[[str], None] | None = None,
    guide_page: str = "index",
    replay_deal: int | None = None,
    replay: tuple[str, int | None] | None = None,
) -> int:
    """Run the game in the terminal until the players quit; returns the exit code.

    ``replay``: the save's name and the deal (None: the first finished deal) that ``rummy
    replay NAME [--deal N]`` opens the replay at.
    """
    if replay is not None:  # read without a lock; a replay changes no save and no record
        start, save_name, replay_deal = "replay", replay[0], replay[1]
    app = make_app(
        replay_deal=replay_deal,
        setup=setup,
        save_name=save_name,
        data_dir=data_dir,
        start=start,
        join_code=join_code,
        guest=guest,
        on_join=on_join,
        guide_page=guide_page,
    )
    result = app.run()
    return int(result or 0) if app.return_code is None else int(app.return_code)
