"""Which cards the player to act drew this turn, read from the match's log.

The hand marks them ``•``. The marks are worked out from the record of the turn, not kept in
the screen, so they survive everything that rebuilds the screen: ``rummy continue`` after the
program was closed mid-turn, a hand-off, a theme change. The log says that a card was drawn
from the stock but not which (that is private), so the turn is replayed from the deal's
recorded card order (G-11) up to the draw, on a copy of the match.
"""

from __future__ import annotations

from rummy_tui.core import Card, DrawStock, DrawTwo, Game, StartDeal, TakeDiscard
from rummy_tui.core.dealing import deal_cards

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
    deal_at = max(
        (index for index in range(draw_at) if isinstance(records[index].action, StartDeal)),
        default=None,
    )
    if deal_at is None:
        return frozenset()
    opening = records[deal_at].action
    assert isinstance(opening, StartDeal)
    if opening.deck is None:
        return frozenset()
    deal = state.deal
    replay_state = state.model_copy(update={"log": [], "results": []}).model_copy(deep=True)
    replay_state.deal = deal_cards(
        game.rules, len(game.players), deal.dealer, opening.deck, deal.deal_number
    )
    replay = Game(replay_state)
    try:
        for record in records[deal_at + 1 : draw_at]:
            replay.apply(record.action, seat=record.seat)
        before = list(replay.state.deal.hands[seat])
        replay.apply(records[draw_at].action, seat=seat)
    except Exception:  # a record the replay refuses: no marks rather than wrong ones
        return frozenset()
    after = list(replay.state.deal.hands[seat])
    for card in before:
        after.remove(card)
    return frozenset(after) & frozenset(deal.hands[seat])
