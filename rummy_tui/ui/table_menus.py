"""The menus over the table: leaving it, the help with the display switches, the hint and the
score sheet.

They open over the table screen and hand their answer back to the app (to the title screen,
quit, or back to the table); none of them changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.ui.app import RummyApp
    from rummy_tui.ui.settings import DisplaySettings


class TableMenus:
    """The menus a player opens from the table (``q``, ``?``, ``h``, ``c``)."""

    def __init__(self, app: RummyApp) -> None:
        self.app = app

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table (the match is saved after every move)."""
        from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

        if self.app.controller is not None:
            self.app.save_now()  # one more try for a match that is not saved yet
        note = (
            self.app.controller.saving.leave_note()
            if self.app.controller is not None
            else _("This match is not being saved.")
        )
        choices = [
            Choice(_("Back to the table"), "stay"),
            Choice(_("Leave to the title screen"), "title"),
            Choice(_("Quit the game"), "quit"),
        ]

        def chosen(choice: str | None) -> None:
            if choice in ("title", "quit"):
                self.app.save_now()
            if choice == "title":
                self.app.show_title()
            elif choice == "quit":
                self.app.exit(0)
            elif on_cancel is not None:
                on_cancel()

        self.app.push_screen(ChoiceScreen(_("Leave the table?"), choices, note), chosen)

    def show_help(self) -> None:
        """The keys, the display switches and the rules."""
        from rummy_tui.core.seat_options import variant_options
        from rummy_tui.ui.key_help import action_name, key_rows
        from rummy_tui.ui.screens.prompt import HelpScreen, help_text
        from rummy_tui.ui.table_keys import table_offers

        controller, table = self.app.controller, self.app.table
        rules = controller.game.rules if controller is not None else None
        rows = []
        if table is not None and rules is not None and controller is not None:
            # Every key the variant has, whatever the moment of the turn allows now.
            options = replace(variant_options(rules), hints=controller.setup.hints)
            rows = key_rows(table, lambda binding: table_offers(action_name(binding), options))
            rows += key_rows(self.app)

        def chosen(choice: str | None) -> None:
            if choice in ("four_colour", "ascii_suits", "pack_letters"):
                self.toggle_setting(choice)
            elif choice == "language":
                self.next_language()
            elif choice == "rules":
                self.app.show_rules()

        seed = controller.game.state.seed if controller is not None else None
        self.app.push_screen(HelpScreen(help_text(rows, rules, self.app.settings, seed)), chosen)

    def toggle_setting(self, name: str) -> None:
        """Flip a display switch, keep it, and redraw."""
        settings = self.app.settings.toggled(name)
        self._keep_settings(settings, settings.describe())

    def next_language(self) -> None:
        """Speak the next language (English, Finnish, Russian, round again), keep the choice
        with the display settings, and redraw."""
        from rummy_tui.i18n import LANGUAGE_NAMES, LANGUAGES, current_language, set_language

        code = LANGUAGES[(LANGUAGES.index(current_language()) + 1) % len(LANGUAGES)]
        set_language(code)
        settings = self.app.settings.with_language(code)
        self._keep_settings(settings, _("Language: {name}.").format(name=LANGUAGE_NAMES[code]))

    def _keep_settings(self, settings: DisplaySettings, line: str) -> None:
        """Use and save ``settings``, say ``line`` (and any problem saving), redraw."""
        problem = self.app.data.keep_settings(settings)
        if problem:
            self.app.notice(problem, "warning")
        self.app.notice(line)
        if self.app.table is not None:
            self.app.table.restyle(settings)

    def show_sheet(self) -> None:
        """The score sheet of the match at the table (public, P-5)."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

        if self.app.controller is not None:
            sheet = score_sheet(self.app.controller.game)
            self.app.push_screen(ScoreSheetScreen(sheet, self.app.settings))

    def show_hint(self) -> None:
        """What the hint engine suggests for the player at the keyboard."""
        from rummy_tui.ui.screens.prompt import TextScreen, hint_text

        controller = self.app.controller
        seat = self.app.flow.keyboard_seat if self.app.flow is not None else None
        if controller is None or seat is None:
            return
        found = controller.hint_for(seat)
        self.app.push_screen(TextScreen(_("Hint"), hint_text(found, self.app.settings)))
