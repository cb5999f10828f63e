"""What a careful player remembers of the deal so far, read from the public log of a view.

Everything here is public: discards are shown face up, a card taken from the discard pile is
seen by the whole table, and when the stock runs out the pile is turned over without a
shuffle. A person paying attention knows all of it; the hard bot does too.

>>> from rummy_tui.core import get_variant, new_game, DrawStock, Discard
>>> game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=3)
>>> _ = game.apply(DrawStock())
>>> card = game.state.deal.hands[game.current][0]
>>> _ = game.apply(Discard(card=card))
>>> Memory.from_view(game.view(0)).discarded[game.state.deal.current ^ 1] == [card]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rummy_tui.core import (
    Action,
    ActionRecord,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    PlayerView,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.dealing import full_deck


@dataclass
class Memory:
    """The public history of the current deal.

    Attributes:
        pile: The discard pile as far as it is known, bottom first; None stands for a card
            nobody has seen face up yet (the first upcard, when it was never shown in a view).
        picked: Per seat, the cards it took from the discard pile and has not put down or
            discarded since (still held, as far as the table knows).
        discarded: Per seat, every card it discarded this deal, in order.
        passed: Per seat, the top discards it left lying when it drew from the stock (cards
            it did not want).
        buried: Cards discarded this deal that lie in the pile below the top (out of play
            until a rebuild); a careful player counts them as dead.
        stock_known: After a rebuild, the new stock's cards in order, top last (the pile was
            turned over without a shuffle, E-6); empty when nothing is known.
    """

    pile: list[Card | None] = field(default_factory=list)
    picked: list[list[Card]] = field(default_factory=list)
    discarded: list[list[Card]] = field(default_factory=list)
    passed: list[list[Card]] = field(default_factory=list)
    buried: list[Card] = field(default_factory=list)
    stock_known: list[Card | None] = field(default_factory=list)

    @classmethod
    def from_view(cls, view: PlayerView) -> Memory:
        """Replay the public log of the current deal."""
        seats = len(view.players)
        records = _current_deal(view.log)
        memory = cls(
            pile=[None],
            picked=[[] for _ in range(seats)],
            discarded=[[] for _ in range(seats)],
            passed=[[] for _ in range(seats)],
        )
        dealt = view.rules.hand_size_for(seats) * seats + 1
        stock = len(full_deck(view.rules, seats)) - dealt
        # the stock's known cards (after a rebuild), top last, padded with unknowns
        known: list[Card | None] = [None] * stock
        for record in records:
            if record.seat is not None:
                known = memory._remember(record.seat, record.action, known)
        memory._settle(view, known)
        return memory

    def _remember(self, seat: int, action: Action, known: list[Card | None]) -> list[Card | None]:
        """Follow one move of ``seat`` in the public log; returns the stock's known cards."""
        if isinstance(action, Discard):
            self.pile.append(action.card)
            self.discarded[seat].append(action.card)
            _forget(self.picked[seat], [action.card])
        elif isinstance(action, TakeDiscard):
            taken = self.pile[-action.count :]
            del self.pile[-action.count :]
            self.picked[seat].extend(card for card in taken if card is not None)
        elif isinstance(action, DrawTwo):
            if action.first == "stock" and self.pile and self.pile[-1] is not None:
                self.passed[seat].append(self.pile[-1])
            for source in (action.first, action.second):
                if source == "discard":
                    if self.pile:
                        card = self.pile.pop()
                        if card is not None:
                            self.picked[seat].append(card)
                else:
                    known = _draw_stock(self, known)
        elif isinstance(action, DrawStock):
            if self.pile and self.pile[-1] is not None:
                self.passed[seat].append(self.pile[-1])
            known = _draw_stock(self, known)
        else:
            laid = _cards_laid(action)
            if laid:
                _forget(self.picked[seat], laid)
        return known

    def _settle(self, view: PlayerView, known: list[Card | None]) -> None:
        """Take what the view shows of the pile as certain, then what lies buried and what
        is known of the stock (``known``: its known cards, top last)."""
        visible = list(view.discard_pile)
        if visible:
            if len(visible) == len(self.pile):
                self.pile = list(visible)
            elif self.pile:
                self.pile[-1] = visible[-1]
        self.buried = [card for card in self.pile[:-1] if card is not None]
        self.stock_known = known[-view.stock_count :] if view.stock_count else []
        if not any(card is not None for card in self.stock_known):
            self.stock_known = []

    def held_by(self, seat: int) -> list[Card]:
        """Cards ``seat`` is known to hold (taken from the pile and not seen since)."""
        return list(self.picked[seat]) if 0 <= seat < len(self.picked) else []

    def next_stock_card(self) -> Card | None:
        """The top card of the stock, when the table knows it (after a rebuild)."""
        return self.stock_known[-1] if self.stock_known else None


def _current_deal(log: Sequence[ActionRecord]) -> Sequence[ActionRecord]:
    """The records since the last deal started (a dead deal dealt again keeps its number)."""
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index].action, StartDeal):
            return log[index + 1 :]
    return log


def _draw_stock(memory: Memory, known: list[Card | None]) -> list[Card | None]:
    """One card from the stock, turning the known pile over first when it is empty."""
    if not known:
        known = list(memory.pile)  # turned over: the old bottom becomes the new top (last)
        known.reverse()
        memory.pile = []
    if known:
        known.pop()
    return known


def _cards_laid(action: object) -> list[Card]:
    cards = getattr(action, "cards", None)
    if cards is not None:
        return list(cards)
    card = getattr(action, "card", None)
    if card is not None:
        return [card]
    melds = getattr(action, "melds", None)
    if melds is not None:
        laid = [card for spec in melds for card in spec.cards]
        discard = getattr(action, "discard", None)
        return laid + ([discard] if discard is not None else [])
    return []


def _forget(cards: list[Card], gone: Sequence[Card]) -> None:
    for card in gone:
        if card in cards:
            cards.remove(card)
