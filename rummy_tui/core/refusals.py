"""The English sentence of every refusal, built from the refusal's data alone (G-10).

Each code has one template. Placeholders name the refusal's fields: ``{cards}`` (all its
cards), ``{card}`` (the first one), ``{meld}`` (the table meld, written as the table shows it:
``AD JK=2D 3D 4D``), ``{rule}`` and any of its ``values``. A translation can keep the codes and
values and swap the templates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from rummy_tui.core.cards import Card, Face, PlacedCard


class Refusal(Protocol):
    """What a refusal's sentence is built from: the fields of
    :class:`~rummy_tui.core.errors.IllegalAction`."""

    @property
    def code(self) -> str:
        """The refusal's stable code."""
        ...

    @property
    def rule(self) -> str:
        """The rule id(s) it applies."""
        ...

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards it is about."""
        ...

    @property
    def meld(self) -> tuple[PlacedCard, ...]:
        """The table meld it is about."""
        ...

    @property
    def values(self) -> Mapping[str, str | int]:
        """Every other value of its sentence."""
        ...


TEMPLATES: dict[str, str] = {
    # whose turn, which phase
    "match.over": "The match is over; no more moves can be made ({rule}).",
    "match.over_no_deal": "The match is over; no more deals are dealt ({rule}).",
    "deal.over": "The deal is over; start the next deal to play on ({rule}).",
    "deal.in_progress": "The current deal is still being played ({rule}).",
    "deal.deck_incomplete": "A recorded deck must hold every card of the packs ({rule}).",
    "turn.no_seat": "There is no seat {seat} at this table ({rule}).",
    "turn.not_yours": "It is {player}'s turn, not {other}'s ({rule}).",
    "action.unknown": "Unknown action {action} ({rule}).",
    "draw.already_drawn": "{player} has already drawn this turn ({rule}).",
    "meld.draw_first": "Draw a card before you meld ({rule}).",
    "layoff.draw_first": "Draw a card before you lay off ({rule}).",
    "discard.draw_first": "Draw a card before you discard ({rule}).",
    # cards named
    "cards.repeated": "The same card is named twice: {cards} ({rule}).",
    "cards.not_in_hand": "{cards} is not in {player}'s hand ({rule}).",
    # draws
    "take.pile_empty": "The discard pile is empty ({rule}).",
    "draw.stock_not_rebuilt": (
        "The stock is empty and is not rebuilt: take from the discard pile or end the deal "
        "({rule})."
    ),
    "draw.rebuild_limit": "The stock has been rebuilt {rebuilds} times already ({rule}).",
    "draw.nothing_left": "The stock and the discard pile are both empty ({rule}).",
    "take.two_card_draw_only": (
        "In {variant} a discard is taken only with a second card: use the two-card draw ({rule})."
    ),
    "take.top_only": "Only the top card of the discard pile may be taken ({rule}).",
    "take.too_deep": "The discard pile holds only {size} cards, not {count} ({rule}).",
    "take.deepest_unusable": (
        "{card} could not be melded or laid off with the cards you would hold, and the deepest "
        "card taken must be used this turn ({rule})."
    ),
    "draw_two.not_offered": "{variant} has no two-card draw ({rule}).",
    "draw_two.boathouse_forms": ("The two-card draw is discard + stock or stock + stock ({rule})."),
    "draw_two.hoyle_forms": "The two-card draw is discard + discard or discard + stock ({rule}).",
    "end_deal.not_allowed": (
        "A deal ends by choice only in Rummy 500 once the stock is empty ({rule})."
    ),
    # melds and lay-offs
    "play.whole_hand_only": (
        "Nobody melds or lays off during play in {variant}; lay the whole hand down at once to "
        "go out ({rule})."
    ),
    "play.keep_discard": "Keep a card to discard: you must discard to go out ({rule}).",
    "play.deepest_stranded": (
        "That would leave no way to use {card}, the deepest card taken ({rule})."
    ),
    "play.no_end": (
        "That would leave only cards taken from the discard pile this turn ({cards}), which may "
        "not be discarded and could not all go down ({rule})."
    ),
    "meld.too_few": "A meld needs at least three cards: {cards} ({rule}).",
    "meld.no_natural": "Every meld needs at least one natural card: {cards} ({rule}).",
    "meld.all_wild_named": (
        "Every meld needs at least one natural card, but every card here stands in for another: "
        "{cards} ({rule})."
    ),
    "meld.wild_naming": "The wild cards cannot stand for those cards in {cards} ({rule}).",
    "meld.groups_not_melds": (
        "Only runs are melds in {variant}; groups do not count: {cards} ({rule})."
    ),
    "meld.group_too_big": "A group holds at most {limit} cards: {cards} ({rule}).",
    "meld.group_repeat_suit": "A group may not hold the same suit twice: {cards} ({rule}).",
    "meld.not_a_meld": (
        "These cards are neither a group nor a run in consecutive order: {cards} ({rule})."
    ),
    "run.mixed_suits": "A run needs cards of one suit: {cards} ({rule}).",
    "run.too_long": "A run holds at most 13 cards and no rank twice: {cards} ({rule}).",
    "run.repeated_rank": "A run holds each rank only once: {cards} ({rule}).",
    "run.ace_low_only": "The ace is low only, so it cannot follow the king: {cards} ({rule}).",
    "run.ace_no_corner": "An ace is high or low but never round the corner: {cards} ({rule}).",
    "layoff.no_meld": "There is no meld number {meld_id} on the table ({rule}).",
    "layoff.table_empty": "There is no meld on the table to lay off on yet ({rule}).",
    "layoff.no_fit": "{card} does not fit the meld {meld} ({rule}).",
    "layoff.fits_nowhere": "{card} does not fit any meld on the table ({rule}).",
    "layoff.beyond_end_joker": (
        "{card} does not fit the meld {meld}: nothing may be laid beyond an unmoved end joker, "
        "and it moves only to an end that can be extended ({rule})."
    ),
    "layoff.joker_fixed": (
        "{card} does not fit the meld {meld}: a joker inside a run, or one that has moved, "
        "stays where it is ({rule})."
    ),
    # discarding and going out
    "discard.taken_this_turn": (
        "{card} was taken from the discard pile this turn and may not be discarded until a "
        "later turn ({rule})."
    ),
    "discard.deepest_unused": (
        "Use {card}, the deepest card you took, in a meld or lay-off before you discard ({rule})."
    ),
    "go_out.by_playing": (
        "In {variant} you go out by melding, laying off or discarding your last cards ({rule})."
    ),
    "go_out.draw_first": "Draw before you lay your hand down ({rule}).",
    "go_out.no_discard_before_draw": (
        "Going out before drawing lays down the hand as dealt, with no discard ({rule})."
    ),
    "go_out.discard_needed": (
        "After drawing, discard one card and lay down the other {hand_size} in runs ({rule})."
    ),
    "go_out.discard_taken": (
        "{card} was taken from the discard pile this turn and may not be discarded ({rule})."
    ),
    "go_out.loose_cards": "You cannot go out yet: {cards} fit no {kind} ({rule}).",
    "go_out.loose_cards_one_discard": (
        "You cannot go out yet: {cards} fit no {kind}, and only one card may be discarded ({rule})."
    ),
    "go_out.not_whole_hand": "Going out lays down every card of the hand ({rule}).",
    "go_out.not_whole_hand_but_discard": (
        "Going out lays down every card of the hand except the discard ({rule})."
    ),
    # taking a move back (P-4)
    "takeback.off": "Take-backs are off in this match ({rule}).",
    "takeback.deal_over": ("The deal has ended, and nothing in it can be taken back now ({rule})."),
    "takeback.nothing": (
        "Nothing has been played yet this deal, and the deal itself cannot be taken back ({rule})."
    ),
    "takeback.nothing+player": (
        "{player} has made no move this turn that could be taken back ({rule})."
    ),
    "takeback.not_yours": "Only {owner} may take back {owner}'s move ({rule}).",
    "takeback.hidden_card": (
        "The card you drew from the stock was hidden; it cannot be taken back ({rule})."
    ),
    # starting a match or a deal
    "setup.player_count": (
        "{variant} is played by {min_players} to {max_players} players, not {players} ({rule})."
    ),
    "setup.partners_four": "Partnerships are played by exactly four players ({rule}).",
    "setup.name_missing": "Every player needs a name ({rule}).",
    "setup.seat_unnamed": "Seat {seat} has no name ({rule}).",
    "setup.unknown_level": (
        "Unknown computer level '{level}': choose easy, normal or hard ({rule})."
    ),
    "setup.human_not_level": (
        "Human is not a computer level: choose easy, normal or hard for bot: ({rule})."
    ),
    "setup.name_too_long": "A player's name holds at most {limit} characters ({rule}).",
    "setup.name_unprintable": (
        "A player's name cannot hold control or format characters ({codes}) ({rule})."
    ),
    "setup.name_odd_space": "A player's name may hold ordinary spaces only ({rule}).",
    "setup.name_leading_mark": "A player's name cannot start with a combining mark ({rule}).",
    "setup.name_accent_pile": "A player's name holds too many accents on one letter ({rule}).",
    "setup.names_repeat": "Two players have the same name; give each seat its own ({rule}).",
    "setup.no_dealer_seat": "There is no seat {seat} at a {players}-player table ({rule}).",
    "deck.foreign_card": (
        "{card} (pack {pack}) is not in the packs of a {players}-player {variant} table ({rule})."
    ),
    "deck.card_twice": "{card} (pack {pack}) is named twice in the deck ({rule}).",
    "deck.too_small": "The deck holds {size} cards; this deal needs {needed} ({rule}).",
    "deck.uneven_hands": "Every hand of a deal has the same size ({rule}).",
}
"""The English template of every refusal code. A key ``code+name`` is the template used
instead when the refusal carries a value called ``name``."""

KIND_WORDS: dict[str, str] = {"run": "run", "meld": "meld"}
"""English words for the ``kind`` value of ``go_out.loose_cards``."""


def placed_token(placed: PlacedCard, card_text: Callable[[Card | Face], str] = str) -> str:
    """A table card as the table writes it: a wild card with what it stands for, ``JK=2D``."""
    if placed.is_standing_in:
        return f"{card_text(placed.card)}={card_text(placed.face)}"
    return card_text(placed.face)


def refusal_text(
    error: Refusal,
    card_text: Callable[[Card | Face], str] = str,
    placed_text: Callable[[PlacedCard], str] | None = None,
) -> str:
    """The refusal's one English sentence, cards written by ``card_text``."""
    forms = (TEMPLATES.get(f"{error.code}+{name}") for name in sorted(error.values))
    template = next((form for form in forms if form is not None), TEMPLATES[error.code])
    values: dict[str, object] = dict(error.values)
    if "kind" in values:
        values["kind"] = KIND_WORDS.get(str(values["kind"]), values["kind"])
    shown = [card_text(card) for card in error.cards]
    values["cards"] = " ".join(shown)
    values["card"] = shown[0] if shown else ""
    write = placed_text or (lambda placed: placed_token(placed, card_text))
    values["meld"] = " ".join(write(placed) for placed in error.meld)
    values["rule"] = error.rule
    return template.format(**values)
