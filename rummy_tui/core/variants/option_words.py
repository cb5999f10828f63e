"""The words for the variants' option values, kept with the variants' data.

The new-game menu, the rules help and the table's top line show an option value through
these tables instead of knowing the rules' enums themselves; a new value brings its words
here. The words are marked for the catalogs (``N_``) and translated where they are shown.
"""

from __future__ import annotations

from enum import Enum

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.ruleset import AceRule, DrawRule, UnmatchedValue

_PER_CARD = N_("1 point per card")

CHOICE_WORDS: dict[Enum, str] = {
    AceRule.LOW: N_("ace low only (A-2-3)"),
    AceRule.HIGH_OR_LOW: N_("ace high or low, not round the corner"),
    AceRule.AROUND: N_("ace high and low (K-A-2 too)"),
    DrawRule.SINGLE: N_("one card, stock or discard"),
    DrawRule.BOATHOUSE: N_("Boathouse (up to two cards)"),
    DrawRule.HOYLE: N_("Hoyle (discard first)"),
    DrawRule.DIG: N_("dig into the discard pile"),
    UnmatchedValue.PIP: N_("pip value, ace 11"),
    UnmatchedValue.PER_CARD: _PER_CARD,
}
"""An enum option value as the menus and the help list it."""

NOTE_WORDS: dict[tuple[str, object], str] = {
    ("twos_wild", True): N_("twos wild"),
    ("ace_rule", AceRule.LOW): N_("aces low"),
    ("ace_rule", AceRule.HIGH_OR_LOW): N_("aces high or low"),
    ("ace_rule", AceRule.AROUND): N_("aces high and low"),
    ("draw_rule", DrawRule.SINGLE): N_("one-card draw"),
    ("draw_rule", DrawRule.BOATHOUSE): N_("Boathouse draw"),
    ("draw_rule", DrawRule.HOYLE): N_("Hoyle draw"),
    ("unmatched_value", UnmatchedValue.PIP): N_("unmatched cards at pip value"),
    ("unmatched_value", UnmatchedValue.PER_CARD): _PER_CARD,
    ("top_discard_free", True): N_("top discard free"),
    ("top_discard_free", False): N_("top discard must be used"),
    ("discard_to_go_out", True): N_("must discard to go out"),
    ("discard_to_go_out", False): N_("may go out without a discard"),
    ("partnerships", True): N_("partnerships"),
    ("partnerships", False): N_("no partnerships"),
}
"""(option field, value) -> a few words for the table's top line ("twos wild")."""


def choice_words(value: Enum) -> str | None:
    """The words for an enum option value, or None when it has none here.

    >>> choice_words(DrawRule.HOYLE)
    'Hoyle (discard first)'
    """
    return CHOICE_WORDS.get(value)


def note_words(field: str, value: object) -> str | None:
    """The top line's words for an option value, or None when it has none here.

    >>> note_words("twos_wild", True)
    'twos wild'
    >>> note_words("twos_wild", [1]) is None
    True
    """
    try:
        return NOTE_WORDS.get((field, value))
    except TypeError:  # an unhashable value
        return None
