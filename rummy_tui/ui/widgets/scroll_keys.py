"""Keys that scroll the body of a screen whose text may be taller than the terminal.

A screen that mixes these bindings in names one scrolling container with the class
``scroll-body``; the arrows, PgUp/PgDn and Home/End then scroll it whatever has the focus, and
the key bar says so. At 80x24 with twelve players the cut, the end of a deal and the log are
taller than the screen: their essential line stays outside the scrolling part, and the rest is
one key away.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.screen import Screen

SCROLL_BINDINGS: list[BindingType] = [
    Binding("up", "scroll_body('up')", "Scroll", show=False),
    Binding("down", "scroll_body('down')", "Scroll", show=False),
    Binding("pagedown", "scroll_body('page_down')", "Scroll", key_display="PgDn/PgUp"),
    Binding("pageup", "scroll_body('page_up')", "Scroll up", show=False),
    Binding("home", "scroll_body('home')", "Top", show=False),
    Binding("end", "scroll_body('end')", "Bottom", show=False),
]


class ScrollKeys:
    """Mixin for a :class:`Screen`: scroll its ``.scroll-body`` container with the keys."""

    SCROLL_BINDINGS: ClassVar[list[BindingType]] = SCROLL_BINDINGS

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
