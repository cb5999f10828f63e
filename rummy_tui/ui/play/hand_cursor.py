"""The keys and clicks that arrange the hand at the keyboard: the cursor, the selection,
moving a card, sorting. Each function changes one seat's presentation state
(:class:`~rummy_tui.ui.play.hand_state.HandState`), never the game, and says whether the hand
needs drawing again."""

from __future__ import annotations

from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.render import sort_cards


def move_cursor(state: HandState, delta: int) -> bool:
    """Move the cursor along the hand."""
    if not state.order:
        return False
    state.cursor = max(0, min(len(state.order) - 1, state.cursor + delta))
    return True


def cursor_to_end(state: HandState, last: int) -> bool:
    """Home / End: jump to the first (0) or last (1) card of the hand."""
    if not state.order:
        return False
    state.cursor = len(state.order) - 1 if last else 0
    return True


def move_cursor_line(state: HandState, delta: int, per_line: int) -> bool:
    """Move the cursor one line of ``per_line`` cards up or down (long hands wrap)."""
    if not state.order:
        return False
    target = state.cursor + delta * per_line
    if not 0 <= target < len(state.order):
        return False
    state.cursor = target
    return True


def pick_at(state: HandState, index: int | None = None) -> bool:
    """Select or unselect the card under the cursor (first put on ``index``, a click)."""
    if index is not None:
        if not 0 <= index < len(state.order):
            return False
        state.cursor = index
    if not state.order:
        return False
    card = state.order[state.cursor]
    if card in state.selected:
        state.selected.discard(card)
    else:
        state.selected.add(card)
    return True


def clear_selection(state: HandState) -> bool:
    """Unselect every card."""
    state.selected.clear()
    return True


def move_card(state: HandState, delta: int) -> bool:
    """Move the card under the cursor left or right (arrange the hand by hand)."""
    if len(state.order) < 2:
        return False
    index = state.cursor
    target = index + delta
    if not 0 <= target < len(state.order):
        return False
    state.order[index], state.order[target] = state.order[target], state.order[index]
    state.cursor = target
    return True


def sort_hand(state: HandState) -> bool:
    """Sort the hand by suit, then by rank on the next press."""
    current = state.order[state.cursor] if state.order else None
    if state.order == sort_cards(state.order, state.sort_mode):
        state.sort_mode = "rank" if state.sort_mode == "suit" else "suit"
    state.order = sort_cards(state.order, state.sort_mode)
    if current is not None:
        state.cursor = state.order.index(current)
    return True
