"""The command palette (Ctrl+P): the game's public commands only.

Textual's own palette offers a screenshot, which would capture a hand on the screen; this one
offers only what any player at the table may see or change: the help, the rules, the score
sheet, the log of the player at the keyboard (as ``L`` shows it), the language, the colour
theme, the card styles and, on the shared screen, the list of own screens. Each runs as its
key does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand

from rummy_tui.i18n import _
from rummy_tui.i18n.labels import HELP, LANGUAGE, LOG, OWN_SCREENS, RULES, SCORE_SHEET, THEME

if TYPE_CHECKING:
    from typing import Protocol

    from rummy_tui.ui.play.session import MatchSession
    from rummy_tui.ui.shell.host import TableHost

    class PaletteHost(TableHost, Protocol):
        """The app, as the palette sees it."""

        @property
        def session(self) -> MatchSession | None: ...

        def show_help(self) -> None: ...


CARD_SWITCHES = ("four_colour", "ascii_suits", "pack_letters")


def public_commands(app: PaletteHost) -> Iterator[SystemCommand]:
    """The palette's commands where ``app`` stands now (the table's own only at a table)."""
    from rummy_tui.ui.play import table_menus

    session = app.session
    restyle = session.restyle if session is not None else None
    yield SystemCommand(_(HELP), _("the keys, the display switches and the rules"), app.show_help)
    yield SystemCommand(_(RULES), _("the rules of the variant"), app.show_rules)
    if session is not None:
        yield SystemCommand(
            _(SCORE_SHEET),
            _("the score sheet of the match"),
            lambda: table_menus.show_sheet(app, session.game, session.replay_source()),
        )
        yield SystemCommand(_(LOG), _("the whole log of the match"), session.table.action_show_log)
    yield SystemCommand(
        _(LANGUAGE),
        _("speak the next language"),
        lambda: table_menus.next_language(app, restyle),
    )
    yield SystemCommand(
        _(THEME), _("choose the colour theme"), lambda: table_menus.choose_theme(app, restyle)
    )
    for name, title in zip(CARD_SWITCHES, _card_titles(), strict=True):
        yield SystemCommand(title, _("switch this card style on or off"), _toggle(app, name))
    if session is not None:
        yield SystemCommand(
            _(OWN_SCREENS),
            _("the people's seats and where they are played"),
            session.show_own_screens,
        )


def _card_titles() -> tuple[str, str, str]:
    return (
        _("Cards: four colours"),
        _("Cards: suits as letters"),
        _("Cards: the language's court letters"),
    )


def _toggle(app: PaletteHost, name: str) -> Callable[[], None]:
    from rummy_tui.ui.play import table_menus

    def toggle() -> None:
        restyle = app.session.restyle if app.session is not None else None
        table_menus.toggle_setting(app, name, restyle)

    return toggle
