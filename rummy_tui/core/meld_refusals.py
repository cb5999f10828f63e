"""Why cards are no meld: the refusal of a new meld, by the first rule the cards break (G-10)."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.cards import ACE, Card
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import MAX_RUN, is_valid_meld, is_wild
from rummy_tui.core.variants.ruleset import AceRule, RuleSet


def meld_refusal(rules: RuleSet, cards: Sequence[Card]) -> IllegalAction | None:
    """The refusal of these cards as one new meld, or None when they are one."""
    if is_valid_meld(rules, cards):
        return None
    shown = tuple(cards)
    if len(cards) < 3:
        return IllegalAction("meld.too_few", "G-5", cards=shown)
    naturals = [card for card in cards if not is_wild(rules, card)]
    if not naturals:
        return IllegalAction("meld.no_natural", "G-6", cards=shown)
    ranks = {card.rank for card in naturals}
    if len(ranks) == 1:
        refusal = _group_refusal(rules, shown, len(naturals))
        if refusal is not None:
            return refusal
    return _run_refusal(rules, shown, naturals, ranks)


def _group_refusal(rules: RuleSet, shown: tuple[Card, ...], naturals: int) -> IllegalAction | None:
    """The group rule broken by cards whose ``naturals`` natural cards share one rank, if
    any: groups not being melds of the variant (two natural cards or more), a group over the
    variant's size, or a suit repeated where groups may not repeat suits."""
    ids = rules.rule_ids
    if not rules.groups_allowed:
        if naturals > 1:
            return IllegalAction("meld.groups_not_melds", "E-3", cards=shown, variant=rules.name)
        return None
    if rules.group_max is not None and len(shown) > rules.group_max:
        return IllegalAction(
            "meld.group_too_big", ids.group_size, cards=shown, limit=rules.group_max
        )
    if not rules.group_repeat_suits:
        return IllegalAction("meld.group_repeat_suit", ids.group_suits, cards=shown)
    return None


def _run_refusal(
    rules: RuleSet, shown: tuple[Card, ...], naturals: list[Card], ranks: set[int]
) -> IllegalAction:
    """The run rule broken by cards that are no group: mixed suits, a run too long, a rank
    repeated, an ace where the variant's aces may not stand; else no meld at all."""
    ids = rules.rule_ids
    if len({card.suit for card in naturals}) > 1:
        return IllegalAction("run.mixed_suits", "G-5", cards=shown)
    if len(shown) > MAX_RUN:
        return IllegalAction("run.too_long", ids.run_repeat, cards=shown)
    if len(ranks) < len(naturals):
        return IllegalAction("run.repeated_rank", ids.run_repeat, cards=shown)
    if rules.ace_rule is AceRule.LOW and ACE in ranks:
        return IllegalAction("run.ace_low_only", ids.ace, cards=shown)
    if rules.ace_rule is AceRule.HIGH_OR_LOW and ACE in ranks:
        return IllegalAction("run.ace_no_corner", ids.ace, cards=shown)
    return IllegalAction("meld.not_a_meld", "G-5", cards=shown)
