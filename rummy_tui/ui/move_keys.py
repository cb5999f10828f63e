"""What each move key of the table decides: one plain function per key.

A function reads the moment (:class:`KeyMoment`: the view, the mode, the variant's summary,
the selection and the table's read-only questions) and returns a decision: post an action
(:class:`Post`), say why not (:class:`Refuse`, with the bell; :class:`Complain`, without), or
ask a question first (:class:`Ask`: which depth of the pile, which reading of a wild card,
which meld to lay off on, which card to discard when going out). The table screen carries the
decision out; nothing here changes the game or draws anything.

The questions come from :class:`MoveQuestions`, which the match session answers from the
engine's own helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    PlayerView,
    TakeDiscard,
)
from rummy_tui.core.seat_options import SeatOptions, TakeStyle
from rummy_tui.i18n import _, ngettext
from rummy_tui.ui.render import card_label, card_text, fill
from rummy_tui.ui.screens.prompt import Choice
from rummy_tui.ui.table_text import (
    Mode,
    depth_notes,
    draw_two_words,
    go_out_label,
    layoff_label,
    plan_dig,
    reading_label,
    take_depth_label,
)

if TYPE_CHECKING:
    from rummy_tui.core.cards import Face
    from rummy_tui.core.melds import MeldReading
    from rummy_tui.ui.controller import LayOffTarget, TakeOption
    from rummy_tui.ui.settings import DisplaySettings

KEY_MOVES: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw_stock"}),
    "take": frozenset({"take_discard", "draw_two"}),
    "draw_two": frozenset({"draw_two"}),
    "meld": frozenset({"meld"}),
    "lay_off": frozenset({"lay_off"}),
    "discard": frozenset({"discard"}),
    "go_out": frozenset({"go_out"}),
    "end_deal": frozenset({"end_deal"}),
}
"""The kinds of move each move key makes (``t`` takes the discard with a second card where
the variant draws two, B-1)."""


class MoveQuestions(Protocol):
    """What a move key may ask before it builds an action (read-only: nothing changes)."""

    def take_options(self) -> list[TakeOption]: ...
    def draw_two_options(self) -> list[DrawTwo]: ...
    def top_discard(self) -> Card | None: ...
    def meld_readings(self, cards: list[Card]) -> list[MeldReading]: ...
    def meld_action(self, cards: list[Card], reading: MeldReading | None) -> Meld: ...
    def layoff_targets(self, card: Card) -> list[LayOffTarget]: ...
    def layoff_refusal(self, card: Card) -> str: ...
    def go_out_options(self) -> list[GoOut]: ...
    def go_out_refusal(self) -> str: ...


@dataclass(frozen=True)
class KeyMoment:
    """What a move key sees when it is pressed."""

    view: PlayerView
    """The view on the table (the hand at the keyboard, or the public view)."""
    mode: Mode
    """Whether the hand on show is played, watched or hidden."""
    options: SeatOptions
    """What the variant offers now (the core's summary)."""
    settings: DisplaySettings
    """How cards are drawn in the questions."""
    selected: tuple[Card, ...]
    """The selected cards, in hand order."""
    under_cursor: Card | None
    """The card under the cursor (None without a hand)."""
    asks: MoveQuestions
    """The table's read-only questions to the match."""


@dataclass(frozen=True)
class Post:
    """Ask the match for ``action``."""

    action: Action


@dataclass(frozen=True)
class Refuse:
    """Say why nothing happens, in red, with the bell."""

    reason: str


@dataclass(frozen=True)
class Complain:
    """Say what the player should do first, in red (no bell)."""

    message: str


@dataclass(frozen=True)
class Ask:
    """Ask a question; the chosen value becomes an action through ``then``."""

    question: str
    choices: list[Choice]
    then: Callable[[Any], Action]
    detail: str | Text = ""
    note: str = ""
    """Shown under the list."""


Decision = Post | Refuse | Complain | Ask | None
"""What a move key does (None: nothing)."""


def _one_card(moment: KeyMoment, too_many: str) -> Card | Complain | None:
    """The card to act on: the one selected card, else the card under the cursor.
    ``too_many`` is the complaint when several are selected (its ``{n}`` is how many)."""
    if moment.under_cursor is None:
        return None
    if len(moment.selected) > 1:
        return Complain(too_many.format(n=len(moment.selected)))
    return moment.selected[0] if moment.selected else moment.under_cursor


def draw(_moment: KeyMoment) -> Decision:
    """``d``: draw the top card of the stock."""
    return Post(DrawStock())


def take(moment: KeyMoment) -> Decision:
    """``t``: take from the discard pile (pick the depth in Rummy 500, B-1's pairs in
    Boathouse)."""
    style = moment.options.take
    if style is TakeStyle.DOWN_TO:
        return _take_down_to(moment)
    if style is TakeStyle.WITH_SECOND:
        pairs = [option for option in moment.asks.draw_two_options() if option.first == "discard"]
        if len(pairs) > 1:
            return _ask_draw_two(moment, pairs)
        return Post(pairs[0] if pairs else DrawTwo(first="discard", second="stock"))
    return Post(TakeDiscard())


def take_clicked(moment: KeyMoment, count: int) -> Decision:
    """A click on the discard pile, ``count`` cards down (the pile is dug in Rummy 500)."""
    if moment.options.take is TakeStyle.DOWN_TO:
        return Post(TakeDiscard(count=count))
    return take(moment)


def _take_down_to(moment: KeyMoment) -> Decision:
    options = moment.asks.take_options()
    if moment.view.phase is not Phase.DRAW:
        return Post(TakeDiscard())
    plan = plan_dig(options)
    if plan.refusal is not None:
        return Refuse(plan.refusal)  # every depth refused: say why, no question
    if not plan.ask:
        return Post(TakeDiscard(count=plan.count))
    notes = depth_notes(options)
    choices = [
        Choice(
            take_depth_label(option.card, option.count, moment.settings),
            option.count,
            option.reason,
            mark,
        )
        for option, mark in zip(options, notes.marks, strict=True)
    ]
    return Ask(
        _("Take from the discard pile down to which card?"),
        choices,
        lambda count: TakeDiscard(count=count),
        _("The deepest card you take must be melded or laid off this turn (R-5)."),
        "\n".join(notes.notes),
    )


def draw_two(moment: KeyMoment) -> Decision:
    """``2``: Boathouse's two-card draw (B-1)."""
    options = moment.asks.draw_two_options()
    if not options:
        return Post(DrawTwo(first="stock", second="stock"))
    if len(options) == 1:
        return Post(options[0])
    return _ask_draw_two(moment, options)


def _ask_draw_two(moment: KeyMoment, options: Sequence[DrawTwo]) -> Ask:
    top = moment.asks.top_discard()
    top_label = card_label(top, moment.settings) if top is not None else _("the top discard")
    return Ask(
        _("Which two cards?"),
        [Choice(draw_two_words(option, top_label), option) for option in options],
        _same_action,
        _("You discard only one card, so your hand grows by one (B-1)."),
    )


def _same_action(action: Action) -> Action:
    return action


def meld(moment: KeyMoment) -> Decision:
    """``m``: meld the selected cards (asks what a joker stands for when that matters)."""
    cards = list(moment.selected)
    asks = moment.asks
    if moment.mode is not Mode.PLAY:
        return None
    if not cards:
        if moment.view.phase is Phase.DRAW or not moment.options.melds_in_play:
            return Post(asks.meld_action([], None))
        return Complain(_("Select the cards of the meld first (Space on each card)."))
    readings = asks.meld_readings(cards)
    if len(readings) <= 1:
        return Post(asks.meld_action(cards, readings[0] if readings else None))

    def meld_as(reading: MeldReading) -> Action:
        return asks.meld_action(cards, reading)

    return Ask(
        _("What does the wild card stand for?"),
        [Choice(reading_label(reading, moment.settings), reading) for reading in readings],
        meld_as,
        _("It matters for what may be laid off later (G-6)."),
    )


def lay_off(moment: KeyMoment, meld_id: int | None = None) -> Decision:
    """``l`` (or a click on a meld): lay the selected card off (asks which meld when it fits
    several, R-7)."""
    card = _one_card(
        moment,
        ngettext(
            "Select just one card to lay off ({n} is selected).",
            "Select just one card to lay off ({n} are selected).",
            len(moment.selected),
        ),
    )
    if not isinstance(card, Card):
        return card
    if moment.mode is not Mode.PLAY:
        return None
    targets = moment.asks.layoff_targets(card)
    if meld_id is not None:
        targets = [target for target in targets if target.meld.meld_id == meld_id]
        if not targets:
            return Post(LayOffCard(card=card, meld_id=meld_id))
    if not targets:
        if moment.view.phase is not Phase.PLAY:
            return Post(LayOffCard(card=card, meld_id=0))
        return Refuse(moment.asks.layoff_refusal(card))
    options = [(target.meld, face) for target in targets for face in target.faces]
    if len(options) == 1:
        target_meld, face = options[0]
        return Post(LayOffCard(card=card, meld_id=target_meld.meld_id, face=face))
    players, settings = moment.view.players, moment.settings
    choices = [
        Choice(layoff_label(meld, face, card, players, settings), (meld.meld_id, face))
        for meld, face in options
    ]
    # Translators: {card} is the card being laid off (e.g. 7♥).
    question = fill(_("Lay off {card} on which meld?"), card=card_text(card, settings))

    def lay_off_on(chosen: tuple[int, Face]) -> Action:
        return LayOffCard(card=card, meld_id=chosen[0], face=chosen[1])

    return Ask(
        question.plain,
        choices,
        lay_off_on,
        _("The card is declared to the meld you choose; that decides what may follow (R-7)."),
    )


def discard(moment: KeyMoment) -> Decision:
    """``x``: discard the selected card (or the card under the cursor), ending the turn."""
    card = _one_card(
        moment,
        ngettext(
            "Select just one card to discard ({n} is selected).",
            "Select just one card to discard ({n} are selected).",
            len(moment.selected),
        ),
    )
    return Post(Discard(card=card)) if isinstance(card, Card) else card


def go_out(moment: KeyMoment) -> Decision:
    """``o``: lay the whole hand down (Boathouse, European)."""
    if moment.mode is not Mode.PLAY:
        return None
    selected = moment.selected
    options = moment.asks.go_out_options()
    if len(selected) == 1:
        matching = [option for option in options if option.discard is selected[0]]
        if not matching:
            matching = [
                option
                for option in options
                if option.discard is not None and option.discard.face is selected[0].face
            ]
        return Post(matching[0] if matching else GoOut(melds=(), discard=selected[0]))
    if not options:
        return Refuse(moment.asks.go_out_refusal())
    if len(options) == 1:
        return Post(options[0])
    choices = [Choice(go_out_label(option, moment.settings), option) for option in options]
    return Ask(_("Go out: which card do you discard?"), choices, _same_action)


def end_deal(_moment: KeyMoment) -> Decision:
    """``e``: Rummy 500 with an empty stock: take nothing and end the deal (R-10)."""
    return Post(EndDeal())


def key_offered(action: str, options: SeatOptions) -> bool:
    """Whether the footer offers the key of ``action`` now: a move key only while the turn's
    phase leaves its kind of move open (the core's ``open_now``). A key left out still works
    when pressed, and the core says why nothing happened."""
    kinds = KEY_MOVES.get(action)
    return kinds is None or bool(kinds & options.open_now)


class TableQuestions(MoveQuestions, Protocol):
    """Everything the table screen may ask the match: the move keys' questions and whether
    ``u`` takes a move back (read-only: nothing changes)."""

    def take_back_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not take back a move now (a sentence), or None when it may."""
        ...
