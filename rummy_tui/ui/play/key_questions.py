"""What the table's move keys ask and say: the questions asked when several choices are open,
the refusals in the table's words, and what a key's decision can be.

Every move key of the table (:mod:`rummy_tui.ui.screens.table`) looks itself up in the seat's
offers from the core and is then one of three cases in every variant: no allowed choice says
why not (:class:`Refuse`, the offer's ``why_not`` in :func:`refusal_words`), one is posted
(:class:`Post`), several are asked (:class:`Ask`, built here: every choice listed, a refused
one greyed with its reason). Only the question's words depend on the key: the depths of the
pile, the two-card draws, the readings of a meld, the melds to lay off on, the final
discards of a go-out. A key about the hand's cards first checks the selection
(:class:`Complain`: what to select first, without the bell). Nothing here changes the game,
draws anything, or knows a variant's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from rich.text import Text

from rummy_tui.core import Action, Card, DrawTwo, GoOut, LayOffCard, Meld, PlayerView, TakeDiscard
from rummy_tui.core.offers import Choice as Offered
from rummy_tui.core.offers import Offer, Refusal, SeatOffers
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.refusals import move_not_allowed, shared_refusal_sentence
from rummy_tui.i18n.table_words import keyboard_takes_back
from rummy_tui.table import Mode
from rummy_tui.ui.play.refusal_text import refusal_text
from rummy_tui.ui.play.render import card_label, card_text, fill
from rummy_tui.ui.play.table_keys import KEY_MOVES
from rummy_tui.ui.play.table_text import (
    depth_notes,
    draw_two_words,
    go_out_label,
    layoff_label,
    reading_label,
    take_depth_label,
)
from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

if TYPE_CHECKING:
    from rummy_tui.ui.shell.settings import DisplaySettings


class TableQuestions(Protocol):
    """The offers that depend on the selection, for the seat at the keyboard (read-only:
    nothing changes; each is the core's :class:`Offer`)."""

    def meld(self, seat: int, cards: Sequence[Card]) -> Offer:
        """The readings of ``cards`` as one new meld (G-6)."""
        ...

    def lay_off(self, seat: int, card: Card, meld_id: int | None = None) -> Offer:
        """Where ``card`` may be laid off (R-7), on the meld ``meld_id`` alone if given."""
        ...

    def go_out(self, seat: int, discard: Card) -> Offer:
        """The whole-hand go-outs that end with ``discard`` (B-3, E-7)."""
        ...


@dataclass(frozen=True)
class KeyMoment:
    """What a move key sees when it is pressed."""

    view: PlayerView
    """The view on the table (the hand at the keyboard, or the public view)."""
    mode: Mode
    """Whether the hand on show is played, watched or hidden."""
    offers: SeatOffers | None
    """What the core offers the seat at the keyboard now (None while no hand is shown)."""
    settings: DisplaySettings
    """How cards are drawn in the questions and the refusals."""
    selected: tuple[Card, ...]
    """The selected cards, in hand order."""
    under_cursor: Card | None
    """The card under the cursor (None without a hand)."""
    asks: TableQuestions
    """The offers that depend on the selection."""


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

    def screen(self) -> ChoiceScreen:
        """The question as a screen of choices."""
        return ChoiceScreen(self.question, self.choices, self.detail, self.note)

    def answer(self, post: Callable[[Action], object]) -> Callable[[object], None]:
        """What to do with the chosen value: ``post`` its action (nothing when cancelled)."""

        def answered(value: object) -> None:
            if value is not None:
                post(self.then(value))

        return answered


Decision = Post | Refuse | Complain | Ask | None
"""What a move key does (None: nothing)."""

Question = Callable[[Offer, "KeyMoment"], Decision]
"""The question a key asks when several choices are open (its words, the offer's choices)."""


OneCardMove = Literal["discard", "lay_off"]
"""A move about one card of the hand."""


def too_many_selected(kind: OneCardMove, selected: int) -> Complain:
    """What to do when several cards are selected for a move about one card."""
    if kind == "discard":
        message = ngettext(
            "Select just one card to discard ({n} is selected).",
            "Select just one card to discard ({n} are selected).",
            selected,
        )
    else:
        message = ngettext(
            "Select just one card to lay off ({n} is selected).",
            "Select just one card to lay off ({n} are selected).",
            selected,
        )
    return Complain(message.format(n=selected))


def refusal_words(refusal: Refusal | None, settings: DisplaySettings) -> str:
    """A refusal of the core in the table's words (its cards drawn as the table draws them)."""
    if refusal is None:
        return move_not_allowed()
    return refusal_text(refusal.error(), settings)


def _listed(
    offer: Offer, moment: KeyMoment, label: Callable[[Offered], str | Text]
) -> list[Choice]:
    """Every choice of ``offer`` as an answer: its label, its action, and the refused ones
    greyed with their reason."""
    return [
        Choice(
            label(choice),
            choice.action,
            None if choice.refusal is None else refusal_words(choice.refusal, moment.settings),
        )
        for choice in offer.choices
    ]


def _same_action(action: Action) -> Action:
    return action


def _take_down_to(count: int) -> Action:
    """A depth of the pile, answered as how many cards (R-5)."""
    return TakeDiscard(count=count)


# ---------------------------------------------------------------------------- the questions


def ask_depth(offer: Offer, moment: KeyMoment) -> Ask:
    """Down to which card of the discard pile (R-5); reasons several depths share are said
    once under the list."""
    settings = moment.settings
    depths = [
        _Depth(None, None)
        if choice.refusal is None
        else _Depth(
            refusal_words(choice.refusal, settings), shared_refusal_sentence(choice.refusal.error())
        )
        for choice in offer.choices
    ]
    notes = depth_notes(depths)
    choices = []
    for choice, depth, mark in zip(offer.choices, depths, notes.marks, strict=True):
        assert isinstance(choice.action, TakeDiscard) and choice.card is not None
        label = take_depth_label(choice.card, choice.action.count, settings)
        choices.append(Choice(label, choice.action.count, depth.reason, mark))
    return Ask(
        _("Take from the discard pile down to which card?"),
        choices,
        _take_down_to,
        _("The deepest card you take must be melded or laid off this turn (R-5)."),
        "\n".join(notes.notes),
    )


@dataclass(frozen=True)
class _Depth:
    """One depth's refusal in words, and in words that name no card (see ``depth_notes``)."""

    reason: str | None
    shared: str | None


def ask_draw_two(offer: Offer, moment: KeyMoment) -> Ask:
    """Which two-card draw (B-1); the card under the top discard is never named."""
    top = moment.view.top_discard
    top_label = card_label(top, moment.settings) if top is not None else _("the top discard")

    def label(choice: Offered) -> str:
        assert isinstance(choice.action, DrawTwo)
        return draw_two_words(choice.action, top_label)

    return Ask(
        _("Which two cards?"),
        _listed(offer, moment, label),
        _same_action,
        _("You discard only one card, so your hand grows by one (B-1)."),
    )


def ask_take(offer: Offer, moment: KeyMoment) -> Ask:
    """The take key's question: the depths of the pile, or the draws with a second card."""
    if all(isinstance(choice.action, DrawTwo) for choice in offer.choices):
        return ask_draw_two(offer, moment)
    return ask_depth(offer, moment)


def pile_refused(offer: Offer, settings: DisplaySettings) -> str:
    """Why nothing of the pile may be taken: the reason, or, when its depths are refused
    for different reasons, that none may be taken and the top card's reason."""
    reasons = list(
        dict.fromkeys(refusal_words(choice.refusal, settings) for choice in offer.choices)
    )
    depths = all(isinstance(choice.action, TakeDiscard) for choice in offer.choices)
    if len(reasons) <= 1 or not depths:
        return refusal_words(offer.why_not, settings)
    # Translators: {reason} is the engine's refusal for the top card, a whole sentence.
    return _("No card of the discard pile can be taken now. The top card: {reason}").format(
        reason=refusal_words(offer.why_not, settings)
    )


def ask_reading(offer: Offer, moment: KeyMoment) -> Ask:
    """What the wild card stands for (G-6)."""

    def label(choice: Offered) -> Text:
        assert isinstance(choice.action, Meld)
        faces = choice.action.faces or tuple(card.face for card in choice.action.cards)
        return reading_label(tuple(zip(choice.action.cards, faces, strict=True)), moment.settings)

    return Ask(
        _("What does the wild card stand for?"),
        _listed(offer, moment, label),
        _same_action,
        _("It matters for what may be laid off later (G-6)."),
    )


def ask_meld_to_lay_off_on(offer: Offer, moment: KeyMoment) -> Ask:
    """Which meld the card is declared to (R-7)."""
    players, settings = moment.view.players, moment.settings
    card = offer.choices[0].card
    assert card is not None

    def label(choice: Offered) -> Text:
        assert isinstance(choice.action, LayOffCard) and choice.meld is not None
        face = choice.action.face or card.face
        return layoff_label(choice.meld, face, card, players, settings)

    # Translators: {card} is the card being laid off (e.g. 7♥).
    question = fill(_("Lay off {card} on which meld?"), card=card_text(card, settings))
    return Ask(
        question.plain,
        _listed(offer, moment, label),
        _same_action,
        _("The card is declared to the meld you choose; that decides what may follow (R-7)."),
    )


def ask_final_discard(offer: Offer, moment: KeyMoment) -> Ask:
    """Which card to discard when going out (B-3, E-7)."""

    def label(choice: Offered) -> Text:
        assert isinstance(choice.action, GoOut)
        return go_out_label(choice.action, moment.settings)

    return Ask(_("Go out: which card do you discard?"), _listed(offer, moment, label), _same_action)


def take_back_refusal(offers: SeatOffers | None, settings: DisplaySettings) -> str | None:
    """``u``: why the seat at the keyboard may not take back a move now (the core's refusal
    in the table's words), or None when it may (P-4). Without offers (no hand on show) only
    the player at the keyboard may."""
    if offers is None:
        return keyboard_takes_back()
    refusal = offers.take_back.refusal
    if refusal is None:
        return None
    return refusal_text(refusal.error(), settings)


def key_offered(action: str, offers: SeatOffers | None) -> bool:
    """Whether the footer offers the key of ``action`` now: a move key only while the turn's
    phase leaves its kind of move open (the core's ``open_now``). A key left out still works
    when pressed, and the core says why nothing happened."""
    kinds = KEY_MOVES.get(action)
    return kinds is None or (offers is not None and bool(kinds & offers.open_now))
