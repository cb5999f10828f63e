"""The table's keys: one binding each, with the words of the key bar (the description) and of
the help (the tooltip), and which of them the variant offers at all.

The key bar shows the bindings the moment allows; the help (``?``) lists every binding the
variant offers, from these same bindings (:mod:`rummy_tui.ui.play.key_help`).
"""

from __future__ import annotations

from typing import Literal

from textual.binding import Binding, BindingType

from rummy_tui.i18n import N_
from rummy_tui.i18n.labels import HELP, HINT, LOG, OWN_SCREENS, SCORE_SHEET, TAKE_BACK, THIS_HELP
from rummy_tui.ui.shell.keymap import named

TAKE_BACK_HELP = N_("take back the newest move of your turn (P-4); press again for the one before")
MOVE = N_("Move")
"""The arrow keys, each moving the cursor along the hand."""
FIRST_OR_LAST = N_("First or last card")
"""Home and End."""
REORDER = N_("Reorder")
"""Shift with the left or right arrow: the card under the cursor moves."""
SCROLL_PLAYERS = N_("Scroll players")
"""Page up and page down over the players panel."""

TABLE_BINDINGS: list[BindingType] = named(
    "table",
    [
        Binding(
            "left",
            "cursor(-1)",
            MOVE,
            key_display="←→↑↓",
            id="left",
            tooltip=N_("move along the hand (↑↓ a line of a long hand)"),
        ),
        Binding("right", "cursor(1)", MOVE, show=False, id="right"),
        Binding("up", "cursor_line(-1)", MOVE, show=False, id="up"),
        Binding("down", "cursor_line(1)", MOVE, show=False, id="down"),
        Binding(
            "home",
            "cursor_end(0)",
            FIRST_OR_LAST,
            show=False,
            key_display="Home",
            id="first",
        ),
        Binding(
            "end",
            "cursor_end(1)",
            FIRST_OR_LAST,
            show=False,
            key_display="End",
            id="last",
        ),
        Binding(
            "space",
            "pick",
            N_("Select"),
            key_display="Space",
            tooltip=N_("select or unselect the card under the cursor"),
        ),
        Binding(
            "shift+left",
            "move_card(-1)",
            REORDER,
            key_display="⇧←→",
            id="reorder_left",
            tooltip=N_("move the card under the cursor (arrange the hand by hand)"),
        ),
        Binding("shift+right", "move_card(1)", REORDER, show=False, id="reorder_right"),
        Binding("d", "draw", N_("Draw"), tooltip=N_("draw the top card of the stock")),
        Binding(
            "t",
            "take",
            N_("Take discard"),
            tooltip=N_("take from the discard pile (Rummy 500: choose how deep)"),
        ),
        Binding(
            "2",
            "draw_two",
            N_("Two-card draw"),
            tooltip=N_("Boathouse two-card draw: stock + stock, or discard + stock"),
        ),
        Binding(
            "m",
            "meld",
            N_("Meld"),
            tooltip=N_("meld the selected cards (asks what a joker stands for when it matters)"),
        ),
        Binding(
            "l",
            "lay_off",
            N_("Lay off"),
            tooltip=N_("lay the selected card off (asks which meld when it fits several)"),
        ),
        Binding(
            "L",
            "show_log",
            LOG,
            key_display="L",
            id="log",
            tooltip=N_("the whole log of the match, your last turn marked (Esc returns)"),
        ),
        Binding(
            "x",
            "discard",
            N_("Discard"),
            tooltip=N_("discard the selected card (or the card under the cursor): ends the turn"),
        ),
        Binding(
            "g",
            "go_out",
            N_("Go out"),
            tooltip=N_(
                "go out: lay the whole hand down (select the card to discard first, or choose)"
            ),
        ),
        Binding(
            "e",
            "end_deal",
            N_("End deal"),
            tooltip=N_("Rummy 500 with an empty stock: take nothing and end the deal"),
        ),
        Binding(
            "s",
            "sort",
            N_("Sort"),
            tooltip=N_("sort the hand by suit; press again to sort by rank"),
        ),
        Binding(
            "escape", "clear", N_("Unselect"), key_display="Esc", tooltip=N_("unselect every card")
        ),
        Binding("u", "take_back", TAKE_BACK, tooltip=TAKE_BACK_HELP),
        Binding(
            "u",
            "take_back_refused",
            TAKE_BACK,
            show=False,
            tooltip=TAKE_BACK_HELP,
            id="take_back",
        ),
        Binding(
            "h",
            "hint",
            HINT,
            tooltip=N_("hint: the best arrangement of your hand and a suggested move"),
        ),
        Binding("question_mark", "help", HELP, key_display="?", tooltip=THIS_HELP),
        Binding(
            "c",
            "sheet",
            SCORE_SHEET,
            tooltip=N_("the score sheet of the match (Esc returns; v switches to the chart)"),
        ),
        Binding(
            "pageup",
            "scroll_players(-1)",
            SCROLL_PLAYERS,
            key_display="PgUp/PgDn",
            id="players_up",
            tooltip=N_("scroll the players panel when the table does not fit"),
        ),
        Binding("pagedown", "scroll_players(1)", SCROLL_PLAYERS, show=False, id="players_down"),
        Binding(
            "o",
            "own_screens",
            OWN_SCREENS,
            show=False,
            tooltip=N_("play a seat on a screen of its own (a terminal or a phone), or back here"),
        ),
        # A joined screen manages no seat (P-6): its o only says so, and is in no help. It moves
        # with the shared screen's o (one name in the settings file).
        Binding("o", "seats_elsewhere", "", show=False, id="own_screens"),
        Binding(
            "q",
            "leave",
            N_("Menu"),
            tooltip=N_("leave the table (the match is saved after every move)"),
        ),
    ],
)
"""Every key of the table, in the order of the key bar and of the help."""


Wish = Literal["hint", "help", "leave", "sheet", "screens"]
"""A menu over the table: the hint, the help, the score sheet, the leave menu or the list of
own screens."""


KEY_MOVES: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw_stock"}),
    "take": frozenset({"take_discard", "draw_two"}),
    "draw_two": frozenset({"draw_two"}),
    "meld": frozenset({"meld"}),
    "lay_off": frozenset({"lay_off"}),
    "discard": frozenset({"discard"}),
    "go_out": frozenset({"go_out"}),
    "end_deal": frozenset({"end_deal"}),
}
"""The kinds of move each move key makes (``t`` takes the discard with a second card where
the variant draws two, B-1)."""


def table_offers(action: str, moves: frozenset[str], hints: bool) -> bool:
    """Whether the table has the key for ``action`` at all, whatever the moment of the turn:
    a move key when the core lists its kind of move among the seat's ``moves``
    (:attr:`SeatOffers.moves`), the hint key when the match allows ``hints``."""
    if action == "hint":
        return hints
    kinds = KEY_MOVES.get(action)
    return kinds is None or bool(kinds & moves)


SEAT_KEYS = frozenset({"own_screens"})
"""The keys that manage the seats: only the shared screen has them (P-6)."""
JOINED_KEYS = frozenset({"seats_elsewhere"})
"""The keys only a joined screen has (saying what it may not do)."""


def seat_key_on(action: str, manages_seats: bool) -> bool:
    """Whether a table that ``manages_seats`` (the shared screen) or not (a joined screen)
    has the key for ``action``."""
    if action in SEAT_KEYS:
        return manages_seats
    if action in JOINED_KEYS:
        return not manages_seats
    return True


TURN_KEYS = frozenset(
    {"draw", "take", "draw_two", "meld", "lay_off", "discard", "go_out", "end_deal", "hint"}
)
"""The table's keys that act for the player to move (off unless a hand is played)."""
HAND_KEYS = frozenset({"cursor", "cursor_line", "cursor_end", "pick", "move_card", "sort", "clear"})
"""The keys that arrange the hand on show (off while none is shown)."""


def key_on(
    action: str, played: bool, hand_shown: bool, moves: frozenset[str] | None, hints: bool
) -> bool:
    """Whether the table's key for ``action`` works now: a turn key while a hand is
    ``played``, a hand key while a hand is shown, and neither when the variant does not
    have its kind of move among the seat's ``moves`` (None: no offers, as no hand is shown)."""
    if action in TURN_KEYS and not played:
        return False
    if action in HAND_KEYS and not hand_shown:
        return False
    return moves is None or table_offers(action, moves, hints)


def table_keys_in_force() -> dict[str, str]:
    """The table's keys by name as the phase line writes them (``draw``: ``d``, or the key
    the settings file moved it to): the first key of each, as the key bar shows it."""
    from textual.keys import format_key

    keymap: dict[str, str] = {}
    try:
        from textual._context import active_app

        keymap = dict(active_app.get()._keymap)
    except LookupError:
        pass
    keys: dict[str, str] = {}
    for binding in TABLE_BINDINGS:
        if isinstance(binding, Binding) and binding.id is not None:
            name = binding.id.split(".", 1)[1]
            key = keymap.get(binding.id, "").split(",")[0] or binding.key
            keys.setdefault(
                name,
                binding.key_display
                if key == binding.key and binding.key_display
                else format_key(key),
            )
    return keys
