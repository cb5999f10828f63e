"""The rules of the table, as data: who sits where, what the table shows next, how long a
discard may be taken back (P-4), which screen may act for which seat and who may move seats
(P-6).

The rules core (:mod:`rummy_tui.core`) knows the game; this package knows the table around
it. Its :func:`step` takes the table as it stands (a frozen :class:`TableModel`), the game
and one :mod:`event <rummy_tui.table.events>` (a key at a hand-off, a move that was made, the
file's word that a turn began), and returns the table after it with the
:mod:`effects <rummy_tui.table.effects>` the interface carries out (show a hand-off, a hand,
the end of a deal; start a computer; take a move back; say a refusal). Nothing here draws,
saves or waits: the interface's runner does, and posts what came of it as the next event.
"""

from rummy_tui.table.effects import Effect
from rummy_tui.table.events import Event
from rummy_tui.table.model import Mode, Seating, SeatPlace, TableModel
from rummy_tui.table.step import step

__all__ = ["Effect", "Event", "Mode", "SeatPlace", "Seating", "TableModel", "step"]
