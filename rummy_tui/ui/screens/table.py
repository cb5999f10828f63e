"""The table: every player's public state, the piles, the log, and the hand at the keyboard.

The screen turns key presses and clicks into actions and hands them to the controller; it keeps
only presentation state of its own (the order the player arranged the hand in, the cursor and
the selected cards). What it draws comes from one :class:`PlayerView` at a time: the view of
the player at the keyboard, or the public view (no hand) while the keyboard is being passed or
computer players move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Phase,
    PlayerView,
    TakeDiscard,
)
from rummy_tui.core.variants.ruleset import DrawRule, Scoring
from rummy_tui.ui.render import (
    by_rank_key,
    by_suit_key,
    card_label,
    card_text,
    face_label,
    faces_text,
    join_texts,
    log_text,
)
from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen
from rummy_tui.ui.screens.rules_help import rule_notes
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import HandPicture, HandView
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.log import LogPanel
from rummy_tui.ui.widgets.piles import PilesPicture, PilesView
from rummy_tui.ui.widgets.players import (
    PlayerBox,
    PlayersPanel,
    SeatLabel,
    TablePicture,
    meld_text,
    wrap_parts,
)

if TYPE_CHECKING:
    from rummy_tui.ui.controller import Controller, Outcome


class Mode(StrEnum):
    """Whose cards the table shows."""

    PLAY = "play"
    """The player at the keyboard is to act: their hand, all keys."""
    WATCH = "watch"
    """A computer player is moving; the only person at the table sees their own hand."""
    HIDDEN = "hidden"
    """No hand is shown (the keyboard is between players, or several people share it)."""


PLAY_ACTIONS = frozenset(
    {
        "draw",
        "take",
        "draw_two",
        "meld",
        "lay_off",
        "discard",
        "go_out",
        "end_deal",
        "hint",
    }
)
HAND_ACTIONS = frozenset(
    {"cursor", "cursor_line", "cursor_end", "pick", "move_card", "sort", "clear"}
)


@dataclass
class HandState:
    """Presentation state of one seat's hand: the player's order, selection and cursor."""

    order: list[Card] = field(default_factory=list)
    selected: set[Card] = field(default_factory=set)
    cursor: int = 0
    fresh: set[Card] = field(default_factory=set)
    turn_key: tuple[int, int] = (0, 0)
    """(deal, turn) the fresh marks belong to."""
    sort_mode: str = "suit"
    deal: int = -1
    """The deal the order belongs to: a new deal starts from a freshly sorted hand."""


def sort_cards(cards: list[Card], mode: str) -> list[Card]:
    """The cards sorted by suit or by rank."""
    return sorted(cards, key=by_rank_key if mode == "rank" else by_suit_key)


def arrange_hand(order: list[Card], hand: list[Card], mode: str) -> list[Card]:
    """The player's order brought up to date with the cards now in ``hand``.

    A hand kept sorted stays sorted (new cards go to their place); a hand arranged by hand
    keeps its order, new cards at the end; with nothing left of the old order the hand is
    sorted afresh.
    """
    in_hand = set(hand)
    kept = [card for card in order if card in in_hand]
    if not kept:
        return sort_cards(hand, mode)
    kept_set = set(kept)
    new = [card for card in hand if card not in kept_set]
    if kept == sort_cards(kept, mode):
        return sort_cards(kept + new, mode)
    return kept + new


def sorted_mode(order: list[Card]) -> str:
    """The sort an order follows ("rank" only when it is sorted by rank, else "suit")."""
    if order != sort_cards(order, "suit") and order == sort_cards(order, "rank"):
        return "rank"
    return "suit"


def phase_hint(view: PlayerView, mode: Mode, can_go_out: bool, settings: DisplaySettings) -> Text:
    """What the player to act may do now, in a sentence (with the keys)."""
    rules = view.rules
    name = view.players[view.current] if 0 <= view.current < len(view.players) else ""
    text = Text()
    if view.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        text.append("The deal is over.", style="bold")
        return text
    if mode is not Mode.PLAY:
        text.append(f"{name} is playing…", style="bold")
        return text
    text.append(f"{name}: ", style="bold #ffd54f")
    top = view.top_discard
    if view.phase is Phase.DRAW:
        text.append("Draw a card ", style="bold")
        stock = "d the stock" if view.stock_count else "d turns the discard pile over as the stock"
        if rules.draw_rule is DrawRule.DIG:
            if view.stock_count:
                text.append(
                    f" — {stock}, or t to take from the pile (the deepest card taken must be used)"
                )
            else:
                text.append(
                    " — the stock is empty: t to take from the pile, or e to end the deal (R-10)"
                )
        elif rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE):
            text.append(f" — {stock}, t to take ")
            if top is not None:
                text.append_text(card_text(top, settings))
            text.append(" with a second card, or 2 for a two-card draw (B-1)")
        else:
            text.append(f" — {stock} or t to take ")
            if top is not None:
                text.append_text(card_text(top, settings))
        if can_go_out:
            text.append(" · You can go out now: g", style="bold #7cd67c")
        return text
    if view.must_use is not None:
        text.append("Use the ", style="bold")
        text.append_text(card_text(view.must_use, settings))
        text.append(" you took", style="bold")
        text.append(" — meld it (select, m) or lay it off (l) before you discard (R-5)")
        return text
    if rules.meld_during_play:
        text.append("Meld, lay off or discard ", style="bold")
        text.append(" — select cards with space, then m meld · l lay off · x discard ends the turn")
        return text
    text.append("Discard or go out ", style="bold")
    text.append(" — x discards and ends the turn · g lays the whole hand down")
    if can_go_out:
        text.append(" · You can go out now!", style="bold #7cd67c")
    return text


def top_line(view: PlayerView, saved: str, width: int = 0) -> Text:
    """Variant, deal, dealer, match goal, the options in force that change play (those not
    at the variant's default: "twos wild", "Hoyle draw"…) and whether the match is saved.

    With ``width`` the line wraps between phrases, never inside one.
    """
    rules = view.rules
    first = Text()
    first.append(f" {rules.name} ", style="bold reverse")
    first.append(f" Deal {view.deal_number}")
    phrases = [first]
    if 0 <= view.dealer < len(view.players):
        phrases.append(Text(f" · {view.players[view.dealer]} deals"))
    if rules.target_score is not None:
        phrases.append(Text(f" · first to {rules.target_score}"))
    elif rules.deal_limit is not None:
        phrases.append(Text(f" · {rules.deal_limit} deals"))
    elif rules.scoring is Scoring.CHIPS:
        phrases.append(Text(f" · {len(view.players)} deals (one each)"))
    for note in rule_notes(rules):
        phrase = Text(" · ")
        phrase.append(note, style="#ffd54f")
        phrases.append(phrase)
    if saved:
        phrases.append(Text(f" · {saved}", style="dim"))
    return wrap_parts(phrases, width or 10_000, " ", "", first_indent="")


def draw_two_words(option: DrawTwo, top_label: str) -> str:
    """A two-card draw in words (B-1). Only the top discard is visible: the card under it is
    named only as "the card under it", never shown before it is taken."""
    if option.first == "stock":
        if option.second == "stock":
            return "the top two stock cards"
        return f"the top stock card and {top_label}"
    if option.second == "discard":
        return f"{top_label} and the card under it in the discard pile"
    return f"{top_label} and the top stock card"


class TableScreen(Screen[None]):
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

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "Move", key_display="←→↑↓"),
        Binding("right", "cursor(1)", "Move", show=False),
        Binding("up", "cursor_line(-1)", "Move", show=False),
        Binding("down", "cursor_line(1)", "Move", show=False),
        Binding("home", "cursor_end(0)", "First card", show=False),
        Binding("end", "cursor_end(1)", "Last card", show=False),
        Binding("space", "pick", "Select", key_display="Space"),
        Binding("shift+left", "move_card(-1)", "Reorder", key_display="⇧←→"),
        Binding("shift+right", "move_card(1)", "Reorder", show=False),
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take discard"),
        Binding("2", "draw_two", "Two-card draw"),
        Binding("m", "meld", "Meld"),
        Binding("l", "lay_off", "Lay off"),
        Binding("x", "discard", "Discard"),
        Binding("g", "go_out", "Go out"),
        Binding("e", "end_deal", "End deal"),
        Binding("s", "sort", "Sort"),
        Binding("escape", "clear", "Unselect", key_display="Esc"),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("pageup", "scroll_players(-1)", "Scroll players", key_display="PgUp/PgDn"),
        Binding("pagedown", "scroll_players(1)", "Scroll players", show=False),
        Binding("q", "leave", "Menu"),
    ]

    def __init__(
        self,
        controller: Controller,
        labels: tuple[SeatLabel, ...],
        settings: DisplaySettings,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.labels = labels
        self.settings = settings
        self.view: PlayerView = controller.public_view()
        self.mode = Mode.HIDDEN
        self.hands: dict[int, HandState] = {}
        self.saved_note = ""

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
        self.query_one("#players").border_title = "Players"
        self.query_one("#log").border_title = "Log"
        self.redraw()

    def on_screen_resume(self) -> None:
        """Back on top (a menu, the help or a question closed): computer players go on."""
        self.app.table_resumed()  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ showing a view

    def show(self, view: PlayerView, mode: Mode) -> None:
        """Draw ``view``; ``mode`` says whether its hand is played, watched or hidden."""
        self.view = view
        self.mode = mode
        if mode is not Mode.HIDDEN and view.hand:
            self._sync_hand(view)
        self.refresh_bindings()
        if self.is_mounted:
            self.redraw()

    def hide_hand(self) -> None:
        """Show the public table only (before a hand-off)."""
        self.show(self.controller.public_view(), Mode.HIDDEN)

    @property
    def hand_state(self) -> HandState | None:
        """Presentation state of the hand on display, if any."""
        if self.mode is Mode.HIDDEN or not self.view.hand:
            return None
        return self.hands.setdefault(self.view.seat, HandState())

    def _sync_hand(self, view: PlayerView) -> None:
        state = self.hands.setdefault(view.seat, HandState())
        hand = list(view.hand)
        in_hand = set(hand)
        if state.deal != view.deal_number:
            # Cards are the same objects from deal to deal: nothing of the last deal's order,
            # selection or "new card" marks may leak into the next one.
            state.order, state.selected, state.fresh, state.cursor = [], set(), set(), 0
            state.deal = view.deal_number
        kept = [card for card in state.order if card in in_hand]
        kept_set = set(kept)
        new = [card for card in hand if card not in kept_set]
        turn_key = (view.deal_number, view.turn_number)
        if turn_key != state.turn_key:
            state.fresh = set()
            state.turn_key = turn_key
        at_cursor = state.order[state.cursor] if 0 <= state.cursor < len(state.order) else None
        state.order = arrange_hand(state.order, hand, state.sort_mode)
        if not kept:
            state.fresh = set()
        else:
            if view.current == view.seat:
                state.fresh |= set(new)
            if new and at_cursor in kept_set:
                state.cursor = state.order.index(at_cursor)
        state.fresh &= in_hand
        state.selected &= in_hand
        state.cursor = max(0, min(state.cursor, len(state.order) - 1))

    def redraw(self) -> None:
        """Redraw every widget from the current view."""
        view, settings = self.view, self.settings
        self._draw_top_line()
        picture = TablePicture(view=view, labels=self.labels, settings=settings)
        self.query_one(PlayersPanel).show(picture)
        self.query_one(PilesView).show(PilesPicture(view=view, settings=settings))
        self.query_one(LogPanel).show(view.log, settings)
        self.query_one("#phase-hint", Static).update(
            phase_hint(view, self.mode, self._can_go_out_hint(), settings)
        )
        self._draw_hand()

    def _can_go_out_hint(self) -> bool:
        view = self.view
        if self.mode is not Mode.PLAY or view.rules.meld_during_play or not view.is_my_turn:
            return False
        return bool(self.controller.go_out_options())

    def _draw_hand(self) -> None:
        hand = self.query_one(HandView)
        box = self.query_one("#hand-box")
        state = self.hand_state
        view = self.view
        if state is None:
            if self.mode is Mode.HIDDEN:
                message = "No hand is shown while the keyboard passes between players."
                if view.phase in (Phase.DRAW, Phase.PLAY) and self.controller.is_bot(view.current):
                    message = f"{view.players[view.current]} (computer) is playing…"
            else:
                message = "No cards in hand."
            box.border_title = "Hand"
            hand.show(HandPicture(message=message, settings=self.settings))
            return
        name = view.players[view.seat]
        if state.order == sort_cards(state.order, state.sort_mode):
            arranged = "sorted by rank" if state.sort_mode == "rank" else "sorted by suit"
        else:
            arranged = "arranged by hand"
        selected = len(state.selected)
        count = len(state.order)
        title = f"{name}'s hand · {count} card{'s' if count != 1 else ''} · {arranged}"
        if selected:
            title += f" · {selected} selected"
        box.border_title = escape(title)
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
        status.update(message)
        status.set_class(error, "-error")

    def set_saved_note(self, note: str) -> None:
        """The save state shown in the top line."""
        self.saved_note = note
        if self.is_mounted:
            self._draw_top_line()

    def _draw_top_line(self) -> None:
        width = self.size.width or self.app.size.width
        self.query_one("#top-bar", Static).update(top_line(self.view, self.saved_note, width))

    def on_resize(self) -> None:
        """Re-wrap the top line to the new width."""
        if self.is_mounted:
            self._draw_top_line()

    # ------------------------------------------------------------------ bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        rules = self.view.rules
        if action in PLAY_ACTIONS and self.mode is not Mode.PLAY:
            return False
        if action in HAND_ACTIONS and self.hand_state is None:
            return False
        if action == "draw_two":
            return rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE)
        if action in ("meld", "lay_off"):
            return rules.meld_during_play
        if action == "go_out":
            return not rules.meld_during_play
        if action == "end_deal":
            return rules.draw_rule is DrawRule.DIG and self.view.stock_count == 0
        if action == "hint":
            return self.controller.setup.hints
        return True

    # ------------------------------------------------------------------ hand keys

    def _redraw_hand(self) -> None:
        self._draw_hand()

    def action_cursor(self, delta: int) -> None:
        """Move the cursor along the hand."""
        state = self.hand_state
        if state is None or not state.order:
            return
        state.cursor = max(0, min(len(state.order) - 1, state.cursor + delta))
        self._redraw_hand()

    def action_cursor_end(self, last: int) -> None:
        """Home / End: jump to the first (0) or last (1) card of the hand."""
        state = self.hand_state
        if state is None or not state.order:
            return
        state.cursor = len(state.order) - 1 if last else 0
        self._redraw_hand()

    def action_cursor_line(self, delta: int) -> None:
        """Move the cursor one line of cards up or down (long hands wrap)."""
        state = self.hand_state
        if state is None or not state.order:
            return
        per_line = self.query_one(HandView).cards_per_line()
        target = state.cursor + delta * per_line
        if 0 <= target < len(state.order):
            state.cursor = target
            self._redraw_hand()

    def action_pick(self) -> None:
        """Select or unselect the card under the cursor."""
        state = self.hand_state
        if state is None or not state.order:
            return
        card = state.order[state.cursor]
        if card in state.selected:
            state.selected.discard(card)
        else:
            state.selected.add(card)
        self._redraw_hand()

    def action_clear(self) -> None:
        """Unselect every card."""
        state = self.hand_state
        if state is not None:
            state.selected.clear()
            self._redraw_hand()

    def action_move_card(self, delta: int) -> None:
        """Move the card under the cursor left or right (arrange the hand by hand)."""
        state = self.hand_state
        if state is None or len(state.order) < 2:
            return
        index = state.cursor
        target = index + delta
        if not 0 <= target < len(state.order):
            return
        state.order[index], state.order[target] = state.order[target], state.order[index]
        state.cursor = target
        self._redraw_hand()

    def action_sort(self) -> None:
        """Sort the hand by suit, then by rank on the next press."""
        state = self.hand_state
        if state is None:
            return
        current = state.order[state.cursor] if state.order else None
        if state.order == sort_cards(state.order, state.sort_mode):
            state.sort_mode = "rank" if state.sort_mode == "suit" else "suit"
        state.order = sort_cards(state.order, state.sort_mode)
        if current is not None:
            state.cursor = state.order.index(current)
        self._redraw_hand()

    @on(HandView.CardClicked)
    def _card_clicked(self, event: HandView.CardClicked) -> None:
        state = self.hand_state
        if state is None or not 0 <= event.index < len(state.order):
            return
        state.cursor = event.index
        self.action_pick()

    # ------------------------------------------------------------------ acting

    def _selected_cards(self) -> list[Card]:
        state = self.hand_state
        if state is None:
            return []
        return [card for card in state.order if card in state.selected]

    def _one_card(self, verb: str) -> Card | None:
        """The card to act on: the one selected card, else the card under the cursor."""
        state = self.hand_state
        if state is None or not state.order:
            return None
        selected = self._selected_cards()
        if len(selected) > 1:
            self.set_status(f"Select just one card to {verb} ({len(selected)} are selected).", True)
            return None
        if selected:
            return selected[0]
        return state.order[state.cursor]

    def apply(self, action: Action) -> bool:
        """Hand ``action`` to the controller; show the reason if it is refused."""
        if self.mode is not Mode.PLAY:
            return False
        outcome: Outcome = self.controller.apply(action)
        if not outcome.ok:
            self.set_status(outcome.reason or "That move is not allowed.", True)
            self.app.bell()
            return False
        state = self.hand_state
        if state is not None:
            state.selected.clear()
        record = outcome.record
        self.set_status(record.text if record is not None else "")
        self.app.after_action()  # type: ignore[attr-defined]
        return True

    def ask(self, question: str, choices: list[Choice], then: Any, detail: str | Text = "") -> None:
        """Ask a question; ``then(value)`` runs with the answer (not when cancelled)."""

        def answered(value: Any) -> None:
            if value is not None:
                then(value)

        self.app.push_screen(ChoiceScreen(question, choices, detail), answered)

    def action_draw(self) -> None:
        """Draw the top card of the stock."""
        self.apply(DrawStock())

    def action_take(self) -> None:
        """Take from the discard pile (pick the depth in Rummy 500, B-1's pairs in Boathouse)."""
        rules = self.view.rules
        if rules.draw_rule is DrawRule.DIG:
            options = self.controller.take_options()
            if len(options) <= 1 or self.view.phase is not Phase.DRAW:
                self.apply(TakeDiscard())
                return
            choices = []
            for option in options:
                label = Text()
                label.append_text(card_text(option.card, self.settings, width=3))
                if option.count == 1:
                    label.append("  the top card only")
                else:
                    label.append(f"  and the {option.count - 1} above it ({option.count} cards)")
                choices.append(Choice(label, option.count, option.reason))
            self.ask(
                "Take from the discard pile down to which card?",
                choices,
                lambda count: self.apply(TakeDiscard(count=count)),
                "The deepest card you take must be melded or laid off this turn (R-5).",
            )
            return
        if rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE):
            pairs = [
                option for option in self.controller.draw_two_options() if option.first == "discard"
            ]
            if len(pairs) > 1:
                self._ask_draw_two(pairs)
                return
            self.apply(pairs[0] if pairs else DrawTwo(first="discard", second="stock"))
            return
        self.apply(TakeDiscard())

    def action_draw_two(self) -> None:
        """Boathouse's two-card draw (B-1)."""
        options = self.controller.draw_two_options()
        if not options:
            self.apply(DrawTwo(first="stock", second="stock"))
            return
        if len(options) == 1:
            self.apply(options[0])
            return
        self._ask_draw_two(options)

    def _ask_draw_two(self, options: list[DrawTwo]) -> None:
        top = self.controller.top_discard()
        top_label = card_label(top, self.settings) if top is not None else "the top discard"
        choices = [Choice(draw_two_words(option, top_label), option) for option in options]
        self.ask(
            "Which two cards?",
            choices,
            self.apply,
            "You discard only one card, so your hand grows by one (B-1).",
        )

    def action_meld(self) -> None:
        """Meld the selected cards (asks what a joker stands for when that matters)."""
        cards = self._selected_cards()
        if self.mode is not Mode.PLAY:
            return
        if not cards:
            if self.view.phase is Phase.DRAW or not self.view.rules.meld_during_play:
                self.apply(self.controller.meld_action([], None))
                return
            self.set_status("Select the cards of the meld first (Space on each card).", True)
            return
        readings = self.controller.meld_readings(cards)
        if len(readings) <= 1:
            self.apply(self.controller.meld_action(cards, readings[0] if readings else None))
            return
        choices = []
        for reading in readings:
            label = Text()
            wilds = [(card, face) for card, face in reading.placed if card.face is not face]
            label.append(
                ", ".join(
                    f"{card_label(card, self.settings)} = {face_label(face, self.settings)}"
                    for card, face in wilds
                )
                or "as they are"
            )
            label.append("   ")
            label.append_text(faces_text(reading.faces, self.settings))
            choices.append(Choice(label, reading))
        self.ask(
            "What does the wild card stand for?",
            choices,
            lambda reading: self.apply(self.controller.meld_action(cards, reading)),
            "It matters for what may be laid off later (G-6).",
        )

    def action_lay_off(self, meld_id: int | None = None) -> None:
        """Lay the selected card off (asks which meld when it fits several, R-7)."""
        card = self._one_card("lay off")
        if card is None or self.mode is not Mode.PLAY:
            return
        targets = self.controller.layoff_targets(card)
        if meld_id is not None:
            targets = [target for target in targets if target.meld.meld_id == meld_id]
            if not targets:
                self.apply(LayOffCard(card=card, meld_id=meld_id))
                return
        if not targets:
            if self.view.phase is not Phase.PLAY:
                self.apply(LayOffCard(card=card, meld_id=0))
                return
            self.set_status(self.controller.layoff_refusal(card), True)
            self.app.bell()
            return
        options = [(target.meld, face) for target in targets for face in target.faces]
        if len(options) == 1:
            meld, face = options[0]
            self.apply(LayOffCard(card=card, meld_id=meld.meld_id, face=face))
            return
        choices = []
        for meld, face in options:
            label = meld_text(meld, meld.owner, self.settings)
            label.append(f"  ({self.view.players[meld.owner]}'s {meld.kind.value})", style="dim")
            if face is not card.face:
                label.append("  as ")
                label.append_text(faces_text([face], self.settings))
            choices.append(Choice(label, (meld.meld_id, face)))
        question = Text("Lay off ")
        question.append_text(card_text(card, self.settings))
        question.append(" on which meld?")
        self.ask(
            question.plain,
            choices,
            lambda chosen: self.apply(LayOffCard(card=card, meld_id=chosen[0], face=chosen[1])),
            "The card is declared to the meld you choose; that decides what may follow (R-7).",
        )

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn."""
        card = self._one_card("discard")
        if card is not None:
            self.apply(Discard(card=card))

    def action_go_out(self) -> None:
        """Lay the whole hand down (Boathouse, European)."""
        if self.mode is not Mode.PLAY:
            return
        selected = self._selected_cards()
        options = self.controller.go_out_options()
        if len(selected) == 1:
            matching = [option for option in options if option.discard is selected[0]]
            if not matching:
                same_face = [
                    option
                    for option in options
                    if option.discard is not None and option.discard.face is selected[0].face
                ]
                matching = same_face
            self.apply(matching[0] if matching else GoOut(melds=(), discard=selected[0]))
            return
        if not options:
            self.set_status(self.controller.go_out_refusal(), True)
            self.app.bell()
            return
        if len(options) == 1:
            self.apply(options[0])
            return
        choices = []
        for option in options:
            label = Text()
            if option.discard is None:
                label.append("no discard: ")
            else:
                label.append("discard ")
                label.append_text(card_text(option.discard, self.settings))
                label.append(": ")
            label.append_text(
                join_texts(
                    [faces_text(spec.faces or (), self.settings) for spec in option.melds], " | "
                )
            )
            choices.append(Choice(label, option))
        self.ask("Go out: which card do you discard?", choices, self.apply)

    def action_end_deal(self) -> None:
        """Rummy 500 with an empty stock: take nothing and end the deal (R-10)."""
        self.apply(EndDeal())

    @on(PilesView.StockClicked)
    def _stock_clicked(self) -> None:
        if self.mode is Mode.PLAY:
            self.action_draw()

    @on(PilesView.DiscardClicked)
    def _discard_clicked(self, event: PilesView.DiscardClicked) -> None:
        if self.mode is not Mode.PLAY:
            return
        if self.view.rules.draw_rule is DrawRule.DIG:
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

    def action_hint(self) -> None:
        """Show the hint for the player at the keyboard."""
        self.app.show_hint()  # type: ignore[attr-defined]

    def action_help(self) -> None:
        """Show every key."""
        self.app.show_help()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        """Leave the table (menu)."""
        self.app.leave_table()  # type: ignore[attr-defined]

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw with new display settings."""
        self.settings = settings
        if self.is_mounted:
            self.redraw()
