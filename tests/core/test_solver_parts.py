"""The solver's fast paths give the very arrangement the plain search gives (B-5, P-3).

Without wild cards the solver splits a hand into parts no meld joins and remembers each
part's plan and readings (``arrange_search.solve``, ``arrange._finish_plain``). Here every
hand is solved twice, once that way and once by the one whole-hand search, and the two
answers must be equal: the same melds read the same way in the same order, the same unmatched
cards, the same penalty. Hands are random and meld-rich, of every variant's deck.
"""

from __future__ import annotations

import random

import pytest

from rummy_tui.core import arrange, arrange_search
from rummy_tui.core.arrange import Arrangement, best_arrangement, full_arrangement
from rummy_tui.core.cards import Card, make_packs
from rummy_tui.core.variants import RuleSet, get_variant

# (id, variant, options, packs, jokers per pack)
CONFIGS: list[tuple[str, str, dict[str, object], int, int]] = [
    ("classic", "classic", {}, 1, 0),
    ("boathouse", "boathouse", {}, 1, 0),
    ("double", "double", {}, 2, 1),
    ("rummy500-two-packs", "rummy500", {}, 2, 0),
    ("european-around-no-jokers", "european", {"ace_rule": "around"}, 2, 0),
    ("european", "european", {}, 2, 1),
    ("european-twos-wild", "european", {"twos_wild": True}, 2, 1),
]


def _rich_hand(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    """A hand with runs and groups in it: cards near each other in rank and suit."""
    hand: list[Card] = []
    pool = list(deck)
    while len(hand) < size:
        seed = rng.choice(pool)
        near = [
            card
            for card in pool
            if card is not seed
            and (
                card.face.rank == seed.face.rank
                or (card.face.suit == seed.face.suit and abs(card.face.rank - seed.face.rank) <= 2)
            )
        ]
        for card in [seed, *rng.sample(near, min(len(near), rng.randint(1, 4)))]:
            if len(hand) < size:
                hand.append(card)
                pool.remove(card)
    return hand


def _plainly(
    monkeypatch: pytest.MonkeyPatch, rules: RuleSet, cards: list[Card], full: bool
) -> Arrangement | None:
    """The answer of the one whole-hand search, with the fast paths switched off."""
    with monkeypatch.context() as patch:
        patch.setattr(arrange, "solve", arrange_search._search)
        patch.setattr(
            arrange,
            "_finish_plain",
            lambda table, hand, meldable, full: arrange._finish(
                rules, table, hand, meldable, 0, 0, full
            ),
        )
        return full_arrangement(rules, cards) if full else best_arrangement(rules, cards)


@pytest.mark.parametrize(("name", "variant", "options", "packs", "jokers"), CONFIGS)
def test_B5_parts_give_the_same_arrangement_as_the_whole_search(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    variant: str,
    options: dict[str, object],
    packs: int,
    jokers: int,
) -> None:
    rules = get_variant(variant, **options)
    deck = make_packs(packs, jokers)
    rng = random.Random(f"parts:{name}")
    for _ in range(150):
        size = rng.randint(6, 15)
        cards = rng.sample(deck, size) if rng.random() < 0.3 else _rich_hand(rng, deck, size)
        fast = best_arrangement(rules, cards)
        assert fast == _plainly(monkeypatch, rules, cards, full=False), cards
        # Each hand again, so the second answer comes from the remembered parts.
        assert best_arrangement(rules, cards) == fast
        assert full_arrangement(rules, cards) == _plainly(monkeypatch, rules, cards, full=True)


def test_B5_a_part_remembered_from_one_pack_is_not_reused_for_another_copy() -> None:
    """Two packs: the same faces from different packs get their own cards back."""
    rules = get_variant("rummy500")
    first = [Card.from_key(key) for key in ("5H", "6H", "7H", "9C", "9D", "9S", "KD")]
    second = [Card.from_key(key) for key in ("5H.1", "6H.1", "7H", "9C", "9D.1", "9S", "KD.1")]
    for hand in (first, second, first):
        result = best_arrangement(rules, hand)
        melded = [card for reading in result.readings for card in reading.cards]
        assert sorted(melded + list(result.deadwood)) == sorted(hand)
        assert result.deadwood == (hand[-1],)
