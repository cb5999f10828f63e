"""``legal_actions()`` is sound and complete, over random positions of every variant.

Sound: every action it lists passes ``verify``. Complete: no action outside it is accepted.
The candidates tried are every action a player could name: every meld from a subset of the
hand (cards of one suit or one rank, wild cards added) with every reading, every lay-off on
every meld in every way, every depth of the discard pile, every two-card draw, every discard
and every whole-hand go-out. ``legal_actions`` names one physical card where copies of a
face behave alike, so actions are compared by the faces they show.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from itertools import combinations
from typing import Any

import pytest

from rummy_tui.core import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    is_wild,
    meld_readings,
    new_game,
)
from rummy_tui.core.cards import Card
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.melds import MAX_RUN
from tests.core.helpers import position, table_meld

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("boathouse", 3, {}),
    ("boathouse", 2, {"draw_rule": "hoyle"}),
    ("double", 3, {}),
    ("double", 2, {}),
    ("rummy500", 2, {}),
    ("rummy500", 5, {"jokers_per_pack": 1}),
    ("rummy500", 2, {"jokers_per_pack": 1}),
    ("rummy500", 3, {"discard_to_go_out": True, "top_discard_free": True}),
    ("european", 3, {}),
    ("european", 2, {"twos_wild": True, "ace_rule": "around"}),
]
POSITIONS_PER_TABLE = 10


def positions(variant: str, players: int, options: dict[str, Any]) -> Iterator[Game]:
    """Positions met in seeded random play: every few actions, in draw and play phases."""
    rules = get_variant(variant, **options)
    rng = random.Random(f"{variant}-{players}-{sorted(options.items())}")
    deck = full_deck(rules, players)
    rng.shuffle(deck)
    # The first player is dealt the first two wild cards, so positions with wild cards in
    # hand and on the table come up early.
    wilds = [number for number, card in enumerate(deck) if is_wild(rules, card)][:2]
    for place, number in zip((0, players), wilds, strict=False):
        deck[place], deck[number] = deck[number], deck[place]
    names = [f"P{seat}" for seat in range(players)]
    game = new_game(rules, names, seed=rng.randrange(10**6), deck=deck, dealer=players - 1)
    found = 0
    for step in range(3000):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            if game.phase is Phase.MATCH_OVER:
                return
            game.apply(StartDeal())
            continue
        hand = game.state.deal.hands[game.current]
        if step % 5 == 2 or any(is_wild(rules, card) for card in hand):
            yield game
            found += 1
            if found == POSITIONS_PER_TABLE:
                return
        legal = game.legal_actions()
        # Half the time a quiet move (draw or discard), so hands stay full of cards that
        # could still go down, wild cards included.
        quiet = [action for action in legal if not isinstance(action, (Meld, LayOffCard))]
        game.apply(rng.choice(quiet if quiet and rng.random() < 0.5 else legal))


def meld_candidates(game: Game) -> Iterator[Meld]:
    rules = game.rules
    hand = game.state.deal.hands[game.current]
    wilds = [card for card in hand if is_wild(rules, card)]
    naturals = [card for card in hand if not is_wild(rules, card)]
    families: set[tuple[Card, ...]] = set()
    for card in naturals:
        families.add(tuple(other for other in naturals if other.suit == card.suit))
        families.add(tuple(other for other in naturals if other.rank == card.rank))
    largest = max(rules.group_max or len(hand), MAX_RUN)
    seen: set[frozenset[Card]] = set()
    for family in families:
        pool = [*family, *wilds]
        for size in range(3, min(largest, len(pool)) + 1):
            for chosen in combinations(pool, size):
                if frozenset(chosen) in seen:
                    continue
                seen.add(frozenset(chosen))
                for reading in meld_readings(rules, chosen):
                    yield Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))
    for chosen in combinations(wilds, 3):
        yield Meld(cards=tuple(chosen))


def candidates(game: Game) -> Iterator[Action]:
    deal = game.state.deal
    hand = deal.hands[game.current]
    yield DrawStock()
    yield EndDeal()
    for count in range(1, len(deal.discard) + 2):
        yield TakeDiscard(count=count)
    for first in ("stock", "discard"):
        for second in ("stock", "discard"):
            yield DrawTwo(first=first, second=second)  # type: ignore[arg-type]
    yield GoOut(melds=())
    for card in hand:
        yield Discard(card=card)
        yield GoOut(melds=(), discard=card)
        for meld in deal.melds:
            yield LayOffCard(card=card, meld_id=meld.meld_id)
            for option in layoff_options(game.rules, meld, card):
                yield LayOffCard(card=card, meld_id=meld.meld_id, face=option.face)
    yield from meld_candidates(game)


def key(game: Game, action: Action) -> Hashable:
    """What an action does, by faces: copies of one face behave alike."""
    if isinstance(action, Meld):
        faces = action.faces or ()
        return ("meld", tuple(sorted(card.face for card in action.cards)), tuple(sorted(faces)))
    if isinstance(action, LayOffCard):
        return ("lay_off", action.card.face, action.meld_id, action.face)
    if isinstance(action, Discard):
        return ("discard", action.card.face)
    if isinstance(action, GoOut):
        return ("go_out", action.discard.face if action.discard else None)
    return action


def normal(game: Game, action: Action) -> Action:
    """A lay-off without a named face means the engine's first choice: name it."""
    if isinstance(action, LayOffCard) and action.face is None:
        record = game.copy().apply(action)
        assert isinstance(record.action, LayOffCard)
        return record.action
    if isinstance(action, Meld) and action.faces is None:
        record = game.copy().apply(action)
        assert isinstance(record.action, Meld)
        return record.action
    return action


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    TABLES,
    ids=[f"{variant}-{players}-{options}" for variant, players, options in TABLES],
)
def test_legal_actions_are_sound_and_complete(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    checked = 0
    for game in positions(variant, players, options):
        check_position(game)
        checked += 1
    assert checked == POSITIONS_PER_TABLE


def check_position(game: Game) -> None:
    listed = game.legal_actions()
    for action in listed:
        game.verify(action)  # sound: raises if a listed action is refused
    listed_keys = {key(game, action) for action in listed}
    for action in candidates(game):
        if game.can(action):
            named = normal(game, action)
            assert key(game, named) in listed_keys, f"accepted but not listed: {named}"


def crafted() -> list[Game]:
    """Positions random play meets rarely: wild cards in hand beside groups and runs that they
    could join in several ways, a deep Rummy 500 pile, a taken card that must go down."""
    group = table_meld("rummy500", "7H 7S 7D")
    run = table_meld("rummy500", "4C 5C 6C", meld_id=2)
    return [
        position("rummy500", "JK 8C 9D 9S 9H", melds=(group, run), jokers_per_pack=1),
        position(
            "rummy500",
            "JK 8C 9D 3C 2S",
            melds=(group, run),
            phase=Phase.DRAW,
            pile="KD 9C 7C 3D 10C",
            jokers_per_pack=1,
        ),
        position("rummy500", "8C 3C 9S", taken="9C", must_use="9C", melds=(group, run)),
        position(
            "double",
            "JK 6H 6H 9C 2D",
            melds=(table_meld("double", "6S 6D 6C"), table_meld("double", "5H JK 7H", meld_id=2)),
        ),
        position("classic", "KD 9S 9H 9C", taken="KD", melds=(table_meld("classic", "KC KH KS"),)),
    ]


def test_legal_actions_are_sound_and_complete_in_crafted_positions() -> None:
    for game in crafted():
        check_position(game)
