"""The order a person arranged their hand in, their selection and their cursor: presentation
state of one seat's hand, as plain data.

The rules never look at it; the match session keeps one for each seat
(:class:`~rummy_tui.ui.play.session.HandOrders`) and brings it up to date when a move changes the
hand, the save stores its order as it is (so a resumed match shows each hand the way its
player left it). The table screen gets a copy of its own: its hand keys move the cursor and
the selection in that copy (:mod:`rummy_tui.ui.play.hand_cursor`) and tell the session the
new arrangement, which the session keeps; neither changes the other's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rummy_tui.core import Card, PlayerView
from rummy_tui.ui.play.render import sort_cards


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

    def copy(self) -> HandState:
        """A copy that shares nothing with this one (the table screen arranges its own)."""
        return HandState(
            order=list(self.order),
            selected=set(self.selected),
            cursor=self.cursor,
            fresh=set(self.fresh),
            turn_key=self.turn_key,
            sort_mode=self.sort_mode,
            deal=self.deal,
        )


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
