"""The table's read-only questions to the match, answered from the engine's own helpers.

:class:`TableAnswers` is what the match session hands the table screen in place of the
controller: it answers :class:`~rummy_tui.ui.move_keys.TableQuestions` (which depths of the
discard pile, which readings of a meld, which melds a card fits, which go-outs, whether a
take-back is allowed) and cannot change the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy_tui.core import Card, DrawTwo, GoOut, Meld
    from rummy_tui.core.melds import MeldReading
    from rummy_tui.ui.controller import Controller, LayOffTarget, TakeOption


class TableAnswers:
    """The match's answers to the table's questions (see ``TableQuestions``)."""

    def __init__(self, controller: Controller) -> None:
        self._controller = controller

    def take_options(self) -> list[TakeOption]:
        """Every depth of the discard pile that may be asked for, top first (R-5)."""
        return self._controller.take_options()

    def draw_two_options(self) -> list[DrawTwo]:
        """The two-card draws the variant offers now (B-1)."""
        return self._controller.draw_two_options()

    def top_discard(self) -> Card | None:
        """The top card of the discard pile."""
        return self._controller.top_discard()

    def meld_readings(self, cards: list[Card]) -> list[MeldReading]:
        """The ways the cards may go down as one meld."""
        return self._controller.meld_readings(cards)

    def meld_action(self, cards: list[Card], reading: MeldReading | None) -> Meld:
        """A Meld action for the cards read as ``reading`` (None: the first reading)."""
        return self._controller.meld_action(cards, reading)

    def layoff_targets(self, card: Card) -> list[LayOffTarget]:
        """The melds on the table that ``card`` fits, with what it may stand for on each."""
        return self._controller.layoff_targets(card)

    def layoff_refusal(self, card: Card) -> str:
        """Why ``card`` cannot be laid off anywhere."""
        return self._controller.layoff_refusal(card)

    def go_out_options(self) -> list[GoOut]:
        """The whole-hand go-outs open now (B-3, E-7)."""
        return self._controller.go_out_options()

    def go_out_refusal(self) -> str:
        """Why the hand cannot be laid down now (B-3, E-7)."""
        return self._controller.go_out_refusal()

    def take_back_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not take back a move now, or None when it may (P-4)."""
        return self._controller.take_back_reason(seat)
