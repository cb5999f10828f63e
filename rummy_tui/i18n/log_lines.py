"""The public log (P-2) in the reader's language, written from each record's data.

The core keeps every applied action in an :class:`~rummy_tui.core.actions.ActionRecord`: the
action as applied (the meld with what each card stands for, the lay-off with its meld and
face, the discard, the number of cards taken), the seat and deal number, and a
:class:`~rummy_tui.core.actions.LogFacts` with what the line says beyond the action (the
player's name, the cards taken from the discard pile, a rebuild of the stock, a joker moving,
going out, who dealt). A take-back note (P-4) keeps the move taken back, the name and the
cards it had put on the table. The core writes no words: here each kind of line is its one
catalog message, a whole sentence with named placeholders, in English for the command line,
reports and tests, and in the translator's words in Finnish or Russian with the same names,
numbers and cards.

Cards stay tokens (``7H``, ``JK=8H``), which the interface draws as cards. A stock draw names
no card: the card was hidden, and no line shows it. A take-back note saved before its move
was kept (``move`` is None) is shown by the English ``text`` it was saved with.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.actions import (
    ActionRecord,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    LogFacts,
    Meld,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.cards import Card, Face, format_cards, placed_token
from rummy_tui.core.state import TakeBackNote
from rummy_tui.i18n import N_, _, ngettext

END_DEAL_RULE = "R-10"
"""The rule a Rummy 500 deal ended with an empty stock names."""


SINCE_MARK = N_("── since your last turn ──")
"""The rule drawn above the first record after the reader's last turn (in English; shown
through :func:`since_mark`)."""


def since_mark() -> str:
    """The rule drawn above the first record after the reader's last turn."""
    return _(SINCE_MARK)


def nothing_since() -> str:
    """What the hand-off says when nothing happened since the reader's last turn."""
    return _("Nothing has happened since your last turn.")


def meld_tokens(cards: Sequence[Card], faces: Sequence[Face] | None) -> str:
    """A meld as the log writes it: each card as the face it stands for, a wild card standing
    in as ``JK=8H``."""
    if faces is None or len(faces) != len(cards):
        return format_cards(cards)
    return " ".join(
        str(face) if card.face is face else f"{card}={face}"
        for card, face in zip(cards, faces, strict=True)
    )


def _two_card_draw(action: DrawTwo, name: str, cards: str) -> str | None:
    """The two-card draw's line (B-1): one message for each pair of sources."""
    if not cards:
        if (action.first, action.second) == ("stock", "stock"):
            return _("{name} draws two cards (stock + stock).").format(name=name)
        return None
    if (action.first, action.second) == ("discard", "stock"):
        message = _("{name} draws two cards (discard + stock): {cards} from the discard pile.")
    elif (action.first, action.second) == ("discard", "discard"):
        message = _("{name} draws two cards (discard + discard): {cards} from the discard pile.")
    elif (action.first, action.second) == ("stock", "discard"):
        message = _("{name} draws two cards (stock + discard): {cards} from the discard pile.")
    else:
        return None
    return message.format(name=name, cards=cards)


def _take(action: TakeDiscard, facts: LogFacts) -> str | None:
    """A take from the discard pile: the top card, or a Rummy 500 dig down to the deepest
    card with every card above it (R-5)."""
    if not facts.cards:
        return None
    deepest = str(facts.cards[0])
    if action.count == 1:
        return _("{name} takes {card} from the discard pile.").format(name=facts.name, card=deepest)
    return ngettext(
        "{name} takes {count} card from the discard pile, down to {card}: {cards}.",
        "{name} takes {count} cards from the discard pile, down to {card}: {cards}.",
        action.count,
    ).format(name=facts.name, count=action.count, card=deepest, cards=format_cards(facts.cards))


def _lay_off(action: LayOffCard, facts: LogFacts) -> str:
    """A lay-off (R-6, R-7, D-6): a wild card says what it stands for; a natural card that
    takes an end joker's place says the joker moves."""
    natural = action.face is None or action.face is action.card.face
    if natural and not facts.joker_moves:
        message = _("{name} lays off {card} on meld {meld_id}.")
    elif natural:
        message = _("{name} lays off {card} on meld {meld_id} (the joker moves to the other end).")
    elif not facts.joker_moves:
        message = _("{name} lays off {card} as {face} on meld {meld_id}.")
    else:
        message = _(
            "{name} lays off {card} as {face} on meld {meld_id} (the joker moves to the other end)."
        )
    return message.format(
        name=facts.name, card=str(action.card), face=str(action.face), meld_id=action.meld_id
    )


def _go_out(action: GoOut, name: str) -> str:
    """Laying the whole hand down (B-3, E-7), with the final discard if there was one."""
    melds = " | ".join(meld_tokens(spec.cards, spec.faces) for spec in action.melds)
    if action.discard is None:
        return _("{name} goes out: {melds}.").format(name=name, melds=melds)
    return _("{name} goes out: {melds}, discarding {card}.").format(
        name=name, melds=melds, card=str(action.discard)
    )


def _action_sentence(record: ActionRecord, facts: LogFacts) -> str | None:
    """The record's line without the going-out sentence, or None when its data does not say
    enough."""
    action = record.action
    name = facts.name
    if isinstance(action, StartDeal):
        return _("Deal {number}: {dealer} deals; {leader} plays first.").format(
            number=record.deal_number, dealer=facts.dealer, leader=facts.leader
        )
    if isinstance(action, DrawStock):
        if facts.rebuild:
            return _(
                "{name} turns the discard pile over as the new stock (rebuild {rebuild}) and draws."
            ).format(name=name, rebuild=facts.rebuild)
        return _("{name} draws from the stock.").format(name=name)
    if isinstance(action, TakeDiscard):
        return _take(action, facts)
    if isinstance(action, DrawTwo):
        return _two_card_draw(action, name, format_cards(facts.cards))
    if isinstance(action, Meld):
        return _("{name} melds {meld}.").format(
            name=name, meld=meld_tokens(action.cards, action.faces)
        )
    if isinstance(action, LayOffCard):
        return _lay_off(action, facts)
    if isinstance(action, Discard):
        return _("{name} discards {card}.").format(name=name, card=str(action.card))
    if isinstance(action, GoOut):
        return _go_out(action, name)
    if isinstance(action, EndDeal):
        return _("{name} ends the deal: the stock is empty ({rule}).").format(
            name=name, rule=END_DEAL_RULE
        )
    return None


def record_sentence(record: ActionRecord) -> str:
    """One record of the log as a sentence in the current language, card tokens kept.

    A record without the data of a line (one read from a save older than that data, before
    its replay) gives the name of its action.
    """
    fallback = record.action.kind.replace("_", " ")
    facts = record.facts
    if facts is None:
        return fallback
    line = _action_sentence(record, facts)
    if line is None:
        return fallback
    if facts.goes_out and not isinstance(record.action, GoOut):
        # Two whole sentences: what was played, then that it emptied the hand.
        out = _("{name} goes out!").format(name=facts.name)
        line = f"{line} {out}"
    return line


def _taken_back(move: object, note: TakeBackNote) -> str | None:
    """The line of a move taken back (P-4), or None for a move no line is written for."""
    name = note.name
    if isinstance(move, Meld):
        cards = " ".join(placed_token(card) for card in note.cards) or format_cards(move.cards)
        return _("{name} took back: meld {meld}").format(name=name, meld=cards)
    if isinstance(move, LayOffCard):
        card = placed_token(note.cards[0]) if note.cards else str(move.card)
        return _("{name} took back: lay-off of {card} on meld {meld_id}").format(
            name=name, card=card, meld_id=move.meld_id
        )
    if isinstance(move, TakeDiscard):
        if move.count == 1:
            return _("{name} took back: taking the top card of the discard pile").format(name=name)
        return ngettext(
            "{name} took back: taking {count} card from the discard pile",
            "{name} took back: taking {count} cards from the discard pile",
            move.count,
        ).format(name=name, count=move.count)
    if isinstance(move, DrawTwo) and (move.first, move.second) == ("discard", "discard"):
        return _("{name} took back: two-card draw (discard + discard)").format(name=name)
    if isinstance(move, Discard):
        return _("{name} took back: discard {card}").format(name=name, card=str(move.card))
    return None


def note_sentence(note: TakeBackNote) -> str:
    """A take-back note as a sentence in the current language (its stored English text when
    it was saved without the move)."""
    if note.move is None or not note.name:
        return note.text
    line = _taken_back(note.move, note)
    if line is None:
        return note.text or _("{name} took back a move").format(name=note.name)
    return line


def entry_sentence(entry: ActionRecord | TakeBackNote) -> str:
    """A line of the merged log: a record or a take-back note."""
    if isinstance(entry, TakeBackNote):
        return note_sentence(entry)
    return record_sentence(entry)
