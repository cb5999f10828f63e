"""Starting a match: seats, the cut for first dealer and the first deal."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Sequence

from rummy_tui.core.actions import ActionRecord, LogFacts, StartDeal
from rummy_tui.core.cards import Card
from rummy_tui.core.dealing import (
    complete_deck,
    cut_for_dealer,
    deal_cards,
    deal_rng,
    shuffled_deck,
)
from rummy_tui.core.engine import Game
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.state import CutRound, GameState
from rummy_tui.core.variants.ruleset import RuleSet, player_count_refusal

MAX_NAME_LENGTH = 24
"""Longest player name, in characters (G-2)."""
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Me"})
"""Control and format characters (C0, C1, DEL, bidi controls, zero-width joiners, tags),
surrogates, private and unassigned code points, line breaks and enclosing marks."""
_JOINING_RANGES = (
    (0xFE00, 0xFE0F),  # variation selectors (emoji presentation)
    (0xE0100, 0xE01EF),  # variation selectors supplement
    (0x1F3FB, 0x1F3FF),  # skin-tone modifiers
    (0x1F1E6, 0x1F1FF),  # regional indicators (flags are pairs)
)
"""Characters that join or restyle the character before them: a terminal draws the result
in another width than each piece would take, which breaks the borders drawn around a name."""
MAX_COMBINING_RUN = 2
"""Most combining marks in a row on one letter (more stack into neighbouring rows)."""


def unsafe_character(char: str) -> bool:
    """Whether a character must never reach the terminal as it is: control and format
    characters, and the pieces that join symbols into one wider picture.

    >>> unsafe_character("\x1b"), unsafe_character("\u200d"), unsafe_character("é")
    (True, True, False)
    """
    if unicodedata.category(char) in _UNSAFE_CATEGORIES:
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _JOINING_RANGES)


def name_refusal(name: str) -> IllegalAction | None:
    """The refusal of ``name`` (already stripped) as a player's name, or None (G-2).

    A name is plain text on one line: letters of any script, digits, punctuation, symbols and
    ordinary spaces; no control or format characters, no other kinds of space, no joined
    emoji, no pile of combining marks.
    """
    if not name:
        return IllegalAction("setup.name_missing", "G-2")
    if len(name) > MAX_NAME_LENGTH:
        return IllegalAction("setup.name_too_long", "G-2", limit=MAX_NAME_LENGTH)
    unsafe = sorted({char for char in name if unsafe_character(char)})
    if unsafe:
        codes = ", ".join(f"U+{ord(char):04X}" for char in unsafe[:3])
        return IllegalAction("setup.name_unprintable", "G-2", codes=codes)
    if any(unicodedata.category(char) == "Zs" and char != " " for char in name):
        return IllegalAction("setup.name_odd_space", "G-2")
    run = 0
    for position, char in enumerate(name):
        run = run + 1 if unicodedata.combining(char) or unicodedata.category(char) == "Mn" else 0
        if run and position == run - 1:
            return IllegalAction("setup.name_leading_mark", "G-2")
        if run > MAX_COMBINING_RUN:
            return IllegalAction("setup.name_accent_pile", "G-2")
    return None


def new_game(
    rules: RuleSet,
    players: Sequence[str],
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
    take_backs: bool = True,
) -> Game:
    """Seat the players, cut for the first dealer (G-3) and deal the first deal (G-4).

    Args:
        rules: The variant with its options (see ``get_variant``).
        players: Names by seat, in clockwise order.
        seed: Seed of every shuffle of the match; None picks one at random (it is recorded).
        deck: Card order of the first deal, top first; cards not named follow in pack order.
        dealer: Seat of the first dealer; None cuts for it.
        take_backs: Whether players may take back moves of their turn (P-4).

    Raises:
        IllegalAction: for a player count outside the variant's range, empty, repeated or
            unprintable names (see :func:`name_refusal`), or a deck with cards that are not
            in the packs.
    """
    names = [name.strip() for name in players]
    problem = player_count_refusal(rules, len(names))
    if problem is not None:
        raise problem
    for name in names:
        refusal = name_refusal(name)
        if refusal is not None:
            raise refusal
    if len({name.casefold() for name in names}) != len(names):
        raise IllegalAction("setup.names_repeat", "G-2")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    count = len(names)
    cut: list[CutRound] = []
    if dealer is None:
        dealer, cut = cut_for_dealer(count, random.Random(f"rummy-tui-cut:{seed}"))
    elif not 0 <= dealer < count:
        raise IllegalAction("setup.no_dealer_seat", "G-2", seat=dealer, players=count)
    if deck is None:
        cards = shuffled_deck(rules, count, deal_rng(seed, 1, 0))
    else:
        cards = complete_deck(rules, count, deck)
    first_deal = deal_cards(rules, count, dealer, cards, 1)
    state = GameState(
        rules=rules,
        players=names,
        seed=seed,
        cut=cut,
        first_dealer=dealer,
        scores=[0] * count,
        deal=first_deal,
        take_backs_on=take_backs,
    )
    # The first deal's card order goes into the log like every later deal's (G-11).
    state.log.append(
        ActionRecord(
            seat=None,
            action=StartDeal(deck=tuple(cards)),
            deal_number=1,
            facts=LogFacts(dealer=names[dealer], leader=names[first_deal.current]),
        )
    )
    return Game(state)
