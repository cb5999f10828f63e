"""The engine's refusals as sentences in the reader's language, built from the refusal's data.

The core refuses with an :class:`~rummy_tui.core.errors.IllegalAction` (or offers a
:class:`~rummy_tui.core.offer_models.Refusal`) that carries a ``code``, a ``rule`` id, its
``cards``, the table ``meld`` and named ``values``, and no words. Here every code has its one
sentence: a catalog message with named placeholders, ``{cards}`` (all its cards), ``{card}``
(the first one), ``{meld}`` (the table meld as the table writes it: ``AD JK=2D 3D 4D``),
``{rule}`` and any of its ``values``. The English text is what the game says in English
(the command line, reports and tests ask here too); Finnish and Russian fill the
translator's sentence with the same cards, names and numbers. Counts pick the language's
plural form (``ngettext``); the rule id is put in unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from rummy_tui.core.cards import placed_token
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.variants import VARIANT_IDS, get_variant
from rummy_tui.i18n import _, ngettext

if TYPE_CHECKING:
    from rummy_tui.core.cards import Card, Face, PlacedCard
    from rummy_tui.core.offer_models import Refusal

Values = Mapping[str, object]

VARIANT_NAMES: tuple[str, ...] = tuple(get_variant(variant).name for variant in VARIANT_IDS)
"""The variants' names as the core writes them in ``values["variant"]`` (marked for the
catalogs where each variant is defined); shown translated."""


def _count(values: Values, name: str) -> int:
    """The number a counted message is about (0 when the value is not a number)."""
    try:
        return int(str(values.get(name, 0)))
    except ValueError:
        return 0


def _loose_cards(values: Values) -> str:
    """``go_out.loose_cards``: the sentence names what the loose cards fit, a run or a meld."""
    if values.get("kind") == "run":
        return _("You cannot go out yet: {cards} fit no run ({rule}).")
    if values.get("kind") == "meld":
        return _("You cannot go out yet: {cards} fit no meld ({rule}).")
    return _("You cannot go out yet: {cards} fit no {kind} ({rule}).")


def _loose_cards_one_discard(values: Values) -> str:
    if values.get("kind") == "run":
        return _(
            "You cannot go out yet: {cards} fit no run, and only one card may be discarded "
            "({rule})."
        )
    if values.get("kind") == "meld":
        return _(
            "You cannot go out yet: {cards} fit no meld, and only one card may be discarded "
            "({rule})."
        )
    return _(
        "You cannot go out yet: {cards} fit no {kind}, and only one card may be discarded ({rule})."
    )


MESSAGES: dict[str, Callable[[Values], str]] = {
    "match.over": lambda v: _("The match is over; no more moves can be made ({rule})."),
    "match.over_no_deal": lambda v: _("The match is over; no more deals are dealt ({rule})."),
    "deal.over": lambda v: _("The deal is over; start the next deal to play on ({rule})."),
    "deal.in_progress": lambda v: _("The current deal is still being played ({rule})."),
    "deal.deck_incomplete": lambda v: _(
        "A recorded deck must hold every card of the packs ({rule})."
    ),
    "turn.no_seat": lambda v: _("There is no seat {seat} at this table ({rule})."),
    "turn.not_yours": lambda v: _("It is {player}'s turn, not {other}'s ({rule})."),
    "action.unknown": lambda v: _("Unknown action {action} ({rule})."),
    "draw.already_drawn": lambda v: _("{player} has already drawn this turn ({rule})."),
    "meld.draw_first": lambda v: _("Draw a card before you meld ({rule})."),
    "layoff.draw_first": lambda v: _("Draw a card before you lay off ({rule})."),
    "discard.draw_first": lambda v: _("Draw a card before you discard ({rule})."),
    "cards.repeated": lambda v: _("The same card is named twice: {cards} ({rule})."),
    "cards.not_in_hand": lambda v: _("{cards} is not in {player}'s hand ({rule})."),
    "take.pile_empty": lambda v: _("The discard pile is empty ({rule})."),
    "draw.stock_not_rebuilt": lambda v: _(
        "The stock is empty and is not rebuilt: take from the discard pile or end the deal "
        "({rule})."
    ),
    "draw.rebuild_limit": lambda v: ngettext(
        "The stock has been rebuilt {rebuilds} times already ({rule}).",
        "The stock has been rebuilt {rebuilds} times already ({rule}).",
        _count(v, "rebuilds"),
    ),
    "draw.nothing_left": lambda v: _("The stock and the discard pile are both empty ({rule})."),
    "take.two_card_draw_only": lambda v: _(
        "In {variant} a discard is taken only with a second card: use the two-card draw ({rule})."
    ),
    "take.top_only": lambda v: _("Only the top card of the discard pile may be taken ({rule})."),
    "take.too_deep": lambda v: ngettext(
        "The discard pile holds only {size} cards, not {count} ({rule}).",
        "The discard pile holds only {size} cards, not {count} ({rule}).",
        _count(v, "size"),
    ),
    "take.deepest_unusable": lambda v: _(
        "{card} could not be melded or laid off with the cards you would hold, and the "
        "deepest card taken must be used this turn ({rule})."
    ),
    "draw_two.not_offered": lambda v: _("{variant} has no two-card draw ({rule})."),
    "draw_two.boathouse_forms": lambda v: _(
        "The two-card draw is discard + stock or stock + stock ({rule})."
    ),
    "draw_two.hoyle_forms": lambda v: _(
        "The two-card draw is discard + discard or discard + stock ({rule})."
    ),
    "end_deal.not_allowed": lambda v: _(
        "A deal ends by choice only in Rummy 500 once the stock is empty ({rule})."
    ),
    "play.whole_hand_only": lambda v: _(
        "Nobody melds or lays off during play in {variant}; lay the whole hand down at once"
        " to go out ({rule})."
    ),
    "play.keep_discard": lambda v: _(
        "Keep a card to discard: you must discard to go out ({rule})."
    ),
    "play.deepest_stranded": lambda v: _(
        "That would leave no way to use {card}, the deepest card taken ({rule})."
    ),
    "play.no_end": lambda v: _(
        "That would leave only cards taken from the discard pile this turn ({cards}), which"
        " may not be discarded and could not all go down ({rule})."
    ),
    "meld.too_few": lambda v: _("A meld needs at least three cards: {cards} ({rule})."),
    "meld.no_natural": lambda v: _("Every meld needs at least one natural card: {cards} ({rule})."),
    "meld.all_wild_named": lambda v: _(
        "Every meld needs at least one natural card, but every card here stands in for "
        "another: {cards} ({rule})."
    ),
    "meld.wild_naming": lambda v: _(
        "The wild cards cannot stand for those cards in {cards} ({rule})."
    ),
    "meld.groups_not_melds": lambda v: _(
        "Only runs are melds in {variant}; groups do not count: {cards} ({rule})."
    ),
    "meld.group_too_big": lambda v: ngettext(
        "A group holds at most {limit} cards: {cards} ({rule}).",
        "A group holds at most {limit} cards: {cards} ({rule}).",
        _count(v, "limit"),
    ),
    "meld.group_repeat_suit": lambda v: _(
        "A group may not hold the same suit twice: {cards} ({rule})."
    ),
    "meld.not_a_meld": lambda v: _(
        "These cards are neither a group nor a run in consecutive order: {cards} ({rule})."
    ),
    "run.mixed_suits": lambda v: _("A run needs cards of one suit: {cards} ({rule})."),
    "run.too_long": lambda v: _(
        "A run holds at most 13 cards and no rank twice: {cards} ({rule})."
    ),
    "run.repeated_rank": lambda v: _("A run holds each rank only once: {cards} ({rule})."),
    "run.ace_low_only": lambda v: _(
        "The ace is low only, so it cannot follow the king: {cards} ({rule})."
    ),
    "run.ace_no_corner": lambda v: _(
        "An ace is high or low but never round the corner: {cards} ({rule})."
    ),
    "layoff.no_meld": lambda v: _("There is no meld number {meld_id} on the table ({rule})."),
    "layoff.table_empty": lambda v: _("There is no meld on the table to lay off on yet ({rule})."),
    "layoff.no_fit": lambda v: _("{card} does not fit the meld {meld} ({rule})."),
    "layoff.fits_nowhere": lambda v: _("{card} does not fit any meld on the table ({rule})."),
    "layoff.beyond_end_joker": lambda v: _(
        "{card} does not fit the meld {meld}: nothing may be laid beyond an unmoved end "
        "joker, and it moves only to an end that can be extended ({rule})."
    ),
    "layoff.joker_fixed": lambda v: _(
        "{card} does not fit the meld {meld}: a joker inside a run, or one that has moved, "
        "stays where it is ({rule})."
    ),
    "discard.taken_this_turn": lambda v: _(
        "{card} was taken from the discard pile this turn and may not be discarded until a "
        "later turn ({rule})."
    ),
    "discard.deepest_unused": lambda v: _(
        "Use {card}, the deepest card you took, in a meld or lay-off before you discard ({rule})."
    ),
    "go_out.by_playing": lambda v: _(
        "In {variant} you go out by melding, laying off or discarding your last cards ({rule})."
    ),
    "go_out.draw_first": lambda v: _("Draw before you lay your hand down ({rule})."),
    "go_out.no_discard_before_draw": lambda v: _(
        "Going out before drawing lays down the hand as dealt, with no discard ({rule})."
    ),
    "go_out.discard_needed": lambda v: ngettext(
        "After drawing, discard one card and lay down the other {hand_size} in runs ({rule}).",
        "After drawing, discard one card and lay down the other {hand_size} in runs ({rule}).",
        _count(v, "hand_size"),
    ),
    "go_out.discard_taken": lambda v: _(
        "{card} was taken from the discard pile this turn and may not be discarded ({rule})."
    ),
    "go_out.not_whole_hand": lambda v: _("Going out lays down every card of the hand ({rule})."),
    "go_out.not_whole_hand_but_discard": lambda v: _(
        "Going out lays down every card of the hand except the discard ({rule})."
    ),
    "takeback.off": lambda v: _("Take-backs are off in this match ({rule})."),
    "takeback.deal_over": lambda v: _(
        "The deal has ended, and nothing in it can be taken back now ({rule})."
    ),
    "takeback.nothing": lambda v: _(
        "Nothing has been played yet this deal, and the deal itself cannot be taken back ({rule})."
    ),
    "takeback.nothing+player": lambda v: _(
        "{player} has made no move this turn that could be taken back ({rule})."
    ),
    "takeback.not_yours": lambda v: _("Only {owner} may take back {owner}'s move ({rule})."),
    "takeback.hidden_card": lambda v: _(
        "The card you drew from the stock was hidden; it cannot be taken back ({rule})."
    ),
    "takeback.turn_started": lambda v: _(
        "{player} has started their turn, so the discard can no longer be taken back ({rule})."
    ),
    "setup.player_count": lambda v: ngettext(
        "{variant} is played by {min_players} to {max_players} players, not {players} ({rule}).",
        "{variant} is played by {min_players} to {max_players} players, not {players} ({rule}).",
        _count(v, "players"),
    ),
    "setup.partners_four": lambda v: _("Partnerships are played by exactly four players ({rule})."),
    "setup.name_missing": lambda v: _("Every player needs a name ({rule})."),
    "setup.seat_unnamed": lambda v: _("Seat {seat} has no name ({rule})."),
    "setup.unknown_level": lambda v: _(
        "Unknown computer level '{level}': choose easy, normal or hard ({rule})."
    ),
    "setup.human_not_level": lambda v: _(
        "Human is not a computer level: choose easy, normal or hard for bot: ({rule})."
    ),
    "setup.name_too_long": lambda v: ngettext(
        "A player's name holds at most {limit} characters ({rule}).",
        "A player's name holds at most {limit} characters ({rule}).",
        _count(v, "limit"),
    ),
    "setup.name_unprintable": lambda v: _(
        "A player's name cannot hold control or format characters ({codes}) ({rule})."
    ),
    "setup.name_odd_space": lambda v: _("A player's name may hold ordinary spaces only ({rule})."),
    "setup.name_leading_mark": lambda v: _(
        "A player's name cannot start with a combining mark ({rule})."
    ),
    "setup.name_accent_pile": lambda v: _(
        "A player's name holds too many accents on one letter ({rule})."
    ),
    "setup.names_repeat": lambda v: _(
        "Two players have the same name; give each seat its own ({rule})."
    ),
    "setup.no_dealer_seat": lambda v: _(
        "There is no seat {seat} at a {players}-player table ({rule})."
    ),
    "deck.foreign_card": lambda v: _(
        "{card} (pack {pack}) is not in the packs of a {players}-player {variant} table ({rule})."
    ),
    "deck.card_twice": lambda v: _("{card} (pack {pack}) is named twice in the deck ({rule})."),
    "deck.too_small": lambda v: ngettext(
        "The deck holds {size} cards; this deal needs {needed} ({rule}).",
        "The deck holds {size} cards; this deal needs {needed} ({rule}).",
        _count(v, "size"),
    ),
    "deck.uneven_hands": lambda v: _("Every hand of a deal has the same size ({rule})."),
    "go_out.loose_cards": _loose_cards,
    "go_out.loose_cards_one_discard": _loose_cards_one_discard,
}
"""Every refusal code with its message, translated when called; a key ``code+name`` is the
message used instead when the refusal carries a value called ``name``. Counted messages are
given the refusal's values to pick a plural form."""


def _unknown(values: Values) -> str:
    """A code no message is written for yet: the refusal is still said, by its code."""
    return _("That is not allowed: {code} ({rule}).")


def move_not_allowed() -> str:
    """What the table says of a move refused without a refusal to word."""
    return _("That move is not allowed.")


def refusal_sentence(
    error: IllegalAction | Refusal,
    card_text: Callable[[Card | Face], str] = str,
    placed_text: Callable[[PlacedCard], str] | None = None,
) -> str:
    """The refusal's one sentence in the current language, cards written by ``card_text``
    (and table cards by ``placed_text``, so an interface can draw them as its table does).

    >>> from rummy_tui.core.cards import parse_cards
    >>> refusal_sentence(IllegalAction("cards.repeated", "G-1", cards=parse_cards("7H 7H")))
    'The same card is named twice: 7H 7H (G-1).'
    """
    if not isinstance(error, IllegalAction):
        error = error.error()
    forms = (MESSAGES.get(f"{error.code}+{name}") for name in sorted(error.values))
    message = next((form for form in forms if form is not None), MESSAGES.get(error.code))
    if message is None:
        message = _unknown
    values: dict[str, object] = dict(error.values)
    values["code"] = error.code
    if "variant" in values:
        values["variant"] = _(str(values["variant"]))
    shown = [card_text(card) for card in error.cards]
    values["cards"] = " ".join(shown)
    values["card"] = shown[0] if shown else ""
    write = placed_text or (lambda placed: placed_token(placed, card_text))
    values["meld"] = " ".join(write(placed) for placed in error.meld)
    values["rule"] = error.rule
    return message(values).format(**values)


def error_sentence(error: BaseException) -> str:
    """What went wrong in one line: a refusal's sentence, or any other error's own message.

    >>> error_sentence(IllegalAction("take.pile_empty", "C-4")), error_sentence(KeyError("x"))
    ('The discard pile is empty (C-4).', "'x'")
    """
    return refusal_sentence(error) if isinstance(error, IllegalAction) else str(error)


SHARED: dict[str, Callable[[], str]] = {
    "take.deepest_unusable": lambda: _(
        "The deepest card could not be melded or laid off with the cards you would hold ({rule})."
    ),
}
"""Refusals said once for several choices of a question, each of which names its own cards
(the depths of a Rummy 500 dig): the sentence names no card."""


def shared_refusal_sentence(error: IllegalAction) -> str | None:
    """The refusal in the current language without its cards, for saying it once under a
    list of choices that it refuses alike; None when the code has no such sentence.

    >>> from rummy_tui.core.errors import IllegalAction
    >>> shared_refusal_sentence(IllegalAction("take.deepest_unusable", "R-5"))
    'The deepest card could not be melded or laid off with the cards you would hold (R-5).'
    >>> shared_refusal_sentence(IllegalAction("take.pile_empty", "R-4")) is None
    True
    """
    message = SHARED.get(error.code)
    return None if message is None else message().format(rule=error.rule)
