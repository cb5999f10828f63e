"""Sentences of the table's own rules that more than one floor says: the saves refuse a seat
change on a joined screen, and the table's rules refuse its key (P-6)."""

from __future__ import annotations

from rummy_tui.i18n import N_, _

SEATS_ON_SHARED_SCREEN = N_("Only the shared screen moves seats and gives out join codes ({rule}).")
SEATS_RULE = "P-6"
"""The rule that keeps the seats' management on the shared screen."""


def seats_refusal() -> str:
    """The one sentence refusing a seat change or a code on a joined screen (P-6)."""
    return _(SEATS_ON_SHARED_SCREEN).format(rule=SEATS_RULE)


TAKE_BACK_RULE = "P-4"
"""The rule of take-backs."""
KEYBOARD_TAKES_BACK = N_("Only the player at the keyboard may take back a move ({rule}).")
OWN_SCREEN_TAKES_BACK = N_("Only the screen of {player} may take back that move ({rule}).")
COMPUTERS_NEVER_TAKE_BACK = N_("Computer players never take back their moves ({rule}).")
GUEST_ON_OWN_SCREEN = N_(
    "{player} plays on their own screen now: press b to bring the seat back here."
)
"""Said on the list of seats for Enter on a seat whose own screen is open (the name is
filled in as plain text where it is drawn)."""
CHOOSE_OWN_SEAT = N_("Choose a seat played on its own screen first.")


def keyboard_takes_back() -> str:
    """Why nobody but the player at the keyboard may take back a move here (P-4)."""
    return _(KEYBOARD_TAKES_BACK).format(rule=TAKE_BACK_RULE)


def own_screen_takes_back(player: str) -> str:
    """Why ``player``'s move is taken back on their own screen only (P-4)."""
    return _(OWN_SCREEN_TAKES_BACK).format(player=player, rule=TAKE_BACK_RULE)


def computers_never_take_back() -> str:
    """Why a computer's move is never taken back (P-4)."""
    return _(COMPUTERS_NEVER_TAKE_BACK).format(rule=TAKE_BACK_RULE)
