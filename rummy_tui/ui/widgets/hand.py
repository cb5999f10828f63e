"""The hand of the player at the keyboard: cards in the player's own order, a cursor and a
selection. Selected cards are drawn lifted above the others, the way a player pulls cards up
from a fan.

The widget only displays what it is given (``show``) and posts :class:`HandView.CardClicked`
when a card is clicked; the table screen keeps the order, cursor and selection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from rummy_tui.core import Card
from rummy_tui.ui.play.render import card_label, face_style
from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.quiet import repaint

CELL = 4
"""Cells per card: the label right-aligned in three cells, then a gap."""
CURSOR_BG = "card-cursor"
"""The card under the cursor is drawn on yellow."""


@dataclass(frozen=True)
class HandPicture:
    """Everything the hand widget draws."""

    cards: tuple[Card, ...] = ()
    selected: frozenset[Card] = frozenset()
    cursor: int = 0
    fresh: frozenset[Card] = frozenset()
    """Cards that came into the hand this turn (marked with a dot)."""
    must_use: Card | None = None
    """Rummy 500: the card that must be used this turn (marked with an exclamation mark)."""
    message: str = ""
    """Shown instead of the cards when there are none to show (hidden hand, empty hand)."""
    settings: DisplaySettings = field(default_factory=DisplaySettings)


class HandView(Widget, can_focus=False):
    """Draws a hand; click a card to select it."""

    # Styled in assets/table.tcss, with the screen that shows it.

    class CardClicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.picture = HandPicture()

    def show(self, picture: HandPicture) -> None:
        """Draw ``picture`` from now on (nothing is repainted when it is the one on show)."""
        if picture == self.picture and self.is_mounted:
            return

        def change() -> None:
            self.picture = picture

        repaint(self, change)

    def cards_per_line(self, width: int | None = None) -> int:
        """How many cards fit on one line at ``width`` cells (default: the current width)."""
        if width is None:
            width = self.content_region.width or self.size.width
        return max(1, width // CELL)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.picture.cards:
            return 2
        per_line = self.cards_per_line(width)
        lines = -(-len(self.picture.cards) // per_line)
        return 2 * lines

    def on_click(self, event: Click) -> None:
        """Pass a click on a card up to the screen."""
        index = event.style.meta.get("card")
        if isinstance(index, int):
            event.stop()
            self.post_message(self.CardClicked(index))

    def render(self) -> Text:
        picture = self.picture
        if not picture.cards:
            return Text(picture.message or "", style="italic")
        per_line = self.cards_per_line()
        result = Text()
        for start in range(0, len(picture.cards), per_line):
            chunk: Sequence[Card] = picture.cards[start : start + per_line]
            lifted = Text()
            resting = Text()
            for offset, card in enumerate(chunk):
                index = start + offset
                cell = self._cell(card, index, picture)
                blank = Text(" " * CELL, style=Style(meta={"card": index}))
                marker = " "
                if card is picture.must_use:
                    marker = "!"
                elif card in picture.fresh:
                    marker = "•"
                marker_text = Text(
                    f" {marker}  ",
                    style=Style(bold=True, color=colour("game-marker"), meta={"card": index}),
                )
                if card in picture.selected:
                    lifted.append_text(cell)
                    resting.append_text(marker_text)
                else:
                    lifted.append_text(marker_text if marker != " " else blank)
                    resting.append_text(cell)
            if start:
                result.append("\n")
            result.append_text(lifted)
            result.append("\n")
            result.append_text(resting)
        return result

    def _cell(self, card: Card, index: int, picture: HandPicture) -> Text:
        settings = picture.settings
        meta = {"card": index}
        if index == picture.cursor:
            style = face_style(card.face, settings, CURSOR_BG) + Style(meta=meta, underline=True)
        else:
            style = face_style(card.face, settings) + Style(meta=meta)
        text = Text()
        text.append(card_label(card, settings).rjust(3), style=style)
        text.append(" ", style=Style(meta=meta))
        return text
