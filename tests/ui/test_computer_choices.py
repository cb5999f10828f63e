"""A computer's choice is made only for the turn it was chosen for (computer_moves.py, P-4):
a choice that comes back after a take-back or after the table was left (its token is old) is
dropped, a current one is made on the one road, and one chosen while a menu covers the table
waits for the table. No Textual: the session is a small stand-in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.core import Action
from rummy_tui.core.actions import DrawStock
from rummy_tui.ui.play.computer_moves import ComputerChoice, ComputerMoves

DRAW: Action = DrawStock()


@dataclass
class Host:
    on_top: bool = True
    threads: list[Callable[[], None]] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    later: list[tuple[Callable[..., None], tuple[Any, ...]]] = field(default_factory=list)

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        self.threads.append(work)

    def is_on_top(self, screen: object) -> bool:
        return self.on_top

    def notice(self, text: str, severity: str) -> None:
        self.notices.append(text)

    def soon(self, callback: Callable[..., None], *args: Any) -> None:
        self.later.append((callback, args))


@dataclass
class Table:
    host: Host = field(default_factory=Host)
    made: list[Action] = field(default_factory=list)
    setup: Any = None
    controller: Any = None
    table: object = field(default_factory=object)
    keyboard_seat: int | None = None

    def computer_acts(self, action: Action) -> bool:
        self.made.append(action)
        return True


def _moves() -> tuple[ComputerMoves, Table]:
    table = Table()
    return ComputerMoves(table), table  # type: ignore[arg-type]


def test_a_choice_for_the_turn_at_the_table_is_made() -> None:
    moves, table = _moves()
    moves.start(None, None, [DRAW], 0.0, moves.chose)  # type: ignore[arg-type]
    moves.chose(ComputerChoice(token=moves.token, action=DRAW))
    assert table.made == [DRAW]


def test_P4_a_choice_that_comes_back_after_a_take_back_is_dropped() -> None:
    moves, table = _moves()
    moves.start(None, None, [DRAW], 0.0, moves.chose)  # type: ignore[arg-type]
    chosen_for = moves.token
    moves.stop()  # a take-back, or the table left, while the computer thought
    moves.chose(ComputerChoice(token=chosen_for, action=DRAW))
    assert table.made == []
    assert table.host.notices == []


def test_a_choice_made_behind_a_menu_waits_for_the_table() -> None:
    moves, table = _moves()
    table.host.on_top = False
    moves.start(None, None, [DRAW], 0.0, moves.chose)  # type: ignore[arg-type]
    moves.chose(ComputerChoice(token=moves.token, action=DRAW))
    assert table.made == []
    table.host.on_top = True
    moves.resumed()
    ((callback, args),) = table.host.later
    callback(*args)
    assert table.made == [DRAW]
