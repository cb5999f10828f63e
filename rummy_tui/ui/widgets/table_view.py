"""The table as it is drawn: the top line, the players, the piles and the log, the phase line,
the hand in its box and the status line under it.

:class:`TableView` holds the table screen's widgets and draws them from one
:class:`TableDrawing` (what the screen knows of the moment); the screen itself only turns keys
into moves. Each widget redraws only what changed in its part.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from rummy_tui.core import PlayerView
from rummy_tui.core.offers import SeatOffers
from rummy_tui.i18n import _
from rummy_tui.i18n.labels import LOG, PLAYERS
from rummy_tui.i18n.outside_text import plain
from rummy_tui.table import Mode
from rummy_tui.ui.play.hand_box import hand_box
from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.render import log_text
from rummy_tui.ui.play.table_text import phase_hint, top_line
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import HandView
from rummy_tui.ui.widgets.log import LogPanel
from rummy_tui.ui.widgets.piles import PilesPicture, PilesView
from rummy_tui.ui.widgets.players import PlayersPanel, SeatLabel, TablePicture
from rummy_tui.ui.widgets.quiet import SteadySize, SteadyStatic, set_border_title, update_static


@dataclass(frozen=True)
class TableDrawing:
    """What the table shows at one moment."""

    view: PlayerView
    """The view on the table (the hand at the keyboard, or the public view)."""
    mode: Mode
    """Whether the hand on show is played, watched or hidden."""
    offers: SeatOffers | None
    """What the core offers the seat whose hand is played (for the phase line)."""
    hand: HandState | None
    """The order, selection and cursor of the hand on show."""
    labels: tuple[SeatLabel, ...]
    """Every seat's name and level."""
    settings: DisplaySettings
    """How cards are drawn."""
    note: str
    """The save state for the top line, in the language in use."""
    table_view: PlayerView | None = None
    """The view the players, the piles and the log are drawn from, when it is not ``view``:
    the replay shows the public table (nobody is "you") beside the hand it shows."""

    @property
    def table(self) -> PlayerView:
        """The view of the table around the hand."""
        return self.table_view if self.table_view is not None else self.view


class SteadyRow(Horizontal, SteadySize):
    """A row of the table whose new size costs one layout."""


class SteadyColumn(Vertical, SteadySize):
    """A column of the table whose new size costs one layout."""


class TableView(Vertical, SteadySize):
    """Every widget of the table screen but its key bar."""

    def __init__(self, seats: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._seats = seats

    def compose(self) -> ComposeResult:
        yield Static(id="top-bar")
        with SteadyRow(id="middle"):
            yield PlayersPanel(self._seats, id="players")
            with SteadyColumn(id="side"):
                yield PilesView(id="piles")
                yield LogPanel(id="log")
        yield SteadyStatic(id="phase-hint")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="status")

    def draw(self, drawing: TableDrawing) -> None:
        """Draw every part from ``drawing`` (each widget repaints only what changed)."""
        view, settings = drawing.table, drawing.settings
        set_border_title(self.query_one("#players"), _(PLAYERS))
        set_border_title(self.query_one("#log"), _(LOG))
        self.draw_top_line(drawing)
        self.query_one(PlayersPanel).show(
            TablePicture(view=view, labels=drawing.labels, settings=settings)
        )
        self.query_one(PilesView).show(PilesPicture(view=view, settings=settings))
        self.query_one(LogPanel).show(view.log, settings, view.take_back_notes)
        update_static(
            self.query_one("#phase-hint", Static),
            phase_hint(view, drawing.mode, drawing.offers, settings),
        )
        self.draw_hand(drawing)

    def draw_hand(self, drawing: TableDrawing) -> None:
        """The hand and its box's title."""
        title, picture = hand_box(
            drawing.view, drawing.mode, drawing.hand, drawing.labels, drawing.settings
        )
        set_border_title(self.query_one("#hand-box"), plain(title))
        self.query_one(HandView).show(picture)

    def draw_top_line(self, drawing: TableDrawing) -> None:
        """The top line (the match, the deal, the save state), wrapped to the width."""
        width = self.size.width or self.app.size.width
        update_static(
            self.query_one("#top-bar", Static), top_line(drawing.view, drawing.note, width)
        )

    def set_status(self, message: str | Text, settings: DisplaySettings, error: bool) -> None:
        """A one-line message under the hand (an engine's reason in red); the engine's card
        tokens are drawn as cards."""
        status = self.query_one("#status", Static)
        if isinstance(message, str):
            message = log_text(message, settings)
        update_static(status, message)
        status.set_class(error, "-error")

    def cards_per_line(self) -> int:
        """How many of the hand's cards fit on one line."""
        return self.query_one(HandView).cards_per_line()

    def scroll_players(self, direction: int) -> None:
        """Scroll the players panel a page up (``direction`` < 0) or down."""
        panel = self.query_one(PlayersPanel)
        if direction < 0:
            panel.scroll_page_up(animate=False)
        else:
            panel.scroll_page_down(animate=False)
