"""Keys that scroll the body of a screen whose text may be taller than the terminal.

A screen that mixes these bindings in names one scrolling container with the class
``scroll-body``; the arrows, PgUp/PgDn and Home/End then scroll it whatever has the focus, and
the key bar says so. At 80x24 with twelve players the cut, the end of a deal and the log are
taller than the screen: their essential line stays outside the scrolling part, and the rest is
one key away.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget

from rummy_tui.i18n import N_
from rummy_tui.ui.shell.keymap import named

SCROLL = N_("Scroll")
"""The arrows and PgDn over a scrolling body."""

SCROLL_BINDINGS: list[BindingType] = named(
    "scroll",
    [
        Binding("up", "scroll_body('up')", SCROLL, show=False),
        Binding("down", "scroll_body('down')", SCROLL, show=False),
        Binding("pagedown", "scroll_body('page_down')", SCROLL, key_display="PgDn/PgUp"),
        Binding("pageup", "scroll_body('page_up')", N_("Scroll up"), show=False),
        Binding("home", "scroll_body('home')", N_("Top"), show=False),
        Binding("end", "scroll_body('end')", N_("Bottom"), show=False),
    ],
)


class ScrollKeys:
    """Mixin for a :class:`Screen`: scroll its ``.scroll-body`` container with the keys.

    The body sits in a box of height ``auto`` with the lines that must stay in view; the
    mixin caps the body's height at what the terminal leaves once those lines, the box's
    border and the key bar are drawn, so the box never runs off the screen.
    """

    SCROLL_BINDINGS: ClassVar[list[BindingType]] = SCROLL_BINDINGS

    def _on_mount(self, event: events.Mount) -> None:
        assert isinstance(self, Screen)
        self.call_after_refresh(self.fit_scroll_body)

    async def _on_resize(self, event: events.Resize) -> None:
        # Async like Screen's own handler; Textual calls both (one per class in the MRO).
        assert isinstance(self, Screen)
        self.call_after_refresh(self.fit_scroll_body)

    def fit_scroll_body(self) -> None:
        """Cap the body's height so everything around it stays on screen."""
        assert isinstance(self, Screen)
        for body in self.query(".scroll-body").results(ScrollableContainer):
            box = body.parent
            if not isinstance(box, Widget) or box is self:
                return
            others = sum(
                child.outer_size.height + child.styles.margin.height
                for child in box.children
                if child is not body and child.display
            )
            chrome = box.styles.gutter.height + box.styles.margin.height
            bars = sum(
                child.outer_size.height
                for child in self.children
                if child is not box and child.styles.dock != "none"
            )
            room = self.size.height - bars - chrome - others - body.styles.margin.height
            body.styles.max_height = max(3, room)
            return

    def action_scroll_body(self, how: str) -> None:
        """Scroll the body: ``up``, ``down``, ``page_up``, ``page_down``, ``home`` or ``end``."""
        assert isinstance(self, Screen)
        for body in self.query(".scroll-body").results(ScrollableContainer):
            moves = {
                "up": body.scroll_up,
                "down": body.scroll_down,
                "page_up": body.scroll_page_up,
                "page_down": body.scroll_page_down,
                "home": body.scroll_home,
                "end": body.scroll_end,
            }
            move = moves.get(how)
            if move is not None:
                move(animate=False)
            return


class ScrollBody(VerticalScroll, can_focus=False):
    """The scrolling part of such a screen (the keys of :class:`ScrollKeys` move it).

    With ``from_end`` it shows its last lines whenever its size changes: a log, whose newest
    lines are the ones that matter.
    """

    def __init__(self, *, id: str | None = None, from_end: bool = False) -> None:
        super().__init__(id=id, classes="scroll-body")
        self.from_end = from_end

    def on_resize(self, event: events.Resize) -> None:
        """Keep the newest lines in view when the height changes."""
        if self.from_end:
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
