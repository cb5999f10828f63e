"""The easy computer player: legal play with simple greed.

It takes the top discard when the card goes straight into a meld, melds whatever it can, lays
off on its own melds (it does not look at the others' melds), and throws away its most
valuable unmatched card, with no thought for partial melds, for what the others collect, or
for digging deeper into a Rummy 500 pile. So that no deal of easy players can go on for ever,
once the Rummy 500 stock is gone (R-10) it takes from the pile only a card it puts on the table
at once, and otherwise ends the deal; and after three rebuilds of the stock (unlimited rebuilds,
G-9) it now and then throws away any card.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from rummy_tui.bots.base import Bot
from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    PlayerView,
    TakeDiscard,
    best_arrangement,
)
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.values import hand_value


class EasyBot(Bot):
    """The easy level."""

    level = "easy"
    shake_after_rebuilds = 3
    """After this many rebuilds of the stock a discard is now and then any card (G-9)."""
    shake_chance = 0.25

    def decide(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        for action in legal:
            if isinstance(action, GoOut):
                return action
        if view.phase is Phase.DRAW:
            return self._draw(view, legal)
        play = _meld_or_own_layoff(view, legal)
        if play is not None:
            return play
        discards = [action for action in legal if isinstance(action, Discard)]
        if not discards:
            return legal[0]
        return self._discard(view, discards, rng)

    def _discard(self, view: PlayerView, discards: list[Discard], rng: random.Random) -> Action:
        """The costliest unmatched card (any card when every card melds), drawn at random
        among equals; now and then any card after enough rebuilds of the stock."""
        if view.rebuilds >= self.shake_after_rebuilds and rng.random() < self.shake_chance:
            # the stock comes round unshuffled (C-4), so the same draws and the same discards
            # could repeat for ever with unlimited rebuilds; now and then any card goes
            return rng.choice(discards)
        arrangement = best_arrangement(view.rules, view.hand)
        dead = set(arrangement.deadwood)
        pool = [action for action in discards if action.card in dead] or discards
        top = max(hand_value(view.rules, action.card) for action in pool)
        costliest = [action for action in pool if hand_value(view.rules, action.card) == top]
        return rng.choice(costliest)

    def _draw(self, view: PlayerView, legal: list[Action]) -> Action:
        top = view.top_discard
        draws = _draws_on_offer(legal)
        take = draws.take
        if draws.stock is None and draws.end is not None:
            # the stock is gone and only pile takes keep the deal going. A take this
            # player will not put on the table at once (into a meld from its hand or onto its
            # own melds) is a take-and-discard that can go round the table for ever, so the
            # deal is ended instead: every take that goes on puts a card on the table.
            if take is not None and top is not None and _plays_at_once(view, top):
                return take
            return draws.end
        wanted = top is not None and _melds_with(view, top)
        if wanted and take is not None:
            return take
        if wanted and draws.pair is not None:
            return draws.pair
        if draws.stock is not None:
            return draws.stock
        if take is not None:
            return take
        return draws.end if draws.end is not None else legal[0]


class _Draws(NamedTuple):
    """The draws this player tells apart among the legal actions (None where not offered)."""

    stock: Action | None
    """The stock's top card."""
    take: Action | None
    """The discard pile's top card alone."""
    pair: Action | None
    """The pile's top card, then the stock's (a two-card draw)."""
    end: Action | None
    """Ending the deal (R-10)."""


def _draws_on_offer(legal: list[Action]) -> _Draws:
    """The first of each draw this player tells apart, in the order of ``legal``."""
    stock = next((action for action in legal if isinstance(action, DrawStock)), None)
    take = next(
        (action for action in legal if isinstance(action, TakeDiscard) and action.count == 1),
        None,
    )
    pair = next(
        (
            action
            for action in legal
            if isinstance(action, DrawTwo) and (action.first, action.second) == ("discard", "stock")
        ),
        None,
    )
    end = next((action for action in legal if isinstance(action, EndDeal)), None)
    return _Draws(stock, take, pair, end)


def _meld_or_own_layoff(view: PlayerView, legal: list[Action]) -> Action | None:
    """The first meld offered, else the first lay-off of a natural card on this player's own
    melds, else None."""
    for action in legal:
        if isinstance(action, Meld):
            return action
    own = {meld.meld_id for meld in view.melds if meld.owner == view.seat}
    for action in legal:
        if (
            isinstance(action, LayOffCard)
            and action.meld_id in own
            and not _is_wild_card(view, action.card)
        ):
            return action
    return None


def _melds_with(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` goes straight into a meld with the hand, or onto a table meld."""
    arrangement = best_arrangement(view.rules, [*view.hand, card])
    if any(card in meld for meld in arrangement.melds):
        return True
    return view.rules.meld_during_play and any(
        layoff_options(view.rules, meld, card) for meld in view.melds
    )


def _plays_at_once(view: PlayerView, card: Card) -> bool:
    """Whether this player puts ``card`` on the table this turn: it joins a meld with the hand,
    or lays off on one of the player's own melds (the only ones it lays off on)."""
    arrangement = best_arrangement(view.rules, [*view.hand, card])
    if any(card in meld for meld in arrangement.melds):
        return True
    return any(
        layoff_options(view.rules, meld, card) for meld in view.melds if meld.owner == view.seat
    )


def _is_wild_card(view: PlayerView, card: Card) -> bool:
    return card.is_joker or (view.rules.twos_wild and card.rank == 2)
