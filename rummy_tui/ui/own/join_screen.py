"""Join a table: the join code of a seat typed, on ``rummy join`` or from the title screen.

The shared screen shows each seat that is played on a screen of its own a join code
(``HR-K7QM-4TZP-XE``). Typed here (or given to ``rummy join``, or filled in by the link of
the QR code), it opens the match on this screen for that seat alone. A code that opens nothing
is answered after a short wait, with the reason; the screen stays for another try.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from rummy_tui.i18n import _
from rummy_tui.i18n.labels import BACK, JOIN_A_TABLE
from rummy_tui.i18n.outside_text import plain
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings

CODE_MAX_LENGTH = 24
"""The longest join code the field takes (a code is 12 or 13 characters with its dashes)."""


class JoinScreen(ModalScreen[None]):
    """A field for the join code; Enter tries it, Esc goes back (dismisses with None)."""

    CSS_PATH = stylesheet_paths("prompts.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "join",
        [
            Binding("escape", "back", BACK, key_display="Esc"),
        ],
    )

    def __init__(self, submit: Callable[[str], None], code: str = "") -> None:
        """``submit(code)`` tries a code: it calls :meth:`refuse` with the reason when the
        code opens nothing, and puts a table up when it opens a seat."""
        super().__init__()
        translate_bindings(self)
        self._submit = submit
        self._code = code[:CODE_MAX_LENGTH]
        self.trying = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_(JOIN_A_TABLE), id="text-title", markup=False)
            yield Static(
                _("Type the join code the shared screen shows for your seat."),
                markup=False,
            )
            yield Input(
                value=self._code,
                placeholder="HR-K7QM-4TZP-XE",
                max_length=CODE_MAX_LENGTH,
                id="join-code",
            )
            yield Static("", id="join-note", markup=False)
            yield Static(_("Enter join · Esc back"), id="text-keys", markup=False)

    def on_mount(self) -> None:
        if self._code:
            self.call_after_refresh(self._try, self._code)

    @on(Input.Submitted, "#join-code")
    def _typed(self, event: Input.Submitted) -> None:
        event.stop()
        self._try(event.value)

    def _try(self, code: str) -> None:
        if self.trying:
            return
        self.trying = True
        self.query_one("#join-note", Static).update(_("Looking for the seat…"))
        self._submit(code)

    def refuse(self, reason: str) -> None:
        """The code opened nothing: why, and the field for another try."""
        self.trying = False
        self.query_one("#join-note", Static).update(plain(reason))
        self.query_one("#join-code", Input).focus()

    def action_back(self) -> None:
        """Back to where the screen was opened from."""
        self.dismiss(None)
