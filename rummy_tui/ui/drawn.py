"""Which cards the player to act drew this turn, read from the match's log.

The hand marks them ``•``. The marks are worked out from the record of the turn, not kept in
the screen, so they survive everything that rebuilds the screen: ``rummy continue`` after the
program was closed mid-turn, a hand-off, a theme change. The log says that a card was drawn
from the stock but not which (that is private), so the turn is replayed from the deal's
recorded card order (G-11) up to the draw, on a copy of the match, by the core's one replay
(:func:`rummy_tui.core.history.replay`).
"""

from __future__ import annotations

from rummy_tui.core import Card, DrawStock, DrawTwo, Game, StartDeal, TakeDiscard
from rummy_tui.core.history import deal_start, replay

DRAWS = (DrawStock, TakeDiscard, DrawTwo)


def drawn_this_turn(game: Game) -> frozenset[Card]:
    """The cards the player to act drew this turn and still holds (empty before the draw,
    and when the deal's record cannot be replayed)."""
    state = game.state
    seat = state.deal.current
    records = state.log
    # The turn so far: the trailing records of the deal made by the seat to act.
    start = len(records)
    while start > 0 and records[start - 1].seat == seat:
        start -= 1
    draw_at = next(
        (index for index in range(start, len(records)) if isinstance(records[index].action, DRAWS)),
        None,
    )
    if draw_at is None:
        return frozenset()
    deal_at, replayed = deal_start(state)
    if deal_at >= draw_at or not isinstance(records[deal_at].action, StartDeal):
        return frozenset()
    try:
        replay(replayed, records[deal_at + 1 : draw_at])
        before = list(replayed.deal.hands[seat])
        replay(replayed, records[draw_at : draw_at + 1])
    except Exception:  # a record the replay refuses: no marks rather than wrong ones
        return frozenset()
    after = list(replayed.deal.hands[seat])
    for card in before:
        after.remove(card)
    return frozenset(after) & frozenset(state.deal.hands[seat])
