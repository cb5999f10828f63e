"""What the table screen posts up (attributes down, messages up): a move, a menu over the
table, a take-back, and that the table is back on top. They are
:class:`~rummy_tui.ui.screens.table.TableScreen`'s own messages (``TableScreen.Act`` ...),
so their handlers are ``on_table_screen_<message>``: the match session's own table
(:class:`~rummy_tui.ui.session.SessionTable`) hands each to the session."""

from __future__ import annotations

from typing import Literal

from textual.message import Message

from rummy_tui.core import Action

Wish = Literal["hint", "help", "leave", "sheet"]
"""A menu over the table: the hint, the help, the score sheet or the leave menu."""


class Act(Message, namespace="table_screen"):
    """The player at the keyboard asks for ``action`` (the match session applies it)."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class Wants(Message, namespace="table_screen"):
    """The player asks for a menu over the table: the hint, the help, the score sheet or the
    leave menu."""

    def __init__(self, wish: Wish) -> None:
        super().__init__()
        self.wish: Wish = wish


class TakeBack(Message, namespace="table_screen"):
    """The player at the keyboard asks to take back their newest move (P-4)."""


class Resumed(Message, namespace="table_screen"):
    """The table is back on top (a menu or a question closed)."""
