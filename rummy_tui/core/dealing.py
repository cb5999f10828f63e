"""The cut for first dealer (G-3), shuffling (G-11) and dealing (G-4)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy_tui.core.cards import Card, make_packs
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.state import CutRound, DealState, Phase
from rummy_tui.core.variants.ruleset import RuleSet


def full_deck(rules: RuleSet, players: int) -> list[Card]:
    """Every card of the packs this table plays with, in pack order."""
    return make_packs(rules.packs_for(players), rules.jokers_per_pack)


def deal_rng(seed: int, deal_number: int, attempt: int) -> random.Random:
    """The generator for one deal's shuffle; string seeds hash the same on every Python."""
    return random.Random(f"rummy-tui:{seed}:{deal_number}:{attempt}")


def shuffled_deck(rules: RuleSet, players: int, rng: random.Random) -> list[Card]:
    """A shuffled deck for this table, top first."""
    deck = full_deck(rules, players)
    rng.shuffle(deck)
    return deck


def complete_deck(rules: RuleSet, players: int, named: Sequence[Card]) -> list[Card]:
    """A deck that starts with ``named`` (top first) followed by the rest in pack order.

    Refuses cards that are not in this table's packs or that are named twice.
    """
    all_cards = full_deck(rules, players)
    available = set(all_cards)
    seen: set[Card] = set()
    for card in named:
        if card not in available:
            raise IllegalAction(
                "deck.foreign_card",
                "G-1",
                cards=(card,),
                pack=card.copy + 1,
                players=players,
                variant=rules.name,
            )
        if card in seen:
            raise IllegalAction("deck.card_twice", "G-1", cards=(card,), pack=card.copy + 1)
        seen.add(card)
    return list(named) + [card for card in all_cards if card not in seen]


def cut_for_dealer(players: int, rng: random.Random) -> tuple[int, list[CutRound]]:
    """Each player cuts a card; the lowest deals, ace lowest; jokers and ties cut again (G-3)."""
    cut_pack = make_packs(1, 1)
    contenders = list(range(players))
    rounds: list[CutRound] = []
    while True:
        pack = list(cut_pack)
        rng.shuffle(pack)
        cards: list[Card] = []
        for _ in contenders:
            card = pack.pop()
            while card.is_joker:
                card = pack.pop()
            cards.append(card)
        rounds.append(CutRound(seats=tuple(contenders), cards=tuple(cards)))
        lowest = min(card.rank for card in cards)
        tied = [seat for seat, card in zip(contenders, cards, strict=True) if card.rank == lowest]
        if len(tied) == 1:
            return tied[0], rounds
        contenders = tied


def deal_cards(
    rules: RuleSet, players: int, dealer: int, deck: Sequence[Card], deal_number: int
) -> DealState:
    """Deal one card at a time from the top of ``deck``, starting left of the dealer, then
    turn up the next card to start the discard pile (G-4)."""
    hand_size = rules.hand_size_for(players)
    needed = hand_size * players + 1
    if len(deck) < needed:
        raise IllegalAction("deck.too_small", "G-4", size=len(deck), needed=needed)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(hand_size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(deck[position])
            position += 1
    upcard = deck[position]
    rest = list(deck[position + 1 :])
    rest.reverse()
    return DealState(
        deal_number=deal_number,
        dealer=dealer,
        deck=list(deck),
        hands=hands,
        stock=rest,
        discard=[upcard],
        current=(dealer + 1) % players,
        phase=Phase.DRAW,
        cards_drawn=[0] * players,
        has_melded=[False] * players,
    )


def stack_deck(
    rules: RuleSet,
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    stock: Sequence[Card] = (),
    dealer: int = 0,
) -> list[Card]:
    """The deck order that, dealt by ``dealer``, gives exactly these hands, this upcard and this
    stock (top first); the remaining cards follow in pack order. For tests and puzzles."""
    players = len(hands)
    size = len(hands[0])
    if any(len(hand) != size for hand in hands):
        raise IllegalAction("deck.uneven_hands", "G-4")
    order: list[Card] = []
    for index in range(size):
        for offset in range(1, players + 1):
            order.append(hands[(dealer + offset) % players][index])
    order.append(upcard)
    order.extend(stock)
    return complete_deck(rules, players, order)
