"""The Textual application: screens in order, turn flow, computer players and autosave.

``make_app`` builds the app, ``run_app`` runs it in the terminal. The app decides which screen
comes next (title, cut, hand-off, table, end of deal); the table screen turns keys into actions;
the :class:`~rummy_tui.ui.controller.Controller` applies them and saves the match.

This module imports only Textual at load time: the rules engine, the saves and the table are
imported when first needed, so the title screen appears as fast as a bare Textual app's.
"""

from __future__ import annotations

import contextlib
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from textual.app import App

if TYPE_CHECKING:
    from rummy_tui.core import Action, Game
    from rummy_tui.match_setup import MatchSetup
    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.settings import DisplaySettings

Start = Literal["title", "new", "continue", "load"]


def stylesheet_path() -> Path | None:
    """The shared stylesheet: packaged as ``rummy_tui.assets``, else the source tree's
    ``assets/`` folder."""
    try:
        from importlib.resources import files

        packaged = files("rummy_tui.assets").joinpath("app.tcss")
        if packaged.is_file():
            return Path(str(packaged))
    except (ImportError, ModuleNotFoundError, TypeError, ValueError):
        pass
    source = Path(__file__).resolve().parents[2] / "assets" / "app.tcss"
    return source if source.is_file() else None


class RummyApp(App[int]):
    """Hot-seat rummy at one keyboard."""

    TITLE = "Rummy"
    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = stylesheet_path()

    def __init__(
        self,
        start: Start = "title",
        setup: MatchSetup | None = None,
        game: Game | None = None,
        save_name: str | None = None,
        data_dir: Path | None = None,
        autosave: bool = True,
        settings: DisplaySettings | None = None,
    ) -> None:
        super().__init__()
        self.start_mode: Start = start
        self.start_setup = setup
        self.start_game = game
        self.start_save = save_name
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self.autosave = autosave
        self._settings = settings
        self.controller: Controller | None = None
        self.table: TableScreen | None = None
        self.keyboard_seat: int | None = None
        """The human whose hand was last shown (no hand-off while they keep the keyboard)."""
        self.handoff_due = False
        """A resumed match: the first person to play gets a hand-off even when computer
        players move first (nobody knows who sat down at the keyboard)."""
        self._bot_token = 0
        self._bot_waiting: tuple[int, Action | None, str | None] | None = None
        """A computer's move chosen while a screen (menu, help, hint) covered the table: it is
        made when the table is back on top."""
        self._store: Any = None
        self._store_problem: str | None = None
        self._store_opened = False

    # ------------------------------------------------------------------ settings and store

    @property
    def settings(self) -> DisplaySettings:
        """How cards are drawn."""
        if self._settings is None:
            from rummy_tui.ui.settings import load_settings, settings_path

            self._settings = load_settings(settings_path(self.data_dir))
        return self._settings

    def store(self) -> Any:
        """The save store (opened once), or None when saving is not possible."""
        if not self._store_opened:
            self._store_opened = True
            from rummy_tui.ui.controller import open_store

            self._store, self._store_problem = open_store(self.data_dir)
        return self._store

    def notice(self, message: str, severity: str = "information") -> None:
        """Show a notice (never raises)."""
        with contextlib.suppress(Exception):
            self.notify(message, severity=severity, timeout=6, markup=False)  # type: ignore[arg-type]

    def _fatal_error(self) -> None:
        """An unexpected error: no traceback on the player's screen. The details go to
        ``crash.log`` in the data folder; the match was saved after its last move."""
        from rummy_tui.crash import write_crash_log

        error = self._exception
        path = write_crash_log(error, self.data_dir)
        where = f" (details in {path})" if path is not None else ""
        message = (
            f"rummy: something went wrong: {error}{where}.\n"
            "The match was saved after the last move: `rummy continue` picks it up again."
        )
        try:
            from rich.text import Text

            self.bell()
            self._exit_renderables.append(Text(message))
            self._close_messages_no_wait()
        except AttributeError:  # pragma: no cover - a Textual without these internals
            super()._fatal_error()

    # ------------------------------------------------------------------ start

    def on_mount(self) -> None:
        try:
            self._start()
        except Exception as error:  # no traceback reaches the player
            self.notice(f"Something went wrong while starting: {error}", "error")
            self.show_title()

    def _start(self) -> None:
        if self.start_mode == "new":
            if self.start_setup is None and self.start_game is None:
                self.show_new_game()
            else:
                self.begin_match(self.start_setup, self.start_game)
        elif self.start_mode == "continue":
            self.continue_latest()
        elif self.start_mode == "load":
            if self.start_save is None:
                self.show_load()
            else:
                self.load_match(self.start_save)
        else:
            self.show_title()

    # ------------------------------------------------------------------ menus (engineer B)

    def _clear_screens(self) -> None:
        self._bot_token += 1
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.table = None
        self.controller = None

    def show_title(self) -> None:
        """The title screen; without it (not installed) the app exits."""
        self._clear_screens()
        try:
            from rummy_tui.ui.screens.title import TitleScreen
        except ImportError:
            self.exit(0)
            return
        self.push_screen(TitleScreen(self.has_saves()), self._title_chosen)
        self.call_after_refresh(self._preload)

    def has_saves(self) -> bool:
        """Whether any match is saved: a glance at the saves folder, so the title screen does
        not wait for the save store (and the rules engine) to load."""
        if self._store_opened and self._store is not None:
            try:
                return bool(self._store.list())
            except Exception:
                return False
        try:
            from rummy_tui.paths import saves_dir

            folder = saves_dir(self.data_dir)
            return folder.is_dir() and any(folder.glob("*.json"))
        except Exception:
            return False

    def _preload(self) -> None:
        """Load the rules engine and the save store in the background once the first screen
        is up, so the next screen does not wait for them."""
        self.run_worker(_preload_modules, thread=True, group="preload", exit_on_error=False)

    def _title_chosen(self, choice: str | None) -> None:
        if choice == "new":
            self.show_new_game()
        elif choice == "continue":
            self.continue_latest()
        elif choice == "load":
            self.show_load()
        elif choice == "rules":
            self.show_rules(back_to_title=True)
        else:
            self.exit(0)

    def show_new_game(self) -> None:
        """The new-game menu; its MatchSetup starts the match."""
        try:
            from rummy_tui.ui.screens.new_game import NewGameScreen
        except ImportError:
            self.notice("The new-game menu is not available.", "error")
            self.exit(1)
            return

        def chosen(setup: MatchSetup | None) -> None:
            if setup is None:
                self.show_title()
            else:
                self.begin_match(setup)

        self.push_screen(NewGameScreen(), chosen)

    def show_load(self) -> None:
        """The list of saved matches."""
        store = self.store()
        if store is None:
            self.notice(self._store_problem or "Saving is not possible.", "error")
            self.show_title()
            return
        try:
            from rummy_tui.ui.screens.load import LoadScreen
        except ImportError:
            self.notice("The load menu is not available.", "error")
            self.show_title()
            return

        def chosen(name: str | None) -> None:
            if name is None:
                self.show_title()
            else:
                self.load_match(name)

        self.push_screen(LoadScreen(store), chosen)

    def show_rules(self, back_to_title: bool = False) -> None:
        """The rules of the variant being played (of Classic Rummy from the title)."""
        try:
            from rummy_tui.ui.screens.rules_help import RulesScreen
        except ImportError:
            self.notice("The rules pages are not available; see RULES.md.", "warning")
            if back_to_title:
                self.show_title()
            return
        if self.controller is not None:
            rules = self.controller.game.rules
        else:
            from rummy_tui.core import get_variant

            rules = get_variant("classic")

        def closed(_result: object = None) -> None:
            if back_to_title:
                self.show_title()

        self.push_screen(RulesScreen(rules), closed)

    # ------------------------------------------------------------------ starting and resuming

    def begin_match(self, setup: MatchSetup | None, game: Game | None = None) -> None:
        """Deal a new match (or take ``game``), save it, show the cut, then the first hand-off."""
        from rummy_tui.core import IllegalAction
        from rummy_tui.ui.controller import setup_for

        self._clear_screens()
        try:
            if game is None:
                assert setup is not None
                game = setup.start()
            if setup is None:
                setup = setup_for(game)
        except IllegalAction as error:
            self.notice(str(error), "error")
            self.show_title()
            return
        controller = self._make_controller(setup, game)
        if self.autosave:
            store = self.store()
            if store is None:
                self.notice(self._store_problem or "The match is not saved.", "warning")
            controller.attach_store(store, None)
        self._install_table(controller)
        if controller.cut_rounds and not any(record.seat is not None for record in game.state.log):
            from rummy_tui.ui.screens.cut import CutScreen

            cut = CutScreen(
                f"{game.rules.name}: the cut for the first dealer",
                game.players,
                controller.cut_rounds,
                controller.first_dealer,
                self.settings,
            )
            self.push_screen(cut, self._after_cut)
        else:
            self.next_turn(force_handoff=True)

    def _after_cut(self, choice: str | None) -> None:
        if choice == "leave":
            self.leave_table(on_cancel=partial(self.next_turn, True))
        else:
            self.next_turn(force_handoff=True)

    def continue_latest(self) -> None:
        """Resume the most recent unfinished match."""
        store = self.store()
        name = None
        if store is not None:
            try:
                name = store.latest_unfinished()
            except Exception as error:
                self.notice(f"The saved matches could not be read: {error}", "error")
        if name is None:
            self.notice("There is no unfinished match to continue.", "warning")
            self.show_title()
            return
        self.load_match(name)

    def load_match(self, name: str) -> None:
        """Resume a saved match: the hand-off screen of the player to move (P-1)."""
        store = self.store()
        if store is None:
            self.notice(self._store_problem or "Saving is not possible.", "error")
            self.show_title()
            return
        self._clear_screens()
        try:
            setup, game, extra = store.load(name)
        except Exception as error:  # SaveError and anything unexpected: a notice, no crash
            self.notice(f"{name} could not be loaded: {error}", "error")
            self.show_title()
            return
        controller = self._make_controller(setup, game)
        controller.attach_store(store if self.autosave else None, name)
        self._install_table(controller)
        self._restore_hands(extra)
        controller.restore_hints(extra)
        self.handoff_due = True
        self.next_turn(force_handoff=True)

    def _make_controller(self, setup: MatchSetup, game: Game) -> Controller:
        from rummy_tui.ui.controller import Controller

        controller = Controller(setup, game, notice=self.notice)
        controller.extra_provider = self._hand_orders
        self.controller = controller
        self.keyboard_seat = None
        self.handoff_due = False
        return controller

    def _install_table(self, controller: Controller) -> None:
        from rummy_tui.ui.screens.table import TableScreen
        from rummy_tui.ui.widgets.players import SeatLabel

        labels = tuple(
            SeatLabel(name=name, bot_level=seat.kind.value if seat.kind.is_bot else None)
            for name, seat in zip(controller.players, controller.setup.seats, strict=False)
        )
        table = TableScreen(controller, labels, self.settings)
        self.table = table
        self.push_screen(table)
        self._note_saved()

    def _restore_hands(self, extra: dict[str, Any] | None) -> None:
        """Put each hand back in the order its player left it (kept in the save's extra)."""
        if not extra or self.table is None:
            return
        from rummy_tui.core import Card
        from rummy_tui.ui.screens.table import HandState, sorted_mode

        orders = extra.get("hand_order", {})
        if not isinstance(orders, dict):
            return
        controller = self.controller
        for seat_text, keys in orders.items():
            try:
                seat = int(seat_text)
                order = [Card.from_key(key) for key in keys]
            except (ValueError, TypeError):
                continue
            if controller is None or not 0 <= seat < len(controller.players):
                continue
            view = controller.view(seat)
            # An order saved at the end of a deal belongs to that deal, not to the next one.
            if sorted(card.key for card in order) != sorted(card.key for card in view.hand):
                continue
            self.table.hands[seat] = HandState(
                order=order, deal=view.deal_number, sort_mode=sorted_mode(order)
            )

    def _note_saved(self) -> None:
        if self.table is None or self.controller is None:
            return
        saving = self.controller.saving
        if saving.store is None or saving.name is None:
            note = "not saved"
        elif saving.problem:
            note = "NOT SAVED"
        else:
            note = "saved"
        self.table.set_saved_note(note)

    # ------------------------------------------------------------------ turn flow

    def next_turn(self, force_handoff: bool = False) -> None:
        """Show whatever comes next: the end of the deal, a computer's move, or the next
        player's hand (after a hand-off when someone else takes the keyboard)."""
        from rummy_tui.core import Phase
        from rummy_tui.ui.screens.table import Mode

        controller, table = self.controller, self.table
        if controller is None or table is None:
            return
        if controller.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            self.show_deal_end()
            return
        seat = controller.current
        humans = controller.human_seats
        if controller.is_bot(seat):
            if len(humans) == 1 and self.keyboard_seat == humans[0]:
                table.show(controller.view(humans[0]), Mode.WATCH)
            else:
                table.hide_hand()
            self.start_bot(seat)
            return
        if force_handoff or self.handoff_due or (seat != self.keyboard_seat and len(humans) > 1):
            table.hide_hand()
            self.keyboard_seat = None
            self.handoff_due = False
            from rummy_tui.ui.screens.handoff import HandoffScreen

            view = controller.public_view()
            context = (
                f"{view.rules.name} · deal {view.deal_number} · {controller.players[seat]} to play"
            )
            self.push_screen(
                HandoffScreen(controller.players[seat], context), partial(self._handed_over, seat)
            )
            return
        self.keyboard_seat = seat
        table.show(controller.view(seat), Mode.PLAY)

    def _handed_over(self, seat: int, choice: str | None) -> None:
        if choice == "leave":
            self.leave_table(on_cancel=partial(self.next_turn, True))
            return
        from rummy_tui.ui.screens.table import Mode

        if self.controller is None or self.table is None:
            return
        self.keyboard_seat = seat
        self.table.show(self.controller.view(seat), Mode.PLAY)

    def after_action(self) -> None:
        """Called by the table after an action was applied: redraw, or move the turn on."""
        self._note_saved()
        controller, table = self.controller, self.table
        if controller is None or table is None:
            return
        from rummy_tui.core import Phase
        from rummy_tui.ui.screens.table import Mode

        if (
            controller.phase in (Phase.DRAW, Phase.PLAY)
            and controller.current == self.keyboard_seat
        ):
            table.show(controller.view(controller.current), Mode.PLAY)
            return
        self.next_turn()

    def save_now(self) -> None:
        """Save the match with the players' hand orders (when leaving the table)."""
        if self.controller is not None and self.table is not None:
            self.controller.autosave()

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Leave the app; a computer player still thinking stops at once."""
        self._bot_token += 1
        super().exit(*args, **kwargs)

    async def action_quit(self) -> None:
        """Ctrl+Q: save what there is to save and quit."""
        self.save_now()
        self.exit(0)

    def _hand_orders(self) -> dict[str, Any]:
        """The players' hand orders, kept in the save's extra data."""
        if self.table is None:
            return {}
        from rummy_tui.ui.screens.table import arrange_hand

        deal = self.controller.game.state.deal if self.controller is not None else None
        orders: dict[str, list[str]] = {}
        for seat, state in self.table.hands.items():
            order = state.order
            if deal is not None and state.deal == deal.deal_number and seat < len(deal.hands):
                # The save is written as a move is applied, before the table redraws: the
                # order is brought up to date with the hand the move left.
                order = arrange_hand(order, list(deal.hands[seat]), state.sort_mode)
            orders[str(seat)] = [card.key for card in order]
        return {"hand_order": orders}

    # ------------------------------------------------------------------ computer players

    def start_bot(self, seat: int) -> None:
        """Let the computer in ``seat`` choose its next action in a worker thread."""
        controller = self.controller
        if controller is None:
            return
        self._bot_token += 1
        token = self._bot_token
        bot = controller.bot_for(seat)
        view = controller.view(seat)
        legal = controller.legal_actions()
        delay = controller.setup.bot_delay
        self.run_worker(
            partial(self._bot_think, token, bot, view, legal, delay),
            thread=True,
            group="bots",
            exit_on_error=False,
        )

    def _bot_think(self, token: int, bot: Any, view: Any, legal: list[Any], delay: float) -> None:
        """Runs in a worker thread: wait, choose, and hand the choice back to the app."""
        waited_until = time.monotonic() + delay
        while time.monotonic() < waited_until:
            if token != self._bot_token:  # the table was left or the match changed
                return
            time.sleep(min(0.05, max(0.0, waited_until - time.monotonic())))
        error: str | None = None
        action = None
        try:
            if bot is None:
                error = "Computer players are not available; it makes the first legal move."
                action = legal[0] if legal else None
            else:
                action = bot.choose(view, legal)
        except Exception as problem:
            error = (
                f"The computer player made a mistake ({problem}); it makes the first legal move."
            )
            action = legal[0] if legal else None
        with contextlib.suppress(Exception):  # the app may be closing
            self.call_from_thread(self._bot_chose, token, action, error)

    def _bot_chose(self, token: int, action: Action | None, error: str | None) -> None:
        controller = self.controller
        if token != self._bot_token or controller is None or self.table is None:
            return
        if self.screen is not self.table:
            # A menu or the help is open over the table: the computer waits for it to close.
            self._bot_waiting = (token, action, error)
            return
        self._bot_waiting = None
        if error:
            self.notice(error, "warning")
        outcome = controller.apply(action) if action is not None else None
        if outcome is None or not outcome.ok:
            legal = controller.legal_actions()
            outcome = controller.apply(legal[0]) if legal else None
            if outcome is None or not outcome.ok:
                self.notice("The computer player cannot move; the match is stuck.", "error")
                return
        self._note_saved()
        if outcome.record is not None:
            self.table.set_status(outcome.record.text)
        self.next_turn()

    def table_resumed(self) -> None:
        """The table is on top again: make the computer's move that waited for it."""
        waiting, self._bot_waiting = self._bot_waiting, None
        if waiting is not None:
            self.call_later(self._bot_chose, *waiting)

    # ------------------------------------------------------------------ end of deal

    def show_deal_end(self) -> None:
        """Reveal every hand with the score breakdown (P-3)."""
        from rummy_tui.ui.screens.deal_end import DealEndScreen

        controller, table = self.controller, self.table
        if controller is None or table is None:
            return
        table.hide_hand()
        self.keyboard_seat = None
        view = controller.public_view()
        self.push_screen(
            DealEndScreen(
                view,
                self.settings,
                hints_used=controller.hints_in_deal(view.deal_number),
            ),
            self._deal_end_closed,
        )

    def _deal_end_closed(self, choice: str | None) -> None:
        from rummy_tui.core import Phase

        controller = self.controller
        if controller is None:
            return
        if choice == "leave":
            self.leave_table(on_cancel=self.show_deal_end)
            return
        if controller.phase is Phase.MATCH_OVER:
            self.match_finished()
            return
        outcome = controller.start_next_deal()
        if not outcome.ok:
            self.notice(outcome.reason or "The next deal could not be dealt.", "error")
            return
        self._note_saved()
        if self.table is not None and outcome.record is not None:
            self.table.set_status(outcome.record.text)
        self.next_turn(force_handoff=True)

    def match_finished(self) -> None:
        """After the match: back to the title screen (the app exits without one)."""
        self.show_title()

    # ------------------------------------------------------------------ menus over the table

    def leave_table(self, on_cancel: Any = None) -> None:
        """Ask whether to leave the table (the match is saved after every move)."""
        from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

        name = self.controller.saving.name if self.controller is not None else None
        note = (
            f"The match is saved after every move as {name!r}; continue it later."
            if name is not None
            else "This match is not being saved."
        )
        choices = [
            Choice("Back to the table", "stay"),
            Choice("Leave to the title screen", "title"),
            Choice("Quit the game", "quit"),
        ]

        def chosen(choice: str | None) -> None:
            if choice in ("title", "quit"):
                self.save_now()
            if choice == "title":
                self.show_title()
            elif choice == "quit":
                self.exit(0)
            elif on_cancel is not None:
                on_cancel()

        self.push_screen(ChoiceScreen("Leave the table?", choices, note), chosen)

    def show_help(self) -> None:
        """The keys, the display switches and the rules."""
        from rummy_tui.ui.screens.prompt import HelpScreen, help_text

        rules = self.controller.game.rules if self.controller is not None else None
        hints = self.controller.setup.hints if self.controller is not None else False

        def chosen(choice: str | None) -> None:
            if choice in ("four_colour", "ascii_suits"):
                self.toggle_setting(choice)
            elif choice == "rules":
                self.show_rules()

        seed = self.controller.game.state.seed if self.controller is not None else None
        self.push_screen(HelpScreen(help_text(rules, hints, self.settings, seed)), chosen)

    def toggle_setting(self, name: str) -> None:
        """Flip a display switch, keep it, and redraw."""
        from rummy_tui.ui.settings import save_settings, settings_path

        self._settings = self.settings.toggled(name)
        problem = save_settings(settings_path(self.data_dir), self._settings)
        if problem:
            self.notice(problem, "warning")
        self.notice(self._settings.describe())
        if self.table is not None:
            self.table.restyle(self._settings)

    def show_hint(self) -> None:
        """What the hint engine suggests for the player at the keyboard."""
        from rummy_tui.ui.screens.prompt import TextScreen, hint_text

        controller = self.controller
        if controller is None or self.keyboard_seat is None:
            return
        found = controller.hint_for(self.keyboard_seat)
        self.push_screen(TextScreen("Hint", hint_text(found, self.settings)))


def _preload_modules() -> None:
    """Import what the table needs (runs in a worker thread)."""
    import rummy_tui.persistence
    import rummy_tui.ui.screens.table  # noqa: F401


def make_app(
    setup: MatchSetup | None = None,
    game: Game | None = None,
    save_name: str | None = None,
    data_dir: Path | None = None,
    start: Start | None = None,
    autosave: bool = True,
    settings: DisplaySettings | None = None,
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
    """
    if start is None:
        if setup is not None or game is not None:
            start = "new"
        elif save_name is not None:
            start = "load"
        else:
            start = "title"
    return RummyApp(
        start=start,
        setup=setup,
        game=game,
        save_name=save_name,
        data_dir=data_dir,
        autosave=autosave,
        settings=settings,
    )


def run_app(
    start: Start = "title",
    setup: MatchSetup | None = None,
    save_name: str | None = None,
    data_dir: Path | None = None,
) -> int:
    """Run the game in the terminal until the players quit; returns the exit code."""
    app = make_app(setup=setup, save_name=save_name, data_dir=data_dir, start=start)
    result = app.run()
    return int(result or 0) if app.return_code is None else int(app.return_code)
