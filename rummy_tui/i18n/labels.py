"""Short labels that several screens (and the command line) show: the names of keys, buttons,
menu entries, commands and panels, each written once.

Every label is marked for the catalogs with ``N_`` and translated where it is shown, so it
follows a language switched while the game runs: a key binding takes the constant as its
description (:func:`~rummy_tui.ui.shell.translate.translate_bindings` translates it), anything
else shows ``_(LABEL)``.

>>> from rummy_tui.i18n import _, set_language
>>> set_language("fi")
'fi'
>>> _(BACK), seat_label(3)
('Takaisin', 'Paikka 3')
>>> set_language("en")
'en'
"""

from __future__ import annotations

from rummy_tui.i18n import N_, _

# Going back and closing.
BACK = N_("Back")
CLOSE = N_("Close")
CANCEL = N_("Cancel")
CONTINUE = N_("Continue")
QUIT = N_("Quit")
BACK_TO_THE_TABLE = N_("Back to the table")
LEAVE_THE_TABLE = N_("Leave the table")

# Buttons of the lists of saves and seats.
DELETE = N_("Delete")
RENAME = N_("Rename")
CLEAR = N_("Clear")

# The title menu's entries, also the titles of the screens they open.
NEW_GAME = N_("New game")
LOAD_A_SAVED_MATCH = N_("Load a saved match")
JOIN_A_TABLE = N_("Join a table")
PLAYER_RECORDS = N_("Player records")

# Commands, keys and panels of the table.
HELP = N_("Help")
KEYS = N_("Keys")
HAND = N_("Hand")
THIS_HELP = N_("this help")
"""The tooltip of the help key."""
RULES = N_("Rules")
SCORE_SHEET = N_("Score sheet")
LOG = N_("Log")
HINT = N_("Hint")
TAKE_BACK = N_("Take back")
OWN_SCREENS = N_("Own screens")
LANGUAGE = N_("Language")
THEME = N_("Theme")

# The unit a progress bar counts in (rummy simulate, rummy review).
DEALS_UNIT = N_("deals")

# Headings of the new-game form, the table and the records.
VARIANT = N_("Variant")
PLAYERS = N_("Players")

# Headings of the score sheet in the terminal and in a transcript.
DEAL = N_("Deal")
NOTE = N_("Note")
TOTAL = N_("Total")
PAYS = N_("Pays")
"""The settlement's row: what each player pays the winner (R-12)."""

# Translators: there is none of what the line names: no unmatched card in the hint's
# arrangement, no wild card, no jokers in a pack, no option to list, an option left unset.
NONE = N_("none")

SEAT_NUMBER = N_("Seat {number}")


def seat_label(number: int) -> str:
    """The label of seat ``number`` (counted from 1) in the new-game form and its checks."""
    return _(SEAT_NUMBER).format(number=number)
