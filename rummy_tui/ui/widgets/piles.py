"""The stock and the discard pile (public, P-2).

Only the top discard is shown, except in Rummy 500 where the whole pile is spread (R-4) and
any card may be taken together with every card above it (R-5). Clicking the stock asks to
draw; clicking a discard asks to take it (and everything above it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.message import Message

from rummy_tui.core import PlayerView
from rummy_tui.core.seat_options import stock_note, variant_options
from rummy_tui.i18n import _, count_cards
from rummy_tui.ui.play.render import card_text, fill
from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.quiet import TextPicture


@dataclass(frozen=True)
class PilesPicture:
    """What the piles widget draws."""

    view: PlayerView
    settings: DisplaySettings = field(default_factory=DisplaySettings)


class PilesView(TextPicture):
    """Stock count and discard pile."""

    # Styled in assets/table.tcss, with the screen that shows it.

    class StockClicked(Message):
        """The stock was clicked."""

    class DiscardClicked(Message):
        """A discard was clicked: take ``count`` cards from the top."""

        def __init__(self, count: int) -> None:
            super().__init__()
            self.count = count

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picture: PilesPicture | None = None

    def show(self, picture: PilesPicture) -> None:
        """Draw ``picture`` from now on."""
        self.picture = picture
        self.picture_changed()

    def on_click(self, event: Click) -> None:
        """Pass a click on the stock or on a discard up to the screen."""
        meta = event.style.meta
        if meta.get("stock"):
            event.stop()
            self.post_message(self.StockClicked())
        elif isinstance(meta.get("discard"), int):
            event.stop()
            self.post_message(self.DiscardClicked(meta["discard"]))

    def fallback_width(self) -> int:
        return 30

    def picture_text(self, width: int) -> Text:
        if self.picture is None:
            return Text("")
        view, settings = self.picture.view, self.picture.settings
        text = Text()
        stock = Style(bold=True, meta={"stock": True})
        # Translators: the stock's label in the piles box, followed by a picture of the pack.
        text.append(_("Stock") + " ", style=stock)
        text.append(
            "▒▒",
            style=Style(
                color=colour("game-stock"), bgcolor=colour("game-stock-back"), meta={"stock": True}
            ),
        )
        text.append(" " + count_cards(view.stock_count), style=stock)
        note = stock_note(view)
        if note.rebuilds:
            limit = note.limit
            shown = f"{note.rebuilds}/{limit}" if limit is not None else str(note.rebuilds)
            # Translators: how often the stock was rebuilt from the discard pile, e.g. 2/3.
            text.append(" " + _("(rebuilt {times}, G-9)").format(times=shown), style="dim")
        elif note.never_rebuilt:
            text.append(" " + _("(empty: not rebuilt, R-10)"), style="dim")
        text.append("\n")
        pile = view.discard_pile
        spread = variant_options(view.rules).takes_any_depth  # every card in sight
        if not pile:
            text.append(_("Discard pile empty"), style="bold")
            return text
        if not spread:
            top = card_text(pile[-1], settings)
            top.stylize(Style(meta={"discard": 1}))
            # Translators: {count} cards in the discard pile, {card} the top one (drawn as a card).
            line = fill(
                _("Discard pile ({count}): top {card}"),
                style="bold",
                count=str(view.discard_count),
                card=top,
            )
            text.append_text(line)
            return text
        # Translators: Rummy 500's spread discard pile, listed from the bottom card to the top.
        text.append(
            _("Discard pile, spread ({count}), bottom → top:").format(count=len(pile)) + "\n",
            style="bold",
        )
        width = max(8, width)
        line_length = 0
        for position, card in enumerate(pile):
            count = len(pile) - position
            part = card_text(card, settings, width=3)
            part.stylize(Style(meta={"discard": count}))
            if line_length + 4 > width:
                text.append("\n")
                line_length = 0
            text.append_text(part)
            text.append(" ")
            line_length += 4
        return text
