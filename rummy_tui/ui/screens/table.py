"""The table: every player's public state, the piles, the log, and the hand at the keyboard.

The screen turns key presses and clicks into actions and posts them up as :class:`TableScreen.Act`
messages; the turn flow (:mod:`rummy_tui.ui.turns`) applies them and hands the screen what to
draw next (:meth:`TableScreen.show`, :meth:`TableScreen.moved`, :meth:`TableScreen.refused`).
The screen never calls the app. The order a player arranged the hand in belongs to the
controller (:class:`~rummy_tui.ui.hand_state.HandOrders`); the screen moves the cursor and the
selection in it. What it draws comes from one :class:`PlayerView` at a time: the view of the
player at the keyboard, or the public view (no hand) while the keyboard is being passed or
computer players move. Which keys are on comes from the core's :func:`seat_options`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import (
    Action,
    ActionRecord,
    Phase,
    PlayerView,
    TakeDiscard,
)
from rummy_tui.core.seat_options import SeatOptions, TakeStyle, seat_options
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _, count_cards, ngettext
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.i18n.outside_text import plain
from rummy_tui.ui.hand_state import HandOrders, HandState, arrange_hand, sort_cards, sorted_mode
from rummy_tui.ui.key_help import key_label
from rummy_tui.ui.refusal_text import refusal_text
from rummy_tui.ui.render import log_text
from rummy_tui.ui.screens.hand_keys import HandKeys
from rummy_tui.ui.screens.log_view import LogScreen
from rummy_tui.ui.screens.table_moves import MoveKeys
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.table_keys import TABLE_BINDINGS, table_offers
from rummy_tui.ui.table_text import (
    Mode,
    computer_playing,
    draw_two_words,
    phase_hint,
    top_line,
)
from rummy_tui.ui.translate import translate_bindings
from rummy_tui.ui.widgets.hand import HandPicture, HandView
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import LogPanel
from rummy_tui.ui.widgets.piles import PilesPicture, PilesView
from rummy_tui.ui.widgets.players import PlayerBox, PlayersPanel, SeatLabel, TablePicture
from rummy_tui.ui.widgets.quiet import set_border_title, update_static

if TYPE_CHECKING:
    from rummy_tui.ui.controller import Controller

__all__ = [
    "HandState",
    "Mode",
    "TableScreen",
    "arrange_hand",
    "draw_two_words",
    "phase_hint",
    "sort_cards",
    "sorted_mode",
    "top_line",
]

TURN_KEYS = frozenset(
    {"draw", "take", "draw_two", "meld", "lay_off", "discard", "go_out", "end_deal", "hint"}
)
"""The table's keys that act for the player to move (off unless a hand is played)."""
HAND_ACTIONS = frozenset(
    {"cursor", "cursor_line", "cursor_end", "pick", "move_card", "sort", "clear"}
)

Wish = Literal["hint", "help", "leave", "sheet"]


class TableScreen(HandKeys, MoveKeys, Screen[None]):
    """The game table."""

    DEFAULT_CSS = """
    TableScreen {
        layout: vertical;
    }
    TableScreen #top-bar {
        height: auto;
        background: $panel;
    }
    TableScreen #middle {
        height: 1fr;
    }
    TableScreen #players {
        scrollbar-size-vertical: 1;
        width: 1fr;
        border: round $primary 50%;
        border-title-color: $text;
    }
    TableScreen #side {
        width: 40%;
        max-width: 48;
        min-width: 30;
    }
    TableScreen #piles {
        border: round $primary 50%;
    }
    TableScreen #log {
        scrollbar-size-vertical: 1;
        border: round $primary 50%;
        border-title-color: $text;
    }
    TableScreen #phase-hint {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    TableScreen #hand-box {
        height: auto;
        border: round $accent;
        border-title-color: $text;
        padding: 0 1;
    }
    TableScreen #status {
        height: auto;
        min-height: 1;
        padding: 0 1;
    }
    TableScreen #status.-error {
        color: $text-error;
        text-style: bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    class Act(Message):
        """The player at the keyboard asks for ``action`` (the turn flow applies it)."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Wants(Message):
        """The player asks for a menu over the table: the hint, the help, the score sheet or
        the leave menu."""

        def __init__(self, wish: Wish) -> None:
            super().__init__()
            self.wish: Wish = wish

    class TakeBack(Message):
        """The player at the keyboard asks to take back their newest move (P-4)."""

    class Resumed(Message):
        """The table is on top again (a menu or a question closed)."""

    def __init__(
        self,
        controller: Controller,
        labels: tuple[SeatLabel, ...],
        settings: DisplaySettings,
    ) -> None:
        super().__init__()
        self.translate_keys()
        self.controller = controller
        self.labels = labels
        self.settings = settings
        # Every refusal the table shows is written by one function, with this table's cards.
        controller.words = lambda error: refusal_text(error, self.settings)
        self.view: PlayerView = controller.public_view()
        self.mode = Mode.HIDDEN
        self.saved_note = ""

    def translate_keys(self) -> None:
        """The footer's words in the language in use (again after the language changes); the
        space bar's name too, the other keys show what is printed on them."""
        merged = self._merged_bindings
        if merged is not None:
            self._bindings = merged.copy()
        translate_bindings(self)
        bindings = self._bindings.key_to_bindings
        for key, entries in bindings.items():
            bindings[key] = [
                replace(binding, key_display=key_label(binding.key_display))
                if binding.key_display
                else binding
                for binding in entries
            ]

    def act_message(self, action: Action) -> Message:
        """The message that asks the turn flow for ``action``."""
        return self.Act(action)

    @property
    def hands(self) -> HandOrders:
        """Every seat's hand order (the controller's; the save keeps it)."""
        return self.controller.hands

    @property
    def options(self) -> SeatOptions:
        """What the variant offers now (the core's summary), with the match's hint switch."""
        return replace(seat_options(self.view), hints=self.controller.setup.hints)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="top-bar")
        with Horizontal(id="middle"):
            yield PlayersPanel(len(self.labels), id="players")
            with Vertical(id="side"):
                yield PilesView(id="piles")
                yield LogPanel(id="log")
        yield Static(id="phase-hint")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()

    def on_screen_resume(self) -> None:
        """Back on top (a menu, the help or a question closed): computer players go on."""
        self.post_message(self.Resumed())

    # ------------------------------------------------------------------ data from the turn flow

    def show(self, view: PlayerView, mode: Mode) -> None:
        """Draw ``view``; ``mode`` says whether its hand is played, watched or hidden."""
        self.view = view
        self.mode = mode
        if mode is not Mode.HIDDEN and view.hand:
            self.hands.sync(view)
            if view.seat == view.current:
                # The • marks come from the match's record, not from this screen's memory,
                # so they are right after ``rummy continue`` and a hand-off too.
                state = self.hands.of(view.seat)
                state.fresh = set(self.controller.drawn_this_turn()) & set(view.hand)
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    def hide_hand(self) -> None:
        """Show the public table only (before a hand-off)."""
        self.show(self.controller.public_view(), Mode.HIDDEN)

    def moved(self, record: ActionRecord | TakeBackNote | None) -> None:
        """A move was made (or taken back): its line under the hand (the mover's selection is
        spent)."""
        if record is not None and record.seat is not None and record.seat in self.hands:
            self.hands[record.seat].selected.clear()
        self.set_status(entry_sentence(record) if record is not None else "")

    def refused(self, reason: str) -> None:
        """The engine refused the player's move: its reason, in red, and a bell."""
        self.set_status(reason, True)
        self.app.bell()

    @property
    def hand_state(self) -> HandState | None:
        """Presentation state of the hand on display, if any."""
        if self.mode is Mode.HIDDEN or not self.view.hand:
            return None
        return self.hands.of(self.view.seat)

    def redraw(self) -> None:
        """Redraw every widget from the current view."""
        view, settings = self.view, self.settings
        set_border_title(self.query_one("#players"), _("Players"))
        set_border_title(self.query_one("#log"), _("Log"))
        self._draw_top_line()
        picture = TablePicture(view=view, labels=self.labels, settings=settings)
        self.query_one(PlayersPanel).show(picture)
        self.query_one(PilesView).show(PilesPicture(view=view, settings=settings))
        self.query_one(LogPanel).show(view.log, settings, view.take_back_notes)
        update_static(
            self.query_one("#phase-hint", Static),
            phase_hint(view, self.mode, self._can_go_out_hint(), settings),
        )
        self._draw_hand()

    def _can_go_out_hint(self) -> bool:
        view = self.view
        if self.mode is not Mode.PLAY or self.options.melds_in_play or not view.is_my_turn:
            return False
        return bool(self.controller.go_out_options())

    def _cards_per_line(self) -> int:
        """How many cards one line of the hand holds (long hands wrap)."""
        return self.query_one(HandView).cards_per_line()

    def _draw_hand(self) -> None:
        hand = self.query_one(HandView)
        box = self.query_one("#hand-box")
        state = self.hand_state
        view = self.view
        if state is None:
            if self.mode is Mode.HIDDEN:
                message = _("No hand is shown while the keyboard passes between players.")
                if view.phase in (Phase.DRAW, Phase.PLAY) and self.controller.is_bot(view.current):
                    level = self.controller.setup.seats[view.current].kind.value
                    message = computer_playing(view.players[view.current], level)
            else:
                message = _("No cards in hand.")
            set_border_title(box, _("Hand"))
            hand.show(HandPicture(message=message, settings=self.settings))
            return
        name = view.players[view.seat]
        if state.order == sort_cards(state.order, state.sort_mode):
            arranged = _("sorted by rank") if state.sort_mode == "rank" else _("sorted by suit")
        else:
            arranged = _("arranged by hand")
        selected = len(state.selected)
        # Translators: the hand's title, then "· 7 cards · sorted by suit · 2 selected".
        phrases = [_("{name}'s hand").format(name=name), count_cards(len(state.order)), arranged]
        if selected:
            phrases.append(ngettext("{n} selected", "{n} selected", selected).format(n=selected))
        title = " · ".join(phrases)
        set_border_title(box, plain(title))
        hand.show(
            HandPicture(
                cards=tuple(state.order),
                selected=frozenset(state.selected),
                cursor=state.cursor,
                fresh=frozenset(state.fresh),
                must_use=view.must_use if view.is_my_turn else None,
                settings=self.settings,
            )
        )

    def set_status(self, message: str | Text, error: bool = False) -> None:
        """Show a one-line message under the hand (an engine's reason in red); the engine's
        card tokens are drawn as cards."""
        status = self.query_one("#status", Static)
        if isinstance(message, str):
            message = log_text(message, self.settings)
        update_static(status, message)
        status.set_class(error, "-error")

    def set_saved_note(self, note: str) -> None:
        """The save state shown in the top line."""
        self.saved_note = note
        if self.is_mounted:
            self._draw_top_line()

    def _draw_top_line(self) -> None:
        width = self.size.width or self.app.size.width
        # The saved note is the autosave's marked word ("saved"), translated here so a change of
        # language shows at once.
        note = _(self.saved_note) if self.saved_note else ""
        update_static(self.query_one("#top-bar", Static), top_line(self.view, note, width))

    def on_resize(self) -> None:
        """Re-wrap the top line to the new width."""
        if self.is_mounted:
            self._draw_top_line()

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw with new display settings (and the language in use)."""
        self.settings = settings
        self.translate_keys()
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    # ------------------------------------------------------------------ bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in TURN_KEYS and self.mode is not Mode.PLAY:
            return False
        if action in HAND_ACTIONS and self.hand_state is None:
            return False
        if not table_offers(action, self.options):
            return False
        if action == "take_back":
            return self.take_back_reason() is None
        return True

    def take_back_reason(self) -> str | None:
        """Why the player at the keyboard may not take back a move now (the core's sentence),
        or None when ``u`` takes one back."""
        if self.mode is Mode.HIDDEN:
            return _("Only the player at the keyboard may take back a move (P-4).")
        return self.controller.take_back_reason(self.view.seat)

    @on(HandView.CardClicked)
    def _card_clicked(self, event: HandView.CardClicked) -> None:
        state = self.hand_state
        if state is None or not 0 <= event.index < len(state.order):
            return
        state.cursor = event.index
        self.action_pick()

    @on(PilesView.StockClicked)
    def _stock_clicked(self) -> None:
        if self.mode is Mode.PLAY:
            self.action_draw()

    @on(PilesView.DiscardClicked)
    def _discard_clicked(self, event: PilesView.DiscardClicked) -> None:
        if self.mode is not Mode.PLAY:
            return
        if self.options.take is TakeStyle.DOWN_TO:
            self.apply(TakeDiscard(count=event.count))
        else:
            self.action_take()

    @on(PlayerBox.MeldClicked)
    def _meld_clicked(self, event: PlayerBox.MeldClicked) -> None:
        if self.mode is Mode.PLAY:
            self.action_lay_off(event.meld_id)

    # ------------------------------------------------------------------ other keys

    def action_scroll_players(self, direction: int) -> None:
        """Scroll the players panel a page (crowded tables on small terminals)."""
        panel = self.query_one(PlayersPanel)
        if direction < 0:
            panel.scroll_page_up(animate=False)
        else:
            panel.scroll_page_down(animate=False)

    def action_take_back(self) -> None:
        """Take back the newest move of this turn (P-4): the turn flow undoes it."""
        self.post_message(self.TakeBack())

    def action_take_back_refused(self) -> None:
        """``u`` when nothing may be taken back: the core's reason, in red."""
        self.refused(self.take_back_reason() or _("Nothing can be taken back now (P-4)."))

    def action_show_log(self) -> None:
        """The whole log of the match, as the player at the keyboard may see it."""
        view = self.view
        seat = view.seat if 0 <= view.seat < len(view.players) else None
        self.app.push_screen(LogScreen(view.log, self.settings, seat=seat))

    def action_hint(self) -> None:
        """Show the hint for the player at the keyboard."""
        self.post_message(self.Wants("hint"))

    def action_help(self) -> None:
        """Show every key."""
        self.post_message(self.Wants("help"))

    def action_sheet(self) -> None:
        """Show the score sheet (P-5)."""
        self.post_message(self.Wants("sheet"))

    def action_leave(self) -> None:
        """Leave the table (menu)."""
        self.post_message(self.Wants("leave"))
