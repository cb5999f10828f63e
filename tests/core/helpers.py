"""Shared helpers for the rules tests: exact positions written as text, refusal checks."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from rummy_tui.core import (
    Card,
    Discard,
    DrawStock,
    Face,
    Game,
    GoOut,
    IllegalAction,
    Meld,
    Phase,
    RuleSet,
    StartDeal,
    Suit,
    get_variant,
    new_game,
    parse_cards,
    parse_face,
    stack_deck,
)
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.invariants import cards_in_play
from rummy_tui.core.melds import TableMeld, reading_for, reading_to_meld
from rummy_tui.core.state import TurnState
from rummy_tui.i18n.refusals import refusal_sentence

NAMES = ("Anna", "Bob", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai", "Liv")

_RULE_IDS = re.compile(r"\(([A-Z]-\d+(?:, [A-Z]-\d+)*)\)\.$")


def c(token: str) -> Card:
    """One card: ``c("QH")``, ``c("QH.1")`` (second pack), ``c("JK")``."""
    return Card.from_key(token)


def cs(text: str) -> list[Card]:
    """Several cards written as text; repeated faces get successive pack numbers."""
    return parse_cards(text)


def deal(
    variant: str,
    hands: list[str],
    upcard: str,
    stock: str = "",
    dealer: int = 0,
    **options: Any,
) -> Game:
    """A game whose first deal gives exactly these hands (by seat), upcard and stock (top first).

    All the text is read together, so a face written twice gets two different pack copies
    (write ``QH.1`` to name a copy explicitly).
    """
    rules = get_variant(variant, **options)
    sizes = [len(hand.split()) for hand in hands]
    everything = parse_cards(" ".join([*hands, upcard, stock]))
    seat_hands: list[list[Card]] = []
    position = 0
    for size in sizes:
        seat_hands.append(everything[position : position + size])
        position += size
    up = everything[position]
    rest = everything[position + 1 :]
    deck = stack_deck(rules, seat_hands, up, rest, dealer)
    game = new_game(rules, list(NAMES[: len(hands)]), deck=deck, dealer=dealer)
    for seat, hand in enumerate(seat_hands):
        assert game.state.deal.hands[seat] == hand
    return game


def assert_refused(game: Game, action: Any, rule: str, seat: int | None = None) -> str:
    """The action is refused with one sentence naming ``rule`` in parentheses, and the whole
    match (as JSON) is unchanged (G-10). Returns the reason."""
    before = game.to_json()
    assert not game.can(action, seat)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)
    reason = refusal_sentence(caught.value)
    assert game.to_json() == before, "a refused action changed the game"
    assert_one_sentence_with_rule(reason, rule)
    return reason


def said(refusal: IllegalAction | None) -> str | None:
    """A refusal's English sentence, as a player reads it (None for no refusal)."""
    return None if refusal is None else refusal_sentence(refusal)


def assert_one_sentence_with_rule(reason: str, rule: str | None = None) -> None:
    """One sentence that ends naming one or more rule ids in parentheses."""
    match = _RULE_IDS.search(reason)
    assert match is not None, f"no rule id in parentheses at the end: {reason!r}"
    if rule is not None:
        assert rule in match.group(1).split(", "), f"{rule} not named in {reason!r}"
    body = reason[: match.start()]
    assert "\n" not in reason
    assert not re.search(r"[.!?] [A-Z]", body), f"more than one sentence: {reason!r}"
    assert reason[0].isupper() or reason[0].isdigit(), reason


def cycle(game: Game, turns: int) -> None:
    """Each of ``turns`` players draws from the stock and discards the card drawn."""
    for _ in range(turns):
        game.apply(DrawStock())
        drawn = game.state.deal.hands[game.current][-1]
        game.apply(Discard(card=drawn))


def cards_everywhere(game: Game) -> Counter[Card]:
    """Every card of the deal wherever it is: hands, stock, discard pile, melds."""
    return cards_in_play(game)


def assert_cards_conserved(game: Game) -> None:
    """No card was created or lost (G-1)."""
    expected = Counter(full_deck(game.rules, len(game.players)))
    assert cards_everywhere(game) == expected


def meld_faces(game: Game, meld_id: int) -> list[str]:
    """What the cards of a table meld stand for, as text, in meld order."""
    meld = next(m for m in game.state.deal.melds if m.meld_id == meld_id)
    return [str(placed.face) for placed in meld.cards]


def last_meld_id(game: Game) -> int:
    """The id of the meld put down last."""
    return game.state.deal.melds[-1].meld_id


def over(game: Game) -> bool:
    """Whether the deal (or match) has ended."""
    return game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)


def quick_deck(rules: RuleSet, players: int, dealer: int) -> list[Card]:
    """A deck in which the player left of ``dealer`` is dealt nothing but runs (hearts from the
    ace up, then spades A-2-3 when more than 13 cards are dealt), so :func:`go_out_now` ends
    the deal on the first turn."""
    size = rules.hand_size_for(players)
    if size <= 13:
        runs = [Card(Face(rank, Suit.HEARTS)) for rank in range(1, size + 1)]
    else:
        runs = [Card(Face(rank, Suit.HEARTS)) for rank in range(1, size - 2)]
        runs += [Card(Face(rank, Suit.SPADES)) for rank in (1, 2, 3)]
    others = [card for card in full_deck(rules, players) if card not in set(runs)]
    first = (dealer + 1) % players
    hands: list[list[Card]] = []
    for seat in range(players):
        if seat == first:
            hands.append(runs)
        else:
            hands.append(others[:size])
            others = others[size:]
    return stack_deck(rules, hands, others[0], others[1:], dealer)


def go_out_now(game: Game) -> None:
    """The player to act, dealt by :func:`quick_deck`, goes out at once."""
    rules = game.rules
    if not rules.meld_during_play:
        if rules.go_out_before_draw:
            game.apply(GoOut(melds=()))
            return
        game.apply(DrawStock())
        drawn = game.state.deal.hands[game.current][-1]
        game.apply(GoOut(melds=(), discard=drawn))
        return
    game.apply(DrawStock())
    hand = game.state.deal.hands[game.current]
    drawn = hand[-1]
    for suit in (Suit.HEARTS, Suit.SPADES):
        run = [card for card in hand[:-1] if card.suit is suit]
        if run:
            game.apply(Meld(cards=tuple(run)))
    game.apply(Discard(card=drawn))


def next_deal_quick(game: Game) -> None:
    """Start the next deal with a :func:`quick_deck`."""
    players = len(game.players)
    deal_state = game.state.deal
    result = deal_state.result
    dealer = (deal_state.dealer + 1) % players
    if result is not None and result.dead:
        dealer = deal_state.dealer
    elif (
        players == 2 and game.rules.winner_deals_two_player and result and result.winner is not None
    ):
        dealer = result.winner
    game.apply(StartDeal(deck=tuple(quick_deck(game.rules, players, dealer))))


def table_meld(variant: str, text: str, faces: str | None = None, meld_id: int = 1) -> TableMeld:
    rules = get_variant(variant)
    named = [parse_face(token) for token in faces.split()] if faces else None
    reading = reading_for(rules, cs(text), named)
    assert reading is not None, text
    return reading_to_meld(reading, meld_id, 1)


def position(
    variant: str,
    hand: str,
    *,
    melds: tuple[TableMeld, ...] = (),
    taken: str = "",
    must_use: str | None = None,
    phase: Phase = Phase.PLAY,
    pile: str | None = None,
    stock: str | None = None,
    players: int = 2,
    **options: Any,
) -> Game:
    """Anna (seat 0) to act with exactly this hand (``taken`` cards just taken from the pile)."""
    rules = get_variant(variant, **options)
    game = new_game(rules, ["Anna", "Bob", "Cleo", "Dan"][:players], seed=3, dealer=players - 1)
    deal = game.state.deal
    taken_cards = cs(taken) if taken else []
    deal.hands[0] = cs(hand) + taken_cards
    deal.melds = list(melds)
    deal.next_meld_id = 10
    deal.phase = phase
    deal.turn = TurnState(
        taken_from_discard=taken_cards,
        must_use=c(must_use) if must_use else None,
        drew=phase is Phase.PLAY,
    )
    if pile is not None:
        deal.discard = cs(pile) if pile else []
    if stock is not None:
        deal.stock = cs(stock) if stock else []
    return game
