"""The table screen: the keys and clicks of the player at the keyboard, turned into moves.

The match session (:mod:`rummy_tui.ui.play.session`) hands the screen what to show
(:meth:`TableScreen.show`: one :class:`PlayerView`, what the core offers its seat as
:class:`~rummy_tui.core.offers.SeatOffers`, and the hand's order), and the screen posts moves
up as :class:`TableScreen.Act` messages; it never calls the app nor holds the game. Its
widgets are drawn by :class:`~rummy_tui.ui.widgets.table_view.TableView`. Every move key is a
plain function of the moment at the end of this module, all alike: the key's offer, then the
one rule of :func:`decide`; the questions it may ask come from
:mod:`rummy_tui.ui.play.key_questions`, the hand keys' changes from
:mod:`rummy_tui.ui.play.hand_cursor`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.screen import Screen

from rummy_tui.core import Action, ActionRecord, Card, PlayerView, TakeDiscard
from rummy_tui.core.offers import Choice as Offered
from rummy_tui.core.offers import Offer, Refusal, SeatOffers
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.table import Mode
from rummy_tui.ui.play import hand_cursor
from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.key_help import translate_screen_keys
from rummy_tui.ui.play.key_questions import (
    Ask,
    Complain,
    Decision,
    KeyMoment,
    OneCardMove,
    Post,
    Question,
    Refuse,
    TableQuestions,
    ask_draw_two,
    ask_final_discard,
    ask_meld_to_lay_off_on,
    ask_reading,
    ask_take,
    key_offered,
    pile_refused,
    refusal_words,
    take_back_refusal,
    too_many_selected,
)
from rummy_tui.ui.play.table_keys import TABLE_BINDINGS, Wish, key_on, seat_key_on
from rummy_tui.ui.screens.log_view import LogScreen
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import HandView
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.piles import PilesView
from rummy_tui.ui.widgets.players import PlayerBox, SeatLabel
from rummy_tui.ui.widgets.table_view import TableDrawing, TableView

__all__ = ["Mode", "TableScreen", "Wish"]


NARROW = 60
"""Under this many columns (a phone's browser tab) the table is laid out for a narrow screen."""


class TableActor(Protocol):
    """Whoever the table tells what the people at it ask for (the match session)."""

    def person_acts(self, action: Action) -> None:
        """A person asked for ``action``."""
        ...

    def take_back(self, seat: int | None = None) -> None:
        """The person at the keyboard takes back their newest move (P-4)."""
        ...

    def wants(self, wish: Wish) -> None:
        """A menu over the table."""
        ...

    def table_resumed(self) -> None:
        """The table is back on top."""
        ...

    def arranged(self, seat: int, hand: HandState) -> None:
        """The person at the keyboard arranged ``seat``'s hand (order, selection, cursor)."""
        ...


class TableScreen(Screen[None]):
    """The game table."""

    CSS_PATH = stylesheet_paths("table.tcss")

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    # What the screen posts up (attributes down, messages up); their handlers are
    # ``on_table_screen_<message>``.

    @dataclass
    class Act(Message):
        """The player at the keyboard asks for ``action`` (the match session applies it)."""

        action: Action

    @dataclass
    class Wants(Message):
        """The player asks for a menu over the table (hint, help, score sheet, leave)."""

        wish: Wish

    class TakeBack(Message):
        """The player at the keyboard asks to take back their newest move (P-4)."""

    class Resumed(Message):
        """The table is back on top (a menu or a question closed)."""

    def __init__(
        self,
        view: PlayerView,
        labels: tuple[SeatLabel, ...],
        settings: DisplaySettings,
        asks: TableQuestions,
        hints: bool = True,
        actor: TableActor | None = None,
    ) -> None:
        """The table of ``labels`` starts from ``view`` (public: no hand); ``asks`` are the
        session's read-only questions, ``hints`` the hint switch; ``actor`` is told what the
        people at the table ask for (without one, the messages go on to the app)."""
        super().__init__()
        self.actor = actor
        self.translate_keys()
        self.labels = labels
        self.settings = settings
        self.asks = asks
        self.hand_state: HandState | None = None
        """The order, selection and cursor of the hand on show: the screen's own copy of the
        session's, which the hand keys change (None without a hand)."""
        self.hints = hints
        self.view: PlayerView = view
        self.mode = Mode.HIDDEN
        self.offers: SeatOffers | None = None
        """What the core offers the seat whose hand is on show (None while none is shown)."""
        self.saved_note = ""
        self.manages_seats = True
        """Whether this table moves seats and makes codes (the shared screen; a joined
        screen does not, P-6)."""

    def translate_keys(self) -> None:
        """The key bar's words in the language in use (again after the language changes)."""
        translate_screen_keys(self)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield TableView(len(self.labels), id="table-view")
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()

    def on_screen_resume(self) -> None:
        """Back on top (a menu, the help or a question closed): computer players go on."""
        self.post_message(self.Resumed())

    # ------------------------------------------------------------------ what people ask for

    def on_table_screen_act(self, message: Act) -> None:
        """A person asked for a move: the actor makes it."""
        if self.actor is not None:
            message.stop()
            self.actor.person_acts(message.action)

    def on_table_screen_take_back(self, message: TakeBack) -> None:
        """The person at the keyboard takes back their newest move (P-4)."""
        if self.actor is not None:
            message.stop()
            self.actor.take_back()

    def on_table_screen_wants(self, message: Wants) -> None:
        """A menu over the table: the hint, the help, the score sheet or the leave menu."""
        if self.actor is not None:
            message.stop()
            self.actor.wants(message.wish)

    def on_table_screen_resumed(self, message: Resumed) -> None:
        """The table is back on top: the actor goes on (a computer's move that waited, the
        other screens' moves)."""
        if self.actor is not None:
            message.stop()
            self.actor.table_resumed()

    # ------------------------------------------------------------------ data from the session

    def show(
        self,
        view: PlayerView,
        mode: Mode,
        offers: SeatOffers | None = None,
        hand: HandState | None = None,
    ) -> None:
        """Draw ``view``; ``mode`` says whether its hand is played, watched or hidden;
        ``offers`` are what the core offers its seat now (none with a hidden hand); ``hand``
        is the order, selection and cursor of its hand, up to date with ``view`` (the cards
        drawn this turn marked)."""
        self.view = view
        self.mode = mode
        hidden = mode is Mode.HIDDEN
        self.offers = offers  # hidden: only the take-back of a discard (P-4), if any
        shown = None if hidden or not view.hand else hand
        self.hand_state = shown.copy() if shown is not None else None
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    def moved(self, record: ActionRecord | TakeBackNote | None) -> None:
        """A move was made: its line under the hand. A take-back's line is drawn once, in the
        log, in the place of the move it took back (issue 30): the line under the hand is
        cleared rather than saying it a second time."""
        if record is None or isinstance(record, TakeBackNote):
            self.set_status("")
        else:
            self.set_status(entry_sentence(record))

    def refused(self, reason: str) -> None:
        """The engine refused the player's move: its reason, in red, and a bell."""
        self.set_status(reason, True)
        self.app.bell()

    def _drawing(self) -> TableDrawing:
        # The saved note (the autosave's marked word) is translated here: a new language shows.
        note = _(self.saved_note) if self.saved_note else ""
        return TableDrawing(
            self.view, self.mode, self.offers, self.hand_state, self.labels, self.settings, note
        )

    def redraw(self) -> None:
        """Redraw every widget from the current view."""
        self.query_one(TableView).draw(self._drawing())

    def _draw_hand(self) -> None:
        self.query_one(TableView).draw_hand(self._drawing())

    def set_status(self, message: str | Text, error: bool = False) -> None:
        """Show a one-line message under the hand (an engine's reason in red)."""
        self.query_one(TableView).set_status(message, self.settings, error)

    def set_saved_note(self, note: str) -> None:
        """The save state shown in the top line."""
        self.saved_note = note
        self.on_resize()

    def on_resize(self) -> None:
        """The top line again (wrapped to the new width); under :data:`NARROW` columns (a
        phone) the players panel spans the width, over the piles and the log."""
        self.set_class(0 < self.size.width < NARROW, "-narrow")
        if self.is_mounted:
            self.query_one(TableView).draw_top_line(self._drawing())

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw with new display settings (and the language in use)."""
        self.settings = settings
        self.translate_keys()
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    # ------------------------------------------------------------------ bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        offers, played = self.offers, self.mode is Mode.PLAY
        moves = offers.moves if offers is not None else None
        if not seat_key_on(action, self.manages_seats):
            return False
        if not key_on(action, played, self.hand_state is not None, moves, self.hints):
            return False
        return self.take_back_reason() is None if action == "take_back" else True

    def key_offered(self, action: str) -> bool:
        """Whether the key bar offers the key of ``action`` now."""
        return key_offered(action, self.offers)

    def take_back_reason(self) -> str | None:
        """Why the player at the keyboard may not take back a move now, or None (``u`` may)."""
        return take_back_refusal(self.offers, self.settings)

    # ------------------------------------------------------------------ move keys

    def _moment(self) -> KeyMoment:
        # Read here from the plain hand state: a key's road stays in this module until posted.
        hand = self.hand_state or HandState()
        order = hand.order
        return KeyMoment(
            view=self.view,
            mode=self.mode,
            offers=self.offers,
            settings=self.settings,
            selected=tuple(card for card in order if card in hand.selected),
            under_cursor=order[hand.cursor] if order else None,
            asks=self.asks,
        )

    def _decide(self, key: Callable[..., Decision], *arguments: Any) -> None:
        """Carry out what a move key (below) decides now."""
        decision = press(key, self._moment(), *arguments)
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
        self.app.push_screen(question.screen(), question.answer(self.apply))

    def apply(self, action: Action) -> None:
        """Ask the match session to make ``action`` (only while a hand is played)."""
        if self.mode is Mode.PLAY:
            self.post_message(self.Act(action))

    def action_draw(self) -> None:
        """Draw the top card of the stock."""
        self._decide(draw)

    def action_take(self) -> None:
        """Take from the discard pile, as the seat's offers say taking means here."""
        self._decide(take)

    def action_draw_two(self) -> None:
        """A two-card draw (B-1)."""
        self._decide(draw_two)

    def action_meld(self) -> None:
        """Meld the selected cards (asks what a joker stands for when that matters)."""
        self._decide(meld)

    def action_lay_off(self, meld_id: int | None = None) -> None:
        """Lay the selected card off (asks which meld when it fits several, R-7)."""
        self._decide(lay_off, meld_id)

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn."""
        self._decide(discard)

    def action_go_out(self) -> None:
        """Lay the whole hand down (B-3, E-7)."""
        self._decide(go_out)

    def action_end_deal(self) -> None:
        """Take nothing and end the deal (R-10)."""
        self._decide(end_deal)

    @on(PilesView.StockClicked)
    def _stock_clicked(self) -> None:
        self.action_draw()

    @on(PilesView.DiscardClicked)
    def _discard_clicked(self, event: PilesView.DiscardClicked) -> None:
        self._decide(take_clicked, event.count)

    @on(PlayerBox.MeldClicked)
    def _meld_clicked(self, event: PlayerBox.MeldClicked) -> None:
        self.action_lay_off(event.meld_id)

    # ------------------------------------------------------------------ hand keys

    def _arrange(self, change: Callable[..., bool], *arguments: int) -> None:
        """Change the hand on show with a :mod:`rummy_tui.ui.play.hand_cursor` function; when
        it changed, draw it again and tell the actor the new arrangement (the session keeps it
        for the next time the hand is shown and for the save)."""
        state = self.hand_state
        if state is not None and change(state, *arguments):
            self._draw_hand()
            if self.actor is not None:
                self.actor.arranged(self.view.seat, state.copy())

    def action_cursor(self, delta: int) -> None:
        """Move the cursor along the hand."""
        self._arrange(hand_cursor.move_cursor, delta)

    def action_cursor_end(self, last: int) -> None:
        """Home / End: jump to the first (0) or last (1) card of the hand."""
        self._arrange(hand_cursor.cursor_to_end, last)

    def action_cursor_line(self, delta: int) -> None:
        """Move the cursor one line of cards up or down (long hands wrap)."""
        per_line = self.query_one(TableView).cards_per_line()
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
        self.query_one(TableView).scroll_players(direction)

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

    def action_own_screens(self) -> None:
        """Where each person's seat is played, and the seats' join codes."""
        self.post_message(self.Wants("screens"))

    def action_seats_elsewhere(self) -> None:
        """``o`` on a joined screen: asked all the same, so the table's rules say in one
        sentence that the seats are managed on the shared screen (P-6)."""
        self.post_message(self.Wants("screens"))


# ---------------------------------------------------------------------------- the move keys
# Each is a plain function of the moment (readable without Textual), all alike: the offer
# of the key, then the one rule of :func:`decide`.


def press(key: Callable[..., Decision], moment: KeyMoment, *arguments: Any) -> Decision:
    """What the move ``key`` decides at ``moment``: nothing unless a hand is played."""
    if moment.mode is not Mode.PLAY or moment.offers is None:
        return None
    return key(moment.offers, moment, *arguments)


def decide(
    offer: Offer,
    moment: KeyMoment,
    question: Question,
    refused: Callable[[Offer, DisplaySettings], str] | None = None,
) -> Decision:
    """The one rule of every move key: no allowed choice says why not (``refused``, by
    default the offer's ``why_not``), one is posted, several are asked with ``question``."""
    allowed = offer.allowed
    if not allowed:
        words = refused or (lambda offer, settings: refusal_words(offer.why_not, settings))
        return Refuse(words(offer, moment.settings))
    return Post(allowed[0].action) if len(allowed) == 1 else question(offer, moment)


def _one_form(offer: Offer, _moment: KeyMoment) -> Decision:
    """A move with one form has nothing to ask: its first open choice is posted."""
    return Post(offer.allowed[0].action)


def _one_choice(choice: Offered | None, why_not: Refusal | None, moment: KeyMoment) -> Decision:
    """A move about one chosen card or depth: posted when the core allows ``choice``, else
    its refusal (``why_not`` when the core offers no such choice)."""
    if choice is not None and choice.refusal is None:
        return Post(choice.action)
    refusal = choice.refusal if choice is not None else why_not
    return Refuse(refusal_words(refusal, moment.settings))


def _one_card(moment: KeyMoment, kind: OneCardMove) -> Card | Complain | None:
    """The card to act on: the one selected card, else the card under the cursor (several
    selected: a complaint)."""
    if moment.under_cursor is None:
        return None
    if len(moment.selected) > 1:
        return too_many_selected(kind, len(moment.selected))
    return moment.selected[0] if moment.selected else moment.under_cursor


def draw(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``d``: draw the top card of the stock (C-4; E-6: the pile turned over first)."""
    return decide(offers.stock, moment, _one_form)


def take(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``t``: take from the discard pile, as the core says taking means here (the depths of
    the pile, or the draws with a second card)."""
    return decide(offers.take, moment, ask_take, pile_refused)


def take_clicked(offers: SeatOffers, moment: KeyMoment, count: int) -> Decision:
    """A click on the discard pile, ``count`` cards down: that depth when the core offers
    it, else the same as ``t``."""
    for choice in offers.take.choices:
        if isinstance(choice.action, TakeDiscard) and choice.action.count == count:
            return _one_choice(choice, choice.refusal, moment)
    return take(offers, moment)


def draw_two(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``2``: a two-card draw (B-1)."""
    return decide(offers.draw_two, moment, ask_draw_two)


def meld(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``m``: meld the selected cards (asks what a wild card stands for when that matters)."""
    cards = moment.selected
    if not cards and "meld" in offers.open_now:
        return Complain(_("Select the cards of the meld first (Space on each card)."))
    return decide(moment.asks.meld(offers.seat, cards), moment, ask_reading)


def lay_off(offers: SeatOffers, moment: KeyMoment, meld_id: int | None = None) -> Decision:
    """``l`` (or a click on a meld): lay the selected card off (asks which meld when it fits
    several, R-7)."""
    card = _one_card(moment, "lay_off")
    if not isinstance(card, Card):
        return card
    return decide(moment.asks.lay_off(offers.seat, card, meld_id), moment, ask_meld_to_lay_off_on)


def discard(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``x``: discard the selected card (or the card under the cursor), ending the turn."""
    card = _one_card(moment, "discard")
    if not isinstance(card, Card):
        return card
    chosen = [choice for choice in offers.discard.choices if choice.card is card]
    return _one_choice(chosen[0] if chosen else None, offers.discard.why_not, moment)


def go_out(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``o``: lay the whole hand down (B-3, E-7); one selected card is the final discard."""
    selected = moment.selected
    offer = moment.asks.go_out(offers.seat, selected[0]) if len(selected) == 1 else offers.go_out
    return decide(offer, moment, ask_final_discard)


def end_deal(offers: SeatOffers, moment: KeyMoment) -> Decision:
    """``e``: take nothing and end the deal (R-10)."""
    return decide(offers.end_deal, moment, _one_form)
