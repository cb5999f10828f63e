"""The load screen: every saved match, newest first; load, rename, delete, clear finished.

Dismisses with the name of the save to load, or None. Damaged saves are listed with the
reason and cannot be loaded (they can be deleted); finished matches show their standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar, Protocol

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import N_, SOURCE_LANGUAGE, _, current_language, ngettext, pgettext
from rummy_tui.ui.screens.dialogs import ConfirmDialog, RenameDialog
from rummy_tui.ui.screens.menu_parts import ButtonActions, menu_css
from rummy_tui.ui.translate import translate_bindings

__all__ = ["ConfirmDialog", "LoadScreen", "RenameDialog", "describe_save"]


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


def _field(info: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``info`` has (tolerates small naming differences)."""
    for name in names:
        value = getattr(info, name, None)
        if value is not None:
            return value
    return default


def _markup(text: object) -> str:
    """Text from a save file, made safe to show as content markup."""
    return escape(str(text))


def format_time(moment: Any) -> str:
    """A last-played time in local time, short enough to stay on its line: "30 Nov 17:56",
    with the year only when it is not this year ("30 Nov 2025 17:56")."""
    if isinstance(moment, datetime):
        local = moment.astimezone() if moment.tzinfo is not None else moment
        this_year = local.year == datetime.now().year
        if current_language() != SOURCE_LANGUAGE:  # numeric, as Finnish and Russian write it
            day = f"{local.day}.{local.month}." if this_year else f"{local:%d.%m.%Y}"
            return f"{day} {local:%H:%M}"
        year = "" if this_year else f" {local.year}"
        return f"{local.day} {local.strftime('%b')}{year} {local.strftime('%H:%M')}"
    return str(moment) if moment else _("unknown time")


INDENT = "\u00a0\u00a0"
"""Two non-breaking spaces: the option list drops ordinary spaces at the start of a line."""


def wrap_markup(parts: Sequence[str], width: int, indent: str = INDENT, gap: str = " · ") -> str:
    """Content-markup phrases laid out on lines of ``width`` cells, each line starting with
    ``indent``; a phrase is never split (a time stays whole, a name keeps its score)."""
    lines: list[str] = []
    line, used = indent, len(indent)
    for part in parts:
        size = Content.from_markup(part).cell_length
        if used > len(indent) and used + len(gap) + size > width:
            lines.append(line)
            line, used = indent, len(indent)
        if used > len(indent):
            line += gap
            used += len(gap)
        line += part
        used += size
    lines.append(line)
    return "\n".join(lines)


def _sort_key(info: Any) -> float:
    moment = _field(info, "last_played")
    if isinstance(moment, datetime):
        try:
            return moment.timestamp()
        except (OverflowError, OSError, ValueError):
            return 0.0
    return 0.0


def standings(players: Sequence[str], scores: Sequence[int]) -> list[tuple[str, int]]:
    """Players with their totals, best first (higher is better in every variant)."""
    pairs = list(zip(players, scores, strict=False))
    return sorted(pairs, key=lambda pair: -pair[1])


def describe_save(info: Any, width: int = 76) -> str:
    """The list entry of one save, as content markup, wrapped to ``width`` cells with every
    continued line indented."""
    name = _markup(_field(info, "name", default="?"))
    damaged = _field(info, "damaged")
    played = _("last played {time}").format(time=format_time(_field(info, "last_played")))
    when = f"[$text-muted]{played}[/]"
    if damaged:
        what_now = (
            _("Cannot be loaded: b restores its backup, d deletes it.")
            if _field(info, "has_backup", default=False)
            else _("Cannot be loaded; d deletes it.")
        )
        return "\n".join(
            [
                wrap_markup([f"[b]{name}[/b]", f"[$text-error]{_('damaged')}[/]"], width, ""),
                wrap_markup([when], width),
                wrap_markup([f"[$text-error]{_markup(damaged)}[/]"], width),
                wrap_markup([f"[$text-muted]{what_now}[/]"], width),
            ]
        )
    english_variant = _markup(_field(info, "variant", "variant_name", default="?"))
    variant = _markup(_(str(_field(info, "variant", "variant_name", default="?"))))
    players = [str(player) for player in _field(info, "players", default=())]
    scores = [int(score) for score in _field(info, "scores", default=())]
    deal = _field(info, "deal_number", default="?")
    # An automatic save name starts with the variant already: it is not written twice.
    shown_variant = (
        [] if str(_field(info, "name", default="")).startswith(english_variant) else [variant]
    )
    head = wrap_markup([f"[b]{name}[/b]", *shown_variant], width, "", gap="  ")
    if _field(info, "finished", default=False):
        winners = [
            players[seat]
            for seat in _field(info, "winners", default=())
            if isinstance(seat, int) and 0 <= seat < len(players)
        ]
        if len(winners) == 1:
            won = _("{player} won").format(player=_markup(winners[0]))
        elif winners:
            won = _("{players} and {last} won").format(
                players=_markup(", ".join(winners[:-1])), last=_markup(winners[-1])
            )
        else:
            won = ""
        finished = _("[$success]finished[/] after deal {deal}").format(deal=deal)
        if won:
            finished = _("[$success]finished[/] after deal {deal}, {won}").format(
                deal=deal, won=won
            )
        ranked = [
            f"{place}. {_markup(player)} {score}"
            for place, (player, score) in enumerate(standings(players, scores), start=1)
        ]
        return "\n".join(
            [
                head,
                wrap_markup([finished, when], width),
                wrap_markup(
                    [_("Final standings: {first}").format(first=ranked[0]), *ranked[1:]],
                    width,
                    gap="  ",
                )
                if ranked
                else wrap_markup([_("Final standings: none")], width),
            ]
        )
    totals = [f"{_markup(player)} {score}" for player, score in zip(players, scores, strict=False)]
    if not totals:
        totals = [_markup(player) for player in players]
    to_play = _field(info, "to_play")
    if to_play:
        turn = _("deal {deal}, {player} to play").format(deal=deal, player=_markup(to_play))
    else:
        turn = _("deal {deal}").format(deal=deal)
    count = ngettext("{n} player: {first}", "{n} players: {first}", len(players))
    return "\n".join(
        [
            head,
            wrap_markup([turn, when], width),
            wrap_markup(
                [count.format(n=len(players), first=totals[0]), *totals[1:]], width, gap="  "
            )
            if totals
            else wrap_markup([_("no players")], width),
        ]
    )


class LoadScreen(ButtonActions, Screen[str | None]):
    """Saved matches, newest first; dismisses with the save name to load, or None."""

    DEFAULT_CSS = menu_css("load.tcss")

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "load-load": "load",
        "load-rename": "rename",
        "load-delete": "delete",
        "load-clear": "clear_finished",
        "load-back": "back",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("r", "rename", N_("Rename")),
        Binding("d", "delete", N_("Delete")),
        Binding("delete", "delete", N_("Delete"), show=False),
        Binding("c", "clear_finished", N_("Clear finished")),
        Binding("b", "restore_backup", N_("Restore backup")),
    ]

    def __init__(self, store: SaveStoreLike) -> None:
        """List the saves of ``store`` (a SaveStore)."""
        super().__init__()
        translate_bindings(self)
        self.store = store
        self.saves: list[Any] = []
        """The SavedMatchInfo entries shown, in list order."""
        self._listed_width = 0

    def compose(self) -> ComposeResult:
        yield Static(_("Load a saved match"), id="load-header", classes="screen-header")
        yield OptionList(id="load-list")
        yield Static(_("No saved matches yet."), id="load-empty")
        yield Static("", id="load-message", markup=False, classes="-empty")
        with Horizontal(id="load-bar"):
            yield Button(pgettext("button", "Load"), variant="primary", id="load-load")
            yield Button(_("Rename"), id="load-rename")
            yield Button(_("Delete"), variant="error", id="load-delete")
            yield Button(_("Clear finished"), id="load-clear")
            yield Button(_("Back"), id="load-back")
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
            highlight = None if current is None else str(_field(current, "name"))
        try:
            saves = list(self.store.list())
        except Exception as error:  # the store's own failure must not end the game
            saves = []
            self.say(_("The saves could not be listed: {reason}").format(reason=error), error=True)
        saves.sort(key=_sort_key, reverse=True)
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
            names = [str(_field(info, "name")) for info in saves]
            listing.highlighted = names.index(highlight) if highlight in names else 0
        self.query_one("#load-clear", Button).disabled = not any(
            _field(info, "finished", default=False) for info in saves
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
        name = str(_field(info, "name"))
        damaged = _field(info, "damaged")
        if damaged:
            self.say(
                _("{name} is damaged and cannot be loaded: {reason}").format(
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
        old = str(_field(info, "name"))

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
        name = str(_field(info, "name"))

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
        finished = [info for info in self.saves if _field(info, "finished", default=False)]
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
                confirm_label=_("Clear"),
            ),
            answered,
        )

    def action_restore_backup(self) -> None:
        """Put back the last good copy of a damaged save, after confirmation."""
        info = self.selected
        restore = getattr(self.store, "restore_backup", None)
        if info is None or restore is None or not _field(info, "has_backup", default=False):
            self.say(_("This save has no backup to restore."), error=True)
            return
        name = str(_field(info, "name"))

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
                and _field(info, "damaged")
                and _field(info, "has_backup", default=False)
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
