"""G-2: a player's name is plain text on one line (issue 14, items 1 and 8).

Control and format characters (escape sequences, C1 controls, DEL, bidi overrides, zero-width
joiners) and the pieces that join emoji into one wider picture are refused where names are
typed, with a one-sentence reason, so nothing in a name can drive the terminal or break the
borders drawn round it.
"""

from __future__ import annotations

import pytest

from rummy_tui.core import IllegalAction, get_variant, new_game
from rummy_tui.core.game import name_refusal, unsafe_character
from rummy_tui.match.setup import parse_players
from tests.core.helpers import said

HOSTILE = {
    "escape sequence": "A\x1b[2JB",
    "OSC 8 link": "\x1b]8;;http://e\x07L",
    "C1 control": "A\x9bB",
    "DEL": "A\x7fB",
    "bidi override": "Ann\u202egro",
    "zero-width joiner": "A\u200dB",
    "joined emoji": "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "emoji with presentation selector": "\u2665\ufe0f",
    "skin tone": "\U0001f44d\U0001f3fd",
    "flag": "\U0001f1eb\U0001f1f7",
    "line break": "A\u2028B",
    "no-break space": "A\u00a0B",
    "pile of accents": "Z\u0301\u0301\u0301",
    "leading accent": "\u0301Ann",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_G_2_names_with_control_or_joining_characters_are_refused(kind: str) -> None:
    name = HOSTILE[kind]
    problem = said(name_refusal(name))
    assert problem is not None and problem.endswith("(G-2).")
    with pytest.raises(IllegalAction, match="G-2"):
        new_game(get_variant("classic"), [name, "Bob"], seed=1)
    with pytest.raises(IllegalAction, match="G-2"):
        parse_players(f"{name},Bob")


ORDINARY = ["Anna", "José", "李小龍", "Ана-Мария", "O'Brien (2)", "[b]Ann[/b]", "♠ Ace", "😀"]


@pytest.mark.parametrize("name", ORDINARY)
def test_G_2_ordinary_names_of_any_script_are_accepted(name: str) -> None:
    assert said(name_refusal(name)) is None
    game = new_game(get_variant("classic"), [name, "Bob"], seed=1)
    assert game.players[0] == name


def test_G_2_the_reason_names_the_code_point() -> None:
    assert "U+001B" in (said(name_refusal("A\x1bB")) or "")


def test_unsafe_character_covers_every_control_character() -> None:
    controls = [chr(code) for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)]]
    assert all(unsafe_character(char) for char in controls)
    assert not any(unsafe_character(char) for char in "Aé李 ♠-_.")
