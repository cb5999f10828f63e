"""PlayerView: exactly what one seat may see (P-1, P-2).

Widgets and computer players receive views, never the game state. A view holds the seat's
own hand and only public facts about everything else: card counts, the discard pile as the
variant shows it, the melds with their owners, scores and the public log.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rummy_tui.core.actions import ActionRecord
from rummy_tui.core.cards import Card
from rummy_tui.core.melds import TableMeld
from rummy_tui.core.state import CutRound, DealResult, Phase, TakeBackNote, seat_after
from rummy_tui.core.variants.ruleset import RuleSet


class PlayerView(BaseModel):
    """What seat ``seat`` may see of the match right now."""

    model_config = ConfigDict(frozen=True)

    seat: int
    """The seat this view belongs to."""
    rules: RuleSet
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    """This seat's own cards (empty for a spectator view)."""
    hand_sizes: tuple[int, ...]
    """Every seat's card count."""
    stock_count: int
    discard_pile: tuple[Card, ...]
    """The visible part of the discard pile, bottom first: the whole spread in Rummy 500
    (R-4), otherwise only the top card (E-5)."""
    discard_count: int
    """How many cards the discard pile holds."""
    melds: tuple[TableMeld, ...]
    """Every meld on the table; each card carries the seat that put it there."""
    scores: tuple[int, ...]
    cut: tuple[CutRound, ...]
    """The cut for the first dealer, round by round (G-3: public information)."""
    first_dealer: int
    """The seat that dealt the first deal (G-3)."""
    current: int
    """The seat to act."""
    phase: Phase
    dealer: int
    deal_number: int
    turn_number: int
    rebuilds: int
    """How often the stock has been rebuilt this deal (G-9)."""
    taken_from_discard: tuple[Card, ...]
    """Cards the current player took from the discard pile this turn (public)."""
    must_use: Card | None
    """Rummy 500: the deepest card the current player took and must use this turn (public)."""
    cards_drawn: tuple[int, ...]
    has_melded: tuple[bool, ...]
    log: tuple[ActionRecord, ...]
    """The public log: every applied action, with each deal's card order removed."""
    take_back_notes: tuple[TakeBackNote, ...] = ()
    """Who took back what (P-4), each placed after the first ``position`` records of ``log``
    (public, like the log)."""
    last_result: DealResult | None
    """The most recent deal result (hands are revealed at the end of a deal, P-3)."""
    results: tuple[DealResult, ...]
    winners: tuple[int, ...]
    settlement: tuple[int, ...]

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act."""
        return self.current == self.seat and self.phase in (Phase.DRAW, Phase.PLAY)

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def player_count(self) -> int:
        """How many seats the table has."""
        return len(self.players)

    def turn_order(self) -> tuple[int, ...]:
        """Every seat in the order they play from now on, the seat to act first."""
        count = len(self.players)
        order = [self.current % count] if count else []
        while len(order) < count:
            order.append(seat_after(order[-1], count))
        return tuple(order)
