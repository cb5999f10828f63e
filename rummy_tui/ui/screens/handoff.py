"""The hand-off between players (P-1): names the next player and shows no card at all.

It covers the whole terminal (it is a screen, not a pop-up), so nothing of the previous hand is
left on display; the app runs in the terminal's alternate screen, so nothing reaches the
scrollback either. The next hand is drawn only after Enter is pressed.

Below the name it lists what happened since the named player's last turn (the public log, so
nothing private): with twelve players a person can read the eleven turns they missed before
looking at their hand. The list scrolls; the name and the Enter line stay above it. Its last
line may say what comes next: computer players who move before the named player, or that the
named player is half-way through a turn (after a resumed save).

One screen serves every hand-off of a table: :meth:`HandoffScreen.pass_to` fills it with the
next :class:`Gate` (the app keeps it installed, see :mod:`rummy_tui.ui.play.handing_on`), which
costs one layout where a new screen is built and laid out several times.

:class:`TakeBackGate` is the same gate for the player who asked, with ``u`` on the hand-off,
to take back the discard that ended their turn (P-4): it names that player, and their hand is
drawn only after their own Enter (P-1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import ActionRecord
from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import BACK, LEAVE_THE_TABLE, TAKE_BACK
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import since_text
from rummy_tui.ui.widgets.quiet import SteadySize, SteadyStatic, update_static
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys

_PARTS = (
    "handoff-name",
    "handoff-who",
    "handoff-enter",
    "handoff-take-back",
    "handoff-context",
    "handoff-since-title",
)
"""The gate's lines above the summary, top to bottom, by their widgets' ids."""


@dataclass(frozen=True)
class Gate:
    """What one hand-off shows."""

    name: str
    """The player to pass the keyboard to."""
    context: str = ""
    """One line: variant, deal, whose turn."""
    since: Sequence[ActionRecord] | None = None
    """The public log to summarise from (the whole log; the screen picks what happened since
    the player's last turn). None: nothing is summarised."""
    settings: DisplaySettings | None = None
    """How cards are drawn."""
    seat: int | None = None
    """The player's seat (None: found by name)."""
    take_back: str | None = None
    """The line saying who may still take back the last discard (P-4), when the core allows
    it; None hides the line and the key."""
    next_note: Text | str | None = None
    """The last line of the summary: what comes next (computers who move first, or the rest
    of a turn half played)."""
    under_way: bool = False
    """The named player's turn is under way (a resumed save): the summary starts after their
    last whole turn and includes what they did of this one."""


class GateBox(Vertical, SteadySize):
    """The gate's box: the name, the lines under it and the summary (its new size with
    another player's summary costs one layout)."""


class SummaryBody(ScrollBody, SteadySize):
    """The summary's scrolling part (its new size costs one layout)."""


class HandoffScreen(ScrollKeys, Screen[str]):
    """ "Pass to Anna": dismisses with "go" (Enter), "leave" (q) or, when the discard that
    ended the last turn may still be taken back (P-4), "take_back" (u)."""

    CSS_PATH = stylesheet_paths("handoff.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "handoff",
        [
            Binding("enter", "go", N_("I am at the keyboard"), key_display="Enter"),
            Binding("q", "leave", LEAVE_THE_TABLE),
            Binding("u", "take_back", TAKE_BACK),
            *ScrollKeys.SCROLL_BINDINGS,
        ],
    )

    def __init__(self, gate: Gate) -> None:
        super().__init__()
        self.pass_to(gate)

    def pass_to(self, gate: Gate) -> None:
        """Show ``gate`` (again on the same screen: a table keeps one hand-off screen and
        fills it for every turn, which costs one frame where a new screen costs several)."""
        translate_bindings(self)
        self.player_name = gate.name
        self.context = gate.context
        self.records = list(gate.since) if gate.since is not None else None
        self.settings = gate.settings
        self.seat = gate.seat
        self.take_back = gate.take_back
        self.next_note = gate.next_note
        self.under_way = gate.under_way
        if self.is_mounted:
            self._fill()
            self.refresh_bindings()

    def title_line(self) -> str:
        """The gate's first line, naming the player."""
        return _("Pass to {player}").format(player=self.player_name)

    def _log_and_seat(self) -> tuple[list[ActionRecord], int | None]:
        return list(self.records or ()), self.seat

    def _summary(self) -> Text | None:
        """What happened since the named player's last turn, with what comes next (None:
        no summary)."""
        records, seat = self._log_and_seat()
        if not records or seat is None:
            return None
        settings = self.settings or getattr(self.app, "settings", None) or DisplaySettings()
        summary = since_text(records, seat, settings, under_way=self.under_way)
        note = self.next_note
        if note:
            summary = Text("\n").join(
                [summary, Text(note, style="bold") if isinstance(note, str) else note]
            )
        return summary

    def _lines(self) -> dict[str, str | Text | None]:
        """Every line of the gate by its widget's id (None: not shown)."""
        summary = self._summary()
        return {
            "handoff-name": self.title_line(),
            "handoff-who": _("Only {player} should look at the screen now.").format(
                player=self.player_name
            ),
            "handoff-enter": _("Press Enter when {player} is at the keyboard.").format(
                player=self.player_name
            ),
            "handoff-take-back": self.take_back or None,
            "handoff-context": self.context or None,
            "handoff-since-title": _("Since your last turn:") if summary is not None else None,
            "handoff-since-text": summary,
        }

    def compose(self) -> ComposeResult:
        lines = self._lines()
        with GateBox():
            for part in _PARTS:
                line = lines[part]
                static = SteadyStatic(line or "", id=part, markup=part == "handoff-since-title")
                static.display = line is not None
                yield static
            summary = lines["handoff-since-text"]
            with SummaryBody(id="handoff-since", from_end=True) as body:
                body.display = summary is not None
                yield SteadyStatic(summary or "", id="handoff-since-text")
        yield KeyBar()

    def _fill(self) -> None:
        """Every line again, for the player now named (a line not shown is hidden)."""
        lines = self._lines()
        for part, line in lines.items():
            static = self.query_one(f"#{part}", Static)
            static.display = line is not None
            update_static(static, line or "")
        body = self.query_one("#handoff-since", ScrollBody)
        body.display = lines["handoff-since-text"] is not None
        # The newest lines in view, whatever the last player scrolled to (a summary that fits
        # is not moved, and costs no frame more).
        self.call_after_refresh(body.scroll_end, animate=False, immediate=True)

    def on_screen_resume(self) -> None:
        """Shown again (a kept screen, filled for the next player): the summary's height
        fitted to the lines around it once they are laid out."""
        self.call_after_refresh(self.fit_scroll_body)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.take_back is not None
        return True

    def action_take_back(self) -> None:
        """The player who just discarded takes the discard back (P-4), no hand-off."""
        if self.take_back is not None:
            self.dismiss("take_back")

    def action_go(self) -> None:
        """The named player is at the keyboard: show their hand."""
        self.dismiss("go")

    def action_leave(self) -> None:
        """Ask to leave the table."""
        self.dismiss("leave")


class TakeBackGate(HandoffScreen):
    """ "Bob takes back the discard": after ``u`` on a hand-off, the keyboard goes back to the
    player who discarded (P-4), and their hand is drawn only after their Enter (P-1). Dismisses
    with "go" (Enter: the discard is taken back), "back" (Esc: the hand-off it came from) or
    "leave" (q)."""

    BINDINGS: ClassVar[list[BindingType]] = named(
        "take_back_gate",
        [
            Binding("escape", "back", BACK, key_display="Esc"),
        ],
    )

    def __init__(self, name: str, back_to: str, settings: DisplaySettings | None = None) -> None:
        """
        Args:
            name: The player who takes back their discard.
            back_to: The player the hand-off it came from names (Esc goes back to it).
            settings: How cards are drawn.
        """
        context = _("Esc goes back to the hand-off for {player}.").format(player=back_to)
        super().__init__(Gate(name, context, since=[], settings=settings))

    def title_line(self) -> str:
        return _("{player} takes back the discard").format(player=self.player_name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_body":
            return False  # nothing to scroll: no summary on the gate
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        """Not now: back to the hand-off it came from, nothing taken back."""
        self.dismiss("back")
