"""Every hint's reason is true of the hand it names (issue 21: "your costliest card with no
partner" for a 5 while a king and a queen without partners were worth more; "Melds worth 0").

The reason is data (:class:`rummy_tui.bots.reasons.Reason`: a code, its cards and numbers);
over many seeded deals of every variant and table size, played by the hint's own suggestions,
the claim of each reason is checked against the hand and the table with the core's own rules
(a meld is what :func:`meld_readings` accepts, a card's worth is :func:`hand_value`), not with
the computer player's judgement.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from rummy_tui.bots import hint
from rummy_tui.bots.reasons import Reason
from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    PlayerView,
    StartDeal,
    TakeDiscard,
    best_arrangement,
    get_variant,
    new_game,
)
from rummy_tui.core.cards import all_faces
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.melds import is_wild, meld_readings
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.values import hand_value
from rummy_tui.core.variants import VARIANT_IDS
from rummy_tui.core.variants.ruleset import RuleSet

SEEDS = range(1, 7)
STEPS = 70
"""Decisions walked per deal (a few thousand in all)."""
FACES = all_faces()


def one_from_a_meld(rules: RuleSet, first: Card, second: Card) -> bool:
    """Whether some third card would make a meld of these two (by the core's meld rules)."""
    if is_wild(rules, first) or is_wild(rules, second):
        return True
    return any(meld_readings(rules, [first, second, Card(face, 97)]) for face in FACES)


def joins(rules: RuleSet, view: PlayerView, hand: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` is melded in the best arrangement of ``hand`` + ``card`` or fits a
    meld on the table."""
    arrangement = best_arrangement(rules, [*hand, card])
    return any(card in meld for meld in arrangement.melds) or fits_table(rules, view, card)


def fits_table(rules: RuleSet, view: PlayerView, card: Card) -> bool:
    return rules.meld_during_play and any(layoff_options(rules, meld, card) for meld in view.melds)


def taken_cards(view: PlayerView, action: Action) -> list[Card]:
    """The cards a draw from the pile takes."""
    pile = list(view.discard_pile)
    if isinstance(action, TakeDiscard):
        return pile[-action.count :]
    if isinstance(action, DrawTwo) and "discard" in (action.first, action.second) and pile:
        return pile[-1:]
    return []


def broken_claim(
    why: Reason, view: PlayerView, legal: Sequence[Action], action: Action
) -> str | None:
    """What is false in the claim of ``why`` about ``view`` (None: it holds)."""
    rules = view.rules
    hand = list(view.hand)
    dead = best_arrangement(rules, hand).deadwood
    card = why.card
    kinds = {move.kind for move in legal}
    code = why.code

    def lone(held: Card) -> bool:
        return not any(one_from_a_meld(rules, held, other) for other in dead if other != held)

    if code in ("whole_hand", "all_but_discard"):
        if not isinstance(action, GoOut):
            return "not a go-out"
        laid = sorted(held for spec in action.melds for held in spec.cards)
        rest = sorted(held for held in hand if held != action.discard)
        wanted_discard = code == "all_but_discard"
        if laid != rest or (action.discard is not None) != wanted_discard:
            return "the melds are not the hand"
        return None
    if code == "payment":
        assert isinstance(action, GoOut)
        drawn = view.cards_drawn[view.seat] if view.cards_drawn else 0
        chips = [
            chip_basis(rules, [c for spec in move.melds for c in spec.cards], drawn).chips
            for move in legal
            if isinstance(move, GoOut)
        ]
        return None if why.n == max(chips) else f"pays {max(chips)}, not {why.n}"
    if code == "pile_offers_nothing":
        takes = [move for move in legal if taken_cards(view, move)]
        return "a card of the pile could be taken" if takes else None
    if code == "stock_closed":
        return "the stock can be drawn from" if "draw_stock" in kinds else None
    if code in ("completes", "lays_off", "cheaper"):
        taken = taken_cards(view, action)
        if not taken or card != taken[0]:
            return f"{card} is not the card taken ({taken})"
        holding = [*hand, *taken]
        if code == "completes":
            ok = card in why.meld and set(why.meld) <= set(holding)
            return None if ok and meld_readings(rules, list(why.meld)) else "not a meld"
        if code == "lays_off":
            return None if fits_table(rules, view, card) else f"{card} fits no table meld"
        arrangement = best_arrangement(rules, holding)
        if any(card in meld for meld in arrangement.melds) or fits_table(rules, view, card):
            return f"{card} joins a meld: the reason should say so"
        return None
    if code == "does_not_help":
        assert card is not None and card == view.top_discard
        return f"{card} joins a meld" if joins(rules, view, hand, card) else None
    if code == "stock_better":
        assert card is not None and isinstance(action, DrawStock)
        return None if joins(rules, view, hand, card) else f"{card} joins no meld"
    if code == "more_cards":
        ok = isinstance(action, DrawTwo) and action.first == action.second == "stock"
        return None if ok else "not two stock cards"
    if code in ("top_no_join", "hand_full"):
        top = view.top_discard
        if top is None or not isinstance(action, DrawStock):
            return "no top discard, or not a stock draw"
        if joins(rules, view, hand, top) is (code == "top_no_join"):
            return f"{top} joins a meld: {joins(rules, view, hand, top)}"
        return None
    if code == "close_to_meld":
        assert card is not None
        ok = any(one_from_a_meld(rules, card, held) for held in hand)
        return None if ok else f"{card} is not one card from a meld with the hand"
    if code == "only_draw_left":
        return "the stock can be drawn from" if "draw_stock" in kinds else None
    if code == "no_pile_card_pays":
        return None if isinstance(action, DrawStock) else "not a stock draw"
    if code == "stock_empty_end":
        ok = isinstance(action, EndDeal) and view.stock_count == 0
        return None if ok else "the stock is not empty"
    if code in ("only_draw", "only_move"):
        ok = len(legal) == 1 and (code == "only_move" or isinstance(action, DrawStock))
        return None if ok else f"{len(legal)} moves allowed"
    if code == "only_kind_left":
        return None if kinds == {action.kind} else f"other kinds allowed: {kinds}"
    if code == "melded_cost":
        return None if isinstance(action, Meld | GoOut) else "not a meld"
    if code == "lays_off_loose":
        ok = isinstance(action, LayOffCard) and action.card == card and card in dead
        return None if ok else f"{card} is melded in the hand"
    if code == "stock_round":
        ok = view.rebuilds == why.n >= 1 and isinstance(action, Discard)
        return None if ok else f"rebuilds {view.rebuilds}, said {why.n}"
    if code == "last_card":
        return None if len(hand) == 1 else f"{len(hand)} cards in hand"
    if code in ("breaks_meld", "no_partner", "costliest_lone", "weak_partial"):
        if not isinstance(action, Discard) or action.card != card:
            return "not the discard of the card named"
        if code == "breaks_meld":
            return f"{card} is unmatched" if card in dead else None
        if card not in dead:
            return f"{card} is melded"
        if code == "weak_partial":
            partner = why.partner
            ok = partner in dead and partner != card
            ok = ok and partner is not None and one_from_a_meld(rules, card, partner)
            return None if ok else f"{card} and {partner} are not one card from a meld"
        if not lone(card):
            return f"{card} has a partner among the unmatched cards"
        if code == "costliest_lone":
            worth = hand_value(rules, card)
            dearer = [held for held in dead if lone(held) and hand_value(rules, held) > worth]
            return f"{dearer} have no partner and are worth more" if dearer else None
        return None
    if code == "must_use":
        uses = getattr(action, "cards", ()) or (getattr(action, "card", None),)
        ok = card is not None and card == view.must_use and card in uses
        return None if ok else f"{card} is not the card to use"
    if code == "hold_melds":
        arrangement = best_arrangement(rules, hand)
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        if not arrangement.melds or min(others) <= why.n:
            return "no melds, or someone is close to out"
        assert why.inner is not None
        return broken_claim(why.inner, view, legal, action)
    return f"unknown code {code}"


def decisions(variant: str, seed: int) -> Iterator[tuple[Game, list[Action]]]:
    """The decisions of a deal played by the hint's own suggestions."""
    players = ["Anna", "Bob", "Cleo", "Dan"][: 2 + seed % 3]
    game = new_game(get_variant(variant), players, seed=seed)
    for _step in range(STEPS):
        if game.is_over:
            return
        legal = game.legal_actions()
        if not legal:
            return
        if isinstance(legal[0], StartDeal):
            game.apply(legal[0])
            continue
        yield game, legal
        advice = hint(game.view(game.current), legal)
        game.apply(advice.action if advice.action is not None else legal[0])


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_hint_reason_is_true_of_the_hand(variant: str) -> None:
    codes: set[str] = set()
    for seed in SEEDS:
        for game, legal in decisions(variant, seed):
            view = game.view(game.current)
            advice = hint(view, legal)
            assert advice.action is not None and advice.why is not None
            assert "worth 0" not in advice.cost_text
            broken = broken_claim(advice.why, view, legal, advice.action)
            assert broken is None, (variant, seed, advice.why, advice.reason, broken)
            codes.add(advice.why.code)
    assert len(codes) >= 5, codes


def test_a_lone_card_that_is_not_the_costliest_is_not_called_so() -> None:
    """A hand with K♦ and Q♥ without partners: a discard of the 5♥ may have its reasons (the
    next player's wishes, a look ahead), but it is not "your costliest card"."""
    from rummy_tui.bots.normal import NormalBot
    from tests.core.helpers import deal

    game = deal(
        "classic",
        ["AS 2S 3S 4H 6H 8H 10H JD 9C 6D", "2C 3C 4C 7S 7D 7C KD QH 5H 9S"],
        upcard="KC",
        stock="2D",
    )
    game.apply(DrawStock())
    view = game.view(game.current)
    judge = NormalBot().judge(view)
    five = next(card for card in view.hand if str(card) == "5H")
    why = NormalBot().discard_reason(judge, list(view.hand), five)
    assert why.code == "no_partner"
    assert "costliest" not in why.text()
    king = next(card for card in view.hand if str(card) == "KD")
    assert NormalBot().discard_reason(judge, list(view.hand), king).code in (
        "costliest_lone",
        "weak_partial",
    )


def test_R11_rummy500_hint_without_melds_says_no_melds_not_worth_0() -> None:
    from tests.core.helpers import deal

    game = deal(
        "rummy500",
        ["2C 5C 8C JC 3D 6D 9D QD 4H 7H 10H KH AS", "2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD AC"],
        upcard="KC",
    )
    advice = hint(game.view(game.current), game.legal_actions())
    assert not advice.melds
    assert "worth 0" not in advice.cost_text
    assert "No melds yet" in advice.cost_text and "R-11" in advice.cost_text
