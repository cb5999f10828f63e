"""The order a person arranged their hand in, their selection and their cursor: presentation
state of one seat's hand, as plain data.

The rules never look at it; the match session keeps one for each seat
(:class:`HandOrders`) and brings it up to date when a move changes the
hand, the save stores its order as it is (so a resumed match shows each hand the way its
player left it), and the table's hand keys move the cursor and the selection in it
(:mod:`rummy_tui.ui.hand_cursor`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rummy_tui.core import Card, PlayerView
from rummy_tui.ui.render import sort_cards


@dataclass
class HandState:
    """Presentation state of one seat's hand: the player's order, selection and cursor."""

    order: list[Card] = field(default_factory=list)
    selected: set[Card] = field(default_factory=set)
    cursor: int = 0
    fresh: set[Card] = field(default_factory=set)
    turn_key: tuple[int, int] = (0, 0)
    """(deal, turn) the fresh marks belong to."""
    sort_mode: str = "suit"
    deal: int = -1
    """The deal the order belongs to: a new deal starts from a freshly sorted hand."""


def sorted_mode(order: list[Card]) -> str:
    """The sort an order follows ("rank" only when it is sorted by rank, else "suit")."""
    if order != sort_cards(order, "suit") and order == sort_cards(order, "rank"):
        return "rank"
    return "suit"


def restored_orders(saved: object, views: list[PlayerView]) -> dict[int, HandState]:
    """The hand orders kept in a save (``saved``, by seat), for the seats whose hand they still
    match in ``views`` (each seat's view, by seat); an order of an earlier deal is dropped."""
    orders: dict[int, HandState] = {}
    if not isinstance(saved, dict):
        return orders
    for seat_text, keys in saved.items():
        try:
            seat = int(seat_text)
            order = [Card.from_key(key) for key in keys]
        except (ValueError, TypeError):
            continue
        if not 0 <= seat < len(views):
            continue
        view = views[seat]
        if sorted(card.key for card in order) != sorted(card.key for card in view.hand):
            continue
        orders[seat] = HandState(order=order, deal=view.deal_number, sort_mode=sorted_mode(order))
    return orders


# ---------------------------------------------------------------------------- hand orders


def arrange_hand(order: list[Card], hand: list[Card], mode: str) -> list[Card]:
    """The player's order brought up to date with the cards now in ``hand``.

    A hand kept sorted stays sorted (new cards go to their place); a hand arranged by hand
    keeps its order, new cards at the end; with nothing left of the old order the hand is
    sorted afresh.
    """
    in_hand = set(hand)
    kept = [card for card in order if card in in_hand]
    if not kept:
        return sort_cards(hand, mode)
    kept_set = set(kept)
    new = [card for card in hand if card not in kept_set]
    if kept == sort_cards(kept, mode):
        return sort_cards(kept + new, mode)
    return kept + new


def sync_hand(state: HandState, view: PlayerView) -> None:
    """Bring ``state`` up to date with the hand in ``view`` (the cards a move added or took).

    Running it twice with the same view changes nothing.
    """
    hand = list(view.hand)
    in_hand = set(hand)
    if state.deal != view.deal_number:
        # Cards are the same objects from deal to deal: nothing of the last deal's order,
        # selection or "new card" marks may leak into the next one.
        state.order, state.selected, state.fresh, state.cursor = [], set(), set(), 0
        state.deal = view.deal_number
    kept = [card for card in state.order if card in in_hand]
    kept_set = set(kept)
    new = [card for card in hand if card not in kept_set]
    turn_key = (view.deal_number, view.turn_number)
    if turn_key != state.turn_key:
        state.fresh = set()
        state.turn_key = turn_key
    at_cursor = state.order[state.cursor] if 0 <= state.cursor < len(state.order) else None
    state.order = arrange_hand(state.order, hand, state.sort_mode)
    if not kept:
        state.fresh = set()
    else:
        if view.current == view.seat:
            state.fresh |= set(new)
        if new and at_cursor in kept_set:
            state.cursor = state.order.index(at_cursor)
    state.fresh &= in_hand
    state.selected &= in_hand
    state.cursor = max(0, min(state.cursor, len(state.order) - 1))


class HandOrders:
    """Every seat's hand state, by seat: what the save keeps as ``hand_order``."""

    def __init__(self) -> None:
        self.by_seat: dict[int, HandState] = {}

    def __getitem__(self, seat: int) -> HandState:
        return self.by_seat[seat]

    def __contains__(self, seat: object) -> bool:
        return seat in self.by_seat

    def clear(self) -> None:
        """Forget every order."""
        self.by_seat.clear()

    def of(self, seat: int) -> HandState:
        """The state of ``seat``'s hand (made empty the first time)."""
        return self.by_seat.setdefault(seat, HandState())

    def shown(self, view: PlayerView, drawn: tuple[Card, ...]) -> HandState:
        """``view.seat``'s hand as the table is to show it: its order up to date with the hand
        in ``view``, the cards ``drawn`` this turn marked (while the seat is to act)."""
        state = self.of(view.seat)
        sync_hand(state, view)
        if view.seat == view.current:
            state.fresh = set(drawn) & set(view.hand)
        return state

    def follow(self, view: PlayerView) -> None:
        """A move of ``view.seat`` changed its hand: the selection is spent, and its order is
        brought up to date (if it has one)."""
        state = self.by_seat.get(view.seat)
        if state is not None:
            state.selected.clear()
            if state.deal == view.deal_number:
                sync_hand(state, view)

    def took_back(self, view: PlayerView) -> None:
        """A take-back (P-4) changed ``view.seat``'s hand: bring its order up to date, with the
        cursor on the first card that came back (the discard taken back, one of a meld's
        cards), so the next key acts on it. Cards coming back did not come in this turn:
        they get no fresh mark."""
        state = self.by_seat.get(view.seat)
        if state is None:
            return
        state.selected.clear()
        if state.deal != view.deal_number:
            return
        before, fresh_before = set(state.order), set(state.fresh)
        sync_hand(state, view)
        state.fresh = fresh_before & set(state.order)
        returned = [index for index, card in enumerate(state.order) if card not in before]
        if returned:
            state.cursor = returned[0]

    def to_extra(self) -> dict[str, list[str]]:
        """The orders as they are, for the save's extra data."""
        return {
            str(seat): [card.key for card in state.order] for seat, state in self.by_seat.items()
        }

    def restore(self, saved: object, views: list[PlayerView]) -> None:
        """Take back the orders kept in a save (``views``: each seat's view, by seat)."""
        self.by_seat.update(restored_orders(saved, views))
