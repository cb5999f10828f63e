"""The offers of the table that depend on the selection, answered from the core's offers.

:class:`TableAnswers` is what the match session hands the table screen in place of the
controller: it answers :class:`~rummy_tui.ui.move_keys.TableQuestions` (the readings of the
selected cards as a meld, where a chosen card may be laid off, the go-outs ending with a
chosen card) with the core's :class:`~rummy_tui.core.offers.Offer`, for the seat that asks,
and cannot change the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummy_tui.core.offers import Offer, go_out_offer, lay_off_offer, meld_offer

if TYPE_CHECKING:
    from rummy_tui.core import Card
    from rummy_tui.ui.play.controller import Controller


class TableAnswers:
    """The match's answers to the table's questions (see ``TableQuestions``)."""

    def __init__(self, controller: Controller) -> None:
        self._controller = controller

    def meld(self, seat: int, cards: Sequence[Card]) -> Offer:
        """The readings of ``cards`` as one new meld (G-6)."""
        return meld_offer(self._controller.game, cards, seat)

    def lay_off(self, seat: int, card: Card, meld_id: int | None = None) -> Offer:
        """Where ``card`` may be laid off (R-7), on the meld ``meld_id`` alone if given."""
        return lay_off_offer(self._controller.game, card, seat, meld_id)

    def go_out(self, seat: int, discard: Card) -> Offer:
        """The whole-hand go-outs that end with ``discard`` (B-3, E-7)."""
        return go_out_offer(self._controller.game, seat, discard)
