"""The load screen: every saved match, newest first; load, rename, delete, clear finished.

Dismisses with the name of the save to load, or None. Damaged saves are listed with the
reason and cannot be loaded (they can be deleted); finished matches show their standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import N_, _, ngettext, pgettext
from rummy_tui.i18n.labels import BACK, CLEAR, DELETE, LOAD_A_SAVED_MATCH, RENAME
from rummy_tui.ui.screens.dialogs import ConfirmDialog, RenameDialog
from rummy_tui.ui.screens.menu_parts import ButtonActions
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.save_lines import describe_save, played_key, save_field
from rummy_tui.ui.shell.translate import translate_bindings

__all__ = ["ConfirmDialog", "LoadScreen", "RenameDialog", "describe_save"]

CLEAR_FINISHED = N_("Clear finished")
"""The key and the button that delete the finished matches."""


class SaveStoreLike(Protocol):
    """The part of ``rummy_tui.persistence.SaveStore`` this screen uses."""

    def list(self) -> Sequence[Any]:
        """SavedMatchInfo entries, newest first."""
        ...

    def rename(self, old: str, new: str) -> Any:
        """Give a save a new name."""
        ...

    def delete(self, name: str) -> Any:
        """Remove a save."""
        ...

    def clear_finished(self) -> Any:
        """Remove the saves of finished matches."""
        ...


class LoadScreen(ButtonActions, Screen[str | None]):
    """Saved matches, newest first; dismisses with the save name to load, or None."""

    CSS_PATH = stylesheet_paths("menus.tcss", "load.tcss")

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "load-load": "load",
        "load-rename": "rename",
        "load-delete": "delete",
        "load-clear": "clear_finished",
        "load-back": "back",
    }

    BINDINGS: ClassVar[list[BindingType]] = named(
        "load",
        [
            Binding("escape", "back", BACK),
            Binding("r", "rename", RENAME),
            Binding("d", "delete", DELETE),
            Binding("delete", "delete", DELETE, show=False),
            Binding("c", "clear_finished", CLEAR_FINISHED),
            Binding("b", "restore_backup", N_("Restore backup")),
        ],
    )

    def __init__(self, store: SaveStoreLike) -> None:
        """List the saves of ``store`` (a SaveStore)."""
        super().__init__()
        translate_bindings(self)
        self.store = store
        self.saves: list[Any] = []
        """The SavedMatchInfo entries shown, in list order."""
        self._listed_width = 0

    def compose(self) -> ComposeResult:
        yield Static(_(LOAD_A_SAVED_MATCH), id="load-header", classes="screen-header")
        yield OptionList(id="load-list")
        yield Static(_("No saved matches yet."), id="load-empty")
        yield Static("", id="load-message", markup=False, classes="-empty")
        with Horizontal(id="load-bar"):
            yield Button(pgettext("button", "Load"), variant="primary", id="load-load")
            yield Button(_(RENAME), id="load-rename")
            yield Button(_(DELETE), variant="error", id="load-delete")
            yield Button(_(CLEAR_FINISHED), id="load-clear")
            yield Button(_(BACK), id="load-back")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one("#load-list", OptionList).focus()

    def on_resize(self) -> None:
        """Wrap the entries again for the new width."""
        self.call_after_refresh(self._rewrap)

    def _rewrap(self) -> None:
        listing = self.query_one("#load-list", OptionList)
        width = max(30, (listing.content_region.width or self.app.size.width - 2) - 3)
        if width != self._listed_width:
            self.refresh_list()

    # --------------------------------------------------------------------------- the list

    def refresh_list(self, highlight: str | None = None) -> None:
        """Read the store again and show its saves, keeping (or moving) the highlight."""
        listing = self.query_one("#load-list", OptionList)
        if highlight is None:
            current = self.selected
            highlight = None if current is None else str(save_field(current, "name"))
        try:
            saves = list(self.store.list())
        except Exception as error:  # the store's own failure must not end the game
            saves = []
            self.say(_("The saves could not be listed: {reason}").format(reason=error), error=True)
        saves.sort(key=played_key, reverse=True)
        self.saves = saves
        listing.clear_options()
        entries: list[Option | None] = []
        # The entries are wrapped to the list's width (less its scroll bar), so a long player
        # list continues indented instead of running back to the edge.
        width = max(30, (listing.content_region.width or self.app.size.width - 2) - 3)
        self._listed_width = width
        for index, info in enumerate(saves):
            entries.append(Option(describe_save(info, width), id=f"save-{index}"))
            entries.append(None)
        listing.add_options(entries[:-1])
        listing.display = bool(saves)
        self.query_one("#load-empty", Static).display = not saves
        if saves:
            names = [str(save_field(info, "name")) for info in saves]
            listing.highlighted = names.index(highlight) if highlight in names else 0
        self.query_one("#load-clear", Button).disabled = not any(
            save_field(info, "finished", default=False) for info in saves
        )
        for button_id in ("#load-load", "#load-rename", "#load-delete"):
            self.query_one(button_id, Button).disabled = not saves

    @property
    def selected(self) -> Any | None:
        """The highlighted save's SavedMatchInfo, if any."""
        try:
            listing = self.query_one("#load-list", OptionList)
        except Exception:
            return None
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.saves):
            return None
        return self.saves[index]

    def say(self, text: str, *, error: bool = False) -> None:
        """Show one line of feedback above the buttons."""
        message = self.query_one("#load-message", Static)
        message.update(text)
        message.set_class(error, "-error")
        message.set_class(not text, "-empty")
        if error:
            self.app.bell()

    # ---------------------------------------------------------------------------- actions

    def action_load(self) -> None:
        """Load the highlighted save, unless it is damaged."""
        info = self.selected
        if info is None:
            self.say(_("There is no save to load."), error=True)
            return
        name = str(save_field(info, "name"))
        damaged = save_field(info, "damaged")
        if damaged:
            self.say(
                # Translators: {reason} is a whole sentence saying what is wrong with the file.
                _("{name} is damaged and cannot be loaded. {reason}").format(
                    name=repr(name), reason=damaged
                ),
                error=True,
            )
            return
        self.dismiss(name)

    def action_rename(self) -> None:
        """Ask for a new name for the highlighted save."""
        info = self.selected
        if info is None:
            self.say(_("There is no save to rename."), error=True)
            return
        old = str(save_field(info, "name"))

        stored: list[str] = []

        def attempt(new: str) -> str | None:
            try:
                result = self.store.rename(old, new)
            except Exception as error:
                return str(error) or _("That name cannot be used.")
            stored.append(result if isinstance(result, str) else new)
            return None

        def renamed(new: str | None) -> None:
            if new:
                final = stored[-1] if stored else new
                self.refresh_list(highlight=final)
                self.say(_("Renamed {old} to {new}.").format(old=repr(old), new=repr(final)))
            self.query_one("#load-list", OptionList).focus()

        self.app.push_screen(RenameDialog(old, attempt), renamed)

    def action_delete(self) -> None:
        """Delete the highlighted save after confirmation."""
        info = self.selected
        if info is None:
            self.say(_("There is no save to delete."), error=True)
            return
        name = str(save_field(info, "name"))

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                try:
                    self.store.delete(name)
                except Exception as error:
                    self.say(
                        _("{name} could not be deleted: {reason}").format(
                            name=repr(name), reason=error
                        ),
                        error=True,
                    )
                else:
                    self.refresh_list()
                    self.say(_("Deleted {name}.").format(name=repr(name)))
            self.query_one("#load-list", OptionList).focus()

        self.app.push_screen(
            ConfirmDialog(
                _("Delete the saved match {name}? This cannot be undone.").format(name=repr(name))
            ),
            answered,
        )

    def action_clear_finished(self) -> None:
        """Delete every finished match after confirmation."""
        finished = [info for info in self.saves if save_field(info, "finished", default=False)]
        if not finished:
            self.say(_("There are no finished matches to clear."))
            return

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                try:
                    cleared = self.store.clear_finished()
                except Exception as error:
                    self.say(
                        _("The finished matches could not be cleared: {reason}").format(
                            reason=error
                        ),
                        error=True,
                    )
                else:
                    self.refresh_list()
                    done = len(cleared) if isinstance(cleared, list) else len(finished)
                    self.say(
                        ngettext(
                            "Cleared {n} finished match.", "Cleared {n} finished matches.", done
                        ).format(n=done)
                    )
            self.query_one("#load-list", OptionList).focus()

        count = len(finished)
        self.app.push_screen(
            ConfirmDialog(
                ngettext(
                    "Delete the {n} finished match? This cannot be undone.",
                    "Delete the {n} finished matches? This cannot be undone.",
                    count,
                ).format(n=count),
                confirm_label=_(CLEAR),
            ),
            answered,
        )

    def action_restore_backup(self) -> None:
        """Put back the last good copy of a damaged save, after confirmation."""
        info = self.selected
        restore = getattr(self.store, "restore_backup", None)
        if info is None or restore is None or not save_field(info, "has_backup", default=False):
            self.say(_("This save has no backup to restore."), error=True)
            return
        name = str(save_field(info, "name"))

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                try:
                    kept = restore(name)
                except Exception as error:
                    self.say(
                        _("The backup of {name} could not be restored: {reason}").format(
                            name=repr(name), reason=error
                        ),
                        error=True,
                    )
                else:
                    self.refresh_list(highlight=name)
                    if kept:
                        said = _(
                            "Restored the backup of {name}. The damaged file was kept as {kept}."
                        ).format(name=repr(name), kept=repr(kept))
                    else:
                        said = _("Restored the backup of {name}.").format(name=repr(name))
                    self.say(said)
            self.query_one("#load-list", OptionList).focus()

        self.app.push_screen(
            ConfirmDialog(
                _(
                    "Put back the backup of {name}? The moves made since that copy was saved "
                    "are lost; the damaged file is kept aside."
                ).format(name=repr(name)),
                confirm_label=_("Restore"),
            ),
            answered,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer "Restore backup" only for a damaged save that has one."""
        if action == "restore_backup":
            info = self.selected
            return bool(
                info is not None
                and save_field(info, "damaged")
                and save_field(info, "has_backup", default=False)
            )
        return True

    def action_back(self) -> None:
        """Leave without loading."""
        self.dismiss(None)

    # ----------------------------------------------------------------------------- events

    @on(OptionList.OptionHighlighted, "#load-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#load-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_load()
