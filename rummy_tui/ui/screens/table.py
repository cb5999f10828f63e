"""The table: every player's public state, the piles, the log, and the hand at the keyboard.

The screen turns key presses and clicks into actions and posts them up as :class:`TableScreen.Act`
messages; the match session (:mod:`rummy_tui.ui.session`) applies them and hands the screen what
to draw next (:meth:`TableScreen.show`, :meth:`TableScreen.moved`, :meth:`TableScreen.refused`).
The screen never calls the app and never holds the game: what it draws comes from one
:class:`PlayerView` at a time (the view of the player at the keyboard, or the public view while
the keyboard is being passed or computer players move), and what it needs to know before it
what the seat at the keyboard may do comes with each view as the core's
:class:`~rummy_tui.core.offers.SeatOffers` (none while no hand is shown); the offers that depend
on the selection it asks through the read-only :class:`~rummy_tui.ui.move_keys.TableQuestions`.

What each move key decides lives in :mod:`rummy_tui.ui.move_keys` (plain functions of the
moment, one rule for every key); the cursor and selection keys in
:mod:`rummy_tui.ui.hand_cursor`. The order a player arranged the hand in belongs to the match
session (:class:`~rummy_tui.ui.hand_state.HandOrders`, handed down at construction); the screen
moves the cursor and the selection in it. Which keys are on comes from the offers too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import Action, ActionRecord, PlayerView
from rummy_tui.core.offers import SeatOffers
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.i18n.outside_text import plain
from rummy_tui.ui import hand_cursor, move_keys, table_messages
from rummy_tui.ui.assets import stylesheet_paths
from rummy_tui.ui.hand_box import hand_box
from rummy_tui.ui.hand_state import HandOrders, HandState, sort_cards
from rummy_tui.ui.key_help import key_label
from rummy_tui.ui.move_keys import Ask, Complain, Decision, KeyMoment, Post, Refuse, TableQuestions
from rummy_tui.ui.render import log_text
from rummy_tui.ui.screens.log_view import LogScreen
from rummy_tui.ui.screens.prompt import ChoiceScreen
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.table_keys import TABLE_BINDINGS, table_offers
from rummy_tui.ui.table_text import Mode, phase_hint, top_line
from rummy_tui.ui.translate import translate_bindings
from rummy_tui.ui.widgets.hand import HandView
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import LogPanel
from rummy_tui.ui.widgets.piles import PilesPicture, PilesView
from rummy_tui.ui.widgets.players import PlayerBox, PlayersPanel, SeatLabel, TablePicture
from rummy_tui.ui.widgets.quiet import set_border_title, update_static

__all__ = ["Mode", "TableScreen", "sort_cards"]

TURN_KEYS = frozenset(
    {"draw", "take", "draw_two", "meld", "lay_off", "discard", "go_out", "end_deal", "hint"}
)
"""The table's keys that act for the player to move (off unless a hand is played)."""
HAND_ACTIONS = frozenset(
    {"cursor", "cursor_line", "cursor_end", "pick", "move_card", "sort", "clear"}
)


class TableScreen(Screen[None]):
    """The game table."""

    CSS_PATH = stylesheet_paths("table.tcss")

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    Act = table_messages.Act
    Wants = table_messages.Wants
    TakeBack = table_messages.TakeBack
    Resumed = table_messages.Resumed

    def __init__(
        self,
        view: PlayerView,
        labels: tuple[SeatLabel, ...],
        settings: DisplaySettings,
        hands: HandOrders,
        asks: TableQuestions,
        hints: bool = True,
    ) -> None:
        """The table of ``labels`` starts from ``view`` (public: no hand); ``hands`` are the
        session's hand orders, ``asks`` its read-only questions, ``hints`` the hint switch."""
        super().__init__()
        self.translate_keys()
        self.labels = labels
        self.settings = settings
        self.hands = hands
        self.asks = asks
        self.hints = hints
        self.view: PlayerView = view
        self.mode = Mode.HIDDEN
        self.offers: SeatOffers | None = None
        """What the core offers the seat whose hand is on show (None while none is shown)."""
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

    # ------------------------------------------------------------------ data from the session

    def show(self, view: PlayerView, mode: Mode, offers: SeatOffers | None = None) -> None:
        """Draw ``view``; ``mode`` says whether its hand is played, watched or hidden;
        ``offers`` are what the core offers its seat now (none with a hidden hand), the cards
        it drew this turn among them (the hand's ``•`` marks, from the turn state, so they
        are right after ``rummy continue`` and a hand-off too)."""
        self.view = view
        self.mode = mode
        self.offers = offers if mode is not Mode.HIDDEN else None
        if mode is not Mode.HIDDEN and view.hand:
            self.hands.sync(view)
            if view.seat == view.current:
                drawn = offers.drawn if offers is not None else ()
                self.hands.of(view.seat).fresh = set(drawn) & set(view.hand)
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    def hide_hand(self, public_view: PlayerView) -> None:
        """Show the public table only (before a hand-off)."""
        self.show(public_view, Mode.HIDDEN)

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
            phase_hint(view, self.mode, self.offers, settings),
        )
        self._draw_hand()

    def _draw_hand(self) -> None:
        title, picture = hand_box(self.view, self.mode, self.hand_state, self.labels, self.settings)
        set_border_title(self.query_one("#hand-box"), plain(title))
        self.query_one(HandView).show(picture)

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
        if self.offers is not None and not table_offers(action, self.offers.moves, self.hints):
            return False
        if action == "take_back":
            return self.take_back_reason() is None
        return True

    def key_offered(self, action: str) -> bool:
        """Whether the footer offers the key of ``action`` now (see
        :func:`rummy_tui.ui.move_keys.key_offered`)."""
        return move_keys.key_offered(action, self.offers)

    def take_back_reason(self) -> str | None:
        """Why the player at the keyboard may not take back a move now (the core's sentence),
        or None when ``u`` takes one back."""
        return move_keys.take_back_refusal(self.offers, self.settings)

    # ------------------------------------------------------------------ move keys

    def _moment(self) -> KeyMoment:
        state = self.hand_state
        return KeyMoment(
            view=self.view,
            mode=self.mode,
            offers=self.offers,
            settings=self.settings,
            selected=hand_cursor.selected_cards(state),
            under_cursor=hand_cursor.card_under_cursor(state),
            asks=self.asks,
        )

    def _decide(self, key: Callable[..., Decision], *arguments: Any) -> None:
        """Carry out what a move key of :mod:`rummy_tui.ui.move_keys` decides now."""
        decision = key(self._moment(), *arguments)
        if isinstance(decision, Post):
            self.apply(decision.action)
        elif isinstance(decision, Refuse):
            self.refused(decision.reason)
        elif isinstance(decision, Complain):
            self.set_status(decision.message, True)
        elif isinstance(decision, Ask):
            self._ask(decision)

    def _ask(self, question: Ask) -> None:
        """Ask ``question``; the answer is posted as its action (nothing when cancelled)."""

        def answered(value: object) -> None:
            if value is not None:
                self.apply(question.then(value))

        screen = ChoiceScreen(question.question, question.choices, question.detail, question.note)
        self.app.push_screen(screen, answered)

    def apply(self, action: Action) -> None:
        """Ask the match session to make ``action`` (only while a hand is played)."""
        if self.mode is Mode.PLAY:
            self.post_message(self.Act(action))

    def action_draw(self) -> None:
        """Draw the top card of the stock."""
        self._decide(move_keys.draw)

    def action_take(self) -> None:
        """Take from the discard pile, as the seat's offers say taking means here."""
        self._decide(move_keys.take)

    def action_draw_two(self) -> None:
        """A two-card draw (B-1)."""
        self._decide(move_keys.draw_two)

    def action_meld(self) -> None:
        """Meld the selected cards (asks what a joker stands for when that matters)."""
        self._decide(move_keys.meld)

    def action_lay_off(self, meld_id: int | None = None) -> None:
        """Lay the selected card off (asks which meld when it fits several, R-7)."""
        self._decide(move_keys.lay_off, meld_id)

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn."""
        self._decide(move_keys.discard)

    def action_go_out(self) -> None:
        """Lay the whole hand down (B-3, E-7)."""
        self._decide(move_keys.go_out)

    def action_end_deal(self) -> None:
        """Take nothing and end the deal (R-10)."""
        self._decide(move_keys.end_deal)

    @on(PilesView.StockClicked)
    def _stock_clicked(self) -> None:
        if self.mode is Mode.PLAY:
            self.action_draw()

    @on(PilesView.DiscardClicked)
    def _discard_clicked(self, event: PilesView.DiscardClicked) -> None:
        if self.mode is Mode.PLAY:
            self._decide(move_keys.take_clicked, event.count)

    @on(PlayerBox.MeldClicked)
    def _meld_clicked(self, event: PlayerBox.MeldClicked) -> None:
        if self.mode is Mode.PLAY:
            self.action_lay_off(event.meld_id)

    # ------------------------------------------------------------------ hand keys

    def _arrange(self, change: Callable[..., bool], *arguments: int) -> None:
        """Change the hand on show with a :mod:`rummy_tui.ui.hand_cursor` function and draw
        it again when it changed."""
        state = self.hand_state
        if state is not None and change(state, *arguments):
            self._draw_hand()

    def action_cursor(self, delta: int) -> None:
        """Move the cursor along the hand."""
        self._arrange(hand_cursor.move_cursor, delta)

    def action_cursor_end(self, last: int) -> None:
        """Home / End: jump to the first (0) or last (1) card of the hand."""
        self._arrange(hand_cursor.cursor_to_end, last)

    def action_cursor_line(self, delta: int) -> None:
        """Move the cursor one line of cards up or down (long hands wrap)."""
        per_line = self.query_one(HandView).cards_per_line()
        self._arrange(hand_cursor.move_cursor_line, delta, per_line)

    def action_pick(self) -> None:
        """Select or unselect the card under the cursor."""
        self._arrange(hand_cursor.pick_at)

    def action_clear(self) -> None:
        """Unselect every card."""
        self._arrange(hand_cursor.clear_selection)

    def action_move_card(self, delta: int) -> None:
        """Move the card under the cursor left or right (arrange the hand by hand)."""
        self._arrange(hand_cursor.move_card, delta)

    def action_sort(self) -> None:
        """Sort the hand by suit, then by rank on the next press."""
        self._arrange(hand_cursor.sort_hand)

    @on(HandView.CardClicked)
    def _card_clicked(self, event: HandView.CardClicked) -> None:
        self._arrange(hand_cursor.pick_at, event.index)

    # ------------------------------------------------------------------ other keys

    def action_scroll_players(self, direction: int) -> None:
        """Scroll the players panel a page (crowded tables on small terminals)."""
        panel = self.query_one(PlayersPanel)
        if direction < 0:
            panel.scroll_page_up(animate=False)
        else:
            panel.scroll_page_down(animate=False)

    def action_take_back(self) -> None:
        """Take back the newest move of this turn (P-4): the match session undoes it."""
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
