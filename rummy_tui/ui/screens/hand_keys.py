"""The keys and clicks that arrange the hand at the keyboard: the cursor, the selection, moving
a card, sorting (mixed into :class:`~rummy_tui.ui.screens.table.TableScreen`). They change only
the hand's presentation state (:class:`~rummy_tui.ui.hand_state.HandState`), never the game.
A click on a card stays in the screen: Textual collects ``@on`` handlers from message pumps
only, not from plain mixins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummy_tui.ui.hand_state import HandState, sort_cards

if TYPE_CHECKING:
    pass


class HandKeys:
    """Cursor, selection and arrangement of the hand on show."""

    if TYPE_CHECKING:

        @property
        def hand_state(self) -> HandState | None: ...
        def _draw_hand(self) -> None: ...
        def _cards_per_line(self) -> int: ...

    def action_cursor(self, delta: int) -> None:
        """Move the cursor along the hand."""
        state = self.hand_state
        if state is None or not state.order:
            return
        state.cursor = max(0, min(len(state.order) - 1, state.cursor + delta))
        self._draw_hand()

    def action_cursor_end(self, last: int) -> None:
        """Home / End: jump to the first (0) or last (1) card of the hand."""
        state = self.hand_state
        if state is None or not state.order:
            return
        state.cursor = len(state.order) - 1 if last else 0
        self._draw_hand()

    def action_cursor_line(self, delta: int) -> None:
        """Move the cursor one line of cards up or down (long hands wrap)."""
        state = self.hand_state
        if state is None or not state.order:
            return
        per_line = self._cards_per_line()
        target = state.cursor + delta * per_line
        if 0 <= target < len(state.order):
            state.cursor = target
            self._draw_hand()

    def action_pick(self) -> None:
        """Select or unselect the card under the cursor."""
        state = self.hand_state
        if state is None or not state.order:
            return
        card = state.order[state.cursor]
        if card in state.selected:
            state.selected.discard(card)
        else:
            state.selected.add(card)
        self._draw_hand()

    def action_clear(self) -> None:
        """Unselect every card."""
        state = self.hand_state
        if state is not None:
            state.selected.clear()
            self._draw_hand()

    def action_move_card(self, delta: int) -> None:
        """Move the card under the cursor left or right (arrange the hand by hand)."""
        state = self.hand_state
        if state is None or len(state.order) < 2:
            return
        index = state.cursor
        target = index + delta
        if not 0 <= target < len(state.order):
            return
        state.order[index], state.order[target] = state.order[target], state.order[index]
        state.cursor = target
        self._draw_hand()

    def action_sort(self) -> None:
        """Sort the hand by suit, then by rank on the next press."""
        state = self.hand_state
        if state is None:
            return
        current = state.order[state.cursor] if state.order else None
        if state.order == sort_cards(state.order, state.sort_mode):
            state.sort_mode = "rank" if state.sort_mode == "suit" else "suit"
        state.order = sort_cards(state.order, state.sort_mode)
        if current is not None:
            state.cursor = state.order.index(current)
        self._draw_hand()
