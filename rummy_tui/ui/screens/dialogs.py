"""The load screen's pop-up questions: confirm (delete, clear, restore) and rename a save."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import CANCEL, DELETE, RENAME
from rummy_tui.persistence.names import name_missing
from rummy_tui.ui.screens.menu_parts import ButtonActions
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings


class ConfirmDialog(ButtonActions, ModalScreen[bool]):
    """A yes/no question; dismisses with True only when confirmed."""

    CSS_PATH = stylesheet_paths("dialogs.tcss")

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "confirm-yes": "answer(True)",
        "confirm-no": "answer(False)",
    }

    BINDINGS: ClassVar[list[BindingType]] = named(
        "confirm",
        [
            Binding("escape", "answer(False)", CANCEL, id="cancel"),
            Binding("n", "answer(False)", N_("No"), show=False, id="no"),
            Binding("y", "answer(True)", N_("Yes"), show=False, id="yes"),
        ],
    )

    def __init__(self, question: str, confirm_label: str | None = None) -> None:
        """Ask ``question`` (plain text); the confirm button reads ``confirm_label``."""
        super().__init__()
        translate_bindings(self)
        self.question = question
        self.confirm_label = confirm_label if confirm_label is not None else _(DELETE)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yes = _("{label} (y)").format(label=self.confirm_label)
                yield Button(yes, variant="error", id="confirm-yes")
                yield Button(_("Cancel (n)"), id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)


class RenameDialog(ButtonActions, ModalScreen[str | None]):
    """Ask for a save's new name; ``attempt`` renames and returns a problem or None.

    The dialog stays open with the reason shown while the name is refused; it dismisses with
    the new name once ``attempt`` succeeds, or None when cancelled.
    """

    CSS_PATH = stylesheet_paths("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named("rename", [Binding("escape", "cancel", CANCEL)])
    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {"rename-ok": "rename", "rename-cancel": "cancel"}

    def __init__(self, old_name: str, attempt: Callable[[str], str | None]) -> None:
        super().__init__()
        translate_bindings(self)
        self.old_name = old_name
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        with Vertical(id="rename-box"):
            yield Label(_("New name for {name}:").format(name=repr(self.old_name)), markup=False)
            yield Input(self.old_name, id="rename-input", max_length=64)
            yield Static("", id="rename-problem", markup=False)
            with Horizontal(id="rename-buttons"):
                yield Button(_(RENAME), variant="primary", id="rename-ok")
                yield Button(_(CANCEL), id="rename-cancel")

    def on_mount(self) -> None:
        self.query_one("#rename-input", Input).focus()

    def action_cancel(self) -> None:
        """Close without renaming."""
        self.dismiss(None)

    def action_rename(self) -> None:
        """Rename to the name typed (the dialog stays open while the name is refused)."""
        new_name = self.query_one("#rename-input", Input).value.strip()
        if not new_name:
            problem: str | None = name_missing()
        elif new_name == self.old_name:
            self.dismiss(None)
            return
        else:
            problem = self.attempt(new_name)
        if problem:
            self.query_one("#rename-problem", Static).update(problem)
            self.app.bell()
            return
        self.dismiss(new_name)

    @on(Input.Submitted, "#rename-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_rename()
